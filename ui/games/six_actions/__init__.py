"""The screens of The Six Actions (``seeds/six-actions-rules.txt``): Setup, the table, an action's
short steps, the ledger, the Merit cards (opened on purpose) and the end settlement; and its
:class:`~ui.games.six_actions.table.SixActionsTable`, which holds the game's session for them.

The screens draw their own header (round, whose turn, Menu) instead of Incoming Transmission's status
strip (:func:`ui.games.action_game_screens`).
"""

from __future__ import annotations

from companion.games.six_actions.info import GAME
from companion.i18n import N_
from ui.games import Reference, action_game_screens

__all__ = ["SCREENS"]

#: The Six Actions' screens, registered under its game name: Setup first (New game opens it).
SCREENS = action_game_screens(
    GAME, "six_setup", N_("the referee and banker"), Reference("ui.games.six_actions.table:SixActionsTable"),
    Reference("ui.games.six_actions.rules:pages"),
    Reference("ui.games.six_actions.setup:SixSetupScreen"),
    Reference("ui.games.six_actions.table_screen:SixTableScreen"),
    Reference("ui.games.six_actions.step:SixStepScreen"),
    Reference("ui.games.six_actions.ledger:SixLedgerScreen"),
    Reference("ui.games.six_actions.merit:SixMeritScreen"),
    Reference("ui.games.six_actions.end:SixEndScreen"),
)
