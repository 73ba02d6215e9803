"""The Five Actions' Setup: how many players (2-4), their names, colours and starting Locations, and
the board: the pack's map (tap each player's starting Location on it) or the printed board, no map
(type the Location's name as the board prints it).

Source: issue 13 items 3 and 4; ``docs/five-actions.md`` (each player's first station starts
Unmodulated on their starting Location: ours).  The seats' rules (names 1-20 characters and
distinct, Locations that exist and are not ocean, distinct) are the session's, whose refusal is shown
as it says it; two seats of one colour are refused here (the colours are the table's).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.games.five_actions.board_map import MapView
from ui.games.five_actions.table import COLOURS, table_of
from ui.games.six_actions import colours
from ui.popups import GuardedPopup
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigToggle

__all__ = ["FiveSeatRow", "FiveSetupScreen", "StartPicker"]

#: Where each seat starts by default on the sample map: far enough apart not to touch.
DEFAULT_STARTS = ("harbour", "ridge", "beach", "summit")


class FiveSeatRow(BoxLayout):
    """One player of Setup: the colour (tap to change), the name, the starting Location."""

    seat = NumericProperty(0)
    colour = StringProperty("red")
    #: The map's Location id (map) chosen as the start.
    start = StringProperty("")
    #: What the start button says (the Location's name).
    start_name = StringProperty("")
    printed = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)


class StartPicker(GuardedPopup):
    """The map, to tap a player's starting Location (a land Location no other player starts on)."""

    title = StringProperty("")

    def __init__(self, title: str, map_view: MapView, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.ids.map_box.add_widget(map_view)

    def handle_key(self, action: str, arg: int | None = None) -> bool:
        if action == "back":
            self.dismiss()
        return True


class FiveSetupScreen(BaseScreen):
    #: Players at the table (2-4).
    players = NumericProperty(2)
    #: ``"map"`` or ``"printed"``.
    layout = StringProperty("map")
    has_map = BooleanProperty(True)
    #: The table shuffles its own Tycoon stacks and says each tile drawn (else the box draws).
    physical_stacks = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_setup", **kwargs)
        self._rows: list[FiveSeatRow] = []
        #: The next game's seed (the Tycoon stacks' shuffle); ``None``: a random one.
        self.seed: int | None = None
        self.picker: StartPicker | None = None

    def on_pre_enter(self, *_: object) -> None:
        content = table_of(self.app).content
        self.has_map = content.has_map
        if not self.has_map:
            self.layout = "printed"
        low, high = content.setup.min_players, content.setup.max_players
        counts = self.ids.counts
        if not counts.children:
            for n in range(low, high + 1):
                toggle = BigToggle(title=str(n), subtitle="players", value=str(n), group="five-players")
                toggle.bind(on_release=lambda t: self.set_players(int(t.value)))
                counts.add_widget(toggle)
        if not self._rows:
            names = {loc.id: loc.name for loc in content.game_map.locations} if content.game_map else {}
            for seat in range(high):
                start = DEFAULT_STARTS[seat] if seat < len(DEFAULT_STARTS) else ""
                start = start if start in names else ""
                row = FiveSeatRow(screen=self, seat=seat, colour=COLOURS[seat % len(COLOURS)], start=start,
                                  start_name=names.get(start, "Tap to choose"))
                row.ids.name.text = f"Player {seat + 1}"
                self._rows.append(row)
        self.set_layout(self.layout)
        self.set_players(max(low, min(high, int(self.players))))

    def on_leave(self, *_: object) -> None:
        # Kivy's TextInput keeps the last one it scrolled (a module-wide @triggered closure): the rows
        # leave the screen and forget it, so it cannot keep the screen and the app alive.
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

    def set_layout(self, layout: str) -> None:
        self.layout = layout if self.has_map or layout == "printed" else "printed"
        for row in self._rows:
            row.printed = self.layout == "printed"

    def next_colour(self, row: FiveSeatRow) -> None:
        """The colour button of a seat: the next colour no other seat has."""
        taken = {r.colour for r in self._rows[:int(self.players)] if r is not row}
        at = COLOURS.index(row.colour) if row.colour in COLOURS else -1
        for step in range(1, len(COLOURS) + 1):
            colour = COLOURS[(at + step) % len(COLOURS)]
            if colour not in taken:
                row.colour = colour
                return

    def colour_rgba(self, name: str) -> tuple[float, float, float, float]:
        return colours.rgba(name)

    def pick_start(self, row: FiveSeatRow) -> None:
        """The map in a popup: tap ``row``'s starting Location (where no other seat starts)."""
        content = table_of(self.app).content
        if content.game_map is None:
            return
        others = {r.start for r in self._rows[:int(self.players)] if r is not row}
        land = [loc.id for loc in content.game_map.locations if not loc.ocean and loc.id not in others]
        map_view = MapView()
        map_view.show(content.game_map, None, [r.colour for r in self._rows], picks=land,
                      lit=[row.start] if row.start else [])
        name = row.ids.name.text.strip() or f"Player {row.seat + 1}"
        picker = StartPicker(f"{name}: tap the starting Location", map_view)

        def chosen(ident: str) -> None:
            loc = content.game_map.location(ident) if content.game_map is not None else None
            row.start, row.start_name = ident, loc.name if loc is not None else ident
            picker.dismiss()

        map_view.on_pick = chosen
        picker.bind(on_dismiss=lambda *_: setattr(self, "picker", None))
        self.picker = picker
        picker.open()

    def start(self) -> bool:
        """Start: the game with these seats; a refusal (a name twice, an empty name, a Location the
        map does not have) is said as the session says it and nothing starts."""
        rows = self._rows[:int(self.players)]
        names = [row.ids.name.text.strip() for row in rows]
        printed = self.layout == "printed"
        starts = [row.ids.start_text.text.strip() if printed else row.start for row in rows]
        missing = next((n for n, s in zip(names, starts) if not s), None)
        if missing is not None:
            self.app.show_message(f"{missing or 'A player'} has no starting Location yet: "
                                  f"{'type its name' if printed else 'tap the Start button'}.", "error")
            return False
        return table_of(self.app).start(names, [row.colour for row in rows], starts, self.layout, self.seed,
                                        physical_stacks=self.physical_stacks)

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
