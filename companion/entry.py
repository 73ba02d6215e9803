"""The ``companion`` console script (``pyproject.toml``, ``[project.scripts]``) and ``python -m companion``.

The top floor of the house (``tests/test_structure.py``, floors): it wires the catalog of installed
games (:func:`companion.games.catalog.registered`) into the command line
(:func:`companion.cli.main.run`), so that the framework below never imports a game (issue 24, item 2).
"""

from __future__ import annotations

from companion.cli.main import run
from companion.games.catalog import registered
from companion.table.config import read_config
from companion.table.table_settings import use_table_language

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """``companion ARGS``: the command line of every registered game.

    :param argv: the arguments after ``companion`` (default ``sys.argv[1:]``).
    :returns: the exit status (:data:`companion.cli.output.EPILOG`); never raises.

    The text a person reads is in the table's language (``[table] language`` of the config, else
    ``COMPANION_LANG``/``LANGUAGE``/``LC_*``/``LANG``, else English); machine output (``--json``,
    reason codes) stays English.  The config's problems are each command's to report.
    """
    config, _problems = read_config()
    use_table_language(config.table)
    return run(registered(), argv)
