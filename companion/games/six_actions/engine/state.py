"""The state of a game of The Six Actions: the players, the board, the piles and the ledger.

The state is plain mutable data changed only by :mod:`companion.games.six_actions.engine.rules`
(through :class:`~companion.games.six_actions.engine.game.Game`, which applies a checked action to a
copy and keeps it only when the rules accept it, so a refusal leaves the state as it was).  Every
Cr that moves is a :class:`Payment` in :attr:`GameState.ledger`; a player's money changes nowhere
else, so money is conserved between the players, the bank (loans and their repayment) and the
supply (every other cost and gain).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from companion.games.six_actions.engine.options import SixOptions

__all__ = [
    "Phase",
    "Account",
    "BANK",
    "SUPPLY",
    "Payment",
    "Pending",
    "PlayerState",
    "GameState",
    "MAX_NOTES",
    "EMERGENCY_MOST",
    "FIRST_LOAN",
    "NOTE_REPAY",
    "NOTE_ASSET_VALUE",
    "NOTE_INFLUENCE",
    "TOKENS",
    "TYCOON_TOKENS",
]

#: Promissory notes a player may hold (Promissory notes).
MAX_NOTES = 10
#: Most Cr one Emergency Loan gives (Emergency loan).
EMERGENCY_MOST = 25
#: A Loan before a disc is on the Finance track (Loans).
FIRST_LOAN = 30
#: The end settlement: Cr per note repaid; Asset Value and Influence lost per unpaid note.
NOTE_REPAY, NOTE_ASSET_VALUE, NOTE_INFLUENCE = 50, 50, 7
#: Action tokens per player, and the Tycoon's (Action tokens).
TOKENS, TYCOON_TOKENS = 2, 3

#: The two money accounts that are not players.
BANK, SUPPLY = "bank", "supply"
#: A player's seat (0-based) or :data:`BANK` or :data:`SUPPLY`.
Account = int | str


class Phase(enum.Enum):
    """Where the game is."""

    #: the cards of setup are being dealt (chance draws).
    SETUP = "setup"
    #: a round: the current player takes turns.
    TURN = "turn"
    #: every player has passed or placed all tokens: Revenue and Dividends (adjustments), then
    #: the next round or the end.
    ROUND_END = "round_end"
    #: the end settlement: each player repays notes.
    SETTLEMENT = "settlement"
    OVER = "over"


@dataclass(frozen=True)
class Payment:
    """``amount`` Cr from ``payer`` to ``payee`` because of ``reason``, in record action ``action``."""

    payer: Account
    payee: Account
    amount: int
    reason: str
    action: int


@dataclass(frozen=True)
class Pending:
    """A draw the rules wait for: from ``pile``, for ``seat`` (``None``: to the open cards)."""

    pile: str
    seat: int | None
    why: str


@dataclass
class PlayerState:
    """One player.  Money in Cr; ``shares`` are the player's own unsold share values (cheapest
    first); ``held`` the opponents' shares bought, as ``(owner seat, value)``."""

    name: str
    colour: str
    money: int = 0
    influence: int = 0
    asset_value: int = 0
    hand: int = 0
    pool: int = 0
    shares: list[int] = field(default_factory=list)
    held: list[tuple[int, int]] = field(default_factory=list)
    notes: int = 0
    finance: int = 0
    plus: int = 0
    marked: list[str] = field(default_factory=list)
    favors: int = 0
    merit: list[str] = field(default_factory=list)
    industries: list[str] = field(default_factory=list)
    built: list[str] = field(default_factory=list)
    plants: list[str] = field(default_factory=list)
    regions: list[str] = field(default_factory=list)
    policies: list[str] = field(default_factory=list)
    steps: dict[str, int] = field(default_factory=dict)
    passed: bool = False
    settled: bool = False
    repaid: int = 0


@dataclass
class GameState:
    """The whole game.

    :ivar layout: ``"map"`` (the pack's map) or ``"printed"`` (the table's own board).
    :ivar current: the seat whose turn it is (``None`` outside a round).
    :ivar turn_token, turn_plus: this turn has used an action token / a +1 Action token.
    :ivar piles: each pile's cards in draw order (the seeded shuffle; a played Merit card goes under).
    :ivar occupied: the city key (map id, or the printed city's name folded to lower case) and the
        plant's seat; :ivar city_names: each occupied key's name as shown.
    :ivar covered: Strategy space id -> the seat whose share covers it.
    :ivar leaders: sector -> the leader's seat, or ``None``.
    :ivar options: the table's readings where the rules are silent (frozen, shared by copies).
    """

    layout: str
    seed: int
    phase: Phase = Phase.SETUP
    round: int = 0
    players: list[PlayerState] = field(default_factory=list)
    tycoon: int = 0
    current: int | None = None
    turn_token: bool = False
    turn_plus: bool = False
    piles: dict[str, list[str]] = field(default_factory=dict)
    open_industries: list[str] = field(default_factory=list)
    open_policies: list[str] = field(default_factory=list)
    occupied: dict[str, int] = field(default_factory=dict)
    city_names: dict[str, str] = field(default_factory=dict)
    covered: dict[str, int] = field(default_factory=dict)
    leaders: dict[str, int | None] = field(default_factory=dict)
    pawn: str | None = None
    pending: list[Pending] = field(default_factory=list)
    ledger: list[Payment] = field(default_factory=list)
    options: SixOptions = field(default_factory=SixOptions)

    def copy(self) -> GameState:
        """An independent copy (the engine tries an action on one).  Every container is copied; their
        items are immutable (``str``, ``int``, tuples, frozen :class:`Payment` and :class:`Pending`),
        so they are shared: a game's long ledger costs one list copy, not a deep copy."""
        players = [
            replace(
                p,
                shares=list(p.shares),
                held=list(p.held),
                marked=list(p.marked),
                merit=list(p.merit),
                industries=list(p.industries),
                built=list(p.built),
                plants=list(p.plants),
                regions=list(p.regions),
                policies=list(p.policies),
                steps=dict(p.steps),
            )
            for p in self.players
        ]
        return replace(
            self,
            players=players,
            piles={k: list(v) for k, v in self.piles.items()},
            open_industries=list(self.open_industries),
            open_policies=list(self.open_policies),
            occupied=dict(self.occupied),
            city_names=dict(self.city_names),
            covered=dict(self.covered),
            leaders=dict(self.leaders),
            pending=list(self.pending),
            ledger=list(self.ledger),
        )

    def balance(self, account: Account) -> int:
        """Money of a seat, or the net of the bank's or the supply's payments (negative: paid out)."""
        if isinstance(account, int):
            return self.players[account].money
        return sum(p.amount for p in self.ledger if p.payee == account) - sum(
            p.amount for p in self.ledger if p.payer == account
        )

    def account_name(self, account: Account) -> str:
        """A seat's player name, or ``"bank"`` / ``"supply"``."""
        return self.players[account].name if isinstance(account, int) else account
