"""``companion plan`` (issue 11): a walled-in station answers null at once, and ``--seconds`` bounds
the decision (the best selection found by then, ``"exact": false``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.main import EXIT_OK, EXIT_USAGE, main

BOXED = {"board": ["HR.S.", "C.B.F", ".A.E.", "m.o.l", "..d.t"], "cadet": [2, 2], "carrying": None,
         "missions": [["H", "A"], ["E", "S"], ["F", "M"]], "transmissions_left": 7}


def _plan(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object,
          *options: str) -> dict[str, object]:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["plan", str(path), *options]) == EXIT_OK
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_the_boxed_station_of_issue_11_answers_null_exactly(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    for options in ((), ("--seconds", "0")):  # no deadline needed: the bound proves it
        result = _plan(tmp_path, capsys, BOXED, *options)
        assert result["transmissions_to_win"] is None and result["exact"] is True
        assert len(result["commands"]) == 5  # type: ignore[arg-type]


def test_seconds_bounds_the_decision(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = {"board": ["c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"], "cadet": [2, 2], "carrying": None,
             "missions": [["A", "C"], ["T", "R"], ["O", "B"]], "transmissions_left": 7}
    rushed = _plan(tmp_path, capsys, start, "--seconds", "0.000001")
    assert rushed["exact"] is False and len(rushed["commands"]) == 5  # type: ignore[arg-type]
    exact = _plan(tmp_path, capsys, start, "--seconds", "0")
    assert exact["exact"] is True and isinstance(exact["transmissions_to_win"], int)
    assert main(["plan", str(tmp_path / "scenario.json"), "--seconds", "-1"]) == EXIT_USAGE
    assert "0 (no limit) to 3600" in capsys.readouterr().err
