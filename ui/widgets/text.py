"""Text drawn straight on a canvas: one cached texture per distinct label, blitted on whole pixels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Rectangle

__all__ = ["blit", "fit_size", "text_texture"]

_TEXTURES: dict[tuple[Any, ...], Any] = {}
_WIDTHS: dict[tuple[str, int, bool, str], float] = {}


def text_texture(text: str, size: float, *, bold: bool = False, font: str = "Roboto",
                 width: float | None = None) -> Any:
    """A cached white texture of ``text`` (``size`` in pixels), wrapped and centred within ``width`` if given.

    Draw it with :func:`blit`, which sets the colour.
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


def _word_width(word: str, size: int, bold: bool, font: str) -> float:
    key = (word, size, bold, font)
    width = _WIDTHS.get(key)
    if width is None:
        label = CoreLabel(text=word, font_size=size, bold=bold, font_name=font)
        label.refresh()
        width = float(label.content_width)
        if len(_WIDTHS) > 4000:
            _WIDTHS.clear()
        _WIDTHS[key] = width
    return width


def fit_size(text: str, size: float, width: float, *, minimum: float, bold: bool = False,
             font: str = "Roboto") -> float:
    """The largest whole-pixel font size from ``size`` down to ``minimum`` (pixels) at which every word
    of ``text`` fits ``width`` pixels on its own line, so that :func:`text_texture` wraps it between
    words only (a long German compound, "Wissenschaftslabor", is drawn whole in a smaller type, never
    broken as "Wissenschaf" / "tslabor"); ``minimum`` when none does.
    """
    words = text.split() or [text]
    low = max(1, round(minimum))
    for candidate in range(max(low, round(size)), low - 1, -1):
        if all(_word_width(word, candidate, bold, font) <= width for word in words):
            return float(candidate)
    return float(low)


def blit(group: InstructionGroup, texture: Any, cx: float, cy: float,
          colour: Sequence[float] = (1, 1, 1, 1)) -> None:
    """Draw ``texture`` (white text) in ``colour``, centred on ``(cx, cy)``, on whole pixels (sharp text)."""
    w, h = texture.size
    group.add(Color(*colour))
    group.add(Rectangle(texture=texture, pos=(round(cx - w / 2), round(cy - h / 2)), size=(w, h)))
