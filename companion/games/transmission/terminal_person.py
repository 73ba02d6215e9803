"""The terminal game with a person as Mission Control: ``companion play --mc person``.

Source: RULES.md, With a person as Mission Control.  One terminal serves the whole table, so each of
Mission Control's private steps (entering the Mission cards they drew, selecting 5 commands, drawing
the error card, handing the cards over, a Signal Boost answered aloud) sits behind a "hand the
terminal to Mission Control, press Enter" prompt, and the screen is cleared when it ends.  The
Cadet's steps are :class:`~companion.games.transmission.terminal.Terminal`'s, reading only the
table's view; the private steps read :meth:`PersonSession.seat_view`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from companion.games.transmission.command_words import (
    CommandWordError,
    accepted_words,
    example,
    read_command,
    read_commands,
)
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import CadetView, MissionView
from companion.games.transmission.person import PersonSession
from companion.games.transmission.seat_view import SeatView
from companion.games.transmission.terminal import InputFn, OutputFn, Terminal, render_board
from companion.games.transmission.terminal_fix import table_word
from companion.i18n import N_, _, ngettext

__all__ = ["CLEAR", "PersonTerminal", "SELECT_HELP", "select_help"]

#: What clears a terminal (ANSI: erase the screen and the scroll-back, cursor home).
CLEAR = "\x1b[2J\x1b[3J\x1b[H"

SELECT_HELP = N_("""\
Type your 5 commands in the order you intend them, e.g.  {example}
  ({accepted}).
  The companion refuses an order that is not viable and says which step is impossible and why.
  coach   the AI's pick and the fewest transmissions still possible (when the coach is on)
  board   the board again""")


def select_help() -> str:
    """:data:`SELECT_HELP` in the table's language, with the command names it takes."""
    return _(SELECT_HELP).format(accepted=accepted_words(),
                                 example=example(Command.N, Command.E, Command.COLLECT, Command.S, Command.W))


class _Undone(Exception):
    """The table undid an action at a hand-over prompt: the private step it led to is not opened."""


def _mission_line(m: MissionView, done: frozenset[str]) -> str:
    mark = "x" if m.id in done else " "
    line = _("{title}: the {first} ({a}) next to the {second} ({b})").format(
        title=m.title, first=m.names[0], a=m.pair[0], second=m.names[1], b=m.pair[1])
    return f"  [{mark}] {line}"


