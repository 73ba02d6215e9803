"""Which game store a subcommand uses, and opening it for the command line.

Each command that uses the store reads the database of the table's config (``Config.database_path``:
``[store] database``, else ``<data_dir>/companion.sqlite3``) or ``--database FILE``, a file in a
folder that exists (no command creates folders for it).  Reading commands never create or change a
database (:func:`open_store` with ``create`` false).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.output import EXIT_USAGE, Failure, err
from companion.i18n import _
from companion.table.config import read_config, store_problems
from companion.table.store import Store, StoreError

__all__ = ["database_option", "database_path", "open_store", "none_yet"]


def database_option(parser: argparse.ArgumentParser) -> None:
    """``--database FILE``, for every command that uses the store."""
    parser.add_argument("--database", metavar="FILE", type=Path, default=None,
                        help=_("the game store (SQLite) instead of the config's [store] database"))


def database_path(args: argparse.Namespace) -> Path:
    """``--database`` or the config's database.

    :raises Failure: an unusable config file (exit 1); ``--database`` in a folder that does not exist
        (exit 2: a mistyped path would otherwise create folders, and a history nobody finds, there).
    """
    if getattr(args, "database", None) is not None:
        path = Path(args.database).expanduser()
        if not path.parent.is_dir():
            sentence = (_("--database {path}: the folder {folder} is not a folder (the game store is kept in "
                          "a folder that exists: create it first, or give a file in another)")
                        if path.parent.exists() else
                        _("--database {path}: the folder {folder} does not exist (the game store is kept in "
                          "a folder that exists: create it first, or give a file in another)"))
            raise Failure(sentence.format(path=path, folder=path.parent), EXIT_USAGE)
        return path
    config, problems = read_config()
    # A bad [game] setting does not matter here; one that decides where the database is, or a file
    # that could not be read at all, would point at the wrong history.
    for problem in store_problems(problems):
        raise Failure(_("config: {problem}").format(problem=problem))
    return config.database_path


def open_store(args: argparse.Namespace, create: bool = False) -> Store | None:
    """The store, or ``None`` when there is none yet and ``create`` is false; its notice on stderr.

    :raises Failure: the store cannot be opened (a damaged file read-only stays where it is, for the
        app to set aside on its next start).
    """
    path = database_path(args)
    if not create and not path.exists():
        return None
    try:
        # Reading commands only read: a damaged file stays put for the app to set aside, with its notice.
        store = Store.open(path, read_only=not create)
    except StoreError as exc:
        raise Failure(str(exc)) from None
    if store.notice:
        err(store.notice)
    return store


def none_yet(args: argparse.Namespace) -> str:
    """The sentence for a store that does not exist yet."""
    return _("No games yet: there is no game store at {path}.").format(path=database_path(args))
