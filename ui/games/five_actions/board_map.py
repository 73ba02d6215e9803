"""The map on the touchscreen: Locations on their grid, ocean spaces, the printed lines with their
red arrows, and every player's stations and Signal tokens in their colour; tap a Location to pick it.

Source: issue 13 item 4 ("the map drawn on the touchscreen ... to tap a station and a line"), the
pack's ``[map]`` (``seeds/five-actions-rules.txt``: Placing Signal tokens, Lost signal, V connections).
Each line is drawn from a Location's centre out of the side it leaves by and into the next one's by
the side it enters by, so a V connection shows as a line going in and back out of the same side.  A
station is a square (Modulated: a white dot in it), a Signal token a disc; colour is never the only
sign: the players' panels name who is who, and the Step screen lists every choice as a button too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.games.five_actions.content.model import GameMap
from companion.games.five_actions.content.model import Line as PrintedLine
from companion.games.five_actions.views import LocationView, TableView
from companion.i18n import _, ngettext
from ui import theme
from ui.games import seat_colours as colours

__all__ = ["LINE_RGBA", "MapView"]

#: A printed line's colour by its id (the sample pack names its lines by colour); others grey.
LINE_RGBA: dict[str, tuple[float, float, float, float]] = {
    "red": (0.93, 0.36, 0.33, 1), "blue": (0.38, 0.64, 1.0, 1), "green": (0.36, 0.82, 0.48, 1),
    "yellow": (0.98, 0.86, 0.30, 1), "grey": (0.70, 0.72, 0.76, 1), "purple": (0.74, 0.52, 0.95, 1),
}
#: The red arrow's colour (Lost signal).
ARROW = (0.95, 0.18, 0.16, 1)
OCEAN = (0.10, 0.22, 0.38, 1)
#: Each side's direction on screen (x right, y up).
SIDE_STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _pattern(template: str) -> re.Pattern[str]:
    """A translated message with ``{placeholders}`` as a pattern that matches what it makes."""
    parts = re.split(r"\{[^{}]*\}", template)
    return re.compile("(.+?)".join(re.escape(part) for part in parts) + "$")


def _short(bonus: str) -> str:
    """One part of a bonus (the core's words, in the table's language), short enough for a cell:
    ``"an Action tile to depot"`` -> ``"+tile"``, ``"the north Flag"`` -> ``"Flag"``, ``"2 points"``
    -> ``"2 pts"``; any other part as it is."""
    if _pattern(_("an Action tile to {column}")).match(bonus):
        return _("+tile")
    if _pattern(_("the {flag} Flag")).match(bonus):
        return _("Flag")
    for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10):
        if bonus == ngettext("{n} point", "{n} points", n).format(n=n):
            return ngettext("{n} pt", "{n} pts", n).format(n=n)
    return bonus


class MapView(Widget):
    """The pack's map with the pieces of ``view``.

    :ivar picks: the Location ids a tap chooses now (drawn as targets); a tap elsewhere does nothing.
    :ivar lit: Location ids marked (a station chosen, a signal's path).
    :ivar on_pick: called with the tapped Location's id.
    :ivar any_tap: every Location answers a tap, none drawn as a target (the table's map: a tap
        says what a Location holds).
    """

    any_tap = False

    picks = ListProperty([])
    lit = ListProperty([])
    player_colours = ListProperty([])
    on_pick: Callable[[str], object] | None = None
    game_map = ObjectProperty(None, allownone=True)
    table = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._labels: dict[tuple[str, str, float], object] = {}
        self.bind(pos=self._draw, size=self._draw, picks=self._draw, lit=self._draw, table=self._draw,
                  game_map=self._draw, player_colours=self._draw)

    def show(self, game_map: GameMap | None, view: TableView | None, player_colours: Sequence[str],
             picks: Sequence[str] = (), lit: Sequence[str] = ()) -> None:
        """Draw ``view``'s pieces on ``game_map``; ``picks`` answer a tap, ``lit`` are marked."""
        self.game_map, self.table = game_map, view
        self.player_colours, self.picks, self.lit = list(player_colours), list(picks), list(lit)

    # ------------------------------------------------------------------ geometry

    def _grid(self) -> tuple[int, int]:
        locs = self.game_map.locations if self.game_map is not None else ()
        return (max((loc.row for loc in locs), default=0) + 1, max((loc.col for loc in locs), default=0) + 1)

    def cell(self, row: int, col: int) -> tuple[float, float, float, float]:
        """The rectangle ``(x, y, w, h)`` of grid cell ``row``, ``col`` (row 0 at the top)."""
        rows, cols = self._grid()
        margin = dp(10)
        w, h = (self.width - 2 * margin) / cols, (self.height - 2 * margin) / rows
        return self.x + margin + col * w, self.top - margin - (row + 1) * h, w, h

    def location_at(self, x: float, y: float) -> str | None:
        """The id of the Location under window point ``x``, ``y`` (``None``: none)."""
        if self.game_map is None:
            return None
        for loc in self.game_map.locations:
            cx, cy, w, h = self.cell(loc.row, loc.col)
            if cx <= x <= cx + w and cy <= y <= cy + h:
                return str(loc.id)
        return None

    def centre(self, ident: str) -> tuple[float, float]:
        loc = self.game_map.location(ident) if self.game_map is not None else None
        if loc is None:
            return self.center_x, self.center_y
        x, y, w, h = self.cell(loc.row, loc.col)
        return x + w / 2, y + h / 2

    def _edge(self, ident: str, side: str, inset: float = 0.0) -> tuple[float, float]:
        loc = self.game_map.location(ident) if self.game_map is not None else None
        x, y = self.centre(ident)
        if loc is None:
            return x, y
        _, _, w, h = self.cell(loc.row, loc.col)
        dx, dy = SIDE_STEP[side]
        return x + dx * (w / 2 - inset), y + dy * (h / 2 - inset)

    # ------------------------------------------------------------------ drawing

    def _text(self, text: str, size: str, bold: bool = False) -> object:
        key = (text, size, float(bold))
        if key not in self._labels:
            label = CoreLabel(text=text, font_size=sp(float(size.removesuffix("sp"))), bold=bold)
            label.refresh()
            self._labels[key] = label.texture
        return self._labels[key]

    def _draw(self, *_: object) -> None:
        self.canvas.clear()
        if self.game_map is None or self.width < 10:
            return
        views = {loc.id: loc for loc in (self.table.locations if self.table is not None else ())}
        with self.canvas:
            Color(*theme.PANEL)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[theme.RADIUS])
            for loc in self.game_map.locations:
                self._cell(loc.id, loc.row, loc.col, loc.ocean)
            for line in self.game_map.lines:
                self._line(line)
            for loc in self.game_map.locations:
                self._words(loc.id, loc.row, loc.col, loc.ocean, loc.name, views.get(loc.id))
                self._pieces(loc.id, views.get(loc.id))

    def _fill(self, ident: str, ocean: bool) -> tuple[float, float, float, float]:
        return OCEAN if ocean else theme.SLOT_TARGET if ident in self.picks else theme.PANEL_LIGHT

    def _cell(self, ident: str, row: int, col: int, ocean: bool) -> None:
        x, y, w, h = self.cell(row, col)
        pad = dp(3)
        Color(*self._fill(ident, ocean))
        RoundedRectangle(pos=(x + pad, y + pad), size=(w - 2 * pad, h - 2 * pad), radius=[dp(6)])
        if ident in self.lit:
            Color(*theme.SELECTED)
            Line(rounded_rectangle=(x + pad, y + pad, w - 2 * pad, h - 2 * pad, dp(6)), width=dp(2))
        elif ident in self.picks:
            Color(*theme.TEXT)
            Line(rounded_rectangle=(x + pad, y + pad, w - 2 * pad, h - 2 * pad, dp(6)), width=dp(1.2))

    def _label(self, tex: object, x: float, top: float, w: float, fill: tuple[float, ...],
               ink: tuple[float, ...]) -> float:
        """Draw ``tex`` centred under ``top`` on a backing of the cell's colour (a line may pass
        under it); :returns: its height."""
        tw, th = tex.size  # type: ignore[attr-defined]
        left = x + (w - tw) / 2
        Color(*fill)
        Rectangle(pos=(left - dp(2), top - th), size=(tw + dp(4), th))
        Color(*ink)
        Rectangle(texture=tex, pos=(left, top - th), size=(tw, th))
        return float(th)

    def _words(self, ident: str, row: int, col: int, ocean: bool, name: str,
               seen: LocationView | None) -> None:
        x, y, w, h = self.cell(row, col)
        fill = self._fill(ident, ocean)
        top = y + h - dp(5)
        title = self._text(("~ " if ocean else "") + name, "13sp", bold=not ocean)
        top -= self._label(title, x, top, w, fill, theme.MUTED if ocean else theme.TEXT)
        if seen is not None and not ocean and seen.bonus and seen.bonus not in ("nothing", _("nothing")):
            short = ", ".join(_short(part) for part in seen.bonus.split(", "))
            self._label(self._text(short, "11sp"), x, top, w, fill, theme.FIXED)

    def _line(self, line: PrintedLine) -> None:
        path = line.path
        Color(*LINE_RGBA.get(line.id, (0.70, 0.72, 0.76, 1)))
        points: list[float] = []
        for i, step in enumerate(path):
            points += self.centre(step.location)
            if step.leave is not None and i + 1 < len(path):
                nxt = path[i + 1]
                points += self._edge(step.location, step.leave)
                points += self._edge(nxt.location, nxt.enter or OPPOSITE[step.leave])
        Line(points=points, width=dp(1.6))
        if line.arrow_start and path[0].leave is not None:
            self._arrow(path[0].location, OPPOSITE[path[0].leave])
        if line.arrow_end and path[-1].enter is not None:
            self._arrow(path[-1].location, OPPOSITE[path[-1].enter])

    def _arrow(self, ident: str, side: str) -> None:
        """A red arrow on ``side`` of ``ident``, pointing out of the map."""
        tip = self._edge(ident, side, inset=-dp(2))
        base = self._edge(ident, side, inset=dp(9))
        dx, dy = SIDE_STEP[side]
        half = dp(6)
        Color(*ARROW)
        Triangle(points=[tip[0], tip[1], base[0] - dy * half, base[1] - dx * half,
                         base[0] + dy * half, base[1] + dx * half])

    def _pieces(self, ident: str, seen: LocationView | None) -> None:
        if seen is None or not seen.pieces or self.game_map is None:
            return
        loc = self.game_map.location(ident)
        if loc is None:
            return
        x, y, w, h = self.cell(loc.row, loc.col)
        size = min(dp(16), w / 5)
        left = x + (w - len(seen.pieces) * (size + dp(3))) / 2
        for i, (seat, kind) in enumerate(seen.pieces):
            known = seat < len(self.player_colours)
            colour = colours.rgba(self.player_colours[seat]) if known else theme.MUTED
            px, py = left + i * (size + dp(3)), y + dp(7)
            Color(*theme.GRID_LINE)
            if kind == "token":
                Ellipse(pos=(px - 1, py - 1), size=(size + 2, size + 2))
                Color(*colour)
                Ellipse(pos=(px, py), size=(size, size))
                continue
            Rectangle(pos=(px - 1, py - 1), size=(size + 2, size + 2))
            Color(*colour)
            Rectangle(pos=(px, py), size=(size, size))
            if kind == "modulated":
                Color(*theme.TEXT)
                Ellipse(pos=(px + size * 0.3, py + size * 0.3), size=(size * 0.4, size * 0.4))

    def on_touch_down(self, touch: object) -> bool:
        x, y = touch.pos  # type: ignore[attr-defined]
        if not self.collide_point(x, y):
            return False
        ident = self.location_at(x, y)
        if ident is not None and (self.any_tap or ident in self.picks) and self.on_pick is not None:
            self.on_pick(ident)
        return True
