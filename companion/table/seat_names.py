"""The players' names of a game whose seats have one (The Six Actions, The Five Actions): what a
name must be, and how a wrong one is said to the table.

Source: RULES.md and the games' docs (docs/six-actions.md, docs/five-actions.md, Setup): each
player has a name of 1 to ``max_name`` characters, no two alike (case and spacing aside: "Ann" and
" ann " are one name).  The engine refuses a wrong Start with :func:`names_problem`'s sentence, the
window's Setup shows it, and the terminal asks a taken name again with :func:`taken_by`.  Seats are
counted from 0 here and said from 1 ("Player 2").
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import said
from companion.i18n import N_

__all__ = ["clean_name", "name_problem", "names_problem", "taken_by"]


def clean_name(text: str) -> str:
    """``text`` with its spaces tidied: none at either end, one between words (``" Ann  Lee "`` ->
    ``"Ann Lee"``)."""
    return " ".join(text.split())


def taken_by(name: str, earlier: Sequence[str]) -> int | None:
    """The seat (0-based) of the first of ``earlier`` whose name is ``name``, case and spacing
    aside; ``None`` when no one has it."""
    key = clean_name(name).casefold()
    return next((seat for seat, other in enumerate(earlier) if clean_name(other).casefold() == key), None)


def name_problem(name: str, seat: int, earlier: Sequence[str], max_name: int) -> str | None:
    """Why ``name`` cannot be the name of ``seat`` (0-based) after the seats ``earlier``, as the
    table reads it, or ``None`` when it can.

    :param name: the name as typed (spaces are tidied with :func:`clean_name` first).
    :param earlier: the names of seats 0 to ``seat - 1``.
    :param max_name: the longest name, in characters (after tidying).
    :returns: e.g. ``"Player 3 needs a name (1 to 20 characters)."`` or
        ``"Player 2's name is taken by Player 1: choose another."``.
    """
    name = clean_name(name)
    if not name:
        return said(N_("Player {n} needs a name (1 to {most} characters)."), n=seat + 1, most=max_name)
    if len(name) > max_name:
        return said(
            N_("Player {n}'s name is {length} characters: at most {most}, please shorten it."),
            n=seat + 1,
            length=len(name),
            most=max_name,
        )
    other = taken_by(name, earlier)
    if other is not None:
        return said(
            N_("Player {n}'s name is taken by Player {other}: choose another."),
            n=seat + 1,
            other=other + 1,
        )
    return None


def names_problem(names: Sequence[str], max_name: int) -> str | None:
    """The first seat's :func:`name_problem` of ``names`` (seat order), or ``None`` when all are
    good."""
    for seat, name in enumerate(names):
        problem = name_problem(name, seat, names[:seat], max_name)
        if problem is not None:
            return problem
    return None
