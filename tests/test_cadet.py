"""The Cadet models (mission_control/cadet.py): legal orders, their probabilities, sampling, card ids."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import DEFAULT_DECK
from companion.games.transmission.engine.commands import Command as C
from companion.games.transmission.engine.rules import Rules
from companion.games.transmission.mission_control.cadet import (
    CADET_MODELS,
    Hand,
    Order,
    choose_order,
    distribution,
    legal_orders,
    order_cards,
    sample,
)
from companion.games.transmission.mission_control.encoding import ORDER as _ORDER

CONTENT = default_content()
DEVICES = CONTENT.devices
RULES = Rules(DEVICES)
DECK = tuple(DEFAULT_DECK[c] for c in _ORDER)
# A real Standard Layout: damaged Energy Pack (e) at (0, 0), Android (a) at (0, 2), ...
BOARD = "e.a.f.L.m.b...c.r.T.S.O.h"


def brute_force(board: str, cadet: int, carrying: str, fixed: list[int],
                hand: list[int]) -> set[tuple[int, ...]]:
    """Every legal order by permuting the cards one by one (no merging), as a set of programs."""
    out = set()
    free = sum(1 for f in fixed if f < 0)
    for perm in itertools.permutations(hand, free):
        it = iter(perm)
        program = tuple(f if f >= 0 else next(it) for f in fixed)
        if RULES.viable(Position(board, cadet, carrying or None), [_ORDER[k] for k in program]):
            out.add(program)
    return out


def test_legal_orders_are_exactly_the_legal_arrangements_of_the_hand() -> None:
    rng = random.Random(7)
    for _trial in range(60):
        cadet = rng.randrange(25)
        carrying = rng.choice(["", "", "D"])
        hand = [rng.randrange(7) for _ in range(rng.choice([5, 6]))]
        fixed = [-1] * 5
        if rng.random() < 0.5:
            fixed[rng.randrange(5)] = hand.pop()
        counts = [hand.count(k) for k in range(7)]
        orders = legal_orders(BOARD, cadet, carrying, fixed, counts, DEVICES)
        programs = [o.program for o in orders]
        assert len(programs) == len(set(programs))  # identical cards merged
        assert set(programs) == brute_force(BOARD, cadet, carrying, fixed, hand)
        for o in orders:
            end = RULES.execute(Position(BOARD, cadet, carrying or None), [_ORDER[k] for k in o.program]).end
            assert (end.board, end.cadet, end.carrying or "") == (o.board, o.cadet, o.carrying)
            assert sorted(o.left_out + tuple(k for k, f in zip(o.program, fixed) if f < 0)) == sorted(hand)


def test_legal_orders_track_the_missions_completed() -> None:
    # Repair the Energy Pack at (0, 0) next to nothing; deploy a carried Drone beside the Android.
    board = "e.a.f.L.m.b...c.r.T.S.O.h".replace("a", "A")
    pairs = (("M1", "A", "D"), ("M2", "E", "S"))
    orders = legal_orders(board, 1, "D", [-1] * 5, [1, 1, 1, 1, 0, 1, 0], DEVICES, pairs)
    deploy_first = [o for o in orders if o.program[0] == 5]
    assert deploy_first and all(o.mask == 1 for o in deploy_first)  # (0, 1) is beside the Android at (0, 2)
    assert any(o.mask == 0 for o in orders)


def test_too_few_cards_or_no_legal_order_give_an_empty_list() -> None:
    assert legal_orders(BOARD, 12, "", [-1] * 5, [1, 1, 1, 0, 0, 0, 0], DEVICES) == []
    # Five Repairs on a hallway: nothing is legal.
    assert legal_orders(BOARD, 1, "", [-1] * 5, [0, 0, 0, 0, 0, 0, 5], DEVICES) == []


def hand_of(cadet: int, cards: list[C], fixed: list[C | None] | None = None) -> Hand:
    return Hand(Position(BOARD, cadet, None), tuple(fixed or [None] * 5), tuple(cards), DEFAULT_DECK, DEVICES)


def test_uniform_gives_every_legal_order_the_same_chance() -> None:
    hand = hand_of(12, [C.N, C.N, C.E, C.S, C.W, C.REPAIR])
    orders = hand.orders()
    probs = distribution("uniform", orders, hand.totals(), DECK)
    assert len(orders) > 10 and probs == [1 / len(orders)] * len(orders)


def test_perfect_puts_everything_on_the_intended_order() -> None:
    hand = hand_of(12, [C.N, C.E, C.S, C.W, C.S])
    orders = hand.orders()
    intended = (0, 1, 2, 3, 2)
    probs = distribution("perfect", orders, intended=intended)
    assert probs[[o.program for o in orders].index(intended)] == 1.0 and sum(probs) == 1.0
    with pytest.raises(ValueError, match="intended order"):
        distribution("perfect", orders)
    with pytest.raises(ValueError, match="not one of the legal orders"):
        distribution("perfect", orders, intended=(6, 6, 6, 6, 6))


def careful_groups(orders: list[Order], totals: tuple[int, ...]) -> dict[tuple[str, int, str], float]:
    groups: dict[tuple[str, int, str], float] = {}
    for o in orders:
        w = 1.0
        for k in o.left_out:
            w *= DECK[k] - totals[k] + 1
        key = (o.board, o.cadet, o.carrying)
        groups[key] = groups.get(key, 0.0) + w
    return groups


@pytest.mark.parametrize("cards", [
    [C.N, C.N, C.E, C.S, C.W, C.REPAIR],
    [C.E, C.E, C.S, C.S, C.W, C.N],
    [C.N, C.E, C.S, C.S, C.W, C.COLLECT],
])
def test_careful_backs_the_end_position_most_readings_agree_on(cards: list[C]) -> None:
    hand = hand_of(13, cards)
    orders = hand.orders()
    probs = distribution("careful", orders, hand.totals(), DECK)
    assert sum(probs) == pytest.approx(1.0)
    groups = careful_groups(orders, hand.totals())
    top = max(groups.values())
    best = {k for k, w in groups.items() if w == top}
    mass: dict[tuple[str, int, str], float] = {}
    for o, p in zip(orders, probs):
        key = (o.board, o.cadet, o.carrying)
        if key not in best:
            assert p == 0.0
        mass[key] = mass.get(key, 0.0) + p
    for key in best:
        assert mass[key] == pytest.approx(1 / len(best))


def test_careful_weighs_a_left_out_card_by_how_likely_it_was_the_error() -> None:
    # E E S S W N from the north-west corner: leaving out the single West or North is twice as likely
    # an error as leaving out one of two Easts or Souths (2 of each in the deck, see RULES.md).
    hand = hand_of(0, [C.E, C.E, C.S, C.S, C.W, C.N])
    orders = hand.orders()
    weights = {o.left_out: careful_groups([o], hand.totals()) for o in orders}
    assert {next(iter(w.values())) for lo, w in weights.items() if lo in ((3,), (0,))} == {2.0}
    assert {next(iter(w.values())) for lo, w in weights.items() if lo in ((1,), (2,))} == {1.0}


def test_unknown_models_and_empty_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown Cadet model"):
        distribution("reckless", [], (), ())
    with pytest.raises(ValueError, match="no legal order"):
        distribution("uniform", [])


def test_sample_follows_the_probabilities_and_the_seed() -> None:
    rng = random.Random(3)
    draws = [sample([0.0, 0.25, 0.0, 0.75], rng) for _ in range(4000)]
    assert set(draws) == {1, 3}
    assert 0.2 < draws.count(1) / 4000 < 0.3
    again = random.Random(3)
    assert draws[:50] == [sample([0.0, 0.25, 0.0, 0.75], again) for _ in range(50)]


@pytest.mark.parametrize("model", CADET_MODELS)
def test_choose_order_is_legal_keeps_fixed_registers_and_is_seeded(model: str) -> None:
    intended = (C.N, C.E, C.S, C.REPAIR, C.W)
    hand = hand_of(12, [C.N, C.E, C.S, C.REPAIR, C.N], fixed=[None, None, None, None, C.W])
    # The centre is a hallway: the Repair must wait for the damaged Med Bay at (1, 3).
    for seed in range(10):
        order = choose_order(model, hand, random.Random(seed), intended)
        assert order == choose_order(model, hand, random.Random(seed), intended)
        assert order[4] is C.W
        if model != "perfect":
            assert RULES.viable(hand.position, order)
    with pytest.raises(ValueError, match="intended order"):
        choose_order("perfect", hand, random.Random(0))


def test_order_cards_keeps_fixed_cards_and_tells_identical_cards_apart() -> None:
    fixed: list[str | None] = ["N2", None, None, None, None]
    ids = order_cards((C.N, C.E, C.N, C.S, C.W), fixed, ["E1", "N1", "S2", "W1", "S1"])
    assert ids == ("N2", "E1", "N1", "S2", "W1")
    with pytest.raises(ValueError, match="fixed to North"):
        order_cards((C.E, C.E, C.N, C.S, C.W), ["N2", None, None, None, None], ["E1", "N1", "S2", "W1"])
    with pytest.raises(ValueError, match="no Repair card"):
        order_cards((C.N, C.E, C.REPAIR, C.S, C.W), [None] * 5, ["N1", "E1", "S1", "W1", "N2"])
