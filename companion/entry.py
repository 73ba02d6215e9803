"""The ``companion`` console script (``pyproject.toml``, ``[project.scripts]``) and ``python -m companion``.

The top floor of the house (``tests/test_structure.py``, floors): it wires the catalog of installed
games (:func:`companion.games.catalog.registered`) into the command line
(:func:`companion.cli.main.run`), so that the framework below never imports a game (issue 24, item 2).
"""

from __future__ import annotations

from companion.cli.main import run
from companion.games.catalog import registered

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """``companion ARGS``: the command line of every registered game.

    :param argv: the arguments after ``companion`` (default ``sys.argv[1:]``).
    :returns: the exit status (:data:`companion.cli.output.EPILOG`); never raises.
    """
    return run(registered(), argv)
