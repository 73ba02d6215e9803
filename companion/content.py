"""Content packs: the game's components as validated, frozen data (DESIGN.md, core step 1).

A content pack is a TOML file holding every choice RULES.md marks "our
decision", so a table that owns the printed game can edit its own copy: the
modules, the missions, the Transmission and Signal Boost cards, the Command
deck, the board (start cell, Standard and Beginner Layouts), the difficulty
presets and the score.  The default pack ships as ``companion/data/default.toml``
and documents the TOML shape in its comments.

Shapes: a position is ``(row, col)``, zero-based from the north-west corner of
the 5 x 5 grid; a board is 5 strings of 5 characters in referee notation
(RULES.md, Referee notation).  Field paths in :class:`~companion.errors.ContentError`
follow the TOML structure, with zero-based array indices: ``modules[2].kind``,
``difficulty.hard.bottom``, ``layouts.beginner.rows[1]``, ``commands.N``.

:func:`load_content` raises the first problem; :func:`check_content` lists all.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import importlib.resources
import logging
import os
import re
import tomllib
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.commands import Command
from companion.errors import ContentError

__all__ = [
    "BoostKind", "ModuleKind", "Module", "Mission", "TransmissionCard", "SignalBoost", "Difficulty",
    "ScoreRule", "ContentPack", "GRID_SIZE", "REGISTERS", "LEVELS", "DIFFICULTY_NAMES", "MAX_ERRORS",
    "module_cells", "load_content", "parse_content", "check_content", "default_content",
]

log = logging.getLogger(__name__)

#: Cells per side of the square grid (RULES.md, Components).
GRID_SIZE = 5
#: Registers in a transmission, i.e. commands Mission Control selects (RULES.md, Select).
REGISTERS = 5
#: Transmission card levels (RULES.md, Reveal).
LEVELS = (1, 2, 3, 4)
#: The difficulty presets every pack defines, easiest first (RULES.md, Transmission deck).
DIFFICULTY_NAMES = ("training", "standard", "hard", "expert")
#: Most errors a card may add: the Command cards left unselected in the default deck.
MAX_ERRORS = 6

DEFAULT_FILE = "default.toml"


class BoostKind(enum.Enum):
    """The four Signal Boost effects (RULES.md, A transmission: Decode)."""

    CLEAR_SIGNAL = "clear_signal"
    CROSS_CHECK = "cross_check"
    DEBUG = "debug"
    ABORT = "abort"


class ModuleKind(enum.Enum):
    """Stations never move; devices can be carried (RULES.md, Default modules)."""

    STATION = "station"
    DEVICE = "device"


@dataclass(frozen=True)
class Module:
    """A module tile.  ``letter`` is one upper-case A-Z, its referee-notation name."""

    letter: str
    name: str
    kind: ModuleKind

    @property
    def is_device(self) -> bool:
        return self.kind is ModuleKind.DEVICE


@dataclass(frozen=True)
class Mission:
    """A Mission card: deploy the two modules of ``pair`` (letters) side by side, both intact.

    (RULES.md, Missions.)  ``title`` is at most about 28 characters and
    ``flavour`` one line, for an 800 x 480 screen.
    """

    id: str
    title: str
    flavour: str
    pair: tuple[str, str]


@dataclass(frozen=True)
class TransmissionCard:
    """A Transmission card (RULES.md, A transmission: Reveal).

    ``level`` 1-4 chooses the deck slot; ``clear_register`` is the 1-based
    register handed over face up, or ``None``; ``errors`` is how many random
    unselected Command cards join the Cadet's hand.
    """

    id: str
    level: int
    clear_register: int | None
    errors: int


@dataclass(frozen=True)
class SignalBoost:
    """A Signal Boost card; ``text`` is its one-line how-to for the Cadet (RULES.md, Decode)."""

    id: str
    kind: BoostKind
    name: str
    text: str


@dataclass(frozen=True)
class Difficulty:
    """A difficulty preset (RULES.md, Transmission deck and difficulty).

    ``top`` and ``bottom`` are the levels of the cards drawn first (shuffled) and
    then (shuffled); ``multiplier`` scales the score; ``missions`` are dealt.
    """

    name: str
    title: str
    top: tuple[int, ...]
    bottom: tuple[int, ...]
    multiplier: float
    missions: int

    @property
    def levels(self) -> tuple[int, ...]:
        """Levels of every card a game draws, in slot order (``top + bottom``)."""
        return self.top + self.bottom


@dataclass(frozen=True)
class ScoreRule:
    """Points (RULES.md, Score): per completed mission; on a win, per undrawn
    Transmission card and per unused Signal Boost; then times the difficulty's
    multiplier, rounded down."""

    per_mission: int
    per_unused_transmission: int
    per_unused_boost: int


@dataclass(frozen=True)
class ContentPack:
    """A validated content pack.  Build one with :func:`load_content`.

    ``digest`` is the first 12 hex digits of the SHA-256 of the file's bytes, so
    a game record can tell an edited pack from the one it was played with.
    ``command_deck`` maps every :class:`Command` to its number of cards (a
    read-only mapping, left out of the hash).  ``beginner_layout`` is 5 rows of
    referee notation.  ``difficulties`` are in :data:`DIFFICULTY_NAMES` order.
    """

    name: str
    version: int
    title: str
    digest: str
    modules: tuple[Module, ...]
    missions: tuple[Mission, ...]
    transmissions: tuple[TransmissionCard, ...]
    boosts: tuple[SignalBoost, ...]
    command_deck: Mapping[Command, int] = field(hash=False)
    start: tuple[int, int]
    standard_intact: int
    beginner_layout: tuple[str, ...]
    difficulties: tuple[Difficulty, ...]
    score: ScoreRule

    def __post_init__(self) -> None:
        # Freeze a plain dict handed in by a caller (dataclasses.replace, tests).
        if not isinstance(self.command_deck, types.MappingProxyType):
            deck = {c: self.command_deck.get(c, 0) for c in Command}
            object.__setattr__(self, "command_deck", types.MappingProxyType(deck))

    @property
    def id(self) -> str:
        """``"name@version"``, e.g. ``"incoming-transmission@1"``."""
        return f"{self.name}@{self.version}"

    @property
    def devices(self) -> frozenset[str]:
        """Letters of the modules that can be carried."""
        return frozenset(m.letter for m in self.modules if m.is_device)

    @property
    def stations(self) -> frozenset[str]:
        """Letters of the modules that never move."""
        return frozenset(m.letter for m in self.modules if not m.is_device)

    @property
    def command_cards(self) -> int:
        """Number of Command cards in the deck (11 by default)."""
        return sum(self.command_deck.values())

    def module(self, letter: str) -> Module:
        """The module named by ``letter`` (either case).  :raises KeyError: naming the known letters."""
        return _find(self.modules, "letter", letter.upper(), "module")

    def mission(self, id: str) -> Mission:
        """The mission with this id.  :raises KeyError: naming the known ids."""
        return _find(self.missions, "id", id, "mission")

    def transmission(self, id: str) -> TransmissionCard:
        """The Transmission card with this id.  :raises KeyError: naming the known ids."""
        return _find(self.transmissions, "id", id, "Transmission card")

    def boost(self, id: str) -> SignalBoost:
        """The Signal Boost with this id.  :raises KeyError: naming the known ids."""
        return _find(self.boosts, "id", id, "Signal Boost")

    def difficulty(self, name: str) -> Difficulty:
        """The difficulty preset called ``name``.  :raises KeyError: listing the names."""
        return _find(self.difficulties, "name", name, "difficulty")

    def transmissions_of_level(self, level: int) -> tuple[TransmissionCard, ...]:
        """The Transmission cards of one level, in pack order (RULES.md, Transmission deck)."""
        return tuple(t for t in self.transmissions if t.level == level)


_T = TypeVar("_T")


def _find(items: tuple[_T, ...], attr: str, key: str, what: str) -> _T:
    for item in items:
        if getattr(item, attr) == key:
            return item
    known = " ".join(getattr(item, attr) for item in items)
    raise KeyError(f"no {what} {key!r} in this content pack (known: {known})")


def module_cells() -> tuple[tuple[int, int], ...]:
    """The 13 cells ``(row, col)`` whose ``row + col`` is even, row by row: where the
    Standard Layout places modules (RULES.md, Layout: our decision).  The other 12
    cells get hallways."""
    return tuple((r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE) if (r + c) % 2 == 0)


# --------------------------------------------------------------------------- validation
#
# A *reader* takes a raw TOML value and its field path and returns the checked
# value, or ``None`` after recording the problem.  ``_Checker.fields`` runs one
# reader per key of a table, so sub-tables are read by readers too.

Reader = Callable[[Any, str], Any]


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: An absent key, shown as ``<missing>`` in messages.
MISSING: Any = _Marker("<missing>")
#: A value ``_Checker.fields`` found absent or wrong (already reported).
BAD: Any = _Marker("<bad>")

_PACK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
_TOML_LINE = re.compile(r"at line (\d+), column \d+")
_TOP_LEVEL = ("pack", "board", "commands", "modules", "missions", "transmissions", "boosts",
              "layouts", "difficulty", "score")


def _is_int(value: object) -> bool:
    """A TOML integer; ``bool`` is not one (``true`` is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _good(values: dict[str, Any] | None) -> bool:
    """Every field of a table read by ``_Checker.fields`` is present and valid."""
    return values is not None and bool(values) and all(v is not BAD for v in values.values())


class _Checker:
    """Collects the :class:`ContentError` s of one pack, in file order."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.errors: list[ContentError] = []

    def fail(self, path: str, value: object, problem: str) -> None:
        self.errors.append(ContentError(self.file, path, value, problem))

    def fields(self, raw: object, path: str, readers: Mapping[str, Reader],
               optional: tuple[str, ...] = ()) -> dict[str, Any] | None:
        """Read a table through one reader per key.

        Unknown keys and missing required keys are reported; the result maps
        each key to its value, ``BAD`` (reported) or ``None`` (an absent optional
        key).  ``None`` when ``raw`` is not a table (reported unless ``MISSING``).
        """
        if raw is MISSING:
            return None
        if not isinstance(raw, dict):
            self.fail(path, raw, "must be a table")
            return None
        for key, value in raw.items():
            if key not in readers:
                self.fail(f"{path}.{key}", value, f"unknown key (expected: {' '.join(readers)})")
        out: dict[str, Any] = {}
        for key, read in readers.items():
            if key not in raw:
                if key not in optional:
                    self.fail(f"{path}.{key}", MISSING, "required key is missing")
                out[key] = None if key in optional else BAD
            else:
                value = read(raw[key], f"{path}.{key}")
                out[key] = BAD if value is None else value
        return out

    def entries(self, raw: object, section: str, readers: Mapping[str, Reader],
                optional: tuple[str, ...] = (), allow_empty: bool = False) -> list[dict[str, Any]]:
        """Read an array of tables ``[[section]]``; one dict per entry (``{}`` for a non-table)."""
        if raw is MISSING or (raw == [] and not allow_empty):
            self.fail(section, raw, f"required: write one or more [[{section}]] tables")
            return []
        if not isinstance(raw, list):
            self.fail(section, raw, f"must be an array of tables ([[{section}]])")
            return []
        return [self.fields(item, f"{section}[{i}]", readers, optional) or {} for i, item in enumerate(raw)]

    def text(self, value: object, path: str) -> str | None:
        if isinstance(value, str) and value.strip():
            return value.strip()
        self.fail(path, value, "must be a non-empty string")
        return None

    def integer(self, low: int, high: int | None = None) -> Reader:
        """A reader of an integer from ``low`` to ``high`` (no upper bound when ``None``)."""
        def read(value: object, path: str) -> int | None:
            if not isinstance(value, int) or isinstance(value, bool):
                self.fail(path, value, "must be an integer")
            elif value < low or (high is not None and value > high):
                bounds = f">= {low}" if high is None else f"from {low} to {high}"
                self.fail(path, value, f"must be {bounds}")
            else:
                return value
            return None
        return read

    def choice(self, cls: type[enum.Enum]) -> Reader:
        """A reader of one of an enum's values, giving the member."""
        def read(value: object, path: str) -> enum.Enum | None:
            for member in cls:
                if value == member.value:
                    return member
            self.fail(path, value, f"must be one of: {' '.join(m.value for m in cls)}")
            return None
        return read

    def unique(self, ids: set[str]) -> Reader:
        """A reader of a non-empty string id not used by an earlier entry of the section."""
        def read(value: object, path: str) -> str | None:
            ident = self.text(value, path)
            if ident is not None and ident in ids:
                self.fail(path, value, "another entry already uses this id")
                return None
            if ident is not None:
                ids.add(ident)
            return ident
        return read

    def levels(self, value: object, path: str) -> tuple[int, ...] | None:
        """Transmission card levels of a difficulty's ``top`` or ``bottom``."""
        if isinstance(value, list) and value and all(_is_int(v) and v in LEVELS for v in value):
            return tuple(value)
        self.fail(path, value, "must be a non-empty list of Transmission card levels 1-4")
        return None

    def multiplier(self, value: object, path: str) -> float | None:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
        self.fail(path, value, "must be a number > 0")
        return None


# --------------------------------------------------------------------------- sections


def _read_pack(chk: _Checker, raw: object) -> dict[str, Any] | None:
    """``[pack]``: ``name`` (it forms the id ``name@version``), ``version`` >= 1, ``title``."""
    def name(value: object, path: str) -> str | None:
        text = chk.text(value, path)
        if text is not None and not _PACK_NAME.match(text):
            chk.fail(path, value, "use letters, digits, '.', '_' and '-' only (it forms the id name@version)")
            return None
        return text
    return chk.fields(raw, "pack", {"name": name, "version": chk.integer(1), "title": chk.text})


def _read_board(chk: _Checker, raw: object) -> dict[str, Any] | None:
    """``[board]``: the Cadet's ``start`` (RULES.md, Cadet start) and ``standard_intact``
    (RULES.md, Layout), range-checked against the modules in :func:`_cross_check`."""
    def start(value: object, path: str) -> tuple[int, int] | None:
        if (isinstance(value, list) and len(value) == 2
                and all(_is_int(v) and 0 <= v < GRID_SIZE for v in value)):
            return (value[0], value[1])
        chk.fail(path, value, f"must be [row, col] with each from 0 to {GRID_SIZE - 1}")
        return None
    return chk.fields(raw, "board", {"start": start, "standard_intact": chk.integer(0)})


def _read_commands(chk: _Checker, raw: object) -> dict[Command, int] | None:
    """``[commands]``: cards of each of the 7 commands (RULES.md, Components: 11 Command cards)."""
    values = chk.fields(raw, "commands", {c.value: chk.integer(0) for c in Command})
    if values is None or not _good(values):
        return None
    deck = {c: int(values[c.value]) for c in Command}
    if sum(deck.values()) < REGISTERS:
        chk.fail("commands", values, f"{sum(deck.values())} cards cannot fill the {REGISTERS} registers")
        return None
    return deck


def _read_modules(chk: _Checker, raw: object
                  ) -> tuple[tuple[Module, ...], set[str], dict[str, ModuleKind]]:
    """``[[modules]]`` (RULES.md, Default modules).

    :returns: the modules, every well-formed letter and ``letter -> kind`` for the
        entries whose letter and kind are valid, so later sections check against
        them even when another module field is wrong.
    """
    seen: set[str] = set()

    def letter(value: object, path: str) -> str | None:
        if not (isinstance(value, str) and len(value) == 1 and "A" <= value <= "Z"):
            chk.fail(path, value, "must be one upper-case letter A-Z")
        elif value in seen:
            chk.fail(path, value, "another module already uses this letter")
        else:
            seen.add(value)
            return value
        return None

    rows = chk.entries(raw, "modules", {"letter": letter, "name": chk.text, "kind": chk.choice(ModuleKind)})
    kinds = {r["letter"]: r["kind"] for r in rows if r and BAD not in (r["letter"], r["kind"])}
    if kinds and ModuleKind.DEVICE not in kinds.values():
        chk.fail("modules", sorted(kinds), "at least one module must be a device")
    return tuple(Module(**r) for r in rows if _good(r)), seen, kinds


def _read_missions(chk: _Checker, raw: object, seen: set[str],
                   kinds: dict[str, ModuleKind]) -> tuple[Mission, ...]:
    """``[[missions]]`` (RULES.md, Missions; Default modules: at least one device).

    ``seen`` holds every well-formed module letter, ``kinds`` those with a valid kind.
    """
    pairs: dict[frozenset[str], str] = {}

    def pair(value: object, path: str) -> tuple[str, str] | None:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            chk.fail(path, value, 'must be two module letters, e.g. ["A", "S"]')
            return None
        unknown = [v for v in value if v not in seen]
        if unknown:
            chk.fail(path, value, f"{unknown[0]!r} is not a module letter (known: {' '.join(sorted(seen))})")
        elif value[0] == value[1]:
            chk.fail(path, value, "a mission needs two different modules")
        elif all(kinds.get(v) is ModuleKind.STATION for v in value):
            chk.fail(path, value, "two stations can never become adjacent: one must be a device")
        elif frozenset(value) in pairs:
            chk.fail(path, value, f"{pairs[frozenset(value)]} already pairs these modules")
        else:
            pairs[frozenset(value)] = path.removesuffix(".pair")
            return (value[0], value[1])
        return None

    readers = {"id": chk.unique(set()), "title": chk.text, "flavour": chk.text, "pair": pair}
    return tuple(Mission(**r) for r in chk.entries(raw, "missions", readers) if _good(r))


def _read_transmissions(chk: _Checker, raw: object) -> tuple[TransmissionCard, ...]:
    """``[[transmissions]]`` (RULES.md, A transmission: Reveal): ``level`` 1-4, optional
    ``clear_register`` 1-5, ``errors`` 0-6 (the Command cards left unselected)."""
    readers = {"id": chk.unique(set()), "level": chk.integer(1, len(LEVELS)),
               "clear_register": chk.integer(1, REGISTERS), "errors": chk.integer(0, MAX_ERRORS)}
    rows = chk.entries(raw, "transmissions", readers, optional=("clear_register",))
    return tuple(TransmissionCard(**r) for r in rows if _good(r))


def _read_boosts(chk: _Checker, raw: object) -> tuple[SignalBoost, ...]:
    """``[[boosts]]`` (RULES.md, A transmission: Decode)."""
    readers = {"id": chk.unique(set()), "kind": chk.choice(BoostKind), "name": chk.text, "text": chk.text}
    rows = chk.entries(raw, "boosts", readers, allow_empty=True)  # a table may play without boosts
    return tuple(SignalBoost(**r) for r in rows if _good(r))


def _read_layouts(chk: _Checker, raw: object, seen: set[str]) -> tuple[str, ...] | None:
    """``[layouts.beginner] rows``: the Beginner Layout in referee notation (RULES.md,
    Layout; Referee notation): 5 strings of 5 characters, each module once, 12 hallways."""
    def rows(value: object, path: str) -> tuple[str, ...] | None:
        if not (isinstance(value, list) and len(value) == GRID_SIZE):
            chk.fail(path, value, f"must be a list of {GRID_SIZE} strings, north row first")
            return None
        ok = True
        for r, row in enumerate(value):
            bad = [ch for ch in row if ch != "." and ch.upper() not in seen] if isinstance(row, str) else []
            if not (isinstance(row, str) and len(row) == GRID_SIZE):
                chk.fail(f"{path}[{r}]", row, f"must be a string of {GRID_SIZE} characters")
            elif bad:
                chk.fail(f"{path}[{r}]", row, f"{bad[0]!r} is neither '.' (hallway) nor a module "
                                              f"letter (known: {' '.join(sorted(seen))})")
            else:
                continue
            ok = False
        if not ok:
            return None
        cells = "".join(value).upper()
        for letter in sorted(seen):
            if cells.count(letter) != 1:
                chk.fail(path, value, f"module {letter!r} must appear exactly once "
                                      f"(found {cells.count(letter)} times)")
                ok = False
        hallways = GRID_SIZE * GRID_SIZE - len(module_cells())
        if cells.count(".") != hallways:
            chk.fail(path, value, f"needs {hallways} hallways '.', found {cells.count('.')}")
            ok = False
        return tuple(value) if ok else None

    def beginner(value: object, path: str) -> tuple[str, ...] | None:
        got = chk.fields(value, path, {"rows": rows})
        return got["rows"] if got is not None and _good(got) else None

    got = chk.fields(raw, "layouts", {"beginner": beginner})
    return got["beginner"] if got is not None and _good(got) else None


def _read_difficulties(chk: _Checker, raw: object) -> tuple[Difficulty, ...]:
    """``[difficulty.<name>]`` for each of :data:`DIFFICULTY_NAMES` (RULES.md,
    Transmission deck and difficulty; Score for ``multiplier``).  Returns the valid ones."""
    def preset(name: str) -> Reader:
        def read(value: object, path: str) -> Difficulty | None:
            got = chk.fields(value, path, {"title": chk.text, "top": chk.levels, "bottom": chk.levels,
                                           "multiplier": chk.multiplier, "missions": chk.integer(1)})
            return Difficulty(name=name, **got) if got is not None and _good(got) else None
        return read

    got = chk.fields(raw, "difficulty", {name: preset(name) for name in DIFFICULTY_NAMES})
    return tuple(d for d in (got or {}).values() if d is not BAD)


def _read_score(chk: _Checker, raw: object) -> ScoreRule | None:
    """``[score]`` (RULES.md, Score): points, each an integer >= 0."""
    keys = ("per_mission", "per_unused_transmission", "per_unused_boost")
    got = chk.fields(raw, "score", {key: chk.integer(0) for key in keys})
    return ScoreRule(**got) if got is not None and _good(got) else None


# --------------------------------------------------------------------------- cross checks


def _cross_check(chk: _Checker, raw: dict[str, Any], kinds: dict[str, ModuleKind],
                 board: dict[str, Any] | None, deck: dict[Command, int] | None,
                 missions: tuple[Mission, ...], cards: tuple[TransmissionCard, ...],
                 difficulties: tuple[Difficulty, ...]) -> None:
    """Rules that tie sections together; each compares valid entries only."""
    modules = raw.get("modules")
    if isinstance(modules, list) and modules and len(modules) != len(module_cells()):
        chk.fail("modules", [m.get("letter") if isinstance(m, dict) else m for m in modules],
                 f"the Standard Layout needs exactly {len(module_cells())} modules, found "
                 f"{len(modules)} (the cells whose row+col is even on the {GRID_SIZE}x{GRID_SIZE} grid)")
    intact = board.get("standard_intact") if board else None
    if isinstance(intact, int) and kinds and intact > len(kinds):
        chk.fail("board.standard_intact", intact, f"must be from 0 to {len(kinds)} (the number of modules)")
    if deck is not None and cards:
        worst = max(cards, key=lambda c: c.errors)
        total = sum(deck.values())
        if total < REGISTERS + worst.errors:
            chk.fail("commands", {c.value: n for c, n in deck.items()},
                     f"{total} cards cannot supply {REGISTERS} commands plus the {worst.errors} "
                     f"error card(s) of Transmission card {worst.id!r}")
    if difficulties and isinstance(raw.get("missions"), list):
        most = max(difficulties, key=lambda d: d.missions)
        if len(missions) < most.missions:
            chk.fail("missions", [m.id for m in missions], f"only {len(missions)} valid missions, "
                     f"but difficulty {most.name!r} deals {most.missions}")
    if isinstance(raw.get("transmissions"), list):
        for d in difficulties:
            _check_levels(chk, d, cards)


def _check_levels(chk: _Checker, d: Difficulty, cards: tuple[TransmissionCard, ...]) -> None:
    """A difficulty asks for no more cards of a level than the pack holds, counting
    top and bottom together (RULES.md, Transmission deck and difficulty)."""
    for level in LEVELS:
        wanted = d.levels.count(level)
        have = sum(1 for c in cards if c.level == level)
        if wanted > have:
            where, value = ("bottom", d.bottom) if level in d.bottom else ("top", d.top)
            chk.fail(f"difficulty.{d.name}.{where}", list(value),
                     f"needs {wanted} level-{level} Transmission cards (top and bottom together) "
                     f"but the pack has {have}")


# --------------------------------------------------------------------------- entry points


def _parse(data: bytes, file: str) -> tuple[ContentPack | None, list[ContentError]]:
    """Read and validate one pack's bytes; the pack is ``None`` when anything is wrong."""
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return None, [ContentError(file, "<file>", data[exc.start:exc.end], f"not UTF-8 text: {exc.reason}")]
    except tomllib.TOMLDecodeError as exc:
        return None, [ContentError(file, "<toml>", _toml_line(data, str(exc)), f"TOML syntax error: {exc}")]
    chk = _Checker(file)
    for key, value in raw.items():
        if key not in _TOP_LEVEL:
            chk.fail(key, value, f"unknown table or key (expected: {' '.join(_TOP_LEVEL)})")
    for key in ("pack", "board", "commands", "layouts", "difficulty", "score"):
        if key not in raw:
            chk.fail(key, MISSING, f"required table [{key}] is missing")
    pack = _read_pack(chk, raw.get("pack", MISSING))
    board = _read_board(chk, raw.get("board", MISSING))
    deck = _read_commands(chk, raw.get("commands", MISSING))
    modules, seen, kinds = _read_modules(chk, raw.get("modules", MISSING))
    missions = _read_missions(chk, raw.get("missions", MISSING), seen, kinds)
    cards = _read_transmissions(chk, raw.get("transmissions", MISSING))
    boosts = _read_boosts(chk, raw.get("boosts", MISSING))
    layout = _read_layouts(chk, raw.get("layouts", MISSING), seen)
    difficulties = _read_difficulties(chk, raw.get("difficulty", MISSING))
    score = _read_score(chk, raw.get("score", MISSING))
    _cross_check(chk, raw, kinds, board, deck, missions, cards, difficulties)
    if chk.errors or pack is None or board is None or deck is None or layout is None or score is None:
        return None, chk.errors or [ContentError(file, "<toml>", "", "not a content pack")]
    return ContentPack(
        **pack, digest=hashlib.sha256(data).hexdigest()[:12], modules=modules, missions=missions,
        transmissions=cards, boosts=boosts, command_deck=types.MappingProxyType(deck), **board,
        beginner_layout=layout, difficulties=difficulties, score=score,
    ), []


def _toml_line(data: bytes, message: str) -> str:
    """The source line a ``tomllib`` message points at (``"at line 3, column 5"``), or ``""``."""
    match = _TOML_LINE.search(message)
    lines = data.decode("utf-8", errors="replace").splitlines()
    number = int(match.group(1)) if match else 0
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""


def _read_bytes(path: str | os.PathLike[str] | None) -> tuple[bytes, str]:
    """The pack's bytes and the file name used in messages (``default.toml`` for the default).

    :raises ContentError: field ``"<file>"`` when the file cannot be read.
    """
    if path is None:
        return (importlib.resources.files("companion") / "data" / DEFAULT_FILE).read_bytes(), DEFAULT_FILE
    file = os.fspath(path)
    try:
        with open(file, "rb") as handle:
            return handle.read(), file
    except OSError as exc:
        raise ContentError(file, "<file>", file, f"cannot read the file: {exc.strerror or exc}") from exc


def parse_content(data: bytes, file: str = "<bytes>") -> ContentPack:
    """Validate a pack held in memory; ``data`` is the TOML file's bytes and ``file``
    the name used in messages.

    :raises ContentError: the first problem found.
    """
    pack, errors = _parse(data, file)
    if pack is None:
        raise errors[0]
    log.debug("loaded content pack %s (digest %s) from %s", pack.id, pack.digest, file)
    return pack


def load_content(path: str | os.PathLike[str] | None = None) -> ContentPack:
    """Load and validate a pack file; ``None`` loads the default shipped in
    ``companion/data/default.toml`` (read through :mod:`importlib.resources`).

    :raises ContentError: the first problem found, naming file, field and value.
    """
    data, file = _read_bytes(path)
    return parse_content(data, file)


def check_content(path: str | os.PathLike[str] | None = None) -> list[ContentError]:
    """Every problem in a pack file, ``[]`` when it is valid (``None``: the default pack).

    An unreadable file or a TOML syntax error is a single error with field
    ``"<file>"`` or ``"<toml>"``; the latter's problem holds tomllib's line and column.
    """
    try:
        data, file = _read_bytes(path)
    except ContentError as exc:
        return [exc]
    return _parse(data, file)[1]


@functools.cache
def default_content() -> ContentPack:
    """The default pack, loaded once (see :func:`load_content`)."""
    return load_content(None)
