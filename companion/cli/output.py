"""What every ``companion`` subcommand shares: its output, its failure, its exit codes, its parsers.

The functions :func:`out` and :func:`err` are the only places of the command line that print;
every error path of a subcommand raises :class:`Failure` (or an error of the core) and ends in one
clear sentence on stderr with one of the exit codes of :data:`EPILOG`, never in a traceback
(``-v`` logs it).  A family of subcommands (a game's, the store's, the lab's, or one that ``ui``
adds through the ``companion.subcommands`` entry-point group) imports these, never the names of
:mod:`companion.cli.main`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping

from companion.i18n import N_, _

__all__ = ["EXIT_OK", "EXIT_ERROR", "EXIT_USAGE", "EXIT_IMPOSSIBLE", "EXIT_INTERRUPTED", "EPILOG",
           "ACTIONS_EPILOG", "Failure", "out", "err", "print_json", "positive", "verbose_option",
           "whole_number"]

EXIT_OK = 0
#: A runtime failure: no display, a missing app, an unreadable or invalid content pack.
EXIT_ERROR = 1
#: Bad input: a malformed scenario, unknown options (argparse's own code).
EXIT_USAGE = 2
#: ``referee``: a command in the program is impossible; nothing was executed.
EXIT_IMPOSSIBLE = 3
EXIT_INTERRUPTED = 130

#: The exit codes, at the end of every ``--help`` (marked: shown as ``_(EPILOG)``).
EPILOG = N_("""\
exit codes:
  0    success (referee: every command executed)
  1    error: no display, the app or the planner missing, an unreadable or invalid content pack,
       `content check` found problems
  2    bad input: a malformed scenario file (the message names the field), a bad option
  3    referee: an impossible command (JSON on stdout names the step, the command and the reason)
  130  interrupted (Ctrl-C)""")

#: :data:`EPILOG` of the ``referee`` of a game of actions (the Six and Five Actions), whose scenario
#: holds actions, not commands (marked: shown as ``_(ACTIONS_EPILOG)``).
ACTIONS_EPILOG = N_("""\
exit codes:
  0    success (referee: every action applied)
  1    error: no display, the app missing, an unreadable or invalid content pack,
       `content check` found problems
  2    bad input: a malformed scenario file (the message names the field), a bad option
  3    referee: a refused action (JSON on stdout names its index, its kind and the reason)
  130  interrupted (Ctrl-C)""")


class Failure(Exception):
    """Ends a subcommand with ``message`` on stderr (after ``companion COMMAND: ``) and exit ``code``."""

    def __init__(self, message: str, code: int = EXIT_ERROR) -> None:
        super().__init__(message)
        self.code = code


def out(text: str) -> None:
    """The command line's standard output (results)."""
    print(text, flush=True)


def err(text: str) -> None:
    """The command line's standard error (problems)."""
    print(text, file=sys.stderr, flush=True)


def print_json(data: Mapping[str, object]) -> None:
    """One JSON object on stdout, a top-level field per line (a board's rows stay on one line)."""
    fields = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items())
    out("{\n" + fields + "\n}")


def whole_number(text: str) -> int:
    """An option's text as a whole number, for an argparse type that then checks its range.

    :raises argparse.ArgumentTypeError: naming the text (shortened to 20 characters: also a number of
        more than 4,300 digits, Python's limit).
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text[:20]))) from None


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1.  :raises argparse.ArgumentTypeError: naming it."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(value=value))
    return value


def verbose_option() -> argparse.ArgumentParser:
    """A parent parser with ``-v``/``--verbose`` (counted), which every subcommand takes."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS,
                        help=_("log to stderr (-vv for debug detail)"))
    return common
