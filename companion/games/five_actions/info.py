"""The Five Actions as the table framework sees it (:class:`~companion.table.registry.GameInfo`)."""

from __future__ import annotations

from companion.games.five_actions import cli
from companion.games.five_actions.content.loader import load_content
from companion.games.five_actions.session import Session
from companion.games.five_actions.stored import KEEPER, NAME
from companion.table.registry import GameInfo

__all__ = ["GAME"]

#: The registration of The Five Actions (seeds/five-actions-rules.txt): its history groups games by
#: the number of players.
GAME: GameInfo[Session] = GameInfo(
    name=NAME,
    title="The Five Actions",
    load_content=load_content,
    keeper=KEEPER,
    difficulties=tuple(f"{n} players" for n in range(2, 5)),
    cli=(cli.register,),
)
