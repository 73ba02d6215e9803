"""The names Incoming Transmission's table goes by before any game is dealt: the steps of the table
flow (:class:`Step`, the Kivy screens' names), the Layouts and difficulties Setup offers
(:data:`LAYOUTS`, :data:`DIFFICULTY_NAMES`; RULES.md, Setup).

They live here, apart from the engine, the table's view and the content pack's model that use them
(:mod:`companion.games.transmission.engine.state`, :mod:`companion.games.transmission.table_view` and
:mod:`companion.games.transmission.content.model` re-export them), so that the app's Home and the
``companion run`` parser know them without importing those (issue 10, item 4: start-up CPU).
"""

from __future__ import annotations

import enum

from companion.i18n import N_

__all__ = ["DIFFICULTY_NAMES", "DIFFICULTY_WORDS", "LAYOUTS", "LAYOUT_WORDS", "Step"]

#: The Layouts of RULES.md, Setup: Standard (shuffled) and Beginner (fixed).
LAYOUTS = ("standard", "beginner")
#: The difficulty presets every pack defines, easiest first (RULES.md, Transmission deck).
DIFFICULTY_NAMES = ("training", "standard", "hard", "expert")
#: The words a person reads for each difficulty and Layout (the names above are the machine's: options,
#: records), marked for translation: show one with ``_(DIFFICULTY_WORDS[name])``.
DIFFICULTY_WORDS = {"training": N_("training"), "standard": N_("standard"), "hard": N_("hard"),
                    "expert": N_("expert")}
LAYOUT_WORDS = {"standard": N_("Standard"), "beginner": N_("Beginner")}


class Step(enum.Enum):
    """Which screen the table is on.  Values are the Kivy ``Screen`` names."""

    BOARD_SETUP = "board_setup"
    THINKING = "thinking"
    TRANSMISSION = "transmission"
    DECODE = "decode"
    EXECUTE = "execute"
    MISSION_COMPLETE = "mission_complete"
    END = "end"
