"""The native search core (mission_control/_search.c) gives exactly the pure-Python search's answers.

The pure-Python search (``Solver`` with ``solver.core = None``) is the reference: tests/test_search.py
proves it against an exhaustive search.  Here every answer of the core is compared with it:

- ``need`` equals ``Solver.need`` on several hundred positions: every decision of seeded real games
  (Cadets ``uniform`` and ``careful`` at ``standard`` and ``hard``) at limits 0-7, and random valid
  boards (hypothesis), through the Solver and through a fresh ``Core`` (no table: a real search);
- ``bound``/``cheap`` equal ``Bound.value(..., upto=INF)``/``Bound.cheap`` on those positions and every
  outcome of one transmission from them; the bound is never above the exact optimum (the exhaustive
  reference where it exists), so it stays admissible;
- ``within(need - 1)`` is false and ``within(need)`` true;
- a pending pair already side by side at the root completes at the first command, as in Python;
- a walled-in station or two stations apart: ``limit + 1`` at once (bound 1000, almost no nodes);
- other decks (one card of each, more Collects, more moves, no Repair) give the Python answers;
- a passed ``stop_at`` gives -1 (``Solver.need`` raises ``SearchTimeout``), and afterwards the same core
  still answers exactly: nothing half-proven is kept;
- malformed input raises ``ValueError`` naming the problem and leaves the core working; a Solver with
  more pairs than the core takes falls back to the Python search;
- the GIL is released during a search, and a second thread on the same Core gets ``RuntimeError``,
  never a crash or a wrong answer;
- the planner's decisions are identical with and without the core on ~100 real positions.

The whole module is skipped when the core is not built, except in CI (``CI=true``), where it fails.
"""

from __future__ import annotations

import functools
import math
import os
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.lab.simulate import game_seed, play_game
from companion.games.transmission.mission_control.bound import INF
from companion.games.transmission.mission_control.encoding import (
    DEFAULT_COUNTS,
    Pairs,
    counts_of,
    pairs_of,
    rest_of,
)
from companion.games.transmission.mission_control.native import PURE_ENV, core_module
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.programs import TransmissionResult
from companion.games.transmission.mission_control.solver import SearchTimeout, Solver
from test_search import reference, small_position

if TYPE_CHECKING:
    from companion.games.transmission.mission_control._search import Core

MODULE = core_module()
if MODULE is None:
    if os.environ.get("CI") == "true":
        pytest.fail("the C search core is not built (or is stale, or switched off): CI requires it "
                    "(python setup.py build_ext --inplace)", pytrace=False)
    pytest.skip(f"the C search core is not built, is stale or {PURE_ENV}=1: nothing to compare",
                allow_module_level=True)
CORE = MODULE.Core

CONTENT = default_content()
DEVICES = frozenset(CONTENT.devices)
MODULES = tuple(sorted(m.letter for m in CONTENT.modules))

#: The Cadet models and difficulties of the sampled games (as
#: companion/games/transmission/lab/bench_offline.py).
GAME_CELLS = (("uniform", "standard"), ("careful", "hard"), ("uniform", "hard"), ("careful", "standard"))
GAMES = 40
SEED = 11

HYPOTHESIS = settings(max_examples=250, deadline=None, database=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow])


class Case(NamedTuple):
    """A position to compare: where it comes from (for the failure messages) and its search input."""

    name: str
    devices: frozenset[str]
    counts: tuple[int, ...]
    board: str
    cadet: int
    carrying: str
    pairs: Pairs

    @property
    def state(self) -> tuple[str, int, str]:
        return self.board, self.cadet, self.carrying

    @property
    def letters(self) -> str:
        return letters_of(self.pairs)


def letters_of(pairs: Pairs) -> str:
    """The pairs as the core takes them."""
    return "".join(a + b for _mid, a, b in pairs)


def python_solver(devices: frozenset[str] = DEVICES, counts: tuple[int, ...] = DEFAULT_COUNTS) -> Solver:
    """The reference: the pure-Python search."""
    solver = Solver(devices, counts)
    solver.core = None
    return solver


def native_solver(devices: frozenset[str] = DEVICES, counts: tuple[int, ...] = DEFAULT_COUNTS) -> Solver:
    """A Solver that calls the core (it must take these devices and this deck)."""
    solver = Solver(devices, counts)
    assert solver.core is not None, f"the core refused the deck {counts}"
    return solver


