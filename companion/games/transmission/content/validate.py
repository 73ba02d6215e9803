"""Validation of a content pack's TOML: the field readers and the per-table checks (private).

:func:`parse` turns a pack file's bytes into a
:class:`~companion.games.transmission.content.model.ContentPack`,
or into every problem found, each a :class:`~companion.errors.ContentError`
naming file, field path and value, in file order.  The public entry points are
:func:`companion.games.transmission.content.model.load_content`,
:func:`~companion.games.transmission.content.model.parse_content`
and :func:`~companion.games.transmission.content.model.check_content`; this module holds only the
checking behind them, so its tests are those of :mod:`companion.games.transmission.content.model`.

Each table is read by one function (``_read_pack``, ``_read_board``, ...) that
cites the RULES.md section it implements; ``_cross_check`` then applies the
rules that tie sections together.  Field paths follow the TOML structure, with
zero-based array indices: ``modules[2].kind``, ``difficulty.hard.bottom``.
"""

from __future__ import annotations

import enum
import hashlib
import math
import re
import types
from collections.abc import Callable, Mapping
from typing import Any

from companion.errors import ContentError
from companion.games.transmission.content.model import (
    DIFFICULTY_NAMES,
    GRID_SIZE,
    LEVELS,
    MAX_CARDS_PER_COMMAND,
    MAX_ERRORS,
    MAX_FLAVOUR,
    MAX_MULTIPLIER,
    MAX_TITLE,
    REGISTERS,
    BoostKind,
    ContentPack,
    Difficulty,
    Mission,
    Module,
    ModuleKind,
    ScoreRule,
    SignalBoost,
    TransmissionCard,
    module_cells,
)
from companion.games.transmission.engine.commands import Command
from companion.i18n import _
from companion.table.pack_file import MISSING, REQUIRED, Marker, read_toml

__all__ = ["parse"]


# --------------------------------------------------------------------------- validation
#
# A *reader* takes a raw TOML value and its field path and returns the checked
# value, or ``None`` after recording the problem.  ``_Checker.fields`` runs one
# reader per key of a table, so sub-tables are read by readers too.

Reader = Callable[[Any, str], Any]


#: A value ``_Checker.fields`` found absent or wrong (already reported).
BAD: Any = Marker("<bad>")

_PACK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
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
            self.fail(path, raw, _("must be a table"))
            return None
        for key, value in raw.items():
            if key not in readers:
                self.fail(f"{path}.{key}", value,
                          _("unknown key (expected: {keys})").format(keys=" ".join(readers)))
        out: dict[str, Any] = {}
        for key, read in readers.items():
            if key not in raw:
                if key not in optional:
                    self.fail(f"{path}.{key}", MISSING, _(REQUIRED))
                out[key] = None if key in optional else BAD
            else:
                value = read(raw[key], f"{path}.{key}")
                out[key] = BAD if value is None else value
        return out

    def entries(self, raw: object, section: str, readers: Mapping[str, Reader],
                optional: tuple[str, ...] = (), allow_empty: bool = False) -> list[dict[str, Any]]:
        """Read an array of tables ``[[section]]``; one dict per entry (``{}`` for a non-table)."""
        if raw is MISSING or (raw == [] and not allow_empty):
            self.fail(section, raw,
                      _("required: write one or more [[{section}]] tables").format(section=section))
            return []
        if not isinstance(raw, list):
            self.fail(section, raw, _("must be an array of tables ([[{section}]])").format(section=section))
            return []
        return [self.fields(item, f"{section}[{i}]", readers, optional) or {} for i, item in enumerate(raw)]

    def text(self, value: object, path: str) -> str | None:
        """A reader of a non-empty string, stripped."""
        if isinstance(value, str) and value.strip():
            return value.strip()
        self.fail(path, value, _("must be a non-empty string"))
        return None

    def integer(self, low: int, high: int | None = None) -> Reader:
        """A reader of an integer from ``low`` to ``high`` (no upper bound when ``None``)."""
        def read(value: object, path: str) -> int | None:
            if not isinstance(value, int) or isinstance(value, bool):
                self.fail(path, value, _("must be an integer"))
            elif value < low or (high is not None and value > high):
                if high is None:
                    self.fail(path, value, _("must be >= {low}").format(low=low))
                else:
                    self.fail(path, value, _("must be from {low} to {high}").format(low=low, high=high))
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
            self.fail(path, value,
                      _("must be one of: {values}").format(values=" ".join(m.value for m in cls)))
            return None
        return read

    def unique(self, ids: set[str]) -> Reader:
        """A reader of a non-empty string id not used by an earlier entry of the section."""
        def read(value: object, path: str) -> str | None:
            ident = self.text(value, path)
            if ident is not None and ident in ids:
                self.fail(path, value, _("another entry already uses this id"))
                return None
            if ident is not None:
                ids.add(ident)
            return ident
        return read

    def levels(self, value: object, path: str) -> tuple[int, ...] | None:
        """Transmission card levels of a difficulty's ``top`` or ``bottom``."""
        if isinstance(value, list) and value and all(_is_int(v) and v in LEVELS for v in value):
            return tuple(value)
        self.fail(path, value, _("must be a non-empty list of Transmission card levels 1-4"))
        return None

    def multiplier(self, value: object, path: str) -> float | None:
        """A reader of a score multiplier: a finite number > 0 and at most 100, as a float."""
        if (isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value) and 0 < value <= MAX_MULTIPLIER):
            return float(value)
        self.fail(path, value, _("must be a number > 0 and at most {most}").format(most=MAX_MULTIPLIER))
        return None

    def bounded_text(self, limit: int) -> Reader:
        """A reader of a non-empty string of at most ``limit`` characters (it must fit the screen)."""
        def read(value: object, path: str) -> str | None:
            text = self.text(value, path)
            if text is not None and len(text) > limit:
                self.fail(path, value,
                          _("is {length} characters; at most {limit} fit the 800x480 screen").format(
                              length=len(text), limit=limit))
                return None
            return text
        return read


