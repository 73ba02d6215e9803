"""The Five Actions' content pack, read and checked (DESIGN.md, The core step 1): its setup, board
(columns, Progress tracks, Credit spaces, nations), Bonus links, Credit rows, Tycoon and Patent
tiles and the optional map, as :mod:`companion.games.five_actions.content.model` freezes them and the
SAMPLE ``default.toml`` documents them.  A wrong field is named with its file, full path and value
(every one by :func:`check_content`, the first by :func:`load_content`); the file's own faults are
:func:`companion.table.pack_file.read_toml`'s.  :func:`rules_digest` is the pack's revision.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

from companion.errors import ContentError
from companion.games.five_actions.content.model import (
    COLUMNS,
    EFFECTS,
    ICONS,
    SIDES,
    SPACE_TAGS,
    Board,
    Bonus,
    Column,
    ContentPack,
    CreditRow,
    CreditSpace,
    GameMap,
    Line,
    Location,
    Nation,
    Patent,
    PatentSide,
    Setup,
    Step,
    Track,
    Tycoon,
)
from companion.i18n import _
from companion.table.pack_fields import MISSING, FieldReader, PackLoader
from companion.table.pack_file import read_toml

__all__ = [
    "DEFAULT_FILE",
    "load_content",
    "parse_content",
    "check_content",
    "default_content",
    "rules_digest",
]

#: The default (SAMPLE) pack's file name, beside this module.
DEFAULT_FILE = "default.toml"
#: Largest count or amount a pack may give (a typo guard).
MAX_NUMBER = 99


class _Checker(FieldReader):
    """The shared field readers, with The Five Actions' own: tile counts per column."""

    def __init__(self, file: str) -> None:
        super().__init__(file, MAX_NUMBER)

    def counts(self, data: dict[str, Any], key: str, path: str) -> tuple[tuple[str, int], ...] | None:
        value = self.table(data, key, path)
        if value is None:
            return None
        out: list[tuple[str, int]] = []
        for extra in sorted(set(value) - set(COLUMNS)):
            self.fail(f"{path}.{extra}", value[extra],
                      _("is not a column ({columns})").format(columns=", ".join(COLUMNS)))
        for column in COLUMNS:
            n = self.integer(value, column, f"{path}.{column}", 0, MAX_NUMBER, 0)
            if n is None:
                return None
            out.append((column, n))
        return tuple(out)


