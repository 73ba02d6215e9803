"""The Setup screen of a game whose seats have names and colours (The Six and Five Actions): the
part that is the same for both.

Source: issues 12 and 13, items 3 and 4.  A row of big toggles for how many players (the content
pack's range), one row a seat (its colour, tap to change to the next one no other seat has, and its
name), the board (the pack's map, or the printed board when it has none), Back to Home and Start.
The seats' rules are the session's, whose refusal is shown as it says it.  Each game's Setup
subclasses :class:`SeatsSetupScreen` with its rows and how it starts.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.i18n import _
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigToggle

__all__ = ["SeatsSetupScreen"]


class SeatsSetupScreen(BaseScreen[Any]):
    """Setup's seats, players and board (see the module docstring).

    A game's Setup sets :attr:`colours` and :attr:`players_group`, and gives :meth:`table`,
    :meth:`new_row` and :meth:`start`; each row has ``seat``, ``colour``, ``screen`` and an
    ``ids.name`` text box.
    """

    #: Players at the table (the content pack's range).
    players = NumericProperty(2)
    #: ``"map"`` or ``"printed"``.
    layout = StringProperty("map")
    has_map = BooleanProperty(True)

    #: The seats' colours, the first seat's first.
    colours: tuple[str, ...] = ()
    #: The toggle group of the players' count.
    players_group = ""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows: list[Any] = []
        #: The next game's seed (its shuffles); ``None``: a random one.
        self.seed: int | None = None

    # ------------------------------------------------------------------ the game's own

    def table(self) -> Any:
        """The game's table (``table_of(self.app)``)."""
        raise NotImplementedError

    def new_row(self, seat: int, content: Any) -> Any:
        """The row of ``seat`` (0-based), its colour the seat's of :attr:`colours`."""
        raise NotImplementedError

    def seats_shown(self, n: int) -> None:
        """``n`` seats are now shown (a game may check what they hold)."""

    def start(self) -> bool:
        """Start the game with these seats; a refusal is said and nothing starts."""
        raise NotImplementedError

    # ------------------------------------------------------------------ drawing

    def on_pre_enter(self, *_args: object) -> None:
        content = self.table().content
        self.has_map = content.has_map
        if not self.has_map:
            self.layout = "printed"
        low, high = content.setup.min_players, content.setup.max_players
        counts = self.ids.counts
        if not counts.children:
            for n in range(low, high + 1):
                toggle = BigToggle(title=str(n), value=str(n), group=self.players_group)
                toggle.bind(on_release=lambda t: self.set_players(int(t.value)))
                counts.add_widget(toggle)
        for toggle in counts.children:  # drawn again after a language switch
            toggle.subtitle = _("players")
        if not self._rows:
            for seat in range(high):
                row = self.new_row(seat, content)
                row.ids.name.text = _("Player {n}").format(n=seat + 1)
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
        self.seats_shown(n)

    def set_layout(self, layout: str) -> None:
        """The board: ``"map"`` (the pack's) or ``"printed"``."""
        self.layout = layout

    def next_colour(self, row: Any) -> None:
        """The colour button of a seat: the next colour no other seat has."""
        colours = self.colours
        taken = {r.colour for r in self._rows[:int(self.players)] if r is not row}
        at = colours.index(row.colour) if row.colour in colours else -1
        for step in range(1, len(colours) + 1):
            colour = colours[(at + step) % len(colours)]
            if colour not in taken:
                row.colour = colour
                return

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
