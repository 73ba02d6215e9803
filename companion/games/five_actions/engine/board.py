"""The map's geometry: orthogonal adjacency, following a printed line, Patent patterns.

Source: ``seeds/five-actions-rules.txt``, Installation ("orthogonally adjacent"), Placing Signal
tokens (one line, no corner, no split), Lost signal (a red arrow: the token returns to the box),
V connections (no going in and straight back out the same side in one turn), Patents (a pattern
shows which spaces are adjacent: turned or mirrored as the player likes).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction, said
from companion.games.five_actions.content.model import GameMap, Line, Location
from companion.i18n import N_

__all__ = ["LAYOUTS", "Path", "distance", "follow", "pattern_targets", "key_of"]

#: ``map``: the pack's map; ``printed``: the table's printed board, no map.
LAYOUTS = ("map", "printed")


def key_of(name: str) -> str:
    """A printed Location's key: its name with spaces collapsed, case folded (``"Old  Mill"`` ->
    ``"old mill"``), so the table may type it as it likes."""
    return " ".join(name.split()).casefold()


def distance(a: Location, b: Location) -> int:
    """Orthogonal steps from ``a`` to ``b`` (1: orthogonally adjacent)."""
    return abs(a.row - b.row) + abs(a.col - b.col)


@dataclass(frozen=True)
class Path:
    """Where a signal goes: the Locations it reaches (at most 2) and why the others are lost
    (``""``: none lost)."""

    reached: tuple[str, ...]
    lost: str


def follow(game_map: GameMap, line_id: str, station: str, direction: str) -> Path:
    """The next 2 Locations along ``line_id`` from ``station``, ``direction`` ``forward`` (the
    line's listed order) or ``back``.

    :raises IllegalAction: no such line, or the station is not on it, or nothing lies that way.
    """
    line: Line | None = next((ln for ln in game_map.lines if ln.id == line_id), None)
    if line is None:
        known = ", ".join(ln.id for ln in game_map.lines)
        raise IllegalAction(
            said(N_("there is no line {line!r} on the map (lines: {known})"), line=line_id, known=known)
        )
    where = next((i for i, s in enumerate(line.path) if s.location == station), None)
    if where is None:
        raise IllegalAction(
            said(
                N_(
                    "the {line} line does not pass through {name} (Placing Signal tokens: the tokens follow "
                    "a line from the station)"
                ),
                line=line_id,
                name=_name(game_map, station),
            )
        )
    step = 1 if direction == "forward" else -1
    arrow = line.arrow_end if step == 1 else line.arrow_start
    reached: list[str] = []
    lost = ""
    i = where + step
    while len(reached) < 2:
        if not 0 <= i < len(line.path):
            lost = (
                said(N_("the line ends at a red arrow: the signal leaves the playable area (Lost signal)"))
                if arrow
                else said(N_("the line ends there (Lost signal)"))
            )
            break
        reached.append(line.path[i].location)
        if len(reached) == 1 and line.path[i].is_v:
            lost = said(
                N_(
                    "{name} is a V connection: the signal may not go in and straight back out that side in "
                    "one turn (V connections)"
                ),
                name=_name(game_map, line.path[i].location),
            )
            break
        i += step
    if not reached:
        raise IllegalAction(
            said(
                N_(
                    "the {line} line ends at {name} going {direction}: there is no Location that way "
                    "(Placing Signal tokens)"
                ),
                line=line_id,
                name=_name(game_map, station),
                direction=direction,
            )
        )
    return Path(tuple(reached), lost)


def _symmetries(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    out: list[tuple[tuple[int, int], ...]] = []
    for swap in (False, True):
        for sr in (1, -1):
            for sc in (1, -1):
                turned = tuple(((c if swap else r) * sr, (r if swap else c) * sc) for r, c in cells)
                if turned not in out:
                    out.append(turned)
    return out


def pattern_targets(
    game_map: GameMap, station: Location, pattern: tuple[tuple[int, int], ...], wanted: tuple[str, ...]
) -> Path:
    """The Locations a Patent pattern puts signals on, turned or mirrored so that they are
    ``wanted`` (the cells off the map are lost signals).

    :raises IllegalAction: no way of turning or mirroring the pattern covers exactly ``wanted``.
    """
    cells = {(loc.row, loc.col): loc.id for loc in game_map.locations}
    for shape in _symmetries(pattern):
        ids = [cells.get((station.row + r, station.col + c)) for r, c in shape]
        reached = tuple(i for i in ids if i is not None)
        if sorted(reached) == sorted(wanted) and reached:
            lost = (
                ""
                if len(reached) == len(ids)
                else said(N_("a cell of the pattern is off the map (Lost signal)"))
            )
            return Path(tuple(wanted), lost)
    raise IllegalAction(
        said(
            N_("the Patent's pattern, turned or mirrored, does not reach {wanted} from {name} (Patents)"),
            wanted=", ".join(wanted) or said(N_("no Location")),
            name=station.name,
        )
    )


def _name(game_map: GameMap, ident: str) -> str:
    loc = game_map.location(ident)
    return loc.name if loc is not None else ident
