"""The Settings screen's changes kept in the config file's [table] (issue 22, item 6)."""

from __future__ import annotations

from datetime import time
from pathlib import Path

import pytest

from companion.table.config import read_config
from companion.table.settings_file import SettingsNotSaved, save_table_settings
from companion.table.table_settings import QuietHours, TableSettings

FILE = """\
# The table by the window.
[game]
undo = "honor"   # the Undo button

[table]
language = "en"  # English for now
volume = 80

[gpio]
buzzer = 12
"""


def test_saved_settings_read_back_and_the_rest_of_the_file_survives(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(FILE)
    settings = TableSettings(language="de", volume=35, mute=True,
                             quiet_hours=QuietHours(time(21, 30), time(7, 0)))
    assert save_table_settings(settings, path) == path
    config, problems = read_config(path)
    assert problems == []
    assert config.table == settings
    assert config.undo == "honor" and config.section("gpio")["buzzer"] == 12
    text = path.read_text()
    assert "# The table by the window." in text and "# the Undo button" in text
    assert 'quiet_hours = "21:30-07:00"' in text


def test_no_quiet_hours_removes_the_key(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[table]\nquiet_hours = "22:00-06:00"\n')
    save_table_settings(TableSettings(volume=50), path)
    config, problems = read_config(path)
    assert problems == [] and config.table.quiet_hours is None and config.table.volume == 50
    assert "quiet_hours" not in path.read_text()


def test_without_a_file_the_one_read_at_the_next_start_is_created(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    env = {"COMPANION_CONFIG": str(path)}
    assert save_table_settings(TableSettings(volume=10, mute=True), None, env) == path
    config, problems = read_config(env=env)
    assert problems == [] and config.table.volume == 10 and config.table.mute


def test_a_file_that_is_not_toml_is_left_alone_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[table\nvolume = ")
    with pytest.raises(SettingsNotSaved, match="not valid TOML"):
        save_table_settings(TableSettings(), path)
    assert path.read_text() == "[table\nvolume = "


def test_an_unwritable_place_is_a_sentence_and_nothing_is_written(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(SettingsNotSaved, match="cannot be written") as caught:
        save_table_settings(TableSettings(), blocker / "config.toml")
    assert str(blocker / "config.toml") in str(caught.value)
    assert blocker.read_text() == ""
