"""The screens of the shell and of each game, registered by game name, and their ``.kv`` rules.

Source: DESIGN.md, A game registers itself ("``ui`` registers its screens").  Each game with a
touchscreen front end has a folder ``ui/games/<name>/`` whose package builds a :class:`GameScreens`;
:data:`GAMES` lists them keyed by the name the game registers in :func:`companion.games.catalog.registered`,
and :func:`playable` is what Home offers: the registered games that have screens here.

Every screen but Home is a :class:`~companion.table.reference.Reference` (:func:`screen_references`),
imported when :mod:`ui.lazy_screens` first builds it, so the app's start imports no game's screens
(issue 10, item 4).  :func:`all_screens` imports them all (the tests, :func:`load_kv_files`).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.lang import Builder

from companion.games.catalog import registered
from companion.table.reference import Reference
from companion.table.registry import GameInfo
from ui import popups, widgets
from ui.games import GameScreens, five_actions, six_actions, transmission
from ui.screens.base import BaseScreen

__all__ = ["GAMES", "SHELL_SCREENS", "Playable", "all_screens", "kv_file", "load_kv", "load_kv_files",
           "load_shared_kv", "playable", "screen_kv", "screen_name", "screen_references"]

#: The shell's screens, game-agnostic, in the order they are added (Home first: the first shown).
SHELL_SCREENS: tuple[Reference[type[BaseScreen[Any]]], ...] = (
    Reference("ui.screens.home:HomeScreen"), Reference("ui.screens.help:HelpScreen"),
    Reference("ui.screens.history:HistoryScreen"), Reference("ui.screens.stats:StatsScreen"),
    Reference("ui.screens.settings:SettingsScreen"))

#: The games with screens, by game name (:attr:`companion.table.registry.GameInfo.name`).
GAMES: dict[str, GameScreens] = {screens.game: screens
                                 for screens in (transmission.SCREENS, six_actions.SCREENS,
                                                 five_actions.SCREENS)}


@dataclass(frozen=True)
class Playable:
    """A registered game Home can start: its registration and its screens."""

    info: GameInfo[Any]
    screens: GameScreens


def playable() -> tuple[Playable, ...]:
    """The registered games that have screens, in :func:`companion.games.catalog.registered` order."""
    return tuple(Playable(info, GAMES[info.name]) for info in registered() if info.name in GAMES)


def screen_references() -> tuple[Reference[type[BaseScreen[Any]]], ...]:
    """Every screen, in the order the app adds them: Home first (the first screen shown), then each
    game's, then the rest of the shell; none imported."""
    games = tuple(screen for screens in GAMES.values() for screen in screens.screens)
    return (SHELL_SCREENS[0], *games, *SHELL_SCREENS[1:])


def all_screens() -> tuple[type[BaseScreen[Any]], ...]:
    """Every screen class, in the order of :func:`screen_references` (each imported now)."""
    return tuple(screen.load() for screen in screen_references())


def load_kv(path: Path) -> None:
    """Load a ``.kv`` file unless its rules are already loaded.

    The app calls this from ``build()`` rather than at import, so an app started again in the same
    process (the UI tests) gets its rules back after the previous app's files were unloaded.
    """
    if str(path) not in Builder.files:
        Builder.load_file(str(path))


def load_shared_kv() -> None:
    """Load the rules every screen may use: the shared widgets'.

    The app loads only these at start; each screen's own rules (:func:`screen_kv`) are loaded when the
    screen is first built (:class:`ui.lazy_screens.LazyScreenManager`), the popups' with the first
    popup (:class:`ui.popups.GuardedPopup`)."""
    for path in widgets.KV_FILES:
        load_kv(path)


def screen_kv(cls: type[BaseScreen[Any]]) -> tuple[Path, ...]:
    """The ``.kv`` files screen ``cls`` needs beyond :func:`load_shared_kv`: its game's widgets' rules
    (when it is a game's screen) and then its own (:func:`kv_file`)."""
    games = tuple(path for screens in GAMES.values() if screens.defines(cls) for path in screens.widget_kv)
    return (*games, kv_file(cls))


def load_kv_files() -> None:
    """Load every rule at once: the shared ones and the popups', each game's widgets', then one ``.kv``
    per screen."""
    load_shared_kv()
    load_kv(popups.KV_FILE)
    for cls in all_screens():
        for path in screen_kv(cls):
            load_kv(path)


def screen_name(cls: type[BaseScreen[Any]] | Reference[type[BaseScreen[Any]]]) -> str:
    """The name screen ``cls`` is shown under, known before it is built (or imported: a reference),
    made from its class name (``BoardSetupScreen`` -> ``"board_setup"``), which is the name every
    screen passes to ``Screen`` (``tests/test_ui_startup.py`` checks each registered one).  The app
    registers each screen by this name and builds it on first use."""
    name = cls.target.rpartition(":")[2].rpartition(".")[2] if isinstance(cls, Reference) else cls.__name__
    stem = name.removesuffix("Screen")
    return re.sub(r"(?<!^)(?=[A-Z])", "_", stem).lower()


def kv_file(cls: type[BaseScreen[Any]]) -> Path:
    """The ``.kv`` beside the module that defines screen ``cls`` (one per screen)."""
    return Path(str(sys.modules[cls.__module__].__file__)).with_suffix(".kv")
