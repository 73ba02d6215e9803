"""The step screen of a game of actions (The Six Actions, The Five Actions): one short question of
an action at a time, then its confirmation; the part that is the same for both games.

Source: issues 12 and 13, item 4.  The questions come from the game's flows (``next_question``);
an answer is a big button, the number pad for an amount, or a text box for a name on the printed
board.  Back takes the last answer back (from the first, Cancel: the table); nothing is played
before the confirmation's button.  Each game's screen subclasses :class:`ActionStepScreen` with its
questions, how it draws the confirmation, and its words.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.utils import escape_markup

from companion.i18n import _
from ui import theme
from ui.games.flow import Option, Question
from ui.popups import SeedPad
from ui.screens.base import BaseScreen

__all__ = ["ActionStepScreen", "refused"]


def refused(reason: str) -> str:
    """A confirmation's line saying why the session refuses the action (markup, ``reason`` escaped)."""
    return "[color=ff9d8a]{line}[/color]".format(
        line=_("[b]Refused:[/b] {reason}").format(reason=escape_markup(reason)))


class Bindable(Protocol):
    """A Kivy widget, as far as :meth:`ActionStepScreen.bind_choice` uses it."""

    def bind(self, **kwargs: Any) -> Any: ...


B = TypeVar("B", bound=Bindable)


