"""The questions a terminal game asks, asked the same way in every game (issue 24, item 14).

Every prompt of a game's terminal, its set-up included, goes through one :class:`Prompt`:

- ``quit`` (``q``, ``exit``) leaves: :class:`Quit` is raised; the end of input raises
  :class:`EndOfInput` (a :class:`Quit` and an :class:`EOFError`), so the caller can say whether
  anything was saved;
- ``help`` (``?``) prints the game's short rules summary, the moves possible now (the game's
  ``now`` function) and what this question expects, then asks again;
- a blank Enter says what the question expects and asks again (unless a blank answer means
  something, e.g. "blank: none");
- ``back`` (and ``b`` where that names no choice), where the game has a menu to go back to (the
  words in ``back``), raises :class:`Back`; at the menu itself ``help`` does not offer it;
- leaving is a word, never a number: a game's menu (``choose(..., menu=True)``) lists no "Leave"
  and says under its list that ``quit`` leaves, so a number typed for the menu before (the menus
  change between states) can never leave the game;
- every choice list is numbered: the answer is the number, the option's word or its name, or the
  start of one of them when that names a single option.

Nothing typed is lost and nothing else changes when an answer is not usable: the question is
asked again with a sentence saying what is expected.  Input and output go through ``input_fn`` and
``output_fn`` (``input`` and ``print`` by default), so a test can script a whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import N_, _
from companion.table.answers import is_no, is_yes

__all__ = [
    "Back",
    "END_OF_INPUT",
    "EndOfInput",
    "LEFT",
    "NOT_STARTED",
    "Option",
    "Prompt",
    "Quit",
    "SETTING_UP",
    "match",
    "kept_or_not",
    "not_started",
    "numbered",
    "setting_up",
]

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]
#: A choice: a word shown as it is, or ``(value, name)``: the table reads the name, the game gets the value.
Option = str | tuple[str, str]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
#: What ``help`` says ``quit`` does unless told (marked for translation).
LEAVE = N_("leave")
HELP_WORDS = frozenset({"help", "?"})
#: Said when the table types ``quit`` (marked; said with ``_()``), in every game.
LEFT = N_("You left the game.")
#: Said when the input ends (Ctrl-D, the end of a piped file), in every game.
END_OF_INPUT = N_("End of input: leaving the game.")


def kept_or_not(saved: bool, game: str) -> str:
    """What follows :data:`LEFT` (or :data:`END_OF_INPUT`) in every game: whether the game store
    keeps the game, and how to go on (``game``: its ``--game`` name, ``"six-actions"``)."""
    if saved:
        return _("The game stays saved: `{command}` resumes it.").format(
            command=f"companion play --game {game}")
    return _("This game was not saved.")


#: A long list is shown in columns of this many.
COLUMNS = 3


class Quit(Exception):
    """The table left: ``quit`` was typed (:attr:`end_of_input` is ``False``) or the input ended."""

    end_of_input = False


class EndOfInput(Quit, EOFError):
    """The input ended (Ctrl-D, or the end of a piped file): the table left."""

    end_of_input = True


class Back(Exception):
    """``back`` was typed, or there was nothing to choose from: back to the menu, nothing played."""


def numbered(options: Sequence[tuple[str, str]]) -> list[str]:
    """The lines of a numbered list of ``(value, name)`` options: one a line, in columns of three
    when there are more than eight (``" 1. Build     2. Share ..."``)."""
    items = [f"{i:2}. {name}" for i, (_, name) in enumerate(options, start=1)]
    if len(items) <= 8:
        return [f"  {item}" for item in items]
    width = max(len(x) for x in items) + 2
    return [
        "  " + "".join(x.ljust(width) for x in items[row : row + COLUMNS]).rstrip()
        for row in range(0, len(items), COLUMNS)
    ]


def _pairs(options: Sequence[Option]) -> list[tuple[str, str]]:
    return [o if isinstance(o, tuple) else (o, o) for o in options]


def match(answer: str, options: Sequence[tuple[str, str]]) -> int | None:
    """The index of the option ``answer`` names (its number from 1, its value or name in any case,
    or the start of a single option's value or name), else ``None``."""
    folded = " ".join(answer.split()).casefold()
    if not folded:
        return None
    if folded.isascii() and folded.isdigit():
        number = int(folded)
        return number - 1 if 1 <= number <= len(options) else None
    for i, (value, name) in enumerate(options):
        if folded in (value.casefold(), name.casefold()):
            return i
    starts = {i for i, (value, name) in enumerate(options)
              if value.casefold().startswith(folded) or name.casefold().startswith(folded)}
    return starts.pop() if len(starts) == 1 else None


class Prompt:
    """The table's answers, with ``quit``, ``help``, blank and the end of input handled alike.

    :param summary: the game's rules in a few lines, shown by ``help``.
    :param now: the moves possible now, as lines (called each time ``help`` is typed).
    :param back: the words that go back to the game's menu (:class:`Back`), e.g. ``("back", "b")``.
    :param leaving: what ``help`` says ``quit`` does (``"leave (the game is saved)"``).
    """

    def __init__(
        self,
        input_fn: InputFn = input,
        output_fn: OutputFn = print,
        summary: Sequence[str] = (),
        now: Callable[[], Sequence[str]] | None = None,
        back: Sequence[str] = (),
        leaving: str = LEAVE,
    ) -> None:
        self.input_fn = input_fn
        self.say = output_fn
        self.summary = tuple(summary)
        self.now = now
        self.back = frozenset(word.casefold() for word in back)
        self.leaving = leaving

    def help(self, expected: str, options: Sequence[tuple[str, str]] = (), menu: bool = False) -> None:
        """The rules summary, the moves possible now and what this question expects (``menu``: the
        game's menu, where ``back`` has nothing to go back to)."""
        for line in self.summary:
            self.say(line)
        moves = list(self.now()) if self.now is not None else []
        if moves:
            self.say(_("Possible now:"))
            for line in moves:
                self.say(f"  {line}")
        self.say(_("This question: {expected}").format(expected=expected))
        for line in numbered(options):
            self.say(line)
        leaving = _(self.leaving) if self.leaving else ""  # _("") would be the catalog's header
        words = [_("help: this text"), _("quit: {leaving}").format(leaving=leaving)]
        if self.back and not menu:
            words.insert(0, _("back: back to the menu, nothing played"))
        self.say(_("Type {words}.").format(words="; ".join(words)))

    def read(
        self, question: str, expected: str, blank: bool = False, options: Sequence[tuple[str, str]] = (),
        menu: bool = False,
    ) -> str:
        """One answer, its spaces tidied (``""`` only when ``blank``).

        :param expected: what the question wants, as a sentence beginning "Type"
            ("Type the city's name."): said for a blank answer and by ``help``.
        :param menu: the question is the game's menu (``help`` offers no ``back``).
        :raises Quit: ``quit`` was typed.  :raises EndOfInput: the input ended.
        :raises Back: one of the ``back`` words was typed.
        """
        while True:
            try:
                raw = self.input_fn(question)
            except EOFError:
                raise EndOfInput from None
            answer = " ".join(raw.split())
            word = answer.casefold()
            if word in QUIT_WORDS:
                raise Quit
            if word in HELP_WORDS:
                self.help(expected, options, menu)
                continue
            if word in self.back:
                raise Back
            if answer or blank:
                return answer
            self.say(_("Nothing typed: {expected} (help shows the rules and the moves now)").format(
                expected=_lower_first(expected)))

    def reader(self, expected: str, blank: bool = False) -> InputFn:
        """An ``input``-like function reading through :meth:`read` (for the set-up's questions)."""
        return lambda question: self.read(question, expected, blank)

    def choose(
        self, title: str, options: Sequence[Option], blank: str | None = None, question: str = "> ",
        menu: bool = False,
    ) -> str | None:
        """One of ``options`` from a numbered list; ``None`` for a blank answer when ``blank`` says
        what a blank answer means (``"none"``).

        :param title: the line above the list ("Which city?").
        :param menu: the list is the game's menu: a line under it says that ``help`` and ``quit``
            (a word, never one of the numbers) work, and ``help`` offers no ``back``.
        :raises Back: there is nothing to choose from (said), or ``back`` was typed.
        :raises Quit: as :meth:`read`.
        """
        pairs = _pairs(options)
        if not pairs:
            self.say(_("{title} There is nothing to choose from.").format(title=title))
            raise Back
        self.say(title)
        for line in numbered(pairs):
            self.say(line)
        if blank is not None:
            self.say("  " + _("(Enter alone: {blank})").format(blank=blank))
        if menu:
            self.say("  " + _("(help: the rules and the moves now; quit: {leaving})").format(
                leaving=_(self.leaving) if self.leaving else ""))
        expected = _("Type a number from 1 to {count}, or the name of one of those listed.").format(
            count=len(pairs))
        while True:
            answer = self.read(question, expected, blank=blank is not None, options=pairs, menu=menu)
            if not answer:
                return None
            found = match(answer, pairs)
            if found is not None:
                return pairs[found][0]
            self.say(_("{answer} is not one of the {count} listed: {expected}").format(
                answer=repr(answer[:30]), count=len(pairs), expected=_lower_first(expected)))

    def pick(self, title: str, options: Sequence[Option], menu: bool = False) -> str:
        """:meth:`choose` without a blank answer."""
        value = self.choose(title, options, menu=menu)
        assert value is not None  # a blank answer is asked again
        return value

    def number(self, question: str, low: int, high: int, blank: int | None = None) -> int:
        """A whole number from ``low`` to ``high``; ``blank``: what a blank answer counts as.

        :raises Quit: as :meth:`read`."""
        expected = _("Type a whole number from {low} to {high}.").format(low=low, high=high)
        if blank is not None:
            expected = _("Type a whole number from {low} to {high} (Enter alone: {blank}).").format(
                low=low, high=high, blank=blank)
        while True:
            answer = self.read(question, expected, blank=blank is not None)
            if not answer and blank is not None:
                return blank
            digits = answer[1:] if answer.startswith("-") else answer
            if digits.isascii() and digits.isdigit() and len(digits) <= 6 and low <= int(answer) <= high:
                return int(answer)
            self.say(_("Please type a whole number from {low} to {high}.").format(low=low, high=high))

    def yes_or_blank(self, question: str, expected: str) -> bool:
        """``y``, ``n`` or a blank answer (which is yes): the "[Y/n]" questions.  :raises Quit: as
        :meth:`read`."""
        while True:
            answer = self.read(question, expected, blank=True)
            if not answer.strip() or is_yes(answer) or is_no(answer):
                return not is_no(answer)
            self.say(_("Please answer y or n. {expected}").format(expected=expected))

    def yes(self, question: str) -> bool:
        """``y`` or ``n``.  :raises Quit: as :meth:`read`."""
        while True:
            answer = self.read(question + " " + _("[y/n]") + " ", _("Type y for yes or n for no."))
            if is_yes(answer) or is_no(answer):
                return is_yes(answer)
            self.say(_("Please answer y or n."))


#: What ``help`` says is possible while a game is being set up (marked for translation: show with ``_()``).
SETTING_UP = (N_("Setting up: answer each question; the game starts (and is saved) once every player is "
                 "named."),)
#: What ``quit`` does during the set-up (marked for translation; :class:`Prompt` translates it).
NOT_STARTED = N_("leave (nothing is saved before the game starts)")


def setting_up() -> tuple[str, ...]:
    """:data:`SETTING_UP` in the table's language, as ``help`` shows it while a game is set up (the
    ``moves_now`` of the set-up's :class:`Prompt`)."""
    return tuple(_(line) for line in SETTING_UP)


def _lower_first(sentence: str) -> str:
    """A sentence to go after a colon: its first letter lower-case ("Type ..." -> "type ...")."""
    return sentence[:1].lower() + sentence[1:]


def not_started(left: Quit, kept: bool = False) -> str:
    """What is said when the table leaves before the game started (``left``: how it left;
    ``kept``: an unfinished game was saved before and stays saved)."""
    if kept:
        return _("End of input: the game stays saved. Nothing new was saved.") if left.end_of_input \
            else _("Leaving: the game stays saved. Nothing new was saved.")
    return _("End of input before the game started: nothing was saved.") if left.end_of_input \
        else _("Leaving before the game started: nothing was saved.")
