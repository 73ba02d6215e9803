"""The games on this box, in the order Home lists them (DESIGN.md, "A game registers itself").

A game is added by giving it a sub-package of :mod:`companion.games` with an ``info`` module that
builds its :class:`~companion.table.registry.GameInfo`, and listing that here: :func:`registered` is
the one list the shell (Home), the command line and the store's callers read.  An ``info`` module
imports nothing of its game (its parts are :class:`~companion.table.reference.Reference` s), so this
list costs nothing at start (issue 10, item 4).
"""

from __future__ import annotations

from typing import Any

from companion.games.five_actions.info import GAME as FIVE_ACTIONS
from companion.games.six_actions.info import GAME as SIX_ACTIONS
from companion.games.transmission.info import GAME as TRANSMISSION
from companion.i18n import _
from companion.table.registry import GameInfo

__all__ = ["registered", "game_named"]

#: The installed games, in the order Home lists them.
_GAMES: tuple[GameInfo[Any], ...] = (TRANSMISSION, SIX_ACTIONS, FIVE_ACTIONS)


def registered() -> tuple[GameInfo[Any], ...]:
    """The installed games, in the order Home lists them."""
    return _GAMES


def game_named(name: str) -> GameInfo[Any]:
    """The registered game called ``name`` (as the store records it).

    :raises KeyError: naming the unknown game and the known ones.
    """
    for game in _GAMES:
        if game.name == name:
            return game
    known = ", ".join(g.name for g in _GAMES)
    raise KeyError(_("no game {name} on this box (known: {known})").format(name=repr(name), known=known))
