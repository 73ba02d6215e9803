"""The scramble-aware Mission Control (mission_control/robust.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.commands import DEFAULT_DECK, Command
from companion.games.transmission.engine.rules import Rules
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.lab.simulate import play_game
from companion.games.transmission.mission_control.cadet import Order, distribution, legal_orders
from companion.games.transmission.mission_control.encoding import ORDER as _ORDER
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.reasoning import Reader, possible_missions
from companion.games.transmission.mission_control.robust import (
    VALUES,
    EstimateValue,
    RobustPlanner,
    _multiset,
    _Scorer,
)

CONTENT = default_content()
DEVICES = CONTENT.devices
DECK = tuple(DEFAULT_DECK[c] for c in _ORDER)
BOARD = "e.a.f.L.m.b...c.r.T.S.O.h"
PAIRS = (("M02", "A", "B"), ("M11", "E", "C"))
CATALOGUE = {m.id: m.pair for m in CONTENT.missions}
READER = Reader(DEVICES)
POSSIBLE = possible_missions(CATALOGUE, (), BOARD)


def fake_value(o: Order) -> float:
    """Any deterministic function of the outcome will do to check the bookkeeping."""
    return o.cadet % 4 + (0.5 if o.carrying else 0.0) + o.mask


def brute_expected(model: str, program: tuple[int, ...], levels: Sequence[int], cadet: int) -> float:
    """E[value] by enumerating every interference case's hand from scratch."""
    key = _multiset(program)
    unselected = [DECK[c] - key[c] for c in range(7)]
    total = 0.0
    for level in set(levels):
        pl = levels.count(level) / len(levels)
        registers = list(range(5)) if level in (1, 3) else [-1]
        errors = [(e, n / 6) for e, n in enumerate(unselected) if n] if level in (3, 4) else [(-1, 1.0)]
        for r in registers:
            for e, pe in errors:
                fixed = [-1] * 5
                counts = list(key)
                if r >= 0:
                    fixed[r] = program[r]
                    counts[program[r]] -= 1
                if e >= 0:
                    counts[e] += 1
                orders = legal_orders(BOARD, cadet, "", fixed, counts, DEVICES, PAIRS)
                totals = list(key)
                if e >= 0:
                    totals[e] += 1
                like = None
                if model == "reasoning":
                    ends = [(o.board, o.cadet, o.carrying) for o in orders]
                    like = READER.likelihoods(BOARD, cadet, "", ends, POSSIBLE)
                probs = distribution(model, orders, totals, DECK, program, like)
                value = sum(p * fake_value(o) for p, o in zip(probs, orders))
                total += pl / len(registers) * pe * value
    return total


