"""A game of The Six Actions: the record, the checked :meth:`Game.play`, undo and the outcome.

Shape of Incoming Transmission's engine (DESIGN.md, The core step 3): :meth:`Game.reason` says why
an action is illegal, :meth:`Game.play` checks and applies it (raising
:class:`~companion.errors.IllegalAction` with the reason, the game unchanged), :meth:`Game.apply`
is the unchecked transition for a trusted replay, and every action, chance draws included, is in
:attr:`Game.actions`, so ``replay(record)`` rebuilds the identical state.

**Undo** (the table's honour system, like Incoming Transmission's): :class:`Undo` reverts the last
action still in effect that a player or the table took, with the draws that followed it (a Merit
card drawn after a Muster goes back on top of its pile, so the next Muster draws it again).  The
start of the game and its setup draws cannot be undone, nor anything once the game is over.  The
undo and the action it reverts stay in the record.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.errors import IllegalAction, english
from companion.games.six_actions.content.model import SECTORS, ContentPack
from companion.games.six_actions.engine.actions import (
    Action,
    Adjust,
    Build,
    Draw,
    EmergencyLoan,
    EndGame,
    EndTurn,
    Loan,
    Muster,
    NewRound,
    Pass,
    Politics,
    Settle,
    Share,
    Start,
    Strategy,
    Undo,
)
from companion.games.six_actions.engine.economy import FORCED
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.rules import apply_action, new_state
from companion.games.six_actions.engine.state import EMERGENCY_MOST, NOTE_REPAY, GameState, Payment, Phase
from companion.games.six_actions.engine.strategy import SPACES
from companion.table.checked_game import PackGame

__all__ = ["Game", "Standing", "Outcome", "Preview"]


@dataclass(frozen=True)
class Standing:
    """One player's figures at the end (after the settlement)."""

    seat: int
    name: str
    money: int
    influence: int
    asset_value: int
    notes: int
    repaid: int


@dataclass(frozen=True)
class Outcome:
    """The game's end: each player's figures in seat order.  The excerpt defines no winner: the
    table scores by its own rulebook from these."""

    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class Preview:
    """What an action would do, without doing it: ``ok``, else the ``reason``; the payments it
    would write and the forced Emergency Loans among them."""

    ok: bool
    reason: str
    payments: tuple[Payment, ...]
    loans: int


class Game(PackGame[ContentPack, SixOptions, GameState, Action]):
    """One game: its content pack, layout (``"map"`` or ``"printed"``), seed, table options and
    record (:class:`~companion.table.checked_game.PackGame`: the setup, the checked play and the
    undo); here, what an action would pay (:meth:`preview`), every action worth trying
    (:meth:`candidates`, for the bench) and the outcome.

    :raises ValueError: an unknown layout, or ``map`` with a pack that has none.
    """

    start_kind, draw_kind, options_kind = Start, Draw, SixOptions
    setup = staticmethod(new_state)

    def run_action(self, state: GameState, action: Action) -> None:
        """Apply ``action`` by The Six Actions' rules (:func:`~.rules.apply_action`)."""
        apply_action(self.content, state, action, len(self.actions))

    def is_over(self) -> bool:
        """Whether the game is over (the settlement is done)."""
        return self.state.phase is Phase.OVER

    def preview(self, action: Action) -> Preview:
        """What ``action`` would pay and to whom (forced loans included), or why it is refused."""
        try:
            after = self._run(self.state.copy(), action)
        except IllegalAction as exc:
            return Preview(False, exc.reason, (), 0)
        new = tuple(after.ledger[len(self.state.ledger) :]) if not isinstance(action, Undo) else ()
        loans = sum(1 for p in new if p.payer == "bank" and english(p.reason).startswith(FORCED))
        return Preview(True, "", new, loans)

    # ------------------------------------------------------------------ chance and outcome

    def next_draw(self) -> Draw | None:
        """The draw the rules wait for, with the seeded pile's top card, or ``None``."""
        if not self.state.pending:
            return None
        pile = self.state.pending[0].pile
        return Draw(pile, self.state.piles[pile][0])

    def outcome(self) -> Outcome | None:
        """Each player's figures once the game is over, else ``None``."""
        if self.state.phase is not Phase.OVER:
            return None
        return Outcome(
            tuple(
                Standing(i, p.name, p.money, p.influence, p.asset_value, p.notes, p.repaid)
                for i, p in enumerate(self.state.players)
            )
        )

    def candidates(self) -> Iterator[Action]:
        """Every action worth trying now (the finite ones: with the map, each Build of each card in
        each city; on the printed board, roads of 1 to 4 cities in one named city), legal or not."""
        state = self.state
        if state.pending:
            pile = state.pending[0].pile
            yield from (Draw(pile, card) for card in state.piles[pile][:3])
        seats = range(len(state.players))
        if state.phase is Phase.TURN and state.current is not None:
            me = state.players[state.current]
            if self.content.game_map is not None and state.layout == "map":
                cities = [c.id for c in self.content.game_map.cities]
            else:
                cities = ["Newtown"]
            for plus in (False, True):
                for card in me.industries:
                    for city in cities:
                        for road in (None,) if state.layout == "map" else (1, 4):
                            yield Build(card, city, road, plus)
                yield from (Share(seat, plus) for seat in seats)
                yield from (Muster(n, plus) for n in (1, 3, 6, 7))
                yield Politics(plus)
                yield Loan(plus)
                yield from self._strategies(plus, cities)
            yield Pass()
            yield EndTurn()
        if state.phase in (Phase.TURN, Phase.ROUND_END):
            for seat in seats:
                yield EmergencyLoan(seat, EMERGENCY_MOST)
                yield Adjust(seat, "Revenue", money=5)
                yield Adjust(seat, "Dividends", money=-3, counterparty=(seat + 1) % len(state.players))
        if state.phase is Phase.ROUND_END:
            yield NewRound((state.tycoon + 1) % len(state.players))
            yield EndGame()
        if state.phase is Phase.SETTLEMENT:
            for seat, p in enumerate(state.players):
                yield from (Settle(seat, n) for n in range(min(p.notes, p.money // NOTE_REPAY) + 1))
        if self.undo_reason() is None and self.history:
            yield Undo(self.history[-1][0])

    def _strategies(self, plus: bool, cities: list[str]) -> Iterator[Strategy]:
        state = self.state
        for space in SPACES:
            if space.choices:
                yield Strategy(space.id, amount=space.choices[0], plus=plus)
            elif space.id == "admin_industry":
                yield from (
                    Strategy(space.id, card=c, gain="money", plus=plus) for c in state.open_industries
                )
            elif space.id == "lobby":
                yield from (Strategy(space.id, policy=p, plus=plus) for p in state.open_policies)
            elif space.id == "office":
                yield from (Strategy(space.id, city=c, plus=plus) for c in cities[:4])
            elif space.id == "export_4":
                yield Strategy(space.id, tracks=(SECTORS[0],), plus=plus)
            elif space.id == "export_7":
                yield Strategy(space.id, tracks=(SECTORS[1], SECTORS[1]), plus=plus)
            else:
                yield Strategy(space.id, plus=plus)

    def legal_actions(self) -> list[Action]:
        """The legal ones of :meth:`candidates`."""
        return [a for a in self.candidates() if self.is_legal(a)]
