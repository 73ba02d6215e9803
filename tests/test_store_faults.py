"""The store under faults (issue 14): an I/O-fault layer at the store's connection (a failing COMMIT, a
failing read, a full disk through sqlite's ``max_page_count`` and through ``RLIMIT_FSIZE`` in a
subprocess), fuzzed bytes of a real store file (bit flips, truncation), a file that is not ours, seeds
SQLite cannot hold, a clock that goes back, and exports killed midway.

Each asserts: no traceback out of the store, nothing already committed lost, a clear message (one line,
no raw SQLite words), a damaged file kept aside byte-identical.

``python tests/test_store_faults.py [TRIALS]`` prints the suite's figures (trials, survived, lost).
"""

from __future__ import annotations

import json
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # run as a script: the helpers of the test suite
    sys.path.insert(0, str(HERE))

from companion.games.transmission.content.loader import default_content  # noqa: E402
from companion.games.transmission.session import Session, Step  # noqa: E402
from companion.games.transmission.stored import KEEPER  # noqa: E402
from companion.table.store import Store, StoreError  # noqa: E402
from test_session import RandomChooser, arrange, fill  # noqa: E402

CONTENT = default_content()
RAW_WORDS = re.compile(r"disk I/O error|SQLITE_|Invalid isoformat|invalid literal|\n")


# --------------------------------------------------------------------------- the fault layer


class Fault(sqlite3.OperationalError):
    """What the fault layer raises: SQLite's own words for a failing card."""


class FaultyConnection:
    """The store's connection with faults: ``fails(sql)`` says, per statement, ``"before"`` (the
    statement fails and does nothing), ``"after"`` (it runs, then fails, as a COMMIT that reached the
    card but whose sync failed) or ``None``."""

    def __init__(self, real: sqlite3.Connection, fails: Callable[[str], str | None],
                 message: str = "disk I/O error") -> None:
        self.real = real
        self.fails = fails
        self.message = message
        self.injected = 0

    def _run(self, run: Callable[[], Any], sql: str) -> Any:
        mode = self.fails(sql)
        if mode == "before":
            self.injected += 1
            raise Fault(self.message)
        result = run()
        if mode == "after":
            self.injected += 1
            raise Fault(self.message)
        return result

    def execute(self, sql: str, params: Any = ()) -> Any:
        return self._run(lambda: self.real.execute(sql, params), sql)

    def executemany(self, sql: str, params: Any) -> Any:
        return self._run(lambda: self.real.executemany(sql, params), sql)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def inject(store: Store, fails: Callable[[str], str | None],
           message: str = "disk I/O error") -> FaultyConnection:
    faulty = FaultyConnection(store._conn, fails, message)
    store._conn = faulty  # type: ignore[assignment]
    return faulty


def heal(store: Store) -> None:
    conn = store._conn
    if isinstance(conn, FaultyConnection):
        store._conn = conn.real


def step(session: Session) -> None:
    """One intent towards the end (any legal fill of the registers)."""
    if session.step is Step.THINKING:
        assert session.choose_now()
    elif session.step is Step.DECODE:
        fill(session)
        if not session.execute():
            state = session.game.state
            arrange(session, state.intended, session.left_out)
            assert session.execute()
    else:
        assert session.confirm()


def play_to_end(session: Session, limit: int = 2000) -> None:
    for _ in range(limit):
        if session.over:
            return
        step(session)
    raise AssertionError("the game did not end")


def stored_record(path: Path, game_id: int) -> list[Any]:
    with Store.open(path, read_only=True) as store:
        saved = store.saved_game(game_id)
        assert saved is not None
        return list(saved.record["actions"])


def one_line(text: str | None) -> None:
    assert text, "a message was expected"
    assert not RAW_WORDS.search(text), text


# --------------------------------------------------------------------------- 1: failed COMMIT, failed re-read


