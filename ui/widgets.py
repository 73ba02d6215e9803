"""Widgets shared by the screens: the board, Command cards, registers, the message bar.

Every widget here draws only what it is given (rows in referee notation, a
card's title, a message); none reads the session, so none can show a secret.
Their look lives in ``widgets.kv``; colours and sizes in :mod:`ui.theme`.

- :class:`BoardView`: the 5 x 5 grid drawn with canvas instructions (one
  texture per distinct label, cached), intact and damaged modules by colour
  *and* symbol, hallways plain, the Cadet pawn marked.  Reused by Board
  set-up, the Decode mini board and Execute.
- :class:`TileView`: one tile on its own (the spare hallway, a carried device).
- :class:`CardButton`: a Command card; tap to select, or drag it onto a register.
- :class:`RegisterSlot`: register 1-5 (or the leave-out slot, number 0).
- :class:`MessageBar`: refusals, Mission Control's answers and hints.
- :class:`BigButton`, :class:`BigToggle`, :class:`StatusStrip` (with the Menu button).

The popups (a question with big answers, the seed's number pad) are in :mod:`ui.popups`.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, RoundedRectangle, Triangle
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.games.transmission.engine.commands import card_command

from . import theme

log = logging.getLogger(__name__)

HALLWAY_TILE = "."

#: The rules of these widgets; the app loads it in ``build()`` (see ``ui.screens.load_kv_files``).
KV_FILE = Path(__file__).with_suffix(".kv")

# ---------------------------------------------------------------------------- text textures

_TEXTURES: dict[tuple[Any, ...], Any] = {}


def text_texture(text: str, size: float, *, bold: bool = False, font: str = "Roboto",
                 width: float | None = None) -> Any:
    """A cached white texture of ``text`` (``size`` in pixels), wrapped and centred within ``width`` if given.

    Draw it with :func:`_blit`, which sets the colour.
    """
    key = (text, round(size), bold, font, None if width is None else round(width))
    texture = _TEXTURES.get(key)
    if texture is None:
        label = CoreLabel(text=text, font_size=round(size), bold=bold, font_name=font, halign="center",
                          text_size=(width, None) if width else (None, None))
        label.refresh()
        texture = label.texture
        if len(_TEXTURES) > 2000:  # a long game never needs this many; keep memory flat anyway
            _TEXTURES.clear()
        _TEXTURES[key] = texture
    return texture


def _blit(group: InstructionGroup, texture: Any, cx: float, cy: float,
          colour: Sequence[float] = (1, 1, 1, 1)) -> None:
    """Draw ``texture`` (white text) in ``colour``, centred on ``(cx, cy)``, on whole pixels (sharp text)."""
    w, h = texture.size
    group.add(Color(*colour))
    group.add(Rectangle(texture=texture, pos=(round(cx - w / 2), round(cy - h / 2)), size=(w, h)))


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
            _blit(group, text_texture(tile.upper(), side * (0.40 if show_name else 0.50), bold=True),
                  x0 + side * 0.5, letter_y)
        if not plain:
            # The symbol in the top-right corner on a dark disc: readable without colour.
            d = side * 0.34
            cx, cy = x0 + side - d * 0.55, y0 + side - d * 0.55
            group.add(Color(0, 0, 0, 0.35))
            group.add(Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d)))
            symbol = theme.CHECK if intact else theme.WARN
            _blit(group, text_texture(symbol, d * 0.80, bold=True, font=theme.SYMBOL_FONT), cx, cy)
        if show_name:
            name = names.get(tile.upper(), "")
            if name:
                width = side * 0.86 if tile.upper() in devices else side - 4
                texture = text_texture(name, max(11.0, side * 0.16), width=width)
                # A two-line name ("Comms Array") sits a little higher, clear of the cell's edge.
                _blit(group, texture, x0 + side / 2, y0 + max(side * 0.20, texture.height / 2 + side * 0.06))
    if cadet:
        _draw_pawn(group, x0, y0, side)


def _draw_pawn(group: InstructionGroup, x0: float, y0: float, side: float) -> None:
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
        return max(1.0, min(self.width - margin, self.height - margin) / 5)

    def cell_origin(self, row: int, col: int) -> tuple[float, float]:
        """Bottom-left corner of a cell, in this widget's parent coordinates."""
        s = self.cell_size
        x = self.center_x - 2.5 * s
        top = self.center_y + 2.5 * s
        return x + col * s, top - (row + 1) * s

    def _draw(self, *_: Any) -> None:
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
            _blit(group, text_texture("N", sp(14), bold=True), self.center_x, self.center_y + 2.5 * s + dp(9),
                  theme.MUTED)


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

    def _draw(self, *_: Any) -> None:
        self._group.clear()
        if not self.tile:
            return
        s = min(self.width, self.height)
        draw_tile(self._group, self.tile, self.center_x - s / 2, self.center_y - s / 2, s,
                  names=self.names, show_name=self.show_name, letter=self.show_letter,
                  devices=self.devices, plain=self.plain)


