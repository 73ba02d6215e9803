"""One short step of an action (Installation's box, then its Location ...), then its confirmation
with the session's own preview: what it will do, in its words, and everyone's money after it.

Source: issue 13 item 4; the questions are :mod:`ui.games.five_actions.flows`'.  Big buttons for the
choices (a box the player cannot pay, a full Credit row: shown greyed with why); the map beside them
when a Location or a station is asked (tap it there or on its button); the number pad for a bonus;
a text box for a Location's name on the printed board.  Back goes one step back (from the first, to
the table); nothing is played before the confirmation's button, whose refusal names the rule.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.utils import escape_markup

from companion.games.five_actions.engine.actions import Action
from companion.games.five_actions.session import SupplyNeeds
from companion.games.five_actions.views import TableView
from companion.i18n import N_, _
from ui import theme
from ui.games.five_actions.board_map import MapView
from ui.games.five_actions.flows import ACTION_TITLES, Option, Question, action_of, next_question
from ui.games.five_actions.table import FiveActionsTable, table_of
from ui.games.step_base import ActionStepScreen, refused
from ui.widgets.controls import BigButton

__all__ = ["FiveStepScreen"]


class FiveStepScreen(ActionStepScreen):
    """The Five Actions' step screen: its flows' questions with the map beside them, and the
    confirmation with the session's preview (:class:`~ui.games.step_base.ActionStepScreen` asks and
    answers)."""

    shows_map = BooleanProperty(False)

    table_screen = "five_table"
    name_hint = N_("the Location's name")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_step", **kwargs)
        self.needs: SupplyNeeds | None = None
        self.map_view: MapView | None = None

    def table(self) -> FiveActionsTable:
        return table_of(self.app)

    def action(self, view: TableView) -> Action:
        return action_of(self.kind, view, self.answers, self.needs, table_of(self.app).content)

    def typed(self, text: str) -> str:
        """The name typed, its spaces made single."""
        return " ".join(text.split())

    def pad_note(self, question: Question, low: int, high: int) -> str:
        return _("From {low} to {high} dollars.").format(low=low, high=high)

    def pad_words(self, digits: str) -> str:
        return _("${money}").format(money=int(digits))

    def begin(self, kind: str) -> None:
        super().begin(kind)
        self.needs = None

    # ------------------------------------------------------------------ drawing

    def ask(self, view: TableView) -> None:
        table = table_of(self.app)
        self.needs = None
        if self.kind == "supply" and "credit" in self.answers and "row" in self.answers:
            self.needs = table.supply_needs(str(self.answers["credit"]), str(self.answers["row"]))
            if self.needs is not None and self.needs.reason:
                self.app.show_message(self.needs.reason, "error")
                self.take_back()
                return
        question = next_question(self.kind, view, self.answers, table.content, self.needs)
        self.question = question
        self.ids.options.clear_widgets()
        if question is None:
            self._map(view, (), ())
            self._show_confirm(view)
            return
        self.show_question(question)
        self._map(view, question.picks, question.lit)
        self.ids.options.cols = 2 if self.shows_map else 3
        for option in question.options:
            self.ids.options.add_widget(self._button(option))
        self.ids.scroll.scroll_y = 1  # each step's buttons from the top

    def _map(self, view: TableView, picks: tuple[str, ...], lit: tuple[str, ...]) -> None:
        table = table_of(self.app)
        game_map = table.content.game_map if view.layout == "map" else None
        self.shows_map = game_map is not None and bool(picks or lit)
        box = self.ids.map_box
        if not self.shows_map:
            box.clear_widgets()
            return
        if self.map_view is None:
            self.map_view = MapView()
            self.map_view.on_pick = self._picked
        if self.map_view.parent is None:
            box.add_widget(self.map_view)
        self.map_view.show(game_map, view, table.colours(), picks=picks, lit=lit)

    def _picked(self, ident: str) -> None:
        question = self.question
        if question is None:
            return
        option = next((o for o in question.options if o.enabled and ident in (o.value, *o.at)), None)
        if option is not None:
            self.answer(option.value, option.label)

    def _button(self, option: Option) -> BigButton:
        detail = f"\n[size=13sp]{escape_markup(option.detail)}[/size]" if option.detail else ""
        button = BigButton(text=f"[b]{escape_markup(option.label)}[/b]{detail}", markup=True, height=dp(60),
                           size_hint_y=None, disabled=not option.enabled, fill=theme.ACCENT, font_size="16sp",
                           halign="center")
        button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(8), None)))
        button.bind(texture_size=lambda b, size: setattr(b, "height", max(dp(60), size[1] + dp(8))))
        return self.bind_choice(button, option)

    def _show_confirm(self, view: TableView) -> None:
        table = table_of(self.app)
        preview = table.preview(self.action(view))
        title = ACTION_TITLES.get(self.kind, self.kind)
        lines = []
        chosen = " · ".join(words for _key, words in self.said)
        if chosen:
            said = _("Chosen: {answers}").format(answers=escape_markup(chosen))
            lines.append(f"[color=b8c2d4]{said}[/color]")
        if self.answers.get("box") == "patent" and self.answers.get("side"):
            lines.append(_("The Patent's first use: side {side}, slid onto its box for good.").format(
                side=self.answers["side"]))
        if preview is not None and preview.ok:
            lines.append(f"[b]{escape_markup(preview.said)}[/b]")
            changed = [(p.name, p.money, after) for p, after in zip(view.players, preview.money)
                       if after != p.money]
            for name, before, after in changed:
                said = (_("{player} pays ${amount}: from ${before} to ${after}") if after < before else
                        _("{player} gains ${amount}: from ${before} to ${after}")).format(
                    player=name, amount=abs(after - before), before=before, after=after)
                lines.append("• " + escape_markup(said))
            if not changed:
                lines.append(_("No money changes hands."))
        elif preview is not None:
            lines.append(refused(preview.reason))
            lines.append(_("Back changes the last answer; Cancel returns to the table."))
        self.show_confirm(_(title), lines, preview is not None and preview.ok)
