"""Each game's screens, one folder per game (``ui/games/<name>/``: a ``.py`` and a ``.kv`` per screen).

A game's package builds one :class:`GameScreens`; :mod:`ui.registry` lists them by game name.  Each
game brings its own :class:`~ui.game_table.GameTable`: the object that holds its session, saves it in
the store and redraws its screens, made by :attr:`GameScreens.table` from the app (a
:class:`~ui.game_table.TableHost`).

A game's screens and table are declared as :class:`~companion.table.reference.Reference` s and imported
when first needed (:mod:`ui.lazy_screens` builds a screen the first time it is shown), so the app's
start imports no game's screens (issue 10, item 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.i18n import _
from companion.table.reference import Reference
from companion.table.registry import GameInfo
from ui.game_table import GameTable, TableHost
from ui.keys import ACTIONS_KEYS_HELP
from ui.screens.base import BaseScreen

__all__ = ["GameScreens", "GameTable", "HelpPage", "HelpPages", "TableHost", "Reference",
           "action_game_screens", "translated_pages"]

ScreenRef = Reference[type[BaseScreen[Any]]]

#: One page of a game's How to play: its tab's title and its text (kv markup), both translated.
HelpPage = tuple[str, str]
#: ``pages(app)``: a game's How to play pages, translated now (the app, a :class:`~ui.host.Host`, for
#: what a page says of the game on the table: Incoming Transmission's number of secret missions).
HelpPages = Callable[[Any], Sequence[HelpPage]]


def translated_pages(pages: Sequence[tuple[str, str]]) -> tuple[HelpPage, ...]:
    """``pages`` (each ``(title, text)`` marked with :func:`~companion.i18n.N_`) in the language in use."""
    return tuple((_(title), _(text)) for title, text in pages)


@dataclass(frozen=True)
class GameScreens:
    """The touchscreen front end of one game.

    :param game: the game's name as it registers in :func:`companion.games.catalog.registered`.
    :param screens: its screen classes, in the order the app adds them, each a reference
        (``Reference("ui.games.transmission.setup:SetupScreen")``) imported when the screen is first
        built; the screen's name is made from the class name (:func:`ui.registry.screen_name`).
    :param widget_kv: the ``.kv`` rules of its own widgets (loaded before the screens').
    :param start: the screen New game opens (the game's Setup).
    :param in_game: the names of the screens of a game under way that show the shell's status strip
        (Escape asks before leaving); a game whose screens draw their own header lists none.
    :param blurb: a few words under the game's title on Home (with several games).
    :param table: makes the game's :class:`GameTable` from the app (a reference to the class, imported
        when the table is first needed: :class:`ui.shelf.GameShelf`); ``None``: a game without one.
    :param keys: the game's keyboard shortcuts, one line, as Home shows them while this game is the
        chosen one (:data:`ui.keys.KEYS_HELP`, :data:`ui.keys.ACTIONS_KEYS_HELP`); empty: none shown.
    :param rules: the game's How to play pages (:data:`HelpPages`, imported when How to play first
        shows them: from Home while the game is chosen, or from the game's Menu); ``None``: the
        Help screen says the game has none.
    """

    game: str
    screens: tuple[Reference[type[BaseScreen[Any]]], ...]
    widget_kv: tuple[Path, ...]
    start: str
    in_game: frozenset[str]
    blurb: str = ""
    table: Reference[Callable[[TableHost], GameTable]] | None = None
    keys: str = ""
    rules: Reference[HelpPages] | None = None

    def defines(self, cls: type[BaseScreen[Any]]) -> bool:
        """True when ``cls`` is one of :attr:`screens`."""
        return f"{cls.__module__}:{cls.__qualname__}" in {screen.target for screen in self.screens}


def action_game_screens(
    game: GameInfo[Any], start: str, blurb: str, table: Reference[Callable[[TableHost], GameTable]],
    rules: Reference[HelpPages], *screens: ScreenRef,
) -> GameScreens:
    """The :class:`GameScreens` of a game of actions (The Six Actions, The Five Actions): its screens
    draw their own header (round, whose turn, Menu), so none of them shows the shell's status strip
    (:attr:`GameScreens.in_game` is empty); they have no widgets' ``.kv`` of their own, and Home shows
    the games of actions' keys (:data:`ui.keys.ACTIONS_KEYS_HELP`).

    :param game: the game's registration (its name).
    :param start: its Setup screen's name; ``blurb``, ``table``, ``rules``, ``screens``: as
        :class:`GameScreens`.
    """
    return GameScreens(game=game.name, screens=screens, widget_kv=(), start=start, in_game=frozenset(),
                       blurb=blurb, table=table, keys=ACTIONS_KEYS_HELP, rules=rules)
