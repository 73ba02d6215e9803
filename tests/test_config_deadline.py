"""``[game] mission_control_seconds`` (companion/table/config.py): the AI Mission Control's deadline per
decision (issue 11, never a wait), validated like every setting: the problem names file, key and value."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.config import MISSION_CONTROL_SECONDS, load_config, read_config


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_deadline_has_a_default_and_can_be_set(tmp_path: Path) -> None:
    assert load_config(_write(tmp_path, "")).mission_control_seconds == MISSION_CONTROL_SECONDS == 2.0
    for text, seconds in (("5", 5.0), ("0.5", 0.5)):
        config = load_config(_write(tmp_path, f"[game]\nmission_control_seconds = {text}\n"))
        assert config.mission_control_seconds == seconds


@pytest.mark.parametrize("value", ['"fast"', "0", "-1", "61", "true", "nan"])
def test_a_bad_deadline_is_named_and_the_default_kept(tmp_path: Path, value: str) -> None:
    text = f"[game]\nmission_control_seconds = {value}\nundo = \"honor\"\n"
    config, problems = read_config(_write(tmp_path, text))
    assert [p.field for p in problems] == ["game.mission_control_seconds"]
    assert "seconds" in str(problems[0])
    assert config.mission_control_seconds == MISSION_CONTROL_SECONDS and config.undo == "honor"
