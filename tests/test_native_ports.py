"""The native core's ports give exactly what the Python code gives, so the scramble-aware planner and the
Cadet models decide the same with the core or without it (issue 11): the route estimate
(``_search.estimate`` against ``estimate.estimate_python``, tie-breaks included) and the legal orders of
a hand (``_search.legal_orders`` against ``cadet.legal_orders_python``, the same orders in the same order).

Random valid positions (every module once, either side up, the carried device off the board, 1-3 pairs
with a device in each, other decks) and every outcome of one transmission from real game starts.
Without the core built the module is skipped, except in CI, where the core must be there.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.mission_control.cadet import Order, legal_orders, legal_orders_python
from companion.games.transmission.mission_control.encoding import DEFAULT_COUNTS, Pairs, rest_of
from companion.games.transmission.mission_control.estimate import Estimate, estimate, estimate_python
from companion.games.transmission.mission_control.native import core_module
from companion.games.transmission.mission_control.solver import Solver

CONTENT = default_content()
DEVICES = frozenset(d.upper() for d in CONTENT.devices)
STATIONS = sorted({m.letter for m in CONTENT.modules} - DEVICES)
MODULE = core_module()

if MODULE is None and os.environ.get("CI") != "true":
    pytest.skip("the native search core is not built (CI requires it)", allow_module_level=True)


def test_the_core_is_there_in_ci() -> None:
    assert MODULE is not None, "CI builds the native core: scripts/test installs it with a compiler"


def letters(pairs: Pairs) -> str:
    return "".join(a + b for _mid, a, b in pairs)


def both(board: str, cadet: int, carrying: str, pairs: Pairs, counts: tuple[int, ...] = DEFAULT_COUNTS
         ) -> tuple[Estimate, Estimate]:
    """(the Python estimate, the core's), called directly: estimate() would pick the core itself."""
    assert MODULE is not None
    devices = "".join(sorted(DEVICES))
    native = Estimate(*MODULE.estimate(board, cadet, carrying, letters(pairs), devices, counts))
    return estimate_python(board, cadet, carrying, pairs, DEVICES, counts), native


def random_position(rng: random.Random, modules: int, pairs: int) -> tuple[str, int, str, Pairs]:
    """A valid position: ``modules`` modules on random cells either side up, maybe one device carried."""
    devices = sorted(DEVICES)
    chosen = rng.sample(devices, min(len(devices), max(2, modules // 2))) + rng.sample(STATIONS, modules // 2)
    carrying = rng.choice(["", *chosen]) if rng.random() < 0.4 else ""
    if carrying and carrying not in DEVICES:
        carrying = ""
    cells = rng.sample(range(25), len(chosen))
    board = ["."] * 25
    for letter, cell in zip(chosen, cells):
        if letter != carrying:
            board[cell] = letter if rng.random() < 0.6 else letter.lower()
    made: list[tuple[str, str, str]] = []
    present = list(chosen)
    for i in range(pairs):
        device = rng.choice([x for x in present if x in DEVICES])
        other = rng.choice([x for x in present if x != device])
        a, b = (device, other) if rng.random() < 0.5 else (other, device)
        made.append((f"M{i}", a, b))
    return "".join(board), rng.randrange(25), carrying, tuple(made)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(4, 13), st.integers(1, 3))
def test_the_core_estimates_random_positions_as_python_does(seed: int, modules: int, pairs: int) -> None:
    board, cadet, carrying, made = random_position(random.Random(seed), modules, pairs)
    python, native = both(board, cadet, carrying, made)
    assert native == python, (board, cadet, carrying, made)


@pytest.mark.parametrize("counts", [(1, 1, 1, 1, 1, 1, 1), (2, 2, 2, 2, 2, 1, 1), (3, 3, 3, 3, 1, 1, 1),
                                    (2, 2, 2, 2, 1, 1, 0), (2, 2, 2, 2, 0, 1, 1)])
def test_the_core_estimates_other_decks_as_python_does(counts: tuple[int, ...]) -> None:
    rng = random.Random(sum(counts))
    for _ in range(150):
        board, cadet, carrying, made = random_position(rng, rng.randrange(4, 14), rng.randrange(1, 4))
        python, native = both(board, cadet, carrying, made, counts)
        assert native == python, (board, cadet, carrying, made, counts)


def test_the_core_estimates_every_outcome_of_real_game_starts_as_python_does() -> None:
    rng = random.Random(11)
    solver = Solver(DEVICES, DEFAULT_COUNTS)
    checked = 0
    for _ in range(6):
        # Dealt like the Standard Layout (RULES.md, Components): modules on the cells of even row + col.
        modules = sorted(m.letter for m in CONTENT.modules)
        rng.shuffle(modules)
        board = ["."] * 25
        for cell, letter in zip((c for c in range(25) if (c // 5 + c % 5) % 2 == 0), modules):
            board[cell] = letter if rng.random() < 5 / 13 else letter.lower()
        start = "".join(board)
        devices = sorted(DEVICES)
        pairs: Pairs = tuple(sorted((f"M{i}", d, rng.choice([m for m in modules if m != d]))
                                    for i, d in enumerate(rng.sample(devices, 3))))
        for outcome in solver.runs(start, 12, "", pairs)[::5]:
            rest = rest_of(pairs, outcome.mask)
            python, native = both(outcome.board, outcome.cadet, outcome.carrying, rest)
            assert native == python, (outcome.board, outcome.cadet, outcome.carrying, rest)
            checked += 1
    assert checked > 1000


def test_estimate_uses_the_core_and_gives_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    board, cadet, carrying, made = random_position(random.Random(3), 10, 3)
    python = estimate_python(board, cadet, carrying, made, DEVICES)

    def refuse(*_args: object) -> Estimate:
        raise AssertionError("estimate() called the Python estimate although the core is built")

    monkeypatch.setattr("companion.games.transmission.mission_control.estimate.estimate_python", refuse)
    assert estimate(board, cadet, carrying, made, DEVICES) == python


def test_the_core_refuses_malformed_arguments_with_a_clear_message() -> None:
    assert MODULE is not None
    ok = ("." * 25, 0, "", "AB", "AF", DEFAULT_COUNTS)
    for bad, words in [((("." * 24),), "25 characters"), (("." * 24 + "1",), "not a hallway"),
                       ((("." * 25), 25), "0 to 24"), ((("." * 25), 0, "a"), "carried"),
                       ((("." * 25), 0, "", "ABC"), "2 letters per pair"),
                       ((("." * 25), 0, "", "ab"), "upper-case"),
                       ((("." * 25), 0, "", "AB", "a1"), "devices"),
                       ((("." * 25), 0, "", "AB", "AF", (2, 2)), "7 card counts"),
                       ((("." * 25), 0, "", "AB", "AF", (2, 2, 2, 2, 1, 1, 9)), "0 to 5")]:
        args = bad + ok[len(bad):]
        with pytest.raises(ValueError, match=words):
            MODULE.estimate(*args)
    assert MODULE.estimate(*ok) == (10_000, 10_000)  # the modules are nowhere: impossible


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(4, 13), st.integers(0, 3),
       st.lists(st.integers(-1, 6), min_size=5, max_size=5),
       st.lists(st.integers(0, 3), min_size=7, max_size=7))
def test_the_core_lists_the_legal_orders_of_any_hand_as_python_does(
        seed: int, modules: int, pairs: int, fixed: list[int], counts: list[int]) -> None:
    rng = random.Random(seed)
    board, cadet, carrying, made = random_position(rng, modules, max(1, pairs))
    made = made[:pairs]
    python = legal_orders_python(board, cadet, carrying, fixed, counts, DEVICES, made)
    assert legal_orders(board, cadet, carrying, fixed, counts, DEVICES, made) == python
    assert all(type(order) is Order for order in legal_orders(board, cadet, carrying, fixed, counts, DEVICES))


def test_the_core_lists_every_program_of_the_deck_in_python_order() -> None:
    rng = random.Random(5)
    for _ in range(20):
        board, cadet, carrying, made = random_position(rng, rng.randrange(6, 14), rng.randrange(1, 4))
        fixed = (-1,) * 5
        python = legal_orders_python(board, cadet, carrying, fixed, DEFAULT_COUNTS, DEVICES, made)
        native = legal_orders(board, cadet, carrying, fixed, DEFAULT_COUNTS, DEVICES, made)
        assert [tuple(o) for o in native] == [tuple(o) for o in python]
        assert len(native) > 100


def test_legal_orders_refuses_what_is_not_a_hand_as_python_does() -> None:
    board = "A" + "." * 24
    assert legal_orders(board, 0, "", (-1,) * 4, DEFAULT_COUNTS, DEVICES) == []  # 4 registers
    assert legal_orders(board, 0, "", (-1,) * 5, (1, 1, 0, 0, 0, 0, 0), DEVICES) == []  # 2 cards for 5
    assert MODULE is not None
    with pytest.raises(TypeError, match="tuple subclass"):
        MODULE.legal_orders(board, 0, "", (-1,) * 5, DEFAULT_COUNTS, "AF", "", dict)
    with pytest.raises(ValueError, match="0 to 6 or -1"):
        MODULE.legal_orders(board, 0, "", (-1, -1, 7, -1, -1), DEFAULT_COUNTS, "AF", "", Order)
