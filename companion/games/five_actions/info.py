"""The Five Actions as the table framework sees it (:class:`~companion.table.registry.GameInfo`).

Declared without importing the game (issue 10, item 4): its content loader, keeper and command line
are references, imported when a command or a screen needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.table.registry import GameInfo, HelpPlace, Reference, Subcommands

if TYPE_CHECKING:
    from companion.games.five_actions.session import Session

__all__ = ["GAME"]

#: The registration of The Five Actions (seeds/five-actions-rules.txt): its history groups games by
#: the number of players.  Its name is :data:`companion.games.five_actions.stored.NAME`
#: (:attr:`GameInfo.keeper` checks it).
GAME: GameInfo[Session] = GameInfo(
    name="five-actions",
    title=N_("The Five Actions"),
    content=Reference("companion.games.five_actions.content.loader:load_content"),
    store=Reference("companion.games.five_actions.stored:KEEPER"),
    difficulties=tuple(f"{n} players" for n in range(2, 5)),
    standings=True,
    cli=(Subcommands(Reference("companion.games.five_actions.cli:register"), HelpPlace.GAME,
                     ("play", "referee", "content")),),
)
