"""The actions of a Six Actions record: frozen dataclasses with a JSON round-trip.

Source: ``seeds/six-actions-rules.txt``.  The six actions (:class:`Build`, :class:`Share`,
:class:`Muster`, :class:`Strategy`, :class:`Politics`, :class:`Loan`) are the current player's and
take an action token (``plus=True``: a +1 Action token); :class:`Pass` and :class:`EndTurn` end a
turn.  The free actions (:class:`EmergencyLoan`, :class:`PlayMerit`, :class:`Adjust`,
:class:`MovePawn`) name their player.  :class:`Draw` is chance (the Merit, Industry and Policy
draws), so a table with its own shuffled deck can supply the card.  :class:`Start`,
:class:`NewRound`, :class:`EndGame`, :class:`Settle` and :class:`Undo` are the table's.
:class:`Pass` (no more turns this round: our decision), :class:`EndGame` (after the last round's
Revenue and Dividends: the end settlement begins) and :class:`Undo` are every game of actions'
(:mod:`companion.table.checked_game`).

JSON form: ``{"kind": "build", "card": "mine", "city": "ironton", "road_cities": null, "plus": false}``;
:func:`to_json` / :func:`from_json` round-trip every action, and :func:`from_json` refuses any other
JSON value with a :class:`~companion.errors.RecordError` naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.checked_game import EndGame, Pass, Undo
from companion.table.record import ActionCodec, field_reader, shown

__all__ = [
    "Action",
    "Start",
    "Draw",
    "Build",
    "Share",
    "Muster",
    "Strategy",
    "Politics",
    "Loan",
    "Pass",
    "EndTurn",
    "EmergencyLoan",
    "PlayMerit",
    "Adjust",
    "MovePawn",
    "NewRound",
    "EndGame",
    "Settle",
    "Undo",
    "TOKEN_ACTIONS",
    "CODEC",
    "to_json",
    "from_json",
    "shown",
    "kind_of",
]


@dataclass(frozen=True, slots=True)
class Start:
    """The table: the players (names and colours, in seat order) and the first Tycoon's seat."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    tycoon: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card drawn from ``pile`` (``"merit"``, ``"industry"``, ``"policy"``) for the draw
    that is pending (a Merit card after Muster, a refill of the open cards, a card dealt at setup)."""

    pile: str
    card: str


@dataclass(frozen=True, slots=True)
class Build:
    """Build ``card`` (an unbuilt Industry card of the current player) in ``city``.

    :param city: a map city's id (the ``map`` layout) or the city's name (``printed``).
    :param road_cities: cities along the golden road from the active metro, both counted: given by the
        table on the printed board (needed when the card has a Power or Transport icon); with a map
        the referee counts it and a given number must agree.
    """

    card: str
    city: str
    road_cities: int | None = None
    plus: bool = False


@dataclass(frozen=True, slots=True)
class Share:
    """Buy the cheapest remaining share of the player in seat ``opponent``."""

    opponent: int
    plus: bool = False


@dataclass(frozen=True, slots=True)
class Muster:
    """Move 1 to 6 Promoters from hand to the Strategy Pool, then draw a Merit card."""

    promoters: int
    plus: bool = False


@dataclass(frozen=True, slots=True)
class Strategy:
    """Take a Strategy space (see :data:`companion.games.six_actions.engine.rules.SPACES`).

    :param amount: Sales and Advertising: the bonus taken, one of the space's three.
    :param card, gain: Administration, buy an Industry: the open card's id, then ``"money"`` (10 Cr)
        or ``"influence"`` (2 Influence).
    :param policy: Lobby: the open Policy's id.
    :param city: Office: the empty city (id with a map, name on the printed board).
    :param tracks: Export: one sector (4), or two (7: the same one twice for 2 steps).
    """

    space: str
    amount: int | None = None
    card: str | None = None
    gain: str | None = None
    policy: str | None = None
    city: str | None = None
    tracks: tuple[str, ...] = ()
    plus: bool = False


@dataclass(frozen=True, slots=True)
class Politics:
    """Gain the Politics bonus of every Policy owned, then a Favor token."""

    plus: bool = False


@dataclass(frozen=True, slots=True)
class Loan:
    """Take the loan level in Cr (30 before a Finance disc), a note, one Finance step up."""

    plus: bool = False


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The current player ends a turn in which a +1 Action token could still be spent."""


@dataclass(frozen=True, slots=True)
class EmergencyLoan:
    """Free, at any moment: ``player`` takes ``amount`` (1 to 25) Cr and a note; no Finance step."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class PlayMerit:
    """``player`` plays a Merit card (it goes to the bottom of the deck); its effect is an :class:`Adjust`."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Adjust:
    """What the excerpt does not define (Revenue, Dividends, National Projects, Policy bidding, Merit
    effects), entered with its ``reason``.

    ``money`` > 0 is paid to ``player`` by the counterparty, < 0 by ``player`` to it; the
    counterparty is the supply (``None``) or another seat.  Influence, Asset Value and Promoters (in
    hand) change by the amounts given (never below 0).
    """

    player: int
    reason: str
    money: int = 0
    influence: int = 0
    asset_value: int = 0
    promoters: int = 0
    counterparty: int | None = None


@dataclass(frozen=True, slots=True)
class MovePawn:
    """The table moves the pawn to ``metro`` (the active metro of Build), when its rules say so."""

    metro: str


@dataclass(frozen=True, slots=True)
class NewRound:
    """After a round's end (and its Revenue and Dividends): the next round, its Tycoon in ``tycoon``."""

    tycoon: int


@dataclass(frozen=True, slots=True)
class Settle:
    """End settlement: ``player`` repays ``repay`` notes at 50 Cr each; the rest stay unpaid."""

    player: int
    repay: int


Action = (
    Start
    | Draw
    | Build
    | Share
    | Muster
    | Strategy
    | Politics
    | Loan
    | Pass
    | EndTurn
    | EmergencyLoan
    | PlayMerit
    | Adjust
    | MovePawn
    | NewRound
    | EndGame
    | Settle
    | Undo
)

#: The six actions, which take an action token.
TOKEN_ACTIONS = ("build", "share", "muster", "strategy", "politics", "loan")

#: The JSON form of every action (:class:`~companion.table.record.ActionCodec`): each one's ``kind``
#: is its class's name in snake case (``"end_game"``); a text field holds at most 200 characters,
#: a whole number is at most 10**9 in size, a list has at most 10 items.
CODEC: ActionCodec[Action] = ActionCodec.of(Action, field_reader(longest=200, largest=10**9, most=10))
#: The action's JSON ``kind`` (``"build"``).
kind_of = CODEC.kind_of
#: The action's JSON form (tuples as lists).
to_json = CODEC.to_json
#: The action of a JSON form (:meth:`~companion.table.record.ActionCodec.from_json`): refuses any
#: other JSON value with a :class:`~companion.errors.RecordError` naming the field.
from_json = CODEC.from_json
