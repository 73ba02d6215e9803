"""A whole game in a terminal: the ``companion play`` subcommand.

Source: RULES.md, A transmission (one round); DESIGN.md, Session.  The
terminal is one more source of the table's intents: it drives the very same
:class:`~companion.games.transmission.session.Session` as the Kivy app, and reads nothing but
:meth:`Session.view` (a :class:`~companion.games.transmission.engine.views.CadetView`), so it cannot show
an unrevealed mission or Mission Control's intended order.

The window's Menu *Undo* and *Fix the board* are ``undo`` and ``fix`` at the table's prompts (Board
set-up, Decode, and the pause after each Execute, where an Execute can still be undone and the board is
corrected between transmissions): :mod:`companion.games.transmission.terminal_fix`.

Input and output go through ``input_fn`` and ``output_fn`` (``input`` and
``print`` by default), so a test can script a whole game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from companion import i18n
from companion.games.transmission.command_words import CommandWordError, accepted_words, example, read_command
from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.content.words import module_names
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import REGISTERS
from companion.games.transmission.engine.rules import Execution
from companion.games.transmission.engine.views import BoostView, CadetView, CardView, MissionView
from companion.games.transmission.names import DIFFICULTY_WORDS
from companion.games.transmission.session import Chooser, Session, Step
from companion.games.transmission.terminal_board import at as _at
from companion.games.transmission.terminal_board import legend as _legend
from companion.games.transmission.terminal_board import render_board
from companion.games.transmission.terminal_fix import TABLE_HELP, fix_board, table_word, undo
from companion.i18n import N_, _, ngettext
from companion.table.prompt import END_OF_INPUT, LEFT

__all__ = ["Terminal", "play", "render_board", "parse_order", "no_boosts", "OrderError", "HELP", "help_text"]

#: How each move reads in "the Cadet moves north" (lower-case, marked for translation).
_DIRECTIONS = {Command.N: N_("north"), Command.E: N_("east"), Command.S: N_("south"), Command.W: N_("west")}

log = logging.getLogger(__name__)

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]

#: The Cadet's ``help`` text (``{table}``: :data:`~companion.games.transmission.terminal_fix.TABLE_HELP`),
#: marked for translation: :func:`help_text` is it in the table's language.
HELP = N_("""\
How to decode:
  Type the hand card numbers for the open registers, in register order, e.g.  3 1 2 5 4
  Registers fixed by a clear signal are skipped.  Command names work too, e.g.  {example}
    ({accepted})
  When there is an error card, give one card fewer: the card you leave out is ignored.
Signal Boosts (numbered as listed):
  boost N REGISTER   Clear Signal: Mission Control fixes its command in that register
  boost N CARD       Cross Check: Mission Control says which register that card belongs in
  boost N            Debug: the error card is removed
  boost N ORDER      Abort: propose a full order (as above); Mission Control answers Yes or No