# --------------------------------------------------------------------------- sections


def _read_pack(chk: _Checker, raw: object) -> dict[str, Any] | None:
    """``[pack]``: ``name`` (it forms the id ``name@version``), ``version`` >= 1, ``title``."""
    def name(value: object, path: str) -> str | None:
        text = chk.text(value, path)
        if text is not None and not _PACK_NAME.match(text):
            chk.fail(path, value,
                     _("use letters, digits, '.', '_' and '-' only (it forms the id name@version)"))
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
        chk.fail(path, value, _("must be [row, col] with each from 0 to {last}").format(last=GRID_SIZE - 1))
        return None
    return chk.fields(raw, "board", {"start": start, "standard_intact": chk.integer(0)})


def _read_commands(chk: _Checker, raw: object) -> dict[Command, int] | None:
    """``[commands]``: cards of each of the 7 commands (RULES.md, Components: 11 Command cards)."""
    values = chk.fields(raw, "commands", {c.value: chk.integer(0, MAX_CARDS_PER_COMMAND) for c in Command})
    if values is None or not _good(values):
        return None
    deck = {c: int(values[c.value]) for c in Command}
    if sum(deck.values()) < REGISTERS:
        chk.fail("commands", values, _("{cards} cards cannot fill the {registers} registers").format(
            cards=sum(deck.values()), registers=REGISTERS))
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
            chk.fail(path, value, _("must be one upper-case letter A-Z"))
        elif value in seen:
            chk.fail(path, value, _("another module already uses this letter"))
        else:
            seen.add(value)
            return value
        return None

    rows = chk.entries(raw, "modules", {"letter": letter, "name": chk.text, "kind": chk.choice(ModuleKind)})
    kinds = {r["letter"]: r["kind"] for r in rows if r and BAD not in (r["letter"], r["kind"])}
    if kinds and ModuleKind.DEVICE not in kinds.values():
        chk.fail("modules", sorted(kinds), _("at least one module must be a device"))
    return tuple(Module(**r) for r in rows if _good(r)), seen, kinds


def _read_missions(chk: _Checker, raw: object, seen: set[str],
                   kinds: dict[str, ModuleKind]) -> tuple[Mission, ...]:
    """``[[missions]]`` (RULES.md, Missions; Default modules: at least one device).

    ``seen`` holds every well-formed module letter, ``kinds`` those with a valid kind.
    """
    pairs: dict[frozenset[str], str] = {}

    def pair(value: object, path: str) -> tuple[str, str] | None:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            chk.fail(path, value, _('must be two module letters, e.g. ["A", "S"]'))
            return None
        unknown = [v for v in value if v not in seen]
        if unknown:
            chk.fail(path, value, _("{shown} is not a module letter (known: {known})").format(
                shown=repr(unknown[0]), known=" ".join(sorted(seen))))
        elif value[0] == value[1]:
            chk.fail(path, value, _("a mission needs two different modules"))
        elif all(kinds.get(v) is ModuleKind.STATION for v in value):
            chk.fail(path, value, _("two stations can never become adjacent: one must be a device"))
        elif frozenset(value) in pairs:
            chk.fail(path, value,
                     _("{other} already pairs these modules").format(other=pairs[frozenset(value)]))
        else:
            pairs[frozenset(value)] = path.removesuffix(".pair")
            return (value[0], value[1])
        return None

    readers = {"id": chk.unique(set()), "title": chk.bounded_text(MAX_TITLE),
               "flavour": chk.bounded_text(MAX_FLAVOUR), "pair": pair}
    return tuple(Mission(**r) for r in chk.entries(raw, "missions", readers) if _good(r))


