"""What a Transmission session tells the table: one frozen dataclass per kind of event.

Source: DESIGN.md, Session ("emits typed events (sound, LEDs, redraws)").  Every class derives from
:class:`companion.table.events.Event`; the played actions come as
:class:`companion.table.events.ActionPlayed`, and every intent that plays actions ends with one of the
events below (the store commits there).  :data:`TransmissionEvent` is the union a listener matches on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.table_view import Step
from companion.table.events import ActionPlayed, Event

__all__ = [
    "ActionPlayed", "BoostAnswered", "Corrected", "Defeat", "Event", "Executed", "MissionComplete", "Placed",
    "Refused", "SeatChanged", "StepChanged", "TransmissionEvent", "Undone", "Victory",
]


@dataclass(frozen=True)
class StepChanged(Event):
    """The table is on ``step`` now, or an execution's shown step moved (``step`` stays EXECUTE)."""

    step: Step


@dataclass(frozen=True)
class Refused(Event):
    """An intent was refused and nothing changed; ``message`` says why, for the table.

    An impossible order (RULES.md, 5. Execute) adds the 1-based ``step``, the ``command`` in
    referee notation and the rule's ``reason``.
    """

    message: str
    step: int | None = None
    command: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Placed(Event):
    """The Cadet's arrangement changed: ``card`` put in ``register`` (1-5, 0 the leave-out slot), or
    taken back (``register`` ``None``); ``card`` is ``""`` when every unfixed card went back."""

    card: str
    register: int | None


@dataclass(frozen=True)
class BoostAnswered(Event):
    """A Signal Boost was spent (RULES.md, 4. Decode); ``message`` is Mission Control's answer.

    :ivar register: the register a Clear Signal fixed, or Cross Check's answer.
    :ivar card: the card the boost asked about (Cross Check, Debug), else ``None``.
    """

    message: str
    boost: str
    boost_kind: BoostKind
    register: int | None
    card: str | None


@dataclass(frozen=True)
class Executed(Event):
    """The arrangement ran (RULES.md, 5. Execute): ``order`` as card ids, ``dealt`` the Signal Boost ids
    dealt for the missions it completed."""

    order: tuple[str, ...]
    dealt: tuple[str, ...]


@dataclass(frozen=True)
class MissionComplete(Event):
    """``mission`` (its id, revealed now) was completed at ``step`` (1-5) of the last execution."""

    mission: str
    step: int


@dataclass(frozen=True)
class Victory(Event):
    """Every mission is complete (RULES.md, Await; Score): ``score`` points."""

    score: int


@dataclass(frozen=True)
class Defeat(Event):
    """The deck ran out before every mission was complete (RULES.md, Await; Score): ``score`` points."""

    score: int


@dataclass(frozen=True)
class Undone(Event):
    """An undo reverted ``undone`` (its record form), the action at ``index`` of the record;
    ``message`` is the sentence for the table."""

    message: str
    undone: dict[str, Any]
    index: int


@dataclass(frozen=True)
class Corrected(Event):
    """The table corrected the board; ``message`` says what changed.

    :ivar rows: 5 strings in referee notation; ``cadet``: the Cadet's cell (row, column);
        ``carrying``: the carried device's letter or ``None``.
    """

    message: str
    rows: tuple[str, ...]
    cadet: tuple[int, int]
    carrying: str | None


@dataclass(frozen=True)
class SeatChanged(Event):
    """A person as Mission Control opened (``open``) or left their private screen, or what it shows
    changed (RULES.md, With a person as Mission Control).  It carries no secret: the screen reads
    ``PersonSession.seat_view()`` itself.

    :ivar clear_table: the table's message bar holds the neutral word of a refusal on that screen
        ("not accepted; the reason is on the Mission Control screen") that the screen has moved past:
        clear it.
    """

    open: bool
    clear_table: bool = False


#: Every event a Transmission session emits.
TransmissionEvent = (StepChanged | Refused | Placed | BoostAnswered | Executed | MissionComplete | Victory
                     | Defeat | Undone | Corrected | SeatChanged | ActionPlayed)
