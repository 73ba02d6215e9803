"""``companion plan`` (issue 11): a walled-in station answers null at once, and ``--seconds`` bounds
the decision (the best selection found by then, ``"exact": false``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.main import EXIT_OK, EXIT_USAGE
from companion.entry import main

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


def test_every_field_of_the_json_is_said_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    """Tester X4: nothing a user reads said what ``transmissions_to_win: null`` or ``exact`` mean."""
    assert main(["plan", "--help"]) == EXIT_OK
    text = " ".join(capsys.readouterr().out.split())
    for field in ("commands", "transmissions_to_win", "exact", "winnable"):
        assert f" {field} " in text.split("the JSON object on stdout:")[1], field
    assert ("null when the game cannot be won within the scenario's transmissions_left: then the "
            "commands keep the most missions within reach") in text
    assert "the best proven lower bound (at least 1), not the optimum" in text
    assert "0 means no limit" in text and "mission_control_seconds, which takes 0.1 to 60" in text
    assert "exit codes:" in text  # the common epilog stays


def test_winnable_says_what_the_search_knows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = {"board": ["c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"], "cadet": [2, 2], "carrying": None,
             "missions": [["A", "C"], ["T", "R"], ["O", "B"]], "transmissions_left": 7}
    exact = _plan(tmp_path, capsys, start, "--seconds", "0")
    assert list(exact) == ["commands", "transmissions_to_win", "exact", "winnable"]  # the old fields first
    assert exact["winnable"] is True and exact["exact"] is True
    boxed = _plan(tmp_path, capsys, BOXED)
    assert (boxed["transmissions_to_win"], boxed["exact"], boxed["winnable"]) == (None, True, False)
    rushed = _plan(tmp_path, capsys, start, "--seconds", "0.000001")
    assert rushed["exact"] is False and isinstance(rushed["transmissions_to_win"], int)
    assert rushed["winnable"] is None  # a lower bound proves neither
    rushed_boxed = _plan(tmp_path, capsys, BOXED, "--seconds", "0.000001")
    assert rushed_boxed["transmissions_to_win"] is None and rushed_boxed["winnable"] is False


def test_plan_json_for_each_kind_of_plan() -> None:
    from companion.games.transmission.cli import plan_json
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.mission_control.planner import Plan

    commands = (Command.N, Command.S, Command.N, Command.S, Command.E)
    cases = {(3, True): True, (0, True): True, (None, True): False, (4, False): None, (None, False): False}
    for (to_win, exact), winnable in cases.items():
        data = plan_json(Plan(commands, to_win, exact=exact))
        assert data == {"commands": ["N", "S", "N", "S", "E"], "transmissions_to_win": to_win, "exact": exact,
                        "winnable": winnable}, (to_win, exact)


def test_more_transmissions_left_than_a_game_has_is_refused(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A typo of 10**23 made ``plan --seconds 0`` deepen its search for ever (``--seconds 2``: a
    lower bound of 1003, nonsense for a game of 7 cards)."""
    path = tmp_path / "scenario.json"
    for left in (8, 10**23):
        path.write_text(json.dumps({**BOXED, "transmissions_left": left}), encoding="utf-8")
        assert main(["plan", str(path), "--seconds", "0"]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert f"transmissions_left: must be at most 7 (the Transmission cards of a game), not {left}" in err
    assert _plan(tmp_path, capsys, {**BOXED, "transmissions_left": 7}, "--seconds", "0")["exact"] is True
