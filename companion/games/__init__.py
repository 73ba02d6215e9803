"""Every game the companion referees, one sub-package each (DESIGN.md, Inside ``companion/``)."""

from __future__ import annotations

from companion.games.transmission.info import GAME as TRANSMISSION
from companion.table.registry import GameInfo

__all__ = ["registered", "game_named"]


def registered() -> tuple[GameInfo, ...]:
    """The installed games, in the order Home lists them."""
    return (TRANSMISSION,)


def game_named(name: str) -> GameInfo:
    """The registered game called ``name``.

    :raises KeyError: naming the unknown game and the known ones.
    """
    for game in registered():
        if game.name == name:
            return game
    known = ", ".join(g.name for g in registered())
    raise KeyError(f"no game {name!r} on this box (known: {known})")