Other:
  board   show the board again      help   this text      quit   leave the game
{table}""")


def help_text() -> str:
    """:data:`HELP` in the table's language, with the table's commands and the command names it takes
    (:func:`~companion.games.transmission.command_words.accepted_words`)."""
    return _(HELP).format(table=_(TABLE_HELP), accepted=accepted_words(),
                          example=example(Command.N, Command.E, Command.COLLECT, Command.S, Command.W))


class OrderError(ValueError):
    """A line the Cadet typed that is not a usable order; the message says why."""


# --------------------------------------------------------------------------- rendering


def _mission(m: MissionView) -> str:
    return _("{title}: the {first} ({a}) next to the {second} ({b})").format(
        title=m.title, first=m.names[0], a=m.pair[0], second=m.names[1], b=m.pair[1])


def _card_text(view: CadetView) -> str:
    card = view.card
    if card is None:
        return _("No Transmission card yet.")
    parts = [_("clear signal on register {register}").format(register=card.clear_register)
             if card.clear_register else _("no clear signal")]
    if card.errors:
        parts.append(ngettext("one error", "{n} errors", card.errors).format(n=card.errors))
    else:
        parts.append(_("no error"))
    return _("Transmission card {n} of {total}: level {level}, {parts}.").format(
        n=view.transmission, total=view.transmissions_total, level=card.level, parts=", ".join(parts))


def _free_registers(view: CadetView) -> list[int]:
    return [k for k, cid in enumerate(view.registers, start=1) if cid is None]


def _decode_lines(view: CadetView) -> list[str]:
    slots = []
    for k, card in enumerate(view.registers, start=1):
        held = _("{command} (fixed)").format(command=_(card.title)) if card else "?"
        slots.append(f"{k} [{held}]")
    lines = [_("Registers:  {slots}").format(slots="   ".join(slots))]
    hand = "   ".join(f"{i}. {_(card.title)}" for i, card in enumerate(view.hand, start=1))
    lines.append(_("Your hand:  {cards}").format(cards=hand or _("(empty)")))
    if view.leave_out:
        lines.append(ngettext("An error hides among these cards: leave out {n} card.",
                              "An error hides among these cards: leave out {n} cards.",
                              view.leave_out).format(n=view.leave_out))
    if view.answers:
        said = "  ".join(a.text for a in view.answers)
        lines.append(_("Mission Control said: {answers}").format(answers=said))
    if view.boosts:
        lines.append(_("Signal Boosts:"))
        lines.extend(f"  {i}. {b.name}: {b.text}" for i, b in enumerate(view.boosts, start=1))
    else:
        lines.append(no_boosts(view))
    return lines


def no_boosts(view: CadetView) -> str:
    """The line for a Cadet holding no Signal Boost: none earned yet, or every one earned spent
    (RULES.md, 6. Confirm: a boost is dealt for each completed mission)."""
    if view.completed:
        return _("Signal Boosts: none left (each one earned has been used).")
    return _("Signal Boosts: none yet (complete a mission to earn one).")


def _status(view: CadetView) -> str:
    done = ", ".join(m.title for m in view.completed)
    missions = _("Missions completed: {n} of {total}").format(n=len(view.completed),
                                                               total=view.missions_total)
    return _("{missions}.  Transmission cards left: {n}.").format(
        missions=f"{missions}: {done}" if done else missions, n=view.transmissions_left)


def _describe(command: Command, before: Position, after: Position, names: Mapping[str, str]) -> str:
    """One executed command, for the players mirroring it on the table."""
    def name(letter: str) -> str:
        # a context of its own: these sentences say the module as their object, so German can give it
        # its article ("das Modul ..."), which a subject at the start of a sentence could not take
        return i18n.pgettext("module, object", "the {name} ({letter})").format(
            name=names.get(letter.upper(), letter.upper()), letter=letter.upper())

    where = _at(after.cadet_cell)
    if command.is_move:
        return _("{command}: the Cadet moves {direction} to {where}.").format(
            command=_(command.title), direction=_(_DIRECTIONS[command]), where=where)
    if command is Command.REPAIR:
        return _("Repair: {module} at {where} is repaired (turn it green side up).").format(
            module=name(after.tile(after.cadet_cell)), where=where)
    if command is Command.COLLECT:
        return _("Collect: the Cadet picks up {module} at {where}; put the spare hallway tile in its "
                 "place.").format(module=name(after.carrying or '?'), where=where)
    return _("Deploy: the Cadet sets down {module} at {where}; that hallway tile becomes the spare.").format(
        module=name(before.carrying or '?'), where=where)


def _execution_lines(execution: Execution, view: CadetView, names: Mapping[str, str]) -> list[str]:
    titles = {m.id: m for m in view.completed}
    lines = [_("Executing, step by step (move the pawn and tiles on the table to match):")]
    before = execution.start
    for k, (command, after) in enumerate(zip(execution.commands, execution.positions), start=1):
        lines.append(f"  {k}. {_describe(command, before, after, names)}")
        for c in execution.completions:
            if c.step == k and c.mission in titles:
                done = _("mission complete: {title}").format(title=titles[c.mission].title)
                lines.append(f"     -> {done}")
        before = after
    return lines


# --------------------------------------------------------------------------- parsing


def parse_order(words: Sequence[str], view: CadetView) -> list[str]:
    """Card ids for the open registers, in register order, from hand numbers or command names.

    :param words: one per open register (``["3", "1", "N", "5"]``).
    :raises OrderError: naming what is wrong.
    """
    free = _free_registers(view)
    hand = list(view.hand)
    for word in words:  # name a word that is neither a number nor a command before counting them
        if not _is_number(word):
            _command(word)
    if len(words) != len(free):
        opens = ", ".join(str(k) for k in free)
        extra = _(" (you hold {held} cards: {out} is left out)").format(held=len(hand), out=view.leave_out) \
            if view.leave_out else ""
        raise OrderError(_("Give {n} cards, one for each open register ({registers}), not {given}{extra}.")
                         .format(n=len(free), registers=opens, given=len(words), extra=extra))
    chosen: list[CardView] = []
    for word in words:
        card = _card_of(word, hand, chosen)
        chosen.append(card)
    return [card.id for card in chosen]


def _is_number(word: str) -> bool:
    """A short run of ASCII digits (``str.isdigit`` also accepts "²", which ``int`` refuses)."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def _command(word: str) -> Command:
    """The command a word of an order names, in the table's language or English
    (:func:`~companion.games.transmission.command_words.read_command`).

    :raises OrderError: for a word that names none (with how to get help) or several (naming each)."""
    try:
        return read_command(word)
    except CommandWordError as exc:
        if exc.ambiguous:
            raise OrderError(str(exc)) from None
        raise OrderError(_("{word} is neither a card number nor a command name; "
                           "type 'help' for help.").format(word=repr(word[:20]))) from None


