"""The end of a Five Actions game: each player's bonus points, activated Patents' icons (a Patent
still waiting above a column gives none), their total and money, best first.

Source: ``seeds/five-actions-rules.txt`` (Patents: "Each activated Patent gives its icons at the
end"), issue 13 item 4; the standings are the session's (``TableView.standings``).  The table ends
the game (the excerpt does not say when; the Menu asks first); an ended game is final (the core
undoes nothing after it), so this screen offers only History and Home.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty

from companion.games.five_actions.views import TableView
from companion.i18n import _, ngettext
from ui.games.five_actions.table import table_of
from ui.screens.base import BaseScreen

__all__ = ["FiveEndScreen", "standings_text"]


def standings_text(view: TableView) -> str:
    """The standings, one player a line, best first: by total, then money (ties share a place); when
    two totals are equal, a last line says so."""
    rows = sorted(view.standings, key=lambda s: (-s.total, -s.money, s.seat))
    lines = []
    place = 0
    previous: tuple[int, int] | None = None
    for i, st in enumerate(rows):
        if (st.total, st.money) != previous:
            place, previous = i + 1, (st.total, st.money)
        lines.append(f"[b]{place}. {st.name}: {st.total}[/b]  " + ngettext(
            "({points} points + {icons} Patent icon; ${money})",
            "({points} points + {icons} Patent icons; ${money})", st.patent_icons).format(
            points=st.points, icons=st.patent_icons, money=st.money))
    totals = [st.total for st in rows]
    if len(set(totals)) < len(totals):  # say the tie-break where it decided (docs/balance.md: the ranking)
        lines.append("\n" + _("Equal totals: more money ranks higher; equal money too shares the place."))
    return "\n".join(lines)


class FiveEndScreen(BaseScreen[TableView]):
    standings = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_end", **kwargs)

    def on_pre_enter(self, *_: object) -> None:
        table_of(self.app).redraw()

    def refresh(self, view: TableView) -> None:
        if view.phase != "over":
            return
        self.standings = standings_text(view) or _("No standings.")

    def home(self) -> None:
        table_of(self.app).close()
        self.app.show("home")

    def history(self) -> None:
        table_of(self.app).close()
        self.app.show("history")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action in ("back", "continue"):
            self.home()
            return True
        return False
