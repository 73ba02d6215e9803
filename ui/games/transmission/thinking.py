"""Thinking: shown while Mission Control takes longer than a moment to choose, or while a person as
Mission Control chooses on their own screen (the hold button opens it).  No secrets."""

from __future__ import annotations

from typing import Any

from kivy.animation import Animation
from kivy.properties import BooleanProperty, StringProperty

from companion.games.transmission.table_view import TableView
from companion.i18n import _
from ui.games.transmission.mc_seat import HoldButton  # noqa: F401  (a widget its .kv builds)
from ui.screens.base import BaseScreen


class ThinkingScreen(BaseScreen[TableView]):
    error = StringProperty("")
    subtitle = StringProperty("")
    #: A person is Mission Control: they choose on their own screen (the hold button opens it).
    person = BooleanProperty(False)
    waiting = StringProperty("")
    #: Why Mission Control's phone is off for this game (``app.phone_off``), or ``""``.
    phone_off = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="thinking", **kwargs)
        self._animations: list[Animation] = []

    def refresh(self, view: TableView) -> None:
        self.person = view.mission_control == "person"
        self.waiting = view.waiting_for
        self.phone_off = self.app.phone_off
        self.error = "" if self.person else self.app.choice_error
        if self.error:  # nothing is being chosen: the cards stop their wave
            self.on_leave()
        elif not self._animations and self.manager is not None and self.manager.current == self.name:
            self.on_enter()
        number = view.transmission + 1
        self.subtitle = _("Transmission {number} of {total} is coming.").format(number=number,
                                                                                total=view.transmissions_total)

    def on_enter(self, *_: object) -> None:
        self._animations = []
        for k, card in enumerate(self.ids.cards.children[::-1]):
            card.opacity = 0.25
            # A wave along the five cards: each lights up in turn.
            anim = (Animation(opacity=0.25, duration=0.12 * k) + Animation(opacity=1, duration=0.3)
                    + Animation(opacity=0.25, duration=0.3)
                    + Animation(opacity=0.25, duration=0.12 * (4 - k)))
            anim.repeat = True
            anim.start(card)
            self._animations.append(anim)

    def on_leave(self, *_: object) -> None:
        for card in self.ids.cards.children:
            Animation.cancel_all(card)
            card.opacity = 0.35
        self._animations = []

    def retry(self) -> None:
        self.app.retry_choice()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue" and self.error:
            self.retry()
            return True
        return False