def fresh_core(devices: frozenset[str] = DEVICES, counts: tuple[int, ...] = DEFAULT_COUNTS) -> Core:
    """A Core with empty tables: its answers come from a search, not from what an earlier one proved."""
    return CORE("".join(sorted(devices)), counts)


class Recorder:
    """A chooser that records every view Mission Control decides
    (companion/games/transmission/lab/bench_offline.py)."""

    def __init__(self) -> None:
        self.planner = Planner()
        self.views: list[MissionControlView] = []

    def choose(self, view: MissionControlView) -> tuple[object, ...]:
        self.views.append(view)
        return self.planner.choose(view)


@functools.cache
def real_games() -> tuple[tuple[str, tuple[MissionControlView, ...]], ...]:
    """Every decision of seeded real games, per game: (its name, its views in order)."""
    games = []
    for i in range(GAMES):
        cadet, difficulty = GAME_CELLS[i % len(GAME_CELLS)]
        seed = game_seed(SEED, i)
        recorder = Recorder()
        play_game(CONTENT, recorder, difficulty, seed, cadet=cadet)  # type: ignore[arg-type]
        games.append((f"{cadet}/{difficulty}/seed {seed}", tuple(recorder.views)))
    return tuple(games)


def case_of(name: str, view: MissionControlView) -> Case:
    p = view.position
    return Case(name, frozenset(d.upper() for d in view.devices), counts_of(view.deck), p.board, p.cadet,
                p.carrying or "", pairs_of(view.missions))


@functools.cache
def real_cases() -> tuple[tuple[Case, ...], ...]:
    """The real positions, per game."""
    return tuple(tuple(case_of(f"{name} decision {k}", view) for k, view in enumerate(views))
                 for name, views in real_games())


@functools.cache
def real_needs() -> dict[Case, int]:
    """The Python search's optimum (limit 7, so 8 means more) of every real position."""
    out = {}
    for game in real_cases():
        python = python_solver(game[0].devices, game[0].counts)
        for case in game:
            out[case] = python.need(*case.state, case.pairs, 7)
    return out


@st.composite
def random_cases(draw: st.DrawFn) -> Case:
    """A valid random position: each module once (intact or damaged) on a random cell, hallways
    elsewhere, the carried device (if any) off the board, 1-3 distinct pairs each with a device."""
    carrying = draw(st.sampled_from(("", "", "", *sorted(DEVICES))))
    placed = [m for m in MODULES if m != carrying]
    cells = draw(st.permutations(range(25)))
    damaged = draw(st.lists(st.integers(0, 4), min_size=len(placed), max_size=len(placed)))
    board = ["."] * 25
    for m, cell, harm in zip(placed, cells, damaged):
        board[cell] = m.lower() if harm == 0 else m
    cadet = draw(st.integers(0, 24))
    n = draw(st.integers(1, 3))
    chosen: set[tuple[str, str]] = set()
    while len(chosen) < n:
        a = draw(st.sampled_from(sorted(DEVICES)))
        b = draw(st.sampled_from([x for x in MODULES if x != a]))
        chosen.add((min(a, b), max(a, b)))
    pairs = tuple((f"X{i}", a, b) for i, (a, b) in enumerate(sorted(chosen)))
    return Case("random", DEVICES, DEFAULT_COUNTS, "".join(board), cadet, carrying, pairs)


#: One Python solver and one native one for the random positions (their tables never change an answer).
_RANDOM_PYTHON = python_solver()
_RANDOM_NATIVE = native_solver()


def assert_bounds(core: Core, python: Solver, case: Case) -> None:
    """core.bound == Bound.value(upto=INF) and core.cheap == Bound.cheap, cheap never above bound."""
    full = python.bound.value(*case.state, case.pairs)
    cheap = python.bound.cheap(*case.state, case.pairs)
    assert core.bound(*case.state, case.letters) == full, case
    assert core.cheap(*case.state, case.letters) == cheap, case
    assert cheap <= full


def outcome_cases(python: Solver, case: Case) -> list[Case]:
    """Every outcome of one transmission from the position, as positions with the pairs left."""
    return [case._replace(name=f"{case.name} after {o.program}", board=o.board, cadet=o.cadet,
                          carrying=o.carrying, pairs=rest_of(case.pairs, o.mask))
            for o in python.outcomes(*case.state, case.pairs)]