# ---------------------------------------------------------------------------- buttons


class BigButton(Button):
    """A flat, rounded button at least 48 px tall.  ``fill`` is its colour."""

    fill = ColorProperty(theme.ACCENT)


class BigToggle(ToggleButton):
    """A toggle for Setup's choices: ``title`` big, ``subtitle`` small, bright when chosen."""

    title = StringProperty("")
    subtitle = StringProperty("")
    value = StringProperty("")


# ---------------------------------------------------------------------------- cards and registers


def card_icon(card_id: str) -> str:
    return theme.COMMAND_ICONS[card_command(card_id)]


def card_title(card_id: str) -> str:
    return card_command(card_id).title


def card_hint(card_id: str) -> str:
    return theme.COMMAND_HINTS[card_command(card_id)]


class CardButton(Widget):
    """A Command card in the hand.  Tap it (``on_tap``) or drag it (``on_drop(window_x, window_y)``).

    ``card_id`` names the physical card (``"N2"``); the face shows the command's
    name, an arrow or icon and a short hint.  ``selected`` draws a yellow frame.
    """

    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")
    hint = StringProperty("")
    selected = BooleanProperty(False)
    target = BooleanProperty(False)
    pressed = BooleanProperty(False)
    draggable = BooleanProperty(True)
    lifted = NumericProperty(0)

    __events__ = ("on_tap", "on_drop")

    #: How far (pixels) a finger must slide before a press becomes a drag.
    DRAG_THRESHOLD = 14

    def __init__(self, **kwargs: Any) -> None:
        self._dragging = False
        self._ghost: CardGhost | None = None
        super().__init__(**kwargs)

    def on_card_id(self, _: Any, card_id: str) -> None:
        if card_id:
            self.title, self.icon, self.hint = card_title(card_id), card_icon(card_id), card_hint(card_id)

    def on_tap(self) -> None:
        pass

    def on_drop(self, window_x: float, window_y: float) -> None:
        pass

    def on_touch_down(self, touch: Any) -> bool:
        if self.disabled or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        touch.grab(self)
        self._dragging = False
        self.pressed = True
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_move(touch))
        if not self._dragging and self.draggable:
            ox, oy = touch.opos
            if math.hypot(touch.x - ox, touch.y - oy) > dp(self.DRAG_THRESHOLD):
                self._dragging = True
                self._start_ghost()
        if self._dragging and self._ghost is not None:
            wx, wy = self.to_window(*touch.pos)
            self._ghost.center = (wx, wy)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        self.pressed = False
        if self._dragging:
            self._dragging = False
            self._stop_ghost()
            wx, wy = self.to_window(*touch.pos)
            self.dispatch("on_drop", wx, wy)
        elif self.collide_point(*touch.pos):
            self.dispatch("on_tap")
        return True

    def _start_ghost(self) -> None:
        from kivy.core.window import Window

        self._ghost = CardGhost(card_id=self.card_id, size=self.size)
        Window.add_widget(self._ghost)
        self.lifted = 1

    def _stop_ghost(self) -> None:
        if self._ghost is not None:
            self._ghost.parent and self._ghost.parent.remove_widget(self._ghost)
            self._ghost = None
        self.lifted = 0


