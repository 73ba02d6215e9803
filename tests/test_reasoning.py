"""The reasoning Cadet (mission_control/reasoning.py and its model in mission_control/cadet.py)."""

from __future__ import annotations

import math
import random

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import DEFAULT_DECK
from companion.games.transmission.engine.commands import Command as C
from companion.games.transmission.engine.kernel import pair_complete
from companion.games.transmission.mission_control.cadet import (
    Hand,
    choose_order,
    distribution,
    legal_orders,
    read,
)
from companion.games.transmission.mission_control.encoding import INDEX
from companion.games.transmission.mission_control.encoding import ORDER as _ORDER
from companion.games.transmission.mission_control.reasoning import (
    UNREACHABLE,
    Reader,
    best_boost,
    boost_threshold,
    cross_check,
    possible_missions,
    route,
)

CONTENT = default_content()
DEVICES = frozenset("AFEODT")
DECK = tuple(DEFAULT_DECK[c] for c in _ORDER)
CATALOGUE = {m.id: m.pair for m in CONTENT.missions}
N, E, S, W, COLLECT, DEPLOY, REPAIR = range(7)


def board(cells: dict[int, str]) -> str:
    """A board of hallways with the given tiles."""
    return "".join(cells.get(i, ".") for i in range(25))


def test_route_counts_walk_repair_collect_walk_deploy() -> None:
    # Android at (0, 0), Science Lab at (0, 2); the Cadet in the centre (2, 2).
    b = board({0: "A", 2: "S"})
    assert route(b, 12, "", "A", "S", DEVICES) == 4 + 1 + 1 + 1  # walk 4, collect, step to (0, 1), deploy
    damaged = board({0: "a", 2: "s"})
    assert route(damaged, 12, "", "A", "S", DEVICES) == 4 + 1 + 1 + 1 + 1 + 2  # + repair the device, the lab
    assert route(b, 12, "A", "A", "S", DEVICES) == 1 + 1  # carried: a step to (1, 2) beside the lab, deploy
    side_by_side = board({1: "A", 2: "S"})
    assert route(side_by_side, 12, "", "A", "S", DEVICES) == 0
    assert route(board({1: "a", 2: "S"}), 12, "", "A", "S", DEVICES) == 3 + 1  # walk to it, repair
    assert route(board({0: "S", 2: "B"}), 12, "", "S", "B", DEVICES) == UNREACHABLE  # two stations
    # A station boxed in by stations: the device must still go beside it, at a cost.
    boxed = board({0: "H", 1: "R", 5: "C", 12: "A"})
    assert route(boxed, 12, "", "A", "H", DEVICES) >= 8


def test_possible_missions_drop_the_completed_and_the_pairs_already_side_by_side() -> None:
    b = board({1: "A", 2: "S"})  # Android next to the Science Lab: M01 cannot be in play
    pairs = possible_missions(CATALOGUE, ["M02"], b)
    ids = {mid for mid, _a, _b in pairs}
    assert "M01" not in ids and "M02" not in ids
    assert len(ids) == len(CATALOGUE) - 2
    assert all(a.isupper() and b.isupper() for _m, a, b in pairs)
    assert [p[0] for p in pairs] == sorted(p[0] for p in pairs)


def test_the_likelihood_rewards_progress_on_any_possible_mission() -> None:
    reader = Reader(DEVICES, beta=1.0)
    b = board({0: "A", 2: "S"})
    missions = (("M01", "A", "S"),)
    # From the centre, walking 2 North brings the Android closer; walking South does not.
    north, south = reader.likelihoods(b, 12, "", [(b, 2, ""), (b, 22, "")], missions)
    assert north == pytest.approx(math.exp(2)) and south == pytest.approx(math.exp(-2))
    assert reader.likelihoods(b, 12, "", [(b, 2, "")], ()) == [1.0]  # nothing possible: no preference


def test_the_reasoning_cadet_completes_a_possible_mission_rather_than_wander() -> None:
    # Carrying the Android, Science Lab at (0, 4): N N E E DEPLOY has orders that deploy beside the lab.
    b = board({4: "S"})
    hand = Hand(Position(b, 12, "A"), (None,) * 5, (C.N, C.N, C.E, C.E, C.DEPLOY), DEFAULT_DECK, DEVICES,
                {"M01": ("A", "S"), "M09": ("A", "B")})
    orders, probs = read("reasoning", hand)
    assert len({(o.board, o.cadet) for o in orders}) > 2
    for o, p in zip(orders, probs):
        if p > 0:
            assert pair_complete(o.board, "A", "S")
    careful = distribution("careful", orders)
    assert any(p > 0 and not pair_complete(o.board, "A", "S") for o, p in zip(orders, careful))
    order = choose_order("reasoning", hand, random.Random(1))
    assert order == choose_order("reasoning", hand, random.Random(1))


