"""What a screen of the Six Actions table receives: frozen views, never the session or the state.

Source: DESIGN.md, Views (boardgame.io's ``playerView``: secrets are stripped before the view
leaves the core).  The only secret is the Merit cards: :func:`table_view` with ``seat=None`` shows
every player's count only; ``seat=i`` adds that player's own cards (:attr:`TableView.own_merit`),
for the screen that player opens on purpose.  Everything else at the table is open (notes are
kept face up).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.six_actions.content.model import SECTORS, ContentPack
from companion.games.six_actions.engine.actions import TOKEN_ACTIONS, Action, EndTurn, Pass
from companion.games.six_actions.engine.economy import leader_level, tokens_left
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.rules import loan_amount
from companion.games.six_actions.engine.state import Account, Phase
from companion.games.six_actions.engine.strategy import SPACES
from companion.i18n import _
from companion.table.pack_words import pack_word

__all__ = [
    "payment_sentence",
    "MeritView",
    "CardView",
    "PolicyView",
    "SpaceView",
    "CityView",
    "SectorView",
    "LedgerRow",
    "PlayerPanel",
    "SettlementRow",
    "TableView",
    "Quote",
    "table_view",
    "quote",
]


@dataclass(frozen=True)
class CardView:
    """An Industry card: id, name, sector icons, Asset Value, ``(sector, steps)``, Influence."""

    id: str
    name: str
    icons: tuple[str, ...]
    asset_value: int
    steps: tuple[tuple[str, int], ...]
    influence: int


@dataclass(frozen=True)
class PolicyView:
    """A Policy: its Promoters (Lobby) and its Politics bonus in words."""

    id: str
    name: str
    promoters: int
    politics: str


@dataclass(frozen=True)
class MeritView:
    """A Merit card in its player's hand: id (for ``play_merit``), name, and what it does."""

    id: str
    name: str
    text: str


@dataclass(frozen=True)
class SpaceView:
    """A Strategy space; ``covered_by`` the seat whose share covers it; ``open``: still usable."""

    id: str
    title: str
    cost: int
    bonus: str
    admin: bool
    choices: tuple[int, ...]
    covered_by: int | None
    open: bool


@dataclass(frozen=True)
class CityView:
    """A city of the map and the seat of the plant in it (``None``: empty); ``region`` is its region's
    name in the table's language ("Die Küste"), not the pack's id."""

    id: str
    name: str
    region: str
    metro: bool
    bonus: str
    occupant: int | None


@dataclass(frozen=True)
class SectorView:
    """A sector's leader (seat or ``None``) and level (0 without a leader)."""

    sector: str
    leader: int | None
    level: int


@dataclass(frozen=True)
class LedgerRow:
    """One payment: ``payer`` and ``payee`` are a player's name, ``"bank"`` or ``"supply"``; Cr."""

    payer: str
    payee: str
    amount: int
    reason: str
    action: int


@dataclass(frozen=True)
class PlayerPanel:
    """One player's panel (all open at the table, but for the Merit cards' names)."""

    seat: int
    name: str
    colour: str
    money: int
    influence: int
    asset_value: int
    promoters_hand: int
    promoters_pool: int
    shares_left: tuple[int, ...]
    shares_held: tuple[tuple[int, int], ...]
    notes: int
    finance_step: int
    next_loan: int
    tokens_left: int
    plus_tokens: int
    marked: tuple[str, ...]
    favors: int
    merit_count: int
    industries: tuple[CardView, ...]
    policies: tuple[PolicyView, ...]
    plants: tuple[str, ...]
    passed: bool
    tycoon: bool
    is_current: bool


@dataclass(frozen=True)
class SettlementRow:
    """The end settlement of one seat: notes held, repaid, and whether the player has settled."""

    seat: int
    notes: int
    repaid: int
    done: bool


@dataclass(frozen=True)
class TableView:
    """The table as the screens and the terminal show it (the fields' names say what each holds)."""

    phase: Phase
    round: int
    current: int | None
    turn_used: tuple[str, ...]
    players: tuple[PlayerPanel, ...]
    open_industries: tuple[CardView, ...]
    open_policies: tuple[PolicyView, ...]
    spaces: tuple[SpaceView, ...]
    occupied: tuple[tuple[str, int], ...]
    cities: tuple[CityView, ...]
    metros: tuple[str, ...]
    pawn: str | None
    has_map: bool
    sectors: tuple[SectorView, ...]
    ledger: tuple[LedgerRow, ...]
    pending_draw: str | None
    can_undo: bool
    undo_reason: str | None
    message: str
    seat: int | None
    own_merit: tuple[str, ...]
    settlement: tuple[SettlementRow, ...]
    available: tuple[str, ...]
    seed: int | None
    own_merit_cards: tuple[MeritView, ...] = ()


def payment_sentence(payer: str, payee: str, amount: int) -> str:
    """One payment as a sentence, the amount between the two parties ("Ana pays 4 Cr to Ben", "The bank
    pays 30 Cr to Ana"): ``payer`` and ``payee`` as :class:`LedgerRow` names them (a player's name,
    ``"bank"`` or ``"supply"``); one message each way so that a language declines the bank and the
    supply ("an den Vorrat")."""
    if payee == "supply":
        return _("{payer} pays {amount} Cr to the supply").format(payer=payer, amount=amount)
    if payee == "bank":
        return _("{payer} pays {amount} Cr to the bank").format(payer=payer, amount=amount)
    if payer == "supply":
        return _("The supply pays {amount} Cr to {payee}").format(payee=payee, amount=amount)
    if payer == "bank":
        return _("The bank pays {amount} Cr to {payee}").format(payee=payee, amount=amount)
    return _("{payer} pays {amount} Cr to {payee}").format(payer=payer, payee=payee, amount=amount)


