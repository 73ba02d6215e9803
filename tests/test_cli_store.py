"""``companion history``, ``stats``, ``export`` and the store in ``companion play`` (companion.cli.store)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from companion.cli.store import difficulty_order, sparkline
from companion.entry import main
from companion.games.catalog import registered
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.session import Session
from companion.games.transmission.stored import KEEPER
from companion.table.store import APPLICATION_ID, SCHEMA_VERSION, Store, migrate
from test_session import RandomChooser
from test_store import lost_game

CONTENT = default_content()


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A store with a lost training game, a lost standard one and an unfinished expert one."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        lost_game(store, 1)
        lost_game(store, 2, "standard")
        store.begin(Session(CONTENT, RandomChooser(3), "expert", "beginner", 3), KEEPER)
    return path


def test_history_and_stats_without_a_store_say_so_and_create_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    assert cli(capsys, "history", "--database", str(path)) == (
        0, f"No games yet: there is no game store at {path}.\n", "")
    assert cli(capsys, "stats", "--database", str(path))[1].startswith("No games yet")
    code, out, _ = cli(capsys, "history", "--json", "--database", str(path))
    assert code == 0 and json.loads(out)["games"] == []
    code, _, err = cli(capsys, "export", "--csv", str(tmp_path / "h.csv"), "--database", str(path))
    assert code == 1 and "Nothing to export" in err
    assert not path.exists()


def test_history_lists_the_games_newest_first(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    code, out, err = cli(capsys, "history", "--database", str(database))
    assert (code, err) == (0, "")
    header, *rows = out.splitlines()
    assert header.split()[:4] == ["#", "date", "(UTC)", "difficulty"]
    assert [row.split()[3:5] for row in rows] == [["expert", "unfinished"], ["standard", "lost"],
                                                  ["training", "lost"]]
    assert header.split()[-1] == "figures" and "game" not in header.split()  # one game: no game column
    assert rows[0].endswith("  transmissions 0, missions 0/4")  # expert deals four missions (pack v3)
    assert rows[1].endswith("  transmissions 7, missions 0/3")
    assert rows[0].split()[6] == "-" and rows[1].split()[6] == "2"  # no seed while unfinished
    assert len(cli(capsys, "history", "--limit", "2", "--database", str(database))[1].splitlines()) == 3
    code, out, _ = cli(capsys, "history", "--json", "--database", str(database))
    games = json.loads(out)["games"]
    assert [g["seed"] for g in games] == [None, 2, 1]  # an unfinished game's seed deals its missions
    assert [g["counted"] for g in games] == [False, True, True]
    assert games[1]["result"] == "lost" and games[1]["transmissions_used"] == 7
    assert games[0]["ended"] is None and games[1]["started"].endswith("+00:00")
    assert games[0]["title"] == "Incoming Transmission" and games[0]["figures"] == {
        "transmissions_used": "transmissions", "missions_completed": "missions",
        "missions_total": "missions dealt", "score": "score"}


def test_stats_per_difficulty(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    code, out, _ = cli(capsys, "stats", "--database", str(database))
    lines = out.splitlines()
    # Incoming Transmission's difficulties under its title; games never played are not listed.
    assert code == 0 and lines[0] == "Incoming Transmission" and lines[1].startswith("difficulty")
    assert [line[:10].strip() for line in lines[2:]] == ["training", "standard", "hard", "expert"]
    assert list(difficulty_order(registered()))[:4] == ["training", "standard", "hard", "expert"]
    assert "players" not in out and "Six Actions" not in out
    assert lines[2].split()[1:4] == ["1", "0", "0%"]
    assert lines[5].split()[1:4] == ["0", "0", "-"]  # the unfinished expert game is not counted yet
    data = json.loads(cli(capsys, "stats", "--json", "--database", str(database))[1])
    training = data["difficulties"][0]
    assert (training["games"], training["wins"], training["streak"], len(training["scores"])) == (1, 0, 0, 1)
    assert (training["game"], training["title"]) == ("transmission", "Incoming Transmission")
    assert {d["game"] for d in data["difficulties"]} == {"transmission"}


def test_export_writes_csv_and_json(capsys: pytest.CaptureFixture[str], database: Path,
                                    tmp_path: Path) -> None:
    target = tmp_path / "history.csv"
    assert cli(capsys, "export", "--csv", str(target), "--database", str(database)) == (
        0, f"3 games written to {target}\n", "")
    with target.open(encoding="utf-8-sig", newline="") as stream:  # for a spreadsheet: a byte order mark
        assert [row["Seed"] for row in csv.DictReader(stream)] == ["1", "2", ""]
    assert cli(capsys, "export", "--csv", str(target), "--machine", "--database", str(database))[0] == 0
    assert target.read_bytes().startswith(b"id,started,")  # the store's own columns, no byte order mark
    assert [row["seed"] for row in csv.DictReader(target.open(encoding="utf-8"))] == ["1", "2", ""]
    target = tmp_path / "history.json"
    assert cli(capsys, "export", "--json", str(target), "--database", str(database))[0] == 0
    assert [g["result"] for g in json.loads(target.read_text())["games"]] == ["lost", "lost", "unfinished"]
    missing = str(tmp_path / "no" / "h.json")
    code, _, err = cli(capsys, "export", "--json", missing, "--database", str(database))
    assert code == 1 and "Cannot write" in err


@pytest.mark.parametrize("kind", ["--csv", "--json"])
def test_export_never_overwrites_the_history_it_exports(capsys: pytest.CaptureFixture[str], database: Path,
                                                        tmp_path: Path, kind: str) -> None:
    """``export --json companion.sqlite3`` replaced the whole history with its JSON (a fresh-eyes test)."""
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    before = {p: p.read_bytes() for p in (database, other)}
    for target, words in ((database, "that is the game history itself"),
                          (database.with_name(database.name + "-wal"), "that is the game history itself"),
                          (other, "it is a database")):
        code, out, err = cli(capsys, "export", kind, str(target), "--database", str(database))
        assert (code, out) == (1, "") and words in err and "Choose another file name" in err
    assert {p: p.read_bytes() for p in before} == before
    code, out, _ = cli(capsys, "history", "--database", str(database))
    assert code == 0 and out.count("\n") >= 3


def _newer(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer companion marks its file too
    conn.commit()
    conn.close()


@pytest.mark.parametrize("command", [["history"], ["stats", "--json"], ["export", "--csv", "out.csv"]])
@pytest.mark.parametrize("damage, why", [("garbage", "is damaged"), ("newer", "newer version")])
def test_reading_commands_leave_a_bad_store_untouched(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, command: list[str],
                                                      damage: str, why: str) -> None:
    # A read-only command must not rename the table's history aside: the app does that on its next
    # start, with its notice on the screen.
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "companion.sqlite3"
    if damage == "garbage":
        path.write_bytes(b"\x00garbage" * 1000)
    else:
        _newer(path)
    before = path.read_bytes()
    code, out, err = cli(capsys, *command, "--database", str(path))
    assert (code, out) == (1, "")
    assert f"The game history {path} " in err and why in err
    assert "the app will keep it aside and start a fresh one on its next start" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]
    assert path.read_bytes() == before


def test_reading_commands_do_not_migrate_an_older_store(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    database = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(database, isolation_level=None)
    assert migrate(conn, target=1) == 0  # a store written before the last migration
    conn.execute("INSERT INTO games (started, content_id, content_digest, difficulty, layout, seed, "
                 "missions_total) VALUES ('2026-01-02T03:04:05+00:00', ?, ?, 'standard', 'standard', 4, 3)",
                 (CONTENT.id, CONTENT.digest))
    conn.close()
    before = database.read_bytes()
    code, out, err = cli(capsys, "history", "--database", str(database))
    assert (code, err) == (0, "") and out.splitlines()[1].split()[3:5] == ["standard", "unfinished"]
    assert database.read_bytes() == before
    with Store.open(database) as store:  # the app brings it up to date
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_play_still_sets_a_damaged_store_aside_with_a_notice(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"\x00garbage" * 1000)
    with Store.open(path) as store:
        assert store.notice and "could not be read" in store.notice and ".corrupt-" in store.notice


def test_the_config_names_the_database(capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\ndatabase = "{database}"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    assert len(cli(capsys, "history")[1].splitlines()) == 4
    config.write_text('[store]\ndatabse = "x"\n', encoding="utf-8")
    code, _, err = cli(capsys, "history")
    assert code == 1 and "store.databse" in err and "unknown setting" in err


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str,
          *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return cli(capsys, "play", *argv)


def test_play_saves_the_game_and_offers_to_resume_it(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "companion.sqlite3")
    code, first, _ = _play(capsys, monkeypatch, "\nboard\nquit\n", "--seed", "3", "--database", path)
    assert code == 0 and "You left the game." in first and "(seed 3)" not in first
    board = first[first.rindex("Transmission card 1 of 7"):first.rindex("Order for registers")]
    code, again, _ = _play(capsys, monkeypatch, "\nquit\n", "--database", path)
    assert code == 0 and "An unfinished game is saved: Standard, started" in again
    assert "seed 3" not in again.split("You left")[0]  # the seed deals the unfinished game's missions
    assert "Resuming where the game stopped." in again and board in again  # the same decode, same hand
    code, fresh, _ = _play(capsys, monkeypatch, "n\n\nquit\n", "--seed", "4", "--database", path)
    assert code == 0 and "seed 4" in fresh
    with Store.open(path) as store:
        assert [(g.seed, g.result) for g in store.games()] == [(4, "unfinished"), (3, "abandoned")]


def test_only_a_clear_no_gives_a_saved_game_up(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``quit`` or a typo at "Resume it?" must not abandon the saved game (it counts as a loss)."""
    path = str(tmp_path / "companion.sqlite3")
    _play(capsys, monkeypatch, "\nquit\n", "--seed", "11", "--database", path)
    for answer in ("quit\n", "q\n", ""):  # "" is the end of input
        code, out, _ = _play(capsys, monkeypatch, answer, "--database", path)
        assert code == 0 and "the game stays saved" in out
    code, out, _ = _play(capsys, monkeypatch, "nope\ny\nquit\n", "--database", path)
    assert code == 0 and "Please answer y (resume), n (new game" in out
    assert "Resuming where the game stopped." in out
    with Store.open(path) as store:
        assert [(g.seed, g.result) for g in store.games()] == [(11, "unfinished")]