def test_the_reasoning_model_needs_its_likelihoods() -> None:
    orders = legal_orders(board({}), 12, "", (-1,) * 5, (2, 1, 1, 1, 0, 0, 0), DEVICES)
    with pytest.raises(ValueError, match="likelihood"):
        distribution("reasoning", orders)
    probs = distribution("reasoning", orders, likelihood=[1.0] * len(orders))
    assert sum(probs) == pytest.approx(1.0)  # every order ends on the centre: one group
    with pytest.raises(ValueError, match="perfect"):
        read("perfect", Hand(Position(board({}), 12, None), (None,) * 5, (C.N,) * 5, DEFAULT_DECK, DEVICES))


def test_a_pair_already_side_by_side_completes_at_the_first_command() -> None:
    # After a board correction: Android beside the Science Lab, both intact, mission still pending.
    b = board({7: "A", 8: "S"})
    orders = legal_orders(b, 12, "", (-1,) * 5, (2, 1, 1, 1, 0, 0, 0), DEVICES, (("M01", "A", "S"),))
    assert orders and all(o.mask == 1 for o in orders)


def test_cross_check_answers_the_lowest_open_register_of_the_command() -> None:
    program = (N, E, N, S, W)
    assert cross_check(program, (-1,) * 5, N) == 0
    assert cross_check(program, (N, -1, -1, -1, -1), N) == 2
    assert cross_check(program, (-1,) * 5, REPAIR) == -1


def test_best_boost_spends_by_expected_gain() -> None:
    # Two readings, 60/40, differing in register 1 only; each is its own end position.
    programs = [(N, E, S, W, N), (E, N, S, W, N)]
    groups = ["north-first", "east-first"]
    left_out: list[tuple[int, ...]] = [(), ()]
    probs = [0.6, 0.4]
    choice = best_boost(programs, probs, groups, left_out, (-1,) * 5, ["clear_signal"], [N, E, S, W], 0.15)
    assert choice is not None and choice.kind == "clear_signal" and choice.register in (1, 2)
    assert choice.gain == pytest.approx(0.4)  # from 60% right to certainty
    abort = best_boost(programs, probs, groups, left_out, (-1,) * 5, ["abort"], [N, E, S, W], 0.15)
    assert abort is not None and abort.order == 0 and abort.gain == pytest.approx(0.4)  # Yes, or the other
    cross = best_boost(programs, probs, groups, left_out, (-1,) * 5, ["cross_check"], [N, E, S, W], 0.15)
    assert cross is not None and cross.gain == pytest.approx(0.4)
    # A register both readings agree on tells nothing; Debug needs an error; a sure reading spends nothing.
    assert best_boost(programs, probs, groups, left_out, (N, E, -1, -1, -1), ["clear_signal"], [S, W, N],
                      0.15) is None
    assert best_boost(programs, probs, groups, left_out, (-1,) * 5, ["debug"], [N], 0.0) is None
    assert best_boost(programs, [1.0, 0.0], groups, left_out, (-1,) * 5, ["abort"], [N], 0.0) is None
    # A small gain keeps the boost while cards remain, and spends it on the last one.
    close = [0.9, 0.1]
    none = (-1,) * 5
    assert best_boost(programs, close, groups, left_out, none, ["abort"], [N], boost_threshold(3)) is None
    assert best_boost(programs, close, groups, left_out, none, ["abort"], [N], boost_threshold(0)) is not None


def test_debug_is_worth_the_readings_it_tells_apart() -> None:
    programs = [(N, E, S, W, N), (N, E, S, W, E)]
    groups = ["a", "b"]
    left_out = [(E,), (N,)]
    choice = best_boost(programs, [0.5, 0.5], groups, left_out, (-1,) * 5, ["debug"], [N, E, S, W], 0.1)
    assert choice is not None and choice.kind == "debug" and choice.gain == pytest.approx(0.5)


def test_the_reader_cache_is_bounded() -> None:
    reader = Reader(DEVICES, cache_size=16)
    missions = (("M01", "A", "S"),)
    b = board({0: "A", 2: "S"})
    for cell in range(25):
        reader.routes(b, cell, "", missions)
    assert len(reader._routes) == 16
    reader.clear()
    assert not reader._routes


def test_hand_commands_index_the_deck() -> None:
    assert [INDEX[c] for c in (C.N, C.DEPLOY)] == [N, DEPLOY]
