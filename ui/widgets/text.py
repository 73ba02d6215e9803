"""Text drawn straight on a canvas: one cached texture per distinct label, blitted on whole pixels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Rectangle

__all__ = ["blit", "text_texture"]

_TEXTURES: dict[tuple[Any, ...], Any] = {}


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


def blit(group: InstructionGroup, texture: Any, cx: float, cy: float,
          colour: Sequence[float] = (1, 1, 1, 1)) -> None:
    """Draw ``texture`` (white text) in ``colour``, centred on ``(cx, cy)``, on whole pixels (sharp text)."""
    w, h = texture.size
    group.add(Color(*colour))
    group.add(Rectangle(texture=texture, pos=(round(cx - w / 2), round(cy - h / 2)), size=(w, h)))
