"""``[table]`` of the config file: language, volume, mute, quiet hours (issue 22)."""

from __future__ import annotations

from datetime import time
from pathlib import Path

import pytest

from companion.table.config import read_config
from companion.table.table_settings import QuietHours, parse_quiet_hours


def config_of(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return read_config(path)


def test_the_defaults_set_no_language_and_an_audible_table(tmp_path: Path) -> None:
    config, problems = config_of(tmp_path, "")
    assert problems == []
    assert (config.table.language, config.table.volume, config.table.mute, config.table.quiet_hours) == (
        None, 80, False, None)


def test_every_table_setting_is_read(tmp_path: Path) -> None:
    config, problems = config_of(tmp_path, '[table]\nlanguage = "de_DE.UTF-8"\nvolume = 35\nmute = true\n'
                                           'quiet_hours = "21:30-07:00"\n')
    assert problems == []
    assert config.table.language == "de"
    assert (config.table.volume, config.table.mute) == (35, True)
    assert config.table.quiet_hours == QuietHours(time(21, 30), time(7, 0))


@pytest.mark.parametrize(("line", "field"), [
    ('language = "fr"', "table.language"), ("language = 3", "table.language"),
    ("volume = 101", "table.volume"), ("volume = true", "table.volume"), ('volume = "loud"', "table.volume"),
    ('mute = "yes"', "table.mute"), ('quiet_hours = "25:00-07:00"', "table.quiet_hours"),
    ('quiet_hours = "07:00-07:00"', "table.quiet_hours"), ("quiet_hours = 7", "table.quiet_hours"),
    ("loudness = 3", "table.loudness"),
])
def test_a_bad_value_is_named_and_the_default_used(tmp_path: Path, line: str, field: str) -> None:
    config, problems = config_of(tmp_path, f"[table]\n{line}\n")
    assert [problem.field for problem in problems] == [field]
    assert str(tmp_path / "config.toml") in str(problems[0])
    assert (config.table.language, config.table.volume, config.table.mute) == (None, 80, False)


def test_quiet_hours_may_span_midnight() -> None:
    night = parse_quiet_hours("22:00-06:30")
    assert night is not None
    assert time(23, 59) in night and time(0, 0) in night and time(6, 29) in night
    assert time(6, 30) not in night and time(12, 0) not in night
    day = parse_quiet_hours(" 13:00 - 15:00 ")
    assert day is not None and time(14, 0) in day and time(15, 0) not in day and str(day) == "13:00-15:00"
    assert parse_quiet_hours("") is None
