"""Transmission: the revealed Transmission card, what it means in words, and how many are left."""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.session import Session
from companion.views import CadetView, TransmissionView

from .. import theme
from .base import BaseScreen, number_word


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


class TransmissionScreen(BaseScreen):
    level = NumericProperty(1)
    level_colour = ListProperty(list(theme.LEVEL_COLOURS[1]))
    headline = StringProperty("")
    explanation = StringProperty("")
    count = StringProperty("")
    errors_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="transmission", **kwargs)

    def refresh(self, session: Session, view: CadetView) -> None:
        card = view.card
        if card is None:
            return
        self.level = card.level
        self.level_colour = list(theme.LEVEL_COLOURS.get(card.level, theme.ACCENT))
        self.headline, self.explanation = meaning(card)
        self.count = (f"Transmission {view.transmission} of {view.transmissions_total}, "
                      f"{view.transmissions_left} left")
        self.errors_text = errors_label(card.errors)
        strip = self.ids.registers
        for k, cell in enumerate(reversed(strip.children), start=1):
            clear = card.clear_register == k
            cell.text = f"{k}\nclear" if clear else str(k)
            cell.fill = theme.FIXED if clear else theme.SLOT
            cell.color = theme.CARD_TEXT if clear else theme.MUTED

    def decode(self) -> None:
        self.app.act("confirm")

    def handle_key(self, action: str, arg: Any) -> bool:
        if action == "continue":
            self.decode()
            return True
        return False

