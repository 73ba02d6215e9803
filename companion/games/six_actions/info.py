"""The Six Actions as the table framework sees it (:class:`~companion.table.registry.GameInfo`).

Declared without importing the game (issue 10, item 4): its content loader, keeper and command line
are references, imported when a command or a screen needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.table.registry import GameInfo, HelpPlace, Reference, Subcommands

if TYPE_CHECKING:
    from companion.games.six_actions.session import Session

__all__ = ["GAME"]

#: The registration of The Six Actions (seeds/six-actions-rules.txt).  Its history groups games by
#: the number of players ("3 players"); none is listed up front (``difficulties``), so a box that has
#: never played it shows no empty rows in ``stats``.  Its name is
#: :data:`companion.games.six_actions.stored.NAME` (:attr:`GameInfo.keeper` checks it).
GAME: GameInfo[Session] = GameInfo(
    name="six-actions",
    title=N_("The Six Actions"),
    content=Reference("companion.games.six_actions.content.loader:load_content"),
    store=Reference("companion.games.six_actions.stored:KEEPER"),
    standings=True,
    cli=(Subcommands(Reference("companion.games.six_actions.cli:register"), HelpPlace.GAME,
                     ("play", "referee", "content")),),
)
