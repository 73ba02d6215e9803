"""The AI Mission Control (mission_control/planner.py and its estimate, mission_control/estimate.py):
each documented guarantee, plus the search's parts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position, index
from companion.games.transmission.engine.commands import DEFAULT_DECK, REGISTERS, Command
from companion.games.transmission.engine.game import Game, Phase
from companion.games.transmission.engine.rules import Rules
from companion.games.transmission.engine.views import MissionControlView, mission_control_view
from companion.games.transmission.mission_control.estimate import Estimate, estimate
from companion.games.transmission.mission_control.planner import (
    Plan,
    Planner,
    PlannerError,
)
from companion.games.transmission.mission_control.programs import enumerate_outcomes
from companion.games.transmission.session import Session, Step

CONTENT = default_content()
DEVICES = CONTENT.devices
RULES = Rules(DEVICES)
ORDER = (Command.N, Command.E, Command.S, Command.W, Command.COLLECT, Command.DEPLOY, Command.REPAIR)
COUNTS = tuple(DEFAULT_DECK[c] for c in ORDER)


def view_of(rows: list[str], cadet: tuple[int, int], missions: Mapping[str, tuple[str, str]],
            carrying: str | None = None, left: int = 7) -> MissionControlView:
    return MissionControlView(
        position=Position.from_rows(rows, cadet, carrying),
        missions=dict(missions),
        transmissions_left=left,
        deck=dict(DEFAULT_DECK),
        devices=DEVICES,
        upcoming_levels=(1,) * left,
    )


def assert_selectable(view: MissionControlView, commands: tuple[Command, ...]) -> None:
    """Guarantees 1 and 4: 5 commands, within the deck, viable from the position."""
    assert len(commands) == REGISTERS
    for command, n in Counter(commands).items():
        assert n <= view.deck[command], f"{n} {command} cards but the deck has {view.deck[command]}"
    assert RULES.first_illegal(view.position, commands) is None


def completed_by(view: MissionControlView, commands: tuple[Command, ...]) -> set[str]:
    return {c.mission for c in RULES.execute(view.position, commands, view.missions).completions}


def brute_force(position: Position, missions: Mapping[str, tuple[str, str]]
                ) -> dict[tuple[str, int, str | None, frozenset[str]], tuple[Command, ...]]:
    """Every outcome of every viable program, by the referee's own rules (no merging of anything)."""
    found: dict[tuple[str, int, str | None, frozenset[str]], tuple[Command, ...]] = {}

    def walk(pos: Position, program: tuple[Command, ...], left: Counter[Command]) -> None:
        if len(program) == REGISTERS:
            done = frozenset(c.mission for c in RULES.execute(position, program, missions).completions)
            found.setdefault((pos.board, pos.cadet, pos.carrying, done), program)
            return
        for command in ORDER:
            if left[command] and RULES.is_legal(pos, command):
                left[command] -= 1
                walk(Rules.apply(pos, command), program + (command,), left)
                left[command] += 1

    walk(position, (), Counter(DEFAULT_DECK))
    return found


# --------------------------------------------------------------------------- positions

# The brief's position: the Android intact under the Cadet at (1, 2), the Energy Pack intact at (2, 2),
# a hallway at (2, 1).  (The two already touch, so any Repair or Deploy would complete A-E.)
AE_ROWS = [
    "s.f.b",
    ".cA.r",
    "m.E.h",
    ".l.o.",
    "d.t..",
]

# A standard-looking layout: the Android intact at (0, 2) under the Cadet, the Energy Pack intact at
# (2, 2), the hallway (1, 2) between them; the Biotech Lab intact at (0, 4); the Toolkit damaged at (4, 2).
SPLIT_ROWS = [
    "s.A.B",
    ".c.f.",
    "m.E.h",
    ".l.o.",
    "d.t.r",
]


