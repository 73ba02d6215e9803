"""The packed form of the rules that the AI Mission Control's searches share, built from the rules kernel.

Source: :mod:`companion.games.transmission.engine.kernel` (RULES.md, The commands; Missions).  Nothing
here restates a rule: every table is computed from the kernel's functions, and the tests check that
the tables and the kernel agree on every cell, command, tile and carried device.

Shapes
------
A *position* is ``(board, cadet, carrying)``: 25 characters in referee notation row by row, the
Cadet's cell 0-24 (``row * 5 + col``) and the carried device's upper-case letter or ``""``.  A
*command index* is a command's place in :data:`ORDER` (N E S W COLLECT DEPLOY REPAIR, 0-6); a
*program* is a tuple of command indices, one per register; *card counts* are cards per command index.
The remaining missions are :data:`Pairs` ``((mission id, letter, letter), ...)`` sorted by id, and
a *mask* has bit ``i`` set when ``pairs[i]`` has completed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import NamedTuple

from companion.games.transmission.engine.board import CELLS, HALLWAY, SIZE
from companion.games.transmission.engine.commands import DEFAULT_DECK, Command
from companion.games.transmission.engine.kernel import (
    ACTIONS,
    CHECKS_MISSIONS,
    action_effect,
    action_refusal,
    move,
)

__all__ = ["COLLECT", "DEFAULT_COUNTS", "DEPLOY", "DIST", "INDEX", "MOVES", "ORDER", "REPAIR", "STEP",
           "TILES", "Act", "ActTable", "Pairs", "Program", "act_tables", "counts_of", "device_letters",
           "pair_letters", "pairs_of", "rest_of"]

#: The command order of card counts and programs (also the search's expansion order).
ORDER: tuple[Command, ...] = (Command.N, Command.E, Command.S, Command.W, *ACTIONS)
#: Command -> its index in :data:`ORDER`.
INDEX: Mapping[Command, int] = {c: k for k, c in enumerate(ORDER)}
#: The move indices (N E S W) come first: ``k < MOVES`` is a move.
MOVES = 4
COLLECT, DEPLOY, REPAIR = INDEX[Command.COLLECT], INDEX[Command.DEPLOY], INDEX[Command.REPAIR]

#: Cards per command index of the default Command deck (RULES.md, Components).
DEFAULT_COUNTS: tuple[int, ...] = tuple(DEFAULT_DECK[c] for c in ORDER)

#: A tuple of command indices, one per register.
Program = tuple[int, ...]
#: The remaining missions as ``(mission id, letter, letter)`` with upper-case letters, sorted by id.
Pairs = tuple[tuple[str, str, str], ...]

#: STEP[cell][k] for the moves k = N, E, S, W: the cell the move leads to, or -1 off the grid
#: (:func:`companion.games.transmission.engine.kernel.move`).
STEP: tuple[tuple[int, int, int, int], ...] = tuple(
    (move(i, ORDER[0]), move(i, ORDER[1]), move(i, ORDER[2]), move(i, ORDER[3])) for i in range(CELLS)
)

#: DIST[a][b]: moves between two cells, the Manhattan distance (the Cadet may walk over any tile).
DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE) for b in range(CELLS)) for a in range(CELLS)
)

#: Every character a board may hold: a hallway, or a module's letter either side up.
TILES: str = HALLWAY + "".join(chr(c) for c in range(ord("A"), ord("Z") + 1)) + "".join(
    chr(c) for c in range(ord("a"), ord("z") + 1))


class Act(NamedTuple):
    """What a possible Collect, Deploy or Repair leaves (the kernel's ``action_effect``).

    :param tile: the tile left under the Cadet.
    :param carrying: the carried letter afterwards, or ``""``.
    :param checks: the missions are checked afterwards (the kernel's ``CHECKS_MISSIONS``: every
        command, so always true; moves are checked per the kernel's ``move_checks``).
    """

    tile: str
    carrying: str
    checks: bool


#: Per command index, tile under the Cadet (every character of :data:`TILES`) -> carried letter or
#: ``""`` -> Act, for every legal case; a missing hand is a refused command.  The move indices hold
#: empty tables (moves use :data:`STEP`).  Two lookups of one-character keys: the searches' inner loop.
ActTable = tuple[Mapping[str, Mapping[str, Act]], ...]


@functools.lru_cache(maxsize=64)
def act_tables(devices: frozenset[str]) -> ActTable:
    """The packed Collect, Deploy and Repair for these devices, from the kernel, for every tile and hand.

    :param devices: upper-case letters of the modules that can be carried.
    """
    hands = ("", *sorted(devices))
    tables: list[Mapping[str, Mapping[str, Act]]] = [{} for _ in range(MOVES)]
    for command in ORDER[MOVES:]:
        table: dict[str, dict[str, Act]] = {}
        for here in TILES:
            table[here] = {}
            for held in hands:
                if action_refusal(command, here, held, devices) is None:
                    tile, after = action_effect(command, here, held)
                    table[here][held] = Act(tile, after, command in CHECKS_MISSIONS)
        tables.append(table)
    return tuple(tables)


def counts_of(deck: Mapping[Command, int]) -> tuple[int, ...]:
    """Card counts per command index of a Command deck (a negative count counts as 0)."""
    return tuple(max(0, int(deck.get(c, 0))) for c in ORDER)


def pairs_of(missions: Mapping[str, tuple[str, str]]) -> Pairs:
    """The remaining missions, id -> pair of letters, as :data:`Pairs` (upper-case, sorted by id)."""
    return tuple(sorted((mid, a.upper(), b.upper()) for mid, (a, b) in missions.items()))


def pair_letters(pairs: Pairs) -> str:
    """The pairs as the native core (``_search.c``) takes them: their letters, 2 per pair, in order."""
    return "".join(a + b for _mid, a, b in pairs)


def device_letters(devices: frozenset[str]) -> str:
    """The devices as the native core takes them: their upper-case letters, sorted."""
    return "".join(sorted(devices))


def rest_of(pairs: Pairs, mask: int) -> Pairs:
    """The pairs whose bit is not set in ``mask``."""
    if not mask:
        return pairs
    return tuple(p for bit, p in enumerate(pairs) if not mask >> bit & 1)