def test_play_without_the_store(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "companion.sqlite3"
    code, out, _ = _play(capsys, monkeypatch, "\nquit\n", "--no-store", "--database", str(path))
    assert code == 0 and "You left the game" in out and not path.exists()
    code, out, err = _play(capsys, monkeypatch, "\nquit\n", "--database", str(tmp_path))  # a folder
    assert code == 0 and "This game will not be saved." in err and "You left the game" in out


@pytest.mark.parametrize("game", ["transmission", "six-actions", "five-actions"])
def test_play_refuses_a_database_in_a_folder_that_does_not_exist(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        game: str) -> None:
    """A mistyped ``--database`` creates no folders (and no history nobody finds): exit 2, naming it."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    for folder, what in ((tmp_path / "nonexist" / "dir", "does not exist"), (blocker, "is not a folder")):
        before = sorted(tmp_path.rglob("*"))
        code, out, err = _play(capsys, monkeypatch, "\nquit\n", "--game", game, "--database",
                               str(folder / "x.db"))
        assert (code, out) == (2, "")
        assert err == (f"companion play: --database {folder / 'x.db'}: the folder {folder} {what} (the "
                       f"game store is kept in a folder that exists: create it first, or give a file in "
                       f"another)\n")
        assert sorted(tmp_path.rglob("*")) == before and blocker.read_text() == ""


def test_sparkline() -> None:
    assert sparkline([]) == "" and sparkline([5, 5]) == "▁▁"
    assert sparkline([0, 50, 100]) == "▁▄█"
    assert len(sparkline(list(range(100)))) == 30


@pytest.mark.parametrize("command", [["history"], ["stats"], ["export", "--csv", "out.csv"]])
def test_a_bad_value_in_the_store_is_a_sentence_not_an_internal_error(
        capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        command: list[str]) -> None:
    # issue 14, 12: a value changed outside the companion said in the table's words, exit 1
    monkeypatch.chdir(tmp_path)
    conn = sqlite3.connect(database)
    conn.execute("UPDATE games SET started = 'yesterday', score = 'lots' WHERE id = 1")
    conn.commit()
    conn.close()
    code, out, err = cli(capsys, *command, "--database", str(database))
    assert (code, out) == (1, "")
    assert "holds a value that cannot be read for game 1" in err and "internal error" not in err
    assert "Invalid isoformat" not in err and "invalid literal" not in err


def test_debrief_prints_the_last_finished_game_and_refuses_an_unfinished_one(
        capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path) -> None:
    code, out, err = cli(capsys, "debrief", "--database", str(database))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Game 2, ")
    assert "Standard, seed 2, the companion as Mission Control" in lines[1]
    assert "Transmission 1 of " in out and "Intended:" in out and "Executed:" in out
    assert "Board before" in out and "Board after" in out
    code, out, _ = cli(capsys, "debrief", "1", "--database", str(database))
    assert code == 0 and "Training, seed 1" in out
    code, out, err = cli(capsys, "debrief", "3", "--database", str(database))
    assert (code, out) == (1, "") and "Game 3 is not over yet" in err and "Transmission" not in err
    code, _, err = cli(capsys, "debrief", "9", "--database", str(database))
    assert code == 2 and "There is no game 9" in err  # bad input (issue 24, item 15)
    code, out, _ = cli(capsys, "debrief", "1", "--json", "--database", str(database))
    data = json.loads(out)
    assert code == 0 and data["game"] == 1 and data["seed"] == 1 and data["mission_control"] == "companion"
    assert data["transmissions"] and data["transmissions"][0]["before"]["rows"]
    empty = tmp_path / "none.sqlite3"
    code, _, err = cli(capsys, "debrief", "--database", str(empty))
    assert code == 1 and "No games yet" in err and not empty.exists()


def test_debrief_of_a_game_left_before_its_end_is_refused(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        first = store.begin(Session(CONTENT, RandomChooser(3), "expert", "beginner", 3), KEEPER)
        store.abandon(first)
    code, _, err = cli(capsys, "debrief", "--database", str(path))
    assert code == 1 and "No game has been played to its end yet" in err
    code, _, err = cli(capsys, "debrief", str(first), "--database", str(path))
    assert code == 1 and "left before its end" in err
