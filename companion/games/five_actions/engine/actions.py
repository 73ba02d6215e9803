"""The actions of a Five Actions record: frozen dataclasses with a JSON round-trip.

Source: ``seeds/five-actions-rules.txt``.  The five actions (:class:`Install`, :class:`Transmit`,
:class:`Modulate`, :class:`Fund`, :class:`Supply`) are the current player's (Your turn);
:class:`Pass` is ours, for a player who cannot or will not act.  :class:`Draw` is chance (a Tycoon
tile drawn from a level's face-down stack: to refill the display or for a player who takes the top
tile), so a table with its own shuffled stacks can supply it.  :class:`Start`, :class:`EndGame` (ours:
the excerpt does not say when; the final icons are counted) and :class:`Undo` are the table's.
:class:`Pass`, :class:`EndGame` and :class:`Undo` are every game of actions'
(:mod:`companion.table.checked_game`).

**Boxes**: ``box`` is ``"basic"``, ``"advanced"`` or ``"patent"`` (the Patent waiting above the
column; ``side`` ``"A"`` or ``"B"`` is then chosen, Patents).

**Two ways to know the board**: with the map (layout ``map``) Locations are the map's ids and the
referee finds everything itself; a Transmission names its ``line`` and ``direction``.  On the
printed board (layout ``printed``) Locations are the names the table reads, and the table says only
what the referee cannot know: ``locations`` along the line (fewer than 2: the rest left at a red
arrow), whether each is ``empty``, an Installation's ``reward`` track, and the dollars of each bonus.

JSON form: ``{"kind": "install", "location": "hill", "box": "basic", ...}``; :func:`to_json` /
:func:`from_json` round-trip every action, and :func:`from_json` refuses any other JSON value with
a :class:`~companion.errors.RecordError` naming the field (``install.box``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.checked_game import EndGame, Pass, Undo
from companion.table.record import ActionCodec, field_reader, shown

__all__ = [
    "Action",
    "Start",
    "Draw",
    "Install",
    "Transmit",
    "Modulate",
    "Fund",
    "Supply",
    "Pass",
    "EndGame",
    "Undo",
    "BOXES",
    "DIRECTIONS",
    "PLAYER_ACTIONS",
    "CODEC",
    "to_json",
    "from_json",
    "shown",
    "kind_of",
]

#: The Action Boxes of a column (Patents: the Patent above the column is the third).
BOXES = ("basic", "advanced", "patent")
#: Along a printed line: in its listed order, or against it.
DIRECTIONS = ("forward", "back")


@dataclass(frozen=True, slots=True)
class Start:
    """The table: the players' names in seat order (the first player first) and the Location of each
    one's first station (a map id, or the printed Location's name)."""

    names: tuple[str, ...]
    starts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the Tycoon tile drawn from the level-``level`` face-down stack."""

    level: int
    tycoon: str


@dataclass(frozen=True, slots=True)
class Install:
    """Installation: the lowest station on ``location`` (Installation).

    :param box: ``basic`` (Unmodulated side up) or ``advanced`` (Modulated), or ``patent``.
    :param empty, reward, bonus: printed board only: whether the Location holds no piece at all,
        its reward icon's Progress track, its bonus in dollars.
    """

    location: str
    box: str
    side: str | None = None
    empty: bool | None = None
    reward: str | None = None
    bonus: int = 0


@dataclass(frozen=True, slots=True)
class Transmit:
    """Transmission: 2 Signal tokens from the Unmodulated station on ``station`` (Transmission).

    :param line, direction: map only: the printed line and which way along it.
    :param locations: printed board: the next Locations along the line (1: the second left at a red
        arrow or a V connection); with the map, a Patent pattern's Locations (else checked if given).
    :param empty, bonus: printed board: whether each of ``locations`` is empty, each bonus in dollars.
    """

    station: str
    box: str
    line: str | None = None
    direction: str | None = None
    locations: tuple[str, ...] = ()
    empty: tuple[bool, ...] = ()
    bonus: tuple[int, ...] = ()
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Modulate:
    """Modulation: as :class:`Transmit` from a Modulated station, then the Permanent Links marker."""

    station: str
    box: str
    line: str | None = None
    direction: str | None = None
    locations: tuple[str, ...] = ()
    empty: tuple[bool, ...] = ()
    bonus: tuple[int, ...] = ()
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Fund:
    """Funding: the Credit token from board space ``credit`` onto Credit row ``row``, then a Tycoon:
    the face-up ``tycoon``, or the top tile of the level-``face_down`` stack (Funding)."""

    credit: str
    row: str
    box: str
    tycoon: str | None = None
    face_down: int | None = None
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Supply:
    """Supply: the Credit token from ``credit`` onto ``row``; ``tiles``: the column of each Action
    tile taken from the supply; ``patent``: the Patent taken, when one is earned (Supply)."""

    credit: str
    row: str
    tiles: tuple[str, ...] = ()
    patent: str | None = None


Action = Start | Draw | Install | Transmit | Modulate | Fund | Supply | Pass | EndGame | Undo

#: The actions a player takes on their turn.
PLAYER_ACTIONS = ("install", "transmit", "modulate", "fund", "supply", "pass")

#: The JSON form of every action (:class:`~companion.table.record.ActionCodec`): each one's ``kind``
#: is its class's name in snake case (``"end_game"``); a text field holds at most 40 characters,
#: a whole number is at most 10**6 in size, a list has at most 12 items.
CODEC: ActionCodec[Action] = ActionCodec.of(Action, field_reader(longest=40, largest=10**6, most=12))
#: The action's JSON ``kind`` (``"install"``).
kind_of = CODEC.kind_of
#: The action's JSON form (tuples as lists).
to_json = CODEC.to_json
#: The action of a JSON form (:meth:`~companion.table.record.ActionCodec.from_json`): refuses any
#: other JSON value with a :class:`~companion.errors.RecordError` naming the field.
from_json = CODEC.from_json
