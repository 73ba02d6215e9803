"""Home: the title, New game, History, Stats, How to play, Quit, and the keyboard shortcuts (or a notice)."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty

from ui.keys import KEYS_HELP
from ui.screens.base import BaseScreen


class HomeScreen(BaseScreen):
    keys_text = StringProperty(KEYS_HELP)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="home", **kwargs)

    def new_game(self) -> None:
        """New game: the registered game's Setup (with several games, Home would list them)."""
        self.app.new_game()

    def history(self) -> None:
        self.app.show("history")

    def stats(self) -> None:
        self.app.show("stats")

    def how_to_play(self) -> None:
        self.app.show("help")

    def quit(self) -> None:
        self.app.quit()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.new_game()
            return True
        return action == "back"  # nothing behind Home: Escape does not quit by accident

