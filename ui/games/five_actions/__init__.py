"""The screens of The Five Actions (``seeds/five-actions-rules.txt``): Setup, the table (the map,
a panel per player, the five actions), an action's short steps with the session's preview, and the
end; and its :class:`~ui.games.five_actions.table.FiveActionsTable`, which holds the game's session.

The screens draw their own header (round, whose turn, Menu: :func:`ui.games.action_game_screens`).
The panel's buttons: Back is Undo on the table and one step back in an action's steps, Transmit
(Enter) confirms; the card reader has nothing to read in this game (it has no cards), so a scan is
left to the shell.
"""

from __future__ import annotations

from companion.games.five_actions.info import GAME
from companion.i18n import N_
from ui.games import Reference, action_game_screens

__all__ = ["SCREENS"]

#: The Five Actions' screens, registered under its game name: Setup first (New game opens it).
SCREENS = action_game_screens(
    GAME, "five_setup", N_("the referee and accountant"),
    Reference("ui.games.five_actions.table:FiveActionsTable"),
    Reference("ui.games.five_actions.rules:pages"),
    Reference("ui.games.five_actions.setup:FiveSetupScreen"),
    Reference("ui.games.five_actions.table_screen:FiveTableScreen"),
    Reference("ui.games.five_actions.step:FiveStepScreen"),
    Reference("ui.games.five_actions.end:FiveEndScreen"),
)
