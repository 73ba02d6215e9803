"""Home: the title, New game, History, Stats, How to play, Quit, and the keyboard shortcuts (or a notice)."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty

from ..app import KEYS_HELP
from .base import BaseScreen


class HomeScreen(BaseScreen):
    keys_text = StringProperty(KEYS_HELP)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="home", **kwargs)

    def new_game(self) -> None:
        self.app.show("setup")

    def history(self) -> None:
        self.app.show("history")

    def stats(self) -> None:
        self.app.show("stats")

    def how_to_play(self) -> None:
        self.app.show("help")

    def quit(self) -> None:
        self.app.quit()

    def handle_key(self, action: str, arg: Any) -> bool:
        if action == "continue":
            self.new_game()
            return True
        return action == "back"  # nothing behind Home: Escape does not quit by accident