def many_pairs_case(seed: int, n: int) -> Case:
    """A random position with ``n`` distinct pairs, most modules damaged (the most targets to walk)."""
    rng = random.Random(seed)
    board = ["."] * 25
    for m, cell in zip(MODULES, rng.sample(range(25), len(MODULES))):
        board[cell] = m.lower() if rng.random() < 0.7 else m
    chosen: set[tuple[str, str]] = set()
    while len(chosen) < n:
        a = rng.choice(sorted(DEVICES))
        b = rng.choice([x for x in MODULES if x != a])
        chosen.add((min(a, b), max(a, b)))
    pairs = tuple((f"X{i}", a, b) for i, (a, b) in enumerate(sorted(chosen)))
    return Case("many pairs", DEVICES, DEFAULT_COUNTS, "".join(board), rng.randrange(25), "", pairs)


def test_with_any_number_of_pairs_the_core_bound_is_the_python_bound() -> None:
    """Both bounds leave the walk out beyond bound.MAX_WALK_TARGETS targets (most modules damaged and 5
    or more pairs have more) and list the choices over at most bound.MAX_MOVABLE devices, so the core's
    bound is exactly Bound.value for every number of pairs it takes (the planner orders its root outcomes
    by it), and Solver.bound_value and cheap_value give the same values."""
    python, native = python_solver(), native_solver()
    assert native.core is not None and MODULE.BOUND_PAIRS == MODULE.MAX_PAIRS
    for n in range(1, MODULE.MAX_PAIRS + 1):
        for seed in range(12):
            case = many_pairs_case(seed, n)
            assert_bounds(native.core, python, case)
            assert native.bound_value(*case.state, case.pairs) == python.bound.value(*case.state, case.pairs)
            assert native.cheap_value(*case.state, case.pairs) == python.bound.cheap(*case.state, case.pairs)


def test_the_outcomes_of_one_transmission_and_their_least_programs_equal_the_python_walks() -> None:
    """Solver.outcomes (the planner's root) from the core: the same outcomes, each with the same least
    program, as the Python walk of the event tries, on real positions, after a board correction left a
    pair side by side (checked program by program), and with no pairs."""
    python = python_solver()
    native = native_solver()
    cases = list(real_cases()[1][:40])
    cases += [case._replace(pairs=()) for case in cases[:5]]
    pending = Case("pending", frozenset("AC"), DEFAULT_COUNTS, "AB" + "." * 10 + "C" + "." * 12, 6, "",
                   (("m1", "A", "B"), ("m2", "A", "C")))
    for case in cases + [pending]:
        py = python if case.devices == DEVICES else Solver(case.devices)
        py.core = None
        nat = native if case.devices == DEVICES else Solver(case.devices)
        mine = nat.outcomes(*case.state, case.pairs)
        theirs = py.outcomes(*case.state, case.pairs)
        assert sorted(mine) == sorted(theirs), case
        assert len(mine) == len(set(mine)) and all(type(o) is TransmissionResult for o in mine)


# --------------------------------------------------------------------------- 1. need


def test_need_equals_the_python_search_on_every_decision_of_real_games() -> None:
    checked = 0
    needs = real_needs()
    for game in real_cases():
        devices, counts = game[0].devices, game[0].counts
        python, native = python_solver(devices, counts), native_solver(devices, counts)
        rng = random.Random(game[0].name)
        for case in game:
            truth = needs[case]
            assert fresh_core(devices, counts).need(*case.state, case.letters, 7) == truth, case
            limits = list(range(8))
            rng.shuffle(limits)
            for limit in limits:
                expected = python.need(*case.state, case.pairs, limit)
                assert expected == min(truth, limit + 1)
                assert native.need(*case.state, case.pairs, limit) == expected, (case, limit)
            checked += 1
    assert checked >= 250
    assert set(needs.values()) >= {1, 2, 3, 4, 5, 6}, "a spread of optima, not one easy kind of position"


