"""The screens of Incoming Transmission: Setup, then one screen per step of the table flow
(:class:`~companion.games.transmission.table_view.Step`), and Fix the board."""

from __future__ import annotations

from pathlib import Path

from companion.games.transmission.info import GAME
from companion.games.transmission.table_view import Step
from ui.games import GameScreens
from ui.games.transmission.board_setup import BoardSetupScreen
from ui.games.transmission.correction import CorrectionScreen
from ui.games.transmission.debrief import DebriefScreen
from ui.games.transmission.decode import DecodeScreen
from ui.games.transmission.end import EndScreen
from ui.games.transmission.execute import ExecuteScreen
from ui.games.transmission.mission_complete import MissionCompleteScreen
from ui.games.transmission.setup import SetupScreen
from ui.games.transmission.thinking import ThinkingScreen
from ui.games.transmission.transmission import TransmissionScreen

__all__ = ["SCREENS"]

#: Incoming Transmission's screens, registered under its game name.
SCREENS = GameScreens(
    game=GAME.name,
    screens=(SetupScreen, BoardSetupScreen, ThinkingScreen, TransmissionScreen, DecodeScreen, ExecuteScreen,
             MissionCompleteScreen, EndScreen, CorrectionScreen, DebriefScreen),
    widget_kv=(Path(__file__).with_name("cards.kv"), Path(__file__).with_name("mc_seat.kv")),
    start="setup",
    in_game=frozenset(step.value for step in Step),
    blurb="the companion plays Mission Control",
)
