"""The language the table starts in (issue 22): ``[table] language``, else the environment, else
English; the ``companion`` command line and the app both start in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import entry, i18n
from companion.table.table_settings import TableSettings, table_language, use_table_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("setting", "env", "expected"), [
    ("de", {"COMPANION_LANG": "en", "LANG": "en_GB.UTF-8"}, "de"),   # the config wins
    (None, {"COMPANION_LANG": "de"}, "de"),
    (None, {"LANG": "de_AT.UTF-8"}, "de"),
    (None, {"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),      # the first language the table has
    (None, {"LANG": "fr_FR.UTF-8"}, "en"),                           # none it has: English
    (None, {}, "en"),
    ("en", {"COMPANION_LANG": "de"}, "en"),
])
def test_the_config_then_the_environment_then_english(setting: str | None, env: dict[str, str],
                                                       expected: str) -> None:
    assert table_language(TableSettings(language=setting), env) == expected


def test_use_table_language_switches_every_layer() -> None:
    assert use_table_language(TableSettings(language="de"), {}) == "de"
    assert i18n.language() == "de" and i18n._("New game") == "Neues Spiel"


def test_the_command_line_starts_in_the_configs_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[table]\nlanguage = "de"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    assert entry.main(["--version"]) == 0
    assert i18n.language() == "de"
    config.write_text("", encoding="utf-8")
    monkeypatch.setenv("COMPANION_LANG", "de")
    entry.main(["--version"])
    assert i18n.language() == "de"
    monkeypatch.setenv("COMPANION_LANG", "en")
    entry.main(["--version"])
    assert i18n.language() == "en"
