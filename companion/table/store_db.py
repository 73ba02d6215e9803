"""The store's SQLite file: schema, migrations, opening it, and setting a bad file aside.

Used by :mod:`companion.table.store` (see its docstring for why WAL with
``synchronous=FULL``).  What can go wrong, and what happens:

- the folder cannot be made or written, or the file cannot be written:
  :class:`StoreError`, naming the path and the setting to change;
- the file is another program's SQLite database (neither our ``application_id`` nor our schema at
  its ``user_version``): :class:`StoreError`, and the file is left exactly as it is (decided on a
  read-only connection, before anything is written: no WAL switch, no rename);
- the file is not SQLite, or SQLite finds it damaged (``quick_check``), or it
  lacks the store's tables: renamed ``<name>.corrupt-YYYYmmdd-HHMMSS``;
- its schema version is newer than this program knows: renamed
  ``<name>.newer-YYYYmmdd-HHMMSS`` (a newer companion can still read it);

and in both last cases a fresh file is started and a notice written for the
screen (one line; SQLite's own findings go to the log).  A busy, read-only or
failing disk is never mistaken for damage: that
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
import resource
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from companion.errors import CompanionError

__all__ = ["StoreError", "MIGRATIONS", "SCHEMA_VERSION", "APPLICATION_ID", "migrate", "open_connection",
           "plain_failure", "read_text"]

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


#: ``PRAGMA application_id`` of every store (``"ITcs"``): marks the file as ours.  Files written before
#: it (main 3b247fa and earlier) have 0 and are recognised by their schema.
APPLICATION_ID = 0x49546373


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database from its ``user_version`` up to ``target`` in one transaction (which also
    marks it with :data:`APPLICATION_ID`).

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
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return version


#: SQLite errors that say nothing about the file's contents (extended names start with these).
_NOT_DAMAGE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_FULL",
               "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_NOMEM", "SQLITE_AUTH", "SQLITE_INTERRUPT",
               "SQLITE_NOLFS")
#: What a failing SQLite call raises: its own errors, and a UnicodeDecodeError when its message quotes
#: the damaged bytes of a corrupt file (it is not UTF-8).  The store turns each into a StoreError.
_NAME_MAX = 255  # bytes in one name of a path (ext4, vfat's long names)

SQLITE_FAILURES: tuple[type[Exception], ...] = (sqlite3.Error, UnicodeDecodeError)

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


def read_text(data: bytes) -> str:
    """SQLite text as ``str`` even when a damaged file holds bytes that are not UTF-8 (the
    connections' ``text_factory``): a bad byte becomes U+FFFD instead of a :class:`UnicodeDecodeError`."""
    return data.decode("utf-8", "replace")


class _Foreign(Exception):
    """The file is another program's SQLite database."""


def _schema(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    tables = [str(row[0]) for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {table: frozenset(str(row[1]) for row in conn.execute(f'PRAGMA table_info("{table}")'))
            for table in tables}


def _expected_schema(version: int) -> dict[str, frozenset[str]]:
    """The tables and columns a store of schema ``version`` has (the migrations run in memory)."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[:version]:
            step(memory)
        return _schema(memory)
    finally:
        memory.close()


def _check_ours(conn: sqlite3.Connection) -> None:
    """Is the file a companion store?  Read-only queries only, so a file that is not ours is never changed.

    Ours: marked with :data:`APPLICATION_ID`, or holding exactly a store's tables for its
    ``user_version`` (stores written before the mark; an empty file is a new store).

    :raises _Foreign: another program's database.
    :raises _Unusable: the schema cannot be read and the file carries no other program's mark (damaged).
    :raises sqlite3.Error: the file cannot be read now (a busy or failing disk), or it is not SQLite.
    """
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if app_id == APPLICATION_ID:
        return
    try:
        schema = _schema(conn)
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        if app_id != 0 and _damage(exc):
            raise _Foreign() from None
        raise
    if 0 <= version <= SCHEMA_VERSION and schema == _expected_schema(version):
        return
    raise _Foreign()


def _checked_version(conn: sqlite3.Connection) -> int:
    """The schema version of a file of ours that passes SQLite's quick check (read-only queries only).

    :raises _Foreign: another program's database (:func:`_check_ours`).
    :raises _Unusable: damaged, or written by a newer version of the companion."""
    _check_ours(conn)
    check = conn.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        log.warning("SQLite's quick check of the game history: %s",
                    " | ".join(" ".join(str(row[0]).split()) for row in check[:5]))
        raise _Unusable("corrupt", f"SQLite's check found {len(check)}{'+' if len(check) >= 100 else ''} "
                                   f"problem{'s' if len(check) != 1 else ''} in it")
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise _Unusable("newer", f"schema version {version}", version)
    return version


def _foreign(path: Path) -> StoreError:
    return StoreError(f"{path} is not a companion game history (it is another program's database), so it "
                      f"is left as it is; {SETTING}.")


def _probe(path: Path) -> None:
    """The read-only checks, on a read-only connection closed before anything is written: a file that is
    not ours or is set aside is exactly as it was found.

    :raises StoreError: another program's database, or the file cannot be read now.
    :raises _Unusable: damaged or newer.
    """
    if not path.exists() or path.stat().st_size == 0:
        return  # a new store
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                               timeout=10)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot open the game history {path} ({plain_failure(exc, path)}); {SETTING}.") \
            from None
    conn.text_factory = read_text
    try:
        _checked_version(conn)
    except _Foreign:
        raise _foreign(path) from None
    except UnicodeDecodeError as exc:  # SQLite's own message quotes the damaged bytes
        log.warning("%s cannot be read: SQLite's message is not UTF-8 (%s)", path, str(exc))
        raise _Unusable("corrupt", "SQLite cannot read it") from None
    except sqlite3.Error as exc:
        if _damage(exc):
            log.warning("%s cannot be read: %s", path, str(exc))
            raise _Unusable("corrupt", "SQLite cannot read it") from None
        raise StoreError(f"The game history {path} cannot be used now ({plain_failure(exc, path)}); the file "
                         f"is left as it is.") from None
    finally:
        conn.close()


def _connect(path: Path) -> sqlite3.Connection:
    _probe(path)
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot open the game history {path} ({plain_failure(exc, path)}); {SETTING}.") \
            from None
    conn.text_factory = read_text
    try:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("%s: SQLite kept journal mode %s instead of WAL", path, mode)
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _migrate_in_place(conn, path)
        _check_tables(conn)
        if int(conn.execute("PRAGMA application_id").fetchone()[0]) != APPLICATION_ID:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a store from before the mark
        return conn
    except _Unusable:
        conn.close()
        raise
    except UnicodeDecodeError as exc:
        conn.close()
        log.warning("%s cannot be read: SQLite's message is not UTF-8 (%s)", path, str(exc))
        raise _Unusable("corrupt", "SQLite cannot read it") from None
    except sqlite3.Error as exc:
        conn.close()
        if _damage(exc):
            log.warning("%s cannot be read: %s", path, str(exc))
            raise _Unusable("corrupt", "SQLite cannot read it") from None
        raise StoreError(f"The game history {path} cannot be used now ({plain_failure(exc, path)}); the file "
                         f"is left as it is.") from None


def _migrate_in_place(conn: sqlite3.Connection, path: Path) -> None:
    """Bring a sound file up to :data:`SCHEMA_VERSION`.  A step that fails is rolled back whole
    (:func:`migrate`), so the file keeps its old schema and every game in it.

    :raises StoreError: a step failed; the file is left as it is (it is not damaged: not set aside).
    """
    try:
        migrate(conn)
    except sqlite3.Error as exc:
        conn.close()
        log.error("migrating %s failed: %s", path, str(exc))
        raise StoreError(f"The game history {path} could not be brought up to date to schema "
                         f"{SCHEMA_VERSION} ({plain_failure(exc, path)}); the file is left as it is, with "
                         f"every game, and the next start tries again.") from None


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
    return f"is damaged ({problem.detail})"


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
        raise StoreError(f"Cannot open the game history {path} ({plain_failure(exc, path)}).") from None
    conn.text_factory = read_text
    try:
        version = _checked_version(conn)
        if version < SCHEMA_VERSION:
            memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            memory.text_factory = read_text
            conn.backup(memory)
            conn.close()
            conn = memory
            migrate(conn)
        _check_tables(conn)
        return conn
    except _Foreign:
        conn.close()
        raise _foreign(path) from None
    except (_Unusable, sqlite3.Error, UnicodeDecodeError) as exc:
        conn.close()
        if isinstance(exc, UnicodeDecodeError):
            log.warning("%s cannot be read: SQLite's message is not UTF-8 (%s)", path, str(exc))
            exc = _Unusable("corrupt", "SQLite cannot read it")
        if isinstance(exc, sqlite3.Error) and not _damage(exc):
            raise StoreError(f"The game history {path} cannot be read now ({plain_failure(exc, path)}).") \
                from None
        if isinstance(exc, sqlite3.Error):
            log.warning("%s cannot be read: %s", path, str(exc))
        problem = exc if isinstance(exc, _Unusable) else _Unusable("corrupt", "SQLite cannot read it")
        raise StoreError(f"The game history {path} {_why_unusable(problem)}. It is left as it is: the app "
                         f"will keep it aside and start a fresh one on its next start.") from None


def open_connection(path: Path, read_only: bool = False) -> tuple[sqlite3.Connection, str | None]:
    """A connection to the store at ``path``, ready (WAL, synchronous FULL, foreign keys, current
    schema), and the notice when a bad file was set aside.  :raises StoreError: see the module.

    With ``read_only`` the file is only read (:func:`_connect_read_only`): a damaged or newer file is a
    :class:`StoreError` and is left where it is, and the notice is always ``None``.
    """
    if "\0" in str(path):
        raise StoreError(f"The game history's path {str(path)!r} holds a NUL character; {SETTING}.")
    long = next((part for part in path.parts if len(os.fsencode(part)) > _NAME_MAX), None)
    if long is not None:  # the file system refuses it (ENAMETOOLONG) at the first look
        raise StoreError(f"The game history's path {str(path)!r} has a name longer than {_NAME_MAX} bytes "
                         f"({long[:40]!r}...); {SETTING}.")
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


def plain_failure(exc: BaseException, path: Path) -> str:
    """What went wrong in the table's words (a clause, no SQLite diagnostics): a full disk, a file-size
    limit, a failing card, a busy file; else the error's own one-line text.

    :param path: the store's file (its size is compared with the process's ``RLIMIT_FSIZE``).
    """
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = " ".join(str(exc).split())
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return "the card is full; free some space on it (old exports, logs) and the next move saves again"
    if name.startswith(("SQLITE_IOERR", "SQLITE_NOLFS")) or "disk I/O error" in text:
        if _over_size_limit(path):
            return ("the file has reached the size limit this program may write (RLIMIT_FSIZE, systemd's "
                    "LimitFSIZE=); raise or remove that limit and the next move saves again")
        if _free_bytes(path.parent) < 1 << 20:
            return "the card is full; free some space on it (old exports, logs) and the next move saves again"
        return ("the card could not be written or read (it may be failing or was taken out); check the "
                "card, and the next move tries again")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return "another program is using the file; close it, and the next move tries again"
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return f"the file cannot be written (read-only); {SETTING}"
    return text or type(exc).__name__


def _over_size_limit(path: Path) -> bool:
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    if soft == resource.RLIM_INFINITY:
        return False
    sizes = []
    for name in (path.name, f"{path.name}-wal", f"{path.name}-journal"):
        try:
            sizes.append((path.parent / name).stat().st_size)
        except OSError:
            continue
    return any(size + (1 << 16) >= soft for size in sizes)


def _free_bytes(folder: Path) -> int:
    try:
        found = os.statvfs(folder)
    except OSError:
        return 1 << 62
    return found.f_bavail * found.f_frsize
