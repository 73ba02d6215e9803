"""The ledger: every payment of the game, who paid whom, how much and why, newest first (scrolls).

Source: issue 12 item 4 ("a ledger of every payment (who paid whom, why; scrollable)").  Rows are the
view's :class:`~companion.games.six_actions.views.LedgerRow` s, in a Kivy ``RecycleView`` so a long
game scrolls smoothly on the Pi.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.six_actions.views import LedgerRow, TableView
from companion.i18n import N_, _, ngettext, pgettext
from ui.screens.base import BaseScreen

__all__ = ["LedgerLine", "SixLedgerScreen", "ledger_rows"]


class LedgerLine(BoxLayout):
    """One payment (the RecycleView's view class)."""

    number = StringProperty("")
    who = StringProperty("")
    amount = StringProperty("")
    reason = StringProperty("")


def _party(name: str) -> str:
    """A player's name as it is; the bank and the supply with a capital (they are not players)."""
    if name == "bank":
        return pgettext("ledger", "Bank")
    if name == "supply":
        return pgettext("ledger", "Supply")
    return name


def ledger_rows(rows: tuple[LedgerRow, ...]) -> list[dict[str, str]]:
    """The ledger's rows as the list's texts, newest first: ``#3``, ``Ana → Ben``, ``6 Cr``, the reason."""
    out = []
    for n, row in reversed(list(enumerate(rows, start=1))):
        out.append({"number": f"#{n}", "who": f"{_party(row.payer)} → {_party(row.payee)}",
                    "amount": _("{money} Cr").format(money=row.amount),
                    # a marked reason, translated; a plain str (Kivy's shortening rebuilds its type)
                    "reason": str(_(row.reason)) if row.reason else ""})
    return out


class SixLedgerScreen(BaseScreen[TableView]):
    heading = StringProperty(N_("Ledger"))
    empty = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_ledger", **kwargs)

    def refresh(self, view: TableView) -> None:
        count = len(view.ledger)
        self.heading = ngettext("Ledger · {n} payment", "Ledger · {n} payments", count).format(n=count)
        self.empty = "" if count else _("No payment yet.")
        self.ids.rows.data = ledger_rows(view.ledger)

    def back(self) -> None:
        self.app.show("six_table")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        return False
