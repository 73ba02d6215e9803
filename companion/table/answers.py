"""Yes and no at a terminal's questions, in the table's language and in English.

Every "[y/N]", "[Y/n/q]" or "[y/n]" question of a terminal game reads its answer here: ``y``/``yes``
and ``n``/``no`` always work, and so does the table's language's own word (the catalog's
``pgettext("answer", ...)``: German ``j``/``ja`` and ``n``/``nein``), which the translated question
names ("[j/N]").  Case and surrounding spaces do not matter.
"""

from __future__ import annotations

from companion.i18n import pgettext

__all__ = ["is_no", "is_yes"]


def _key(answer: str) -> str:
    return answer.strip().casefold()


def is_yes(answer: str) -> bool:
    """``answer`` says yes: ``y``, ``yes`` or the table's language's (German ``j``, ``ja``)."""
    words = {"y", "yes", pgettext("answer", "y").casefold(), pgettext("answer", "yes").casefold()}
    return _key(answer) in words


def is_no(answer: str) -> bool:
    """``answer`` says no: ``n``, ``no`` or the table's language's (German ``n``, ``nein``)."""
    words = {"n", "no", pgettext("answer", "n").casefold(), pgettext("answer", "no").casefold()}
    return _key(answer) in words
