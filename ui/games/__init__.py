"""Each game's screens, one folder per game (``ui/games/<name>/``: a ``.py`` and a ``.kv`` per screen).

A game's package builds one :class:`GameScreens`; :mod:`ui.registry` lists them by game name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ui.screens.base import BaseScreen

__all__ = ["GameScreens"]


@dataclass(frozen=True)
class GameScreens:
    """The touchscreen front end of one game.

    :param game: the game's name as it registers in :func:`companion.games.catalog.registered`.
    :param screens: its screen classes, in the order the app adds them.
    :param widget_kv: the ``.kv`` rules of its own widgets (loaded before the screens').
    :param start: the screen New game opens (the game's Setup).
    :param in_game: the names of the screens of a game under way (they show the status strip;
        Escape asks before leaving).
    """

    game: str
    screens: tuple[type[BaseScreen], ...]
    widget_kv: tuple[Path, ...]
    start: str
    in_game: frozenset[str]