class _Reader:
    """The pack's sections, read in order (later ones check ids of earlier ones)."""

    def __init__(self, c: _Checker) -> None:
        self.c = c
        self.nations: set[str] = set()
        self.tracks: set[str] = set()

    def bonus(self, data: dict[str, Any], path: str) -> Bonus | None:
        c = self.c
        for extra in sorted(set(data) - {"money", "points", "tiles", "flag"}):
            c.fail(f"{path}.{extra}", data[extra], _("is not money, points, tiles or flag"))
            return None
        money = c.integer(data, "money", f"{path}.money", 0, 20, 0)
        points = c.integer(data, "points", f"{path}.points", 0, 20, 0)
        tiles = data.get("tiles", [])
        if not isinstance(tiles, list) or len(tiles) > 4 or any(t not in COLUMNS for t in tiles):
            c.fail(f"{path}.tiles", tiles, _("must be a list of up to 4 columns ({columns})").format(
                columns=", ".join(COLUMNS)))
            return None
        flag = c.choice(data, "flag", f"{path}.flag", self.nations, optional=True)
        if money is None or points is None or ("flag" in data and flag is None):
            return None
        return Bonus(money, points, tuple(tiles), flag)

    def column(self, data: dict[str, Any], path: str) -> Column | None:
        c = self.c
        ident = c.choice(data, "id", f"{path}.id", COLUMNS)
        spaces = data.get("spaces")
        if (
            not isinstance(spaces, list)
            or not 1 <= len(spaces) <= 12
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 20 for s in spaces)
        ):
            c.fail(
                f"{path}.spaces",
                spaces if spaces is not None else MISSING,
                _("must be a list of 1 to 12 dollar amounts from 0 to 20"),
            )
            return None
        basic = c.integer(data, "basic", f"{path}.basic", 1, len(spaces))
        advanced = c.integer(data, "advanced", f"{path}.advanced", 1, len(spaces))
        tycoons = c.integer(data, "tycoon_spaces", f"{path}.tycoon_spaces", 1, 9)
        if basic is not None and advanced is not None and advanced <= basic:
            c.fail(f"{path}.advanced", advanced,
                   _("must be above the Basic box (basic = {basic})").format(basic=basic))
            return None
        if ident is None or basic is None or advanced is None or tycoons is None:
            return None
        return Column(ident, tuple(spaces), basic, advanced, tycoons)

    def board(self, data: dict[str, Any]) -> Board | None:
        c = self.c
        table = c.table(data, "board", "board")
        if table is None:
            return None
        stations = c.integer(table, "stations", "board.stations", 1, 20)
        nations = (
            c.items(table, "nations", "board.nations", self.nation, least=0) if "nations" in table else []
        )
        self.nations = {n.id for n in nations}
        columns = c.items(table, "columns", "board.columns", self.column, least=len(COLUMNS))
        if len(columns) == len(COLUMNS) and [col.id for col in columns] != list(COLUMNS):
            c.fail(
                "board.columns",
                [col.id for col in columns],
                _("must be {columns} in that order").format(columns=", ".join(COLUMNS)),
            )
            return None
        tracks = c.items(table, "tracks", "board.tracks", self.track)
        self.tracks = {t.id for t in tracks}
        credits = c.items(table, "credits", "board.credits", self.credit)
        if stations is None or len(columns) != len(COLUMNS) or not tracks or not credits:
            return None
        return Board(stations, tuple(columns), tuple(tracks), tuple(credits), tuple(nations))

    def nation(self, data: dict[str, Any], path: str) -> Nation | None:
        c = self.c
        ident, name = c.text(data, "id", f"{path}.id", True), c.text(data, "name", f"{path}.name")
        f, s = (c.integer(data, k, f"{path}.{k}", 0, 5, 0) for k in ("factories", "scientists"))
        if ident is None or name is None or f is None or s is None:
            return None
        return Nation(ident, name, f, s)

    def track(self, data: dict[str, Any], path: str) -> Track | None:
        c = self.c
        ident, name = c.text(data, "id", f"{path}.id", True), c.text(data, "name", f"{path}.name")
        tokens = c.integer(data, "tokens", f"{path}.tokens", 0, 30)
        if ident is None or name is None or tokens is None:
            return None
        return Track(ident, name, tokens)

    def credit(self, data: dict[str, Any], path: str) -> CreditSpace | None:
        ident = self.c.text(data, "id", f"{path}.id", True)
        uncovers = self.c.choice(data, "uncovers", f"{path}.uncovers", ICONS, optional=True)
        name = self.name(data, path)
        if ident is None or ("uncovers" in data and uncovers is None) or name is None:
            return None
        return CreditSpace(ident, uncovers, name)

    def name(self, data: dict[str, Any], path: str) -> str | None:
        """A tile's or token's optional printed ``name`` (``""`` when left out); ``None`` when wrong."""
        if "name" not in data:
            return ""
        name = self.c.text(data, "name", f"{path}.name")
        return " ".join(name.split()) if name is not None else None

    def credit_row(self, data: dict[str, Any], path: str) -> CreditRow | None:
        c = self.c
        ident = c.text(data, "id", f"{path}.id", True)
        spaces = data.get("spaces")
        if (
            not isinstance(spaces, list)
            or not 1 <= len(spaces) <= 12
            or any(s not in SPACE_TAGS for s in spaces)
        ):
            c.fail(
                f"{path}.spaces",
                spaces if spaces is not None else MISSING,
                _("must be a list of 1 to 12 of {tags}").format(tags=", ".join(repr(t) for t in SPACE_TAGS)),
            )
            return None
        icon = c.choice(data, "icon", f"{path}.icon", ICONS, optional=True)
        name = self.name(data, path)
        if ident is None or ("icon" in data and icon is None) or name is None:
            return None
        return CreditRow(ident, tuple(spaces), icon, name)

    def tycoon(self, data: dict[str, Any], path: str) -> Tycoon | None:
        c = self.c
        ident = c.text(data, "id", f"{path}.id", True)
        level = c.integer(data, "level", f"{path}.level", 1, 9)
        column = c.choice(data, "column", f"{path}.column", COLUMNS)
        f, s = (c.integer(data, k, f"{path}.{k}", 0, 5, 0) for k in ("factories", "scientists"))
        name = self.name(data, path)
        if ident is None or level is None or column is None or f is None or s is None or name is None:
            return None
        return Tycoon(ident, level, column, f, s, name)

    def side(self, data: Any, path: str, kind: str) -> PatentSide | None:
        c = self.c
        if not isinstance(data, dict):
            c.fail(path, data if data is not None else MISSING, _("must be a table"))
            return None
        icons = c.integer(data, "icons", f"{path}.icons", 1, 2)
        effect = c.choice(data, "effect", f"{path}.effect", EFFECTS)
        points = c.integer(data, "points", f"{path}.points", 0, 20, 0)
        pattern: tuple[tuple[int, int], ...] = ()
        tile = None
        if effect == "reach" and kind != "installation":
            c.fail(f"{path}.effect", effect, _("reach is an Installation Patent's effect"))
            return None
        if effect == "pattern":
            if kind not in ("transmission", "modulation"):
                c.fail(f"{path}.effect", effect, _("pattern is a Transmission or Modulation Patent's effect"))
                return None
            raw: Any = data.get("pattern")
            ok = (
                isinstance(raw, list)
                and len(raw) == 2
                and all(
                    isinstance(cell, list)
                    and len(cell) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) and -3 <= v <= 3 for v in cell)
                    for cell in raw
                )
            )
            if not ok or not isinstance(raw, list) or [0, 0] in raw or raw[0] == raw[1]:
                c.fail(
                    f"{path}.pattern",
                    raw if raw is not None else MISSING,
                    _("must be two different cells [row, col] from -3 to 3, not the station's [0, 0]"),
                )
                return None
            pattern = tuple((int(r), int(col)) for r, col in raw)
        if effect == "tile":
            tile = c.choice(data, "tile", f"{path}.tile", COLUMNS)
            if tile is None:
                return None
        if icons is None or effect is None or points is None:
            return None
        return PatentSide(icons, effect, pattern, tile, points)

    def patent(self, data: dict[str, Any], path: str) -> Patent | None:
        c = self.c
        ident = c.text(data, "id", f"{path}.id", True)
        kind = c.choice(data, "type", f"{path}.type", COLUMNS)
        level = c.integer(data, "level", f"{path}.level", 1, 9)
        if kind is None:
            return None
        a, b = self.side(data.get("a"), f"{path}.a", kind), self.side(data.get("b"), f"{path}.b", kind)
        name = self.name(data, path)
        if ident is None or level is None or a is None or b is None or name is None:
            return None
        return Patent(ident, kind, level, a, b, name)

    def location(self, data: dict[str, Any], path: str) -> Location | None:
        c = self.c
        ident, name = c.text(data, "id", f"{path}.id", True), c.text(data, "name", f"{path}.name")
        row, col = c.integer(data, "row", f"{path}.row", 0, 30), c.integer(data, "col", f"{path}.col", 0, 30)
        ocean = c.flag(data, "ocean", f"{path}.ocean")
        reward = c.choice(data, "reward", f"{path}.reward", self.tracks, optional=True)
        raw = data.get("bonus", {})
        if not isinstance(raw, dict):
            c.fail(f"{path}.bonus", raw, _("must be a table"))
            return None
        bonus = self.bonus(raw, f"{path}.bonus")
        if ocean and (reward or (bonus is not None and bonus)):
            c.fail(f"{path}.ocean", ocean, _("an ocean space has no reward icon and no bonus"))
            return None
        if (
            ident is None
            or name is None
            or row is None
            or col is None
            or bonus is None
            or ("reward" in data and reward is None)
        ):
            return None
        return Location(ident, name, row, col, ocean, reward, bonus)

    def line(self, data: dict[str, Any], path: str, known: set[str]) -> Line | None:
        c = self.c
        ident = c.text(data, "id", f"{path}.id", True)
        raw = data.get("path")
        if not isinstance(raw, list) or len(raw) < 2:
            c.fail(f"{path}.path", raw if raw is not None else MISSING, _("must list at least 2 Locations"))
            return None
        steps: list[Step] = []
        for i, item in enumerate(raw):
            where = f"{path}.path[{i}]"
            if not isinstance(item, dict):
                c.fail(where, item, _("must be a table"))
                return None
            loc = c.choice(item, "location", f"{where}.location", known)
            enter = c.choice(item, "enter", f"{where}.enter", SIDES, optional=i == 0)
            leave = c.choice(item, "leave", f"{where}.leave", SIDES, optional=i == len(raw) - 1)
            if loc is None or (i and enter is None) or (i < len(raw) - 1 and leave is None):
                return None
            if any(s.location == loc for s in steps):
                c.fail(f"{where}.location", loc, _("is on this line twice"))
                return None
            steps.append(Step(loc, enter, leave))
        start, end = (
            c.flag(data, "arrow_start", f"{path}.arrow_start"),
            c.flag(data, "arrow_end", f"{path}.arrow_end"),
        )
        name = self.name(data, path)
        if ident is None or name is None:
            return None
        return Line(ident, tuple(steps), start, end, name)

    def game_map(self, data: dict[str, Any]) -> GameMap | None:
        c = self.c
        table = c.table(data, "map", "map")
        if table is None:
            return None
        locations = c.items(table, "locations", "map.locations", self.location, least=2)
        cells: dict[tuple[int, int], str] = {}
        for i, loc in enumerate(locations):
            if (loc.row, loc.col) in cells:
                c.fail(
                    f"map.locations[{i}].row",
                    loc.row,
                    _("{location} is on the cell of {other}").format(
                        location=loc.id, other=cells[loc.row, loc.col]),
                )
            cells[loc.row, loc.col] = loc.id
        known = {loc.id for loc in locations}
        lines = c.items(table, "lines", "map.lines", lambda d, p: self.line(d, p, known))
        if not locations or not lines:
            return None
        return GameMap(tuple(locations), tuple(lines))


