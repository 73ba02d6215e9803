"""The 5 x 5 grid, its tiles and the Cadet (RULES.md, Components; Referee notation).

A :class:`Position` is immutable and hashable so the planner can keep it in
transposition tables.  The board is one 25-character string, north row
first: ``.`` is a hallway, an upper-case letter an intact module, a
lower-case letter a damaged one.  Cells are ``(row, col)``, zero-based from
the north-west corner; internally a cell is the index ``row * 5 + col``.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 5
CELLS = SIZE * SIZE
HALLWAY = "."

Cell = tuple[int, int]


def index(cell: Cell) -> int:
    """``(row, col)`` -> board string index."""
    return cell[0] * SIZE + cell[1]


def cell_of(i: int) -> Cell:
    """Board string index -> ``(row, col)``."""
    return divmod(i, SIZE)


def on_grid(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def module_cells() -> tuple[Cell, ...]:
    """The 13 cells that start with a module: ``row + col`` even (RULES.md, Layout)."""
    return tuple((r, c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0)


#: For each index, the indices of its orthogonal neighbours (no diagonals).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        index((r + dr, c + dc))
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
        if on_grid((r + dr, c + dc))
    )
    for r in range(SIZE)
    for c in range(SIZE)
)


@dataclass(frozen=True, slots=True)
class Position:
    """The board, the Cadet's cell and the carried device.

    :param board: 25 characters, row-major (see module docstring).
    :param cadet: the Cadet's cell as an index 0-24.
    :param carrying: the carried device's upper-case letter, or ``None``.
        The Cadet carries a device exactly when no hallway is spare.
    """

    board: str
    cadet: int
    carrying: str | None = None

    @classmethod
    def from_rows(
        cls, rows: list[str] | tuple[str, ...], cadet: Cell, carrying: str | None = None
    ) -> Position:
        """Build from 5 strings of 5 characters (not validated: see ``scenario``)."""
        return cls("".join(rows), index(cadet), carrying)

    def rows(self) -> list[str]:
        """The board as 5 strings, north row first."""
        return [self.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]

    @property
    def cadet_cell(self) -> Cell:
        return cell_of(self.cadet)

    def tile(self, cell: Cell) -> str:
        """The tile character on a cell."""
        return self.board[index(cell)]

    def find(self, letter: str) -> Cell | None:
        """Where a module is (either side up), or ``None`` when it is carried."""
        up = letter.upper()
        for i, ch in enumerate(self.board):
            if ch.upper() == up and ch != HALLWAY:
                return cell_of(i)
        return None

    @property
    def spare_hallway(self) -> bool:
        """A hallway tile lies beside the board exactly when nothing is carried."""
        return self.carrying is None
