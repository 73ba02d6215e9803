"""The terminal's board: the grid as text, the module legend, a cell in people's words.

Source: RULES.md, Components and Referee notation (the JSON notation counts rows and columns from 0;
a person at the table counts from 1, as the terminal and *Fix the board* do).  Used by the terminal
games (:mod:`companion.games.transmission.terminal`) and their board correction
(:mod:`companion.games.transmission.terminal_fix`).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.board import HALLWAY, SIZE, Position
from companion.i18n import _

__all__ = ["at", "legend", "render_board"]


def at(cell: tuple[int, int]) -> str:
    """A cell as people count it: from 1, row 1 north, column 1 west (the JSON referee notation of
    RULES.md counts from 0; a person at the table counts from 1, as on Fix the board)."""
    return _("row {row}, column {column}").format(row=cell[0] + 1, column=cell[1] + 1)


def render_board(position: Position, names: Mapping[str, str]) -> list[str]:
    """The grid with rows and columns numbered from 1, north row first.

    An intact module is its upper-case letter, a damaged one lower-case with ``!``,
    a hallway ``.``; ``@`` marks the Cadet.  Below: what the Cadet carries.
    """
    lines = ["       " + "     ".join(str(c + 1) for c in range(SIZE))]  # counted from 1, as people do
    rule = "    +" + "-----+" * SIZE
    lines.append(rule)
    for r, row in enumerate(position.rows()):
        cells = []
        for c, tile in enumerate(row):
            damage = "!" if tile != HALLWAY and tile.islower() else " "
            cadet = "@" if position.cadet_cell == (r, c) else " "
            cells.append(f" {tile}{damage}{cadet} ")
        lines.append(f"  {r + 1} |" + "|".join(cells) + "|")
        lines.append(rule)
    carried = position.carrying
    where = at(position.cadet_cell)
    if carried:
        cadet = _("@ the Cadet, at {where}, carries the {name} ({letter}).").format(
            where=where, name=names.get(carried, carried), letter=carried)
    else:
        cadet = _("@ the Cadet, at {where}, carries nothing; one hallway tile is spare beside the "
                  "board.").format(where=where)
    lines.append(f"  {cadet}")
    lines.append("  " + _("Upper-case: intact module.  Lower-case with '!': damaged.  '.': hallway."))
    return lines


def legend(content: ContentPack, per_line: int = 4) -> list[str]:
    """The module names, by letter, four to a line; ``*`` marks a device."""
    entries = [f"{m.letter} {pack_text(m.name)}{'*' if m.is_device else ''}"
               for m in sorted(content.modules, key=lambda m: m.letter)]
    entries.append(_("(* device: can be carried; the rest are stations)"))
    width = max(len(e) for e in entries[:-1]) + 2
    lines = []
    for i in range(0, len(entries), per_line):
        head = "  " + _("Modules:").ljust(10) if i == 0 else " " * 12
        lines.append(head + "".join(e.ljust(width) for e in entries[i:i + per_line]).rstrip())
    return lines
