"""The screens of The Six Actions (``seeds/six-actions-rules.txt``): Setup, the table, an action's
short steps, the ledger, the Merit cards (opened on purpose) and the end settlement; and its
:class:`~ui.games.six_actions.table.SixActionsTable`, which holds the game's session for them.

The screens draw their own header (round, whose turn, Menu) instead of Incoming Transmission's status
strip, so none of them is listed in :attr:`~ui.games.GameScreens.in_game`.
"""

from __future__ import annotations

from ui.games import GameScreens
from ui.games.six_actions.end import SixEndScreen
from ui.games.six_actions.ledger import SixLedgerScreen
from ui.games.six_actions.merit import SixMeritScreen
from ui.games.six_actions.setup import SixSetupScreen
from ui.games.six_actions.step import SixStepScreen
from ui.games.six_actions.table import NAME, SixActionsTable
from ui.games.six_actions.table_screen import SixTableScreen

__all__ = ["SCREENS"]

#: The Six Actions' screens, registered under its game name.
SCREENS = GameScreens(
    game=NAME,
    screens=(SixSetupScreen, SixTableScreen, SixStepScreen, SixLedgerScreen, SixMeritScreen, SixEndScreen),
    widget_kv=(),
    start="six_setup",
    in_game=frozenset(),
    blurb="the table's referee and banker",
    table=SixActionsTable,
)
