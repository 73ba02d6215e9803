"""The game store (companion.table.store): schema and migrations, WAL, every intent committed, bad files set
aside, history, stats, streaks and exports."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES
from companion.games.transmission.engine.record import replay
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Session, Step
from companion.games.transmission.stored import KEEPER
from companion.table.store import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    GameSummary,
    Store,
    StoreError,
    describe_saved,
    migrate,
)
from test_session import RandomChooser, arrange, fill, to_decode

CONTENT = default_content()


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data" / "companion.sqlite3") as opened:
        yield opened


def second(store: Store) -> sqlite3.Connection:
    """Another connection to the store's file: it sees only what was committed."""
    return sqlite3.connect(store.path)


def play_out(session: Session, intended: bool = True) -> None:
    """Play to the End screen: the Cadet executes Mission Control's order (or any legal fill)."""
    while not session.over:
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            state = session.game.state
            if intended:
                arrange(session, state.intended,
                        [c for c in state.hand if c not in state.intended][: state.leave_out])
            else:
                fill(session)
            if not session.execute():
                arrange(session, state.intended, session.left_out)
                assert session.execute()
        else:
            assert session.confirm()


def won_game(store: Store, planner: Planner, seed: int) -> Session:
    session = Session(CONTENT, planner, "training", "beginner", seed)
    store.begin(session, KEEPER)
    play_out(session)
    outcome = session.game.outcome()
    assert outcome is not None and outcome.victory
    return session


def lost_game(store: Store, seed: int, difficulty: str = "training") -> Session:
    session = Session(CONTENT, RandomChooser(seed), difficulty, "standard", seed)
    store.begin(session, KEEPER)
    play_out(session, intended=False)
    outcome = session.game.outcome()
    assert outcome is not None and not outcome.victory
    return session


# --------------------------------------------------------------------------- schema


def test_a_new_store_has_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "companion.sqlite3"
    with Store.open(path) as store:
        assert store.notice is None and store.path == path
        conn = store._conn
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    other = sqlite3.connect(path)
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert other.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATIONS)
    tables = {row[0] for row in other.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "actions", "table_state"} <= tables


def test_foreign_keys_hold_actions_to_their_game(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        store._conn.execute("INSERT INTO actions (game_id, seq, action) VALUES (99, 0, '{}')")


def test_an_empty_file_is_version_0_and_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    path.touch()
    with Store.open(path) as store:
        assert store.notice is None
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert store.games() == []


def test_a_version_1_store_is_migrated_and_its_games_resume(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    session = Session(CONTENT, RandomChooser(4), "standard", "standard", 4)
    to_decode(session)
    record = session.record()
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 0
    conn.execute("INSERT INTO games (started, content_id, content_digest, difficulty, layout, seed, "
                 "missions_total) VALUES ('2026-01-02T03:04:05+00:00', ?, ?, 'standard', 'standard', 4, 3)",
                 (CONTENT.id, CONTENT.digest))
    for seq, action in enumerate(record["actions"]):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?)", (seq, json.dumps(action)))
    conn.close()
    with Store.open(path) as store:
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        [game] = store.games()
        assert (game.seed, game.result, game.undos, game.duration_s) == (4, "unfinished", 0, None)
        saved = store.unfinished()
        assert saved is not None and saved.table is None  # version 1 kept no table state
        resumed = store.resume(saved, KEEPER, CONTENT, RandomChooser(4))
    assert resumed.game.state == session.game.state
    assert resumed.step is Step.DECODE and resumed.arrangement == list(session.game.state.registers)


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=1)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("companion.table.store_db.MIGRATIONS", (MIGRATIONS[0], broken))
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, target=2)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchone() is None


# --------------------------------------------------------------------------- committed as it happens