class CardGhost(Widget):
    """The card that follows the finger during a drag (drawn above everything)."""

    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")

    def on_card_id(self, _: Any, card_id: str) -> None:
        if card_id:
            self.title, self.icon = card_title(card_id), card_icon(card_id)


class RegisterSlot(ButtonBehavior, Widget):
    """Register ``number`` (1-5) or, with number 0, the leave-out slot.

    ``card_id`` is the card placed there (``""`` when empty); ``fixed`` marks a
    card fixed by a clear signal (drawn with a padlock and gold frame);
    ``target`` highlights the slot as a place to tap.
    """

    number = NumericProperty(1)
    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")
    fixed = BooleanProperty(False)
    target = BooleanProperty(False)
    empty_text = StringProperty("empty")
    #: The slot's heading ("Register 2", or "Reg 2" when the slot is narrow).
    label = StringProperty("")

    def on_number(self, *_: Any) -> None:
        self._label()

    def on_width(self, *_: Any) -> None:
        self._label()

    def _label(self) -> None:
        narrow = self.width < dp(86)
        if self.number == 0:
            self.label = "Leave out"
        else:
            self.label = f"{'Reg' if narrow else 'Register'} {int(self.number)}"

    def on_card_id(self, _: Any, card_id: str) -> None:
        self.title = card_title(card_id) if card_id else ""
        self.icon = card_icon(card_id) if card_id else ""


# ---------------------------------------------------------------------------- text bars


class MessageBar(Label):
    """One line or two for the table: a refusal (``error``), an answer (``answer``) or a hint (``info``).

    Shows ``hint`` (muted) when ``message`` is empty.
    """

    message = StringProperty("")
    kind = OptionProperty("info", options=("error", "answer", "info", ""))
    hint = StringProperty("")


class StatusStrip(BoxLayout):
    """The thin strip on every game screen: transmission, missions done, boosts held.  No secrets."""

    transmission = StringProperty("")
    missions = StringProperty("")
    boosts = StringProperty("")
    game = StringProperty("")
    #: The card reader's and the GPIO buttons' state (``ui.table_hardware.status_text``).
    hardware = StringProperty("")


class Panel(BoxLayout):
    """A rounded, slightly lighter box to group things."""

    fill = ColorProperty(theme.PANEL)


class BodyLabel(Label):
    """Wrapped body text (18 sp) that sizes itself to its lines."""


class StripCell(Label):
    """One box of a strip (the commands being executed, the registers of a Transmission card)."""

    fill = ColorProperty(theme.SLOT)
    outline = ColorProperty((0, 0, 0, 0))


class MissionPanel(BoxLayout):
    """A revealed mission: its two modules as tiles, title, flavour text, done or not.

    Give it only missions the table may see (``CadetView.completed`` or, once the
    game is over, ``CadetView.all_missions``).
    """

    mission = ObjectProperty(None, allownone=True)
    done = BooleanProperty(True)
    show_flavour = BooleanProperty(True)
    title = StringProperty("")
    flavour = StringProperty("")
    pair_text = StringProperty("")
    first = StringProperty("")
    second = StringProperty("")
    status = StringProperty("")
    #: Between the two module names: " next to " reads best, " + " fits a narrow list.
    joiner = StringProperty(" next to ")

    def on_mission(self, _: Any, mission: Any) -> None:
        self._describe()

    def on_joiner(self, _: Any, joiner: str) -> None:
        self._describe()

    def _describe(self) -> None:
        mission = self.mission
        if mission is None:
            return
        self.title = mission.title
        self.flavour = mission.flavour
        a, b = mission.names
        self.pair_text = f"{a}{self.joiner}{b}"
        self.first, self.second = (letter.upper() for letter in mission.pair)
