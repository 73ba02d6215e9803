"""A board being corrected: the edits of *Fix the board*, without a screen.

Source: RULES.md, Components and Referee notation; the engine's rules for a correction are
:mod:`companion.games.transmission.engine.correction`.  The window's editor
(``ui/games/transmission/correction.py``) and the terminal's ``fix`` both edit a copy of the game's
board with these moves, then hand it to ``Session.correct_board``, which checks it against the rules
and records it; the game's board is untouched until then.

- :meth:`BoardDraft.put_module`: a module lies on a cell (a module already elsewhere swaps places with
  what was there; the carried device is put down there; a missing one appears there, intact);
- :meth:`BoardDraft.make_hallway`: the cell is a hallway (a module that was there is then missing);
- :meth:`BoardDraft.flip`: intact <-> damaged;
- :meth:`BoardDraft.cadet_here`: the pawn stands on the cell;
- :meth:`BoardDraft.set_carrying`: the device the Cadet holds, or nothing.

Cells are ``(row, col)``, zero-based from the north-west corner (referee notation); rows are 5 strings
of 5 characters: ``.`` a hallway, upper-case an intact module, lower-case a damaged one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import module_names, pack_text
from companion.games.transmission.engine.board import HALLWAY
from companion.i18n import N_, _

__all__ = ["TAP_TO_PUT", "BoardDraft", "Cell", "board_problem", "missing_modules"]

#: How the window puts a missing device on a cell (:meth:`BoardDraft.set_carrying`), marked for translation.
TAP_TO_PUT = N_("tap the cell it is on, then Module…")

Cell = tuple[int, int]


def missing_modules(content: ContentPack, rows: Sequence[str], carrying: str | None) -> list[str]:
    """Names of the modules neither on the board nor carried, in pack order."""
    present = {ch.upper() for row in rows for ch in row if ch != HALLWAY}
    if carrying:
        present.add(carrying.upper())
    return [pack_text(m.name) for m in content.modules if m.letter not in present]


def board_problem(content: ContentPack, rows: Sequence[str], carrying: str | None) -> str:
    """What keeps this board from being saved, as a sentence, or ``""``.

    Every module of the pack lies on the board exactly once or is carried (RULES.md, Components);
    the editor's moves never put one module in two places, so a missing one is what can go wrong.
    """
    missing = missing_modules(content, rows, carrying)
    if not missing:
        return ""
    if len(missing) == 1:
        return _("{module} is missing: put it on a cell, or let the Cadet carry it.").format(
            module=missing[0])
    names = _("{first} and {last}").format(first=", ".join(missing[:-1]), last=missing[-1])
    return _("{modules} are missing: put them on cells (or carry a device).").format(modules=names)


def _set(rows: list[str], cell: Cell, tile: str) -> None:
    r, c = cell
    rows[r] = rows[r][:c] + tile + rows[r][c + 1:]


def find(rows: Sequence[str], letter: str) -> Cell | None:
    """The cell holding module ``letter`` (either side), or ``None``."""
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != HALLWAY and ch.upper() == letter.upper():
                return r, c
    return None


@dataclass
class BoardDraft:
    """A copy of the game's board under correction.

    :ivar rows: 5 strings of 5 characters (referee notation).
    :ivar cadet: the Cadet's cell ``(row, col)``, zero-based.
    :ivar carrying: the carried device's letter, or ``""``.
    """

    content: ContentPack
    rows: list[str]
    cadet: Cell
    carrying: str = ""
    original: tuple[tuple[str, ...], Cell, str] = field(init=False)

    def __post_init__(self) -> None:
        self.rows = list(self.rows)
        self.cadet = (int(self.cadet[0]), int(self.cadet[1]))
        self.carrying = (self.carrying or "").upper()
        self.original = (tuple(self.rows), self.cadet, self.carrying)

    @property
    def changed(self) -> bool:
        """True when the draft differs from the board it started from."""
        return (tuple(self.rows), self.cadet, self.carrying) != self.original

    @property
    def problem(self) -> str:
        """A missing module, as :func:`board_problem` says it, or ``""``."""
        return board_problem(self.content, self.rows, self.carrying or None)

    def board(self) -> tuple[list[str], Cell, str | None]:
        """The edited board for ``Session.correct_board``: rows, the Cadet's cell, the carried device
        (``None``: nothing)."""
        return list(self.rows), self.cadet, (self.carrying or None)

    def names(self) -> dict[str, str]:
        """The modules' names by letter, in the table's language (:func:`module_names`)."""
        return module_names(self.content)

    def tile(self, cell: Cell) -> str:
        return self.rows[cell[0]][cell[1]]

    def put_module(self, cell: Cell, letter: str) -> None:
        """Put module ``letter`` on ``cell``.  Elsewhere on the board: the two cells swap.  Carried: it
        is put down here (intact).  Missing: it appears here, intact."""
        here = self.tile(cell)
        if here != HALLWAY and here.upper() == letter.upper():
            return
        there = find(self.rows, letter)
        if there is not None:
            moved = self.tile(there)
            _set(self.rows, there, here)
            _set(self.rows, cell, moved)
            return
        if self.carrying == letter.upper():
            self.carrying = ""
        _set(self.rows, cell, letter.upper())

    def make_hallway(self, cell: Cell) -> None:
        """``cell`` is a hallway (a module that was there is then missing)."""
        _set(self.rows, cell, HALLWAY)

    def flip(self, cell: Cell) -> str:
        """Turn the module on ``cell`` to its other side (intact <-> damaged).

        :returns: ``""``, or why nothing changed ("A hallway has no sides: ...")."""
        tile = self.tile(cell)
        if tile == HALLWAY:
            return _("A hallway has no sides: select a module to flip.")
        _set(self.rows, cell, tile.lower() if tile.isupper() else tile.upper())
        return ""

    def cadet_here(self, cell: Cell) -> None:
        """The pawn stands on ``cell``."""
        self.cadet = (int(cell[0]), int(cell[1]))

    def set_carrying(self, letter: str | None,
                     where_to_put: str = TAP_TO_PUT) -> str:
        """The Cadet carries ``letter`` (a device), or nothing.  Taken from the board, it leaves a hallway.

        The device the Cadet held before is put down where the Cadet stands, as DEPLOY would, when that
        cell is a hallway; otherwise it stays missing and the sentence returned says so
        (``where_to_put``: how the screen puts it on a cell, marked for translation).  Either way it is
        never silently dropped off the board.

        :returns: what the table should be told, or ``""``.
        """
        new = letter.upper() if letter else ""
        before = self.carrying
        if new:
            there = find(self.rows, new)
            if there is not None:
                _set(self.rows, there, HALLWAY)
        said = ""
        if before and before != new:
            name = self.names().get(before, before)
            if self.tile(self.cadet) == HALLWAY:
                _set(self.rows, self.cadet, before)  # put down intact, as the Cadet carried it
                said = _("{module} put down where the Cadet stands.").format(module=name)
            else:  # the Cadet stands on a module: the table must say where the device is
                said = _("{module} is missing: {where_to_put}").format(module=name,
                                                                       where_to_put=_(where_to_put))
        self.carrying = new
        return said
