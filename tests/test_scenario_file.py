"""Every game's ``companion referee`` says a fault of the scenario file itself in the same words.

A table switching games meets the same message for the same fault (an empty file, garbage, bytes
that are not UTF-8, a missing file, a required field left out): exit 2, the field named, never a
traceback (``companion/table/scenario.py`` :func:`read_scenario_json`, :data:`REQUIRED_FIELD`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.entry import main

GAMES = ("transmission", "six-actions", "five-actions")
#: Each fault's file bytes and the words every game says about it (after ``<path>: ``).
FAULTS = {
    "empty": (b"", "<json>: not valid JSON: Expecting value at line 1, column 1"),
    "garbage": (b"{garbage", "<json>: not valid JSON: Expecting property name enclosed in double quotes"),
    "binary": (b"\xff\xfe\x00", "is not UTF-8 text: invalid start byte"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "<json>: not a usable scenario: "),
}
FIRST_FIELD = {"transmission": "board", "six-actions": "players", "five-actions": "players"}


def _referee(game: str, path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["referee", "--game", game, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_fault_of_the_file_is_said_alike_by_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str
) -> None:
    data, words = FAULTS[fault]
    path = tmp_path / f"{fault}.json"
    path.write_bytes(data)
    said = set()
    for game in GAMES:
        code, out, err = _referee(game, path, capsys)
        assert (code, out) == (2, ""), (game, err)
        assert words in err and "Traceback" not in err and err.count("\n") == 1, (game, err)
        said.add(err)
    assert len(said) == 1, said


def test_a_missing_file_is_said_alike_by_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = set()
    for game in GAMES:
        code, out, err = _referee(game, tmp_path / "nowhere.json", capsys)
        assert (code, out) == (2, "") and "<file>: cannot read '" in err and "No such file" in err, err
        said.add(err)
    assert len(said) == 1, said


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_object_names_the_first_required_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    path = tmp_path / "empty-object.json"
    path.write_text("{}")
    code, out, err = _referee(game, path, capsys)
    assert (code, out) == (2, "")
    assert f"{FIRST_FIELD[game]}: required field is missing" in err, err