class ActionStepScreen(BaseScreen[Any]):
    """Asks an action's questions one by one, then confirms it (see the module docstring).

    A game's screen sets :attr:`table_screen` and :attr:`name_hint`, and gives :meth:`table` (its
    game's table), :meth:`ask` (draws the question or the confirmation) and :meth:`action` (the
    action the answers make).
    """

    title = StringProperty("")
    prompt = StringProperty("")
    #: The confirmation's lines, or "".
    summary = StringProperty("")
    is_number = BooleanProperty(False)
    is_text = BooleanProperty(False)
    is_confirm = BooleanProperty(False)
    can_confirm = BooleanProperty(False)
    confirm_text = StringProperty("")

    #: The game's table screen (where a played or cancelled action goes back to).
    table_screen = ""
    #: The text box's hint while a name is asked (``N_("the city's name")``, translated where shown).
    name_hint = ""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = ""
        self.answers: dict[str, object] = {}
        #: ``(key, the words of the answer)`` in the order given (Back takes the last one back).
        self.said: list[tuple[str, str]] = []
        self.question: Question | None = None
        self._view: Any = None
        self._name: Any = None  # a TextInput while a name is asked

    # ------------------------------------------------------------------ the game's own

    def table(self) -> Any:
        """The game's table (``table_of(self.app)``)."""
        raise NotImplementedError

    def ask(self, view: Any) -> None:
        """Draw the next question of flow :attr:`kind` for ``view``, or the confirmation."""
        raise NotImplementedError

    def action(self, view: Any) -> Any:
        """The action that the answers given make."""
        raise NotImplementedError

    def typed(self, text: str) -> str:
        """The name typed, as the answer takes it (stripped)."""
        return text.strip()

    def pad_note(self, question: Question, low: int, high: int) -> str:
        """The number pad's note for ``question``'s amount, from ``low`` to ``high``."""
        return _("From {low} to {high}.").format(low=low, high=high)

    def pad_words(self, digits: str) -> str:
        """How the confirmation says the amount typed."""
        return digits

    # ------------------------------------------------------------------ drawing

    def begin(self, kind: str) -> None:
        """Start flow ``kind`` (one of the game's flows) from its first step."""
        self.kind = kind
        self.answers = {}
        self.said = []
        self.question = None

    def refresh(self, view: Any) -> None:
        """Draw the step the answers have reached, for the game's ``view``."""
        self._view = view
        if not self.kind:
            return
        self.ask(view)

    def show_question(self, question: Question) -> None:
        """Draw ``question``: its title, prompt, the pad or the name box, and one button a choice."""
        self.is_confirm = False
        self.title = question.title
        self.prompt = question.prompt
        self.is_number = question.number is not None
        self.is_text = question.text
        self.text_box(question.text)

    def show_confirm(self, title: str, lines: Sequence[str], can_confirm: bool) -> None:
        """Draw the confirmation of the action ``title``: ``lines`` (markup) say what it will do; its
        button plays it, greyed unless ``can_confirm``.  Nothing is played before that tap."""
        self.is_confirm = True
        self.is_number = self.is_text = False
        self.text_box(False)
        self.title = _("{action}: confirm").format(action=title)
        self.prompt = _("Nothing is played until you tap the button.")
        self.summary = "\n".join(lines)
        self.can_confirm = can_confirm
        self.confirm_text = _("Do it: {action}").format(action=title)

    def text_box(self, wanted: bool) -> None:
        """The name box, only while a name is asked (Kivy keeps the last TextInput it scrolled in a
        module-wide closure: one left in the screen would keep the app alive)."""
        if self._name is not None:
            self._name.unbind(on_text_validate=self._validated)
            if self._name.parent is not None:
                self._name.parent.remove_widget(self._name)
            self._name = None
        if wanted:
            from kivy.uix.textinput import TextInput  # imports the window: only once the app runs

            self._name = TextInput(multiline=False, font_size=theme.FONT_LARGE, hint_text=_(self.name_hint),
                                   padding=(dp(10), dp(12)), background_color=theme.CARD,
                                   foreground_color=theme.CARD_TEXT)
            self._name.bind(on_text_validate=self._validated)
            self.ids.text_row.add_widget(self._name, index=len(self.ids.text_row.children))

    def _validated(self, *_: object) -> None:
        self.give_text()

    def on_leave(self, *_: object) -> None:
        self.text_box(False)

    def chosen(self, option: Option, *_: object) -> None:
        """A choice's button was tapped: its value is the answer, its label the words."""
        self.answer(option.value, option.label)

    def bind_choice(self, button: B, option: Option) -> B:
        """``button`` answers ``option`` when tapped; returns it."""
        button.bind(on_release=functools.partial(self.chosen, option))
        return button

    # ------------------------------------------------------------------ answers

    def answer(self, value: object, words: str) -> None:
        """Give the current question's answer (``words``: how it was said)."""
        if self.question is None:
            return
        self.answers[self.question.key] = value
        self.said.append((self.question.key, words))
        self.app.clear_message()
        self.table().redraw()

    def open_pad(self) -> None:
        """The number pad, for an amount the quick buttons do not have."""
        question = self.question
        if question is None or question.number is None:
            return
        low, high = question.number

        def check(digits: str) -> str:
            if not digits:
                return _("Type a number.")
            return "" if low <= int(digits) <= high else _("From {low} to {high}.").format(low=low, high=high)

        SeedPad("", title=question.title.split(":")[0], note=self.pad_note(question, low, high),
                digits=len(str(high)), check=check,
                on_done=lambda digits: self.answer(int(digits), self.pad_words(digits))).open()

    def give_text(self) -> None:
        """The name typed (the printed board)."""
        name = self.typed(self._name.text) if self._name is not None else ""
        if not name:
            self.app.show_message(_("Type {what} first.").format(what=_(self.name_hint)), "error")
            return
        self.answer(name, name)

    def confirm(self) -> bool:
        """Play the action; back to the table when it was played, else stay (the reason is shown)."""
        view = self._view
        if view is None or not self.is_confirm:
            return False
        table = self.table()
        if not table.play(self.action(view)):
            return False
        self.kind = ""
        self.manager.current = self.table_screen  # not show(): the message bar keeps what happened
        table.redraw()
        return True

    def take_back(self) -> None:
        """Take the last answer back and redraw (its question is asked again)."""
        if self.said:
            key, _words = self.said.pop()
            self.answers.pop(key, None)
        self.table().redraw()

    def step_back(self) -> None:
        """Back: the previous step, or the table from the first."""
        if self.said:
            self.app.clear_message()
            self.take_back()
            return
        self.cancel()

    def cancel(self) -> None:
        """Leave the action unplayed: back to the table."""
        self.kind = ""
        self.app.show(self.table_screen)
        self.table().redraw()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.step_back()
            return True
        if action == "continue" and self.is_confirm and self.can_confirm:
            self.confirm()
            return True
        return False
