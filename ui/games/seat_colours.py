"""The players' colours on screen, for the games whose seats have one (The Six and Five Actions):
each seat's colour name (the session's) as an RGBA, readable on the theme's dark panels, and the
colour's word beside it (colour is never the only sign)."""

from __future__ import annotations

from companion.table.words import colour_word

__all__ = ["RGBA", "rgba", "word"]

#: Colour name -> RGBA (the pieces' colours, a little muted for the dark theme).
RGBA: dict[str, tuple[float, float, float, float]] = {
    "red": (0.85, 0.26, 0.24, 1),
    "blue": (0.22, 0.50, 0.92, 1),
    "green": (0.20, 0.66, 0.36, 1),
    "yellow": (0.93, 0.78, 0.20, 1),
    "purple": (0.62, 0.38, 0.86, 1),
}


def rgba(name: str) -> tuple[float, float, float, float]:
    """The colour of ``name``; grey for a colour this table does not know."""
    return RGBA.get(name, (0.6, 0.6, 0.6, 1))


def word(name: str) -> str:
    """``"red"`` -> ``"Red"`` (translated); a colour this table does not know, as it is named."""
    return colour_word(name)
