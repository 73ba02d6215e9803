"""Theme: every colour, size and font the screens use, in one place.

Sizes are Kivy metrics strings (``"18sp"``, ``"56dp"``) so kv and Python read
the same values; on the Pi's 800 x 480 panel 1 dp = 1 px.  Colours are RGBA
tuples.  Intact and damaged modules differ by colour *and* symbol (a check
mark or an exclamation mark) so colour-blind players can copy the board.

Roboto, Kivy's default font, has no check mark and no arrows; DejaVu Sans,
also shipped inside Kivy (``kivy/data/fonts``), has them, so every label that
shows a symbol uses :data:`SYMBOL_FONT`.  Nothing is downloaded.
"""

from __future__ import annotations

from companion.i18n import N_

# ------------------------------------------------------------------ window
WIDTH = 800
HEIGHT = 480
#: The window's title: the app, which plays three games (Home's title; marked, shown with ``_()``).
TITLE = N_("Table companion")

# ------------------------------------------------------------------ fonts
#: A Kivy built-in font with the check mark, arrows and other symbols (Roboto lacks them).
SYMBOL_FONT = "DejaVuSans"
FONT_TITLE = "40sp"
FONT_HUGE = "64sp"
FONT_HEADING = "26sp"
FONT_LARGE = "22sp"
FONT_BODY = "18sp"
#: Only for the module names under the big letters of the board; the letter carries the meaning.
FONT_CAPTION = "14sp"

# ------------------------------------------------------------------ sizes
BUTTON_HEIGHT = "56dp"
SMALL_BUTTON_HEIGHT = "48dp"
#: The status strip on game screens: tall enough for its Menu button (a 48 px touch target).
STATUS_HEIGHT = "48dp"
PAD = "10dp"
SPACING = "8dp"
RADIUS = 10

# ------------------------------------------------------------------ timing
#: Seconds after a screen change (or a button changing its meaning) during which taps and
#: Enter/Space are ignored, so a double tap cannot act on the screen that just appeared
#: ("Done" and "Continue" sit in the same place).
ACTION_GUARD = 0.45

# ------------------------------------------------------------------ colours
BACKGROUND = (0.07, 0.09, 0.13, 1)
PANEL = (0.13, 0.16, 0.22, 1)
PANEL_LIGHT = (0.19, 0.23, 0.31, 1)
TEXT = (0.96, 0.97, 0.99, 1)
MUTED = (0.72, 0.76, 0.83, 1)
ACCENT = (0.15, 0.45, 0.85, 1)
ACCENT_DOWN = (0.10, 0.32, 0.62, 1)
SECONDARY = (0.28, 0.32, 0.40, 1)
DISABLED = (0.22, 0.24, 0.28, 1)
DISABLED_TEXT = (0.50, 0.53, 0.58, 1)
DANGER = (0.72, 0.20, 0.18, 1)
GO = (0.13, 0.55, 0.30, 1)

INTACT = (0.16, 0.56, 0.29, 1)
DAMAGED = (0.76, 0.19, 0.17, 1)
HALLWAY = (0.27, 0.30, 0.35, 1)
HALLWAY_LINE = (0.40, 0.44, 0.50, 1)
GRID_LINE = (0.05, 0.06, 0.09, 1)
CADET = (1.0, 0.80, 0.15, 1)

CARD = (0.93, 0.91, 0.84, 1)
CARD_TEXT = (0.10, 0.11, 0.14, 1)
SELECTED = (1.0, 0.80, 0.15, 1)
FIXED = (0.85, 0.62, 0.12, 1)
SLOT = (0.19, 0.23, 0.31, 1)
SLOT_TARGET = (0.22, 0.38, 0.62, 1)
LEAVE_OUT_SLOT = (0.33, 0.17, 0.19, 1)
#: A mission's sample tile when it was not done (End screen): no intact/damaged side shown.
PLAIN_TILE = (0.36, 0.40, 0.48, 1)

MESSAGE_COLOURS = {
    "error": (0.70, 0.26, 0.12, 1),
    "answer": (0.10, 0.42, 0.52, 1),
    "info": (0.20, 0.30, 0.48, 1),
    "": (0, 0, 0, 0),
}

LEVEL_COLOURS = {
    1: (0.16, 0.56, 0.29, 1),
    2: (0.15, 0.45, 0.85, 1),
    3: (0.85, 0.55, 0.10, 1),
    4: (0.76, 0.19, 0.17, 1),
}

# ------------------------------------------------------------------ symbols (all in SYMBOL_FONT)
CHECK = "✓"
WARN = "!"
