"""companion.table.config: where the file is, defaults, and every bad value named."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.table.config import CONFIG_ENV, Config, config_path, load_config


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_env_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    assert config_path({CONFIG_ENV: str(path)}) == path


def test_no_file_means_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.table.config.SYSTEM_CONFIG", tmp_path / "etc" / "config.toml")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path({}) == tmp_path / "xdg" / "companion" / "config.toml"
    config = load_config(env={})
    assert config == Config(data_dir=config.data_dir)
    assert config.path is None
    assert config.undo == "off" and config.physical_deck is False
    assert config.database_path == config.data_dir / "companion.sqlite3"
    assert dict(config.section("gpio")) == {}


def test_a_named_file_that_is_missing_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "nope.toml")
    with pytest.raises(ConfigError, match="no such file"):
        load_config(env={CONFIG_ENV: str(tmp_path / "nope.toml")})


def test_values_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, """
[game]
undo = "honor"
physical_deck = true
[store]
data_dir = "%s"
[gpio]
enabled = false
[gpio.buttons]
transmit = 17
""" % (tmp_path / "data"))
    config = load_config(path)
    assert config.path == path
    assert config.undo == "honor" and config.physical_deck is True
    assert config.data_dir == tmp_path / "data"
    assert config.database_path == tmp_path / "data" / "companion.sqlite3"
    assert config.section("gpio")["enabled"] is False
    assert config.section("gpio")["buttons"]["transmit"] == 17


def test_database_can_be_set_alone(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, f'[store]\ndatabase = "{tmp_path / "x.db"}"\n'))
    assert config.database_path == tmp_path / "x.db"


@pytest.mark.parametrize("text, field", [
    ('[game]\nundo = "always"\n', "game.undo"),
    ('[game]\nundoo = "honor"\n', "game.undoo"),
    ('[game]\nphysical_deck = "yes"\n', "game.physical_deck"),
    ('[store]\ndatabase = 3\n', "store.database"),
    ('[store]\ndata_dir = ""\n', "store.data_dir"),
    ('game = 3\n', "game"),
    ('[gmae]\nundo = "honor"\n', "gmae"),
    ('undo = "honor"\n', "undo"),
])
def test_bad_values_are_named(tmp_path: Path, text: str, field: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.field == field
    assert str(path) in str(info.value) and field in str(info.value)


def test_bad_toml_and_bad_bytes(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "[game\n"))
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(path)


def test_read_config_keeps_every_valid_setting(tmp_path: Path) -> None:
    """One typo never drops the rest: [store] stays in use, so the table's history is not hidden."""
    from companion.table.config import read_config

    path = write(tmp_path, f"""
[game]
undo = "yes"
physical_deck = true
colour = "blue"
[store]
data_dir = "{tmp_path / 'data'}"
[gmae]
undo = "honor"
[gpio]
enabled = false
""")
    config, problems = read_config(path)
    assert [p.field for p in problems] == ["gmae", "game.colour", "game.undo"]
    assert config.undo == "off" and config.physical_deck is True
    assert config.data_dir == tmp_path / "data"
    assert config.section("gpio")["enabled"] is False and "gmae" not in config.sections
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.field == "gmae"


def test_read_config_of_a_broken_file_gives_defaults_and_one_problem(tmp_path: Path) -> None:
    from companion.table.config import read_config

    config, problems = read_config(write(tmp_path, "[game\n"))
    assert config == Config(data_dir=config.data_dir) and len(problems) == 1
    assert "not valid TOML" in str(problems[0])


def test_the_app_keeps_the_history_when_a_setting_is_bad(tmp_path: Path) -> None:
    """ui.start.load_settings: the table's data dir stays in use, and Home gets one sentence."""
    from ui.start import load_settings

    path = write(tmp_path, f'[game]\nundo = "yes"\n[store]\ndata_dir = "{tmp_path / "data"}"\n')
    config, notes = load_settings(path)
    assert config.data_dir == tmp_path / "data"
    assert len(notes) == 1 and "game.undo" in notes[0] and notes[0].startswith("Some settings in ")
    assert notes[0].count(str(path)) == 1 and "must be" in notes[0]  # one or two: with why


def test_home_names_many_bad_settings_once_each(tmp_path: Path) -> None:
    """Six bad settings: the file once, each key with its value, and where to read why (X2: the
    file's path before every problem filled Home's five lines after three)."""
    from ui.start import load_settings

    path = write(tmp_path, 'colour = "red"\n[game]\nmission_control = "banana"\nundo = 5\n'
                           'mission_control_seconds = 0\ncoach = "yes please"\n[store]\ndatabase = 42\n')
    (note,) = load_settings(path)[1]
    assert note.count(str(path)) == 1 and "companion doctor" in note
    for shown in ("colour", "game.mission_control", "game.undo = 5", "game.mission_control_seconds = 0",
                  "game.coach", "store.database = 42"):
        assert shown in note, shown
    assert len(note) < 330, note
    assert load_settings(write(tmp_path, ""))[1] == []


# --------------------------------------------------------------------------- unusable paths (issue 14)


def no_such_user() -> str:
    """A user name that has no home directory here, as ``pi`` on a Bookworm image made without it."""
    import pwd

    name = "pi"
    while True:
        try:
            pwd.getpwnam(name)
        except KeyError:
            return name
        name += "x"


