"""Undo and board correction at the terminal: the window's Menu *Undo* and *Fix the board*.

Source: RULES.md (README, Undo and Board correction); the rules are the engine's
(:mod:`companion.games.transmission.engine.undo`, :mod:`companion.games.transmission.engine.correction`)
and the table's intents the session's (``Session.undo``, ``Session.correct_board``), so the terminal
has the window's limits and says the window's refusals word for word.

- ``undo`` reverts exactly one action of the table (an Execute, a Signal Boost spent, a board
  correction) with ``[game] undo = "honor"``; refused, with the reason and nothing changed, when it is
  off, once a Transmission card is revealed, a Signal Boost dealt, a mission revealed or the game over.
- ``fix`` (or ``correct``) edits a copy of the board with the moves of *Fix the board*
  (:class:`~companion.games.transmission.board_draft.BoardDraft`), and ``save`` records it.

Both are the Cadet's side's: only the table's view is read (the board, the hand, the order taken
back), never a secret, so they are as safe with a person as Mission Control as without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn, Protocol

from companion.games.transmission.board_draft import BoardDraft, Cell
from companion.games.transmission.engine.board import HALLWAY, SIZE, Position
from companion.games.transmission.engine.correction import PHASES
from companion.games.transmission.session import Session
from companion.games.transmission.terminal_board import legend, render_board
from companion.i18n import N_, _, pgettext

__all__ = ["FIX_HELP", "FIX_WORDS", "UNDO_WORDS", "TABLE_HELP", "Seat", "fix_board", "table_word", "undo"]

#: What a Cadet types for the Menu's Undo and Fix the board in every language; :func:`table_word` also
#: takes the table's language's words (German "rückgängig", "korrigieren").
UNDO_WORDS = ("undo",)
FIX_WORDS = ("fix", "correct")


def _typed(word: str) -> set[str]:
    """``word`` casefolded, and with its umlauts typed as ae/oe/ue."""
    low = word.strip().casefold()
    return {low, low.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")}


def table_word(word: str) -> str | None:
    """``"undo"`` or ``"fix"`` when ``word`` asks for the Menu's Undo or Fix the board (English, or the
    table's language's word: German "rückgängig", "korrigieren"), else ``None``."""
    typed = word.strip().casefold()
    undo_words = {*UNDO_WORDS, *_typed(pgettext("typed word", "undo"))}
    fix_words = {*FIX_WORDS, *_typed(pgettext("typed word", "fix"))}
    if typed in undo_words:
        return "undo"
    if typed in fix_words:
        return "fix"
    return None

#: The lines ``help`` adds for them, at every prompt of the table.
TABLE_HELP = N_("""\
  undo    take back the last thing the table did: an Execute, a Signal Boost spent or a board
          correction (with [game] undo = "honor"; never a card drawn or a mission revealed)
  fix     fix the board: make the companion's board match the table's (also: correct)""")

FIX_HELP = N_("""\
Fix the board: make the companion's board match the one on the table.  Rows and columns count from 1.
  R C X        module X lies on row R, column C (e.g.  2 3 F); one that was elsewhere swaps places
               with what was here; a carried one is put down here
  R C .        row R, column C is a hallway (also:  hallway R C)
  flip R C     turn the module there to its other side (intact <-> damaged)
  cadet R C    the Cadet stands there
  carry X      the Cadet carries device X   carry nothing   the Cadet carries nothing
  board   the board as fixed so far    save   record the correction    cancel   leave the board as it was""")


class Seat(Protocol):
    """The terminal as these commands use it (:class:`~companion.games.transmission.terminal.Terminal`)."""

    @property
    def session(self) -> Session: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    def say(self, *lines: str) -> None: ...

    def ask(self, prompt: str) -> str: ...

    def leave(self) -> NoReturn: ...


# --------------------------------------------------------------------------- undo


def undo(seat: Seat) -> bool:
    """``undo``: the session's undo, its sentence said (a refusal with ``!``, nothing changed).

    After an Execute is undone its order is back in the registers: the line says it by hand numbers,
    so the Cadet can type it again or change it.  :returns: True when an action was undone."""
    session = seat.session
    if not session.undo():
        seat.say(f"! {session.message}")
        return False
    lines = [session.message]
    view = session.view()
    taken_back = [card for card, fixed in zip(view.arrangement, view.registers) if card and fixed is None]
    if taken_back:
        numbers = {card.id: k for k, card in enumerate(view.hand, start=1)}
        order = " ".join(str(numbers[c]) for c in taken_back if c in numbers)
        lines.append(_("The order taken back, as hand numbers: {order}.").format(order=order))
    seat.say(*lines)
    return True


# --------------------------------------------------------------------------- fix the board


class _Refused(ValueError):
    """An editing line that is not usable; the message says why."""


def fix_board(seat: Seat) -> bool:
    """``fix``: edit a copy of the board until ``save`` records it or ``cancel`` leaves it.

    Refused at once, with the window's sentence, when the board cannot be corrected now (e.g. while
    an error card is drawn).  :returns: True when a correction was recorded."""
    session = seat.session
    view = session.view()
    position = view.position
    draft = BoardDraft(session.content, position.rows(), position.cadet_cell, position.carrying or "")
    if view.phase not in PHASES:
        why = session.correction_problem(*draft.board())
        seat.say("! " + _sentence(why or _("The board cannot be corrected now")))
        return False
    seat.say(_(FIX_HELP), *_show(seat, draft))
    while True:
        words = seat.ask(_("Fix the board (save, cancel or help) > ")).replace(",", " ").split()
        head = words[0].lower() if words else ""
        if head in ("quit", "exit", "q"):
            seat.leave()
        if head in ("", "help", "?"):
            seat.say(_(FIX_HELP))
        elif head in ("board", "show"):
            seat.say(*_show(seat, draft))
        elif head == "cancel":
            seat.say(_("Fix the board cancelled: the board is as it was."))
            return False
        elif head in ("save", "done"):
            if _save(seat, draft):
                return True
        else:
            try:
                said = _edit(draft, words)
            except _Refused as exc:
                seat.say(f"! {exc}")
                continue
            seat.say(*_show(seat, draft), *([said] if said else []))


def _save(seat: Seat, draft: BoardDraft) -> bool:
    session = seat.session
    problem = _problem(seat, draft)
    if problem:
        seat.say(f"! {problem}")
        return False
    if not draft.changed:
        seat.say(_("Nothing was changed: the board is as it was."))
        return True
    if not session.correct_board(*draft.board()):
        seat.say(f"! {session.message}")
        return False
    seat.say(session.message)
    return True


def _problem(seat: Seat, draft: BoardDraft) -> str:
    """What keeps the draft from being saved, as the window says it: a missing module first, then what
    the rules object to (nothing for an unchanged board)."""
    if draft.problem:
        return draft.problem
    if not draft.changed:
        return ""
    why = seat.session.correction_problem(*draft.board())
    return _sentence(why) if why else ""


def _show(seat: Seat, draft: BoardDraft) -> list[str]:
    rows, cadet, carrying = draft.board()
    position = Position.from_rows(rows, cadet, carrying)
    lines = [_("The board as fixed so far:"), *render_board(position, seat.names),
             *legend(seat.session.content)]
    problem = _problem(seat, draft)
    if problem:
        lines.append(_("Not yet saved: {problem}").format(problem=problem))
    elif draft.changed:
        lines.append(_("Type 'save' to record it, or go on fixing."))
    else:
        lines.append(_("No change yet."))
    return lines


def _edit(draft: BoardDraft, words: Sequence[str]) -> str:
    """One editing line applied to ``draft``; :returns: what to tell the table, or ``""``.
    :raises _Refused: naming what is wrong (the draft unchanged)."""
    head = words[0].lower()
    if head == "carry":
        if len(words) != 2:
            raise _Refused(_("Say what the Cadet carries: 'carry X' (a device's letter) or 'carry nothing'."))
        if words[1].lower() in ("nothing", "none", "-", "."):
            return draft.set_carrying(None, _PUT)
        letter = _letter(draft, words[1])
        if letter not in draft.content.devices:
            name = draft.names()[letter]
            raise _Refused(_("The {name} ({letter}) is a station: stations are never carried.").format(
                name=name, letter=letter))
        return draft.set_carrying(letter, _PUT)
    if head in ("flip", "cadet", "hallway"):
        cell = _cell(words[1:], head)
        if head == "cadet":
            draft.cadet_here(cell)
            return ""
        if head == "hallway":
            draft.make_hallway(cell)
            return ""
        if draft.tile(cell) == HALLWAY:
            raise _Refused(_("A hallway has no sides: name a module's cell to flip."))
        draft.flip(cell)
        return ""
    if head in ("put", "module"):
        words = words[1:]
    if len(words) != 3 or not all(_is_number(w) for w in words[:2]):
        raise _Refused(_("{words} is not a fix: type a row, a column and a module letter (e.g. 2 3 F), "
                         "or 'help'.").format(words=repr(" ".join(words)[:30])))
    cell = _cell(words[:2], "put")
    if words[2] in (".", "hallway"):
        draft.make_hallway(cell)
    else:
        draft.put_module(cell, _letter(draft, words[2]))
    return ""


#: How the terminal puts a missing device on a cell (the window says "tap the cell it is on ...").
_PUT = N_("type its row, column and letter (e.g. 2 3 A).")


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 3


def _cell(words: Sequence[str], what: str) -> Cell:
    if len(words) != 2 or not all(_is_number(w) for w in words):
        raise _Refused(_("Give the cell as a row and a column, 1 to {size}: e.g. '{what} 2 3'.").format(
            size=SIZE, what=what))
    row, col = int(words[0]), int(words[1])
    if not (1 <= row <= SIZE and 1 <= col <= SIZE):
        raise _Refused(_("There is no row {row}, column {column}: rows and columns are 1 to {size}.").format(
            row=row, column=col, size=SIZE))
    return row - 1, col - 1


def _letter(draft: BoardDraft, word: str) -> str:
    letter = word.upper()
    if letter not in draft.names():
        known = " ".join(sorted(draft.names()))
        raise _Refused(_("{word} is not a module letter: the modules are {known}.").format(
            word=repr(word[:20]), known=known))
    return letter


def _sentence(phrase: str) -> str:
    """A rule's phrase as a sentence: capitalised, with a full stop (as the window shows it)."""
    phrase = phrase.rstrip(".")
    return phrase[:1].upper() + phrase[1:] + "."
