"""The names Incoming Transmission's table goes by before any game is dealt: the steps of the table
flow (:class:`Step`, the Kivy screens' names) and the Layouts Setup offers (:data:`LAYOUTS`; RULES.md,
Setup).

They live here, apart from the engine and the table's view that use them
(:mod:`companion.games.transmission.engine.state` and :mod:`companion.games.transmission.table_view`
re-export them), so that the app's Home and the ``companion run`` parser know them without importing
the engine (issue 10, item 4: start-up CPU).
"""

from __future__ import annotations

import enum

__all__ = ["LAYOUTS", "Step"]

#: The Layouts of RULES.md, Setup: Standard (shuffled) and Beginner (fixed).
LAYOUTS = ("standard", "beginner")


class Step(enum.Enum):
    """Which screen the table is on.  Values are the Kivy ``Screen`` names."""

    BOARD_SETUP = "board_setup"
    THINKING = "thinking"
    TRANSMISSION = "transmission"
    DECODE = "decode"
    EXECUTE = "execute"
    MISSION_COMPLETE = "mission_complete"
    END = "end"
