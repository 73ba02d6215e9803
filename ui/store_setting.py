"""Where the app keeps the table's history, decided from the config as the command line decides it.

Source: issue 24, item 7.  A ``[store]`` setting that cannot be used (a NUL in ``data_dir``, the ``~``
of a user this system lacks, a path longer than Linux allows, not a string), or a config file that
cannot be read at all, leaves the table's history where the file says, not where the defaults are:
the command line refuses it (:func:`companion.cli.database.database_path`), and the app turns History
off with the problem on Home instead of opening an empty history in another place.  A ``data_dir``
that is a file or cannot be written is refused by :meth:`companion.table.store.Store.open`, which
:class:`ui.table_store.TableStore` says on Home the same way.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, NamedTuple

from companion.errors import SHOWN_KEY, SHOWN_PATH, cut, written
from companion.i18n import _
from companion.table.config import Config, read_config, store_problems
from ui.start import settings_notice

__all__ = ["TableSettings", "table_settings"]

log = logging.getLogger(__name__)


class TableSettings(NamedTuple):
    """The app's settings at start.

    :param config: every valid setting (a bad one is its default).
    :param notices: sentences for Home: the settings not used, and why History is off.
    :param store_path: the game store to open, or ``None``: History is off (a notice says why).
    """

    config: Config
    notices: list[str]
    store_path: Path | None

    def app_options(self) -> dict[str, Any]:
        """``config``, ``store_path`` and ``notices`` for :class:`ui.app.CompanionApp`."""
        return {"config": self.config, "store_path": self.store_path, "notices": self.notices}


def table_settings(path: str | os.PathLike[str] | None = None) -> TableSettings:
    """Read the config (:func:`~companion.table.config.read_config`) and decide the game store.

    :param path: the config file; default the one :func:`~companion.table.config.config_path` finds.
    """
    config, problems = read_config(None if path is None else Path(path))
    for problem in problems:
        log.error("config setting not used: %s", problem)
    where = store_problems(problems)
    others = [p for p in problems if p not in where or not p.field]
    notices = [settings_notice(others)] if others else []
    if not where:
        return TableSettings(config, notices, config.database_path)
    first = where[0]
    if first.field:
        file = cut(first.file, SHOWN_PATH, middle=True)
        why = _("{key} = {value} in {file} says where the table's history is, and it cannot be used "
                "({problem})").format(key=cut(first.field, SHOWN_KEY), value=written(first.value), file=file,
                                      problem=first.problem)
    else:
        why = _("the config file, which may say where the table's history is, cannot be used")
    notices.append(_("History is off: {why}. No other history was opened in its place; fix it and "
                     "restart.").format(why=why))
    return TableSettings(config, notices, None)