def _read_transmissions(chk: _Checker, raw: object) -> tuple[TransmissionCard, ...]:
    """``[[transmissions]]`` (RULES.md, A transmission: Reveal): ``level`` 1-4, optional
    ``clear_register`` 1-5, ``errors`` 0-2 (at most 7 cards fit the Decode screen)."""
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
            chk.fail(path, value,
                     _("must be a list of {size} strings, north row first").format(size=GRID_SIZE))
            return None
        ok = True
        for r, row in enumerate(value):
            bad = [ch for ch in row if ch != "." and ch.upper() not in seen] if isinstance(row, str) else []
            if not (isinstance(row, str) and len(row) == GRID_SIZE):
                chk.fail(f"{path}[{r}]", row,
                         _("must be a string of {size} characters").format(size=GRID_SIZE))
            elif bad:
                chk.fail(f"{path}[{r}]", row, _("{shown} is neither '.' (hallway) nor a module letter "
                                                "(known: {known})").format(shown=repr(bad[0]),
                                                                           known=" ".join(sorted(seen))))
            else:
                continue
            ok = False
        if not ok:
            return None
        cells = "".join(value).upper()
        for letter in sorted(seen):
            if cells.count(letter) != 1:
                chk.fail(path, value,
                         _("module {letter} must appear exactly once (found {count} times)").format(
                             letter=repr(letter), count=cells.count(letter)))
                ok = False
        hallways = GRID_SIZE * GRID_SIZE - len(module_cells())
        if cells.count(".") != hallways:
            chk.fail(path, value, _("needs {hallways} hallways '.', found {count}").format(
                hallways=hallways, count=cells.count(".")))
            ok = False
        for i, ch in enumerate(cells):
            r, c = divmod(i, GRID_SIZE)
            right = cells[i + 1] if c + 1 < GRID_SIZE else "."
            below = cells[i + GRID_SIZE] if r + 1 < GRID_SIZE else "."
            for other in (right, below):
                if ch != "." and other != "." and ok:
                    # A mission between them would be complete before the first command.
                    chk.fail(path, value, _("modules {first} and {second} start side by side; no two modules "
                                            "may start orthogonally adjacent (RULES.md, Layout)").format(
                                                first=ch, second=other))
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
                 _("the Standard Layout needs exactly {needed} modules, found {found} (the cells whose "
                   "row+col is even on the {size}x{size} grid)").format(
                       needed=len(module_cells()), found=len(modules), size=GRID_SIZE))
    intact = board.get("standard_intact") if board else None
    if isinstance(intact, int) and kinds and intact > len(kinds):
        chk.fail("board.standard_intact", intact,
                 _("must be from 0 to {count} (the number of modules)").format(count=len(kinds)))
    if deck is not None and cards:
        worst = max(cards, key=lambda c: c.errors)
        total = sum(deck.values())
        if total < REGISTERS + worst.errors:
            chk.fail("commands", {c.value: n for c, n in deck.items()},
                     _("{total} cards cannot supply {registers} commands plus the {errors} error card(s) "
                       "of Transmission card {card}").format(total=total, registers=REGISTERS,
                                                            errors=worst.errors, card=repr(worst.id)))
    if difficulties and isinstance(raw.get("missions"), list):
        most = max(difficulties, key=lambda d: d.missions)
        if len(missions) < most.missions:
            chk.fail("missions", [m.id for m in missions],
                     _("only {valid} valid missions, but difficulty {name} deals {deals}").format(
                         valid=len(missions), name=repr(most.name), deals=most.missions))
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
                     _("needs {wanted} level-{level} Transmission cards (top and bottom together) "
                       "but the pack has {have}").format(wanted=wanted, level=level, have=have))


# --------------------------------------------------------------------------- the whole pack


def parse(data: bytes, file: str) -> tuple[ContentPack | None, list[ContentError]]:
    """Read and validate one pack's bytes; the pack is ``None`` when anything is wrong.

    A UTF-8 byte-order mark at the start (Windows Notepad writes one) says how the text is encoded,
    not what it says: it is dropped before parsing and is not part of the digest, so a pack and its
    Notepad copy have the same revision (and the default pack, which has none, keeps its own).

    :param data: the TOML file's bytes.
    :param file: the file name used in messages.
    :returns: ``(pack, [])`` for a valid pack, else ``(None, errors)`` with every problem in file
        order; text that is not UTF-8, not TOML or empty is a single error with field ``"<file>"`` or
        ``"<toml>"`` (:func:`companion.table.pack_file.read_toml`).
    """
    raw, data, faults = read_toml(data, file)
    if raw is None:
        return None, faults
    chk = _Checker(file)
    for key, value in raw.items():
        if key not in _TOP_LEVEL:
            chk.fail(key, value,
                     _("unknown table or key (expected: {keys})").format(keys=" ".join(_TOP_LEVEL)))
    for key in ("pack", "board", "commands", "layouts", "difficulty", "score"):
        if key not in raw:
            chk.fail(key, MISSING, _("required table [{key}] is missing").format(key=key))
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
        return None, chk.errors or [ContentError(file, "<toml>", "", _("not a content pack"))]
    return ContentPack(
        **pack, digest=hashlib.sha256(data).hexdigest()[:12], modules=modules, missions=missions,
        transmissions=cards, boosts=boosts, command_deck=types.MappingProxyType(deck), **board,
        beginner_layout=layout, difficulties=difficulties, score=score,
    ), []
