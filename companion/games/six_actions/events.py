"""What a Six Actions session tells the table: one frozen dataclass per kind of event.

Source: DESIGN.md, Session ("emits typed events").  Every class derives from
:class:`companion.table.events.Event`; each recorded action comes as
:class:`companion.table.events.ActionPlayed`, and every intent that played actions ends with
:class:`Changed` (the store commits there).  A refused intent publishes :class:`Refused` only.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.events import ActionPlayed, Event

__all__ = [
    "ActionPlayed",
    "Event",
    "Refused",
    "Changed",
    "ForcedLoan",
    "MeritDrawn",
    "RoundEnded",
    "GameOver",
]


@dataclass(frozen=True)
class Refused(Event):
    """An intent was refused and nothing changed; ``message`` says why, for the table."""

    message: str


@dataclass(frozen=True)
class ForcedLoan(Event):
    """``seat`` could not pay what it owed: ``notes`` forced Emergency Loans of ``amount`` Cr in all."""

    seat: int
    notes: int
    amount: int


@dataclass(frozen=True)
class MeritDrawn(Event):
    """``seat`` drew a Merit card (secret: the card is not named here)."""

    seat: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """Every player has passed or placed all tokens in round ``round``."""

    round: int


@dataclass(frozen=True)
class GameOver(Event):
    """Every player has settled: the game is over."""


@dataclass(frozen=True)
class Changed(Event):
    """The table changed (redraw); ``message`` says what happened in a sentence.  Ends every intent
    that played actions."""

    message: str
