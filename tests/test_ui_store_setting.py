"""The app's game store from the config (ui.store_setting): a ``[store]`` setting that cannot be used
turns History off with the problem on Home, and no empty history is opened in another place
(issue 24, item 7), as the command line refuses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import test_ui_game
from companion.entry import main
from companion.table.config import CONFIG_ENV
from test_ui_game import message, screen
from ui.store_setting import table_settings

start_app = test_ui_game.start_app


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The default data dir (where a fallback would put an empty history): watched, never created."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setattr("companion.table.config.SYSTEM_CONFIG", tmp_path / "no-etc" / "config.toml")
    return tmp_path / "xdg-data"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("store", "named"), [
    ('data_dir = "/var/lib/a\\u0000b"', "NUL"),
    ('data_dir = "~no-such-user-here/companion"', "~no-such-user-here"),
    ("data_dir = 7", "must be a path"),
    ('database = ""', "must be a path"),
])
def test_an_unusable_store_setting_turns_history_off_and_opens_no_other_store(
        tmp_path: Path, elsewhere: Path, store: str, named: str) -> None:
    path = write(tmp_path, f'[game]\nundo = "honor"\n[store]\n{store}\n')
    settings = table_settings(path)
    assert settings.store_path is None and settings.config.undo == "honor"  # the rest is used
    (notice,) = settings.notices
    assert notice.startswith("History is off: store.") and named in notice and str(path) in notice
    assert "No other history was opened in its place" in notice and "defaults instead" not in notice
    assert not elsewhere.exists()


def test_other_bad_settings_still_get_their_own_sentence(tmp_path: Path, elsewhere: Path) -> None:
    settings = table_settings(write(tmp_path, '[game]\nundo = 5\n[store]\ndata_dir = 7\n'))
    assert settings.store_path is None and len(settings.notices) == 2
    assert "game.undo = 5" in settings.notices[0] and "store.data_dir" not in settings.notices[0]
    assert settings.notices[1].startswith("History is off: ")


def test_a_config_file_that_cannot_be_read_opens_no_store(tmp_path: Path, elsewhere: Path) -> None:
    settings = table_settings(write(tmp_path, "[store\n"))
    assert settings.store_path is None
    assert "not valid TOML" in settings.notices[0]
    assert "History is off: the config file" in settings.notices[1]
    assert not elsewhere.exists()


def test_a_clean_config_keeps_its_store(tmp_path: Path, elsewhere: Path) -> None:
    settings = table_settings(write(tmp_path, f'[store]\ndata_dir = "{tmp_path / "data"}"\n'))
    assert settings.store_path == tmp_path / "data" / "companion.sqlite3" and settings.notices == []


def test_the_command_line_refuses_the_same_settings(tmp_path: Path, elsewhere: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(CONFIG_ENV, str(write(tmp_path, '[store]\ndata_dir = "/var/lib/a\\u0000b"\n')))
    assert main(["history"]) == 1
    assert "store.data_dir" in capsys.readouterr().err and table_settings().store_path is None
    assert not elsewhere.exists()


def test_home_says_history_is_off_for_an_unusable_data_dir(ui_harness: Any, start_app: Any, tmp_path: Path,
                                                           elsewhere: Path) -> None:
    h = ui_harness
    settings = table_settings(write(tmp_path, '[store]\ndata_dir = "~no-such-user-here/companion"\n'))
    app = start_app(**settings.app_options())
    h.pump(0.3)
    h.screenshot("home_history_off_bad_data_dir.png")
    said = "History is off: store.data_dir = '~no-such-user-here/companion' in "
    assert app.store is None and said in message(h)
    assert "~no-such-user-here" in message(h) and screen(h).ids.notice.opacity == 1
    assert not elsewhere.exists()


def test_home_says_history_is_off_for_a_data_dir_that_is_a_file(ui_harness: Any, start_app: Any,
                                                                tmp_path: Path, elsewhere: Path) -> None:
    h = ui_harness
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    settings = table_settings(write(tmp_path, f'[store]\ndata_dir = "{blocker}"\n'))
    app = start_app(**settings.app_options())
    h.pump(0.3)
    h.screenshot("home_history_off_data_dir_file.png")
    assert app.store is None and "History is off: Cannot create the folder" in message(h)
    assert blocker.read_text() == "not a folder" and not elsewhere.exists()
