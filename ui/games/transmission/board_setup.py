"""Board set-up: the layout to copy onto the table, the Cadet's start, and the spare hallway tile drawn
beside the board (a legend swatch of it looked like a key to the 12 hallways on the grid)."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import DictProperty, ListProperty, NumericProperty, StringProperty

from companion.games.transmission.content.words import module_names
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from ui.games.transmission.board import BoardView, TileView  # noqa: F401  (widgets its .kv builds)
from ui.screens.base import BaseScreen


class BoardSetupScreen(BaseScreen[TableView]):
    names = DictProperty({})
    devices = ListProperty([])
    layout_title = StringProperty("")
    #: Why Mission Control's phone is off (``app.phone_off``), or ``""``: shown in full above the key,
    #: whose rows then take less height (the column holds both at 800x480).
    phone_off = StringProperty("")
    key_row = NumericProperty(dp(50))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="board_setup", **kwargs)

    def refresh(self, view: TableView) -> None:
        self.names = module_names(self.app.content)
        self.devices = sorted(self.app.content.devices)
        self.ids.board.rows = list(view.rows)
        self.ids.board.cadet = list(view.cadet)
        self.layout_title = _("Beginner layout") if view.layout == "beginner" else _("Standard layout")
        self.phone_off = self.app.phone_off
        self.key_row = dp(32) if self.phone_off else dp(50)

    def ready(self) -> None:
        self.app.intents.confirm()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.ready()
            return True
        return False

