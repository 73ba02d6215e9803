"""A running game's seed kept for a bug report, out of the log (issue 24).

The seed (with the content pack) deals the secret missions, so a log line naming it would let anyone
reading the log reconstruct them.  The log names a short digest instead, and the seed itself goes to
``<data_dir>/seed-reports.txt``, a file only its owner may read or write (mode 0600): the table's own
``[store] data_dir`` (the session's ``seed_reports``, set from the config where a game is started or
resumed), else the default user data folder.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

import platformdirs

from companion.table.config import APP_NAME

log = logging.getLogger(__name__)

#: The report file's folder when the caller names none: the user data dir (``Config.data_dir``'s default).
REPORT_DIR: Path = platformdirs.user_data_path(APP_NAME)
REPORT_NAME = "seed-reports.txt"


def seed_digest(seed: int) -> str:
    """The first 12 hex digits of the sha256 of the seed's decimal text: names it, never reveals it."""
    return hashlib.sha256(str(seed).encode()).hexdigest()[:12]


def keep_seed(seed: int, directory: Path | None = None) -> str:
    """Append ``digest seed`` to the report file (created with mode 0600) and return the digest.

    :param directory: the folder, :data:`REPORT_DIR` when ``None``; created when missing.
    An unwritable folder or file is logged (without the seed) and the digest is still returned.
    """
    digest = seed_digest(seed)
    path = (REPORT_DIR if directory is None else directory) / REPORT_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, f"{digest} {seed}\n".encode())
        finally:
            os.close(fd)
    except OSError as exc:
        log.error("the seed of game %s cannot be kept in %s: %s", digest, path, exc.strerror or exc)
    return digest