@HYPOTHESIS
@given(random_cases(), st.integers(0, 7))
def test_need_equals_the_python_search_on_random_boards(case: Case, limit: int) -> None:
    expected = _RANDOM_PYTHON.need(*case.state, case.pairs, limit)
    assert fresh_core().need(*case.state, case.letters, limit) == expected
    assert _RANDOM_NATIVE.need(*case.state, case.pairs, limit) == expected
    if expected <= limit:  # 3. within: false below the optimum, true at it
        core = fresh_core()
        assert core.within(*case.state, case.letters, expected - 1) == (0 if expected else 1)
        assert core.within(*case.state, case.letters, expected) == 1


# --------------------------------------------------------------------------- 2. the bound


def test_bound_and_cheap_equal_the_python_bound_on_real_positions_and_all_their_outcomes() -> None:
    core = fresh_core()
    checked = 0
    needs = real_needs()
    for game in real_cases():
        python = python_solver(game[0].devices, game[0].counts)
        for case in game:
            assert_bounds(core, python, case)
            truth = needs[case]
            if truth <= 7:
                assert core.bound(*case.state, case.letters) <= truth, case  # admissible
            for after in outcome_cases(python, case):
                assert_bounds(core, python, after)
                checked += 1
    assert checked >= 20_000


@settings(HYPOTHESIS, max_examples=60)
@given(random_cases())
def test_bound_and_cheap_equal_the_python_bound_on_random_boards_and_all_their_outcomes(case: Case) -> None:
    core = fresh_core()
    assert_bounds(core, _RANDOM_PYTHON, case)
    for after in outcome_cases(_RANDOM_PYTHON, case):
        assert_bounds(core, _RANDOM_PYTHON, after)


@pytest.mark.parametrize("seed", range(40))
def test_the_core_equals_the_exhaustive_reference_and_its_bound_never_overestimates(seed: int) -> None:
    state, pairs = small_position(seed)
    truth = reference(state, pairs, 3)
    core = fresh_core()
    assert core.need(*state, letters_of(pairs), 3) == truth
    if truth <= 3:
        assert core.bound(*state, letters_of(pairs)) <= truth
        assert core.hint(*state, letters_of(pairs)) == truth  # solved: the hint is exact


# --------------------------------------------------------------------------- 3. within


def test_within_is_false_below_the_optimum_and_true_at_it() -> None:
    checked = 0
    for case, truth in real_needs().items():
        if truth > 7:
            continue
        core = fresh_core(case.devices, case.counts)
        if truth >= 1:
            assert core.within(*case.state, case.letters, truth - 1) == 0, case
        assert core.within(*case.state, case.letters, truth) == 1, case
        assert core.within(*case.state, case.letters, truth + 1) == 1, case
        assert core.need(*case.state, case.letters, 7) == truth
        checked += 1
    assert checked >= 250


# --------------------------------------------------------------------------- 4. a pair side by side


def test_a_pending_pair_side_by_side_at_the_root_completes_at_the_first_command() -> None:
    # tests/test_search.py: A and B intact and side by side before any command (a board correction).
    state = ("AB" + "." * 10 + "C" + "." * 12, 6, "")
    pending: Pairs = (("m1", "A", "B"), ("m2", "A", "C"))
    devices = frozenset("AC")
    for limit in range(5):
        expected = python_solver(devices).need(*state, pending, limit)
        assert native_solver(devices).need(*state, pending, limit) == expected
        assert fresh_core(devices).need(*state, letters_of(pending), limit) == expected
    assert fresh_core(devices).need(*state, "AB", 3) == 1  # alone: any first command that keeps them
    # The same on real positions: two intact modules side by side added as a pending pair.
    checked = 0
    for game in real_cases():
        python = python_solver(game[0].devices, game[0].counts)
        for case in game:
            board = case.board
            side = [(board[q], board[r]) for q in range(25) for r in (q + 1, q + 5)
                    if r < 25 and (r == q + 5 or q % 5 < 4) and board[q].isupper() and board[r].isupper()]
            if not side:
                continue
            a, b = side[checked % len(side)]
            pairs = tuple(sorted(case.pairs + (("Z0", a, b),)))
            with_pair = case._replace(pairs=pairs)
            expected = python.need(*with_pair.state, pairs, 7)
            core = fresh_core(case.devices, case.counts)
            assert core.need(*with_pair.state, with_pair.letters, 7) == expected, with_pair
            assert_bounds(core, python, with_pair)
            checked += 1
        if checked >= 60:
            break
    assert checked >= 60


