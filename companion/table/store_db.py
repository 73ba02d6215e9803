"""The store's SQLite file: schema, migrations, opening it, and setting a bad file aside.

Used by :mod:`companion.table.store` (see its docstring for why WAL with
``synchronous=FULL``).  What can go wrong, and what happens:

- the folder cannot be made or written, or the file cannot be written:
  :class:`StoreError`, naming the path and the setting to change;
- the file is not SQLite, or SQLite finds it damaged (``quick_check``), or it
  lacks the store's tables: renamed ``<name>.corrupt-YYYYmmdd-HHMMSS``;
- its schema version is newer than this program knows: renamed
  ``<name>.newer-YYYYmmdd-HHMMSS`` (a newer companion can still read it);

and in both last cases a fresh file is started and a notice written for the
screen.  A busy, read-only or failing disk is never mistaken for damage: that
is a :class:`StoreError`, and the file is left alone; so is a migration step
that fails: every step is rolled back (one transaction), the file keeps its
old schema and every game, and the next start tries again.  Opened ``read_only``
(the CLI's reading commands), nothing is created, migrated or set aside: a
damaged or newer file is a :class:`StoreError` saying the app will set it
aside on its next start.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from companion.errors import CompanionError

__all__ = ["StoreError", "MIGRATIONS", "SCHEMA_VERSION", "migrate", "open_connection"]

log = logging.getLogger(__name__)


class StoreError(CompanionError, RuntimeError):
    """The game store cannot be used (an unwritable folder, a failed export, a game that cannot be
    resumed); the message is a sentence for the table."""


# --------------------------------------------------------------------------- schema


def _v1(conn: sqlite3.Connection) -> None:
    """Version 1, the game log: one row per game, one per action."""
    conn.execute("""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started TEXT NOT NULL,
        ended TEXT,
        content_id TEXT NOT NULL,
        content_digest TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        layout TEXT NOT NULL,
        seed INTEGER NOT NULL,
        result TEXT NOT NULL DEFAULT 'unfinished'
            CHECK (result IN ('won', 'lost', 'abandoned', 'unfinished')),
        transmissions_used INTEGER NOT NULL DEFAULT 0,
        missions_completed INTEGER NOT NULL DEFAULT 0,
        missions_total INTEGER NOT NULL DEFAULT 0,
        score INTEGER NOT NULL DEFAULT 0)""")
    conn.execute("""CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)) WITHOUT ROWID""")
    conn.execute("CREATE INDEX games_by_result ON games (result, id)")


def _v2(conn: sqlite3.Connection) -> None:
    """Version 2, resume and undo: the table state of each game, its undos and its playing time."""
    conn.execute("""CREATE TABLE table_state (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        state TEXT NOT NULL)""")
    conn.execute("ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN played_s REAL NOT NULL DEFAULT 0")


def _v3(conn: sqlite3.Connection) -> None:
    """Version 3, one house for several games: each game row names its game and its record's format.

    The rows of versions 1 and 2 are all Incoming Transmission's (the one game then), with record
    format 1: the defaults say so for them; every new row gives both.
    """
    conn.execute("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'transmission'")
    conn.execute("ALTER TABLE games ADD COLUMN record_format INTEGER NOT NULL DEFAULT 1")


#: ``MIGRATIONS[v]`` brings a database from schema version ``v`` to ``v + 1``.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3)
SCHEMA_VERSION = len(MIGRATIONS)

_TABLES = {
    "games": {"id", "started", "ended", "content_id", "content_digest", "difficulty", "layout", "seed",
              "result", "transmissions_used", "missions_completed", "missions_total", "score", "undos",
              "played_s", "game", "record_format"},
    "actions": {"game_id", "seq", "action"},
    "table_state": {"game_id", "state"},
}


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database from its ``user_version`` up to ``target`` in one transaction.

    :returns: the version it had.
    :raises ValueError: the database is newer than ``target``.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > target:
        raise ValueError(f"schema version {version} is newer than {target}")
    if version < target:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for step in MIGRATIONS[version:target]:
                step(conn)
            conn.execute(f"PRAGMA user_version = {int(target)}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return version


#: SQLite errors that say nothing about the file's contents (extended names start with these).
_NOT_DAMAGE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_FULL",
               "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_NOMEM", "SQLITE_AUTH", "SQLITE_INTERRUPT",
               "SQLITE_NOLFS")
SETTING = "set [store] database (or data_dir) in the config file to a writable place"


class _Unusable(Exception):
    def __init__(self, kind: str, detail: str, version: int = 0) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.version = version


def _check_writable(path: Path) -> None:
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"Cannot create the folder {folder} for the game history "
                         f"({exc.strerror or exc}); {SETTING}.") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(f"The folder {folder} is not writable, so the game history cannot be kept there; "
                         f"{SETTING}.")
    if path.exists():
        if not path.is_file():
            raise StoreError(f"{path} is not a file, so it cannot hold the game history; {SETTING}.")
        if not os.access(path, os.R_OK | os.W_OK):
            raise StoreError(f"The game history {path} cannot be written (no permission); {SETTING}.")


def _damage(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return isinstance(exc, sqlite3.DatabaseError) and not name.startswith(_NOT_DAMAGE)


def _check_tables(conn: sqlite3.Connection) -> None:
    for table, columns in _TABLES.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= have:
            raise _Unusable("corrupt", f"table {table} lacks {', '.join(sorted(columns - have))}")


def _checked_version(conn: sqlite3.Connection) -> int:
    """The schema version of a file that passes SQLite's quick check (read-only queries only).

    :raises _Unusable: damaged, or written by a newer version of the companion."""
    check = conn.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        raise _Unusable("corrupt", "; ".join(str(row[0]) for row in check[:3]))
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise _Unusable("newer", f"schema version {version}", version)
    return version


def _connect(path: Path) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot open the game history {path} ({exc}); {SETTING}.") from None
    try:
        # Read-only checks first, so a file set aside is as it was found.
        _checked_version(conn)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("%s: SQLite kept journal mode %s instead of WAL", path, mode)
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _migrate_in_place(conn, path)
        _check_tables(conn)
        return conn
    except _Unusable:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        if _damage(exc):
            raise _Unusable("corrupt", str(exc)) from None
        raise StoreError(f"The game history {path} cannot be used now ({exc}); the file is left as it "
                         f"is.") from None


def _migrate_in_place(conn: sqlite3.Connection, path: Path) -> None:
    """Bring a sound file up to :data:`SCHEMA_VERSION`.  A step that fails is rolled back whole
    (:func:`migrate`), so the file keeps its old schema and every game in it.

    :raises StoreError: a step failed; the file is left as it is (it is not damaged: not set aside).
    """
    try:
        migrate(conn)
    except sqlite3.Error as exc:
        conn.close()
        raise StoreError(f"The game history {path} could not be brought up to date (schema "
                         f"{SCHEMA_VERSION}: {exc}); the file is left as it is.") from None


def _set_aside(path: Path, kind: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{kind}-{stamp}")
    n = 2
    while aside.exists() or Path(f"{aside}-wal").exists():
        aside = path.with_name(f"{path.name}.{kind}-{stamp}-{n}")
        n += 1
    try:
        os.rename(path, aside)
        for suffix in ("-wal", "-shm"):
            companion_file = Path(f"{path}{suffix}")
            if companion_file.exists():
                os.rename(companion_file, Path(f"{aside}{suffix}"))
    except OSError as exc:
        raise StoreError(f"The game history {path} cannot be read and cannot be moved aside "
                         f"({exc.strerror or exc}); move or delete it by hand.") from None
    return aside


def _notice(path: Path, problem: _Unusable, aside: Path) -> str:
    why = _why_unusable(problem)
    if problem.kind != "newer":
        why = "could not be read: it " + why
    return f"The game history {path.name} {why}. It is kept as {aside} and a new, empty history was started."


def _why_unusable(problem: _Unusable) -> str:
    if problem.kind == "newer":
        return (f"was written by a newer version of the companion (schema {problem.version}; this version "
                f"reads up to {SCHEMA_VERSION})")
    return f"is damaged or not a companion game history ({problem.detail})"


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """Read the store without changing it: no folder made, no journal mode set, nothing set aside.

    An older schema is brought up to date in a copy in memory, never in the file.

    :raises StoreError: no such file, or it cannot be read, or it is damaged or newer (the app sets
        such a file aside on its next start).
    """
    if not path.is_file():
        raise StoreError(f"There is no game history at {path} (not a file).")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                               check_same_thread=False, timeout=10)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot open the game history {path} ({exc}).") from None
    try:
        version = _checked_version(conn)
        if version < SCHEMA_VERSION:
            memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            conn.backup(memory)
            conn.close()
            conn = memory
            migrate(conn)
        _check_tables(conn)
        return conn
    except (_Unusable, sqlite3.Error) as exc:
        conn.close()
        if isinstance(exc, sqlite3.Error) and not _damage(exc):
            raise StoreError(f"The game history {path} cannot be read now ({exc}).") from None
        problem = exc if isinstance(exc, _Unusable) else _Unusable("corrupt", str(exc))
        raise StoreError(f"The game history {path} {_why_unusable(problem)}. It is left as it is: the app "
                         f"will keep it aside and start a fresh one on its next start.") from None


def open_connection(path: Path, read_only: bool = False) -> tuple[sqlite3.Connection, str | None]:
    """A connection to the store at ``path``, ready (WAL, synchronous FULL, foreign keys, current
    schema), and the notice when a bad file was set aside.  :raises StoreError: see the module.

    With ``read_only`` the file is only read (:func:`_connect_read_only`): a damaged or newer file is a
    :class:`StoreError` and is left where it is, and the notice is always ``None``.
    """
    if read_only:
        return _connect_read_only(path), None
    _check_writable(path)
    try:
        return _connect(path), None
    except _Unusable as problem:
        aside = _set_aside(path, problem.kind)
        notice = _notice(path, problem, aside)
        log.warning("%s", notice)
        try:
            return _connect(path), notice
        except _Unusable as again:  # pragma: no cover - a fresh file is always usable
            raise StoreError(f"A fresh game history {path} cannot be started: {again.detail}.") from None
