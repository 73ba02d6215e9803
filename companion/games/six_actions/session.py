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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalAction, RecordError
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
    to_json,
)
from companion.games.six_actions.engine.economy import FORCED
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.record import record_of, replay
from companion.games.six_actions.engine.rules import COLOURS
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.events import Changed, ForcedLoan, GameOver, MeritDrawn, RoundEnded
from companion.games.six_actions.narrate import sentence
from companion.games.six_actions.views import Quote, TableView, quote, table_view
from companion.table.action_session import ActionSession, new_seed, sentence_of
from companion.table.store_rows import final_state
from companion.table.table_options import options_json, with_saved_options

__all__ = ["COLOURS", "MAX_SEED", "Seat", "Session"]

#: Seeds the setup screen can show and take back: 0 to 999,999,999.
MAX_SEED = 999_999_999


@dataclass(frozen=True)
class Seat:
    """A player at setup: a name and one of :data:`COLOURS`."""

    name: str
    colour: str


class Session(ActionSession[Game]):
    """One game at the table.  Build it with :meth:`new` or :meth:`from_record`; the events and the
    draws are :class:`~companion.table.action_session.ActionSession`'s."""

    def __init__(self, game: Game, physical_decks: bool = False) -> None:
        super().__init__(game)
        self.content: ContentPack = game.content
        self.physical_decks = physical_decks

    def to_json(self, action: Action) -> dict[str, Any]:
        return to_json(action)

    def draws_itself(self) -> bool:
        """The box deals from its seeded decks unless the table uses its own (``physical_decks``)."""
        return not self.physical_decks

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
            f"Round 1: {state.players[tycoon].name} is the Tycoon and begins."
            if not state.pending
            else f"Deal the setup from your own decks: first {state.pending[0].why}."
        )
        return session

    @classmethod
    def from_record(
        cls,
        content: ContentPack,
        record: Mapping[str, Any],
        table: Mapping[str, Any] | None = None,
        physical_decks: bool | None = None,
    ) -> Session:
        """The identical session of a saved game (the table options from the record, or else from
        the table state ``table``).  :raises RecordError: it does not replay (or bad options)."""
        saved = table or {}
        game = replay(with_saved_options(record, table), content)
        if not game.state.players:
            raise RecordError("the record has no start action")
        decks = physical_decks if physical_decks is not None else bool(saved.get("physical_decks", False))
        session = cls(game, decks)
        message = saved.get("message", "")
        session.message = message if isinstance(message, str) else ""
        return session

    def record(self) -> dict[str, Any]:
        """The game record (:func:`~companion.games.six_actions.engine.record.record_of`)."""
        return record_of(self.game)

    def table_state(self) -> dict[str, Any]:
        """What the table adds to the record: the last sentence and the decks' setting; once the game is
        over, its winners for the history (``final``: :func:`~companion.table.store_rows.final_state`,
        ranked as the end screen ranks: Asset Value, then Influence, then money)."""
        state: dict[str, Any] = {"message": self.message, "physical_decks": self.physical_decks}
        if self.game.options != SixOptions():  # the store keeps no record column for them
            state["options"] = options_json(self.game.options)
        outcome = self.game.outcome()
        if outcome is not None and outcome.standings:
            state["final"] = final_state([(s.name, (s.asset_value, s.influence, s.money))
                                          for s in outcome.standings])
        return state

    # ------------------------------------------------------------------ reading

    @property
    def intents(self) -> Session:
        """The intents (this session: a screen should hold it as an ``Intents``)."""
        return self

    @property
    def over(self) -> bool:
        """Whether the game is over (the settlement is done)."""
        return self.game.is_over()

    def view(self, seat: int | None = None) -> TableView:
        """The table's view; ``seat``: that player's own screen, with their Merit cards."""
        return table_view(self.game, seat=seat, message=self.message)

    def preview(self, action: Action) -> Quote:
        """What ``action`` would cost and to whom, or why it is refused; changes nothing."""
        return quote(self.game, action)

    # ------------------------------------------------------------------ playing

    def play(self, action: Action, done: str = "") -> bool:
        """Play ``action`` and the draws after it; publish the events.  :returns: ``False`` refused."""
        state = self.game.state
        ledger, phase, who = len(state.ledger), state.phase, state.current
        merits = [len(p.merit) for p in state.players]
        try:
            self.game.play(action)
        except IllegalAction as exc:
            return self.refuse(sentence_of(exc))
        self.announce(action)
        self.draw_all()
        state = self.game.state
        forced = [p for p in state.ledger[ledger:] if p.payer == "bank" and p.reason.startswith(FORCED)]
        if forced and isinstance(forced[0].payee, int):
            self.publish(ForcedLoan(forced[0].payee, len(forced), sum(p.amount for p in forced)))
        for seat, p in enumerate(state.players):
            if seat < len(merits) and len(p.merit) > merits[seat] and not isinstance(action, Undo):
                self.publish(MeritDrawn(seat))
        self.message = done or sentence(self.content, state, action, who, state.ledger[ledger:])
        if state.phase is Phase.ROUND_END and phase is not Phase.ROUND_END:
            self.publish(RoundEnded(state.round))
        if state.phase is Phase.OVER and phase is not Phase.OVER:
            self.publish(GameOver())
        self.publish(Changed(self.message))
        return True

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
        return self.play(EndGame(), "The end settlement: each player repays notes at 50 Cr each.")

    def settle(self, player: int, repay: int) -> bool:
        return self.play(Settle(player, repay))

    def undo(self) -> bool:
        """Revert the last action (and the draws after it)."""
        target = self.game.undo_target()
        return self.play(Undo(target if target is not None else -1))