def _region_name(content: ContentPack, region_id: str) -> str:
    region = content.game_map.region(region_id) if content.game_map is not None else None
    return pack_word(region.name) if region is not None else region_id


def card_view(content: ContentPack, card: str) -> CardView:
    c = content.industry(card)
    if c is None:
        return CardView(card, card, (), 0, (), 0)
    return CardView(c.id, pack_word(c.name), c.icons, c.asset_value, c.steps, c.influence)


def policy_view(content: ContentPack, card: str) -> PolicyView:
    p = content.policy(card)
    if p is None:
        return PolicyView(card, card, 0, _("nothing"))
    return PolicyView(p.id, pack_word(p.name), p.promoters, p.politics.words())


def _name(game: Game, account: Account) -> str:
    return game.state.account_name(account)


def _available(game: Game) -> tuple[str, ...]:
    state = game.state
    if state.phase is not Phase.TURN or state.current is None or state.pending:
        return ()
    seat = state.current
    me = state.players[seat]
    out = []
    regular = not state.turn_token and tokens_left(state, seat) > 0
    plus = not state.turn_plus and me.plus > 0
    for kind in TOKEN_ACTIONS:
        if (regular and kind not in me.marked) or plus:
            out.append(kind)
    if "build" in out and not me.industries:
        out.remove("build")
    if game.is_legal(Pass()):
        out.append("pass")
    if game.is_legal(EndTurn()):
        out.append("end_turn")
    return tuple(out)


def table_view(game: Game, *, seat: int | None = None, message: str = "") -> TableView:
    """The view of the table, or of ``seat``'s own screen (with its Merit cards' names)."""
    content, state = game.content, game.state
    players = []
    for i, p in enumerate(state.players):
        players.append(
            PlayerPanel(
                i,
                p.name,
                p.colour,
                p.money,
                p.influence,
                p.asset_value,
                p.hand,
                p.pool,
                tuple(p.shares),
                tuple(p.held),
                p.notes,
                p.finance,
                loan_amount(content, p.finance),
                tokens_left(state, i),
                p.plus,
                tuple(p.marked),
                p.favors,
                len(p.merit),
                tuple(card_view(content, c) for c in p.industries),
                tuple(policy_view(content, c) for c in p.policies),
                tuple(p.plants),
                p.passed,
                i == state.tycoon,
                i == state.current,
            )
        )
    spaces = tuple(
        SpaceView(
            s.id,
            _(s.title),
            s.cost,
            _(s.bonus),
            s.admin,
            s.choices,
            state.covered.get(s.id),
            s.admin or s.id not in state.covered,
        )
        for s in SPACES
    )
    cities: tuple[CityView, ...] = ()
    metros: tuple[str, ...] = ()
    if content.game_map is not None and state.layout == "map":
        cities = tuple(
            CityView(c.id, c.name, _region_name(content, c.region), c.metro, c.bonus.words(),
                     state.occupied.get(c.id))
            for c in content.game_map.cities
        )
        metros = tuple(c.id for c in content.game_map.cities if c.metro)
    sectors = []
    for sector in SECTORS:
        leader = state.leaders.get(sector)
        level = 0 if leader is None else leader_level(content, state.players[leader].steps.get(sector, 0))
        sectors.append(SectorView(sector, leader, level))
    ledger = tuple(
        LedgerRow(_name(game, x.payer), _name(game, x.payee), x.amount, x.reason, x.action)
        for x in state.ledger
    )
    mine: tuple[MeritView, ...] = ()
    if seat is not None and 0 <= seat < len(state.players):
        cards = [(c, content.merit(c)) for c in state.players[seat].merit]
        mine = tuple(
            MeritView(c, pack_word(m.name), pack_word(m.text)) if m else MeritView(c, c, "") for c, m in cards
        )
    settlement = (
        tuple(SettlementRow(i, p.notes, p.repaid, p.settled) for i, p in enumerate(state.players))
        if state.phase in (Phase.SETTLEMENT, Phase.OVER)
        else ()
    )
    used = tuple(k for k, v in (("token", state.turn_token), ("plus", state.turn_plus)) if v)
    why = game.undo_reason()
    return TableView(
        state.phase,
        state.round,
        state.current,
        used,
        tuple(players),
        tuple(card_view(content, c) for c in state.open_industries),
        tuple(policy_view(content, c) for c in state.open_policies),
        spaces,
        tuple((state.city_names.get(k, k), s) for k, s in state.occupied.items()),
        cities,
        metros,
        state.pawn,
        state.layout == "map",
        tuple(sectors),
        ledger,
        state.pending[0].pile if state.pending else None,
        why is None,
        why,
        message,
        seat,
        tuple(m.name for m in mine),
        settlement,
        _available(game),
        game.seed if state.phase is Phase.OVER else None,
        mine,
    )


@dataclass(frozen=True)
class Quote:
    """What an action would do (:meth:`Session.preview`): ``ok`` or the ``reason`` it is refused;
    the payments it would write (forced Emergency Loans first) and how many forced loans."""

    ok: bool
    reason: str
    payments: tuple[LedgerRow, ...]
    loans: int


def quote(game: Game, action: Action) -> Quote:
    """:class:`Quote` of ``action`` now; changes nothing."""
    seen = game.preview(action)
    rows = tuple(
        LedgerRow(_name(game, x.payer), _name(game, x.payee), x.amount, x.reason, x.action)
        for x in seen.payments
    )
    return Quote(seen.ok, seen.reason, rows, seen.loans)
