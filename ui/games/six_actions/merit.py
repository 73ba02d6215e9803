"""A player's secret Merit cards, opened on purpose: pick the player, turn the screen away, press and
hold to see them (they hide when the finger lifts), or play one.

Source: ``seeds/six-actions-rules.txt``, Muster ("Merit cards are secret"); issue 12 item 4.  The
table's view has only each player's count; the cards come from the seat's own view
(:meth:`~ui.games.six_actions.table.SixActionsTable.seat_view`), read only while the button is held
or the player chose to play one, and never kept on the screen after.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.six_actions.views import MeritView, TableView
from companion.i18n import _, ngettext
from ui import theme
from ui.games.six_actions.table import table_of
from ui.popups import Choice, ChoicePopup
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

__all__ = ["SixMeritScreen", "card_words"]


def card_words(card: MeritView) -> str:
    """``"Windfall — Revenue: gain 10 Cr."``: the card's name and what it does."""
    return f"{card.name} — {card.text}" if card.text else card.name


class SixMeritScreen(BaseScreen[TableView]):
    #: The seat whose cards are open (-1: none chosen yet).
    seat = NumericProperty(-1)
    who = StringProperty("")
    #: The cards' words while the button is held, else "".
    shown = StringProperty("")
    holding = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_merit", **kwargs)

    def on_pre_enter(self, *_: object) -> None:
        self.seat = -1
        self.hide()

    def on_leave(self, *_: object) -> None:
        self.hide()

    def refresh(self, view: TableView) -> None:
        box = self.ids.players
        box.clear_widgets()
        for p in view.players:
            count = ngettext("{n} Merit card", "{n} Merit cards", p.merit_count).format(n=p.merit_count)
            text = f"[b]{p.name}[/b]\n[size=13sp]{count}[/size]"
            button = BigButton(text=text, markup=True, height=theme.BUTTON_HEIGHT,
                               fill=theme.ACCENT if p.seat == self.seat else theme.SECONDARY)
            button.bind(on_release=functools.partial(self.choose, p.seat, p.name))
            box.add_widget(button)

    def choose(self, seat: int, name: str, *_: object) -> None:
        self.seat = seat
        self.who = name
        self.hide()
        table_of(self.app).redraw()

    def _cards(self) -> tuple[MeritView, ...]:
        if self.seat < 0:
            return ()
        view = table_of(self.app).seat_view(int(self.seat))
        return tuple(view.own_merit_cards) if view is not None else ()

    def reveal(self) -> None:
        """The hold button went down: show the chosen player's cards while it stays down."""
        if self.seat < 0:
            return
        cards = self._cards()
        self.holding = True
        self.shown = "\n".join(card_words(c) for c in cards) if cards else _("No Merit card.")

    def hide(self) -> None:
        """The finger lifted (or the screen changed): the cards are hidden again."""
        self.holding = False
        self.shown = ""

    def play(self) -> None:
        """Play one of the chosen player's cards (it goes to the bottom of the deck; its effect is a
        ledger adjustment the table enters)."""
        cards = self._cards()
        if not cards:
            self.app.show_message(_("{player} has no Merit card to play.").format(player=self.who), "error")
            return
        choices: list[Choice] = [(card_words(c), functools.partial(self._play, c.id), theme.ACCENT)
                                 for c in cards]
        choices.append((_("Cancel"), None, theme.SECONDARY))
        ChoicePopup(_("{player}: play which card?").format(player=self.who), _("The others will see it."),
                    choices, vertical=True, width_dp=620, default=len(choices) - 1).open()

    def _play(self, card: str) -> None:
        intents = table_of(self.app).intents
        if intents is not None and intents.play_merit(int(self.seat), card):
            self.app.show_message(
                _("Played. Enter what it does as an adjustment (Adjust, reason Merit card)."), "info")
            self.manager.current = "six_table"
            table_of(self.app).redraw()

    def back(self) -> None:
        self.app.show("six_table")
        table_of(self.app).redraw()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        return False
