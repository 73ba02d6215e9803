"""What a Five Actions session tells the table: one frozen dataclass per kind of event.

Source: DESIGN.md, Session ("emits typed events").  Every class derives from
:class:`companion.table.events.Event`; each recorded action comes as
:class:`companion.table.events.ActionPlayed`, and every intent that played actions ends with
:class:`Changed` (the store commits there).  A refused intent publishes :class:`Refused` only.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.events import ActionPlayed, Event

__all__ = ["ActionPlayed", "Event", "Refused", "Changed", "GameOver"]


@dataclass(frozen=True)
class Refused(Event):
    """An intent was refused and nothing changed; ``message`` names the rule, for the table."""

    message: str


@dataclass(frozen=True)
class GameOver(Event):
    """The table ended the game: the standings are in the view."""


@dataclass(frozen=True)
class Changed(Event):
    """The table changed (redraw); ``message`` says what happened in a sentence.  Ends every intent
    that played actions."""

    message: str