@pytest.mark.parametrize("model", ["uniform", "careful", "perfect", "reasoning"])
@pytest.mark.parametrize("levels", [(1, 1, 2), (2, 2, 3, 3), (3, 4, 4), ()])
def test_the_scorer_matches_a_brute_force_over_every_interference(model: str,
                                                                   levels: tuple[int, ...]) -> None:
    cadet = 12
    orders = legal_orders(BOARD, cadet, "", [-1] * 5, DECK, DEVICES, PAIRS)
    groups: dict[tuple[int, ...], list[int]] = {}
    for i, o in enumerate(orders):
        groups.setdefault(_multiset(o.program), []).append(i)
    like = None
    if model == "reasoning":
        ends = [(o.board, o.cadet, o.carrying) for o in orders]
        like = READER.likelihoods(BOARD, cadet, "", ends, POSSIBLE)
    scorer = _Scorer(model, orders, groups, fake_value, DECK, levels, like)
    for o in orders[:: max(1, len(orders) // 12)]:
        want = brute_expected(model, o.program, list(levels) or [2], cadet)
        assert scorer.expected(o.program) == pytest.approx(want), o.program
        if model == "perfect":
            assert want == pytest.approx(fake_value(o))


def test_deduce_is_the_share_of_the_hands_orders_reaching_the_intended_outcome() -> None:
    orders = legal_orders(BOARD, 12, "", [-1] * 5, DECK, DEVICES, PAIRS)
    groups: dict[tuple[int, ...], list[int]] = {}
    for i, o in enumerate(orders):
        groups.setdefault(_multiset(o.program), []).append(i)
    scorer = _Scorer("uniform", orders, groups, fake_value, DECK, (2,))
    moves_only = next(o for o in orders if max(o.program) < 4 and len(set(o.program)) == 4)
    assert scorer.deduce(moves_only) == 1.0  # every order of moves ends on the same cell
    repair = next(o for o in orders if 6 in o.program)
    target = (repair.board, repair.cadet, repair.mask)
    same = [i for i in groups[_multiset(repair.program)]
            if (orders[i].board, orders[i].cadet, orders[i].mask) == target]
    assert scorer.deduce(repair) == pytest.approx(len(same) / len(groups[_multiset(repair.program)]))


def views_of_a_game(difficulty: str = "standard", seed: int = 21) -> list[MissionControlView]:
    seen: list[MissionControlView] = []

    class Recorder:
        def __init__(self) -> None:
            self.planner = Planner()

        def choose(self, view: MissionControlView) -> Sequence[Command]:
            seen.append(view)
            return self.planner.choose(view)

    play_game(CONTENT, Recorder(), difficulty, seed, cadet="uniform")
    return seen


@pytest.fixture(scope="module")
def views() -> list[MissionControlView]:
    return views_of_a_game()


def test_robust_plans_are_viable_within_the_deck_and_deterministic(views: list[MissionControlView]) -> None:
    rules = Rules(DEVICES)
    for view in views[:3]:
        plan = RobustPlanner().plan(view)
        assert len(plan.commands) == 5
        assert all(plan.commands.count(c) <= view.deck[c] for c in plan.commands)
        assert rules.viable(view.position, plan.commands)
        assert RobustPlanner().plan(view) == plan
        if not plan.shortcut:
            assert plan.expected is not None and 0 <= plan.expected <= view.transmissions_left
            assert plan.deduce is not None and 0 < plan.deduce <= 1
            assert plan.candidates >= 1


def test_shortcuts_play_the_shortest_plan(views: list[MissionControlView]) -> None:
    view = views[0]
    perfect = RobustPlanner(cadet="perfect").plan(view)
    assert perfect.commands == tuple(Planner().choose(view)) and perfect.shortcut
    last = dataclasses.replace(view, transmissions_left=1)
    plan = RobustPlanner().plan(last)
    assert plan.commands == tuple(Planner().choose(last)) and "last transmission" in plan.shortcut


def test_the_estimate_value_is_zero_when_done_and_capped_at_a_loss() -> None:
    value = EstimateValue(DEVICES, DECK)
    assert value.value(BOARD, 12, "", (), 3) == 0.0
    assert value.value(BOARD, 12, "", PAIRS, 0) == 1.0  # cannot be done in 0 transmissions
    found = value.value(BOARD, 12, "", PAIRS, 6)
    assert 1 <= found < 7 and found != int(found)  # transmissions plus a fraction for the commands


def test_the_cadet_model_is_a_parameter_and_the_reasoning_one_is_planned_for(
        views: list[MissionControlView]) -> None:
    rules = Rules(DEVICES)
    reasoning = RobustPlanner(cadet="reasoning", catalogue=CATALOGUE)
    uniform = RobustPlanner(cadet="uniform")
    differ = 0
    for view in views[:4]:
        plan = reasoning.plan(view)
        assert rules.viable(view.position, plan.commands)
        assert plan == RobustPlanner(cadet="reasoning", catalogue=CATALOGUE).plan(view)  # deterministic
        if not plan.shortcut:
            assert plan.deduce is not None and 0 <= plan.deduce <= 1  # 0: this Cadet never reads it right
        differ += plan.commands != uniform.plan(view).commands or plan.deduce != uniform.plan(view).deduce
    assert differ  # the model changes what Mission Control expects of the hands
    with pytest.raises(ValueError, match="catalogue"):
        RobustPlanner(cadet="reasoning")


def test_ties_go_to_the_hand_the_reasoning_cadet_reads_right_most_often() -> None:
    # Two programs of equal value: the scorer's deduce ranks them by the model's reading.
    orders = legal_orders(BOARD, 12, "", [-1] * 5, DECK, DEVICES, PAIRS)
    groups: dict[tuple[int, ...], list[int]] = {}
    for i, o in enumerate(orders):
        groups.setdefault(_multiset(o.program), []).append(i)
    like = READER.likelihoods(BOARD, 12, "", [(o.board, o.cadet, o.carrying) for o in orders], POSSIBLE)
    scorer = _Scorer("reasoning", orders, groups, lambda o: 1.0, DECK, (2,), like)
    deduce = [scorer.deduce(o) for o in orders]
    assert max(deduce) == pytest.approx(1.0) and min(deduce) < 0.5  # some read right for sure, others not


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown Cadet model"):
        RobustPlanner(cadet="reckless")
    with pytest.raises(ValueError, match="unknown value function"):
        RobustPlanner(value="oracle")
    with pytest.raises(ValueError, match="slack"):
        RobustPlanner(slack=-1)
    assert set(VALUES) == {"estimate", "exact"}
