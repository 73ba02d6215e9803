"""Transmission: the revealed Transmission card, what it means in words, and how many are left.

With the physical deck (``[game] physical_deck = true``) the screen first asks the table to draw the
top Transmission card and scan it, or tap it among the cards that can come next.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion import i18n
from companion.games.transmission.engine.views import TransmissionView
from companion.games.transmission.table_view import TableView
from companion.i18n import N_, _, ngettext
from ui import theme
from ui.games.transmission.mc_seat import HoldButton  # noqa: F401  (a widget its .kv builds)
from ui.screens.base import BaseScreen, number_word
from ui.widgets.controls import BigButton

#: What the table does with the physical deck before the card is known (translated in the .kv).
DRAW_PROMPT = N_("Draw the top Transmission card and scan it (or tap it below).")

#: :data:`ui.screens.base.NUMBER_WORDS` 1-5 marked for translation: a card adds at most two errors.
COUNT_WORDS = (N_("one"), N_("two"), N_("three"), N_("four"), N_("five"))


def count_word(n: int) -> str:
    """``2`` -> ``"two"`` in the table's language (a digit beyond the words)."""
    return _(number_word(n))


def noise_text(errors: int) -> str:
    """What the errors of a card mean at the table, in words ("" without an error)."""
    if errors <= 0:
        return ""
    if errors == 1:
        return _("Interference: one error card was added — leave one card out.")
    return ngettext("Interference: {count} error card was added — leave {count} card out.",
                    "Interference: {count} error cards were added — leave {count} cards out.",
                    errors).format(count=count_word(errors))


def errors_label(errors: int) -> str:
    """The line at the foot of the drawn card: ``no error``, ``1 error card``, ``2 error cards``."""
    if errors <= 0:
        return _("no error")
    return ngettext("{n} error card", "{n} error cards", errors).format(n=errors)


def meaning(card: TransmissionView) -> tuple[str, str]:
    """``(headline, explanation)`` of a Transmission card for the table (RULES.md, 2. Reveal)."""
    k, errors = card.clear_register, card.errors
    noise = noise_text(errors)
    if k is not None and not errors:
        return (_("Clear signal on register {number}").format(number=k),
                _("Mission Control's command for register {number} is handed over face up and fixed there. "
                  "Put the other four cards in order.").format(number=k))
    if k is not None:
        return (_("Clear signal on register {number}, and interference").format(number=k),
                _("Register {number} is fixed face up. {interference}").format(number=k, interference=noise))
    if errors:
        return (_("Interference"),
                _("{interference} Nothing is clear: put five cards in order.").format(interference=noise))
    return (_("No clear signal"), _("Nothing is fixed and there is no error: put all five cards in order."))


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
        self._drawable: tuple[tuple[str, ...], str] = ((), "")

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
        self.count = ngettext("Transmission {number} of {total}, {left} left",
                              "Transmission {number} of {total}, {left} left",
                              view.transmissions_left).format(number=view.transmission,
                                                               total=view.transmissions_total,
                                                               left=view.transmissions_left)
        self.errors_text = errors_label(card.errors)
        if self.person and view.waiting_for:
            self.explanation = f"{self.explanation}\n{view.waiting_for}"
        strip = self.ids.registers
        for k, cell in enumerate(reversed(strip.children), start=1):
            clear = card.clear_register == k
            cell.text = _("{number}\nclear").format(number=k) if clear else str(k)
            cell.fill = theme.FIXED if clear else theme.SLOT
            cell.color = theme.CARD_TEXT if clear else theme.MUTED

    def _fill_draw(self, view: TableView) -> None:
        """One button per Transmission card that can come next (the deck's make-up is public)."""
        self.draw_title = _("Transmission {number} of {total}").format(number=view.transmission + 1,
                                                                       total=view.transmissions_total)
        drawable = view.drawable  # identical cards: one button
        if (drawable, i18n.language()) == self._drawable:
            return
        self._drawable = (drawable, i18n.language())  # a change of language words the buttons again
        grid = self.ids.draw_cards
        grid.clear_widgets()
        for cid in drawable:
            card = self.app.content.transmission(cid)
            clear = (_("clear on {number}").format(number=card.clear_register)
                     if card.clear_register is not None else _("nothing clear"))
            level = _("Level {level}").format(level=card.level)
            button = BigButton(text=f"{level}\n{clear}\n{errors_label(card.errors)}",
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

