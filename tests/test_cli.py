"""The ``companion`` command line (companion.cli), end to end through ``main([...])`` and a subprocess."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import types
from collections.abc import Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

import ui
from companion import __version__
from companion.cli.main import installed
from companion.entry import main
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import rules_for
from companion.table.registry import SUBCOMMANDS_GROUP
from test_scenario import BEGINNER, CARRYING, MALFORMED, changed
from ui import cli as ui_cli
from ui.cli import NO_DISPLAY

CONTENT = default_content()
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACK = ROOT / "companion" / "games" / "transmission" / "content" / "default.toml"
NO_DISPLAY_ENV = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: Any, name: str = "scenario.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def referee(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any,
            *options: str) -> tuple[int, Any, str]:
    code, out, err = cli(capsys, "referee", write(tmp_path, data), *options)
    return code, json.loads(out) if out else None, err


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY_ENV}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


# --------------------------------------------------------------------------- help and usage


def test_help_lists_every_subcommand_and_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--help")
    assert code == 0
    for name in ("run", "play", "referee", "plan", "simulate", "content"):
        assert f"    {name} " in out
    assert "exit codes:" in out
    for line in ("  0 ", "  1 ", "  2 ", "  3 "):
        assert line in out


def test_the_help_introduces_every_game_on_the_box(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.catalog import registered

    code, out, _ = cli(capsys, "--help")
    intro = " ".join(out.split("positional arguments")[0].split())
    assert code == 0 and "Mission Control companion" not in intro
    for info in registered():
        assert info.title in intro, info.title


def test_version_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--version")
    assert (code, out.strip()) == (0, f"companion {__version__}")
    code, _, err = cli(capsys)
    assert code == 2 and "COMMAND" in err
    code, _, err = cli(capsys, "play", "--difficulty", "impossible")
    assert code == 2 and "invalid choice" in err
    code, _, err = cli(capsys, "simulate", "--games", "0")
    assert code == 2 and "must be at least 1" in err


# --------------------------------------------------------------------------- referee


def test_referee_the_rulebook_example_deploy_completes_and_collect_keeps_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # RULES.md, Missions: deploy the Android next to the intact Energy Pack, then collect it again.
    data = changed(CARRYING, missions=[["A", "E"]], commands=["DEPLOY", "COLLECT", "N", "S", "N"])
    code, result, err = referee(capsys, tmp_path, data)
    assert (code, err) == (0, "")
    assert result == {
        "ok": True,
        "board": ["c.f.r", ".S.B.", "o...d", ".E.M.", "h.t.l"],
        "cadet": [2, 2],
        "carrying": "A",
        "completed": [{"mission": ["A", "E"], "step": 1}],
    }
    # Deploying it there once more completes nothing new: the mission is listed once.
    code, result, _ = referee(capsys, tmp_path, changed(data, commands=["d", "c", "D", "N", "S"]))
    assert code == 0
    assert result["completed"] == [{"mission": ["A", "E"], "step": 1}]
    assert result["board"][3] == ".EAM." and result["carrying"] is None


def test_referee_lists_completions_in_order_as_given_and_skips_completed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # From the Beginner Layout: collect the Android, walk west, deploy it between Science Lab and Energy Pack.
    data = changed(BEGINNER, missions=[["m", "e"], ["e", "a"], ["S", "A"], ["A", "F"]],
                   commands=["collect", "W", "DEPLOY", "e", "n"])
    code, result, _ = referee(capsys, tmp_path, data)
    assert code == 0
    assert result["completed"] == [{"mission": ["e", "a"], "step": 3}, {"mission": ["S", "A"], "step": 3}]
    assert result["board"] == ["c.f.r", ".S.B.", "oA..d", ".E.M.", "h.t.l"]
    assert result["cadet"] == [1, 2] and result["carrying"] is None
    code, result, _ = referee(capsys, tmp_path, changed(data, completed=[["A", "S"]]))
    assert result["completed"] == [{"mission": ["e", "a"], "step": 3}]


@pytest.mark.parametrize(("commands", "count"), [([], 0), (["N", "S", "E", "W", "N", "S"], 6),
                                                 (["e"] * 4, 4)])
def test_referee_refuses_a_program_of_other_than_5_commands(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, commands: list[str], count: int) -> None:
    """RULES.md, A transmission: Mission Control selects 5 commands and the Cadet executes 5."""
    code, out, err = cli(capsys, "referee", write(tmp_path, changed(BEGINNER, commands=commands)))
    assert (code, out) == (2, "")
    assert f"commands: must be exactly 5 commands, one per register, not {count}" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_referee_an_impossible_command_exits_3_and_executes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = changed(CARRYING, commands=["N", "c", "DEPLOY", "S", "S"])
    code, result, err = referee(capsys, tmp_path, data)
    assert code == 3
    assert set(result) == {"ok", "step", "command", "reason"}  # no board: nothing was executed
    assert result["ok"] is False
    assert (result["step"], result["command"]) == (2, "COLLECT")
    assert "already carries the Android (A)" in result["reason"]
    assert "step 2 (COLLECT) is impossible" in err and "nothing was executed" in err
    # The same program stopped before the impossible step executes from the unchanged position.
    code, result, _ = referee(capsys, tmp_path, changed(data, commands=["N", "S", "N", "S", "N"]))
    assert code == 0 and result["cadet"] == [2, 2] and result["carrying"] == "A"


def test_referee_refuses_a_move_off_the_grid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = changed(BEGINNER, cadet=[0, 1], commands=["w", "N", "S", "S", "S"])
    code, result, _ = referee(capsys, tmp_path, data)
    assert code == 3
    assert result == {"ok": False, "step": 2, "command": "N",
                      "reason": "the Cadet would walk off the grid to the north"}


@pytest.mark.parametrize(("case", "data", "field", "words"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_referee_a_malformed_scenario_exits_2_naming_the_field(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str, data: Any, field: str,
        words: str) -> None:
    code, out, err = cli(capsys, "referee", write(tmp_path, data))
    assert code == 2
    assert out == ""
    assert f": {field}: " in err and words in err
    assert "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(("text", "field"), [
    ("{'board': 1}", "<json>"), ("", "<json>"), ("[1, 2", "<json>"),
])
def test_referee_unreadable_json_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         text: str, field: str) -> None:
    code, out, err = cli(capsys, "referee", write(tmp_path, text))
    assert (code, out) == (2, "")
    assert f"{field}: not valid JSON" in err


def test_referee_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(capsys, "referee", str(tmp_path / "nowhere.json"))
    assert code == 2
    assert "<file>: cannot read" in err


def edited_pack(tmp_path: Path, *replacements: tuple[str, str]) -> str:
    text = DEFAULT_PACK.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "pack.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_referee_reads_module_letters_from_the_content_pack(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A table whose Toolkit is lettered Q: 'q' is a module, 't' no longer is.
    pack = edited_pack(tmp_path, ('letter = "T"', 'letter = "Q"'), ('"T"', '"Q"'), ("h.t.l", "h.q.l"))
    board = ["c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.q.l"]
    code, result, _ = referee(capsys, tmp_path, changed(BEGINNER, board=board), "--content", pack)
    assert code == 0 and result["board"] == board
    code, _, err = referee(capsys, tmp_path, BEGINNER, "--content", pack)
    assert code == 2 and "board[4]: 't' at column 2" in err


def test_a_broken_content_pack_option_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = edited_pack(tmp_path, ("standard_intact = 5", "standard_intact = 99"))
    code, out, err = cli(capsys, "referee", write(tmp_path, BEGINNER), "--content", pack)
    assert (code, out) == (1, "")
    assert "board.standard_intact" in err and "content check" in err
    code, _, err = cli(capsys, "play", "--content", str(tmp_path / "absent.toml"))
    assert code == 1 and "cannot read the file" in err


# --------------------------------------------------------------------------- plan


def plan(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any) -> dict[str, Any]:
    code, out, err = cli(capsys, "plan", write(tmp_path, data))
    assert (code, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    assert set(result) == {"commands", "transmissions_to_win", "exact", "winnable"}
    known = result["exact"] or result["transmissions_to_win"] is None  # a lower bound proves neither
    assert result["winnable"] is ((result["transmissions_to_win"] is not None) if known else None)
    return result


def without_commands(data: dict[str, Any]) -> dict[str, Any]:
    """A scenario for ``plan`` alone: no ``commands`` field."""
    return {key: value for key, value in data.items() if key != "commands"}


def assert_viable(data: dict[str, Any], names: Sequence[str]) -> None:
    commands = [Command.parse(n) for n in names]
    assert len(commands) == 5
    for command in Command:
        assert commands.count(command) <= CONTENT.command_deck[command]
    position = Position.from_rows(data["board"], tuple(data["cadet"]), data.get("carrying"))
    assert rules_for(CONTENT).viable(position, commands)


def test_plan_returns_5_viable_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = changed(BEGINNER, commands=["N"] * 5)  # checked, not run: 5 Norths would walk off the grid
    result = plan(capsys, tmp_path, data)
    assert_viable(data, result["commands"])
    assert result["transmissions_to_win"] == 1  # collect the Android, deploy it beside the Energy Pack
    code, execution, _ = referee(capsys, tmp_path, changed(data, commands=result["commands"]))
    assert code == 0
    assert [c["mission"] for c in execution["completed"]] == [["A", "E"]]


@pytest.mark.parametrize("data", [
    changed(CARRYING, cadet=[0, 0], missions=[["F", "S"], ["D", "H"]], transmissions_left=2),
    without_commands(changed(BEGINNER, cadet=[4, 4], missions=[])),
    without_commands(changed(CARRYING, completed=[["A", "E"]])),
])
def test_plan_is_viable_from_corners_while_carrying_and_with_nothing_left(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, data: dict[str, Any]) -> None:
    result = plan(capsys, tmp_path, data)
    assert_viable(data, result["commands"])
    left = [m for m in data["missions"] if m not in data.get("completed", [])]
    if not left:
        assert result["transmissions_to_win"] == 0
    else:
        assert result["transmissions_to_win"] is None or result["transmissions_to_win"] >= 1


def test_plan_a_malformed_scenario_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(capsys, "plan", write(tmp_path, changed(BEGINNER, transmissions_left=-1)))
    assert code == 2 and "transmissions_left" in err


@pytest.mark.parametrize("commands", ["N E", ["N", "JUMP", "S", "E", "W"], [], ["N"] * 6])
def test_plan_refuses_a_malformed_commands_field_as_referee_does(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, commands: Any) -> None:
    """``plan`` does not run a scenario's ``commands``, but a file ``referee`` refuses it refuses too."""
    path = write(tmp_path, changed(BEGINNER, commands=commands))
    code, out, refused = cli(capsys, "referee", path)
    assert (code, out) == (2, "") and ": commands" in refused
    code, out, err = cli(capsys, "plan", path)
    assert (code, out, err) == (2, "", refused.replace("companion referee:", "companion plan:"))