def _setup(c: _Checker, data: dict[str, Any]) -> Setup | None:
    table = c.table(data, "setup", "setup")
    if table is None:
        return None
    players = c.players(table, "setup", 4)
    money, ready = (
        c.integer(table, "money", "setup.money", 0, 99),
        c.integer(table, "ready", "setup.ready", 0, 20),
    )
    display = c.integer(table, "display", "setup.display", 1, 6)
    columns, supply = (
        c.counts(table, "column_tiles", "setup.column_tiles"),
        c.counts(table, "supply_tiles", "setup.supply_tiles"),
    )
    if players is None or money is None or ready is None or display is None:
        return None
    if columns is None or supply is None:
        return None
    return Setup(*players, money, ready, columns, supply, display)


#: The tables whose ``name`` is a printed name only: what the table reads, never what the rules do.
_NAMED_TABLES = frozenset({"tycoons", "patents", "board.credits", "credit_rows", "map.lines"})
_HEADER = re.compile(rb"^\s*\[\[?\s*([\w.-]+)\s*\]\]?")
_NAME_LINE = re.compile(rb"^\s*name\s*=")


def rules_digest(data: bytes) -> str:
    """The pack's revision: a SHA-256 (16 hex digits) of the file's bytes, leaving out the ``name``
    lines of its Tycoon tiles, Patent tiles, Credit tokens, Credit rows and lines.

    A printed name changes what the table reads, never a rule, so a game saved with the pack before
    its tiles were named (or renamed) still resumes (:meth:`companion.table.store.Store.resume`
    refuses another revision); every other byte counts.

    :param data: the pack file's bytes, as read.
    """
    kept: list[bytes] = []
    table = b""
    for line in data.splitlines(keepends=True):
        header = _HEADER.match(line)
        if header is not None:
            table = header.group(1)
        elif table.decode("ascii", "replace") in _NAMED_TABLES and _NAME_LINE.match(line):
            continue
        kept.append(line)
    return hashlib.sha256(b"".join(kept)).hexdigest()[:16]


