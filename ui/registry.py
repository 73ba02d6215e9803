"""The screens of the shell and of each game, registered by game name, and their ``.kv`` rules.

Source: DESIGN.md, A game registers itself ("``ui`` registers its screens").  Each game with a
touchscreen front end has a folder ``ui/games/<name>/`` whose package builds a :class:`GameScreens`;
:data:`GAMES` lists them keyed by the name the game registers in :func:`companion.games.catalog.registered`,
and :func:`playable` is what Home offers: the registered games that have screens here.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.lang import Builder

from companion.games.catalog import registered
from companion.table.registry import GameInfo
from ui import popups, widgets
from ui.games import GameScreens, six_actions, transmission
from ui.screens.base import BaseScreen
from ui.screens.help import HelpScreen
from ui.screens.history import HistoryScreen
from ui.screens.home import HomeScreen
from ui.screens.stats import StatsScreen

__all__ = ["GAMES", "SHELL_SCREENS", "Playable", "all_screens", "kv_file", "load_kv", "load_kv_files",
           "playable"]

#: The shell's screens, game-agnostic, in the order they are added.
SHELL_SCREENS: tuple[type[BaseScreen], ...] = (HomeScreen, HelpScreen, HistoryScreen, StatsScreen)

#: The games with screens, by game name (:attr:`companion.table.registry.GameInfo.name`).
GAMES: dict[str, GameScreens] = {screens.game: screens
                                 for screens in (transmission.SCREENS, six_actions.SCREENS)}


@dataclass(frozen=True)
class Playable:
    """A registered game Home can start: its registration and its screens."""

    info: GameInfo[Any]
    screens: GameScreens


def playable() -> tuple[Playable, ...]:
    """The registered games that have screens, in :func:`companion.games.catalog.registered` order."""
    return tuple(Playable(info, GAMES[info.name]) for info in registered() if info.name in GAMES)


def all_screens() -> tuple[type[BaseScreen], ...]:
    """Every screen class, in the order the app adds them: Home first (the first screen shown),
    then each game's, then the rest of the shell."""
    games = tuple(cls for screens in GAMES.values() for cls in screens.screens)
    return (HomeScreen, *games, *SHELL_SCREENS[1:])


def load_kv(path: Path) -> None:
    """Load a ``.kv`` file unless its rules are already loaded.

    The app calls this from ``build()`` rather than at import, so an app started again in the same
    process (the UI tests) gets its rules back after the previous app's files were unloaded.
    """
    if str(path) not in Builder.files:
        Builder.load_file(str(path))


def load_kv_files() -> None:
    """Load the shared widgets' and popups' rules, each game's widgets', then one ``.kv`` per screen."""
    files: list[Path] = [*widgets.KV_FILES, popups.KV_FILE]
    for screens in GAMES.values():
        files += screens.widget_kv
    for cls in all_screens():
        files.append(kv_file(cls))
    for path in files:
        load_kv(path)


def kv_file(cls: type[BaseScreen]) -> Path:
    """The ``.kv`` beside the module that defines screen ``cls`` (one per screen)."""
    return Path(str(sys.modules[cls.__module__].__file__)).with_suffix(".kv")
