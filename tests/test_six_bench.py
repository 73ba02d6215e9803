"""The Six Actions' benchmark (companion/games/six_actions/bench.py) runs and prints its figures."""

from __future__ import annotations

import pytest

from companion.games.six_actions.bench import main


def test_the_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["60"]) == 0
    out = capsys.readouterr().out
    assert "a 4-player game of 60 actions" in out and "replay of the whole record:" in out and " ms" in out
