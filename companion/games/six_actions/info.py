"""The Six Actions, registered with the table framework without importing the game (issue 10,
item 4): its content loader, keeper and command line are references, each imported when a command
or a screen first needs it.  Its history groups games by the number of players ("3 players"); none
is listed up front, so a box that has never played it shows no empty rows in ``stats``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.table.registry import GameInfo, Reference, game_of_actions

if TYPE_CHECKING:
    from companion.games.six_actions.session import Session

__all__ = ["GAME"]

#: The registration of The Six Actions (seeds/six-actions-rules.txt); its name is
#: :data:`companion.games.six_actions.stored.NAME` (:attr:`GameInfo.keeper` checks it).
GAME: GameInfo[Session] = game_of_actions("six-actions", N_("The Six Actions"), (
    Reference("companion.games.six_actions.content.loader:load_content"),
    Reference("companion.games.six_actions.stored:KEEPER"),
    Reference("companion.games.six_actions.cli:register")),
    pack_tables=("industries", "policies", "merits", "sectors", "shares", "finance"))