# --------------------------------------------------------------------------- 5. never


def test_a_walled_in_station_or_two_stations_apart_need_limit_plus_one_at_once() -> None:
    boxed = "HR.S.C.B.F.A.E.m.o.l..d.t"  # tests/test_search.py: station H walled in by R, S and the edge
    apart = "H.O.d.t.f.E.C.l.b.a.M.s.r"  # a hard game start: stations H and C never meet
    for board, letters in ((boxed, "HAES"), (apart, "HC"), (apart, "HCAO")):
        pairs: Pairs = tuple((f"M{i}", letters[i], letters[i + 1]) for i in range(0, len(letters), 2))
        python = python_solver()
        core = fresh_core()
        assert core.bound(board, 12, "", letters) == INF == MODULE.INF
        assert python.bound.value(board, 12, "", pairs) == INF
        for limit in (0, 7, 64):
            assert core.need(board, 12, "", letters, limit) == limit + 1
            assert core.within(board, 12, "", letters, limit) == 0
            assert python.need(board, 12, "", pairs, limit) == limit + 1
        assert core.nodes <= 1, "proved by the bound, without a search"
        assert core.hint(board, 12, "", letters) >= INF


# --------------------------------------------------------------------------- 6. other decks


DECKS = {
    "one of each": (1, 1, 1, 1, 1, 1, 1),
    "two Collects, one of each move": (1, 1, 1, 1, 2, 1, 1),
    "two Collects, fewer moves": (2, 2, 1, 1, 2, 1, 1),
    "three of each move": (3, 3, 3, 3, 1, 1, 1),
    "no Repair": (2, 2, 2, 2, 1, 1, 0),
    "no moves": (0, 0, 0, 0, 1, 1, 1),
}


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_other_decks_give_the_python_answers(deck: str) -> None:
    counts = DECKS[deck]
    python, native = python_solver(counts=counts), native_solver(counts=counts)
    cases = [Case(f"small {seed}", DEVICES, counts, *small_position(seed)[0], small_position(seed)[1])
             for seed in range(10)]
    cases += [case._replace(counts=counts) for case in real_cases()[1][:2]]
    limit = 4 if deck == "three of each move" else 5
    for case in cases:
        expected = python.need(*case.state, case.pairs, limit)
        assert native.need(*case.state, case.pairs, limit) == expected, case
        assert fresh_core(DEVICES, counts).need(*case.state, case.letters, limit) == expected, case
        assert native.core is not None
        assert_bounds(native.core, python, case)


@pytest.mark.parametrize("counts", [(2, 2, 2, 2, 2, 1, 1), (2, 2, 2, 2, 1, 1, 2), (5, 5, 5, 5, 5, 5, 5)])
def test_a_big_deck_is_taken_by_the_core_with_the_python_answers(counts: tuple[int, ...]) -> None:
    """The core sizes its per-transmission tables by the deck's programs (every outcome comes from one),
    so a deck with two of an event card, or five of everything, is searched by it too."""
    solver = Solver(DEVICES, counts)
    assert solver.core is not None
    for seed in (2, 5):
        state, pairs = small_position(seed)
        assert solver.need(*state, pairs, 2) == python_solver(counts=counts).need(*state, pairs, 2)


# --------------------------------------------------------------------------- 7. timeouts

#: A slow search for the core (a hard game start, 4 pairs; about 0.4 s when written): optimum 8.
SLOW = ("e.C.R.m.S.h.b.f.D.t.o.a.L", 12, "", "DLEAFHOM")
#: A position the core cannot finish within 15 s (8 pairs on a hard game start).
ENDLESS = ("H.O.d.t.f.E.C.l.b.a.M.s.r", 12, "", "FRTMELDCOBAHASTS")


def test_a_passed_deadline_gives_minus_one_and_the_core_stays_exact() -> None:
    case = real_cases()[1][0]  # a game start (hard), in no table yet: the core expands it, and stops
    truth = real_needs()[case]
    assert truth <= 7
    past = time.monotonic() - 1
    core = fresh_core()
    assert core.need(*case.state, case.letters, 7, past) == -1
    assert core.within(*case.state, case.letters, 7, past) == -1
    assert core.need(*case.state, case.letters, 7) == truth
    assert core.need(*case.state, case.letters, 7, math.inf) == truth
    solver = native_solver()
    solver.stop_at = past
    with pytest.raises(SearchTimeout):
        solver.need(*case.state, case.pairs, 7)
    with pytest.raises(SearchTimeout):
        solver.within(*case.state, case.pairs, 7)
    solver.stop_at = math.inf
    assert solver.need(*case.state, case.pairs, 7) == truth
    assert solver.within(*case.state, case.pairs, truth)
    assert not solver.within(*case.state, case.pairs, truth - 1)


