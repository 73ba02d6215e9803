"""The rules kernel: what each command needs, what it does, and when a mission completes -- written once.

Source: RULES.md, The commands; Missions; A transmission, 5. Execute.

Everything here works on the plain form of a position that the referee
(:class:`companion.games.transmission.engine.rules.Rules`) and the AI Mission Control's search
(:mod:`companion.games.transmission.mission_control.encoding`, which builds its tables from these
functions) share: the 25-character board of :mod:`companion.games.transmission.engine.board`
(``.`` a hallway, an upper-case letter an intact module, a lower-case letter a damaged one), the
Cadet's cell 0-24 (``row * 5 + col``) and the carried device's upper-case letter, or ``""`` when
nothing is carried.

A move changes only the Cadet's cell (the Cadet walks over any tile; only the grid's edge stops
it).  Collect, Deploy and Repair change only the tile under the Cadet and what the Cadet carries:
:func:`action_refusal` says whether one is possible from that tile and hand, :func:`action_effect`
what it leaves.  Missions are checked after every command (:data:`CHECKS_MISSIONS`; RULES.md,
Missions: "after any single command"); :func:`completed` is the check.

Only a Repair or a Deploy can make a pair intact and side by side, but a position may already hold
a pending pair that is (after a board correction, or in a referee scenario): then the first command
that leaves it so completes it, a move as well.  A move leaves the board as it was, so after the
first command a move's check finds nothing the previous command's check did not
(:func:`move_checks`): the searches check moves at register 1 only, which is exact.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence

from companion.games.transmission.engine.board import CELLS, HALLWAY, NEIGHBOURS, SIZE
from companion.games.transmission.engine.commands import DELTAS, Command

__all__ = ["ACTIONS", "ADJACENT", "CHECKS_MISSIONS", "Refusal", "action_effect", "action_refusal",
           "completed", "move", "move_checks", "pair_complete", "play", "refusal"]

#: The commands that act on the tile under the Cadet (the others are the four moves).
ACTIONS: tuple[Command, ...] = (Command.COLLECT, Command.DEPLOY, Command.REPAIR)

#: The commands after which the remaining missions are checked: every one (RULES.md, Missions:
#: "after any single command").
CHECKS_MISSIONS: frozenset[Command] = frozenset(Command)


def move_checks(step: int) -> bool:
    """Whether a move at 0-based register ``step`` can complete a mission that the checks so far did not.

    A move leaves the board unchanged, and the board before it was checked after the previous
    command; only before the first command was it never checked (RULES.md, Missions: a pending pair
    already side by side completes at step 1).  So a search that checks moves only where this is
    true completes exactly the missions :data:`CHECKS_MISSIONS` does.
    """
    return step == 0


#: ADJACENT[i][j]: cells i and j are orthogonally adjacent (diagonals do not count).
ADJACENT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(j in NEIGHBOURS[i] for j in range(CELLS)) for i in range(CELLS)
)


class Refusal(enum.Enum):
    """Why a command is impossible (RULES.md, The commands); the referee words it with module names."""

    OFF_GRID = "the Cadet would walk off the grid"
    NOTHING_TO_REPAIR = "no module here to repair, only a hallway"
    ALREADY_INTACT = "the module here is already intact"
    HANDS_FULL = "the Cadet already carries a device"
    NOTHING_TO_COLLECT = "nothing here to collect, only a hallway"
    STATION = "the module here is a station and cannot be moved"
    DAMAGED = "the device here is damaged"
    NOTHING_CARRIED = "the Cadet carries nothing to deploy"
    NOT_A_HALLWAY = "a device can only be deployed onto a hallway"


def move(cell: int, command: Command) -> int:
    """The cell a move (N, E, S or W) leads to from ``cell``, or ``-1`` off the grid.

    :raises KeyError: for a command that is not a move.
    """
    dr, dc = DELTAS[command]
    r, c = divmod(cell, SIZE)
    r, c = r + dr, c + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1


def action_refusal(command: Command, here: str, carrying: str, devices: Collection[str]) -> Refusal | None:
    """Why Collect, Deploy or Repair is impossible on tile ``here`` with ``carrying`` in hand, or ``None``.

    :param here: the tile under the Cadet (one board character).
    :param carrying: the carried device's upper-case letter or ``""``.
    :param devices: upper-case letters of the modules that can be carried (the others are stations).
    :raises ValueError: for a move.
    """
    if command is Command.REPAIR:
        if here == HALLWAY:
            return Refusal.NOTHING_TO_REPAIR
        return Refusal.ALREADY_INTACT if here.isupper() else None
    if command is Command.COLLECT:
        if carrying:
            return Refusal.HANDS_FULL
        if here == HALLWAY:
            return Refusal.NOTHING_TO_COLLECT
        if here.upper() not in devices:
            return Refusal.STATION
        return Refusal.DAMAGED if here.islower() else None
    if command is Command.DEPLOY:
        if not carrying:
            return Refusal.NOTHING_CARRIED
        return Refusal.NOT_A_HALLWAY if here != HALLWAY else None
    raise ValueError(f"{command} is a move, not an action on a tile")


def action_effect(command: Command, here: str, carrying: str) -> tuple[str, str]:
    """What a possible Collect, Deploy or Repair leaves: ``(tile under the Cadet, carried letter or "")``.

    Unchecked: call :func:`action_refusal` first.  Repair turns the module intact side up, Collect
    takes the device and leaves a hallway (the spare hallway tile goes under it), Deploy puts the
    carried device on the hallway (which becomes the spare).

    :raises ValueError: for a move.
    """
    if command is Command.REPAIR:
        return here.upper(), carrying
    if command is Command.COLLECT:
        return HALLWAY, here
    if command is Command.DEPLOY:
        return carrying, ""
    raise ValueError(f"{command} is a move, not an action on a tile")


def refusal(board: str, cell: int, carrying: str, command: Command,
            devices: Collection[str]) -> Refusal | None:
    """Why ``command`` is impossible for the Cadet on ``cell`` of ``board``, or ``None`` when it is legal."""
    if command in DELTAS:
        return Refusal.OFF_GRID if move(cell, command) < 0 else None
    return action_refusal(command, board[cell], carrying, devices)


def play(board: str, cell: int, carrying: str, command: Command) -> tuple[str, int, str]:
    """``(board, cell, carrying)`` after ``command``, *unchecked* (call :func:`refusal` first)."""
    if command in DELTAS:
        return board, move(cell, command), carrying
    tile, held = action_effect(command, board[cell], carrying)
    return board[:cell] + tile + board[cell + 1:], cell, held


def completed(board: str, pairs: Sequence[tuple[str, str, str]], mask: int = 0) -> int:
    """``mask`` plus the bit of every pair now complete: both modules intact and orthogonally adjacent.

    RULES.md, Missions: diagonals do not count; a carried module is not on the grid; a completed
    mission stays completed (its bit is kept).

    :param pairs: ``(mission id, letter, letter)`` with upper-case letters; bit ``i`` is ``pairs[i]``.
    """
    for bit, (_mid, a, b) in enumerate(pairs):
        if mask >> bit & 1:
            continue
        i = board.find(a)
        if i >= 0:
            j = board.find(b)
            if j >= 0 and ADJACENT[i][j]:
                mask |= 1 << bit
    return mask


def pair_complete(board: str, a: str, b: str) -> bool:
    """True when modules ``a`` and ``b`` (either case) are both intact and orthogonally adjacent."""
    return completed(board, (("", a.upper(), b.upper()),)) == 1
