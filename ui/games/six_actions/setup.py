"""The Six Actions' Setup: how many players, their names and colours, the first Tycoon, and the board
(the content pack's map, or the printed board with no map).

Source: issue 12 items 3 and 4; the seats' rules (2 to 5 players, names 1-20 characters and distinct,
distinct colours) are the session's, whose refusal is shown as it says it.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.six_actions.session import COLOURS, Seat
from ui.games.six_actions import colours
from ui.games.six_actions.table import table_of
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigToggle

__all__ = ["SeatRow", "SixSetupScreen"]


class SeatRow(BoxLayout):
    """One player of Setup: the colour (tap to change), the name, and whether they start as Tycoon."""

    seat = NumericProperty(0)
    colour = StringProperty("red")
    tycoon = BooleanProperty(False)
    #: The Setup screen it belongs to (its buttons call it).
    screen = ObjectProperty(None, allownone=True)


class SixSetupScreen(BaseScreen):
    #: Players at the table (2-5).
    players = NumericProperty(2)
    #: ``"map"`` or ``"printed"``.
    layout = StringProperty("map")
    has_map = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_setup", **kwargs)
        self._rows: list[SeatRow] = []
        #: The next game's seed (the Merit deck's and the cards' shuffles); ``None``: a random one.
        self.seed: int | None = None

    def on_pre_enter(self, *_: object) -> None:
        content = table_of(self.app).content
        self.has_map = content.has_map
        if not self.has_map:
            self.layout = "printed"
        low, high = content.setup.min_players, content.setup.max_players
        counts = self.ids.counts
        if not counts.children:
            for n in range(low, high + 1):
                toggle = BigToggle(title=str(n), subtitle="players", value=str(n), group="six-players")
                toggle.bind(on_release=lambda t: self.set_players(int(t.value)))
                counts.add_widget(toggle)
        if not self._rows:
            for seat in range(high):
                row = SeatRow(screen=self, seat=seat, colour=COLOURS[seat % len(COLOURS)], tycoon=seat == 0)
                row.ids.name.text = f"Player {seat + 1}"
                self._rows.append(row)
        self.set_players(max(low, min(high, int(self.players))))

    def on_leave(self, *_: object) -> None:
        # Kivy's TextInput keeps the last one it scrolled (a @triggered closure, module-wide): the rows
        # leave the screen and forget it, so that TextInput cannot keep the screen and the app alive.
        self.ids.seats.clear_widgets()
        for row in self._rows:
            row.screen = None

    def set_players(self, n: int) -> None:
        """Show ``n`` seat rows (the others keep what was typed, for a change of mind)."""
        self.players = n
        for toggle in self.ids.counts.children:
            toggle.state = "down" if toggle.value == str(n) else "normal"
        box = self.ids.seats
        box.clear_widgets()
        for row in self._rows[:n]:
            row.screen = self
            box.add_widget(row)
        if not any(row.tycoon for row in self._rows[:n]):
            self.set_tycoon(0)

    def set_layout(self, layout: str) -> None:
        self.layout = layout

    def next_colour(self, row: SeatRow) -> None:
        """The colour button of a seat: the next colour no other seat has."""
        taken = {r.colour for r in self._rows[:int(self.players)] if r is not row}
        at = COLOURS.index(row.colour) if row.colour in COLOURS else -1
        for step in range(1, len(COLOURS) + 1):
            colour = COLOURS[(at + step) % len(COLOURS)]
            if colour not in taken:
                row.colour = colour
                return

    def set_tycoon(self, seat: int) -> None:
        for row in self._rows:
            row.tycoon = row.seat == seat

    def colour_rgba(self, name: str) -> tuple[float, float, float, float]:
        return colours.rgba(name)

    def start(self) -> bool:
        """Start: the game with these seats; a refusal (a name twice, an empty name) is said as the
        session says it and nothing starts."""
        rows = self._rows[:int(self.players)]
        seats = [Seat(row.ids.name.text.strip(), row.colour) for row in rows]
        tycoon = next((row.seat for row in rows if row.tycoon), 0)
        return table_of(self.app).start(seats, tycoon, self.layout, self.seed)

    def back(self) -> None:
        self.app.show("home")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        if action == "continue":
            self.start()
            return True
        return False
