"""Hypothesis properties of the engine (DESIGN.md, Tests): conservation, refusal, replay."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.actions import Execute, Select, UseBoost
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command, card_ids
from companion.games.transmission.engine.game import Actor, Game, GameState, rules_for
from companion.games.transmission.engine.record import record_of, replay

CONTENT = default_content()
RULES = rules_for(CONTENT)
DECK = [c for c, n in CONTENT.command_deck.items() for _ in range(n)]
MODULES = len(CONTENT.modules)
HALLWAYS = 25 - MODULES + 1  # 12 on the grid and 1 spare


def conserved(position: Position) -> bool:
    """13 modules and 13 hallways across the grid, the spare and the Cadet's hands."""
    modules = sum(1 for ch in position.board if ch != ".") + (position.carrying is not None)
    hallways = position.board.count(".") + (1 if position.spare_hallway else 0)
    letters = sorted([ch.upper() for ch in position.board if ch != "."] + (
        [position.carrying] if position.carrying else []))
    expected = sorted(m.letter for m in CONTENT.modules)
    return modules == MODULES and hallways == HALLWAYS and letters == expected


def random_selection(position: Position, rng: random.Random) -> tuple[Command, ...]:
    while True:
        pick = tuple(rng.sample(DECK, 5))
        if RULES.viable(position, pick):
            return pick


def random_order(state: GameState, rng: random.Random) -> tuple[str, ...]:
    free = list(state.hand)
    rng.shuffle(free)
    order = []
    for fixed in state.registers:
        order.append(fixed if fixed is not None else free.pop())
    return tuple(order)


def play_random_game(seed: int, difficulty: str, check: bool = True) -> Game:
    rng = random.Random(seed)
    game = Game(CONTENT, difficulty, rng.choice(["standard", "beginner"]), seed)
    game.play_chance()
    while game.actor is not Actor.NONE:
        state = game.state
        if check:
            assert conserved(state.position)
        if game.actor is Actor.CHANCE:
            game.play_chance()
        elif game.actor is Actor.MISSION_CONTROL:
            game.play(Select(random_selection(state.position, rng)))
        else:
            if state.boosts and rng.random() < 0.5:
                boost = rng.choice(state.boosts)
                kind = CONTENT.boost(boost).kind
                try:
                    game.play(UseBoost(boost, register=rng.randint(1, 5), card=rng.choice(state.hand),
                                       order=random_order(state, rng) if kind is BoostKind.ABORT else None))
                except IllegalAction:
                    assert game.state == state
                continue
            for _ in range(6):
                try:
                    game.play(Execute(random_order(state, rng)))
                    break
                except IllegalAction as exc:
                    assert exc.step is not None or exc.reason
                    assert game.state == state  # a refused order changes nothing
            else:
                game.play(Execute(state.intended))  # the test's omniscient fallback
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), difficulty=st.sampled_from(["training", "standard", "hard", "expert"]))
def test_random_games_conserve_tiles_refuse_cleanly_and_replay(seed: int, difficulty: str) -> None:
    game = play_random_game(seed, difficulty)
    result = game.outcome()
    assert result is not None and result.transmissions_used <= 7
    assert conserved(game.state.position)
    again = replay(record_of(game), CONTENT)
    assert again.state == game.state


@st.composite
def positions(draw: st.DrawFn) -> Position:
    letters = [m.letter for m in CONTENT.modules]
    carrying = draw(st.sampled_from([None, *sorted(CONTENT.devices)]))
    on_board = [ch for ch in letters if ch != carrying]
    cells = draw(st.permutations(range(25)))[: len(on_board)]
    board = ["."] * 25
    for cell, letter in zip(cells, on_board):
        board[cell] = letter if draw(st.booleans()) else letter.lower()
    return Position("".join(board), draw(st.integers(0, 24)), carrying)


@settings(max_examples=300, deadline=None)
@given(position=positions(), commands=st.lists(st.sampled_from(list(Command)), min_size=1, max_size=8))
def test_a_refused_program_changes_nothing_and_a_legal_one_conserves(position: Position,
                                                                     commands: list[Command]) -> None:
    before = position
    try:
        execution = RULES.execute(position, commands, {})
    except IllegalAction as exc:
        assert exc.step is not None and 1 <= exc.step <= len(commands)
        assert RULES.reason(_run(position, commands[: exc.step - 1]), commands[exc.step - 1]) == exc.reason
        assert position == before
    else:
        assert all(conserved(p) for p in execution.positions)


def _run(position: Position, commands: list[Command]) -> Position:
    for c in commands:
        position = RULES.apply(position, c)
    return position


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_chance_draws_respect_the_decks(seed: int) -> None:
    game = play_random_game(seed, "expert", check=False)
    state = game.state
    assert len(set(state.drawn)) == len(state.drawn)
    assert len(set(state.dealt)) == len(state.dealt) <= len(CONTENT.boosts)
    assert Counter(card_ids(CONTENT.command_deck)) == Counter(set(card_ids(CONTENT.command_deck)))
