"""The board of Incoming Transmission drawn with canvas instructions: tiles, the Cadet pawn, the grid.

- :class:`BoardView`: the 5 x 5 grid (one texture per distinct label, cached), intact and damaged
  modules by colour *and* symbol, hallways plain, the Cadet pawn marked.  Reused by Board set-up, the
  Decode mini board, Execute and Fix the board.
- :class:`TileView`: one tile on its own (the spare hallway, a carried device).

Each draws only the rows in referee notation it is given; none reads the session.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, RoundedRectangle, Triangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty
from kivy.uix.widget import Widget

from companion.i18n import pgettext
from ui import theme
from ui.widgets.text import blit, fit_size, text_texture

__all__ = ["HALLWAY_TILE", "BoardView", "TileView", "draw_tile"]

HALLWAY_TILE = "."
#: The smallest type (pixels) a module's name on a tile shrinks to, to be drawn without breaking a word.
NAME_MIN_SIZE = 8.0


def draw_tile(group: InstructionGroup, tile: str, x: float, y: float, s: float, *,
              names: Mapping[str, str], show_name: bool, cadet: bool = False, letter: bool = True,
              devices: Collection[str] = (), plain: bool = False) -> None:
    """Draw one tile of side ``s`` pixels at ``(x, y)``.

    ``tile`` is a referee-notation character: ``.`` a hallway, an upper-case
    letter an intact module (green, check mark), lower-case a damaged one
    (red, exclamation mark).  A module whose letter is in ``devices`` gets a
    white inner frame, the device symbol (it can be carried; stations cannot).
    ``cadet`` marks the Cadet pawn on it.  ``plain`` draws a module neutral,
    neither side (a mission not done: nothing on it should look done).
    """
    gap = max(1.0, s * 0.03)
    x0, y0, side = x + gap, y + gap, s - 2 * gap
    radius = max(2.0, side * 0.10)
    if tile == HALLWAY_TILE:
        group.add(Color(*theme.HALLWAY))
        group.add(RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[radius]))
        # A plain corridor: two faint floor lines.
        group.add(Color(*theme.HALLWAY_LINE))
        for f in (0.33, 0.67):
            y_line = y0 + side * f
            group.add(Line(points=[x0 + side * 0.12, y_line, x0 + side * 0.88, y_line], width=1))
    else:
        intact = tile.isupper()
        group.add(Color(*(theme.PLAIN_TILE if plain else theme.INTACT if intact else theme.DAMAGED)))
        group.add(RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[radius]))
        if tile.upper() in devices:
            inset = side * 0.035
            group.add(Color(1, 1, 1, 0.85))
            group.add(Line(rounded_rectangle=(x0 + inset, y0 + inset, side - 2 * inset, side - 2 * inset,
                                              max(2.0, radius * 0.8)), width=max(1.0, side * 0.014)))
        if letter:
            letter_y = y0 + side * (0.61 if show_name else 0.48)
            blit(group, text_texture(tile.upper(), side * (0.40 if show_name else 0.50), bold=True),
                  x0 + side * 0.5, letter_y)
        if not plain:
            # The symbol in the top-right corner on a dark disc: readable without colour.
            d = side * 0.34
            cx, cy = x0 + side - d * 0.55, y0 + side - d * 0.55
            group.add(Color(0, 0, 0, 0.35))
            group.add(Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d)))
            symbol = theme.CHECK if intact else theme.WARN
            blit(group, text_texture(symbol, d * 0.80, bold=True, font=theme.SYMBOL_FONT), cx, cy)
        if show_name:
            name = names.get(tile.upper(), "")
            if name:
                width = side * 0.86 if tile.upper() in devices else side - 4
                # Whole words only: a long name ("Lebenserhaltung") takes a smaller type.
                size = fit_size(name, max(11.0, side * 0.16), width, minimum=NAME_MIN_SIZE)
                texture = text_texture(name, size, width=width)
                # A two-line name ("Comms Array") sits a little higher, clear of the cell's edge.
                blit(group, texture, x0 + side / 2, y0 + max(side * 0.20, texture.height / 2 + side * 0.06))
    if cadet:
        draw_pawn(group, x0, y0, side)


def draw_pawn(group: InstructionGroup, x0: float, y0: float, side: float) -> None:
    """The Cadet: a thick yellow frame round the cell and a small pawn tucked into its top-left corner.

    The corner is the one free of the module's letter (centred), its intact/damaged symbol
    (top right) and its name (bottom), so all three stay readable under the pawn.
    """
    group.add(Color(*theme.CADET))
    group.add(Line(rounded_rectangle=(x0 + 1, y0 + 1, side - 2, side - 2, max(2.0, side * 0.10)),
                   width=max(2.0, side * 0.045)))
    h = side * 0.25
    inset = side * 0.06
    px, py = x0 + inset, y0 + side - inset - h
    head = h * 0.40
    group.add(Color(0.05, 0.05, 0.05, 0.9))
    group.add(Ellipse(pos=(px + h * 0.30 - 1.5, py + h - head - 1.5), size=(head + 3, head + 3)))
    group.add(Triangle(points=[px - 1.5, py - 1.5, px + h + 1.5, py - 1.5, px + h / 2, py + h * 0.75 + 1.5]))
    group.add(Color(*theme.CADET))
    group.add(Ellipse(pos=(px + h * 0.30, py + h - head), size=(head, head)))
    group.add(Triangle(points=[px, py, px + h, py, px + h / 2, py + h * 0.75]))


class BoardView(Widget):
    """The 5 x 5 board: ``rows`` in referee notation, the Cadet at ``cadet`` (row, col).

    The grid is square, centred in the widget, with row 0 (north) at the top.
    Redraws are batched with a Clock trigger.
    """

    rows = ListProperty(["....."] * 5)
    cadet = ListProperty([2, 2])
    names = DictProperty({})
    #: Letters of the devices (drawn with a white inner frame).
    devices = ListProperty([])
    show_names = BooleanProperty(True)
    show_compass = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._group = InstructionGroup()
        self._trigger = Clock.create_trigger(self._draw, -1)
        super().__init__(**kwargs)
        self.canvas.add(self._group)
        self.fbind("rows", self._trigger)
        self.fbind("cadet", self._trigger)
        self.fbind("names", self._trigger)
        self.fbind("devices", self._trigger)
        self.fbind("show_names", self._trigger)
        self.fbind("show_compass", self._trigger)
        self.fbind("pos", self._trigger)
        self.fbind("size", self._trigger)

    @property
    def cell_size(self) -> float:
        margin = dp(18) if self.show_compass else 0
        return max(1.0, float(min(self.width - margin, self.height - margin)) / 5)

    def cell_origin(self, row: int, col: int) -> tuple[float, float]:
        """Bottom-left corner of a cell, in this widget's parent coordinates."""
        s = self.cell_size
        x = self.center_x - 2.5 * s
        top = self.center_y + 2.5 * s
        return x + col * s, top - (row + 1) * s

    def _draw(self, *_: object) -> None:
        group = self._group
        group.clear()
        s = self.cell_size
        rows = list(self.rows) if len(self.rows) == 5 else ["....."] * 5
        cadet = tuple(self.cadet)
        x0, y0 = self.cell_origin(4, 0)
        group.add(Color(*theme.GRID_LINE))
        group.add(RoundedRectangle(pos=(x0 - 3, y0 - 3), size=(5 * s + 6, 5 * s + 6), radius=[6]))
        for r, row in enumerate(rows):
            for c, tile in enumerate(row):
                x, y = self.cell_origin(r, c)
                draw_tile(group, tile, x, y, s, names=self.names, show_name=self.show_names,
                          cadet=(r, c) == cadet, devices=self.devices)
        if self.show_compass:
            north = pgettext("compass", "N")
            blit(group, text_texture(north, sp(14), bold=True), self.center_x,
                 self.center_y + 2.5 * s + dp(9), theme.MUTED)


class TileView(Widget):
    """A single tile (referee notation) drawn like a board cell: the spare hallway, a carried device."""

    tile = StringProperty(HALLWAY_TILE)
    names = DictProperty({})
    show_name = BooleanProperty(True)
    #: False for a legend's sample tile, which stands for any module.
    show_letter = BooleanProperty(True)
    #: Letters of the modules drawn with the device frame.
    devices = ListProperty([])
    #: Neutral colour and no intact/damaged symbol (a mission not done, on the End screen).
    plain = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._group = InstructionGroup()
        self._trigger = Clock.create_trigger(self._draw, -1)
        super().__init__(**kwargs)
        self.canvas.add(self._group)
        for name in ("tile", "names", "show_name", "show_letter", "devices", "plain", "pos", "size"):
            self.fbind(name, self._trigger)

    def _draw(self, *_: object) -> None:
        self._group.clear()
        if not self.tile:
            return
        s = min(self.width, self.height)
        draw_tile(self._group, self.tile, self.center_x - s / 2, self.center_y - s / 2, s,
                  names=self.names, show_name=self.show_name, letter=self.show_letter,
                  devices=self.devices, plain=self.plain)
