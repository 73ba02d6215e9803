"""Seeded bots that play a whole game of The Six Actions through its checked engine (issue 24, item 10).

Every move goes through :meth:`Game.play <companion.games.six_actions.engine.game.Game.play>`, so a
bot can only play what the referee accepts (an illegal choice would raise
:class:`~companion.errors.IllegalAction` and stop the game; the lab's tests check none does).  A bot
chooses among the legal ones of :meth:`Game.candidates`: the six actions, Pass and End turn on its
turn (seeds/six-actions-rules.txt, Action tokens), and its repayment at the settlement (Promissory
notes).  It takes no voluntary Emergency Loan and enters no adjustment: the excerpt defines neither
Revenue, Dividends nor Merit effects, so the lab plays the excerpt's rules alone.

- :class:`RandomBot` picks a kind of move uniformly among those it can make (Build, Share, ...,
  Pass, End turn), then one of that kind's legal moves uniformly.
- :class:`GreedyBot` picks the move that leaves it best placed if the game ended now, by the end
  screen's ranking (Asset Value, then Influence, then money: :mod:`companion.games.six_actions.stored`)
  after repaying what notes it can at 50 Cr each; ties are broken at random.

The table (:func:`play_game`): the first Tycoon sits in seat 1 (index 0) and the Tycoon passes
clockwise each round (our reading: the excerpt leaves the choice to the table); after ``rounds``
rounds the table ends the game, and the bots settle in seat order.  Chance draws are the seeded
piles' top cards (:meth:`Game.next_draw`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Protocol

from companion.errors import IllegalAction
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.actions import (
    Action,
    Build,
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
)
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.rules import COLOURS as RULE_COLOURS
from companion.games.six_actions.engine.rules import apply_action
from companion.games.six_actions.engine.state import NOTE_REPAY, GameState, Phase, PlayerState
from companion.lab.seat_balance import GameResult, best_at_random, seat_bots

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "TURN_MOVES", "COLOURS", "rank_key", "moves",
           "play_game", "DEFAULT_CAP"]

#: What a player may choose on their turn (Action tokens).
TURN_MOVES = (Build, Share, Muster, Strategy, Politics, Loan, Pass, EndTurn)
#: The seats' colours, in seat order (the rules' own list).
COLOURS = RULE_COLOURS
#: Most actions a lab game may take before it is stopped and counted as capped.
DEFAULT_CAP = 5000


def rank_key(p: PlayerState, settle: bool = True) -> tuple[int, int, int]:
    """The end screen's ranking figures of ``p`` (Asset Value, Influence, money), best highest;
    with ``settle`` as if it repaid now all the notes its money allows (the unpaid ones cost 50 Asset
    Value and 7 Influence each: Promissory notes)."""
    if not settle:
        return p.asset_value, p.influence, p.money
    repay = min(p.notes, p.money // NOTE_REPAY)
    unpaid = p.notes - repay
    return p.asset_value - 50 * unpaid, p.influence - 7 * unpaid, p.money - NOTE_REPAY * repay


def moves(game: Game, seat: int) -> list[tuple[Action, GameState]]:
    """Each legal move of ``seat`` now with the state it leads to: its turn's moves in a round, its
    repayments at the settlement, else none."""
    state = game.state
    out: list[tuple[Action, GameState]] = []
    for action in game.candidates():
        if state.phase is Phase.TURN:
            if state.current != seat or not isinstance(action, TURN_MOVES):
                continue
        elif not (isinstance(action, Settle) and action.player == seat):
            continue
        after = state.copy()
        try:
            apply_action(game.content, after, action, len(game.actions))
        except IllegalAction:
            continue
        out.append((action, after))
    return out


class Bot(Protocol):
    """A seeded player: chooses one of its legal moves (never empty)."""

    name: str

    def choose(self, game: Game, seat: int, legal: Sequence[tuple[Action, GameState]]) -> Action: ...


class RandomBot:
    """A kind of move uniformly among those it can make, then one of that kind's legal moves
    uniformly (its own seeded generator), so the many cities of a Build do not crowd out the rest."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int, legal: Sequence[tuple[Action, GameState]]) -> Action:
        """One of ``legal``."""
        kinds: dict[str, list[Action]] = defaultdict(list)
        for action, _ in legal:
            kinds[type(action).__name__].append(action)
        return self.rng.choice(kinds[self.rng.choice(sorted(kinds))])


class GreedyBot:
    """The move with the best :func:`rank_key` right after it; ties at random."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int, legal: Sequence[tuple[Action, GameState]]) -> Action:
        """The best of ``legal`` for ``seat``."""
        keyed = [(rank_key(after.players[seat], not isinstance(a, Settle)), a) for a, after in legal]
        return best_at_random(self.rng, keyed)


#: The bots by name.
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def play_game(
    content: ContentPack,
    seed: int,
    bots: Sequence[str],
    *,
    rounds: int = 6,
    options: SixOptions | None = None,
    cap: int = DEFAULT_CAP,
) -> GameResult:
    """One whole seeded game, seat ``i`` played by bot ``bots[i]``, on the pack's map.

    :param seed: the game's seed (the piles' shuffle) and, offset by the seat, each bot's.
    :param rounds: the rounds before the table ends the game (at least 1).
    :param cap: most record actions; a game still running then is returned ``capped``.
    :raises ValueError: an unknown bot, a bad player count or ``rounds`` below 1.
    """
    players: list[Bot] = seat_bots(BOTS, bots, seed)
    if rounds < 1:
        raise ValueError(f"a game has at least 1 round, not {rounds}")
    layout = "map" if content.has_map else "printed"
    game = Game(content, layout, seed, options)
    try:
        game.play(Start(tuple(f"P{i + 1}" for i in range(len(bots))), COLOURS[: len(bots)], 0))
    except IllegalAction as exc:  # a bad player count for the pack
        raise ValueError(exc.reason) from None
    while not game.is_over() and len(game.actions) < cap:
        state = game.state
        draw = game.next_draw()
        if draw is not None:
            game.play(draw)
        elif state.phase is Phase.ROUND_END:
            game.play(NewRound((state.tycoon + 1) % len(bots)) if state.round < rounds else EndGame())
        else:
            seat = state.current if state.phase is Phase.TURN else next(
                i for i, p in enumerate(state.players) if not p.settled)
            assert seat is not None
            legal = moves(game, seat)
            game.play(players[seat].choose(game, seat, legal))
    outcome = game.outcome()
    if outcome is None:
        return GameResult((), tuple(bots), len(game.actions), game.state.round, True, ())
    keys = [(s.asset_value, s.influence, s.money) for s in outcome.standings]
    best = max(keys)
    return GameResult(tuple(i for i, k in enumerate(keys) if k == best), tuple(bots), len(game.actions),
                      game.state.round, False, tuple(s.asset_value for s in outcome.standings))
