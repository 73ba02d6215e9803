"""The Five Actions' content pack as validated, frozen data (DESIGN.md, The core step 1).

Source: ``seeds/five-actions-rules.txt``.  What the excerpt states is rule code (the five actions,
their costs, Basic and Advanced, lines, lost signals, V connections, the Credit area's "3+" and "4"
spaces, Tycoon levels, the Funding money, the Supply's tiles and Patents:
:mod:`companion.games.five_actions.engine.rules`).  Everything it leaves out is here, **our
decision**, and the default pack (``content/default.toml``) is a SAMPLE, not the printed game's:

- the map (:class:`GameMap`): Locations on a grid (orthogonal adjacency is by row and column),
  ocean spaces, bonuses and reward icons, the printed lines as ordered paths with the side each
  Location is entered and left by, and their red-arrow ends.  A pack may omit it: the table then
  names the Locations and says whether each is empty (the ``printed`` layout);
- the player board (:class:`Board`): stations, the Action-tile columns (dollar spaces, Basic and
  Advanced boxes, Tycoon spaces), the Progress tracks, the Credit token spaces and what each
  uncovers, the Nations column;
- the Permanent Links track, the Credit area, the Tycoon and Patent tiles, starting money and tiles.

Money is in dollars (whole numbers).  Field paths in :class:`~companion.errors.ContentError` follow
the TOML structure with zero-based indices (``map.lines[2].path[1].enter``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import said
from companion.i18n import N_
from companion.table.pack_fields import MapContent, by_id
from companion.table.pack_words import pack_word
from companion.table.words import column_word, counted, joined

__all__ = [
    "COLUMNS",
    "SIDES",
    "ICONS",
    "EFFECTS",
    "SPACE_TAGS",
    "Bonus",
    "Location",
    "Step",
    "Line",
    "GameMap",
    "Column",
    "Track",
    "CreditSpace",
    "Nation",
    "Board",
    "CreditRow",
    "Tycoon",
    "PatentSide",
    "Patent",
    "Setup",
    "ContentPack",
]

#: The Action-tile columns, in board order (Supply takes no Action tile: Supply, Cost).
COLUMNS = ("installation", "transmission", "modulation", "funding")
#: The sides a printed line enters and leaves a Location by.
SIDES = ("N", "E", "S", "W")
#: The icons a Credit token space, a Credit row, a Nation's Flag or a tile shows (Supply, step 1 and 2).
ICONS = ("tycoon", "factory", "scientist")
#: What a Patent side does (Patents: "placing a station one space further, placing signals in other
#: patterns, or taking an Action tile").
EFFECTS = ("reach", "pattern", "tile")
#: Credit area space tags: every game, 3-4 players, 4 players (Funding, Cost).
SPACE_TAGS = ("all", "3+", "4")


@dataclass(frozen=True)
class Bonus:
    """A Location's or a Permanent Links space's bonus (our decision: the excerpt names none).

    :param money: dollars from the bank.
    :param points: points at the end.
    :param tiles: Action tiles moved from the player's supply into these columns (one each).
    :param flag: a Nation's id: the player's Flag goes next to it in their Nations column.
    """

    money: int = 0
    points: int = 0
    tiles: tuple[str, ...] = ()
    flag: str | None = None

    def __bool__(self) -> bool:
        return bool(self.money or self.points or self.tiles or self.flag)

    def said(self) -> str:
        """The bonus in words: ``"$2, 1 point"``, ``"nothing"``."""
        parts: list[str] = [said(N_("${money}"), money=self.money)] if self.money else []
        if self.points:
            parts.append(counted.ngettext("{n} point", "{n} points", self.points))
        parts += [said(N_("an Action tile to {column}"), column=column_word(c)) for c in self.tiles]
        parts += [said(N_("the {flag} Flag"), flag=self.flag)] if self.flag else []
        return joined(parts, ", ", "") if parts else said(N_("nothing"))


@dataclass(frozen=True)
class Location:
    """A Location of the map at ``row``, ``col`` (0-based; orthogonal neighbours differ by one in
    one of them).  ``reward``: the Progress track its reward icon names (``None``: no icon)."""

    id: str
    name: str
    row: int
    col: int
    ocean: bool = False
    reward: str | None = None
    bonus: Bonus = Bonus()


@dataclass(frozen=True)
class Step:
    """One Location of a printed line, with the sides the line enters and leaves it by (``None`` at
    the line's ends).  ``enter == leave`` is a V connection (V connections)."""

    location: str
    enter: str | None
    leave: str | None

    @property
    def is_v(self) -> bool:
        return self.enter is not None and self.enter == self.leave


@dataclass(frozen=True)
class Line:
    """A printed line: its Locations in order; ``arrow_start`` / ``arrow_end``: that end is a red
    arrow (Lost signal); ``name``: what the table calls it (its colour, the pack's ``name``; by
    default the ``id``), records and JSON keep the ``id``."""

    id: str
    path: tuple[Step, ...]
    arrow_start: bool = False
    arrow_end: bool = False
    name: str = ""


@dataclass(frozen=True)
class GameMap:
    """The map: Locations and printed lines."""

    locations: tuple[Location, ...]
    lines: tuple[Line, ...]

    def location(self, ident: str) -> Location | None:
        return by_id(self.locations, ident)


@dataclass(frozen=True)
class Column:
    """An Action-tile column of the player board.

    :param spaces: the dollars printed on each space, bottom first (a tile covers a space).
    :param basic, advanced: how many spaces lie below the Basic and the Advanced Action Box; the
        Patent waiting above the column is a third box above all of them (Patents).
    :param tycoon_spaces: Tycoon tiles active in the column; one pushed past the top is inactive.
    """

    id: str
    spaces: tuple[int, ...]
    basic: int
    advanced: int
    tycoon_spaces: int


@dataclass(frozen=True)
class Track:
    """A Progress track: ``tokens`` Signal tokens start on it (the lowest leaves first)."""

    id: str
    name: str
    tokens: int


@dataclass(frozen=True)
class CreditSpace:
    """A Credit token's space on the player board and the icon taking the token uncovers.

    :param name: what the table calls the token (the pack's ``name``; by default its place on the
        board, ``"Credit token 2"``); records and JSON keep the ``id``.
    """

    id: str
    uncovers: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Nation:
    """A Nation of the Nations column: the icons next to its Flag, active once the player's Flag is there."""

    id: str
    name: str
    factories: int = 0
    scientists: int = 0


@dataclass(frozen=True)
class Board:
    """The player board."""

    stations: int
    columns: tuple[Column, ...]
    tracks: tuple[Track, ...]
    credits: tuple[CreditSpace, ...]
    nations: tuple[Nation, ...]

    def column(self, ident: str) -> Column:
        return next(c for c in self.columns if c.id == ident)


@dataclass(frozen=True)
class CreditRow:
    """A row of the Credit area: its spaces' tags (left to right) and the icon each of the row's
    Credit tokens counts as (``factory`` rows: Supply, step 1); ``name``: what the table calls the
    row (the pack's ``name``; by default the ``id``), records and JSON keep the ``id``."""

    id: str
    spaces: tuple[str, ...]
    icon: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Tycoon:
    """A Tycoon tile: level, the column its icon shows, its Factories and Scientists.

    :param name: the tile's printed name (the pack's ``name``; by default the ``id``), what the
        table reads; records and JSON keep the ``id``.
    """

    id: str
    level: int
    column: str
    factories: int = 0
    scientists: int = 0
    name: str = ""


@dataclass(frozen=True)
class PatentSide:
    """One side of a Patent tile.

    :param icons: 2: it slides onto the Basic Action Box, 1: the Advanced one (Patents).
    :param effect: ``reach`` (a station up to 2 spaces away), ``pattern`` (signals on ``pattern``'s
        cells, turned or mirrored) or ``tile`` (the action also takes an Action tile into ``tile``).
    :param pattern: cells ``(row, col)`` relative to the station at ``(0, 0)``.
    :param points: the icons it gives at the end, once activated.
    """

    icons: int
    effect: str
    pattern: tuple[tuple[int, int], ...] = ()
    tile: str | None = None
    points: int = 0


@dataclass(frozen=True)
class Patent:
    """A Patent tile: its type (the column it waits above), level and sides A and B.

    :param name: the tile's printed name (the pack's ``name``; by default the ``id``), what the
        table reads; records and JSON keep the ``id``.
    """

    id: str
    type: str
    level: int
    a: PatentSide
    b: PatentSide
    name: str = ""

    def side(self, name: str) -> PatentSide:
        return self.a if name == "A" else self.b


@dataclass(frozen=True)
class Setup:
    """Players, starting money, Action tiles in each column and in the supply, Signal tokens in Ready,
    Tycoon tiles face up per level."""

    min_players: int
    max_players: int
    money: int
    ready: int
    column_tiles: tuple[tuple[str, int], ...]
    supply_tiles: tuple[tuple[str, int], ...]
    display: int


@dataclass(frozen=True)
class ContentPack(MapContent):
    """A validated pack; ``digest`` is its revision (a SHA-256 of the file's bytes)."""

    id: str
    name: str
    sample: bool
    digest: str
    setup: Setup
    board: Board
    links: tuple[Bonus, ...]
    credit_rows: tuple[CreditRow, ...]
    tycoons: tuple[Tycoon, ...]
    patents: tuple[Patent, ...]
    game_map: GameMap | None

    def tycoon(self, ident: str) -> Tycoon | None:
        return by_id(self.tycoons, ident)

    def patent(self, ident: str) -> Patent | None:
        return by_id(self.patents, ident)

    def tycoon_name(self, ident: str) -> str:
        """The name the table reads of Tycoon tile ``ident`` (the id itself when no tile has it)."""
        tile = self.tycoon(ident)
        return pack_word(tile.name or tile.id) if tile is not None else ident

    def patent_name(self, ident: str) -> str:
        """The name the table reads of Patent tile ``ident`` (the id itself when no tile has it)."""
        tile = self.patent(ident)
        return pack_word(tile.name or tile.id) if tile is not None else ident

    def credit_row_name(self, ident: str) -> str:
        """The name the table reads of Credit row ``ident`` (the id itself when no row has it)."""
        row = by_id(self.credit_rows, ident)
        return pack_word(row.name or row.id) if row is not None else ident

    def line_name(self, ident: str) -> str:
        """The name the table reads of the map's line ``ident`` (the id itself when none has it)."""
        line = by_id(self.game_map.lines, ident) if self.game_map is not None else None
        return pack_word(line.name or line.id) if line is not None else ident

    def track_name(self, ident: str) -> str:
        """The name the table reads of Progress track ``ident`` (the id itself when none has it)."""
        track = by_id(self.board.tracks, ident)
        return pack_word(track.name or track.id) if track is not None else ident

    def credit_name(self, ident: str) -> str:
        """The name the table reads of the Credit token of board space ``ident`` (``"Credit token
        2"``; the id itself when no space has it)."""
        for i, space in enumerate(self.board.credits):
            if space.id == ident:
                return pack_word(space.name) if space.name else said(N_("Credit token {n}"), n=i + 1)
        return ident
