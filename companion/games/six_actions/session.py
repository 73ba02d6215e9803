"""The Six Actions at the table: the session the touchscreen and the terminal drive.

Source: DESIGN.md, Session (typed intents in, typed events out) and Store (every action committed
as it happens).  Each intent builds one action of
:mod:`~companion.games.six_actions.engine.actions` for the current player (or the named one, for
the free actions), plays it through :meth:`Game.play`, then the draws the rules wait for (from the
seeded piles; with ``physical_decks`` the table says which card it drew, :meth:`Session.draw`).
An intent returns ``True`` when it changed the table; a refusal publishes
:class:`~companion.games.six_actions.events.Refused` with the rule's sentence and changes nothing.
Every played action is announced as an :class:`~companion.table.events.ActionPlayed`, and every
intent that played ends with :class:`~companion.games.six_actions.events.Changed` (the store
commits there, so a power cut loses at most the tap in progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import english
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.actions import (
    Action,
    Adjust,
    Build,
    Draw,
    EmergencyLoan,
    EndGame,
    EndTurn,
    Loan,
    MovePawn,
    Muster,
    NewRound,
    Pass,
    PlayMerit,
    Politics,
    Settle,
    Share,
    Start,
    Strategy,
    Undo,
)
from companion.games.six_actions.engine.economy import FORCED
from companion.games.six_actions.engine.game import Game, Standing
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.record import RECORDS
from companion.games.six_actions.engine.rules import COLOURS
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.events import ForcedLoan, MeritDrawn, RoundEnded
from companion.games.six_actions.narrate import sentence
from companion.games.six_actions.views import Quote, TableView, quote, table_view
from companion.i18n import _
from companion.table.action_session import ActionSession, new_seed

__all__ = ["COLOURS", "MAX_SEED", "Seat", "Session"]

#: Seeds the setup screen can show and take back: 0 to 999,999,999.
MAX_SEED = 999_999_999


@dataclass(frozen=True)
class Seat:
    """A player at setup: a name and one of :data:`COLOURS`."""

    name: str
    colour: str


class Session(ActionSession[Game]):
    """One game at the table.  Build it with :meth:`new` or :meth:`from_record`; the events, the
    draws, the store's record and table state, and the undo are
    :class:`~companion.table.action_session.ActionSession`'s.

    :param physical: the table deals from its own decks and says each card (``physical_decks``).
    """

    records = RECORDS
    physical_key = "physical_decks"
    content: ContentPack

    # ------------------------------------------------------------------ starting

    @classmethod
    def new(
        cls,
        content: ContentPack,
        seats: Sequence[Seat],
        *,
        tycoon: int = 0,
        seed: int | None = None,
        layout: str = "map",
        physical_decks: bool = False,
        options: SixOptions | None = None,
    ) -> Session:
        """A new game, its setup cards dealt (unless ``physical_decks``: the table says each).

        :param options: the table options (docs/table-options.md; ``None``: the defaults).
        :raises ValueError: a bad setup (players, names, colours, Tycoon, layout, seed), in a sentence.
        """
        session = cls(Game(content, layout, new_seed(seed, MAX_SEED), options), physical_decks)
        session.game.play(Start(tuple(s.name for s in seats), tuple(s.colour for s in seats), tycoon))
        session.draw_all()
        state = session.game.state
        session.message = (
            _("Round 1: {tycoon} is the Tycoon and begins.").format(tycoon=state.players[tycoon].name)
            if not state.pending
            else _("Deal the setup from your own decks: first {why}.").format(why=state.pending[0].why)
        )
        return session

    def ranking(self, standing: Standing) -> tuple[int, ...]:
        """As the end screen ranks: Asset Value, then Influence, then money."""
        return (standing.asset_value, standing.influence, standing.money)

    # ------------------------------------------------------------------ reading

    def view(self, seat: int | None = None) -> TableView:
        """The table's view; ``seat``: that player's own screen, with their Merit cards."""
        return table_view(self.game, seat=seat, message=self.message)

    def preview(self, action: Action) -> Quote:
        """What ``action`` would cost and to whom, or why it is refused; changes nothing."""
        return quote(self.game, action)

    # ------------------------------------------------------------------ playing

    def before(self, action: Action) -> tuple[int, Phase, int | None, list[int]]:
        """The ledger's length, the phase, whose turn it is and each player's Merit cards."""
        state = self.game.state
        return len(state.ledger), state.phase, state.current, [len(p.merit) for p in state.players]

    def played(self, action: Action, before: tuple[int, Phase, int | None, list[int]]) -> str:
        """The draws after ``action``, then the sentence of what it did and paid
        (:func:`~companion.games.six_actions.narrate.sentence`)."""
        self.draw_all()
        ledger, _, who, _ = before
        state = self.game.state
        return sentence(self.content, state, action, who, state.ledger[ledger:])

    def tell(self, action: Action, before: tuple[int, Phase, int | None, list[int]]) -> None:
        """:class:`ForcedLoan`, :class:`MeritDrawn` and :class:`RoundEnded`, each when it happened."""
        ledger, phase, _, merits = before
        state = self.game.state
        forced = [
            p for p in state.ledger[ledger:] if p.payer == "bank" and english(p.reason).startswith(FORCED)
        ]
        if forced and isinstance(forced[0].payee, int):
            self.publish(ForcedLoan(forced[0].payee, len(forced), sum(p.amount for p in forced)))
        for seat, p in enumerate(state.players):
            if seat < len(merits) and len(p.merit) > merits[seat] and not isinstance(action, Undo):
                self.publish(MeritDrawn(seat))
        if state.phase is Phase.ROUND_END and phase is not Phase.ROUND_END:
            self.publish(RoundEnded(state.round))

    # ------------------------------------------------------------------ the intents

    def build(self, card: str, city: str, road_cities: int | None = None, plus: bool = False) -> bool:
        """Build ``card`` in ``city`` (see :class:`Build`)."""
        return self.play(Build(card, city, road_cities, plus))

    def share(self, opponent: int, plus: bool = False) -> bool:
        return self.play(Share(opponent, plus))

    def muster(self, promoters: int, plus: bool = False) -> bool:
        return self.play(Muster(promoters, plus))

    def strategy(
        self,
        space: str,
        *,
        amount: int | None = None,
        card: str | None = None,
        gain: str | None = None,
        policy: str | None = None,
        city: str | None = None,
        tracks: Sequence[str] = (),
        plus: bool = False,
    ) -> bool:
        return self.play(Strategy(space, amount, card, gain, policy, city, tuple(tracks), plus))

    def politics(self, plus: bool = False) -> bool:
        return self.play(Politics(plus))

    def loan(self, plus: bool = False) -> bool:
        return self.play(Loan(plus))

    def pass_turn(self) -> bool:
        return self.play(Pass())

    def end_turn(self) -> bool:
        return self.play(EndTurn())

    def emergency_loan(self, player: int, amount: int) -> bool:
        return self.play(EmergencyLoan(player, amount))

    def play_merit(self, player: int, card: str) -> bool:
        return self.play(PlayMerit(player, card))

    def adjust(
        self,
        player: int,
        reason: str,
        money: int = 0,
        influence: int = 0,
        asset_value: int = 0,
        promoters: int = 0,
        counterparty: int | None = None,
    ) -> bool:
        return self.play(Adjust(player, reason, money, influence, asset_value, promoters, counterparty))

    def move_pawn(self, metro: str) -> bool:
        return self.play(MovePawn(metro))

    def draw(self, card: str) -> bool:
        """The card the table drew for the pending draw (physical decks)."""
        pending = self.game.state.pending
        return self.play(Draw(pending[0].pile if pending else "", card))

    def new_round(self, tycoon: int) -> bool:
        return self.play(NewRound(tycoon))

    def end_game(self) -> bool:
        return self.play(EndGame(), _("The end settlement: each player repays notes at 50 Cr each."))

    def settle(self, player: int, repay: int) -> bool:
        return self.play(Settle(player, repay))