class PersonTerminal(Terminal):
    """Plays one :class:`PersonSession` at a terminal (see the module docstring).

    :param clear_fn: clears the screen after a private step; default: print :data:`CLEAR`.
    """

    session: PersonSession

    def __init__(self, session: PersonSession, input_fn: InputFn = input, output_fn: OutputFn = print,
                 clear_fn: Callable[[], None] | None = None) -> None:
        super().__init__(session, input_fn, output_fn)
        self.clear_fn = clear_fn or self._clear

    def _clear(self) -> None:
        """Clear a real terminal; piped output gets a line saying where it would have been cleared."""
        self.output_fn(CLEAR if sys.stdout.isatty() else _("--- (the screen is cleared here) ---"))

    # ------------------------------------------------------------------ the private steps

    def _open(self, what: str) -> SeatView:
        """The hand-over prompt (``what``: marked for translation), then the seat opened.  Until Enter the
        terminal is still the table's: ``undo`` and ``fix`` work there (the window's Menu over its Cadet
        screens).

        :raises _Undone: when the table undid an action there (the private step is not opened)."""
        self.say("", _("--- Mission Control: {what} ---").format(what=_(what)),
                 _("Hand the terminal to Mission Control. Cadet, look away until it is handed back."))
        if not self._command_or_enter(_("Mission Control: press Enter when only you can see the screen > ")):
            raise _Undone
        self.session.open_seat()
        return self.session.seat_view()

    @contextmanager
    def _private(self, what: str) -> Iterator[SeatView]:
        """One private step: the seat opened (after the hand-over prompt) for the body of the ``with``.

        Every way out of it - ``quit``, end of input, Ctrl-C - hides the screen and clears it and the
        scroll-back, as "press Enter to hide this" does: the Cadet is about to get the terminal back.
        """
        seat = self._open(what)
        try:
            yield seat
        except BaseException:
            self.session.close_seat()
            self.clear_fn()
            self.say(_("The Mission Control screen is hidden: leaving the game."))
            raise

    def _close(self) -> None:
        self._command_or_enter(_("Mission Control: press Enter to hide this and hand the terminal back > "),
                               table=False)
        self.session.close_seat()
        self.clear_fn()
        self.say(_("The Mission Control screen is hidden: the terminal is the Cadet's again."))

    def _missions(self, seat: SeatView) -> list[str]:
        return [_("Your secret missions:"), *(_mission_line(m, seat.completed) for m in seat.missions)]

    def _holds(self, view: CadetView) -> str:
        if self.session.physical_missions:
            text = _("Mission Control is a person at this table: they draw {missions} Mission cards and "
                     "choose the commands; the deck holds {cards} Transmission cards.")
        else:
            text = _("Mission Control is a person at this table: they are dealt {missions} secret missions "
                     "and choose the commands; the deck holds {cards} Transmission cards.")
        return text.format(missions=view.missions_total, cards=view.transmissions_total)

    def _thinking(self) -> bool:
        what = N_("enter your Mission cards, then select 5 commands") if self.session.awaiting_missions \
            else N_("select 5 commands")
        try:
            with self._private(what) as seat:
                self._select_step(seat)
        except _Undone:
            pass  # the Execute (or correction) undone: the game's loop goes where the table now is
        return True

    def _select_step(self, seat: SeatView) -> None:
        if seat.task == "missions":
            self._enter_missions()
            seat = self.session.seat_view()
        view = self.session.view()
        self.say(*self._missions(seat), *render_board(view.position, self.names),
                 _("Transmission cards left: {n}.").format(n=view.transmissions_left), select_help())
        while self.session.seat_view().task == "select":
            words = self.ask(_("Your 5 commands > ")).replace(",", " ").split()
            head = words[0].lower() if words else ""
            if head in ("quit", "exit", "q"):
                self._quit()
            elif head in ("help", "?", ""):
                self.say(select_help())
            elif head == "board":
                self.say(*render_board(view.position, self.names))
            elif head == "coach":
                self._coach()
            elif table_word(head) and len(words) == 1:
                self.say("! " + _("Undo and Fix the board are the table's: lock in, hand the terminal back, "
                                  "and the table may undo at the next prompt."))
            else:
                self._select(words)
        intended = " ".join(_(c.title) for c in self.session.seat_view().intended)
        self.say(_("Locked in: {commands}.").format(commands=intended))
        self._close()

    def _select(self, words: list[str]) -> None:
        try:
            commands = read_commands(words)
        except CommandWordError as exc:
            self.say(f"! {exc}")
            return
        if len(commands) != 5:
            self.say("! " + _("Give exactly 5 commands, not {count}.").format(count=len(commands)))
            return
        self.session.clear_picks()
        for command in commands:
            if not self.session.pick(command):
                self.say(f"! {self.session.seat_message}")
                self.session.clear_picks()
                return
        if not self.session.lock_in():
            self.say(f"! {self.session.seat_message}")
            self.session.clear_picks()

    def _coach(self) -> None:
        if not self.session.coach:
            self.say(_("The coach is off ([game] coach = true, or --coach, turns it on)."))
            return
        self.say(_("The coach is thinking ..."))
        advice = self.session.coach_advice()
        if advice is None:  # pragma: no cover - the coach is on and a selection is due
            return
        fewest = (_("the game cannot be won any more") if advice.transmissions_to_win is None
                  else ngettext("{n} transmission, this one included, can still win",
                                    "{n} transmissions, this one included, can still win",
                                    advice.transmissions_to_win).format(
                      n=advice.transmissions_to_win))
        self.say(_("Coach: {commands}; {fewest}.").format(commands=" ".join(_(c.title) for c in advice.pick),
                                                          fewest=fewest))

    def _enter_missions(self) -> None:
        seat = self.session.seat_view()
        self.say(_("Draw {n} Mission cards and type each one's number, title or id:").format(
            n=seat.missions_needed))
        choices = seat.mission_choices
        self.say(*(f"  {i:2}. {m.title} ({m.id})" for i, m in enumerate(choices, start=1)))
        titles = {title.casefold(): m.id for m in self.session.content.missions  # English or as shown
                  for title in (m.title, pack_text(m.title))}
        while self.session.seat_view().task == "missions":
            text = self.ask(_("Mission card > ")).strip()
            if text.lower() in ("quit", "exit", "q"):
                self._quit()
            if text.isascii() and text.isdigit():
                if not 1 <= int(text) <= len(choices):
                    self.say("! " + _("There is no number {number} in the list: type 1 to {count}, the "
                                      "card's title or its id.").format(number=text[:6], count=len(choices)))
                    continue
                mission = choices[int(text) - 1].id
            else:
                mission = titles.get(" ".join(text.split()).casefold(), text.upper())
            self.session.enter_mission(mission)
            self.say(self.session.seat_message)

    def _transmission(self) -> None:
        session = self.session
        view = session.view()
        card = view.card
        if card is not None and card.clear_register:
            self.say(_("Clear signal on register {register}: Mission Control puts that card face up there.")
                     .format(register=card.clear_register))
        try:
            with self._private(N_("hand the cards over")) as seat:
                if seat.task == "error":
                    self._draw_error(seat)
                    seat = session.seat_view()
                intended = " ".join(_(c.title) for c in seat.intended)
                self.say(_("Your intended order: {commands}.").format(commands=intended), seat.instruction,
                         *seat.hand_over)
                self._close()
        except _Undone:  # a correction made at the prompt, undone: the game's loop comes back here
            return
        session.confirm()

    def _draw_error(self, seat: SeatView) -> None:
        session = self.session
        self.say(seat.instruction, _("Unselected: {commands}").format(
            commands=", ".join(_(c.title) for c in seat.error_choices)))
        while session.awaiting_error:
            text = self.ask(_("The error card you drew > ")).strip()
            if text.lower() in ("quit", "exit", "q"):
                self._quit()
            try:
                drawn = read_command(text)
            except CommandWordError as exc:
                self.say(f"! {exc}")
                continue
            if not session.draw_error(_card_of(drawn)):
                self.say(f"! {session.seat_message}")

    def _boost(self, args: Sequence[str]) -> None:
        """A Signal Boost spent; with ``private_boosts`` its answer is Mission Control's to read and say
        aloud first, and only then are the registers shown again (a Clear Signal's card among them)."""
        if not self._spend(args):
            return
        if self.session.private_boosts and self.session.view().answers:
            try:
                with self._private(N_("answer the Signal Boost aloud")) as seat:
                    self.say(seat.answer or _("Nothing to answer."))
                    self._close()
            except _Undone:
                pass  # the boost is back in the hand: no answer to say
        self._show_decode()


def _card_of(command: Command) -> str:
    """A Command card id of ``command`` (twins are one and the same to :meth:`PersonSession.draw_error`)."""
    return {Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY", Command.REPAIR: "REPAIR"}.get(
        command, f"{command.value}1")