def test_a_failed_commit_then_a_failed_read_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    session = Session(CONTENT, RandomChooser(7), "standard", "standard", 7)
    game_id = store.begin(session, KEEPER)
    for _ in range(5):
        step(session)
    state = {"commit": 1, "read": 1}

    def fails(sql: str) -> str | None:
        if sql.startswith("COMMIT") and state["commit"]:
            state["commit"] -= 1
            return "before"
        if sql.startswith("SELECT") and state["read"] and not state["commit"]:
            state["read"] -= 1
            return "before"
        return None

    inject(store, fails)
    problems = []
    for _ in range(4):
        step(session)
        problems.append(store.problem)
    assert problems[0] is not None and not state["read"]  # both faults were met
    one_line(problems[0])
    heal(store)
    play_to_end(session)
    assert store.problem is None  # the next commit wrote everything: the table is told it is over
    store.close()
    assert stored_record(path, game_id) == session.record()["actions"]


# --------------------------------------------------------------------------- 3: End while saves fail


def test_a_game_that_ends_while_saves_fail_is_saved_when_the_store_closes(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    session = Session(CONTENT, RandomChooser(3), "training", "standard", 3)
    game_id = store.begin(session, KEEPER)
    for _ in range(3):
        step(session)
    inject(store, lambda sql: "before" if sql.startswith("COMMIT") else None, "database or disk is full")
    play_to_end(session)
    assert store.problem is not None and "full" in store.problem
    one_line(store.problem)
    heal(store)  # space returns
    store.close()
    with Store.open(path, read_only=True) as again:
        [game] = again.games()
        assert game.result in ("won", "lost")
    assert stored_record(path, game_id) == session.record()["actions"]


def test_a_game_that_ends_while_saves_fail_is_saved_before_the_next_game(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = Session(CONTENT, RandomChooser(4), "training", "standard", 4)
        first = store.begin(session, KEEPER)
        inject(store, lambda sql: "before" if sql.startswith("COMMIT") else None, "database or disk is full")
        play_to_end(session)
        heal(store)
        store.begin(Session(CONTENT, RandomChooser(5), "training", "standard", 5), KEEPER)
        results = {g.id: g.result for g in store.games()}
    assert results[first] in ("won", "lost")  # not abandoned: it had ended
    assert stored_record(path, first) == session.record()["actions"]


class _Host:
    """What the app's store flow needs of the app, for :class:`ui.table_store.TableStore`."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def show_message(self, text: str, kind: str = "info") -> None:
        self.messages.append((text, kind))


def test_the_table_retries_a_game_that_ended_while_saves_failed(tmp_path: Path) -> None:
    from ui.table_store import TableStore  # Kivy's clock only: no window

    path = tmp_path / "companion.sqlite3"
    host = _Host()
    table = TableStore(host, path)  # type: ignore[arg-type]
    table.open([])
    assert table.store is not None
    session = Session(CONTENT, RandomChooser(6), "training", "standard", 6)
    table.save_game(session, KEEPER)
    inject(table.store, lambda sql: "before" if sql.startswith("COMMIT") else None,
           "database or disk is full")
    play_to_end(session)
    assert not table.retry_saves()  # still full: nothing said, nothing lost
    heal(table.store)  # space returns while End is on the screen
    assert table.retry_saves()
    assert host.messages[-1][0].startswith("The game is saved again")
    with Store.open(path, read_only=True) as store:  # a power cut now loses nothing
        [game] = store.games()
        assert game.result in ("won", "lost")
        assert stored_record(path, game.id) == session.record()["actions"]
    table.close()


# --------------------------------------------------------------------------- 4: a database that is not ours


def _foreign(path: Path, version: int = 0, wal: bool = False) -> bytes:
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    conn.execute("INSERT INTO recipes VALUES ('bread', 240)")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("version", [0, 2, 99])
def test_another_programs_database_is_refused_and_left_untouched(tmp_path: Path, version: int) -> None:
    path = tmp_path / "recipes.db"
    before = _foreign(path, version)
    for read_only in (False, True):
        with pytest.raises(StoreError) as refused:
            Store.open(path, read_only=read_only)
        message = str(refused.value)
        one_line(message)
        assert "not a companion game history" in message and "left as it is" in message
        assert "[store] database" in message  # what to do
        assert sorted(p.name for p in tmp_path.iterdir()) == ["recipes.db"]
        assert path.read_bytes() == before


def test_a_new_store_is_marked_ours(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    Store.open(path).close()
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] != 0


def test_a_store_of_ours_without_the_mark_is_still_ours(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        store.begin(Session(CONTENT, RandomChooser(3), "training", "standard", 3), KEEPER)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 0")  # as main 3b247fa wrote it
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        assert store.notice is None and len(store.games()) == 1


# --------------------------------------------------------------------------- 5: quick_check output not UTF-8


def _bad_utf8_check(path: Path) -> bytes:
    """A store with one bit flipped in its schema's text, so SQLite's message quotes a byte that is not
    UTF-8 (18 of 300 bit-flip trials on main crashed this way)."""
    with Store.open(path) as store:
        store.begin(Session(CONTENT, RandomChooser(3), "training", "standard", 3), KEEPER)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    where = data.index(b"undos INTEGER NOT NULL") + len(b"undos INTEGER NOT N")
    data[where] ^= 0x80
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_quick_check_that_is_not_utf8_sets_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    damaged = _bad_utf8_check(path)
    with pytest.raises(StoreError) as refused:
        Store.open(path, read_only=True)
    one_line(str(refused.value))
    with Store.open(path) as store:
        assert store.notice is not None and "damaged" in store.notice
        one_line(store.notice.replace(str(tmp_path), ""))
        [aside] = [p for p in tmp_path.iterdir()
                   if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm"))]
        assert store.games() == []
    assert aside.read_bytes() == damaged


# --------------------------------------------------------------------------- 10: a seed SQLite cannot hold


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 10**30])
def test_a_seed_too_large_is_refused_and_leaves_no_transaction(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = Session(CONTENT, RandomChooser(3), "training", "standard", 3)
        store.begin(session, KEEPER)
        big = Session(CONTENT, RandomChooser(3), "training", "standard", seed)
        with pytest.raises(StoreError) as refused:
            store.begin(big, KEEPER)
        one_line(str(refused.value))
        assert "seed" in str(refused.value)
        assert not store._conn.in_transaction
        other = sqlite3.connect(path, timeout=0.1)
        other.execute("BEGIN IMMEDIATE")  # not locked
        other.execute("ROLLBACK")
        other.close()
        [game] = store.games()
        assert game.result == "unfinished"  # the game on the table was not abandoned for a refused one
        step(session)
        assert store.problem is None


# --------------------------------------------------------------------------- 11: the clock goes back


def test_history_and_streaks_follow_the_order_games_were_played(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "companion.sqlite3"
    clock = [datetime(2026, 6, 1, 12, 0, tzinfo=UTC)]
    monkeypatch.setattr("companion.table.store._now", lambda: clock[0])
    results = []
    with Store.open(path) as store:
        for n, seed in enumerate((1, 2, 3, 4)):
            session = Session(CONTENT, RandomChooser(seed), "training", "standard", seed)
            store.begin(session, KEEPER)
            play_to_end(session)
            outcome = session.game.outcome()
            assert outcome is not None
            results.append(outcome.victory)
            # a power cut without network: the next start's clock is a year back
            clock[0] = clock[0] - timedelta(days=365) if n == 1 else clock[0] + timedelta(hours=1)
        games = store.games()
        [stats] = [s for s in store.stats() if s.difficulty == "training"]
    assert [g.seed for g in games] == [4, 3, 2, 1]  # newest first
    current = 0
    for won in results:
        current = current + 1 if won else 0
    assert stats.streak == current
    assert stats.scores == tuple(g.score for g in reversed(games))


# --------------------------------------------------------------------------- 12: the table's words


@pytest.mark.parametrize(("column", "value"), [("started", "yesterday"), ("seed", "abc"),
                                               ("score", "lots"), ("ended", "soon")])
def test_a_bad_value_in_a_healthy_store_is_said_in_plain_words(tmp_path: Path, column: str,
                                                               value: str) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = Session(CONTENT, RandomChooser(3), "training", "standard", 3)
        store.begin(session, KEEPER)
        play_to_end(session)
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE games SET {column} = ?", (value,))
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        reads = [store.games, lambda: store.export_csv(tmp_path / "x.csv")]
        if column == "score":
            reads.append(store.stats)
        else:
            store.stats()  # the stats do not read that column
        for read in reads:
            with pytest.raises(StoreError) as refused:
                read()
            message = str(refused.value)
            one_line(message)
            assert "game 1" in message and column in message


def test_a_full_disk_says_so(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    problems: list[str] = []
    with Store.open(path) as store:
        pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
        store._conn.execute(f"PRAGMA max_page_count = {pages}")  # the card has no page left
        for seed in range(20, 30):
            session = Session(CONTENT, RandomChooser(seed), "standard", "standard", seed)
            try:
                game_id = store.begin(session, KEEPER)
            except StoreError as exc:
                problems.append(str(exc))
                break
            committed = len(session.record()["actions"])
            while not session.over and not problems:
                step(session)
                if store.problem is None:
                    committed = len(session.record()["actions"])
                else:
                    problems.append(store.problem)
            if problems:
                break
    assert problems and "full" in problems[0] and "free some space" in problems[0]
    one_line(problems[0].replace(str(tmp_path), ""))
    actions = stored_record(path, game_id)
    assert actions[:committed] == session.record()["actions"][:committed]


_FSIZE_CHILD = """
import json, resource, sys
sys.path.insert(0, sys.argv[2])
from test_store_faults import CONTENT, KEEPER, RandomChooser, Session, Store, step
store = Store.open(sys.argv[1])
session = Session(CONTENT, RandomChooser(11), "standard", "standard", 11)
store.begin(session, KEEPER)
committed = len(session.record()["actions"])
limit = sum(p.stat().st_size for p in [store.path, store.path.with_name(store.path.name + "-wal")]
            if p.exists())
resource.setrlimit(resource.RLIMIT_FSIZE, (limit + 8192, resource.RLIM_INFINITY))
problems = []
for _ in range(400):
    if session.over:
        break
    step(session)
    if store.problem is None:
        committed = len(session.record()["actions"])
    elif not problems:
        problems.append(store.problem)
resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
store.close()
print(json.dumps({"problems": problems, "committed": committed, "actions": session.record()["actions"]}))
"""


def test_a_file_size_limit_says_so_and_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    done = subprocess.run([sys.executable, "-c", _FSIZE_CHILD, str(path), str(HERE)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    assert report["problems"], "the limit was never reached"
    problem = report["problems"][0]
    one_line(problem)
    assert "size limit" in problem
    with Store.open(path) as store:
        [game] = store.games()
        actions = stored_record(path, game.id)
    assert actions[: report["committed"]] == report["actions"][: report["committed"]]
    assert actions == report["actions"]  # closing the store wrote the rest once the limit was lifted


def test_damage_messages_are_one_plain_line(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        store.begin(Session(CONTENT, RandomChooser(3), "training", "standard", 3), KEEPER)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    [root] = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()
    conn.close()
    data = bytearray(path.read_bytes())
    page = (root - 1) * 4096
    pointers = page + (8 if data[page] in (0x0A, 0x0D) else 12)
    assert int.from_bytes(data[page + 3: page + 5], "big") >= 2
    data[pointers + 2: pointers + 4] = data[pointers: pointers + 2]  # two cells in one place
    path.write_bytes(bytes(data))
    check = sqlite3.connect(path).execute("PRAGMA quick_check").fetchall()
    assert any("\n" in row[0] for row in check)  # SQLite's own findings come with line breaks
    with pytest.raises(StoreError) as refused:
        Store.open(path, read_only=True)
    one_line(str(refused.value))
    with Store.open(path) as store:
        assert store.notice is not None
        one_line(store.notice)


# --------------------------------------------------------------------------- 13: killed exports


_KILLED_EXPORT = """
import os, signal, sys
from companion.table import store as module
real = module.json.dump
def dump(document, stream, **kw):
    stream.write('{"half": ')
    stream.flush()
    os.kill(os.getpid(), signal.SIGKILL)
module.json.dump = dump
module.Store.open(sys.argv[1]).export_json(sys.argv[2])
"""


def test_a_killed_export_leaves_no_temporary_file_after_the_next(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    Store.open(path).close()
    exports = tmp_path / "exports"
    exports.mkdir()
    (exports / "notes.tmp").write_text("mine")  # not the companion's: stays
    (exports / ".x.json.tmp").write_text("mine too")
    target = exports / "history.json"
    for _ in range(2):
        killed = subprocess.run([sys.executable, "-c", _KILLED_EXPORT, str(path), str(target)], timeout=60)
        assert killed.returncode == -signal.SIGKILL
    assert len(list(exports.glob(".*.tmp"))) >= 2  # the killed exports' halves
    with Store.open(path) as store:
        store.export_json(target)
        store.export_csv(exports / "history.csv")
    assert sorted(p.name for p in exports.iterdir()) == [".x.json.tmp", "history.csv", "history.json",
                                                         "notes.tmp"]


# --------------------------------------------------------------------------- random I/O faults: the figures


def fault_trial(folder: Path, seed: int) -> bool:
    """A game played while COMMITs and reads fail at random, then healed and played to the end: is the
    stored record the session's?  :returns: ``True`` when nothing was lost."""
    rng = random.Random(seed)
    path = folder / f"trial-{seed}.sqlite3"
    store = Store.open(path)
    session = Session(CONTENT, RandomChooser(seed), "standard", "standard", seed)
    game_id = store.begin(session, KEEPER)
    rate = rng.choice((0.1, 0.3, 0.6))

    def fails(sql: str) -> str | None:
        if sql.startswith(("COMMIT", "SELECT", "INSERT", "UPDATE")) and rng.random() < rate:
            return rng.choice(("before", "after")) if sql.startswith("COMMIT") else "before"
        return None

    faulty = inject(store, fails)
    for _ in range(rng.randrange(5, 60)):
        if session.over:
            break
        step(session)
    heal(store)
    play_to_end(session)
    store.close()
    assert faulty.injected or rate < 1
    return stored_record(path, game_id) == session.record()["actions"]


def test_random_io_faults_lose_nothing(tmp_path: Path) -> None:
    lost = [seed for seed in range(6) if not fault_trial(tmp_path, seed)]
    assert lost == []


# --------------------------------------------------------------------------- fuzzed bytes


@pytest.fixture(scope="module")
def real_store() -> Iterator[bytes]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "companion.sqlite3"
        with Store.open(path) as store:
            for seed in (1, 2):
                session = Session(CONTENT, RandomChooser(seed), "training", "standard", seed)
                store.begin(session, KEEPER)
                play_to_end(session)
            unfinished = Session(CONTENT, RandomChooser(3), "standard", "standard", 3)
            store.begin(unfinished, KEEPER)
            for _ in range(6):
                step(unfinished)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        yield path.read_bytes()


def damage(data: bytes, flips: list[tuple[int, int]], cut: int | None) -> bytes:
    out = bytearray(data)
    for where, bit in flips:
        out[where % len(out)] ^= 1 << bit
    return bytes(out[:cut] if cut is not None else out)


def open_damaged(folder: Path, damaged: bytes) -> str:
    """Open damaged bytes as the store, read only then read-write, and use what opens.

    :returns: ``"opened"``, ``"aside"`` or ``"refused"``.
    :raises AssertionError: anything but a :class:`StoreError`, a message that is not one plain line,
        a file changed by a refusal, or a file set aside that is not byte-identical.
    """
    path = folder / "companion.sqlite3"
    path.write_bytes(damaged)
    try:
        Store.open(path, read_only=True).close()
    except StoreError as exc:
        one_line(str(exc).replace(str(folder), ""))
    assert path.read_bytes() == damaged
    try:
        store = Store.open(path)
    except StoreError as exc:
        one_line(str(exc).replace(str(folder), ""))
        assert path.read_bytes() == damaged
        return "refused"
    with store:
        outcome = "opened"
        if store.notice is not None:
            one_line(store.notice.replace(str(folder), ""))
            [aside] = [p for p in folder.iterdir()  # damaged, or a flipped version that reads as newer
                       if (".corrupt-" in p.name or ".newer-" in p.name)
                       and not p.name.endswith(("-wal", "-shm"))]
            assert aside.read_bytes() == damaged
            outcome = "aside"
        for read in (store.games, store.stats, store.unfinished):
            try:
                read()
            except StoreError as exc:
                one_line(str(exc).replace(str(folder), ""))
        saved = None
        try:
            saved = store.unfinished()
        except StoreError:
            pass
        if saved is not None:
            try:
                store.resume(saved, KEEPER, CONTENT, RandomChooser(3))
            except StoreError as exc:
                one_line(str(exc).replace(str(folder), ""))
    return outcome


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 7)), min_size=1, max_size=8),
       cut=st.none() | st.integers(0, 2**16))