def test_timeouts_in_the_middle_of_a_search_keep_nothing_half_proven() -> None:
    truth = fresh_core().need(*SLOW, 10)
    assert truth == 8
    core = fresh_core()
    for seconds in (0.002, 0.01, 0.03, 0.06):
        answer = core.need(*SLOW, 10, time.monotonic() + seconds)
        assert answer in (-1, truth)
        assert core.hint(*SLOW[:4]) <= truth, "a lower bound above the optimum was kept"
        assert core.within(*SLOW, truth - 1, time.monotonic() + seconds) in (-1, 0)
    assert core.need(*SLOW, 10) == truth
    assert core.within(*SLOW, truth - 1) == 0 and core.within(*SLOW, truth) == 1


# --------------------------------------------------------------------------- 8. bad input


START = "H.O.d.t.f.E.C.l.b.a.M.s.r"  # a hard game start
GOOD = (START, 12, "", "AHTR")
GOOD_PAIRS: Pairs = (("M1", "A", "H"), ("M2", "T", "R"))
BAD = {
    "a board of 24 characters": ((START[:24], 12, "", "AH"), "board is 25 characters, not 24"),
    "a digit on the board": ((START[:24] + "7", 12, "", "AH"), "board cell 24 holds 7"),
    "cadet 25": ((START, 25, "", "AH"), "Cadet's cell must be 0 to 24, not 25"),
    "carrying a station": ((START, 12, "C", "AH"), "carried device"),
    "carrying two letters": ((START, 12, "AE", "AH"), "carried device"),
    "odd pair letters": ((START, 12, "", "AHT"), "2 letters per pair"),
    "9 pairs": ((START, 12, "", "AH" * 9), "at most 8 pairs"),
    "lower-case pair letters": ((START, 12, "", "ah"), "upper-case"),
}


@pytest.mark.parametrize("what", sorted(BAD))
def test_bad_input_raises_value_error_naming_the_problem_and_the_core_still_answers(what: str) -> None:
    args, message = BAD[what]
    core = fresh_core()
    expected = core.need(*GOOD, 7)
    for call in (lambda: core.need(*args, 7), lambda: core.within(*args, 3), lambda: core.bound(*args),
                 lambda: core.cheap(*args), lambda: core.hint(*args)):
        with pytest.raises(ValueError, match=message):
            call()
        assert core.need(*GOOD, 7) == expected
    assert expected == python_solver().need(START, 12, "", GOOD_PAIRS, 7)


@pytest.mark.parametrize("d", [-1, 65])
def test_a_search_depth_outside_0_to_64_is_refused(d: int) -> None:
    core = fresh_core()
    with pytest.raises(ValueError, match=f"transmissions must be 0 to 64, not {d}"):
        core.need(*GOOD, d)
    with pytest.raises(ValueError, match=f"transmissions must be 0 to 64, not {d}"):
        core.within(*GOOD, d)
    assert core.need(*GOOD, 64) == python_solver().need(START, 12, "", GOOD_PAIRS, 64)


