"""The game store: every game, action by action, in SQLite (issue 5; DESIGN.md, Store).

The box may be switched off at the wall at any moment, so nothing waits to be
written.  :meth:`Store.attach` subscribes to a game's session (any
:class:`~companion.table.registry.StoredSession`, with its game's
:class:`~companion.table.registry.Keeper`): each action is written as it is played (its
:class:`~companion.table.events.ActionPlayed`), and at the end of each intent (the first event that
is not an :class:`~companion.table.events.ActionPlayed`) the intent's actions, the table state they
lead to and the game's :class:`~companion.table.registry.Progress` are committed in one transaction.
A power cut therefore leaves either all of a tap or none of it, and :meth:`Store.resume` rebuilds
the identical session, mid-decode placements included.  The store imports no game: each row records
its game's name (schema 3), and the game's keeper is handed in.

**Durability.**  The database runs in WAL mode with ``synchronous=FULL``: each
commit syncs the write-ahead log to the card before it returns, so a commit
that returned survives a power cut.  ``NORMAL`` (the usual WAL pairing) keeps
the file consistent but may lose the last commits before a cut, which is what
the table must never see.  The cost is one sync per tap, a few milliseconds
on an SD card, at the pace of a hand.

**Schema.**  ``PRAGMA user_version`` holds the schema version; :data:`MIGRATIONS`
brings an older file up to :data:`SCHEMA_VERSION`, one transaction for all
steps (version 3 names each row's game; the rows before it are Incoming
Transmission's).  Foreign keys are on.  A file that is not SQLite, is damaged, or was
written by a newer version is renamed aside (``<name>.corrupt-YYYYmmdd-HHMMSS``,
``<name>.newer-YYYYmmdd-HHMMSS``, its ``-wal`` alongside), a fresh one is
started, and :attr:`Store.notice` says so in a sentence for the screen.

**Results and scores.**  A game is ``unfinished`` while it is played, ``won``
or ``lost`` at its end, ``abandoned`` when the table starts another instead.
Its score and figures are its game's (:attr:`~companion.table.registry.Keeper.progress`; for
Incoming Transmission :func:`companion.games.transmission.stored.progress`); an unfinished or
abandoned game shows the points it has so far.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import RecordError
from companion.i18n import _
from companion.table.events import ActionPlayed, Event
from companion.table.registry import ContentId, GameInfo, Keeper, StoredSession
from companion.table.store_db import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_FAILURES,
    StoreError,
    migrate,
    open_connection,
    plain_failure,
)
from companion.table.store_export import (
    check_target,
    clean_stale_exports,
    write_atomically,
    write_machine_csv,
)
from companion.table.store_rows import (
    LISTED_COLUMNS,
    MAX_SEED,
    RESULTS,
    SUMMARY_COLUMNS,
    DifficultyStats,
    GameSummary,
    SavedGame,
    bad_value,
    counts,
    describe_saved,
    export_row,
    figures,
    integer,
    listed_summary,
    stamp,
    summary_of,
)
from companion.table.store_sheet import write_sheet

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "MIGRATIONS", "RESULTS", "MAX_SEED", "migrate", "StoreError",
           "GameSummary", "DifficultyStats", "SavedGame", "Store", "describe_saved", "clean_stale_exports"]

log = logging.getLogger(__name__)

S = TypeVar("S", bound=StoredSession)


def _now() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------- the store


class _Recorder:
    """The store's listener on one session.

    :ivar saved: actions already written.
    :ivar in_step: ``saved`` is the session's count of actions before the next :class:`ActionPlayed`
        (false after a failed write, until the next commit re-reads what the store holds, in its own
        transaction, and writes what the record has beyond it).
    :ivar pending: the last commit failed: the store retries it (the next event, :meth:`Store.flush`,
        the next game, reading the history, closing), so a game that ended while saves failed is saved
        once they succeed again.
    """

    def __init__(self, store: Store, session: StoredSession, keeper: Keeper[Any], game_id: int,
                 saved: int) -> None:
        self.store = store
        self.session = session
        self.keeper = keeper
        self.game_id = game_id
        self.saved = saved
        self.in_step = True
        self.pending = False
        self.active = True
        self.mark = time.monotonic()

    def __call__(self, event: Event) -> None:
        if self.active:
            self.store._on_event(self, event)


class Store:
    """The SQLite game store.  Open it with :meth:`open`; safe to use from several threads.

    :ivar notice: a sentence for the screen when the file was unusable and a fresh one started
        (naming where the old file is kept), else ``None``.
    :ivar problem: the last failure to save (a sentence), else ``None``; the game goes on and the
        next event tries again.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self._conn = conn
        self.path = path
        self.notice = notice
        self.problem: str | None = None
        self._lock = threading.RLock()
        self._recorders: dict[int, _Recorder] = {}

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: Path | str, read_only: bool = False) -> Store:
        """Open (or create) the store at ``path``, creating its folder.

        A corrupt file, a file that is not SQLite, or one from a newer version is renamed aside and a
        fresh store started; :attr:`notice` says so.

        :param read_only: only read the file (``companion history``, ``stats``, ``export``): nothing is
            created, migrated or renamed; writing through the store fails.
        :raises StoreError: the folder or the file cannot be written (the message names it and the
            setting to change), or the file cannot be renamed aside; with ``read_only``, no such file,
            or it is damaged or newer (the file is left as it is).
        """
        conn, notice = open_connection(Path(path).expanduser(), read_only)
        store = cls(conn, Path(path).expanduser(), notice)
        if not read_only:
            for folder in (store.path.parent, store.path.parent / "exports"):
                clean_stale_exports(folder)
        return store

    def close(self) -> None:
        """Retry a failed save, commit what is pending and close; sessions attached are no longer saved."""
        with self._lock:
            self.retry()
            for recorder in self._recorders.values():
                recorder.active = False
            self._recorders.clear()
            try:
                if self._conn.in_transaction:
                    self._conn.execute("COMMIT")
            except sqlite3.Error:
                log.exception("could not commit the last changes to %s", self.path)
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ saving a game

    def begin(self, session: StoredSession, keeper: Keeper[Any]) -> int:
        """A new game row with the session's actions so far and its table state, committed; the
        session is attached (:meth:`attach`).  Any other unfinished game is marked abandoned: one
        table, one game.  :returns: the game id."""
        return self.attach(session, keeper)

    def attach(self, session: StoredSession, keeper: Keeper[Any], game_id: int | None = None) -> int:
        """Save ``session`` (a session of ``keeper``'s game) from now on: each action as it is played,
        the table state and summary at the end of each intent, the result at the end.
        ``game_id=None`` begins a new game row.  Attaching a session twice is harmless (the same id
        is returned).

        :raises StoreError: ``game_id`` is unknown, of another game, or its stored record is longer
            than the session's; the record cannot be kept (a seed beyond 64 bits); the file cannot be
            written.  Nothing is changed then: no transaction is left open.
        """
        with self._lock:
            known = self._recorders.get(id(session))
            if known is not None:
                return known.game_id
            if game_id is None:
                self.retry()  # a game that ended while saves failed is saved before another begins
            with self._writing(f"The game could not be saved in {self.path}"):
                if game_id is None:
                    game_id = self._insert_game(session, keeper)
                    saved = 0
                    for other in self._recorders.values():  # their games were just marked abandoned
                        other.active = False
                    self._recorders.clear()
                else:
                    row = self._conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                             (game_id,)).fetchone()
                    exists = self._conn.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()
                    if exists is None:
                        raise StoreError(f"There is no game {game_id} in {self.path}.")
                    if exists[0] != keeper.game:
                        raise StoreError(f"Game {game_id} in the store is a game of {exists[0]}, "
                                         f"not of {keeper.game}.")
                    saved = int(row[0])
                    played = len(session.record()["actions"])
                    if saved > played:
                        raise StoreError(f"Game {game_id} in the store has {saved} actions, the session "
                                         f"only {played}: it is another game.")
                recorder = _Recorder(self, session, keeper, game_id, saved)
                recorder.in_step = False  # the checkpoint writes what the session played before
                self._checkpoint(recorder)
            self._recorders[id(session)] = recorder
            session.subscribe(recorder)
            return game_id

    def _insert_game(self, session: StoredSession, keeper: Keeper[Any]) -> int:
        record = session.record()
        progress = keeper.progress(session)
        try:  # every value checked before anything is written
            row = (keeper.game, int(record["format"]), str(record["content"]), str(record["digest"]),
                   str(record["difficulty"]), str(record["layout"]), int(record["seed"]),
                   int(progress.missions_total))
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(f"The game cannot be kept in the history: its record lacks or garbles {exc}.") \
                from None
        if not -MAX_SEED - 1 <= row[6] <= MAX_SEED:
            raise StoreError(f"The game cannot be kept in the history: its seed {row[6]} is beyond the "
                             f"largest the history holds ({MAX_SEED}); start it with a smaller seed.")
        self._begin()
        now = stamp(_now())
        self._conn.execute("UPDATE games SET result = 'abandoned', ended = ? WHERE result = 'unfinished'",
                           (now,))
        cursor = self._conn.execute(
            "INSERT INTO games (game, record_format, started, content_id, content_digest, difficulty, "
            "layout, seed, missions_total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row[0], row[1], now, *row[2:]))
        assert cursor.lastrowid is not None
        return int(cursor.lastrowid)

    def _begin(self) -> None:
        if not self._conn.in_transaction:
            self._conn.execute("BEGIN IMMEDIATE")

    @contextmanager
    def _writing(self, failure: str) -> Iterator[None]:
        """A write that never leaves a transaction open: any error rolls back; an SQLite error becomes
        a :class:`StoreError` ``"<failure>: <what happened, in plain words>."``."""
        try:
            yield
        except SQLITE_FAILURES as exc:  # SQLite quoting damaged bytes is a UnicodeDecodeError
            self._rollback()
            log.error("writing %s failed: %s", self.path, str(exc))
            raise StoreError(f"{failure}: {plain_failure(exc, self.path)}.") from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        try:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        except sqlite3.Error:
            log.exception("rollback failed on %s", self.path)

    def _on_event(self, recorder: _Recorder, event: Event) -> None:
        """Write the action ``event`` announces, or commit the intent it ends (a recorder's call)."""
        with self._lock:
            try:
                if not isinstance(event, ActionPlayed):
                    self._checkpoint(recorder)
                elif recorder.in_step:
                    self._write_action(recorder, event.action)
            except BaseException as exc:  # the game goes on; the next commit writes it all
                if not isinstance(exc, Exception):
                    self._rollback()  # never leave a transaction open
                    raise
                # No read here: the next checkpoint re-reads what the store holds in its own transaction
                # (a read that fails now must not leave a count from before the failed commit).
                self._rollback()
                recorder.in_step = False
                recorder.pending = True
                why = plain_failure(exc, self.path)
                self.problem = f"The game could not be saved: {why}."
                if isinstance(exc, sqlite3.Error):
                    log.error("saving game %s in %s failed: %s", recorder.game_id, self.path, str(exc))
                else:
                    log.exception("saving game %s in %s failed", recorder.game_id, self.path)
            else:
                if not isinstance(event, ActionPlayed):
                    recorder.pending = False
                    if not any(r.pending for r in self._recorders.values()):
                        self.problem = None

    def retry(self) -> None:
        """Retry the commits that failed (a full disk that has space again), e.g. of a game that reached
        End while saves were failing; :attr:`problem` is cleared when they succeed."""
        with self._lock:
            for recorder in list(self._recorders.values()):
                if recorder.active and recorder.pending:
                    self._on_event(recorder, Event())

    def _write_action(self, recorder: _Recorder, action: Mapping[str, Any]) -> None:
        self._begin()
        self._conn.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                           (recorder.game_id, recorder.saved, json.dumps(action, separators=(",", ":"))))
        recorder.saved += 1

    def _write_missing_actions(self, recorder: _Recorder) -> None:
        """Write every action of the session's record beyond what the store holds (on attaching, after a
        failure), counted in this transaction: a COMMIT that failed may or may not have reached the file."""
        actions = recorder.session.record()["actions"]
        self._begin()
        count = self._conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                   (recorder.game_id,)).fetchone()
        recorder.saved = min(int(count[0]), len(actions))
        if len(actions) > recorder.saved:
            self._conn.executemany(
                "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                [(recorder.game_id, seq, json.dumps(actions[seq], separators=(",", ":")))
                 for seq in range(recorder.saved, len(actions))])
            recorder.saved = len(actions)
        recorder.in_step = True

    def _checkpoint(self, recorder: _Recorder) -> None:
        """Write pending actions, the table state and the summary, and commit."""
        session = recorder.session
        if not recorder.in_step:
            self._write_missing_actions(recorder)
        self._begin()
        self._conn.execute(
            "INSERT INTO table_state (game_id, state) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET state = excluded.state",
            (recorder.game_id, json.dumps(session.table_state(), separators=(",", ":"))))
        now = time.monotonic()
        played = now - recorder.mark  # counted once the commit succeeds
        progress = recorder.keeper.progress(session)
        result = progress.result
        self._conn.execute(
            "UPDATE games SET transmissions_used = ?, missions_completed = ?, missions_total = ?, score = ?, "
            "undos = ?, played_s = played_s + ?, "
            "result = CASE WHEN ? IS NULL THEN result ELSE ? END, "
            "ended = CASE WHEN ? IS NULL OR ended IS NOT NULL THEN ended ELSE ? END WHERE id = ?",
            (progress.transmissions_used, progress.missions_completed, progress.missions_total,
             progress.score, progress.undos, played, result, result, result, stamp(_now()),
             recorder.game_id))
        self._conn.execute("COMMIT")
        recorder.mark = now

    def flush(self) -> None:
        """Commit whatever is pending (an intent that ended without an event; normally nothing)."""
        with self._lock:
            for recorder in list(self._recorders.values()):
                if recorder.active:
                    self._on_event(recorder, Event())

    # ------------------------------------------------------------------ resuming

    def unfinished(self) -> SavedGame | None:
        """The most recent unfinished game, with its record and table state, or ``None``."""
        with self._lock, self._reading():
            row = self._conn.execute("SELECT id FROM games WHERE result = 'unfinished' "
                                     "ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else self.saved_game(int(row[0]))

    def saved_game(self, game_id: int) -> SavedGame | None:
        """Any game (finished or not) with its record and last table state, or ``None`` if unknown.

        :raises StoreError: a value that cannot be read, or the file cannot be read now."""
        with self._lock, self._reading():
            row = self._conn.execute(f"SELECT {SUMMARY_COLUMNS}, content_id, content_digest, game, "
                                     "record_format FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            content_id, digest, game = str(row[13]), str(row[14]), str(row[15])
            summary = replace(summary_of(row[:13], self.path), game=game)
            try:
                record_format = integer(row[16])
            except (TypeError, ValueError, OverflowError):
                raise bad_value(self.path, game_id, "record_format", row[16]) from None
            actions = [self._action(text) for (text,) in self._conn.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (summary.id,))]
            table_row = self._conn.execute("SELECT state FROM table_state WHERE game_id = ?",
                                           (summary.id,)).fetchone()
        record = {"format": record_format, "content": content_id, "digest": digest, "seed": summary.seed,
                  "difficulty": summary.difficulty, "layout": summary.layout, "actions": actions}
        table = self._action(table_row[0]) if table_row is not None else None
        return SavedGame(summary.id, summary, content_id, digest, record,
                         table if isinstance(table, dict) else None, game)

    def finished_game(self, game_id: int | None = None) -> SavedGame | None:
        """A game played to its end (won or lost) with its record, for a debrief: game ``game_id``, or
        the last one finished; ``None`` when there is none.

        :raises StoreError: game ``game_id`` is unknown or not played to its end (unfinished: its
            missions are still secret; abandoned: left before its end), or the file cannot be read now.
        """
        if game_id is None:
            with self._lock, self._reading():
                row = self._conn.execute("SELECT id FROM games WHERE result IN ('won', 'lost') "
                                         "ORDER BY id DESC LIMIT 1").fetchone()
            return None if row is None else self.saved_game(int(row[0]))
        saved = self.saved_game(game_id)
        if saved is None:
            raise StoreError(f"There is no game {game_id} in {self.path}; `companion history` lists them.")
        if saved.summary.result == "unfinished":
            raise StoreError(_("Game {id} is not over yet: its debrief comes once it ends, while its "
                               "missions are still secret.").format(id=game_id))
        if saved.summary.result not in ("won", "lost"):
            raise StoreError(_("Game {id} was left before its end: a debrief is for a game played "
                               "to its end.").format(id=game_id))
        return saved

    @staticmethod
    def _action(text: str) -> Any:
        try:
            return json.loads(text)
        except (TypeError, ValueError, RecursionError):
            return None  # replay names the action that cannot be read

    def resume(self, saved: SavedGame, keeper: Keeper[S], content: ContentId, chooser: Any, *,
               undo: str | None = None, physical_deck: bool | None = None) -> S:
        """The identical session of ``saved`` (mid-decode placements included), attached to this store.

        :param keeper: the saved game's game (:attr:`SavedGame.game` is its name).
        :param content: the content pack to replay it with; ``chooser``: who plays Mission Control.
        :param undo, physical_deck: the table's settings now; default: those the game was saved with.
        :raises StoreError: the game is of another game or was played with another content pack, or its
            record does not replay; the game is kept as it is (nothing is deleted or abandoned).
        """
        if saved.game != keeper.game:
            raise StoreError(_("The unfinished game {id} is a game of {game}, not of {keeper}. The game is "
                               "kept.").format(id=saved.id, game=saved.game, keeper=keeper.game))
        if saved.content_id != content.id or saved.content_digest != content.digest:
            raise StoreError(_("The unfinished game from {started} was played with the content pack {pack} "
                               "(revision {revision}), not {loaded} (revision {now}): load that pack to "
                               "resume it. The game is kept.").format(
                started=f"{saved.summary.started:%Y-%m-%d %H:%M}", pack=saved.content_id,
                revision=saved.content_digest, loaded=content.id, now=content.digest))
        try:
            session = keeper.resume(content, chooser, saved.record, saved.table, undo, physical_deck)
        except RecordError as exc:
            raise StoreError(_("The unfinished game {id} cannot be resumed: {problem}. The game is kept.")
                             .format(id=saved.id, problem=exc)) from None
        self.attach(session, keeper, saved.id)
        return session

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game abandoned (it stays in the history) and stop saving its session."""
        with self._lock:
            for key, recorder in list(self._recorders.items()):
                if recorder.game_id == game_id:
                    recorder.active = False
                    del self._recorders[key]
            with self._writing(f"Game {game_id} could not be marked abandoned in {self.path}"):
                self._begin()
                self._conn.execute("UPDATE games SET result = 'abandoned', ended = ? "
                                   "WHERE id = ? AND result = 'unfinished'", (stamp(_now()), game_id))
                self._conn.execute("COMMIT")

    # ------------------------------------------------------------------ history and stats

    def games(self, limit: int | None = None) -> list[GameSummary]:
        """Every game, newest first (at most ``limit``).

        Newest is the last begun, by row id: a Pi has no real-time clock, and its wall clock can go back
        after a power cut without network, so ``started`` does not order the games.

        :raises StoreError: a row holds a value that cannot be read, or the file cannot be read now.
        """
        sql = f"SELECT {LISTED_COLUMNS} FROM games ORDER BY id DESC"
        with self._lock:
            self.retry()
            try:
                if limit is not None:
                    rows = self._conn.execute(sql + " LIMIT ?", (max(0, int(limit)),)).fetchall()
                else:
                    rows = self._conn.execute(sql).fetchall()
            except SQLITE_FAILURES as exc:
                raise self._unreadable(exc) from None
        return [listed_summary(row, self.path) for row in rows]

    def _unreadable(self, exc: Exception) -> StoreError:
        log.error("reading %s failed: %s", self.path, str(exc))
        return StoreError(f"The game history {self.path} cannot be read now "
                          f"({plain_failure(exc, self.path)}); the games in it are kept.")

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Reads inside: a failing read (or SQLite quoting damaged bytes) is a :class:`StoreError`."""
        try:
            yield
        except SQLITE_FAILURES as exc:
            raise self._unreadable(exc) from None

    def stats(self, order: Sequence[str] = ()) -> list[DifficultyStats]:
        """Figures per difficulty, in ``order`` (the games', each listed even with no game played),
        then any other difficulty played.

        Counted (:attr:`GameSummary.counted`): games won or lost, and games left after their first
        transmission (given up: not won, it lowers the win rate and ends a streak).  A game left
        before its first transmission is abandoned: never played, outside the win rate and the
        streaks (:attr:`DifficultyStats.abandoned` counts them); unfinished games wait.  Games are in
        the order they were begun (row id), not by the wall clock, which can go back.

        :raises StoreError: a row holds a value that cannot be read, or the file cannot be read now.
        """
        with self._lock:
            self.retry()
            try:
                rows = self._conn.execute(
                    "SELECT id, difficulty, result, score, transmissions_used FROM games "
                    "WHERE result != 'unfinished' ORDER BY id").fetchall()
            except SQLITE_FAILURES as exc:
                raise self._unreadable(exc) from None
        games = []
        for gid, difficulty, result, *numbers in rows:
            points, drawn = (self._integer(gid, column, value)
                             for column, value in zip(("score", "transmissions_used"), numbers))
            games.append((str(difficulty), str(result), counts(str(result), drawn), points))
        return figures(games, order)

    def _integer(self, game_id: object, column: str, value: object) -> int:
        try:
            return integer(value)
        except (TypeError, ValueError, OverflowError):
            raise bad_value(self.path, game_id, column, value) from None

    # ------------------------------------------------------------------ export

    def _export_rows(self) -> list[dict[str, Any]]:
        return [export_row(game) for game in reversed(self.games())]

    def export_sheet(self, path: Path | str, registry: Sequence[GameInfo[Any]]) -> int:
        """Every game, oldest first, in the table's language (:mod:`companion.table.store_sheet`; ``registry``
        the games' titles and words).  :returns: rows written.  :raises StoreError: as :meth:`export_csv`."""
        check_target(Path(path), Path(self.path))
        games = list(reversed(self.games()))
        write_sheet(Path(path), games, registry)
        return len(games)

    def export_csv(self, path: Path | str) -> int:
        """Every game, oldest first, one CSV row each, stable for scripts (:func:`write_machine_csv`; a
        person's spreadsheet is :meth:`export_sheet`).  :returns: rows written.  :raises StoreError: the
        file cannot be written, or it is this store's database or another one (:func:`check_target`)."""
        check_target(Path(path), Path(self.path))
        rows = self._export_rows()
        write_machine_csv(Path(path), rows, list(GameSummary.__dataclass_fields__))
        return len(rows)

    def export_json(self, path: Path | str) -> int:
        """Every game, oldest first: its :class:`GameSummary` fields plus its content pack and record
        actions, so a game can be replayed or attached to a bug report.  An unfinished game's actions are
        left out (``null``): they hold its secret missions and Mission Control's intended orders, which
        the table must not see before the game ends.  :returns: games written.
        :raises StoreError: the file cannot be written, or it is a database (:func:`check_target`)."""
        check_target(Path(path), Path(self.path))
        rows = self._export_rows()
        with self._lock, self._reading():
            for row in rows:
                meta = self._conn.execute("SELECT content_id, content_digest FROM games WHERE id = ?",
                                          (row["id"],)).fetchone()
                row["content"], row["digest"] = meta
                if row["result"] == "unfinished":
                    row["actions"] = None
                    continue
                row["actions"] = [self._action(text) for (text,) in self._conn.execute(
                    "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (row["id"],))]
        document = {"format": 1, "exported": stamp(_now()), "games": rows}
        write_atomically(Path(path), lambda stream: json.dump(document, stream, indent=1))
        return len(rows)
