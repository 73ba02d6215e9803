"""One module and one ``.kv`` file per screen.  :data:`SCREENS` in the order they are added."""

from __future__ import annotations

import sys
from pathlib import Path

from .board_setup import BoardSetupScreen
from .correction import CorrectionScreen
from .decode import DecodeScreen
from .end import EndScreen
from .execute import ExecuteScreen
from .help import HelpScreen
from .history import HistoryScreen
from .home import HomeScreen
from .mission_complete import MissionCompleteScreen
from .setup import SetupScreen
from .stats import StatsScreen
from .thinking import ThinkingScreen
from .transmission import TransmissionScreen

SCREENS = (
    HomeScreen,
    SetupScreen,
    HelpScreen,
    BoardSetupScreen,
    ThinkingScreen,
    TransmissionScreen,
    DecodeScreen,
    ExecuteScreen,
    MissionCompleteScreen,
    EndScreen,
    HistoryScreen,
    StatsScreen,
    CorrectionScreen,
)



def load_kv_files() -> None:
    """Load the shared widgets' and popups' rules, then one ``.kv`` per screen (each once)."""
    from .. import popups, widgets
    from .base import load_kv

    load_kv(widgets.KV_FILE)
    load_kv(popups.KV_FILE)
    for cls in SCREENS:
        module = sys.modules[cls.__module__]
        load_kv(Path(str(module.__file__)).with_suffix(".kv"))


__all__ = [cls.__name__ for cls in SCREENS] + ["SCREENS", "load_kv_files"]