# --------------------------------------------------------------------------- simulate


def test_simulate_prints_the_rates_as_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "simulate", "--games", "3", "--difficulty", "hard", "--seed", "5")
    assert code == 0
    assert out.startswith("3 games at hard difficulty, seed 5")
    assert "win rate:" in out and "mean transmissions used:" in out and "mean score:" in out
    code, out, _ = cli(capsys, "simulate", "--games", "3", "--difficulty", "hard", "--seed", "5", "--json")
    result = json.loads(out)
    assert code == 0 and result["games"] == 3
    assert result["win_rate"] == result["wins"] / 3
    assert 1 <= result["mean_transmissions"] <= 7
    assert {"mean_score", "seconds"} <= set(result)


# --------------------------------------------------------------------------- content check


def test_content_check_the_default_pack_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "content", "check", str(DEFAULT_PACK))
    assert (code, err) == (0, "")
    assert out.startswith(f"OK: {CONTENT.id}, {len(CONTENT.missions)} missions, 13 modules")


def test_content_check_lists_every_problem_of_a_broken_copy(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = edited_pack(tmp_path, ('letter = "T"', 'letter = "S"'),
                       ("standard_intact = 5", "standard_intact = -1"),
                       ("multiplier = 1.5", "multiplier = 0"))
    code, out, err = cli(capsys, "content", "check", pack)
    assert code == 1
    lines = out.strip().splitlines()
    assert len(lines) >= 3
    assert all(line.startswith(pack + ": ") for line in lines)
    assert any("modules[12].letter" in line for line in lines)
    assert any("board.standard_intact" in line for line in lines)
    assert any("difficulty.hard.multiplier" in line for line in lines)
    assert f"{len(lines)} problems" in err


def test_content_check_an_unreadable_file_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "content", "check", str(tmp_path / "missing.toml"))
    assert (code, out) == (1, "")
    assert "cannot read the file" in err
    code, out, err = cli(capsys, "content", "check", write(tmp_path, "[pack\nname=", "bad.toml"))
    assert code == 1 and "TOML syntax error" in out


