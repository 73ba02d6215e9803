"""Incoming Transmission as the table framework sees it (:class:`~companion.table.registry.GameInfo`)."""

from __future__ import annotations

from companion.games.transmission.content.loader import load_content
from companion.table.registry import GameInfo

__all__ = ["GAME"]

#: The registration of Incoming Transmission (RULES.md); the first game on the box.
GAME = GameInfo(name="transmission", title="Incoming Transmission", load_content=load_content)
