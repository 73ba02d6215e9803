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

from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.options import FiveOptions
from companion.i18n import N_, _
from ui.games.five_actions.board_map import MapView
from ui.games.five_actions.table import COLOURS, FiveActionsTable, table_of
from ui.games.setup_base import SeatsSetupScreen
from ui.games.table_options_popup import OptionRow, TableOptionsPopup, open_table_options
from ui.popups import GuardedPopup

__all__ = ["OPTION_ROWS", "FiveSeatRow", "FiveSetupScreen", "StartPicker"]

#: How Setup shows each table option (docs/table-options.md), in the order of :class:`FiveOptions`.
OPTION_ROWS = (
    OptionRow("advanced_needs_occupied", N_("Advanced"), {False: N_("always"), True: N_("if occupied")},
              N_("a signal's Advanced box")),
    OptionRow("own_token_site", N_("Own token site"),
              {"adjacent": N_("needs a neighbour"), "foothold": N_("token enough")},
              N_("building where your Signal token is")),
    OptionRow("box_cost", N_("Taken tile's space"), {"before_taking": N_("free"), "after_taking": N_("paid")},
              N_("counted in the box's cost?")),
    OptionRow("face_down_level", N_("Face-down Tycoon"),
              {"up_to_count": N_("up to your count"), "any": N_("any level")},
              N_("which stacks may be taken")),
    OptionRow("game_end", N_("Game end"),
              {"any_turn": N_("after any turn"), "round_end": N_("at a round's end")},
              N_("when the table may end it")),
)

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


class FiveSetupScreen(SeatsSetupScreen):
    """The Five Actions' Setup: the seats (:class:`~ui.games.setup_base.SeatsSetupScreen`), each
    with their starting Location, and whether the table draws the Tycoon tiles itself."""

    #: The table shuffles its own Tycoon stacks and says each tile drawn (else the box draws).
    physical_stacks = BooleanProperty(False)
    #: The table options (docs/table-options.md) chosen here: :class:`FiveOptions`, the defaults at first.
    table_options = ObjectProperty(FiveOptions())

    colours = COLOURS
    players_group = "five-players"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_setup", **kwargs)
        self._rows: list[FiveSeatRow] = []
        self.picker: StartPicker | None = None

    def table(self) -> FiveActionsTable:
        return table_of(self.app)

    def new_row(self, seat: int, content: ContentPack) -> FiveSeatRow:
        names = {loc.id: loc.name for loc in content.game_map.locations} if content.game_map else {}
        start = DEFAULT_STARTS[seat] if seat < len(DEFAULT_STARTS) else ""
        start = start if start in names else ""
        return FiveSeatRow(screen=self, seat=seat, colour=COLOURS[seat % len(COLOURS)], start=start,
                           start_name=names.get(start, ""))  # "": the kv says "Tap to choose"

    def set_layout(self, layout: str) -> None:
        self.layout = layout if self.has_map or layout == "printed" else "printed"
        for row in self._rows:
            row.printed = self.layout == "printed"

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
        name = row.ids.name.text.strip() or _("Player {n}").format(n=row.seat + 1)
        picker = StartPicker(_("{player}: tap the starting Location").format(player=name), map_view)

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
            said = (_("{player} has no starting Location yet: type its name.") if printed
                    else _("{player} has no starting Location yet: tap the Start button."))
            self.app.show_message(said.format(player=missing or _("A player")), "error")
            return False
        return table_of(self.app).start(names, [row.colour for row in rows], starts, self.layout, self.seed,
                                        physical_stacks=self.physical_stacks, options=self.options())

    def open_options(self) -> TableOptionsPopup:
        """The table options popup (:class:`~ui.games.table_options_popup.TableOptionsPopup`)."""
        return open_table_options(self, _("Table options: The Five Actions"), OPTION_ROWS)

    def options(self) -> FiveOptions:
        """The table options chosen here (docs/table-options.md)."""
        options: FiveOptions = self.table_options
        return options
