"""Incoming Transmission as the table framework sees it (:class:`~companion.table.registry.GameInfo`)."""

from __future__ import annotations

from companion.games.transmission import cli
from companion.games.transmission.content.loader import load_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES
from companion.games.transmission.session import Session
from companion.games.transmission.stored import KEEPER, NAME
from companion.table.registry import GameInfo

__all__ = ["GAME"]

#: The registration of Incoming Transmission (RULES.md); the first game on the box.
GAME: GameInfo[Session] = GameInfo(name=NAME, title="Incoming Transmission", load_content=load_content,
                                   keeper=KEEPER, difficulties=DIFFICULTY_NAMES,
                                   cli=(cli.register,))
