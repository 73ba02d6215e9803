"""What a Six Actions session tells the table: one frozen dataclass per kind of event.

Source: DESIGN.md, Session ("emits typed events").  Every class derives from
:class:`companion.table.events.Event`; each recorded action comes as
:class:`companion.table.events.ActionPlayed`, and every intent that played actions ends with
:class:`Changed` (the store commits there).  A refused intent publishes :class:`Refused` only.
:class:`Refused`, :class:`Changed`
and :class:`GameOver` are every action session's (:mod:`companion.table.action_session`); the
others are this game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.action_session import Changed, GameOver, Refused
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
