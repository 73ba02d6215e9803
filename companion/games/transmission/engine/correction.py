"""Board correction: the table says how the board really stands (issue 5; RULES.md, Components).

A pawn knocked over, a tile flipped by a sleeve, a step mirrored wrongly: when
the physical board and the app disagree, the table sets the Cadet's cell, the
carried device and every module's cell and side, and the game goes on from
there.  The correction is a :class:`~companion.games.transmission.engine.actions.CorrectBoard` action in
the record, so a replay (and a resume) sees it too.

**When.**  Between transmissions (the game in its Select phase: Board set-up,
the Execute and Mission complete screens) and while decoding (Decode phase:
the Transmission and Decode screens).  Not while chance is drawing or the game
is over.  While decoding, the corrected board must still allow some order of
the Cadet's cards (fixed registers kept, one card left out per error): else the
round could never end, and the table is told to correct the board after this
transmission's Execute instead.  Mission Control's intended order stays as
chosen; if the corrected board makes it impossible, Abort answers No.

**What is checked** (every refusal names what is wrong, and the game is
unchanged): 5 rows of 5 characters, each ``.`` or a module letter of the
content pack; every module exactly once, on the grid or carried; a carried
module is a device (stations cannot be carried) and intact (upper-case: only an
intact device can be collected); the hallways on the grid are those the pack's
tiles leave (12 by default, 13 while a device is carried: RULES.md, the
carrying invariant); the Cadet's cell on the grid; and the board differs from
the app's.  A module's side is its letter's case.  Stations may be put on
other cells: the table's board is the truth, even when it was set up wrongly.

**Missions.**  A correction completes no mission by itself: RULES.md completes
a mission "after any single command".  A pending mission whose modules a
correction leaves intact side by side completes at the next command that leaves
them so (step 1 of the next Execute, a move too; a Collect of one of them takes
the pair apart instead), the referee's check in
:meth:`companion.games.transmission.engine.rules.Rules.execute`.  A completed mission stays completed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from itertools import permutations
from typing import Any

from companion.errors import Said, english, said, written
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import CorrectBoard
from companion.games.transmission.engine.board import (
    CELLS,
    HALLWAY,
    SIZE,
    Position,
    cell_of,
    index,
    on_grid,
)
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.state import REGISTERS, GameState, Phase, rules_for
from companion.i18n import N_, _
from companion.table.words import phase_word

__all__ = ["PHASES", "correction_from", "correction_reason", "apply_correction", "describe", "position_of",
           "some_order_possible"]

#: The phases in which the board may be corrected (see the module docstring).
PHASES = (Phase.SELECT, Phase.DECODE)


def position_of(action: CorrectBoard) -> Position:
    """The position a (valid) correction describes."""
    return Position("".join(action.rows), index(action.cadet), action.carrying)


def _name(content: ContentPack, letter: str) -> Said:
    return said(N_("the {name} ({letter})"), name=said(content.module(letter).name), letter=letter.upper())


def _board_reason(content: ContentPack, action: CorrectBoard) -> str | None:
    rows = action.rows
    if len(rows) != SIZE or any(not isinstance(r, str) or len(r) != SIZE for r in rows):
        return said(N_("a board is {size} rows of {size} characters"), size=SIZE)
    board = "".join(rows)
    letters = {m.letter for m in content.modules}
    for i, ch in enumerate(board):
        if ch != HALLWAY and ch.upper() not in letters:
            r, c = cell_of(i)
            return said(N_("cell ({row}, {column}) holds {tile}, which is neither a hallway '.' nor a "
                           "module letter"), row=r, column=c, tile=repr(ch))
    on_board = Counter(ch.upper() for ch in board if ch != HALLWAY)
    twice = sorted(letter for letter, n in on_board.items() if n > 1)
    if twice:
        return said(N_("{module} is on the board {count} times"), module=_name(content, twice[0]),
                    count=on_board[twice[0]])
    carrying = action.carrying
    if carrying is not None:
        if not isinstance(carrying, str) or len(carrying) != 1 or carrying.upper() not in letters:
            return said(N_("the carried tile {tile} is not a module letter"), tile=written(carrying))
        if carrying.upper() not in content.devices:
            return said(N_("{module} is a station: stations are never carried"),
                        module=_name(content, carrying))
        if carrying != carrying.upper():
            return said(N_("a carried device is intact (only an intact device can be collected): "
                           "write {letter}"), letter=carrying.upper())
        if carrying in on_board:
            return said(N_("{module} cannot be both on the board and carried"),
                        module=_name(content, carrying))
    missing = sorted(letters - set(on_board) - {carrying})
    if missing:
        names = Said(", ".join(_name(content, m) for m in missing),
                     ", ".join(english(_name(content, m)) for m in missing))
        return said(N_("every module is on the board or carried, and {modules} is neither"), modules=names)
    hallways = board.count(HALLWAY)
    expected = CELLS - len(letters) + (1 if carrying is not None else 0)
    if hallways != expected:  # implied by the checks above; kept as the rule it is
        held = said(N_("a device carried")) if carrying is not None else said(N_("nothing carried"))
        return said(N_("with {held} the grid holds {expected} hallways, not {count}"), held=held,
                    expected=expected, count=hallways)
    return None


def _cadet_reason(action: CorrectBoard) -> str | None:
    cadet = action.cadet
    if (not isinstance(cadet, tuple) or len(cadet) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cadet)):
        return said(N_("the Cadet's cell is (row, col), not {cell}"), cell=written(cadet))
    if not on_grid(cadet):
        return said(N_("the Cadet's cell ({row}, {column}) is off the {size} x {size} grid"), row=cadet[0],
                    column=cadet[1], size=SIZE)
    return None


def some_order_possible(content: ContentPack, state: GameState, position: Position) -> bool:
    """True when some arrangement of the Cadet's cards (fixed registers kept, errors left out) is a
    legal program from ``position`` (RULES.md, 5. Execute).  Uses only what the table sees."""
    rules = rules_for(content)
    fixed = {k: card_command(c) for k, c in enumerate(state.registers) if c is not None}
    free = [k for k in range(REGISTERS) if k not in fixed]
    hand = [card_command(c) for c in state.hand]
    tried: set[tuple[Command, ...]] = set()
    for pick in permutations(hand, len(free)):
        if pick in tried:
            continue
        tried.add(pick)
        program = dict(fixed)
        program.update(zip(free, pick))
        if rules.viable(position, [program[k] for k in range(REGISTERS)]):
            return True
    return False


def correction_from(rows: Any, cadet: Any, carrying: Any) -> CorrectBoard | str:
    """A :class:`~companion.games.transmission.engine.actions.CorrectBoard` from what a screen sends, or a
    sentence saying why
    it is not one (rows not strings, a cell that is not two whole numbers, a carried tile that is not
    a letter).  The carried letter may be either case (a carried device is always intact); ``""``
    means nothing carried."""
    if isinstance(rows, str) or not isinstance(rows, Iterable) or not all(isinstance(r, str) for r in rows):
        return said(N_("A board is {size} rows of {size} characters."), size=SIZE)
    cell = tuple(cadet) if isinstance(cadet, Iterable) and not isinstance(cadet, str) else ()
    if len(cell) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell):
        return said(N_("The Cadet's cell is a row and a column, not {cell}."), cell=written(cadet))
    if carrying is not None and not isinstance(carrying, str):
        return said(N_("The carried device is a module letter, not {tile}."), tile=written(carrying))
    return CorrectBoard(tuple(rows), (cell[0], cell[1]), carrying.upper() if carrying else None)


def correction_reason(content: ContentPack, state: GameState, action: CorrectBoard) -> str | None:
    """Why ``action`` cannot correct the board now, or ``None`` (see the module docstring)."""
    if state.phase not in PHASES:
        if state.phase is Phase.OVER:
            return said(N_("the game is over: there is no board to correct"))
        return said(N_("the board is corrected between transmissions or while decoding, not in the "
                       "{phase} phase"), phase=phase_word(state.phase.value))
    why = _board_reason(content, action) or _cadet_reason(action)
    if why is not None:
        return why
    position = position_of(action)
    if position == state.position:
        return said(N_("that is the board the app already has: nothing to correct"))
    if state.phase is Phase.DECODE and not some_order_possible(content, state, position):
        return said(N_("with that board no order of the Cadet's cards could be executed; "
                       "correct the board after this transmission's Execute instead"))
    return None


def apply_correction(content: ContentPack, state: GameState, action: CorrectBoard) -> GameState:
    """The state with the corrected position, *unchecked* (call :func:`correction_reason` first).

    Missions, Signal Boosts, the Transmission card and the Cadet's hand are unchanged."""
    return replace(state, position=position_of(action))


