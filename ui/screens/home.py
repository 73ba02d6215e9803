"""Home: the title, the games on the shelf (when there are several), New game, History, Stats, How to
play, Quit, and the chosen game's keyboard shortcuts (or a notice): each game's own, from its
registration (:attr:`ui.games.GameScreens.keys`), never Incoming Transmission's while another is chosen.

With one game Home is as it always was; with several, a row of big toggles (each game's title) picks
the game New game starts (Enter too; ←/→ move the choice).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from ui.screens.base import BaseScreen
from ui.widgets.controls import BigToggle

#: Home's title with several games (with one it is the companion's own, "Mission Control").
SHELF_TITLE = "Table companion"


class HomeScreen(BaseScreen[None]):
    #: The chosen game's keyboard shortcuts (:meth:`ui.shelf.GameShelf.keys`).
    keys_text = StringProperty("")
    #: True when several games are offered: the row of games shows.
    several = BooleanProperty(False)
    #: True while a notice of three lines or more shows (home.kv gives it the title's room).
    long_notice = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="home", **kwargs)

    def on_pre_enter(self, *_: object) -> None:
        self.fill_games()

    def fill_games(self) -> None:
        """One toggle per game offered (none with a single game); the chosen one is down."""
        shelf = self.app.shelf
        self.keys_text = shelf.keys()
        titles = shelf.titles()
        row = self.ids.games
        row.clear_widgets()
        self.several = len(titles) > 1
        if not self.several:
            return
        for name, title, blurb in titles:
            toggle = BigToggle(title=title, subtitle=blurb, value=name, group="home-game",
                               state="down" if name == shelf.chosen else "normal")
            toggle.bind(on_release=lambda t: self.choose(t.value))
            row.add_widget(toggle)

    def choose(self, name: str) -> None:
        """A game's toggle: New game will start that one."""
        self.app.shelf.choose(name)
        self.keys_text = self.app.shelf.keys()
        for toggle in self.ids.games.children:
            toggle.state = "down" if toggle.value == self.app.shelf.chosen else "normal"

    def new_game(self) -> None:
        """New game: the chosen game's Setup."""
        self.app.new_game()

    def history(self) -> None:
        self.app.show("history")

    def stats(self) -> None:
        self.app.show("stats")

    def how_to_play(self) -> None:
        """How to play of the chosen game (each game its own pages)."""
        self.app.open_help(self.app.shelf.chosen)

    def quit(self) -> None:
        self.app.quit()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.new_game()
            return True
        if action in ("prev", "next") and self.several:
            names = [name for name, _, _ in self.app.shelf.titles()]
            at = names.index(self.app.shelf.chosen) if self.app.shelf.chosen in names else 0
            self.choose(names[(at + (1 if action == "next" else -1)) % len(names)])
            return True
        return action == "back"  # nothing behind Home: Escape does not quit by accident
