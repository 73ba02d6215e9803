"""The screens of The Six Actions (``seeds/six-actions-rules.txt``): Setup, the table, an action's
short steps, the ledger, the Merit cards (opened on purpose) and the end settlement; and its
:class:`~ui.games.six_actions.table.SixActionsTable`, which holds the game's session for them.

The screens draw their own header (round, whose turn, Menu) instead of Incoming Transmission's status
strip, so none of them is listed in :attr:`~ui.games.GameScreens.in_game`.
"""

from __future__ import annotations

from companion.games.six_actions.info import GAME
from companion.i18n import N_
from ui.games import GameScreens, Reference
from ui.keys import ACTIONS_KEYS_HELP

__all__ = ["SCREENS"]

#: The Six Actions' screens, registered under its game name.
SCREENS = GameScreens(
    game=GAME.name,
    screens=(Reference("ui.games.six_actions.setup:SixSetupScreen"),
             Reference("ui.games.six_actions.table_screen:SixTableScreen"),
             Reference("ui.games.six_actions.step:SixStepScreen"),
             Reference("ui.games.six_actions.ledger:SixLedgerScreen"),
             Reference("ui.games.six_actions.merit:SixMeritScreen"),
             Reference("ui.games.six_actions.end:SixEndScreen")),
    widget_kv=(),
    start="six_setup",
    in_game=frozenset(),
    blurb=N_("the referee and banker"),
    keys=ACTIONS_KEYS_HELP,
    table=Reference("ui.games.six_actions.table:SixActionsTable"),
)