@pytest.mark.parametrize(("devices", "counts", "message"), [
    ("ab", DEFAULT_COUNTS, "devices must be upper-case letters"),
    ("AFEODT", (2, 2, 2, 2, 1, 1), "7 card counts"),
    ("AFEODT", (2, 2, 2, 2, 1, 1, 1, 1), "7 card counts"),
    ("AFEODT", (6, 2, 2, 2, 1, 1, 1), "0 to 5, not 6"),
    ("AFEODT", (2, 2, 2, 2, 1, -1, 1), "0 to 5, not -1"),
])
def test_a_bad_core_is_refused(devices: str, counts: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CORE(devices, counts)


def test_a_solver_with_more_pairs_than_the_core_takes_uses_the_python_search() -> None:
    assert MODULE.MAX_PAIRS == 8
    # Nine pairs, each already side by side (any first command that keeps them completes them all) ...
    block = "SBCRMHLAFEOD.T." + "." * 10
    nine: Pairs = tuple((f"M{i}", a, b) for i, (a, b) in enumerate(
        ("CA", "RF", "ME", "LA", "AF", "FE", "HO", "LD", "OD")))
    # ... and nine with two stations apart among them (never).
    never: Pairs = nine[:8] + (("M9", "S", "M"),)
    for pairs, expected in ((nine, 1), (never, 4)):
        native = native_solver()
        before = native.core.nodes if native.core is not None else 0
        assert python_solver().need(block, 20, "", pairs, 3) == expected
        assert native.need(block, 20, "", pairs, 3) == expected
        assert native.core is not None and native.core.nodes == before, "the core was not asked"
    assert native_solver().need(block, 20, "", nine[:8], 3) == 1  # eight: the core


# --------------------------------------------------------------------------- 9. threads


def test_the_gil_is_released_while_the_core_searches() -> None:
    core = fresh_core()
    stamps: list[float] = []
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            stamps.append(time.monotonic())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        time.sleep(0.02)
        start = time.monotonic()
        answer = core.need(*ENDLESS, 20, start + 0.4)
        end = time.monotonic()
    finally:
        stop.set()
        ticker.join()
    assert answer == -1, "ENDLESS finished: pick a slower position"
    assert end - start >= 0.35
    inside = [t for t in stamps if start + 0.05 < t < end - 0.05]
    assert len(inside) >= 10, f"the other thread ran {len(inside)} times during a {end - start:.2f} s search"


def _call_after(barrier: threading.Barrier, call: Callable[[], int], results: list[object], i: int) -> None:
    """Wait for the other thread, then call: the answer or the RuntimeError into ``results[i]``."""
    barrier.wait()
    try:
        results[i] = call()
    except RuntimeError as error:
        results[i] = error


def _endless_for(core: Core, seconds: float) -> Callable[[], int]:
    """A call of ``core`` that searches for ``seconds`` (from when it is made), then times out."""
    return lambda: core.need(*ENDLESS, 30, time.monotonic() + seconds)


def test_two_threads_on_one_core_get_a_runtime_error_never_a_crash_or_a_wrong_answer() -> None:
    """Thread 0 asks the slow exact search, thread 1 a long one that times out, both at once: the one
    that comes second is refused with the documented RuntimeError, the other finishes exactly."""
    truth = fresh_core().need(*SLOW, 10)
    refused = 0
    for _attempt in range(5):
        core = fresh_core()
        barrier = threading.Barrier(2)
        results: list[object] = [None, None]
        calls = (functools.partial(core.need, *SLOW, 10), _endless_for(core, 0.3))
        threads = [threading.Thread(target=_call_after, args=(barrier, call, results, i))
                   for i, call in enumerate(calls)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        errors = [r for r in results if isinstance(r, RuntimeError)]
        for error in errors:
            assert str(error) == "this search core is already searching in another thread"
        assert len(errors) <= 1, results
        assert results[0] in (truth, *errors), results
        assert results[1] in (-1, *errors), results
        # Whatever happened, the core answers exactly afterwards.
        assert core.need(*SLOW, 10) == truth
        assert core.need(*GOOD, 7) == python_solver().need(START, 12, "", GOOD_PAIRS, 7)
        refused += len(errors)
        if refused:
            break
    assert refused, "the two searches never overlapped in 5 attempts"


# --------------------------------------------------------------------------- 10. the planner


def test_the_planners_decisions_are_the_same_with_and_without_the_core() -> None:
    """Plans (commands, transmissions to win, completions) of ~100 real decisions, a third of them
    unwinnable in the transmissions left (the most-missions branch), one planner pair per game."""
    decided = 0
    for game in real_games():
        name, views = game
        with_core, without = Planner(), Planner()
        for view in views:
            case = case_of(name, view)
            python = without.solver(case.devices, case.counts)
            python.core = None
            plan = without.plan(view)
            assert without.solver(case.devices, case.counts) is python and python.core is None
            native = with_core.plan(view)
            assert with_core.solver(case.devices, case.counts).core is not None
            assert native == plan, (case, native, plan)
            decided += 1
        if decided >= 100:
            break
    assert decided >= 100
