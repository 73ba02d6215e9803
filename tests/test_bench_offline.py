"""``companion bench planner --offline`` (companion/games/transmission/lab/bench_offline.py): decisions
of games with
straying Cadets, both planners timed in CPU time, every figure printed.  No timed assertions."""

from __future__ import annotations

import json
from typing import Any

import pytest

import companion.games.transmission.lab.bench_offline
from companion.cli.main import EXIT_OK
from companion.entry import main
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.lab.bench_offline import (
    CADETS,
    DIFFICULTIES,
    PLANNERS,
    OfflineResult,
    bench_offline,
    offline_lines,
    offline_positions,
)

CONTENT = default_content()


@pytest.fixture(scope="module")
def small() -> OfflineResult:
    return bench_offline(CONTENT, positions=30, seed=3, plain_bound=0.2)


def test_positions_come_from_every_cell_of_straying_cadets() -> None:
    samples = offline_positions(CONTENT, 30, seed=3)
    assert len(samples) >= 30
    assert {(s.cadet, s.difficulty) for s in samples} == {(c, d) for c in CADETS for d in DIFFICULTIES}
    assert all(s.view.missions for s in samples)
    assert offline_positions(CONTENT, 30, seed=3) == samples  # seeded
    with pytest.raises(ValueError, match="positions"):
        offline_positions(CONTENT, 0, seed=3)


def test_every_figure_is_printed(small: OfflineResult) -> None:
    assert set(small.times_ms) == set(PLANNERS)
    assert all(len(t) == len(small.samples) and min(t) >= 0 for t in small.times_ms.values())
    assert small.first_ms["default"] == small.times_ms["default"][0]
    assert small.checked + small.unfinished == len(small.samples) and small.wrong == 0
    text = "\n".join(offline_lines(small))
    for words in ("default planner", "robust planner", "p95", "max", "first", "target", "uniform/hard",
                  "careful/standard", "wrong"):
        assert words in text, words
    data = small.to_json()
    json.dumps(data)
    assert set(data["cells_ms"]) == {f"{c}/{d}" for c in CADETS for d in DIFFICULTIES}  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="planner"):
        bench_offline(CONTENT, 5, planners=("fastest",))


def test_the_command_line_runs_the_offline_bench(monkeypatch: pytest.MonkeyPatch, small: OfflineResult,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}

    def fake(content: Any, positions: int, seed: int, plain_bound: float) -> OfflineResult:
        seen.update(positions=positions, seed=seed, plain_bound=plain_bound)
        return small

    monkeypatch.setattr(companion.games.transmission.lab.bench_offline, "bench_offline", fake)
    assert main(["bench", "planner", "--offline"]) == EXIT_OK
    assert seen == {"positions": 1000, "seed": 1, "plain_bound": 0.0}
    assert "robust planner" in capsys.readouterr().out
    argv = ["bench", "planner", "--offline", "--positions", "300", "--plain-bound", "1", "--json"]
    assert main(argv) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["positions"] == len(small.samples)
    assert seen == {"positions": 300, "seed": 1, "plain_bound": 1.0}
