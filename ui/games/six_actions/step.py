"""One short step of an action (Build's card, then its city ...), then its confirmation with the
referee's preview of every payment: who pays whom, how much, why, and any Emergency Loan it forces.

Source: issue 12 item 4; the questions are :mod:`ui.games.six_actions.flows`'.  Big buttons for the
choices (a covered Strategy space or an occupied city is shown greyed with why), the number pad for
an amount, a text box for a city's name on the printed board.  Back goes one step back (from the
first, to the table); nothing is played before the confirmation's button.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.utils import escape_markup

from companion.games.six_actions.views import TableView
from ui import theme
from ui.games.six_actions.flows import ACTION_TITLES, Option, Question, action_of, describe, next_question
from ui.games.six_actions.table import table_of
from ui.popups import SeedPad
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

__all__ = ["SixStepScreen"]


def _party(name: str, first: bool = True) -> str:
    """A ledger party for a sentence: a player's name, or "the bank" / "the supply"."""
    if name in ("bank", "supply"):
        return f"{'The' if first else 'the'} {name}"
    return name


class SixStepScreen(BaseScreen):
    title = StringProperty("")
    prompt = StringProperty("")
    #: The confirmation's lines (what will happen, the payments), or "".
    summary = StringProperty("")
    is_number = BooleanProperty(False)
    is_text = BooleanProperty(False)
    is_confirm = BooleanProperty(False)
    can_confirm = BooleanProperty(False)
    confirm_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_step", **kwargs)
        self.kind = ""
        self.answers: dict[str, object] = {}
        #: ``(key, the words of the answer)`` in the order given (the confirmation lists them).
        self.said: list[tuple[str, str]] = []
        self.question: Question | None = None
        self._view: TableView | None = None
        self._city: Any = None  # a TextInput while a name is asked

    def begin(self, kind: str) -> None:
        """Start flow ``kind`` (:data:`~ui.games.six_actions.flows.FLOWS`) from its first step."""
        self.kind = kind
        self.answers = {}
        self.said = []
        self.question = None

    # ------------------------------------------------------------------ drawing

    def refresh(self, view: TableView) -> None:
        self._view = view
        if not self.kind:
            return
        question = next_question(self.kind, view, self.answers)
        self.question = question
        self.ids.options.clear_widgets()
        if question is None:
            self._show_confirm(view)
            return
        self.is_confirm = False
        self.title = question.title
        self.prompt = question.prompt
        self.is_number = question.number is not None
        self.is_text = question.text
        self._text_box(question.text)
        for option in question.options:
            self.ids.options.add_widget(self._button(option))
        self.ids.scroll.scroll_y = 1  # each step's buttons from the top

    def _text_box(self, wanted: bool) -> None:
        """The city's name box, only while a name is asked: Kivy keeps the last TextInput it scrolled
        (a module-wide @triggered closure), so one left in the screen would keep it and the app alive."""
        if self._city is not None:
            self._city.unbind(on_text_validate=self._validated)
            if self._city.parent is not None:
                self._city.parent.remove_widget(self._city)
            self._city = None
        if wanted:
            from kivy.uix.textinput import TextInput  # imports the window: only once the app runs

            self._city = TextInput(multiline=False, font_size=theme.FONT_LARGE, hint_text="the city's name",
                                   padding=(dp(10), dp(12)), background_color=theme.CARD,
                                   foreground_color=theme.CARD_TEXT)
            self._city.bind(on_text_validate=self._validated)
            self.ids.text_row.add_widget(self._city, index=len(self.ids.text_row.children))

    def _validated(self, *_: object) -> None:
        self.give_text()

    def on_leave(self, *_: object) -> None:
        self._text_box(False)

    def _button(self, option: Option) -> BigButton:
        text = f"[b]{option.label}[/b]" + (f"\n[size=13sp]{option.detail}[/size]" if option.detail else "")
        button = BigButton(text=text, markup=True, height=dp(64), disabled=not option.enabled,
                           fill=theme.ACCENT)
        button.bind(on_release=functools.partial(self._chosen, option))
        return button

    def _show_confirm(self, view: TableView) -> None:
        table = table_of(self.app)
        action = action_of(self.kind, view, self.answers)
        preview = table.preview(action)
        title = ACTION_TITLES.get(self.kind, self.kind)
        lines = [f"[b]{escape_markup(describe(self.kind, view, self.answers, dict(self.said)))}[/b]"]
        if preview is not None:
            for row in preview.payments:
                lines.append(escape_markup(f"• {_party(row.payer)} pays {_party(row.payee, False)} "
                                           f"{row.amount} Cr: {row.reason}"))
            if preview.loans:
                lines.append(f"It forces {preview.loans} Emergency Loan{'s' * (preview.loans != 1)}: "
                             f"{preview.loans} Promissory Note{'s' * (preview.loans != 1)} more.")
            if not preview.payments and preview.ok:
                lines.append("No payment.")
            if not preview.ok:
                lines.append(f"[color=ff9d8a][b]Refused:[/b] {escape_markup(preview.reason)}[/color]")
        self.is_confirm = True
        self.is_number = self.is_text = False
        self.title = f"{title}: confirm"
        self.prompt = "Nothing is played until you tap the button."
        self.summary = "\n".join(lines)
        self.can_confirm = preview is None or preview.ok
        self.confirm_text = f"Do it: {title}"

    # ------------------------------------------------------------------ answers

    def _chosen(self, option: Option, *_: object) -> None:
        self.answer(option.value, option.label)

    def answer(self, value: object, words: str) -> None:
        """Give the current question's answer (``words``: how the confirmation says it)."""
        if self.question is None:
            return
        self.answers[self.question.key] = value
        self.said.append((self.question.key, words))
        self.app.clear_message()
        table_of(self.app).redraw()

    def open_pad(self) -> None:
        """The number pad, for an amount the quick buttons do not have."""
        question = self.question
        if question is None or question.number is None:
            return
        low, high = question.number

        def check(digits: str) -> str:
            if not digits:
                return "Type a number."
            return "" if low <= int(digits) <= high else f"From {low} to {high}."

        SeedPad("", title=question.title.split(":")[0], note=f"{question.title.split(': ')[-1].capitalize()} "
                f"From {low} to {high}.", digits=len(str(high)), check=check,
                on_done=lambda digits: self.answer(int(digits), digits)).open()

    def give_text(self) -> None:
        """The city's name typed (the printed board)."""
        name = self._city.text.strip() if self._city is not None else ""
        if not name:
            self.app.show_message("Type the city's name first.", "error")
            return
        self.answer(name, name)

    def confirm(self) -> bool:
        """Play the action; back to the table when it was played, else stay (the reason is shown)."""
        view = self._view
        if view is None or not self.is_confirm:
            return False
        table = table_of(self.app)
        if not table.play(action_of(self.kind, view, self.answers)):
            return False
        self.kind = ""
        self.manager.current = "six_table"  # not show(): the message bar keeps what happened
        table.redraw()
        return True

    def step_back(self) -> None:
        """Back: the previous step, or the table from the first."""
        if self.said:
            key, _ = self.said.pop()
            self.answers.pop(key, None)
            self.app.clear_message()
            table_of(self.app).redraw()
            return
        self.cancel()

    def cancel(self) -> None:
        self.kind = ""
        self.app.show("six_table")
        table_of(self.app).redraw()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.step_back()
            return True
        if action == "continue" and self.is_confirm and self.can_confirm:
            self.confirm()
            return True
        return False