def _card_of(word: str, hand: list[CardView], chosen: list[CardView]) -> CardView:
    if _is_number(word):
        number = int(word)
        if not 1 <= number <= len(hand):
            raise OrderError(_("There is no card {number} in your hand (cards are numbered 1 to {count}).")
                             .format(number=number, count=len(hand)))
        card = hand[number - 1]
        if card in chosen:
            raise OrderError(_("Card {number} ({command}) is used twice.").format(number=number,
                                                                                 command=_(card.title)))
        return card
    command = _command(word)
    for card in hand:
        if card.command is command and card not in chosen:
            return card
    held = sum(1 for card in hand if card.command is command)
    raise OrderError(ngettext("Your hand holds {held} {command} card; you asked for more.",
                              "Your hand holds {held} {command} cards; you asked for more.", held).format(
        held=held, command=_(command.title)))


# --------------------------------------------------------------------------- the game loop


class _Quit(Exception):
    """The Cadet left (``quit`` or end of input)."""


class Terminal:
    """Plays one session at a terminal until it ends or the Cadet quits.

    :param session: a fresh session (on its Board Setup step).
    """

    def __init__(self, session: Session, input_fn: InputFn = input, output_fn: OutputFn = print) -> None:
        self.session = session
        self.input_fn = input_fn
        self.output_fn = output_fn

    @property
    def names(self) -> dict[str, str]:
        """The modules' names by letter, in the table's language."""
        return module_names(self.session.content)

    def say(self, *lines: str) -> None:
        self.output_fn("\n".join(lines))

    def ask(self, prompt: str) -> str:
        """One line from the Cadet.  :raises _Quit: on end of input."""
        try:
            return self.input_fn(prompt)
        except EOFError:
            self.say("", _(END_OF_INPUT))  # no seed: it deals the secret missions
            raise _Quit from None

    def run(self) -> int:
        """Play to the end.  :returns: 0 at the end of the game or when the Cadet quits, 1 when
        Mission Control cannot choose (a bug, logged)."""
        try:
            return self._loop()
        except _Quit:
            return 0
        except KeyboardInterrupt:
            self.say("", _("Interrupted: leaving the game."))
            raise

    def _loop(self) -> int:
        session = self.session
        while True:
            step = session.step
            if step is Step.BOARD_SETUP:
                self._setup()
            elif step is Step.THINKING:
                if not self._thinking():
                    return 1
            elif step is Step.TRANSMISSION:
                view = session.view()
                self.say("", _("=== Transmission {n} of {total} ===").format(n=view.transmission,
                                                                            total=view.transmissions_total))
                self._transmission()
            elif step is Step.DECODE:
                self._decode()
            elif step is Step.EXECUTE:
                self._execute()
            elif step is Step.MISSION_COMPLETE:
                self._mission_complete()
            else:
                self._end()
                return 0

    def _thinking(self) -> bool:
        """Mission Control chooses; ``False`` when it cannot (a bug, logged)."""
        self.say("", _("Mission Control is choosing 5 commands ..."))
        if not self.session.choose_now():
            log.error("the chooser failed: %s", self.session.message)
            self.say(_("Mission Control could not choose a viable program; the game cannot go on."))
            return False
        return True

    def _transmission(self) -> None:
        """The Transmission card is shown: on to decoding."""
        self.session.confirm()

    def _setup(self) -> None:
        view = self.session.view()
        layout = _("Beginner") if view.layout == "beginner" else _("Standard")
        difficulty = _(DIFFICULTY_WORDS.get(view.difficulty, view.difficulty))
        self.say(_("Incoming Transmission: you are the Cadet. Difficulty {difficulty}, {layout} Layout, "
                   "seed {seed}.").format(difficulty=difficulty, layout=layout, seed=self.session.seed),
                 self._holds(view), _("Set up the table like this:"),
                 *render_board(view.position, self.names), *_legend(self.session.content))
        while not self._command_or_enter(_("Press Enter to start (or type 'quit', 'fix', 'help') > ")):
            pass
        self.session.confirm()

    def _holds(self, view: CadetView) -> str:
        """Who holds what at the start (the companion's seat; :class:`PersonTerminal` says its own)."""
        return _("Mission Control (the companion) holds {missions} secret missions and {cards} Transmission "
                 "cards.").format(missions=view.missions_total, cards=view.transmissions_total)

    def _command_or_enter(self, prompt: str, table: bool = True) -> bool:
        """Wait for Enter; ``quit``, ``help`` and, when ``table``, ``undo`` and ``fix`` work here too.

        :returns: True on Enter; False as soon as an action was undone (the caller goes back to the
            game's loop: the step may have changed)."""
        while True:
            text = self.ask(prompt).strip().lower()
            if text in ("quit", "exit", "q"):
                self._quit()
            if not text:
                return True
            if text == "help":
                self.say(help_text())
            elif table and table_word(text):
                if self._table_command(text):
                    return False
            elif table_word(text):
                self.say("! " + _("Undo and Fix the board are the table's: hide this screen and hand the "
                                  "terminal back first."))
            else:
                self.say(_("Just press Enter to go on (or type 'quit', 'undo', 'fix').") if table
                         else _("Just press Enter to go on (or type 'quit')."))

    def _quit(self) -> NoReturn:
        self.say(_(LEFT))  # no seed: with the content pack it deals the secret missions
        raise _Quit

    def leave(self) -> NoReturn:
        """``quit`` typed at a prompt of :mod:`~companion.games.transmission.terminal_fix`."""
        self._quit()

    def _table_command(self, head: str) -> bool | None:
        """``undo`` or ``fix`` typed at a prompt of the table: ``None`` when ``head`` is neither, else
        whether an action was undone (a correction saved is not one: the table stays where it is)."""
        word = table_word(head)
        if word == "undo":
            return undo(self)
        if word == "fix":
            fix_board(self)
            return False
        return None

    def _show_decode(self) -> None:
        view = self.session.view()
        self.say(*render_board(view.position, self.names), *_legend(self.session.content),
                 _status(view), _card_text(view), *_decode_lines(view))

    def _decode(self) -> None:
        self._show_decode()
        while self.session.step is Step.DECODE:
            view = self.session.view()
            free = _free_registers(view)
            if free:
                prompt = _("Order for registers {registers} (or help) > ").format(
                    registers=" ".join(str(k) for k in free))
            else:
                prompt = _("Every register is fixed: type 'go' to execute (or help) > ")
            words = self.ask(prompt).replace(",", " ").split()
            if not words:
                self.say(_("Type an order, e.g. {example}, or 'help'.").format(
                    example=" ".join(str(i) for i in range(1, len(free) + 1))))
                continue
            head = words[0].lower()
            if head in ("quit", "exit", "q"):
                self._quit()
            elif head in ("help", "?"):
                self.say(help_text())
            elif head in ("board", "show"):
                self._show_decode()
            elif head == "boost":
                self._boost(words[1:])
            elif table_word(head) and len(words) == 1:
                if self._table_command(head) is not None and self.session.step is Step.DECODE:
                    self._show_decode()
            elif head == "go" and len(words) == 1:
                if free:
                    self.say(ngettext("Give the order first: {n} card for register {registers}.",
                                      "Give the order first: {n} cards for registers {registers}.",
                                      len(free)).format(
                        n=len(free), registers=" ".join(str(k) for k in free)))
                else:
                    self._try_order([])
            else:
                self._try_order(words)

    def _arrange(self, words: Sequence[str]) -> bool:
        """Place an order in the session's registers; ``False`` (with a message) when it is not usable."""
        view = self.session.view()
        try:
            cards = parse_order(words, view)
        except OrderError as exc:
            self.say(f"! {exc}")
            return False
        self.session.clear_arrangement()
        for register, card in zip(_free_registers(view), cards):
            if not self.session.place(card, register):
                self.say(f"! {self.session.message}")
                self.session.clear_arrangement()
                return False
        return True

    def _try_order(self, words: Sequence[str]) -> None:
        if not self._arrange(words):
            return
        if not self.session.execute():
            self.say(f"! {self.session.message}", _("Nothing was executed; rearrange and try again."))
            self.session.clear_arrangement()

    def _boost(self, args: Sequence[str]) -> None:
        if self._spend(args):
            self._show_decode()

    def _spend(self, args: Sequence[str]) -> bool:
        """``boost N ...``: spend the Signal Boost and say Mission Control's answer; ``False`` (with a
        message, nothing spent) when refused."""
        view = self.session.view()
        if not view.boosts:
            self.say("! " + (_("You hold no Signal Boost: each one earned has been used.") if view.completed
                             else _("You hold no Signal Boost yet: complete a mission to earn one.")))
            return False
        if not args or not _is_number(args[0]) or not 1 <= int(args[0]) <= len(view.boosts):
            self.say("! " + _("Name a Signal Boost by its number, 1 to {n}: e.g. 'boost 1 ...'.").format(
                n=len(view.boosts)))
            return False
        boost = view.boosts[int(args[0]) - 1]
        if not self._use(boost, list(args[1:]), view):
            return False
        self.say(_("Mission Control ({boost}): {answer}").format(boost=boost.name,
                                                                 answer=self.session.message))
        return True

    def _use(self, boost: BoostView, rest: list[str], view: CadetView) -> bool:
        """Spend ``boost`` with its argument(s); ``False`` (with a message, nothing spent) when refused."""
        session = self.session
        ok = False
        if boost.kind is BoostKind.CLEAR_SIGNAL:
            if len(rest) != 1 or not _is_number(rest[0]):
                self.say("! " + _("{boost} needs one register number, 1 to {n}: e.g. 'boost N 3'.").format(
                    boost=boost.name, n=REGISTERS))
                return False
            ok = session.use_boost(boost.id, register=int(rest[0]))
        elif boost.kind is BoostKind.CROSS_CHECK:
            if len(rest) != 1:
                self.say("! " + _("{boost} needs one card from your hand (its number): e.g. 'boost N 2'.")
                         .format(boost=boost.name))
                return False
            try:
                card = _card_of(rest[0], list(view.hand), [])
            except OrderError as exc:
                self.say(f"! {exc}")
                return False
            ok = session.use_boost(boost.id, card=card.id)
        elif boost.kind is BoostKind.DEBUG:
            if rest:
                self.say("! " + _("{boost} takes nothing more: type 'boost N' alone.")
                         .format(boost=boost.name))
                return False
            ok = session.use_boost(boost.id)
        else:
            if not self._arrange(rest):
                return False
            ok = session.use_boost(boost.id)
            session.clear_arrangement()
        if not ok:
            self.say(f"! {session.message}")
        return ok

    def _execute(self) -> None:
        session = self.session
        view = session.view()
        execution = view.last_execution
        if execution is not None:
            self.say("", *_execution_lines(execution, view, self.names))
        while session.next_step():
            pass
        prompt = _("Press Enter when the table matches (or undo, fix, help, quit) > ")
        while not self._command_or_enter(prompt):
            if session.step is not Step.EXECUTE:
                return  # the Execute was undone: its order is back in the registers
        session.confirm()

    def _mission_complete(self) -> None:
        view = self.session.view()
        execution = view.last_execution
        done = {c.mission for c in execution.completions} if execution else set()
        lines = []
        for m in view.completed:
            if m.id in done:
                lines += [_("Mission complete! {mission}").format(mission=_mission(m)), f"  \"{m.flavour}\""]
        boosts = ", ".join(b.name for b in view.boosts) or _("none")
        lines.append(_("Your Signal Boosts now: {boosts}.").format(boosts=boosts))
        self.say("", *lines)
        self.session.confirm()

    def _end(self) -> None:
        view = self.session.view()
        result = view.outcome
        lines = ["", *render_board(view.position, self.names)]
        if result is None:  # pragma: no cover - the session ends only with an outcome
            self.say(*lines, _("The game is over."))
            return
        lines.append(_("=== Victory! Every mission is complete. ===") if result.victory
                     else _("=== Defeat: the Transmission cards ran out. ==="))
        done = {m.id for m in view.completed}
        lines.append(_("The missions:"))
        for m in view.all_missions:
            lines.append(f"  [{'x' if m.id in done else ' '}] {_mission(m)}")
        lines.append(_("Transmission cards used: {used} of {total}. Unused Signal Boosts: {boosts}.").format(
            used=result.transmissions_used, total=result.transmissions_total, boosts=result.boosts_unused))
        lines.append(_("Score: {score}").format(score=result.score))
        self.say(*lines)


def play(content: ContentPack, chooser: Chooser, difficulty: str = "standard", layout: str = "standard",
         seed: int | None = None, input_fn: InputFn = input, output_fn: OutputFn = print) -> int:
    """A whole game at the terminal, with ``chooser`` as Mission Control.

    :returns: the exit status (see :meth:`Terminal.run`).
    :raises KeyError, ValueError: an unknown difficulty or layout.
    """
    session = Session(content, chooser, difficulty, layout, seed)
    return Terminal(session, input_fn, output_fn).run()
