"""The terminal game of a game of actions (The Six Actions, The Five Actions): the part of its
``Terminal`` that is the same for both.

Source: DESIGN.md (The command line); issue 24, items 1 and 14.  The terminal is one more source of
the table's intents: it drives the game's session and reads only its views.  Every question goes
through one :class:`~companion.table.prompt.Prompt` (``help`` shows the game's rules in short and the
moves possible now, a blank Enter says what is expected, ``back`` returns to the turn's menu with
nothing played, ``quit`` or the end of input leaves); :meth:`ActionTerminal.play_turns` asks one
step after another until the game is over or the table leaves, and says which.  Leaving is the
word ``quit``, never a number of a menu (:meth:`ActionTerminal.menu`): the menus change between
states, and a number typed for the last one must not end an unsaved game.  What leaving says is
the same in every game (:mod:`companion.table.prompt`'s :data:`~companion.table.prompt.LEFT`,
:data:`~companion.table.prompt.END_OF_INPUT` and :func:`~companion.table.prompt.kept_or_not`), Incoming
Transmission's included.

Each game's ``Terminal`` subclasses :class:`ActionTerminal` with its words (the class attributes),
:meth:`~ActionTerminal.moves_now` and :meth:`~ActionTerminal.step` (one turn's questions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from companion.i18n import N_, _
from companion.table.prompt import END_OF_INPUT, LEFT, Back, Option, Prompt, Quit, kept_or_not

__all__ = ["ActionTerminal", "TerminalSession"]

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]


class TerminalSession(Protocol):
    """What :class:`ActionTerminal` uses of a game's session."""

    @property
    def over(self) -> bool:
        """Whether the game is over."""


S = TypeVar("S", bound=TerminalSession)


class ActionTerminal(Generic[S]):
    """The terminal game on ``session`` (see the module docstring).

    :param input_fn, output_fn: ``input`` and ``print``, or a test's script.
    :param saved: whether the game store keeps the game (what leaving says); ``None``:
        :attr:`saved_default`.
    """

    #: The game's rules in a few lines, shown by ``help``.
    rules: ClassVar[Sequence[str]] = ()
    #: The words that go back to the turn's menu (:class:`~companion.table.prompt.Back`).
    back_words: ClassVar[tuple[str, ...]] = ("back",)
    #: What ``help`` says ``quit`` does: with the store, without it (marked with ``N_``: the prompt
    #: translates it where shown).
    leaving: ClassVar[tuple[str, str]] = (N_("leave (the game is saved)"),
                                          N_("leave (this game is not saved)"))
    #: The game's name on the command line (``--game``), for what leaving says.
    game: ClassVar[str] = ""
    #: Said after ``back``: nothing was played (marked, translated where said).
    back_said: ClassVar[str] = N_("Back to the menu: nothing was played.")
    #: Whether a terminal made without ``saved`` says the game is kept.
    saved_default: ClassVar[bool] = False

    def __init__(
        self, session: S, input_fn: InputFn = input, output_fn: OutputFn = print, saved: bool | None = None
    ) -> None:
        self.session = session
        self.saved = self.saved_default if saved is None else saved
        self.say = output_fn
        leaving = self.leaving[0] if self.saved else self.leaving[1]
        self.prompt = Prompt(input_fn, output_fn, self.rules, self.moves_now, self.back_words, leaving)

    # ------------------------------------------------------------------ the game's own

    def moves_now(self) -> Sequence[str]:
        """The moves possible now, as lines (read each time ``help`` is typed)."""
        raise NotImplementedError

    def step(self) -> None:
        """Show the table and ask one turn's questions, then play what they make.

        :raises Back: the table typed ``back`` (nothing is played).  :raises Quit: the table left."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the loop and its questions

    def run(self) -> int:
        """Play until the game is over or the table leaves (a game says its end after
        :meth:`play_turns`).  :returns: the exit status, 0."""
        self.play_turns()
        return 0

    def ask(self, question: str, expected: str) -> str:
        """A typed answer (never blank).  :raises Quit, Back: see :meth:`Prompt.read`."""
        return self.prompt.read(question, expected)

    def menu(self, title: str, options: Sequence[Option]) -> str:
        """The game's menu: a numbered list with no "Leave" in it (``quit`` leaves, said under the
        list), so a number typed for another state's menu never leaves.  :raises Quit, Back: as
        :meth:`Prompt.read`."""
        return self.prompt.pick(title, options, menu=True)

    def play_turns(self) -> bool:
        """:meth:`step` until the game is over (``True``) or the table leaves (``False``, said with
        :data:`LEFT` or :data:`END_OF_INPUT` and :func:`kept_or_not`); a ``back`` says
        :attr:`back_said` and asks the step again."""
        try:
            while not self.session.over:
                try:
                    self.step()
                except Back:
                    self.say(_(self.back_said))
        except Quit as left:
            self.say(_(END_OF_INPUT if left.end_of_input else LEFT))
            self.say(kept_or_not(self.saved, self.game))
            return False
        return True