def reachable_view(seed: int, steps: int, keep: int, left: int) -> MissionControlView:
    """A real game's layout and missions, then ``steps`` random legal commands (a reachable position)."""
    game = Game(CONTENT, "standard", "standard", seed)
    game.play_chance()
    view = mission_control_view(CONTENT, game.state)
    rng = random.Random(seed * 31 + steps)
    position = view.position
    for _ in range(steps):
        legal = [c for c in ORDER if RULES.is_legal(position, c)]
        position = Rules.apply(position, rng.choice(legal))
    missions = dict(sorted(view.missions.items())[:keep])
    return MissionControlView(position, missions, left, dict(DEFAULT_DECK), DEVICES, (1,) * left)


# --------------------------------------------------------------------------- guarantee 1 and 4


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), keep=st.integers(0, 3), left=st.integers(1, 7))
def test_every_reachable_position_gets_five_viable_commands_within_the_deck(
        seed: int, steps: int, keep: int, left: int) -> None:
    view = reachable_view(seed, steps, keep, left)
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert set(plan.completes) == completed_by(view, plan.commands)
    if plan.transmissions_to_win is not None:
        assert 0 <= plan.transmissions_to_win <= left


# The Toolkit carried: 12 modules and 13 hallways on the grid.
CARRY_ROWS = [
    "S.C.M",
    ".H.B.",
    "L.E..",
    ".R.F.",
    "A.O.d",
]


@pytest.mark.parametrize("cadet", [(0, 0), (0, 4), (4, 0), (4, 4), (0, 2), (2, 0), (2, 4), (1, 0)])
@pytest.mark.parametrize("carrying", [None, "T"])
def test_corners_and_edges_with_and_without_a_device(cadet: tuple[int, int], carrying: str | None) -> None:
    rows = CARRY_ROWS if carrying else SPLIT_ROWS
    view = view_of(rows, cadet, {"X1": ("A", "E"), "X2": ("T", "S"), "X3": ("D", "C")}, carrying=carrying)
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert set(plan.completes) == completed_by(view, plan.commands)


def test_a_board_of_stations_only_still_gets_a_program() -> None:
    # Not a real game (no device, no hallway): only moves are possible, and a mission is hopeless.
    rows = ["SBCRM", "HLSBC", "RMHLS", "BCRMH", "LSBCR"]
    view = view_of(rows, (0, 0), {"X1": ("A", "S")})
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert all(c.is_move for c in plan.commands)


def test_with_no_missions_left_it_still_returns_five_viable_commands() -> None:
    view = view_of(AE_ROWS, (1, 2), {})
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert plan.transmissions_to_win == 0
    assert plan.completes == ()


def test_on_the_last_transmission_it_still_selects() -> None:
    view = view_of(AE_ROWS, (1, 2), {"X1": ("A", "E")}, left=1)
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert plan.completes == ("X1",)


