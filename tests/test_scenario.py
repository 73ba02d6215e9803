"""Referee scenarios (engine.scenario): every malformed field named, valid ones parsed exactly."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import ScenarioError
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.scenario import (
    DEFAULT_TRANSMISSIONS_LEFT,
    load_scenario,
    parse_scenario,
)

CONTENT = default_content()

#: The Beginner Layout with the Android carried: the Cadet stands on the hallway between the
#: intact Energy Pack (3, 1) and the intact Med Bay (3, 3).
CARRYING: dict[str, Any] = {
    "board": ["c.f.r", ".S.B.", "o...d", ".E.M.", "h.t.l"],
    "cadet": [3, 2],
    "carrying": "A",
    "missions": [["A", "E"], ["F", "S"]],
    "commands": ["DEPLOY", "c", "N", "S", "n"],
}

#: The Beginner Layout itself: nothing carried, 12 hallways on the grid.
BEGINNER: dict[str, Any] = {
    "board": ["c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"],
    "cadet": [2, 2],
    "carrying": None,
    "missions": [["A", "E"]],
    "commands": ["N", "S", "W", "E", "S"],
}


def changed(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    for key, value in fields.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    return data


_DROP = object()


def test_a_valid_scenario_parses_into_a_position_missions_and_commands() -> None:
    scenario = parse_scenario(CARRYING, CONTENT)
    assert scenario.position == Position("c.f.r.S.B.o...d.E.M.h.t.l", 17, "A")
    assert dict(scenario.missions) == {"A-E": ("A", "E"), "F-S": ("F", "S")}
    assert scenario.pending == dict(scenario.missions)
    assert scenario.completed == frozenset()
    assert scenario.commands == (Command.DEPLOY, Command.COLLECT, Command.N, Command.S, Command.N)
    assert scenario.transmissions_left == DEFAULT_TRANSMISSIONS_LEFT


def test_mission_letters_are_case_insensitive_and_given_back_as_written() -> None:
    scenario = parse_scenario(changed(CARRYING, missions=[["a", "E"]]), CONTENT)
    assert dict(scenario.missions) == {"A-E": ("A", "E")}
    assert dict(scenario.given) == {"A-E": ("a", "E")}


def test_completed_missions_match_in_either_order_and_are_not_pending() -> None:
    scenario = parse_scenario(changed(CARRYING, completed=[["S", "F"]]), CONTENT)
    assert scenario.completed == frozenset({"F-S"})
    assert scenario.pending == {"A-E": ("A", "E")}


def test_carrying_may_be_left_out_when_nothing_is_carried() -> None:
    scenario = parse_scenario(changed(BEGINNER, carrying=_DROP), CONTENT)
    assert scenario.position.carrying is None


def test_plan_scenarios_need_no_commands_and_do_not_keep_them() -> None:
    data = changed(BEGINNER, commands=_DROP, transmissions_left=3)
    scenario = parse_scenario(data, CONTENT, commands=False)
    assert scenario.commands == ()
    assert scenario.transmissions_left == 3
    assert parse_scenario(BEGINNER, CONTENT, commands=False).commands == ()


@pytest.mark.parametrize(("commands", "field", "words"), [
    (["nonsense", "N", "N", "N", "N"], "commands[0]", "unknown command 'nonsense'"),
    ("N E S W N", "commands", "list of 5 command names"),
    ([], "commands", "exactly 5 commands, one per register"),
    (["N"] * 6, "commands", "not 6"),
])
def test_plan_refuses_a_malformed_commands_field_as_the_referee_does(commands: Any, field: str,
                                                                      words: str) -> None:
    """A ``commands`` field ``plan`` does not run is still checked: the same file, the same refusal."""
    refusals = []
    for referee in (True, False):
        with pytest.raises(ScenarioError) as caught:
            parse_scenario(changed(BEGINNER, commands=commands), CONTENT, commands=referee)
        refusals.append(str(caught.value))
        assert caught.value.field == field and words in caught.value.problem, str(caught.value)
    assert refusals[0] == refusals[1]


MALFORMED: list[tuple[str, dict[str, Any] | Any, str, str]] = [
    # (case, scenario, field named, words in the problem)
    ("not an object", ["board"], "<scenario>", "JSON object"),
    ("unknown top-level field", changed(BEGINNER, colour="red"), "colour", "unknown field"),
    ("board missing", changed(BEGINNER, board=_DROP), "board", "missing"),
    ("cadet missing", changed(BEGINNER, cadet=_DROP), "cadet", "missing"),
    ("missions missing", changed(BEGINNER, missions=_DROP), "missions", "missing"),
    ("commands missing", changed(BEGINNER, commands=_DROP), "commands", "missing"),
    ("board of 4 rows", changed(BEGINNER, board=BEGINNER["board"][:4]), "board", "5 strings"),
    ("board is a string", changed(BEGINNER, board="c.f.r.S.B."), "board", "5 strings"),
    ("row of 6", changed(BEGINNER, board=["c.f.r", ".S.B..", "o.A.d", ".E.M.", "h.t.l"]), "board[1]",
     "5 characters"),
    ("row not a string", changed(BEGINNER, board=[5, ".S.B.", "o.A.d", ".E.M.", "h.t.l"]), "board[0]",
     "5 characters"),
    ("unknown module letter", changed(BEGINNER, board=["c.f.z", ".S.B.", "o.A.d", ".E.M.", "h.t.l"]),
     "board[0]", "'z'"),
    ("unknown symbol", changed(BEGINNER, board=["c.f.r", ".S#B.", "o.A.d", ".E.M.", "h.t.l"]),
     "board[1]", "'#'"),
    ("module twice, either case", changed(BEGINNER, board=["c.f.r", ".S.B.", "o.A.a", ".E.M.", "h.t.l"]),
     "board[2]", "module A appears twice"),
    ("cadet off the grid", changed(BEGINNER, cadet=[5, 0]), "cadet", "off the grid"),
    ("cadet negative", changed(BEGINNER, cadet=[0, -1]), "cadet", "off the grid"),
    ("cadet not ints", changed(BEGINNER, cadet=["2", "2"]), "cadet", "two integers"),
    ("cadet booleans", changed(BEGINNER, cadet=[True, 1]), "cadet", "two integers"),
    ("cadet of one number", changed(BEGINNER, cadet=[2]), "cadet", "two integers"),
    ("carrying a station", changed(CARRYING, board=["c.f.r", "...B.", "o.A.d", ".E.M.", "h.t.l"],
                                   carrying="S"), "carrying", "station"),
    ("carrying a damaged side", changed(CARRYING, carrying="a"), "carrying", "damaged"),
    ("carrying a letter on the board", changed(CARRYING, carrying="E"), "carrying", "also on the board"),
    ("carrying an unknown letter", changed(CARRYING, carrying="Z"), "carrying", "not a module"),
    ("carrying a number", changed(CARRYING, carrying=1), "carrying", "device letter or null"),
    ("missions not a list", changed(BEGINNER, missions="A-E"), "missions", "list of pairs"),
    ("mission of one letter", changed(BEGINNER, missions=[["A"]]), "missions[0]", "two module letters"),
    ("mission of an unknown module", changed(BEGINNER, missions=[["A", "E"], ["A", "Z"]]), "missions[1]",
     "'Z' is not a module"),
    ("mission of two stations", changed(BEGINNER, missions=[["S", "B"]]), "missions[0]", "both stations"),
    ("mission naming one module twice", changed(BEGINNER, missions=[["A", "a"]]), "missions[0]", "twice"),
    ("the same mission twice", changed(BEGINNER, missions=[["A", "E"], ["E", "A"]]), "missions[1]",
     "repeats missions[0]"),
    ("completed malformed", changed(BEGINNER, completed=[["A", "Q"]]), "completed[0]", "'Q'"),
    ("commands not a list", changed(BEGINNER, commands="N E"), "commands", "list of 5 command names"),
    ("no commands", changed(BEGINNER, commands=[]), "commands",
     "exactly 5 commands, one per register, not 0"),
    ("4 commands", changed(BEGINNER, commands=["N", "S", "N", "S"]), "commands", "exactly 5 commands"),
    ("6 commands", changed(BEGINNER, commands=["N", "S"] * 3), "commands", "exactly 5 commands, one per "
                                                                           "register, not 6"),
    ("unknown command", changed(BEGINNER, commands=["N", "JUMP"]), "commands[1]", "unknown command 'JUMP'"),
    ("command not a string", changed(BEGINNER, commands=[7]), "commands[0]", "must be a string"),
    ("transmissions_left zero", changed(BEGINNER, transmissions_left=0), "transmissions_left", ">= 1"),
    ("mission module absent", changed(BEGINNER, board=["..f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"],
                                      missions=[["A", "E"], ["C", "A"]]),
     "missions[1]", "the Comms Array (C), which is neither on the board nor carried"),
    ("transmissions_left text", changed(BEGINNER, transmissions_left="7"), "transmissions_left", ">= 1"),
]


@pytest.mark.parametrize(("case", "data", "field", "words"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_scenario_names_its_field(case: str, data: Any, field: str, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, CONTENT)
    assert caught.value.field == field, str(caught.value)
    assert words in caught.value.problem


def test_a_completed_pair_that_is_no_mission_is_ignored() -> None:
    scenario = parse_scenario(changed(BEGINNER, completed=[["F", "S"]]), CONTENT)
    assert scenario.completed == frozenset()
    assert scenario.pending == {"A-E": ("A", "E")}


def test_an_already_complete_pair_is_fine_when_listed_as_completed() -> None:
    data = changed(CARRYING, board=["c.f.r", ".S.B.", "o...d", ".EAM.", "h.t.l"], cadet=[1, 2], carrying=None,
                   completed=[["E", "A"]])
    assert parse_scenario(data, CONTENT).pending == {"F-S": ("F", "S")}


def test_load_scenario_names_unreadable_files_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(tmp_path / "absent.json", CONTENT)
    assert caught.value.field == "<file>"
    bad = tmp_path / "bad.json"
    bad.write_text('{"board": [', encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(bad, CONTENT)
    assert caught.value.field == "<json>"
    assert "line 1" in caught.value.problem
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(binary, CONTENT)
    assert caught.value.field == "<file>"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(CARRYING), encoding="utf-8")
    assert load_scenario(good, CONTENT).position.carrying == "A"


def test_a_partial_board_is_a_valid_puzzle_position() -> None:
    """Modules left off the board are not in play; the referee still runs the commands."""
    data = {"board": [".....", ".....", "..E..", ".....", "....."], "cadet": [2, 1], "carrying": "A",
            "missions": [["A", "E"]], "commands": ["DEPLOY", "COLLECT", "N", "E", "E"]}
    scenario = parse_scenario(data, CONTENT)
    assert scenario.position.carrying == "A" and scenario.position.board.count(".") == 24


@pytest.mark.parametrize("text", ['{"cadet": [' + "9" * 5000 + ', 2]}', "[" * 100000 + "]" * 100000])
def test_absurd_json_is_a_clear_scenario_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "absurd.json"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path, CONTENT)
    assert info.value.field == "<json>"


#: The Beginner Layout with the Android already deployed beside the Energy Pack (3, 1): the pending
#: mission A-E is intact and side by side before any command (RULES.md, Missions).
SIDE_BY_SIDE: dict[str, Any] = changed(
    CARRYING, board=["c.f.r", ".S.B.", "o...d", ".EAM.", "h.t.l"], cadet=[1, 2], carrying=None)


def test_a_pending_pair_already_side_by_side_is_accepted_and_completes_at_step_1() -> None:
    """RULES.md, Missions: after any single command, a move too; a board completes nothing by itself."""
    from companion.games.transmission.engine.state import rules_for

    scenario = parse_scenario(changed(SIDE_BY_SIDE, commands=["N", "S", "N", "S", "N"]), CONTENT)
    assert scenario.pending == {"A-E": ("A", "E"), "F-S": ("F", "S")}
    assert scenario.side_by_side == ("A-E",)
    execution = rules_for(CONTENT).execute(scenario.position, scenario.commands, scenario.pending)
    assert [(c.mission, c.step) for c in execution.completions] == [("A-E", 1)]
    assert rules_for(CONTENT).execute(scenario.position, (), scenario.pending).completions == ()


def test_a_first_command_that_takes_the_pair_apart_completes_nothing() -> None:
    """The Cadet on the Android collects it at step 1: the pair is not side by side after any command."""
    from companion.games.transmission.engine.state import rules_for

    data = changed(SIDE_BY_SIDE, cadet=[3, 2], commands=["C", "N", "S", "D", "N"])
    scenario = parse_scenario(data, CONTENT)
    execution = rules_for(CONTENT).execute(scenario.position, scenario.commands, scenario.pending)
    # Set down again on the same cell at step 4: completed then, not at step 1.
    assert [(c.mission, c.step) for c in execution.completions] == [("A-E", 4)]
    moved_first = changed(SIDE_BY_SIDE, cadet=[3, 2], commands=["N", "S", "C", "N", "S"])
    execution = rules_for(CONTENT).execute(parse_scenario(moved_first, CONTENT).position,
                                           (Command.N, Command.S, Command.COLLECT),
                                           scenario.pending)
    assert [(c.mission, c.step) for c in execution.completions] == [("A-E", 1)]