def _cell(cell: tuple[int, int]) -> str:
    return _("row {row}, column {column}").format(row=cell[0] + 1, column=cell[1] + 1)


def describe(content: ContentPack, before: Position, after: Position) -> str:
    """A sentence for the table saying what a correction changed, e.g.
    ``"Board corrected: the Cadet to row 2, column 4; the Reactor (R) damaged."``

    Cells are counted from 1, as people at the table count them (and as *Fix the board* and the
    terminal number the grid); referee notation's zero-based ``[row, col]`` is for records."""
    changes: list[str] = []
    if before.cadet != after.cadet:
        changes.append(_("the Cadet to {cell}").format(cell=_cell(after.cadet_cell)))
    if before.carrying != after.carrying:
        changes.append(_("carrying {module}").format(module=_name(content, after.carrying)) if after.carrying
                       else _("carrying nothing"))
    for module in content.modules:
        was, now = before.find(module.letter), after.find(module.letter)
        if now is None:
            continue
        side = _("intact") if after.tile(now).isupper() else _("damaged")
        was_intact = before.tile(was).isupper() if was is not None else True
        if was != now:
            changes.append(_("{module} to {cell}, {side}").format(module=_name(content, module.letter),
                                                                    cell=_cell(now), side=side))
        elif was_intact != after.tile(now).isupper():
            changes.append(_("{module} {side}").format(module=_name(content, module.letter), side=side))
    return _("Board corrected: {changes}.").format(changes="; ".join(changes) if changes else _("no change"))
