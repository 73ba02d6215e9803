"""A store written by main at 3b247fa (schema 2) after the migration to schema 3 (the game's name).

``tests/data/store-3b247fa.sqlite3`` was made by that program (``tests/data/make_store_3b247fa.py``
says how); ``store-3b247fa.expected.json`` holds what that program answered on it (``companion
history``, ``stats``, ``export``) and the record and table state of its unfinished game.  Today's
store must give the same answers, resume the unfinished game exactly, and keep the file whole when
a migration step fails.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.entry import main
from companion.games.transmission.content import loader
from companion.games.transmission.content.loader import (
    content_to_resume,
    default_content,
    load_content,
    shipped_pack,
)
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Step
from companion.games.transmission.stored import KEEPER
from companion.table import store_db
from companion.table.store import SCHEMA_VERSION, Store, StoreError
from test_session import arrange

DATA = Path(__file__).parent / "data"
OLD = DATA / "store-3b247fa.sqlite3"
#: What the version that made the fixture said (3b247fa), as it is read today: see :func:`as_today`.
MADE_THEN: dict[str, Any] = json.loads((DATA / "store-3b247fa.expected.json").read_text(encoding="utf-8"))


def as_today(then: dict[str, Any]) -> dict[str, Any]:
    """The old answers with the deliberate changes since (issue 10), each said here, nothing else:

    - an unfinished game's seed is left out (``-`` in ``history``, ``null`` in JSON, empty in CSV):
      with the content pack it deals the secret missions;
    - ``history --json`` says whether each game is ``counted`` in the figures;
    - ``stats`` counts the games abandoned before their first transmission (``abandoned``, a column);
    - ``stats`` is per game, under its title, and lists only the games played;
    - ``history`` says each game's figures in its words, in a last column (``figures`` in JSON);
    - each row names its game and who was Mission Control (``game``, ``mission_control``).
    """
    now = json.loads(json.dumps(then))
    unfinished = [g for g in now["history_json"] if g["result"] == "unfinished"]
    for g in unfinished:
        g["seed"] = None
        for e in now["export_json"]:
            if e["id"] == g["id"]:
                e["seed"] = None
        csv_lines = now["export_csv"].splitlines(keepends=True)
        now["export_csv"] = "".join(
            line.replace(f",{then_seed(then, g['id'])},unfinished,", ",,unfinished,") for line in csv_lines)
    # History's figures are said in the game's words, in a last column (helper H: three games).
    history = [f"{'#':>4}  {'date (UTC)':16}  {'difficulty':10}  {'result':10}  {'score':>5}  {'seed':>9}  "
               f"{'duration':>8}  {'undos':>5}  figures\n"]
    for line in now["history"].splitlines()[1:]:
        gid, day, clock, difficulty, result, drawn, missions, score, seed, duration, undos = line.split()
        if result == "unfinished":
            seed = "-"
        history.append(f"{gid:>4}  {day} {clock}  {difficulty:10}  {result:10}  {score:>5}  {seed:>9}  "
                       f"{duration:>8}  {undos:>5}  transmissions {drawn}, missions {missions}\n")
    now["history"] = "".join(history)
    for g in now["history_json"]:
        g["title"] = "Incoming Transmission"
        g["figures"] = {"transmissions_used": "transmissions", "missions_completed": "missions",
                        "missions_total": "missions dealt", "score": "score"}
    # Each row names its game and who was Mission Control (every old game: the companion's).
    for g in now["history_json"] + now["export_json"]:
        g["game"], g["mission_control"] = "transmission", "companion"
    csv_lines = now["export_csv"].splitlines(keepends=True)
    now["export_csv"] = "".join([csv_lines[0].replace("\n", ",game,mission_control\n")]
                                + [line.replace("\n", ",transmission,companion\n") for line in csv_lines[1:]])
    for g in now["history_json"]:
        g["counted"] = g["result"] in ("won", "lost")  # the fixture has no abandoned game
    # Exports say who won a game played against each other (none of Incoming Transmission's).
    for g in now["export_json"]:
        g["winners"], g["winning_total"] = [], None
    csv_lines = now["export_csv"].splitlines(keepends=True)
    now["export_csv"] = "".join([csv_lines[0].replace("\n", ",winners,winning_total\n")]
                                + [line.replace("\n", ",,\n") for line in csv_lines[1:]])
    stats = now["stats"].splitlines(keepends=True)
    stats[0] = stats[0].replace("best streak  ", "best streak  abandoned  ")
    width = len("training        3     2       67%         287       1            1")  # up to best streak
    for k in range(1, len(stats)):
        if stats[k].strip():
            stats[k] = stats[k][:width] + f"  {0:>9}" + stats[k][width:]
    # Stats are per game, under its title; the other games on the box, never played, are not listed.
    now["stats"] = "Incoming Transmission\n" + "".join(stats)
    for d in now["stats_json"]:
        d["abandoned"] = 0
        d["game"], d["title"] = "transmission", "Incoming Transmission"
    return now


def then_seed(then: dict[str, Any], game_id: int) -> int:
    return int(next(g["seed"] for g in then["history_json"] if g["id"] == game_id))


EXPECTED = as_today(MADE_THEN)
# The unfinished game was played with version 1 of the default pack, which ships beside version 2
# (default-v1.toml, the same bytes): a saved game resumes only with the revision it was played with.
CONTENT = load_content(Path(loader.__file__).with_name("default-v1.toml"))


@pytest.fixture
def old_store(tmp_path: Path) -> Path:
    path = tmp_path / "companion.sqlite3"
    shutil.copyfile(OLD, path)
    return path


def version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def answers(capsys: pytest.CaptureFixture[str], path: Path, tmp_path: Path) -> dict[str, Any]:
    """What ``companion history``, ``stats`` and ``export`` say about the store at ``path``."""
    database = ("--database", str(path))
    # the store's own columns (--machine): what 3b247fa wrote; a person's CSV follows the language
    cli(capsys, "export", *database, "--csv", str(tmp_path / "out.csv"), "--machine")
    cli(capsys, "export", *database, "--json", str(tmp_path / "out.json"))
    return {
        "history": cli(capsys, "history", *database),
        "stats": cli(capsys, "stats", *database),
        "history_json": json.loads(cli(capsys, "history", "--json", *database))["games"],
        "stats_json": json.loads(cli(capsys, "stats", "--json", *database))["difficulties"],
        "export_csv": (tmp_path / "out.csv").read_text(encoding="utf-8"),
        "export_json": json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["games"],
    }


def test_the_fixture_is_a_schema_2_store_of_five_games() -> None:
    assert version(OLD) == 2 < SCHEMA_VERSION == 3
    assert MADE_THEN["history"].count("\n") == 6 == EXPECTED["history"].count("\n")  # header, five games


def test_reading_commands_give_the_old_answers_without_changing_the_file(
        old_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = old_store.read_bytes()
    got = answers(capsys, old_store, tmp_path)
    for key, value in got.items():
        assert value == EXPECTED[key], key
    assert old_store.read_bytes() == before and version(old_store) == 2  # migrated in memory only


def test_the_migrated_file_names_each_game_and_gives_the_old_answers(
        old_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(old_store) as store:
        assert store.notice is None
        saved = [store.saved_game(game.id) for game in store.games()]
    assert version(old_store) == SCHEMA_VERSION
    assert [(s.game, s.record["format"]) for s in saved if s is not None] == [("transmission", 1)] * 5
    got = answers(capsys, old_store, tmp_path)
    for key, value in got.items():
        assert value == EXPECTED[key], key


def test_the_unfinished_game_resumes_exactly_mid_decode(old_store: Path) -> None:
    with Store.open(old_store) as store:
        saved = store.unfinished()
        assert saved is not None and saved.game == "transmission"
        assert dict(saved.record) == EXPECTED["record"]
        session = store.resume(saved, KEEPER, CONTENT, Planner())
        assert session.step is Step(EXPECTED["step"]) == Step.DECODE
        assert list(session.arrangement) == EXPECTED["arrangement"] == ["N1", None, "DEPLOY", None, None]
        assert session.record() == EXPECTED["record"]
        assert session.table_state() == EXPECTED["table"]
        assert session.undo_mode == "honor"
        # The resumed game goes on and is saved as before: finish the decode the old program left.
        state = session.game.state
        left_out = [c for c in state.hand if c not in state.intended][: state.leave_out]
        arrange(session, state.intended, left_out)
        assert session.execute(), session.message
        played = session.record()["actions"]
    with Store.open(old_store) as store:
        again = store.saved_game(saved.id)
        assert again is not None and list(again.record["actions"]) == played
        assert len(played) > len(EXPECTED["record"]["actions"])


def test_the_unfinished_game_is_refused_by_a_newer_pack_in_plain_words_and_kept(old_store: Path) -> None:
    current = default_content()
    assert (CONTENT.id, CONTENT.digest) == ("incoming-transmission@1", "38706e2fdd7b") != (current.id,
                                                                                           current.digest)
    with Store.open(old_store) as store:
        saved = store.unfinished()
        assert saved is not None
        with pytest.raises(StoreError, match="incoming-transmission@1.*load that pack to resume it.*kept"):
            store.resume(saved, KEEPER, current, Planner())
    with Store.open(old_store) as store:
        again = store.unfinished()
        assert again is not None and again.id == saved.id and dict(again.record) == EXPECTED["record"]


def test_the_table_resumes_an_old_game_with_the_shipped_revision_it_was_played_with(old_store: Path) -> None:
    """An update that changed the default pack does not strand the game in progress: the app and
    ``companion play`` resume it with the shipped revision it was played with (default-v1.toml)."""
    current = default_content()
    with Store.open(old_store) as store:
        saved = store.unfinished()
        assert saved is not None
        pack = content_to_resume(saved.content_id, saved.content_digest, current)
        assert (pack.id, pack.digest) == (CONTENT.id, CONTENT.digest)
        session = store.resume(saved, KEEPER, pack, Planner())
        assert list(session.record()["actions"]) == list(EXPECTED["record"]["actions"])
    assert content_to_resume(current.id, current.digest, current) is current
    assert shipped_pack("incoming-transmission@0", "000000000000") is None
    assert content_to_resume("someone-else@3", "abc", current) is current  # the store refuses it in words


def test_a_migration_that_fails_midway_leaves_the_file_as_it_was(
        old_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_v3 = store_db.MIGRATIONS[2]

    def failing_v3(conn: sqlite3.Connection) -> None:
        real_v3(conn)  # both columns added ...
        conn.execute("ALTER TABLE no_such_table ADD COLUMN x")  # ... then a step fails

    monkeypatch.setattr(store_db, "MIGRATIONS", (*store_db.MIGRATIONS[:2], failing_v3))
    before = sqlite3.connect(old_store).execute("SELECT * FROM games ORDER BY id").fetchall()
    with pytest.raises(StoreError, match="could not be brought up to date .*the file is left as it is"):
        Store.open(old_store)
    assert version(old_store) == 2
    conn = sqlite3.connect(old_store)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    assert "game" not in columns and "record_format" not in columns
    assert conn.execute("SELECT * FROM games ORDER BY id").fetchall() == before
    assert conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] > 0
    conn.close()
    assert sorted(p.name for p in old_store.parent.iterdir() if ".corrupt" in p.name) == []  # not set aside
    monkeypatch.undo()
    with Store.open(old_store) as store:  # the next start migrates it
        assert store.notice is None and len(store.games()) == 5
    assert version(old_store) == SCHEMA_VERSION


def test_companion_play_resumes_an_old_game_with_the_revision_it_was_played_with(
        old_store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``companion play`` after the update: 'y' resumes the version-1 game instead of refusing it."""
    # Through stdin: play's prompts bind the builtin input when its module is first imported.
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nq\nq\nq\n"))
    monkeypatch.setenv("COMPANION_CONFIG", str(old_store.parent / "none.toml"))
    code = main(["play", "--database", str(old_store)])
    out = capsys.readouterr()
    assert "Resuming where the game stopped." in out.out, out.out + out.err
    assert "load that pack" not in out.err
    assert code == 0
