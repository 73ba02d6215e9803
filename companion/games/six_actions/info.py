"""The Six Actions as the table framework sees it (:class:`~companion.table.registry.GameInfo`)."""

from __future__ import annotations

from companion.games.six_actions import cli
from companion.games.six_actions.content.loader import load_content
from companion.games.six_actions.session import Session
from companion.games.six_actions.stored import KEEPER, NAME
from companion.table.registry import GameInfo

__all__ = ["GAME"]

#: The registration of The Six Actions (seeds/six-actions-rules.txt).  Its history groups games by
#: the number of players ("3 players"); none is listed up front (``difficulties``), so a box that has
#: never played it shows no empty rows in ``stats``.
GAME: GameInfo[Session] = GameInfo(
    name=NAME,
    title="The Six Actions",
    load_content=load_content,
    keeper=KEEPER,
    cli=(cli.register,),
)
