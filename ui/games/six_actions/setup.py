"""The Six Actions' Setup: how many players, their names and colours, the first Tycoon, the board
(the content pack's map, or the printed board with no map) and the table options where the rules
are silent (docs/table-options.md).

Source: issue 12 items 3 and 4; the seats' rules (2 to 5 players, names 1-20 characters and distinct,
distinct colours) are the session's, whose refusal is shown as it says it.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.session import COLOURS, Seat
from companion.i18n import N_, _
from ui.games.setup_base import SeatsSetupScreen
from ui.games.six_actions.table import SixActionsTable, table_of
from ui.games.table_options_popup import OptionRow, TableOptionsPopup, open_table_options

__all__ = ["OPTION_ROWS", "SeatRow", "SixSetupScreen"]

#: How Setup shows each table option (docs/table-options.md), in the order of :class:`SixOptions`.
OPTION_ROWS = (
    OptionRow("forced_loan", N_("Forced loan"),
              {"full": N_("the full 25 Cr"), "shortfall": N_("only what is short")},
              N_("a forced Emergency Loan's amount")),
    OptionRow("loan_at_top", N_("Loan at Finance top"), {"top_level": N_("again"), "refused": N_("refused")},
              N_("a Loan with the disc at the top")),
    OptionRow("passing", N_("A pass"),
              {"final": N_("final for the round"), "this_turn": N_("this turn only")},
              N_("may a player who passed act again?")),
    OptionRow("round_end", N_("Round ends"),
              {"plus_included": N_("after all tokens"), "action_tokens": N_("after action tokens")},
              N_("does a +1 Action token keep a player in?")),
    OptionRow("last_round", N_("Game end"),
              {"table": N_("the table says"), 4: N_("after round 4"), 5: N_("after round 5"),
               6: N_("after round 6"), 7: N_("after round 7"), 8: N_("after round 8")},
              N_("which round is the last")),
)


class SeatRow(BoxLayout):
    """One player of Setup: the colour (tap to change), the name, and whether they start as Tycoon."""

    seat = NumericProperty(0)
    colour = StringProperty("red")
    tycoon = BooleanProperty(False)
    #: The Setup screen it belongs to (its buttons call it).
    screen = ObjectProperty(None, allownone=True)


class SixSetupScreen(SeatsSetupScreen):
    """The Six Actions' Setup: the seats (:class:`~ui.games.setup_base.SeatsSetupScreen`), each
    with whether they start as Tycoon."""

    colours = COLOURS
    players_group = "six-players"
    #: The table options (docs/table-options.md) chosen here: :class:`SixOptions`, the defaults at first.
    table_options = ObjectProperty(SixOptions())

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_setup", **kwargs)
        self._rows: list[SeatRow] = []

    def table(self) -> SixActionsTable:
        return table_of(self.app)

    def new_row(self, seat: int, content: ContentPack) -> SeatRow:
        return SeatRow(screen=self, seat=seat, colour=COLOURS[seat % len(COLOURS)], tycoon=seat == 0)

    def seats_shown(self, n: int) -> None:
        """A Tycoon among the seats shown (the first seat's, if it was a seat now hidden)."""
        if not any(row.tycoon for row in self._rows[:n]):
            self.set_tycoon(0)

    def set_tycoon(self, seat: int) -> None:
        for row in self._rows:
            row.tycoon = row.seat == seat

    def open_options(self) -> TableOptionsPopup:
        """The table options popup (:class:`~ui.games.table_options_popup.TableOptionsPopup`)."""
        return open_table_options(self, _("Table options: The Six Actions"), OPTION_ROWS)

    def options(self) -> SixOptions:
        """The table options chosen here (:class:`~companion.games.six_actions.engine.options.SixOptions`)."""
        options: SixOptions = self.table_options
        return options

    def start(self) -> bool:
        """Start: the game with these seats; a refusal (a name twice, an empty name) is said as the
        session says it and nothing starts."""
        rows = self._rows[:int(self.players)]
        seats = [Seat(row.ids.name.text.strip(), row.colour) for row in rows]
        tycoon = next((row.seat for row in rows if row.tycoon), 0)
        return table_of(self.app).start(seats, tycoon, self.layout, self.seed, self.options())