# --------------------------------------------------------------------------- run


def test_run_without_a_display_exits_1_at_once(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for key in NO_DISPLAY_ENV:
        monkeypatch.delenv(key, raising=False)
    no_app(monkeypatch)  # an import attempt would fail differently
    code, out, err = cli(capsys, "run", "--difficulty", "hard")
    assert (code, out) == (1, "")
    assert NO_DISPLAY in err
    assert "No display found" in err and "SDL_VIDEODRIVER=kmsdrm" in err


def test_run_without_a_display_imports_no_kivy() -> None:
    code = ("import sys\nfrom companion.entry import main\nrc = main(['run'])\n"
            "assert 'kivy' not in sys.modules, 'kivy imported'\nsys.exit(rc)")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=subprocess_env(), capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert time.perf_counter() - start < 20
    assert done.returncode == 1, done.stderr
    assert "No display found" in done.stderr and "Traceback" not in done.stderr


def test_run_starts_the_app_with_the_options(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []

    def fake_main(**options: Any) -> int:
        calls.append(options)
        return 0

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    fake = types.SimpleNamespace(main=fake_main)
    monkeypatch.setitem(sys.modules, "ui.app", fake)
    monkeypatch.setattr(ui, "app", fake, raising=False)  # `from ui import app` reads the package first
    code, _, err = cli(capsys, "run", "--difficulty", "hard", "--layout", "beginner", "--seed", "7",
                       "--fullscreen")
    assert (code, err) == (0, "")
    # No --content: the app loads the default pack when it first needs it (not at start: issue 10).
    assert calls == [{"content": None, "difficulty": "hard", "layout": "beginner", "seed": 7,
                      "fullscreen": True}]
    calls.clear()
    code, _, err = cli(capsys, "run", "--content", str(DEFAULT_PACK))
    assert (code, err) == (0, "")
    assert [call["content"] for call in calls] == [CONTENT]  # a pack named is read (and checked) first
    code, _, err = cli(capsys, "run", "--content", str(DEFAULT_PACK.with_name("absent.toml")))
    assert code == 1 and "content pack" in err and len(calls) == 1  # refused before the app starts


def test_run_says_so_when_the_app_is_missing(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    no_app(monkeypatch)
    code, _, err = cli(capsys, "run")
    assert code == 1
    assert "the Kivy app (ui/app.py) is not installed" in err


def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if ui/app.py were not installed."""
    monkeypatch.setitem(sys.modules, "ui.app", None)
    monkeypatch.delattr(ui, "app", raising=False)


# --------------------------------------------------------------------------- entry points


HELP_ORDER = ["run", "play", "referee", "plan", "simulate", "content", "labels", "doctor", "history", "stats",
              "export", "debrief", "bench"]  # debrief: issue 10, after the other store commands


def listed(help_text: str) -> list[str]:
    """The subcommands ``companion --help`` lists, in order."""
    lines = help_text.split("positional arguments:")[1].split("options:")[0].splitlines()
    return [line.split()[0] for line in lines if line.startswith("    ") and not line.startswith("     ")]


def test_ui_adds_run_labels_and_doctor_through_the_entry_point_group() -> None:
    found, problems = installed()
    assert problems == []
    assert ui_cli.RUN in found and ui_cli.HARDWARE in found
    points = {p.name: p.value for p in entry_points(group=SUBCOMMANDS_GROUP)}
    assert points == {"run": "ui.cli:RUN", "hardware": "ui.cli:HARDWARE"}  # pyproject.toml


def test_the_help_lists_the_subcommands_in_the_order_of_3b247fa(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--help")
    assert code == 0 and listed(out) == HELP_ORDER


def test_without_the_entry_points_run_labels_and_doctor_say_what_is_missing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.cli.main.entry_points", lambda group: [])
    code, out, _ = cli(capsys, "--help")
    assert code == 0 and listed(out) == HELP_ORDER  # still listed, in their places
    code, out, err = cli(capsys, "run", "--difficulty", "hard", "--kiosk")
    assert (code, out) == (1, "")
    assert err == ("companion run: the Kivy app (ui/app.py) is not installed with this copy of the "
                   "companion; `companion play` runs a game in the terminal\n")
    assert cli(capsys, "labels", "--list")[:2] == (1, "")
    assert "companion doctor: the hardware check (ui/cli.py, hardware/doctor.py) is not installed" in \
        cli(capsys, "doctor")[2]
    code, _, err = cli(capsys, "referee", "--frobnicate", "x.json")  # the others keep argparse's checks
    assert code == 2 and "unrecognized arguments: --frobnicate" in err


def test_an_entry_point_that_does_not_load_is_named(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name, value = "run", "ui.cli:RUN"

        def load(self) -> Any:
            raise ModuleNotFoundError("No module named 'kivy'")

    monkeypatch.setattr("companion.cli.main.entry_points", lambda group: [Broken()])
    code, _, err = cli(capsys, "run")
    assert code == 1
    assert err.startswith("companion run: the Kivy app (ui/app.py) is not installed")
    assert "(ui.cli:RUN does not load (ModuleNotFoundError: No module named 'kivy'))" in err


# --------------------------------------------------------------------------- play


def test_play_reads_the_terminal_and_quits_cleanly(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n1 2 3 4 5 6\nquit\n"))
    code, out, err = cli(capsys, "play", "--seed", "3", "--layout", "beginner")
    assert (code, err) == (0, "")
    assert "Set up the table like this" in out and "=== Transmission 1 of 7 ===" in out
    assert "You left the game." in out and "seed 3" not in out.split("Transmission card 1")[-1]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = cli(capsys, "play", "--seed", "3")
    assert code == 0 and "End of input" in out


def test_play_takes_the_tables_game_settings_and_says_which_are_bad(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``companion play`` reads the config the app reads (issue 10, F6): ``[game]`` mission_control,
    coach ... are its defaults, an option wins over the file, and each bad value is said on stderr
    naming the file, the key and the value, then the default is used."""
    config = tmp_path / "config.toml"
    config.write_text('[game]\nmission_control = "person"\ncoach = true\nundo = "honor"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\ncoach\nquit\n"))
    code, out, err = cli(capsys, "play", "--no-store", "--seed", "4", "--difficulty", "training")
    assert (code, err) == (0, "")
    assert "Hand the terminal to Mission Control" in out and "Coach: " in out  # a person, with the coach
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\ncoach\nquit\n"))
    code, out, _ = cli(capsys, "play", "--no-store", "--seed", "4", "--difficulty", "training", "--no-coach")
    assert code == 0 and "The coach is off" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nquit\n"))
    code, out, err = cli(capsys, "play", "--no-store", "--seed", "4", "--mc", "companion")
    assert code == 0 and "Hand the terminal" not in out and "=== Transmission 1 of 7 ===" in out
    config.write_text('[game]\nmission_control = "robot"\ncoach = "on"\nmission_control_seconds = nan\n',
                      encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nquit\n"))
    code, out, err = cli(capsys, "play", "--no-store", "--seed", "4")
    assert code == 0 and "Hand the terminal" not in out  # the default: the companion
    lines = err.splitlines()
    assert len(lines) == 3 and all(str(config) in line for line in lines), err
    assert "game.mission_control = 'robot'" in err and "game.coach = 'on'" in err
    assert "game.mission_control_seconds = NaN" in err
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = cli(capsys, "play", "--no-store", "--seed", "4")
    assert code == 0 and "absent.toml: no such file" in err


def test_an_unexpected_error_is_one_line_without_a_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import companion.games.transmission.mission_control.planner

    def broken(self: object, view: object) -> None:
        raise RuntimeError("the planner fell over")

    monkeypatch.setattr(companion.games.transmission.mission_control.planner.Planner, "plan", broken)
    code, out, err = cli(capsys, "plan", write(tmp_path, BEGINNER))
    assert (code, out) == (1, "")
    assert "internal error: RuntimeError: the planner fell over (run with -v" in err
    assert "Traceback" not in err


# --------------------------------------------------------------------------- python -m companion


def test_python_m_companion_referees_a_scenario(tmp_path: Path) -> None:
    path = write(tmp_path, changed(CARRYING, missions=[["A", "E"]], commands=["D", "C", "N", "S", "N"]))
    done = subprocess.run([sys.executable, "-m", "companion", "referee", path], env=subprocess_env(),
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["completed"] == [{"mission": ["A", "E"], "step": 1}]
    done = subprocess.run([sys.executable, "-m", "companion", "referee", write(tmp_path, "[", "bad.json")],
                          env=subprocess_env(), capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and "<json>" in done.stderr and "Traceback" not in done.stderr


def test_warnings_reach_stderr_and_verbose_adds_detail(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = changed(BEGINNER, completed=[["F", "S"]])
    code, _, err = cli(capsys, "referee", write(tmp_path, data))
    assert code == 0
    assert ("WARNING companion.games.transmission.engine.scenario: "
            "completed pairs not among the missions are ignored") in err
    code, _, err = cli(capsys, "-vv", "referee", write(tmp_path, data))
    assert code == 0 and "DEBUG companion.games.transmission.cli: content pack incoming-transmission@3" in err


@pytest.mark.parametrize("seed", ["-5", "1234567890", "abc", "²"])
def test_seeds_outside_what_the_setup_screen_takes_are_refused(seed: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", seed]) == 2
    assert "a seed is a whole number from 0 to 999,999,999" in capsys.readouterr().err


def test_a_warning_logged_after_kivy_took_over_stderr_does_not_loop(tmp_path: Path) -> None:
    """`companion run` on a desktop: Kivy (KIVY_LOG_MODE=KIVY) makes sys.stderr log back to the root
    logger, so the CLI's stderr handler must not write to it (it recursed until RecursionError)."""
    code = ("import logging, sys\n"
            "from companion.cli.main import _setup_logging\n"
            "_setup_logging(0)\n"
            "import kivy.logger\n"
            "logging.getLogger('hardware.panel').warning('buttons and lights are off')\n"
            "sys.__stdout__.write('survived\\n')\n")
    env = subprocess_env(KIVY_HOME=str(tmp_path), KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1")
    for name in ("KIVY_LOG_MODE", "KIVY_NO_CONSOLELOG", "KIVY_NO_CONFIG"):  # the harness may have set them
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "survived" in done.stdout
    assert "RecursionError" not in done.stderr
    assert "buttons and lights are off" in done.stderr  # once, through Kivy's own console handler