def _unique_names(c: _Checker, key: str, tiles: Sequence[Tycoon | Patent]) -> None:
    """Two tiles of one kind may not share a printed name (the table picks them by it): the second
    is a problem at ``key[i].name``."""
    seen: dict[str, str] = {}
    for i, tile in enumerate(tiles):
        folded = tile.name.casefold()
        if folded and folded in seen:
            c.fail(f"{key}[{i}].name", tile.name, _("is the name of {other} too").format(other=seen[folded]))
        elif folded:
            seen[folded] = tile.id


def _parse(data: bytes, file: str) -> tuple[ContentPack | None, list[ContentError]]:
    doc, data, faults = read_toml(data, file)
    if doc is None:
        return None, faults
    c = _Checker(file)
    ident, name = c.text(doc, "id", "id", True), c.text(doc, "name", "name", longest=60)
    sample = c.flag(doc, "sample", "sample")
    setup = _setup(c, doc)
    r = _Reader(c)
    board = r.board(doc)
    links = c.items(doc, "links", "links", r.bonus)
    rows = c.items(doc, "credit_rows", "credit_rows", r.credit_row)
    tycoons = c.items(doc, "tycoons", "tycoons", r.tycoon)
    patents = c.items(doc, "patents", "patents", r.patent, least=0) if "patents" in doc else []
    for key, tiles in (("tycoons", tycoons), ("patents", patents)):
        _unique_names(c, key, tiles)
    if 1 not in {t.level for t in tycoons} and tycoons:
        c.fail("tycoons", [t.level for t in tycoons], _("must have a level-1 Tycoon tile"))
    if setup is not None and board is not None:
        for column, n in setup.column_tiles:
            room = len(board.column(column).spaces)
            if n > room:
                c.fail(f"setup.column_tiles.{column}", n, _("the column has {room} spaces").format(room=room))
    game_map = r.game_map(doc) if "map" in doc else None
    known = set(doc) - {
        "id",
        "name",
        "sample",
        "setup",
        "board",
        "links",
        "credit_rows",
        "tycoons",
        "patents",
        "map",
    }
    for extra in sorted(known):
        c.fail(extra, doc[extra], _("is not a section of a Five Actions pack"))
    if c.errors or None in (ident, name, setup, board) or ("map" in doc and game_map is None):
        return None, c.errors or [ContentError(file, "<pack>", file, _("is incomplete"))]
    assert ident is not None and name is not None and setup is not None and board is not None
    digest = rules_digest(data)
    pack = ContentPack(
        ident,
        name,
        sample,
        digest,
        setup,
        board,
        tuple(links),
        tuple(rows),
        tuple(tycoons),
        tuple(patents),
        game_map,
    )
    return pack, []


_PACKS: PackLoader[ContentPack] = PackLoader(__package__, DEFAULT_FILE, _parse)
parse_content = _PACKS.parse_content
load_content = _PACKS.load_content
check_content = _PACKS.check_content
default_content = _PACKS.default_content