@pytest.mark.parametrize("deck", [
    {Command.N: 3, Command.E: 3, Command.S: 3, Command.W: 3, Command.COLLECT: 2, Command.DEPLOY: 2,
     Command.REPAIR: 2},
    {Command.N: 1, Command.E: 1, Command.S: 2, Command.W: 2, Command.COLLECT: 1, Command.DEPLOY: 1,
     Command.REPAIR: 0},
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_edited_decks_counts_are_respected(deck: dict[Command, int], seed: int) -> None:
    base = reachable_view(seed, 12, 3, 7)
    view = MissionControlView(base.position, base.missions, 7, deck, DEVICES, ())
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)


def test_a_deck_too_small_to_move_is_refused_by_name() -> None:
    view = view_of(AE_ROWS, (0, 0), {"X1": ("A", "E")})
    tiny = MissionControlView(view.position, view.missions, 7, {Command.N: 1, Command.S: 1}, DEVICES, ())
    with pytest.raises(PlannerError, match="no viable program"):
        Planner().plan(tiny)


# --------------------------------------------------------------------------- guarantee 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_the_plan_is_deterministic_and_the_cache_never_changes_it(seed: int, steps: int) -> None:
    view = reachable_view(seed, steps, 3, 7)
    warm = Planner()
    other = reachable_view(seed + 1, steps, 3, 7)
    warm.plan(other)  # fill the caches with another position first
    assert warm.plan(view) == Planner().plan(view) == Planner().plan(view)


def test_another_seed_may_break_ties_differently_but_keeps_every_guarantee() -> None:
    view = reachable_view(7, 3, 3, 7)
    for seed in range(5):
        plan = Planner(seed=seed).plan(view)
        assert_selectable(view, plan.commands)
        assert plan == Planner(seed=seed).plan(view)


# --------------------------------------------------------------------------- guarantee 3


def test_it_completes_a_mission_in_one_transmission_when_it_can() -> None:
    view = view_of(SPLIT_ROWS, (0, 2), {"X1": ("A", "E"), "X2": ("T", "S")})
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert completed_by(view, plan.commands) == {"X1"}
    assert plan.completes == ("X1",)


def test_the_briefs_collect_west_south_deploy_position_completes_at_once() -> None:
    view = view_of(AE_ROWS, (1, 2), {"X1": ("A", "E")})
    assert completed_by(view, (Command.COLLECT, Command.W, Command.S, Command.DEPLOY, Command.N)) == {"X1"}
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert plan.transmissions_to_win == 1
    assert completed_by(view, plan.commands) == {"X1"}


def test_it_completes_the_most_missions_it_can_this_transmission() -> None:
    # Deploying the Android on the hallway (2, 1) touches the Science Lab (1, 1) and the Med Bay (3, 1):
    # A-S and A-M at once.  The hallway (1, 2) would complete only A-S.
    rows = [
        "b.A.r",
        ".S.c.",
        "l.E.h",
        ".M.o.",
        "d.t.f",
    ]
    missions = {"X1": ("A", "S"), "X2": ("A", "M"), "X3": ("T", "R")}
    view = view_of(rows, (0, 2), missions)
    plan = Planner().plan(view)
    assert_selectable(view, plan.commands)
    assert completed_by(view, plan.commands) == {"X1", "X2"}
    assert plan.completes == ("X1", "X2")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
@example(seed=3844, steps=29)  # a shortest win here completes fewer missions now than the greediest program
def test_among_optimal_programs_none_completes_more_this_transmission(seed: int, steps: int) -> None:
    """Guarantee 3: the plan starts a shortest win, and no other program that starts one completes
    more missions now (checked over every outcome of every program, by brute force)."""
    from companion.games.transmission.mission_control.solver import Solver

    view = reachable_view(seed, steps, 3, 7)
    pairs = tuple(sorted((m, a, b) for m, (a, b) in view.missions.items()))
    solver = Solver(DEVICES)
    limit = view.transmissions_left - 1
    totals: dict[tuple[str, ...], int] = {}
    for (board, cadet, carrying, done) in brute_force(view.position, view.missions):
        rest = tuple(p for p in pairs if p[0] not in done)
        need = solver.need(board, cadet, carrying or "", rest, limit)
        if need <= limit:
            key = tuple(sorted(done))
            totals[key] = min(totals.get(key, need + 1), need + 1)
    plan = Planner().plan(view)
    if not totals:  # no win within the transmissions left: the plan keeps missions within reach
        assert plan.transmissions_to_win is None
        return
    best = min(totals.values())
    assert plan.transmissions_to_win == best
    most = max(len(done) for done, total in totals.items() if total == best)
    assert len(completed_by(view, plan.commands)) == most


# --------------------------------------------------------------------------- the enumeration


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_the_merged_enumeration_finds_exactly_the_outcomes_of_all_programs(seed: int, steps: int) -> None:
    view = reachable_view(seed, steps, 3, 7)
    pairs = tuple(sorted((m, a, b) for m, (a, b) in view.missions.items()))
    p = view.position
    outcomes = enumerate_outcomes((p.board, p.cadet, p.carrying or ""), pairs, COUNTS, DEVICES)
    mine = {}
    for o in outcomes:
        done = frozenset(pairs[bit][0] for bit in range(len(pairs)) if o.mask >> bit & 1)
        mine[(o.board, o.cadet, o.carrying or None, done)] = o.commands
        # Each program really leads to its outcome.
        execution = RULES.execute(p, o.commands, view.missions)
        assert (execution.end.board, execution.end.cadet, execution.end.carrying) == (
            o.board, o.cadet, o.carrying or None)
        assert {c.mission for c in execution.completions} == done
    assert set(mine) == set(brute_force(p, view.missions))
    assert len(mine) == len(outcomes)  # each distinct outcome once


# --------------------------------------------------------------------------- the estimate and the lookahead


def test_the_estimate_is_zero_with_no_missions_and_counts_the_shortest_route() -> None:
    board = "".join(SPLIT_ROWS)
    assert estimate(board, index((0, 2)), "", (), DEVICES) == Estimate(0, 0)
    # COLLECT, S, DEPLOY.
    assert estimate(board, index((0, 2)), "", (("X1", "A", "E"),), DEVICES) == Estimate(1, 3)


def test_the_estimate_grows_with_distance_and_damage() -> None:
    board = "".join(SPLIT_ROWS)
    mission = (("X1", "A", "E"),)
    near = estimate(board, index((0, 2)), "", mission, DEVICES)
    far = estimate(board, index((4, 4)), "", mission, DEVICES)
    damaged = estimate(board.replace("E", "e"), index((0, 2)), "", mission, DEVICES)
    assert near < far
    assert near < damaged
    assert damaged.commands == near.commands + 2  # step onto the Energy Pack and repair it


def test_a_carried_device_is_counted_as_in_hand() -> None:
    rows = list(SPLIT_ROWS)
    rows[0] = "s...B"  # the Android is carried; its cell became a hallway
    assert estimate("".join(rows), index((0, 2)), "A", (("X1", "A", "E"),), DEVICES) == Estimate(1, 2)


def test_the_estimate_packs_a_route_into_transmissions_of_five() -> None:
    # S S REPAIR COLLECT N | N N E E DEPLOY: 10 commands, the three Norths spread over two transmissions.
    board = "".join(SPLIT_ROWS)
    value = estimate(board, index((2, 2)), "", (("X1", "T", "B"),), DEVICES)
    assert value == Estimate(2, 10)


def test_transmissions_to_win_counts_a_two_transmission_mission() -> None:
    # The damaged Toolkit at (4, 2) must be repaired, collected and carried next to the Biotech Lab at
    # (0, 4): ten commands, so two transmissions (S S REPAIR COLLECT N | N N E E DEPLOY).
    view = view_of(SPLIT_ROWS, (2, 2), {"X1": ("T", "B")})
    plan = Planner().plan(view)
    assert plan.transmissions_to_win == 2
    assert plan.completes == ()
    after = RULES.execute(view.position, plan.commands, view.missions).end
    second = Planner().plan(view_of(after.rows(), after.cadet_cell, {"X1": ("T", "B")}, after.carrying))
    assert second.transmissions_to_win == 1
    assert second.completes == ("X1",)


def test_when_the_game_cannot_be_won_in_time_it_says_none_and_keeps_the_most_missions() -> None:
    # One transmission left: T-B needs two (see above); A-E completes at once (COLLECT S DEPLOY).
    view = view_of(SPLIT_ROWS, (0, 2), {"X1": ("A", "E"), "X2": ("T", "B")}, left=1)
    plan = Planner().plan(view)
    assert plan.transmissions_to_win is None
    assert_selectable(view, plan.commands)
    assert completed_by(view, plan.commands) == {"X1"}


def test_the_planner_rejects_a_nonsense_configuration() -> None:
    with pytest.raises(ValueError, match="table_size"):
        Planner(table_size=0)


def test_plan_and_choose_agree() -> None:
    view = view_of(AE_ROWS, (1, 2), {"X1": ("A", "E")})
    plan = Planner().plan(view)
    assert isinstance(plan, Plan)
    assert Planner().choose(view) == plan.commands


def test_it_plays_mission_control_in_a_table_session() -> None:
    session = Session(CONTENT, Planner(), "training", "beginner", seed=2)
    assert session.confirm()  # the board is set up: Mission Control is thinking
    assert session.choose_now(), session.message
    assert session.step is Step.TRANSMISSION
    assert session.game.state.phase is Phase.DECODE


# --------------------------------------------------------------------------- never a wait (issue 11)

#: The Hydroponics (H) boxed in the north-west corner by the Reactor (R) and the Comms Array (C).
BOXED = ["HR.S.", "C.B.F", ".A.E.", "m.o.l", "..d.t"]


@pytest.mark.parametrize(("rows", "missions"), [
    (BOXED, {"H-A": ("H", "A"), "E-S": ("E", "S"), "F-M": ("F", "M")}),
    # The Med Bay in the middle, walled in on four sides by stations (a board correction can do it).
    (["..S..", ".BMR.", "..C..", "A.E.F", "....."], {"M-A": ("M", "A"), "E-F": ("E", "F")}),
])
def test_a_station_walled_in_is_proved_unwinnable_at_once(rows: list[str],
                                                          missions: Mapping[str, tuple[str, str]]) -> None:
    """RULES.md, Missions: a mission whose station is walled in by stations can never complete; the
    planner says so from the bound, without a search, then keeps the other missions within reach."""
    cadet = (2, 2) if rows is BOXED else (4, 2)
    planner = Planner()
    view = view_of(rows, cadet, missions)
    plan = planner.plan(view)
    assert plan.transmissions_to_win is None and plan.exact
    walled = next(m for m in missions if m.startswith(("H", "M")))
    solver = planner.solver(frozenset(DEVICES), COUNTS)
    board, cadet_cell = view.position.board, view.position.cadet
    assert solver.bound.value(board, cadet_cell, "", ((walled, *missions[walled]),)) >= 1000
    assert solver.nodes < 2_000  # proved by the bound, not by searching every line
    # The others can still be completed, and the plan heads for them as if they were all there is
    # (found by a tester: it used to take the first program that merely kept them within reach, a
    # walk away from them while the slack lasted).
    others = {m: pair for m, pair in missions.items() if m != walled}
    keep = Planner().plan(view_of(rows, cadet, others))
    assert keep.transmissions_to_win is not None
    assert (plan.commands, plan.completes) == (keep.commands, keep.completes)
    after = RULES.execute(view.position, plan.commands, view.missions).end
    rest = {m: pair for m, pair in others.items() if m not in plan.completes}
    if rest:
        left = Planner().plan(view_of(after.rows(), after.cadet_cell, rest, after.carrying, left=6))
        assert left.transmissions_to_win == keep.transmissions_to_win - 1  # on an optimal line


def test_when_some_missions_cannot_be_completed_it_heads_for_the_most_it_still_can() -> None:
    """A mission whose station is boxed in, and one that needs the Android (damaged) brought to the
    Energy Pack: the plan is the Energy Pack mission's own optimal plan (a tester's position)."""
    rows = ["HR...", "C....", ".....", "..a..", "....E"]
    plan = Planner().plan(view_of(rows, (2, 2), {"X1": ("H", "A"), "X2": ("E", "A")}))
    alone = Planner().plan(view_of(rows, (2, 2), {"X2": ("E", "A")}))
    assert plan.transmissions_to_win is None and alone.transmissions_to_win is not None
    assert plan.commands == alone.commands
    # Not the first viable program in order (N N E E S), which walks away from the Android.
    assert plan.commands != (Command.N, Command.N, Command.E, Command.E, Command.S)


def test_a_deadline_gives_the_best_selection_found_so_far() -> None:
    """With no time at all the planner still answers 5 viable commands, marked as not exact."""
    game = Game(CONTENT, "standard", "standard", 7)
    game.play_chance()
    view = mission_control_view(CONTENT, game.state)
    rushed = Planner(deadline=1e-9).plan(view)
    assert not rushed.exact and len(rushed.commands) == REGISTERS
    assert Rules(CONTENT.devices).viable(view.position, rushed.commands)
    assert rushed.transmissions_to_win is not None and rushed.transmissions_to_win >= 1
    exact = Planner().plan(view)
    assert exact.exact and exact.transmissions_to_win is not None
    assert rushed.transmissions_to_win <= exact.transmissions_to_win  # a lower bound, never more
    # A deadline that is not passed changes nothing.
    assert Planner(deadline=600).plan(view) == exact
    with pytest.raises(ValueError, match="deadline"):
        Planner(deadline=0)