def test_each_intent_is_committed_before_it_returns(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(2), "standard", "standard", 2, undo="honor")
    game_id = store.begin(session, KEEPER)
    other = second(store)

    def committed() -> tuple[int, dict[str, object]]:
        count = other.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
        state = other.execute("SELECT state FROM table_state WHERE game_id = ?", (game_id,)).fetchone()[0]
        return count, json.loads(state)

    assert committed() == (2, session.table_state())  # layout and missions
    intents = [session.confirm, session.choose_now, session.confirm]
    for intent in intents:
        intent()
        assert committed() == (len(session.game.actions), session.table_state())
    card = session.unplaced()[0]
    free = session.arrangement.index(None) + 1
    assert session.place(card, free)
    assert committed()[1]["arrangement"][free - 1] == card  # a placement is table state, committed too
    state = session.game.state
    arrange(session, state.intended, [c for c in state.hand if c not in state.intended])
    assert session.execute()
    assert committed() == (len(session.game.actions), session.table_state())
    assert session.undo()
    count, table = committed()
    assert count == len(session.game.actions) and table["step"] == "decode"
    assert other.execute("SELECT undos FROM games WHERE id = ?", (game_id,)).fetchone()[0] == 1


def test_two_connections_see_the_same_history(store: Store, planner: Planner) -> None:
    session = won_game(store, planner, 1)
    with Store.open(store.path) as again:
        assert again.games() == store.games()
        [game] = again.games()
        assert game.result == "won" and game.score == session.game.outcome().score  # type: ignore[union-attr]


# --------------------------------------------------------------------------- bad files


def _corrupt(path: Path) -> bytes:
    data = bytearray(path.read_bytes())
    for page in range(1, len(data) // 4096):
        data[page * 4096: page * 4096 + 16] = b"\xff" * 16
    path.write_bytes(bytes(data))
    return bytes(data)


def _aside(path: Path, kind: str) -> Path:
    [aside] = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.{kind}-")
               and not p.name.endswith(("-wal", "-shm"))]
    return aside


def test_a_damaged_file_is_kept_aside_and_a_fresh_store_started(tmp_path: Path, planner: Planner) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        won_game(store, planner, 2)
        lost_game(store, 3)
    damaged = _corrupt(path)
    with Store.open(path) as store:
        aside = _aside(path, "corrupt")
        assert store.notice is not None
        assert "damaged" in store.notice and str(aside) in store.notice
        assert "new, empty history" in store.notice
        assert store.games() == []
    assert aside.read_bytes() == damaged  # kept as it was found


def test_a_file_that_is_not_sqlite_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    path.write_text("these are my notes, not a database\n" * 200)
    with Store.open(path) as store:
        aside = _aside(path, "corrupt")
        assert store.notice is not None and str(aside) in store.notice
        assert store.games() == [] and store.unfinished() is None
    assert aside.read_text().startswith("these are my notes")


