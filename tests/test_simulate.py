"""Simulated games (companion/games/transmission/lab/simulate.py): deterministic, replayable, and the
planner wins them."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import Phase
from companion.games.transmission.engine.record import record_of, replay
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.lab.simulate import (
    SimulationResult,
    game_seed,
    play_game,
    play_one,
    simulate,
)
from companion.games.transmission.mission_control.planner import Planner

CONTENT = default_content()


def without_time(result: SimulationResult) -> SimulationResult:
    return dataclasses.replace(result, seconds=0.0)


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = simulate(CONTENT, 4, "standard", 9)
    again = simulate(CONTENT, 4, "standard", 9)
    assert without_time(first) == without_time(again)
    assert first.games == 4
    assert 0 <= first.wins <= 4
    assert first.win_rate == first.wins / 4


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [game_seed(1, i) for i in range(100)]
    assert seeds == [game_seed(1, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert game_seed(2, 0) != game_seed(1, 0)


@pytest.mark.parametrize("difficulty", ["training", "expert"])
def test_a_whole_game_replays_from_its_record_to_the_identical_state(difficulty: str) -> None:
    game = play_game(CONTENT, Planner(), difficulty, 12345)
    assert game.state.phase is Phase.OVER
    again = replay(record_of(game), CONTENT)
    assert again.state == game.state
    assert again.outcome() == game.outcome()


def test_the_perfect_cadet_leaves_error_cards_out() -> None:
    # Expert: most Transmission cards add an error; every execution is still the intended order.
    game = play_game(CONTENT, Planner(), "expert", 3)
    assert any(r.errors for r in game.state.rounds)
    for r in game.state.rounds:
        assert r.order == r.intended
        assert not set(r.errors) & set(r.order)


def test_play_one_returns_the_games_outcome() -> None:
    outcome = play_one(CONTENT, Planner(), "standard", 77)
    assert outcome == play_game(CONTENT, Planner(), "standard", 77).outcome()
    assert 1 <= outcome.transmissions_used <= outcome.transmissions_total


def test_the_planner_wins_most_training_games() -> None:
    result = simulate(CONTENT, 40, "training", 1)
    assert result.win_rate > 0.6, result
    assert result.mean_transmissions <= 7
    assert result.mean_score > 0


class Stubborn:
    """Walks north and south forever: a legal but useless Mission Control."""

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        row = view.position.cadet // 5
        there, back = (Command.N, Command.S) if row > 0 else (Command.S, Command.N)
        side = Command.W if view.position.cadet % 5 > 0 else Command.E
        return (there, back, there, back, side)


def test_any_chooser_can_be_simulated_and_a_useless_one_loses() -> None:
    result = simulate(CONTENT, 3, "training", 1, chooser_factory=Stubborn)
    assert result.wins == 0
    assert result.mean_transmissions == 7
    assert result.mean_score == 0


def test_no_games_and_bad_arguments() -> None:
    empty = simulate(CONTENT, 0, "training", 1)
    assert (empty.games, empty.wins, empty.win_rate, empty.mean_transmissions) == (0, 0, 0.0, 0.0)
    with pytest.raises(ValueError, match="number of games"):
        simulate(CONTENT, -1, "training", 1)
    with pytest.raises(KeyError, match="difficulty"):
        simulate(CONTENT, 1, "impossible", 1)


# --------------------------------------------------------------------------- Cadet models, processes


def test_a_uniform_cadet_sometimes_strays_from_the_intended_order_and_the_game_replays() -> None:
    game = play_game(CONTENT, Planner(), "standard", 4242, cadet="uniform")
    assert game.state.phase is Phase.OVER
    assert any(tuple(r.order) != tuple(r.intended) for r in game.state.rounds)
    for r in game.state.rounds:
        assert not set(r.order) - set(r.intended) - set(r.errors)  # only cards the Cadet was handed
    again = replay(record_of(game), CONTENT)
    assert again.state == game.state


def test_the_same_batch_on_one_or_two_processes_gives_the_same_totals() -> None:
    one = simulate(CONTENT, 6, "standard", 5, cadet="uniform", jobs=1)
    two = simulate(CONTENT, 6, "standard", 5, cadet="uniform", jobs=2)
    assert two.jobs == 2 and one.jobs == 1
    assert dataclasses.replace(one, seconds=0.0, jobs=0) == dataclasses.replace(two, seconds=0.0, jobs=0)


def test_mission_controls_by_name_and_bad_options() -> None:
    robust = simulate(CONTENT, 1, "standard", 3, cadet="uniform", mc="robust")
    assert robust.games == 1 and robust.games_per_minute > 0
    assert robust.games_per_minute_per_core == robust.games_per_minute
    with pytest.raises(ValueError, match="unknown Mission Control"):
        simulate(CONTENT, 1, "standard", 3, mc="oracle")
    with pytest.raises(ValueError, match="unknown Cadet model"):
        simulate(CONTENT, 1, "standard", 3, cadet="reckless")
    with pytest.raises(ValueError, match="jobs"):
        simulate(CONTENT, 1, "standard", 3, jobs=-1)


def test_the_reasoning_cadet_plays_whole_games_spends_signal_boosts_and_the_games_replay() -> None:
    spent = 0
    for seed in range(6):
        game = play_game(CONTENT, Planner(), "hard", game_seed(0, seed), cadet="reasoning")
        assert game.state.phase is Phase.OVER
        assert replay(record_of(game), CONTENT).state == game.state
        spent += len(game.state.boosts_used)
    assert spent > 0  # today's other models never spend one


def test_the_reasoning_cadet_wins_more_often_than_the_careful_one() -> None:
    reasoning = simulate(CONTENT, 12, "standard", 1, cadet="reasoning", mc="shortest")
    careful = simulate(CONTENT, 12, "standard", 1, cadet="careful", mc="shortest")
    assert reasoning.wins > careful.wins


class Counting:
    """A chooser factory that counts the Mission Controls it makes."""

    made = 0

    def __call__(self) -> Planner:
        Counting.made += 1
        return Planner()


def test_every_game_gets_a_new_mission_control_so_memory_stays_bounded() -> None:
    Counting.made = 0
    simulate(CONTENT, 3, "training", 2, chooser_factory=Counting())
    assert Counting.made == 3


def test_every_core_by_default() -> None:
    import os

    from companion.games.transmission.lab.simulate import cores

    assert 1 <= cores() <= (os.cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        assert cores() == len(os.sched_getaffinity(0))


def test_ctrl_c_stops_a_batch_on_two_processes_with_one_line() -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    # Far more games than 4 s can play on any machine (2,000 once finished in 3.7 s on an idle one).
    command = [sys.executable, "-m", "companion", "simulate", "--games", "500000", "--jobs", "2"]
    proc = subprocess.Popen(command,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(4)
    os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the whole process group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert err.splitlines() == ["companion simulate: interrupted"], err


def test_the_command_line_takes_the_mission_control_the_cadet_and_the_processes(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion.entry import main

    assert main(["simulate", "--games", "2", "--mc", "robust", "--cadet", "careful", "--jobs", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["mc"], data["cadet"], data["jobs"], data["games"]) == ("robust", "careful", 1, 2)
    assert data["games_per_minute_per_core"] > 0
    assert main(["simulate", "--games", "1", "--jobs", "-1"]) != 0
    assert "--jobs" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--cadet", "reckless"]) != 0
    capsys.readouterr()
    assert main(["simulate", "--games", "2", "--mc", "robust", "--cadet", "reasoning", "--jobs", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["mc"], data["cadet"], data["games"]) == ("robust", "reasoning", 2)


def test_a_batch_played_in_two_parts_is_the_batch_played_at_once() -> None:
    whole = simulate(CONTENT, 6, "training", 4, cadet="perfect")
    head = simulate(CONTENT, 3, "training", 4, cadet="perfect")
    tail = simulate(CONTENT, 3, "training", 4, cadet="perfect", first=3)
    assert head.wins + tail.wins == whole.wins
    assert 3 * (head.mean_score + tail.mean_score) == 6 * whole.mean_score
    assert 3 * (head.mean_transmissions + tail.mean_transmissions) == 6 * whole.mean_transmissions
    assert (tail.wins, tail.mean_score) != (head.wins, head.mean_score)  # games 3..5 are other games
    with pytest.raises(ValueError, match="first game"):
        simulate(CONTENT, 1, "training", 4, first=-1)
