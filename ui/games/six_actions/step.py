"""One short step of an action (Build's card, then its city ...), then its confirmation with the
referee's preview of every payment: who pays whom, how much, why, and any Emergency Loan it forces.

Source: issue 12 item 4; the questions are :mod:`ui.games.six_actions.flows`'.  Big buttons for the
choices (a covered Strategy space or an occupied city is shown greyed with why), the number pad for
an amount, a text box for a city's name on the printed board.  Back goes one step back (from the
first, to the table); nothing is played before the confirmation's button.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.utils import escape_markup

from companion.games.six_actions.engine.actions import Action
from companion.games.six_actions.views import TableView, payment_sentence
from companion.i18n import N_, _, ngettext
from ui import theme
from ui.games.six_actions.flows import ACTION_TITLES, Option, Question, action_of, describe, next_question
from ui.games.six_actions.table import SixActionsTable, table_of
from ui.games.step_base import ActionStepScreen, refused
from ui.widgets.controls import BigButton

__all__ = ["SixStepScreen"]


class SixStepScreen(ActionStepScreen):
    """The Six Actions' step screen: its flows' questions, and the confirmation with the referee's
    preview of every payment (:class:`~ui.games.step_base.ActionStepScreen` asks and answers)."""

    table_screen = "six_table"
    name_hint = N_("the city's name")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_step", **kwargs)

    def table(self) -> SixActionsTable:
        return table_of(self.app)

    def action(self, view: TableView) -> Action:
        return action_of(self.kind, view, self.answers)

    def pad_note(self, question: Question, low: int, high: int) -> str:
        what = question.title.split(": ")[-1].capitalize()
        return f"{what} " + _("From {low} to {high}.").format(low=low, high=high)

    # ------------------------------------------------------------------ drawing

    def ask(self, view: TableView) -> None:
        question = next_question(self.kind, view, self.answers)
        self.question = question
        self.ids.options.clear_widgets()
        if question is None:
            self._show_confirm(view)
            return
        self.show_question(question)
        for option in question.options:
            self.ids.options.add_widget(self._button(option))
        self.ids.scroll.scroll_y = 1  # each step's buttons from the top

    def _button(self, option: Option) -> BigButton:
        text = f"[b]{option.label}[/b]" + (f"\n[size=13sp]{option.detail}[/size]" if option.detail else "")
        button = BigButton(text=text, markup=True, height=dp(64), disabled=not option.enabled,
                           fill=theme.ACCENT)
        return self.bind_choice(button, option)

    def _show_confirm(self, view: TableView) -> None:
        table = table_of(self.app)
        preview = table.preview(self.action(view))
        title = _(ACTION_TITLES.get(self.kind, self.kind))
        lines = [f"[b]{escape_markup(describe(self.kind, view, self.answers, dict(self.said)))}[/b]"]
        if preview is not None:
            for row in preview.payments:
                lines.append("• " + escape_markup(_("{payment}: {reason}").format(
                    payment=payment_sentence(row.payer, row.payee, row.amount),
                    reason=_(row.reason) if row.reason else "")))
            if preview.loans:
                lines.append(ngettext("It forces {n} Emergency Loan: {n} Promissory Note more.",
                                      "It forces {n} Emergency Loans: {n} Promissory Notes more.",
                                      preview.loans).format(n=preview.loans))
            if not preview.payments and preview.ok:
                lines.append(_("No payment."))
            if not preview.ok:
                lines.append(refused(preview.reason))
        self.show_confirm(title, lines, preview is None or preview.ok)
