"""Transmission: the revealed Transmission card, what it means in words, and how many are left.

With the physical deck (``[game] physical_deck = true``) the screen first asks the table to draw the
top Transmission card and scan it, or tap it among the cards that can come next.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.games.transmission.engine.views import TransmissionView
from companion.games.transmission.table_view import TableView
from ui import theme
from ui.games.transmission.mc_seat import HoldButton  # noqa: F401  (a widget its .kv builds)
from ui.screens.base import BaseScreen, number_word
from ui.widgets.controls import BigButton

#: What the table does with the physical deck before the card is known.
DRAW_PROMPT = "Draw the top Transmission card and scan it (or tap it below)."


def noise_text(errors: int) -> str:
    """What the errors of a card mean at the table, in words ("" without an error)."""
    if errors <= 0:
        return ""
    if errors == 1:
        return "Interference: one error card was added — leave one card out."
    n = number_word(errors)
    return f"Interference: {n} error cards were added — leave {n} cards out."


def errors_label(errors: int) -> str:
    """The line at the foot of the drawn card: ``no error``, ``1 error card``, ``2 error cards``."""
    if errors <= 0:
        return "no error"
    return f"{errors} error card{'s' if errors > 1 else ''}"


def meaning(card: TransmissionView) -> tuple[str, str]:
    """``(headline, explanation)`` of a Transmission card for the table (RULES.md, 2. Reveal)."""
    k, errors = card.clear_register, card.errors
    noise = noise_text(errors)
    if k is not None and not errors:
        return (f"Clear signal on register {k}",
                f"Mission Control's command for register {k} is handed over face up and fixed there. "
                "Put the other four cards in order.")
    if k is not None:
        return (f"Clear signal on register {k}, and interference",
                f"Register {k} is fixed face up. {noise}")
    if errors:
        return ("Interference", f"{noise} Nothing is clear: put five cards in order.")
    return ("No clear signal", "Nothing is fixed and there is no error: put all five cards in order.")


class TransmissionScreen(BaseScreen[TableView]):
    level = NumericProperty(1)
    level_colour = ListProperty(list(theme.LEVEL_COLOURS[1]))
    headline = StringProperty("")
    explanation = StringProperty("")
    count = StringProperty("")
    errors_text = StringProperty("")
    #: The physical deck: waiting for the table to draw (the card is not known yet).
    drawing = BooleanProperty(False)
    draw_title = StringProperty("")
    #: A person is Mission Control (the hold button opens their screen: the error card, the hand-over).
    person = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="transmission", **kwargs)
        self._drawable: tuple[str, ...] = ()

    def refresh(self, view: TableView) -> None:
        self.drawing = view.awaiting_draw
        self.person = view.mission_control == "person"
        if self.drawing:
            self._fill_draw(view)
            return
        card = view.card
        if card is None:
            return
        self.level = card.level
        self.level_colour = list(theme.LEVEL_COLOURS.get(card.level, theme.ACCENT))
        self.headline, self.explanation = meaning(card)
        self.count = (f"Transmission {view.transmission} of {view.transmissions_total}, "
                      f"{view.transmissions_left} left")
        self.errors_text = errors_label(card.errors)
        if self.person and view.waiting_for:
            self.explanation = f"{self.explanation}\n{view.waiting_for}"
        strip = self.ids.registers
        for k, cell in enumerate(reversed(strip.children), start=1):
            clear = card.clear_register == k
            cell.text = f"{k}\nclear" if clear else str(k)
            cell.fill = theme.FIXED if clear else theme.SLOT
            cell.color = theme.CARD_TEXT if clear else theme.MUTED

    def _fill_draw(self, view: TableView) -> None:
        """One button per Transmission card that can come next (the deck's make-up is public)."""
        self.draw_title = f"Transmission {view.transmission + 1} of {view.transmissions_total}"
        drawable = view.drawable  # identical cards: one button
        if drawable == self._drawable:
            return
        self._drawable = drawable
        grid = self.ids.draw_cards
        grid.clear_widgets()
        for cid in drawable:
            card = self.app.content.transmission(cid)
            clear = f"clear on {card.clear_register}" if card.clear_register is not None else "nothing clear"
            button = BigButton(text=f"Level {card.level}\n{clear}\n{errors_label(card.errors)}",
                               height=dp(84), fill=theme.LEVEL_COLOURS.get(card.level, theme.ACCENT),
                               font_size="17sp")
            button.bind(on_release=lambda _b, cid=cid: self.draw(cid))
            grid.add_widget(button)

    def draw(self, card: str) -> None:
        """The table drew ``card`` and tapped it (a table without a card reader)."""
        self.app.intents.draw_transmission(card)

    def decode(self) -> None:
        self.app.intents.confirm()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.decode()
            return True
        return False

