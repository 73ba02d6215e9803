"""argparse's own words (``usage:``, ``options``, ``error:``, its refusals) in the table's language.

:mod:`argparse` marks its words for :mod:`gettext` but looks them up with the module-level
``gettext.gettext``/``gettext.ngettext`` (the global ``messages`` domain, its language from the
environment), not with the table's catalog.  :func:`follow_language` points argparse's two lookup
functions at :func:`companion.i18n._` and :func:`companion.i18n.ngettext`, as ``i18nparse`` does
with its own catalog (``argparse._``, ``argparse.ngettext``), so the command line's help and refusals
read in the language :func:`companion.i18n.set_language` chose, switch with it, and argparse's words
are translated in our one catalog.  :data:`WORDS` and :data:`PLURALS` mark them for extraction
(``scripts/i18n extract``; they are argparse's msgids of Python 3.11, character for character).

The words argparse says to a developer (a conflicting option string, a bad ``dest=``) are not marked:
they stay English, as they never reach a player.
"""

from __future__ import annotations

import argparse

from companion.i18n import N_, _, ngettext

__all__ = ["WORDS", "PLURALS", "follow_language"]

#: argparse's words a person reads (help sections, usage, refusals), marked for the catalog.
WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _plurals() -> tuple[tuple[str, str], ...]:
    """argparse's plural messages (the calls mark them for extraction; with ``n=1`` each returns its
    singular in the language in use, which :data:`PLURALS` does not keep)."""
    ngettext("expected %s argument", "expected %s arguments", 1)
    return (("expected %s argument", "expected %s arguments"),)


#: argparse's plural messages a person reads: (singular, plural).
PLURALS = _plurals()


def follow_language() -> None:
    """Make argparse look its words up in the table's catalog (:mod:`companion.i18n`) from now on.

    Idempotent; called when the ``companion`` parser is built (:func:`companion.cli.main.build_parser`),
    after the language is set at start-up, since argparse translates its section titles when a parser
    is made and its other words when they are shown."""
    setattr(argparse, "_", _)  # noqa: B010 - argparse's module-level lookup, by design replaceable
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