def test_fuzzed_store_bytes_never_crash_and_are_kept_aside(real_store: bytes, flips: list[tuple[int, int]],
                                                           cut: int | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        open_damaged(Path(folder), damage(real_store, flips, cut))


# --------------------------------------------------------------------------- the figures


def main(argv: list[str]) -> int:
    """Print the fault suite's figures: I/O-fault trials and bit-flip trials, survived and lost."""
    trials = int(argv[0]) if argv else 200
    with tempfile.TemporaryDirectory() as folder:
        survived = lost = 0
        for seed in range(trials):
            try:
                ok = fault_trial(Path(folder), seed)
            except Exception:  # a traceback counts as lost
                ok = False
            survived, lost = survived + ok, lost + (not ok)
        print(f"I/O faults (failing COMMITs, reads, writes): trials {trials}, survived {survived}, "
              f"lost {lost}")
        data = b""
        path = Path(folder) / "seed.sqlite3"
        with Store.open(path) as store:
            for seed in (1, 2):
                session = Session(CONTENT, RandomChooser(seed), "training", "standard", seed)
                store.begin(session, KEEPER)
                play_to_end(session)
        sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
        data = path.read_bytes()
        rng = random.Random(14)
        counts = {"opened": 0, "aside": 0, "refused": 0, "crashed": 0}
        for n in range(trials):
            flips = [(rng.randrange(len(data)), rng.randrange(8)) for _ in range(rng.randint(1, 8))]
            cut = rng.randrange(len(data)) if rng.random() < 0.2 else None
            trial = Path(folder) / f"flip-{n}"
            trial.mkdir()
            try:
                counts[open_damaged(trial, damage(data, flips, cut))] += 1
            except Exception:
                counts["crashed"] += 1
        print(f"bit flips and truncations: trials {trials}, survived {trials - counts['crashed']} "
              f"(opened {counts['opened']}, kept aside {counts['aside']}, refused {counts['refused']}), "
              f"lost {counts['crashed']}")
    return 0 if lost == 0 and counts["crashed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
