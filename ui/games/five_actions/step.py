"""One short step of an action (Installation's box, then its Location ...), then its confirmation
with the session's own preview: what it will do, in its words, and everyone's money after it.

Source: issue 13 item 4; the questions are :mod:`ui.games.five_actions.flows`'.  Big buttons for the
choices (a box the player cannot pay, a full Credit row: shown greyed with why); the map beside them
when a Location or a station is asked (tap it there or on its button); the number pad for a bonus;
a text box for a Location's name on the printed board.  Back goes one step back (from the first, to
the table); nothing is played before the confirmation's button, whose refusal names the rule.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.utils import escape_markup

from companion.games.five_actions.session import SupplyNeeds
from companion.games.five_actions.views import TableView
from ui import theme
from ui.games.five_actions.board_map import MapView
from ui.games.five_actions.flows import ACTION_TITLES, Option, Question, action_of, next_question
from ui.games.five_actions.table import table_of
from ui.popups import SeedPad
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

__all__ = ["FiveStepScreen"]


class FiveStepScreen(BaseScreen):
    title = StringProperty("")
    prompt = StringProperty("")
    #: The confirmation's lines (what will happen, the money after it), or "".
    summary = StringProperty("")
    is_number = BooleanProperty(False)
    is_text = BooleanProperty(False)
    is_confirm = BooleanProperty(False)
    can_confirm = BooleanProperty(False)
    shows_map = BooleanProperty(False)
    confirm_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_step", **kwargs)
        self.kind = ""
        self.answers: dict[str, object] = {}
        #: ``(key, the words of the answer)`` in the order given (Back takes the last one back).
        self.said: list[tuple[str, str]] = []
        self.question: Question | None = None
        self.needs: SupplyNeeds | None = None
        self.map_view: MapView | None = None
        self._view: TableView | None = None
        self._name: Any = None  # a TextInput while a Location's name is asked

    def begin(self, kind: str) -> None:
        """Start flow ``kind`` (:data:`~ui.games.five_actions.flows.FLOWS`) from its first step."""
        self.kind = kind
        self.answers = {}
        self.said = []
        self.question = None
        self.needs = None

    # ------------------------------------------------------------------ drawing

    def refresh(self, view: TableView) -> None:
        self._view = view
        if not self.kind:
            return
        table = table_of(self.app)
        self.needs = None
        if self.kind == "supply" and "credit" in self.answers and "row" in self.answers:
            self.needs = table.supply_needs(str(self.answers["credit"]), str(self.answers["row"]))
            if self.needs is not None and self.needs.reason:
                self.app.show_message(self.needs.reason, "error")
                self._take_back()
                return
        question = next_question(self.kind, view, self.answers, table.content, self.needs)
        self.question = question
        self.ids.options.clear_widgets()
        if question is None:
            self._map(view, (), ())
            self._show_confirm(view)
            return
        self.is_confirm = False
        self.title = question.title
        self.prompt = question.prompt
        self.is_number = question.number is not None
        self.is_text = question.text
        self._text_box(question.text)
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

    def _text_box(self, wanted: bool) -> None:
        """The Location's name box, only while a name is asked (Kivy keeps the last TextInput it
        scrolled in a module-wide closure: one left in the screen would keep the app alive)."""
        if self._name is not None:
            self._name.unbind(on_text_validate=self._validated)
            if self._name.parent is not None:
                self._name.parent.remove_widget(self._name)
            self._name = None
        if wanted:
            from kivy.uix.textinput import TextInput  # imports the window: only once the app runs

            self._name = TextInput(multiline=False, font_size=theme.FONT_LARGE,
                                   hint_text="the Location's name",
                                   padding=(dp(10), dp(12)), background_color=theme.CARD,
                                   foreground_color=theme.CARD_TEXT)
            self._name.bind(on_text_validate=self._validated)
            self.ids.text_row.add_widget(self._name, index=len(self.ids.text_row.children))

    def _validated(self, *_: object) -> None:
        self.give_text()

    def on_leave(self, *_: object) -> None:
        self._text_box(False)

    def _button(self, option: Option) -> BigButton:
        detail = f"\n[size=13sp]{escape_markup(option.detail)}[/size]" if option.detail else ""
        button = BigButton(text=f"[b]{escape_markup(option.label)}[/b]{detail}", markup=True, height=dp(60),
                           disabled=not option.enabled, fill=theme.ACCENT, font_size="16sp", halign="center")
        button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(8), None)))
        button.bind(on_release=functools.partial(self._chosen, option))
        return button

    def _show_confirm(self, view: TableView) -> None:
        table = table_of(self.app)
        action = action_of(self.kind, view, self.answers, self.needs, table.content)
        preview = table.preview(action)
        title = ACTION_TITLES.get(self.kind, self.kind)
        lines = []
        chosen = " · ".join(words for _, words in self.said)
        if chosen:
            lines.append(f"[color=b8c2d4]Chosen: {escape_markup(chosen)}[/color]")
        if self.answers.get("box") == "patent" and self.answers.get("side"):
            lines.append(f"The Patent's first use: side {self.answers['side']}, slid onto its box for good.")
        if preview is not None and preview.ok:
            lines.append(f"[b]{escape_markup(preview.said)}[/b]")
            changed = [(p.name, p.money, after) for p, after in zip(view.players, preview.money)
                       if after != p.money]
            for name, before, after in changed:
                verb = "pays" if after < before else "gains"
                said = f"• {name} {verb} ${abs(after - before)}: from ${before} to ${after}"
                lines.append(escape_markup(said))
            if not changed:
                lines.append("No money changes hands.")
        elif preview is not None:
            lines.append(f"[color=ff9d8a][b]Refused:[/b] {escape_markup(preview.reason)}[/color]")
            lines.append("Back changes the last answer; Cancel returns to the table.")
        self.is_confirm = True
        self.is_number = self.is_text = False
        self._text_box(False)
        self.title = f"{title}: confirm"
        self.prompt = "Nothing is played until you tap the button."
        self.summary = "\n".join(lines)
        self.can_confirm = preview is not None and preview.ok
        self.confirm_text = f"Do it: {title}"

    # ------------------------------------------------------------------ answers

    def _chosen(self, option: Option, *_: object) -> None:
        self.answer(option.value, option.label)

    def answer(self, value: object, words: str) -> None:
        """Give the current question's answer (``words``: how it was said)."""
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

        SeedPad("", title=question.title.split(":")[0], note=f"From {low} to {high} dollars.",
                digits=len(str(high)), check=check,
                on_done=lambda digits: self.answer(int(digits), f"${int(digits)}")).open()

    def give_text(self) -> None:
        """The Location's name typed (the printed board)."""
        name = " ".join(self._name.text.split()) if self._name is not None else ""
        if not name:
            self.app.show_message("Type the Location's name first.", "error")
            return
        self.answer(name, name)

    def confirm(self) -> bool:
        """Play the action; back to the table when it was played, else stay (the reason is shown)."""
        view = self._view
        if view is None or not self.is_confirm:
            return False
        table = table_of(self.app)
        if not table.play(action_of(self.kind, view, self.answers, self.needs, table.content)):
            return False
        self.kind = ""
        self.manager.current = "five_table"  # not show(): the message bar keeps what happened
        table.redraw()
        return True

    def _take_back(self) -> None:
        if self.said:
            key, _ = self.said.pop()
            self.answers.pop(key, None)
        table_of(self.app).redraw()

    def step_back(self) -> None:
        """Back: the previous step, or the table from the first."""
        if self.said:
            self.app.clear_message()
            self._take_back()
            return
        self.cancel()

    def cancel(self) -> None:
        self.kind = ""
        self.app.show("five_table")
        table_of(self.app).redraw()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.step_back()
            return True
        if action == "continue" and self.is_confirm and self.can_confirm:
            self.confirm()
            return True
        return False
