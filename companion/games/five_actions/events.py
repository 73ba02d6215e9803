"""What a Five Actions session tells the table: one frozen dataclass per kind of event.

Source: DESIGN.md, Session ("emits typed events").  Every class derives from
:class:`companion.table.events.Event`; each recorded action comes as
:class:`companion.table.events.ActionPlayed`, and every intent that played actions ends with
:class:`Changed` (the store commits there).  A refused intent publishes :class:`Refused` only.
These three are every action session's
(:mod:`companion.table.action_session`); this game has no others.
"""

from __future__ import annotations

from companion.table.action_session import Changed, GameOver, Refused
from companion.table.events import ActionPlayed, Event

__all__ = ["ActionPlayed", "Event", "Refused", "Changed", "GameOver"]
