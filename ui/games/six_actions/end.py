"""The end settlement, after the last Revenue and Dividends: each player repays the notes they choose
at 50 Cr each; each unpaid note costs 50 Asset Value and 7 Influence.  Then the final figures.

Source: ``seeds/six-actions-rules.txt``, Promissory notes; issue 12 item 4.  The numbers are the
engine's (:class:`~companion.games.six_actions.views.SettlementRow`); this screen only asks how many
notes each player repays (at most their notes, at most what their money pays) and shows the result.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.summary import winner_line
from companion.games.six_actions.views import PlayerPanel, TableView
from companion.i18n import N_, _, ngettext
from ui.games import seat_colours as colours
from ui.games.six_actions.table import table_of
from ui.screens.base import BaseScreen

__all__ = ["NOTE_COST", "SettleRow", "SixEndScreen", "most_repaid"]

#: Cr to repay one Promissory Note at the end (Promissory notes).
NOTE_COST = 50


def most_repaid(player: PlayerPanel) -> int:
    """The most notes ``player`` can repay: their notes, as far as their money goes."""
    return max(0, min(player.notes, player.money // NOTE_COST))


class SettleRow(BoxLayout):
    """One player's settlement: how many notes they repay (- / +), then Settle."""

    seat = NumericProperty(0)
    name = StringProperty("")
    figures = StringProperty("")
    repay = NumericProperty(0)
    most = NumericProperty(0)
    done = BooleanProperty(False)
    result = StringProperty("")
    colour = ColorProperty((0.6, 0.6, 0.6, 1))
    #: The settlement screen (its buttons call it).
    screen = ObjectProperty(None)


class SixEndScreen(BaseScreen[TableView]):
    heading = StringProperty(N_("End settlement"))
    over = BooleanProperty(False)
    final = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_end", **kwargs)
        self._rows: list[SettleRow] = []

    def on_pre_enter(self, *_: object) -> None:
        table_of(self.app).redraw()

    def refresh(self, view: TableView) -> None:
        self.over = view.phase is Phase.OVER
        self.heading = _("Final figures") if self.over else _("End settlement")
        settled = {row.seat: row for row in view.settlement}
        box = self.ids.rows
        while len(self._rows) < len(view.players):
            row = SettleRow()
            row.screen = self
            self._rows.append(row)
        if len(box.children) != len(view.players):
            box.clear_widgets()
            for row in self._rows[:len(view.players)]:
                box.add_widget(row)
        for row, p in zip(self._rows, view.players):
            row.seat, row.name, row.colour = p.seat, p.name, colours.rgba(p.colour)
            row.most = most_repaid(p)
            row.repay = min(row.repay, row.most)
            s = settled.get(p.seat)
            row.done = bool(s is not None and s.done)
            row.figures = ngettext("{money} Cr · {notes} note · Influence {influence} · AV {asset_value}",
                                   "{money} Cr · {notes} notes · Influence {influence} · AV {asset_value}",
                                   p.notes).format(money=p.money, notes=p.notes, influence=p.influence,
                                                   asset_value=p.asset_value)
            if s is not None and s.done:
                unpaid = s.notes - s.repaid
                row.result = (_("repaid {repaid}; {unpaid} unpaid: -{asset_value} AV, -{influence} Influence")
                              .format(repaid=s.repaid, unpaid=unpaid, asset_value=NOTE_COST * unpaid,
                                      influence=7 * unpaid)
                    if unpaid else _("repaid {repaid}: no unpaid note").format(repaid=s.repaid))
            else:
                row.result = ""
            if self.over:
                row.result += " · " + _("now AV {asset_value}, Influence {influence}, {money} Cr").format(
                    asset_value=p.asset_value, influence=p.influence, money=p.money)
        if self.over:
            # each row shows its player's final figures; this line names the winner and what decided
            self.final = winner_line(view.players)
        else:
            self.final = _("Each player says how many notes they repay (50 Cr each), then Settle.")

    def change(self, row: SettleRow, by: int) -> None:
        row.repay = max(0, min(int(row.most), int(row.repay) + by))

    def settle(self, row: SettleRow) -> None:
        intents = table_of(self.app).intents
        if intents is not None:
            intents.settle(int(row.seat), int(row.repay))

    def home(self) -> None:
        table_of(self.app).leave()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            if self.over:
                self.home()
            return True  # no undo past the settlement's start from here: the table's Menu leaves
        return False
