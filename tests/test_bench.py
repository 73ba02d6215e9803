"""``companion bench planner`` (companion/games/transmission/lab/bench.py, companion/cli/bench.py): it
samples real positions
of every phase and prints every figure.  No timed assertions: speed is reported, not tested."""

from __future__ import annotations

import json
from typing import Any

import pytest

import companion.games.transmission.lab.bench
from companion.cli.main import EXIT_OK, EXIT_USAGE
from companion.entry import main
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.lab.bench import (
    PHASES,
    BenchResult,
    bench_planner,
    plain_search,
    report_lines,
    sample_positions,
)
from companion.games.transmission.mission_control.planner import Planner

CONTENT = default_content()


@pytest.fixture(scope="module")
def small() -> BenchResult:
    return bench_planner(CONTENT, positions=8, seed=3, plain_bound=0.3)


def test_samples_come_from_real_games_in_every_phase() -> None:
    samples = sample_positions(CONTENT, 12, seed=5)
    assert len(samples) >= 12
    phases = {s.phase for s in samples}
    assert phases == set(PHASES)
    for s in samples:
        if s.phase == "start":
            assert s.decision == 0
            assert len(s.view.missions) == 3
            assert s.view.transmissions_left == 7
        elif s.phase == "last":
            assert len(s.view.missions) == 1
    assert sample_positions(CONTENT, 12, seed=5) == samples  # seeded
    with pytest.raises(ValueError, match="positions"):
        sample_positions(CONTENT, 0, seed=5)


def test_the_bench_prints_every_figure(small: BenchResult) -> None:
    assert small.positions >= 8 and sum(small.per_phase.values()) == small.positions
    assert len(small.times_ms) == small.positions and all(t > 0 for t in small.times_ms)
    assert small.plain_finished + small.plain_unfinished == small.positions
    assert small.peak_rss_kib > 0 and small.tracemalloc_peak_kib > 0 and small.setup_ms > 0
    assert small.optimum_agrees
    text = "\n".join(report_lines(small))
    for words in ("median", "p95", "max", "start", "mid", "last", "peak RSS", "tracemalloc",
                  "could not finish", "speed-up", "set-up", "over all"):
        assert words in text, words
    # Over all positions the plain search's time is capped at the bound: never above the true ratio.
    assert small.ratio_all_at_least is not None and small.ratio_all_at_least > 0
    data = small.to_json()
    json.dumps(data)
    assert set(data["phases_ms"]) == set(PHASES)  # type: ignore[arg-type]


def test_the_plain_search_finds_the_planners_optimum_or_gives_up() -> None:
    for sample in sample_positions(CONTENT, 6, seed=2)[-3:]:  # the end of a game: quick to finish
        value, program, done = plain_search(sample.view, 1.0)
        if done:
            assert value == Planner().plan(sample.view).transmissions_to_win
            assert (program is None) == (value is None or value == 0)
    # With no time at all it gives up (and says so) unless the position is already won.
    hard = sample_positions(CONTENT, 1, seed=2)[0]
    assert plain_search(hard.view, 0.0) == (None, None, False)


def test_the_command_line_prints_the_figures_and_json(monkeypatch: pytest.MonkeyPatch, small: BenchResult,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}

    def fake(content: Any, positions: int, seed: int, plain_bound: float, difficulty: str) -> BenchResult:
        seen.update(positions=positions, seed=seed, plain_bound=plain_bound, difficulty=difficulty)
        return small

    monkeypatch.setattr(companion.games.transmission.lab.bench, "bench_planner", fake)
    assert main(["bench", "planner", "--positions", "250", "--seed", "4", "--plain-bound", "1.5"]) == EXIT_OK
    out = capsys.readouterr().out
    assert seen == {"positions": 250, "seed": 4, "plain_bound": 1.5, "difficulty": "standard"}
    assert "p95" in out and "could not finish" in out
    assert main(["bench", "planner", "--json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == small.positions and seen["positions"] == 200


@pytest.mark.parametrize("argv", [["--positions", "10"], ["--positions", "many"], ["--plain-bound", "-1"],
                                  ["--difficulty", "impossible"], ["--positions", "99999999999999999999"],
                                  ["--difficulty", "hard", "--offline"]])
def test_bad_options_are_refused_by_name(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["bench", "planner", *argv])
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    assert code == EXIT_USAGE
    err = capsys.readouterr().err
    assert argv[0].lstrip("-").split("-")[0] in err or "difficulty" in err
    if argv == ["--difficulty", "impossible"]:
        assert "expected one of training, standard, hard, expert" in err