@pytest.mark.parametrize("key", ["data_dir", "database"])
def test_a_home_of_a_user_that_does_not_exist_is_a_problem_of_that_setting(tmp_path: Path, key: str) -> None:
    """Issue 14, fault 6: ``~pi/companion`` without a ``pi`` user was a RuntimeError out of the reader."""
    from companion.table.config import read_config

    user = no_such_user()
    path = write(tmp_path, f'[game]\nundo = "honor"\n[store]\n{key} = "~{user}/companion"\n'
                           "[gpio]\nenabled = false\n")
    config, problems = read_config(path)
    assert [p.field for p in problems] == [f"store.{key}"]
    assert f"~{user}" in str(problems[0]) and user in problems[0].problem
    assert config.undo == "honor" and config.section("gpio")["enabled"] is False
    assert config.database is None and config.data_dir == Config().data_dir  # the defaults instead
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.field == f"store.{key}"


def test_a_config_file_named_in_a_home_that_does_not_exist_is_one_problem() -> None:
    from companion.table.config import read_config

    user = no_such_user()
    config, problems = read_config(env={CONFIG_ENV: f"~{user}/config.toml"})
    assert len(problems) == 1 and problems[0].field == "" and user in str(problems[0])
    assert config == Config(data_dir=config.data_dir)
    config, problems = read_config(f"~{user}/config.toml", env={})
    assert len(problems) == 1 and problems[0].field == ""


@pytest.mark.parametrize("key", ["data_dir", "database"])
def test_a_nul_in_a_path_is_refused_naming_the_setting(tmp_path: Path, key: str) -> None:
    """Issue 14, fault 7: a ``\\u0000`` in a path was a ValueError past the store's open."""
    from companion.table.config import read_config

    path = write(tmp_path, f'[game]\nphysical_deck = true\n[store]\n{key} = "{tmp_path}/a\\u0000b"\n')
    config, problems = read_config(path)
    assert [p.field for p in problems] == [f"store.{key}"]
    assert "NUL" in problems[0].problem
    assert config.physical_deck is True and config.database is None and config.data_dir == Config().data_dir
    assert "\x00" not in str(config.database_path)


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes('\ufeff[game]\nundo = "honor"\n'.encode())
    assert load_config(path).undo == "honor"


def test_a_config_file_path_with_a_nul_is_one_problem() -> None:
    from companion.table.config import read_config

    config, problems = read_config("/tmp/a\x00b.toml", env={})
    assert len(problems) == 1 and problems[0].field == "" and "NUL" in problems[0].problem


def test_a_path_longer_than_linux_allows_is_refused_naming_the_setting(tmp_path: Path) -> None:
    """A name over 255 bytes was an OSError (File name too long) out of the store's open and the CLI."""
    from companion.table.config import read_config

    for value in (f"{tmp_path}/{'x' * 256}.sqlite3", "/" + "a/" * 2100):
        config, problems = read_config(write(tmp_path, f'[store]\ndatabase = "{value}"\n'))
        assert [p.field for p in problems] == ["store.database"] and "longer" in problems[0].problem
        assert config.database is None
    assert read_config(write(tmp_path, f'[store]\ndatabase = "{tmp_path}/{"x" * 255}"\n'))[1] == []


def test_a_problem_quotes_a_long_key_value_and_path_cut_short(tmp_path: Path) -> None:
    """A key, a value or a file name of thousands of characters is quoted short in the message (so a
    notice on Home still fits), its start kept and the path's file name too; the error keeps them whole."""
    from companion.errors import SHOWN_KEY, SHOWN_PATH, cut
    from companion.table.config import read_config

    folder = tmp_path / ("p" * 200)
    folder.mkdir()
    file = folder / ("q" * 200 + ".toml")
    cases = {  # the text of the file -> the field at fault
        "[game]\n" + "k" * 3000 + " = 1\n": "game." + "k" * 3000,
        "[" + "t" * 3000 + "]\n": "t" * 3000,
        '[game]\nundo = "' + "x" * 3000 + '"\n': "game.undo",
        '[store]\ndata_dir = "/' + "d" * 3000 + '"\n': "store.data_dir",
        "[game]\nundo = [" + ", ".join(["1"] * 2000) + "]\n": "game.undo",
    }
    for text, field in cases.items():
        file.write_text(text, encoding="utf-8")
        _, problems = read_config(file)
        assert [p.field for p in problems] == [field]
        message = str(problems[0])
        assert len(message) < SHOWN_PATH + SHOWN_KEY + 80 + len(problems[0].problem) + 10, message
        assert message.startswith(str(file)[:40]) and ".toml: " in message  # its start, and its name's end
        assert cut(field, SHOWN_KEY) in message and problems[0].problem in message
        assert problems[0].file == str(file)  # the whole path, for code; the message is for people
    file.write_text("[gmae]\n", encoding="utf-8")
    assert str(read_config(file)[1][0]).startswith(cut(str(file), SHOWN_PATH, middle=True) + ": gmae = {}: ")


def test_cut_keeps_short_text_and_says_where_it_cut() -> None:
    from companion.errors import cut

    assert cut("short", 10) == "short" and cut("x" * 10, 10) == "x" * 10
    assert cut("abcdefghijkl", 10) == "abcdefg..."
    assert cut("/home/pi/" + "d" * 50 + "/config.toml", 30, middle=True) == "/home/pi/ddddd...d/config.toml"
    assert all(len(cut("y" * n, 20, middle=True)) == min(n, 20) for n in range(40))
