"""Content packs: the game's components as validated, frozen data (DESIGN.md, core step 1).

A content pack is a TOML file holding every choice RULES.md marks "our
decision", so a table that owns the printed game can edit its own copy: the
modules, the missions, the Transmission and Signal Boost cards, the Command
deck, the board (start cell, Standard and Beginner Layouts), the difficulty
presets and the score.  The default pack ships as ``companion/games/transmission/content/default.toml``
and documents the TOML shape in its comments.

Shapes: a position is ``(row, col)``, zero-based from the north-west corner of
the 5 x 5 grid; a board is 5 strings of 5 characters in referee notation
(RULES.md, Referee notation).  Field paths in :class:`~companion.errors.ContentError`
follow the TOML structure, with zero-based array indices: ``modules[2].kind``,
``difficulty.hard.bottom``, ``layouts.beginner.rows[1]``, ``commands.N``.

:func:`load_content` raises the first problem; :func:`check_content` lists all.
The field readers and per-table checks behind them live in
:mod:`companion.games.transmission.content.validate`.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.names import DIFFICULTY_NAMES

__all__ = [
    "BoostKind", "ModuleKind", "Module", "Mission", "TransmissionCard", "SignalBoost", "Difficulty",
    "ScoreRule", "ContentPack", "GRID_SIZE", "REGISTERS", "LEVELS", "DIFFICULTY_NAMES", "MAX_ERRORS",
    "MAX_CARDS_PER_COMMAND", "MAX_MULTIPLIER", "MAX_TITLE", "MAX_FLAVOUR",
    "module_cells",
]

log = logging.getLogger(__name__)

#: Cells per side of the square grid (RULES.md, Components).
GRID_SIZE = 5
#: Transmission card levels (RULES.md, Reveal).
LEVELS = (1, 2, 3, 4)
#: Most errors a card may add: RULES.md allows more than one; at most 7 cards (5 + 2) fit the
#: Decode screen.
MAX_ERRORS = 2
#: Most cards of one command in a deck (the default has 2 of each direction).
MAX_CARDS_PER_COMMAND = 5
#: Largest score multiplier (the default's largest is 2).
MAX_MULTIPLIER = 100
#: Longest mission title and flavour text, in characters, that fit the 800x480 screens.
MAX_TITLE = 28
MAX_FLAVOUR = 90



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

    ``digest`` is the first 12 hex digits of the SHA-256 of the file's bytes (after a UTF-8
    byte-order mark, if any: see :func:`~companion.games.transmission.content.validate.parse`), so
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

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickle support (``companion simulate --jobs`` sends the pack to worker processes): the
        read-only deck goes as a plain dict and is frozen again on arrival."""
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        values["command_deck"] = dict(self.command_deck)
        return (_rebuild_pack, (values,))

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


def _rebuild_pack(values: dict[str, Any]) -> ContentPack:
    """The other half of :meth:`ContentPack.__reduce__`."""
    return ContentPack(**values)
