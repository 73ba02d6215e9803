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
from companion.games.six_actions.engine.options import SixOptions, read_six_options
from companion.games.six_actions.session import COLOURS, Seat
from companion.table.table_options import choices
from ui.games.setup_base import SeatsSetupScreen
from ui.games.six_actions.table import SixActionsTable, table_of

__all__ = ["SeatRow", "SixSetupScreen"]


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
    #: The table option ``forced_loan`` (docs/table-options.md), chosen here; the default's reading.
    forced_loan = StringProperty(SixOptions().forced_loan)
    #: The table option ``loan_at_top``, chosen here.
    loan_at_top = StringProperty(SixOptions().loan_at_top)

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

    def next_forced_loan(self) -> None:
        """The other reading of a forced Emergency Loan's amount (``forced_loan``: full / shortfall)."""
        values = choices(SixOptions, "forced_loan")
        self.forced_loan = str(values[(values.index(self.forced_loan) + 1) % len(values)])

    def options(self) -> SixOptions:
        """The table options chosen here (:class:`~companion.games.six_actions.engine.options.SixOptions`)."""
        chosen = {"forced_loan": self.forced_loan, "loan_at_top": self.loan_at_top}
        return read_six_options(chosen, ValueError)

    def start(self) -> bool:
        """Start: the game with these seats; a refusal (a name twice, an empty name) is said as the
        session says it and nothing starts."""
        rows = self._rows[:int(self.players)]
        seats = [Seat(row.ids.name.text.strip(), row.colour) for row in rows]
        tycoon = next((row.seat for row in rows if row.tycoon), 0)
        return table_of(self.app).start(seats, tycoon, self.layout, self.seed, self.options())
