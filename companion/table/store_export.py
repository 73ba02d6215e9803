"""Export files written safely: through a temporary file of ours, synced, renamed over the target; and
the temporary files of exports killed midway cleaned up (issue 14).

Only files named as ours are ever removed: ``.<target>.companion-export-<pid>.tmp`` whose process is
gone (and the History screen's exports as main 3b247fa named them).
"""

from __future__ import annotations

import csv
import logging
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.i18n import _
from companion.table.store_db import StoreError

__all__ = ["clean_stale_exports", "write_atomically", "write_machine_csv"]

log = logging.getLogger(__name__)

#: A temporary export of ours: ``.<target name>.companion-export-<pid>.tmp`` beside the target.
_TEMPORARY = re.compile(r"^\.(?P<target>.+)\.companion-export-(?P<pid>\d+)\.tmp$")
#: What main 3b247fa named them (``.<name>.<pid>.tmp``); only the History screen's exports are
#: recognised as ours by that name.
_OLD_TEMPORARY = re.compile(r"^\.(?P<target>companion-history-\d{8}-\d{6}(?:-\d+)?\.(?:csv|json))"
                            r"\.(?P<pid>\d+)\.tmp$")


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True  # another thread of ours may be writing it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def clean_stale_exports(folder: Path) -> int:
    """Remove the temporary files of exports that were killed midway (their process is gone) in
    ``folder``; only files named as ours are touched.  :returns: files removed."""
    removed = 0
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False)]
    except OSError:
        return 0
    for name in names:
        match = _TEMPORARY.match(name) or _OLD_TEMPORARY.match(name)
        if match is None or _running(int(match["pid"])):
            continue
        try:
            os.unlink(folder / name)
            removed += 1
        except OSError as exc:
            log.warning("cannot remove the stale export %s: %s", folder / name, exc.strerror or exc)
    if removed:
        log.info("removed %d stale temporary export file(s) in %s", removed, folder)
    return removed


def _reason(exc: Exception) -> str:
    """Why a file cannot be written, in words: the system's (``Permission denied``) or the error's."""
    return str(exc.strerror if isinstance(exc, OSError) and exc.strerror else exc)


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def check_target(path: Path, database: Path) -> None:
    """Refuse an export that would overwrite the game store or any other SQLite database.

    ``path`` is the export's file; ``database`` the store's own file (its ``-wal``, ``-shm`` and
    ``-journal`` companions count too).  Without this, ``export --json companion.sqlite3`` replaced
    the whole history with its own JSON.

    :raises StoreError: naming the file and what to do instead.
    """
    try:
        target = path.resolve()
    except (OSError, ValueError) as exc:  # a name the system cannot take (a NUL byte, a loop of links)
        raise StoreError(_("Cannot write {file}: {reason}.").format(file=path, reason=_reason(exc))) from None
    store = database.resolve()
    companions = {store, *(store.with_name(store.name + end) for end in ("-wal", "-shm", "-journal"))}
    if target in companions:
        raise StoreError(_("Cannot export to {file}: that is the game history itself, and the export "
                           "would replace it. Choose another file name, e.g. companion-history.csv.").format(
                               file=path))
    try:
        with open(target, "rb") as stream:
            head = stream.read(len(SQLITE_HEADER))
    except OSError:
        return  # nothing there (or unreadable: the write will say so)
    if head == SQLITE_HEADER:
        raise StoreError(_("Cannot export to {file}: it is a database, which the export would "
                           "replace. Choose another file name, e.g. companion-history.csv.").format(
                               file=path))


def write_atomically(path: Path, write: Callable[[Any], None], newline: str | None = None,
                     encoding: str = "utf-8") -> None:
    """Write through a temporary file beside ``path`` (named as ours, see :data:`_TEMPORARY`), synced,
    then renamed over it; the temporary files of exports killed earlier in that folder are removed first.
    ``encoding``: the text's (``"utf-8-sig"``: with a byte order mark, the spreadsheet's)."""
    clean_stale_exports(path.parent)
    temporary = path.with_name(f".{path.name}.companion-export-{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding=encoding, newline=newline) as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as exc:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
        if isinstance(exc, (OSError, ValueError)):  # ValueError: a name with a NUL byte
            raise StoreError(_("Cannot write {file}: {reason}.").format(
                file=path, reason=_reason(exc))) from None
        raise


def write_machine_csv(path: Path, rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> None:
    """``rows`` as a CSV for scripts (``,``, ``\n``, UTF-8 without a byte order mark, the given English
    ``columns``; a row's ``winners`` list joined with ``"; "``), written by :func:`write_atomically`.
    :raises StoreError: as :func:`write_atomically`."""
    def write(stream: Any) -> None:
        writer = csv.DictWriter(stream, fieldnames=list(columns), lineterminator="\n")
        writer.writeheader()
        writer.writerows({**row, "winners": "; ".join(row["winners"])} for row in rows)

    write_atomically(path, write, newline="")
