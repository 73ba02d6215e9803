"""Events a table session emits, for any game: the base type, the played action, and the publisher.

Source: DESIGN.md, Session ("emits typed events (sound, LEDs, redraws)") and Store ("every action
committed as it happens").

A game's session emits instances of :class:`Event` subclasses (frozen dataclasses; Transmission's
are in :mod:`companion.games.transmission.events`).  Two rules hold for every game, and the store
(:mod:`companion.table.store`) relies on both:

* every action of the record is announced, as it is played, by one :class:`ActionPlayed` (chance and
  player actions alike);
* every intent that plays actions ends with an event that is *not* :class:`ActionPlayed`: the store
  commits the intent's actions and the table state they lead to there, in one transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["ActionPlayed", "Event", "Listener", "Publisher"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Event:
    """Something happened at the table that a screen, a light, a buzzer or the store may react to.

    The base of every game's events; an instance of the base itself says nothing but "an intent
    ended" (the store commits on it, like on any event that is not :class:`ActionPlayed`).
    """


@dataclass(frozen=True)
class ActionPlayed(Event):
    """An action was appended to the game record.

    :ivar action: the action in its record (JSON) form, as the game's record stores it (for
        Transmission: :func:`companion.games.transmission.engine.actions.to_json`).
    """

    action: dict[str, Any]


#: Who hears a session's events: called with each event, on the thread that emitted it.
Listener = Callable[[Event], None]


class Publisher:
    """The listeners of one session, and the one way to tell them of an event."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on (on the emitting thread)."""
        self._listeners.append(listener)

    def publish(self, event: Event) -> None:
        """Tell every listener of ``event``, in the order they subscribed.

        A listener that raises is logged and skipped: a broken light must not break the game.
        """
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                log.exception("event listener failed on %s", type(event).__name__)
