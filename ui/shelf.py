"""The games on the shelf: which ones Home offers, the one New game starts, and each game's table.

Source: DESIGN.md, A game registers itself ("Home lists the registered games").  Home offers the
registered games that have screens (:func:`ui.registry.playable`); with one game it looks as it always
did.  Every game brings a :class:`~ui.games.GameTable` (its session, its saves, its redraws), made
here once per app, the first time it is asked for (so a start imports no game: issue 24, item 4), and
reached by its screens through ``app.game_table(name)``; the game whose screens show the shell's
status strip (Incoming Transmission) is the one the shell's Menu and Escape reach
(:meth:`GameShelf.strip_table`).
"""

from __future__ import annotations

import logging

from companion.i18n import _
from companion.table.reference import Reference
from ui.games import GameTable, HelpPages, TableHost
from ui.registry import Playable, playable

__all__ = ["GameShelf"]

log = logging.getLogger(__name__)


class GameShelf:
    """The playable games of one app, the chosen one, and the tables of those that bring one.

    :param host: the app, handed to each game's table factory.
    :ivar chosen: the name of the game Home's New game starts (the first registered one at start).
    """

    def __init__(self, host: TableHost) -> None:
        self.games: tuple[Playable, ...] = playable()
        self.chosen = self.games[0].info.name if self.games else ""
        self.host = host
        #: The tables made so far, by game name.
        self.tables: dict[str, GameTable] = {}

    def titles(self) -> list[tuple[str, str, str]]:
        """``(name, title, blurb)`` of each game Home offers, in the registered order."""
        return [(game.info.name, _(game.info.title), _(game.screens.blurb) if game.screens.blurb else "")
                for game in self.games]

    def keys(self) -> str:
        """The chosen game's keyboard shortcuts, one line (:attr:`ui.games.GameScreens.keys`); empty
        when no game is playable or the game lists none."""
        game = self.choose(None)
        return _(game.screens.keys) if game is not None and game.screens.keys else ""

    def rules(self, name: str) -> tuple[str, Reference[HelpPages] | None]:
        """Game ``name``'s title (translated) and its How to play pages (:attr:`ui.games.GameScreens.rules`,
        ``None``: it has none); ``("", None)`` for a game not on the shelf."""
        game = next((game for game in self.games if game.info.name == name), None)
        return (_(game.info.title), game.screens.rules) if game is not None else ("", None)

    def strip_game(self) -> str:
        """The name of the game whose screens show the shell's status strip (``""``: none)."""
        return next((game.info.name for game in self.games if game.screens.in_game), "")

    def choose(self, name: str | None) -> Playable | None:
        """Make ``name`` (``None``: keep the last choice) the chosen game; the chosen game, or ``None``
        when no game is playable.  An unknown name is logged and the choice kept."""
        if name is not None:
            if any(game.info.name == name for game in self.games):
                self.chosen = name
            else:
                log.error("no playable game %r (playable: %s)", name, [g.info.name for g in self.games])
        return next((game for game in self.games if game.info.name == self.chosen), None)

    def table(self, name: str, make: bool = True) -> GameTable | None:
        """The table of game ``name`` (made now if this is the first time, unless ``make`` is false),
        or ``None`` (a game without screens, or not made yet)."""
        if name not in self.tables:
            factory = next((game.screens.table for game in self.games if game.info.name == name), None)
            if factory is None or not make:
                return None
            self.tables[name] = factory.load()(self.host)
        return self.tables[name]

    def strip_table(self, make: bool = True) -> GameTable | None:
        """The table of the game whose screens show the shell's status strip
        (:attr:`ui.games.GameScreens.in_game`: Incoming Transmission's), made now unless ``make`` is
        false; ``None`` when no playable game has such screens (or it is not made yet)."""
        game = next((game for game in self.games if game.screens.in_game), None)
        return self.table(game.info.name, make) if game is not None else None

    def playing(self) -> GameTable | None:
        """The table with a game on it, if any (a table not made yet has none)."""
        return next((table for table in self.tables.values() if table.playing), None)

    def close(self) -> None:
        """The app stops: every table drops its game (each stays saved)."""
        for table in self.tables.values():
            try:
                table.close()
            except Exception:  # closing must go on for the others; the log has the traceback
                log.exception("closing a game table failed")
