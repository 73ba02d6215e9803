"""The screens of Incoming Transmission: Setup, then one screen per step of the table flow
(:class:`~companion.games.transmission.names.Step`), Fix the board and the debrief.  Each screen
is imported when it is first built (:mod:`ui.lazy_screens`), and the game's table
(:class:`~ui.games.transmission.game.TransmissionTable`, its session and table flow) when the game is
first chosen, started or resumed."""

from __future__ import annotations

from pathlib import Path

from companion.games.transmission.info import GAME
from companion.games.transmission.names import Step
from companion.i18n import N_
from ui.games import GameScreens, Reference
from ui.keys import KEYS_HELP

__all__ = ["SCREENS"]

#: Incoming Transmission's screens, registered under its game name.
SCREENS = GameScreens(
    game=GAME.name,
    screens=(Reference("ui.games.transmission.setup:SetupScreen"),
             Reference("ui.games.transmission.board_setup:BoardSetupScreen"),
             Reference("ui.games.transmission.thinking:ThinkingScreen"),
             Reference("ui.games.transmission.transmission:TransmissionScreen"),
             Reference("ui.games.transmission.decode:DecodeScreen"),
             Reference("ui.games.transmission.execute:ExecuteScreen"),
             Reference("ui.games.transmission.mission_complete:MissionCompleteScreen"),
             Reference("ui.games.transmission.end:EndScreen"),
             Reference("ui.games.transmission.correction:CorrectionScreen"),
             Reference("ui.games.transmission.debrief:DebriefScreen")),
    widget_kv=(Path(__file__).with_name("cards.kv"), Path(__file__).with_name("mc_seat.kv")),
    start="setup",
    in_game=frozenset(step.value for step in Step),
    blurb=N_("Mission Control or dealer"),  # translated where it is shown
    keys=KEYS_HELP,
    table=Reference("ui.games.transmission.game:TransmissionTable"),
    rules=Reference("ui.games.transmission.rules:pages"),
)
