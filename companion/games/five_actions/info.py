"""The Five Actions as the table framework sees it (:class:`~companion.table.registry.GameInfo`).

Declared without importing the game (issue 10, item 4): references, imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.table.registry import GameInfo, Reference, game_of_actions

if TYPE_CHECKING:
    from companion.games.five_actions.session import Session

__all__ = ["GAME"]

#: The registration of The Five Actions (seeds/five-actions-rules.txt): its history groups games by
#: the number of players, 2 to 4.  Its name is :data:`companion.games.five_actions.stored.NAME`.
GAME: GameInfo[Session] = game_of_actions(
    "five-actions",
    N_("The Five Actions"),
    (
        Reference("companion.games.five_actions.content.loader:load_content"),
        Reference("companion.games.five_actions.stored:KEEPER"),
        Reference("companion.games.five_actions.cli:register"),
    ),
    difficulties=tuple(f"{n} players" for n in range(2, 5)),
    pack_tables=("tycoons", "patents", "credit_rows", "links"),
)
