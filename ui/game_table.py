"""A game's table in the app: the protocols between the shell and a game.

Every game brings a :class:`GameTable` (its session on the table, its saves, its screens' redraws),
made by its :attr:`ui.games.GameScreens.table` from the app, which it sees as a :class:`TableHost`.
"""

from __future__ import annotations

from typing import Any, Protocol

from companion.table.registry import Keeper, StoredSession
from companion.table.store import SavedGame, Store

__all__ = ["GameSaver", "GameTable", "Shelf", "TableHost"]


class GameSaver(Protocol):
    """The app's store flow as a game's table uses it (:class:`ui.table_store.TableStore`)."""

    def save_game(self, session: StoredSession, keeper: Keeper[Any],
                  game_id: int | None = None) -> int | None:
        """Save every action of ``session`` as it happens; its game id, or ``None`` (no store; said)."""

    def abandon(self, game_id: int | None) -> None:
        """Mark ``game_id`` abandoned (it stays in the history)."""


class TableHost(Protocol):
    """What a :class:`GameTable` may use of the app (:class:`ui.app.CompanionApp` implements it)."""

    #: The Kivy ``ScreenManager`` holding every screen.
    manager: Any
    #: Saving a game as it is played.
    table_store: GameSaver

    @property
    def store(self) -> Store | None:
        """The open game store, or ``None`` (History is off)."""

    def show(self, name: str) -> None:
        """Go to a screen (clears the message bar)."""

    def show_message(self, text: str, kind: str = "info") -> None:
        """Put ``text`` in the message bar."""

    def clear_message(self) -> None:
        """Empty the message bar."""

    def hold_actions(self, seconds: float | None = None) -> None:
        """Ignore taps for a moment (a double tap's echo)."""


class GameTable(Protocol):
    """One game's half of the app: its session on the table, its saves, its screens' redraws.

    A screen of that game reaches it through ``app.game_table(name)``; it hands the screens views
    (the table's, secrets stripped) and takes intents, never showing the session itself.
    """

    #: The stored game of the session on the table, else ``None``.
    game_id: int | None

    @property
    def playing(self) -> bool:
        """True while a game of this kind is on the table (finished or not)."""

    def resume_words(self, saved: SavedGame) -> str:
        """The resume offer's question for ``saved`` (an unfinished game of this kind)."""

    def resume(self, saved: SavedGame) -> bool:
        """Put ``saved`` back on the table where it stopped; ``False`` (with a message) if it cannot."""

    def close(self) -> None:
        """The app stops: drop the game from the table (it stays saved, unfinished)."""


class Shelf(Protocol):
    """The games Home offers and the one its New game starts (:class:`ui.shelf.GameShelf`)."""

    #: The name of the chosen game.
    chosen: str

    def titles(self) -> list[tuple[str, str, str]]:
        """``(name, title, blurb)`` of each game Home offers, in the registered order."""

    def keys(self) -> str:
        """The chosen game's keyboard shortcuts, one line, as Home shows them (empty: none)."""

    def choose(self, name: str | None) -> object:
        """Make ``name`` the chosen game (an unknown name keeps the choice)."""

    def rules(self, name: str) -> tuple[str, Any]:
        """Game ``name``'s title (translated) and its How to play pages (:attr:`ui.games.GameScreens.rules`,
        a reference; ``None``: it has none); ``("", None)`` for a game not on the shelf."""