def test_another_programs_database_is_left_as_it_is(tmp_path: Path) -> None:
    # issue 14: a config typo may point at another program's database; it is neither changed nor moved
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (name TEXT)")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="is not a companion game history.*left as it is"):
        Store.open(path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["companion.sqlite3"]


def test_a_store_of_ours_that_lacks_a_table_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    Store.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE table_state")
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        assert store.notice is not None and "table_state lacks" in store.notice
        assert _aside(path, "corrupt").exists()


def test_a_newer_schema_is_kept_aside_for_the_newer_program(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer companion marks its file too
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        aside = _aside(path, "newer")
        assert store.notice is not None
        assert "newer version" in store.notice and f"schema {SCHEMA_VERSION + 5}" in store.notice
        assert str(aside) in store.notice
        assert store.games() == []
    old = sqlite3.connect(aside)
    assert old.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 5
    assert old.execute("SELECT name FROM sqlite_master").fetchone()[0] == "future"


def test_a_folder_that_cannot_be_made_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    with pytest.raises(StoreError, match=r"Cannot create the folder .*not-a-folder.*\[store\] database"):
        Store.open(blocker / "companion.sqlite3")


def test_an_unwritable_folder_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:  # root writes anywhere (CI runs as root): the OS's answer is simulated
        import companion.table.store_db

        real = os.access
        monkeypatch.setattr(companion.table.store_db.os, "access",
                            lambda path, mode: False if Path(path) == folder else real(path, mode))
    try:
        with pytest.raises(StoreError, match="is not writable"):
            Store.open(folder / "companion.sqlite3")
    finally:
        folder.chmod(0o700)


def test_a_folder_in_place_of_the_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "companion.sqlite3").mkdir()
    with pytest.raises(StoreError, match="is not a file"):
        Store.open(tmp_path / "companion.sqlite3")


# --------------------------------------------------------------------------- resume


def test_the_unfinished_game_resumes_mid_decode(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(6), "hard", "standard", 6, undo="honor")
    store.begin(session, KEEPER)
    to_decode(session)
    card = session.unplaced()[-1]
    register = session.arrangement.index(None) + 1
    assert session.place(card, register)
    saved = store.unfinished()
    assert saved is not None
    assert describe_saved(saved).startswith("Hard, started ")  # no seed: it deals the secret missions
    assert "seed" not in describe_saved(saved)
    resumed = store.resume(saved, KEEPER, CONTENT, RandomChooser(6))
    assert resumed.step is Step.DECODE and resumed.arrangement[register - 1] == card
    assert resumed.table_state() == session.table_state() and resumed.undo_mode == "honor"
    assert resumed.game.state == session.game.state


def test_a_game_from_another_pack_is_not_resumed_and_is_kept(store: Store) -> None:
    from dataclasses import replace

    session = Session(CONTENT, RandomChooser(1), seed=1)
    game_id = store.begin(session, KEEPER)
    saved = store.unfinished()
    assert saved is not None
    edited = replace(CONTENT, digest="0123456789ab")
    with pytest.raises(StoreError, match="content pack .* load that pack to resume it. The game is kept"):
        store.resume(saved, KEEPER, edited, RandomChooser(1))
    again = store.unfinished()
    assert again is not None and again.id == game_id


def test_a_record_that_does_not_replay_is_a_clear_error(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(1), seed=1)
    game_id = store.begin(session, KEEPER)
    store._conn.execute("UPDATE actions SET action = '{\"kind\": \"reveal\", \"card\": \"T99\"}' "
                        "WHERE game_id = ? AND seq = 1", (game_id,))
    saved = store.unfinished()
    assert saved is not None
    with pytest.raises(StoreError, match=f"game {game_id} cannot be resumed: action 1"):
        store.resume(saved, KEEPER, CONTENT, RandomChooser(1))


def test_a_new_game_abandons_the_unfinished_one(store: Store) -> None:
    first = store.begin(Session(CONTENT, RandomChooser(1), seed=1), KEEPER)
    second_id = store.begin(Session(CONTENT, RandomChooser(2), seed=2), KEEPER)
    results = {g.id: g.result for g in store.games()}
    assert results == {first: "abandoned", second_id: "unfinished"}
    store.abandon(second_id)
    assert store.unfinished() is None
    abandoned = store.games()[0]
    assert abandoned.ended is not None and abandoned.duration_s is not None


def test_attaching_twice_is_harmless(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(1), seed=1)
    game_id = store.begin(session, KEEPER)
    assert store.attach(session, KEEPER, game_id) == game_id and store.attach(session, KEEPER) == game_id
    session.confirm()
    assert second(store).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


# --------------------------------------------------------------------------- history and stats


def test_history_lists_every_game_newest_first(store: Store, planner: Planner) -> None:
    won = won_game(store, planner, 3)
    lost = lost_game(store, 4, "standard")
    current = Session(CONTENT, RandomChooser(5), "expert", "beginner", 5)
    store.begin(current, KEEPER)
    games = store.games()
    assert [g.seed for g in games] == [5, 4, 3] and store.games(limit=2) == games[:2]
    unfinished, lost_row, won_row = games
    assert isinstance(won_row, GameSummary)
    outcome = won.game.outcome()
    assert outcome is not None
    assert (won_row.difficulty, won_row.layout, won_row.result, won_row.score) == (
        "training", "beginner", "won", outcome.score)
    assert won_row.transmissions_used == outcome.transmissions_used
    assert won_row.missions_completed == won_row.missions_total == len(outcome.missions)
    assert won_row.started.tzinfo is not None
    assert won_row.ended is not None and won_row.ended >= won_row.started
    assert won_row.duration_s is not None and won_row.duration_s > 0
    lost_outcome = lost.game.outcome()
    assert lost_outcome is not None
    assert (lost_row.result, lost_row.score, lost_row.transmissions_used) == (
        "lost", lost_outcome.score, lost_outcome.transmissions_used)
    assert (unfinished.result, unfinished.ended, unfinished.duration_s) == ("unfinished", None, None)
    assert unfinished.difficulty == "expert" and unfinished.missions_total == 4


def _set_results(store: Store, results: str) -> None:
    """Give the games, oldest first, these results (W won, L lost, A abandoned before the first
    transmission, G given up, abandoned after two) and scores 10, 20, ..."""
    names = {"W": "won", "L": "lost", "A": "abandoned", "G": "abandoned"}
    ids = [g.id for g in reversed(store.games())]
    for n, (game_id, code) in enumerate(zip(ids, results), start=1):
        store._conn.execute("UPDATE games SET result = ?, score = ?, ended = started, transmissions_used = ? "
                            "WHERE id = ?", (names[code], 10 * n, 0 if code == "A" else 2, game_id))


def test_stats_count_wins_rates_and_streaks_per_difficulty(store: Store) -> None:
    for seed in range(8):
        difficulty = "hard" if seed < 7 else "expert"
        store.begin(Session(CONTENT, RandomChooser(seed), difficulty, seed=seed), KEEPER)
    _set_results(store, "WWLWGWWL")  # seven hard games, then an expert one
    stats = {s.difficulty: s for s in store.stats(DIFFICULTY_NAMES)}
    assert list(stats) == ["training", "standard", "hard", "expert"]
    hard = stats["hard"]
    assert (hard.games, hard.wins, hard.streak, hard.best_streak) == (7, 5, 2, 2)  # G: given up, not won
    assert hard.win_rate == pytest.approx(5 / 7)
    assert hard.scores == (10, 20, 30, 40, 50, 60, 70) and hard.best_score == 70 and hard.abandoned == 0
    expert = stats["expert"]
    assert (expert.games, expert.wins, expert.win_rate, expert.streak, expert.scores) == (1, 0, 0.0, 0, (80,))
    assert stats["training"].games == 0 and stats["training"].win_rate == 0.0


def test_a_game_left_before_its_first_transmission_is_outside_the_win_rate_and_the_streak(
        store: Store) -> None:
    for seed in range(5):
        store.begin(Session(CONTENT, RandomChooser(seed), "hard", seed=seed), KEEPER)
    _set_results(store, "WWAWG")
    hard = store.stats(DIFFICULTY_NAMES)[2]
    assert (hard.games, hard.wins, hard.streak, hard.best_streak, hard.abandoned) == (4, 3, 0, 3, 1)
    assert hard.scores == (10, 20, 40, 50)  # the abandoned game's 30 is not a game played
    assert [g.shown_result for g in store.games()] == ["left", "won", "abandoned", "won", "won"]
    assert [g.counted for g in store.games()] == [True, True, False, True, True]
    # A real one: Start new on the resume offer before the first Transmission card is drawn.
    session = Session(CONTENT, RandomChooser(9), "hard", seed=9)
    first = store.begin(session, KEEPER)
    store.abandon(first)
    assert store.games()[0].shown_result == "abandoned"
    assert store.stats(DIFFICULTY_NAMES)[2].abandoned == 2


def test_an_unfinished_game_is_not_counted_yet(store: Store, planner: Planner) -> None:
    won = won_game(store, planner, 4)
    store.begin(Session(CONTENT, RandomChooser(1), "training", seed=1), KEEPER)
    training = store.stats(DIFFICULTY_NAMES)[0]
    outcome = won.game.outcome()
    assert outcome is not None
    assert (training.games, training.wins, training.streak, training.scores) == (1, 1, 1, (outcome.score,))


def test_undos_are_counted_in_the_history(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(8), seed=8, undo="honor")
    store.begin(session, KEEPER)
    to_decode(session)
    arrange(session, session.game.state.intended)
    assert session.execute()
    assert session.undo() and session.execute()
    assert session.undo()
    assert store.games()[0].undos == 2


# --------------------------------------------------------------------------- export


def test_export_csv_and_json(store: Store, planner: Planner, tmp_path: Path) -> None:
    won = won_game(store, planner, 5)
    lost_game(store, 6)
    store.begin(Session(CONTENT, RandomChooser(7), seed=7), KEEPER)
    csv_path, json_path = tmp_path / "out" / "history.csv", tmp_path / "history.json"
    csv_path.parent.mkdir()
    assert store.export_csv(csv_path) == 3
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    assert list(rows[0]) == list(GameSummary.__dataclass_fields__)
    assert [r["seed"] for r in rows] == ["5", "6", ""]  # oldest first; none while unfinished
    outcome = won.game.outcome()
    assert outcome is not None
    assert (rows[0]["result"], rows[0]["score"], rows[2]["result"], rows[2]["ended"]) == (
        "won", str(outcome.score), "unfinished", "")
    assert store.export_json(json_path) == 3
    document = json.loads(json_path.read_text(encoding="utf-8"))
    first = document["games"][0]
    assert first["result"] == "won" and first["content"] == CONTENT.id
    record = {"format": 1, "content": first["content"], "digest": first["digest"], "seed": first["seed"],
              "difficulty": first["difficulty"], "layout": first["layout"], "actions": first["actions"]}
    assert replay(record, CONTENT).state == won.game.state  # the export replays
    unfinished = document["games"][2]
    assert unfinished["result"] == "unfinished" and unfinished["actions"] is None  # its missions stay secret
    assert unfinished["seed"] is None  # the seed would deal them too


def test_an_export_to_an_unwritable_place_is_a_clear_error(store: Store, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="Cannot write"):
        store.export_csv(tmp_path / "missing-folder" / "history.csv")
    assert not list(tmp_path.glob("**/.history.csv*"))


def test_a_game_waiting_for_a_physical_transmission_card_resumes_waiting(store: Store) -> None:
    session = Session(CONTENT, RandomChooser(5), seed=5, physical_deck=True)
    store.begin(session, KEEPER)
    assert session.confirm() and session.choose_now() and session.awaiting_draw
    saved = store.unfinished()
    assert saved is not None
    resumed = store.resume(saved, KEEPER, CONTENT, RandomChooser(5))
    assert resumed.physical_deck and resumed.awaiting_draw and resumed.step is Step.TRANSMISSION
    assert resumed.table_state() == session.table_state()
    card = resumed.drawable_transmissions()[0]
    assert resumed.draw_transmission(card) and resumed.game.state.card == card
    again = store.unfinished()
    assert again is not None and again.record["actions"][-1] == {"kind": "scramble", "hand": list(
        resumed.game.state.hand)}


def test_an_abandoned_games_session_is_no_longer_saved(store: Store) -> None:
    old = Session(CONTENT, RandomChooser(1), seed=1)
    old_id = store.begin(old, KEEPER)
    store.begin(Session(CONTENT, RandomChooser(2), seed=2), KEEPER)
    old.confirm()
    assert old.choose_now()
    count = second(store).execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (old_id,)).fetchone()[0]
    assert count == 2 and store.games()[1].result == "abandoned"


def test_read_only_creates_nothing_and_reads_what_is_there(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "companion.sqlite3"
    with pytest.raises(StoreError, match="There is no game history"):
        Store.open(missing, read_only=True)
    assert list(tmp_path.iterdir()) == []
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        lost_game(store, 1)
    before = path.read_bytes()
    with Store.open(path, read_only=True) as store:
        assert store.notice is None and [g.seed for g in store.games()] == [1]
    assert path.read_bytes() == before
