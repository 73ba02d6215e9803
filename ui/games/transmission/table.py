"""Incoming Transmission's table in the app, the parts the shell (:class:`ui.app.CompanionApp`) uses
once a game of it is on the table: what a session event says on the message bar, who sits in the
Mission Control seat, the AI Mission Control, the words of leaving a game.

The app imports this module (and with it the game's session, events and engine) on first use, never
at start: Home needs none of it (issue 10, item 4, ``companion bench startup``).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.views import boost_view
from companion.games.transmission.events import (
    BoostAnswered,
    Executed,
    Placed,
    Refused,
    SeatChanged,
    StepChanged,
)
from companion.games.transmission.person import PersonSession, table_session
from companion.games.transmission.session import Chooser, Session, Step
from companion.games.transmission.stored import progress
from companion.i18n import _
from companion.table.events import Event
from companion.table.store_rows import counts
from ui.games.transmission.mc_seat import SeatScreen
from ui.games.transmission.status import fill_status

__all__ = ["EventNews", "default_chooser", "fill_status", "is_person", "leave_words", "open_seat",
           "read_event", "table_session"]


class EventNews(NamedTuple):
    """What one session event means to the shell.

    :param said: ``(text, kind)`` for the message bar (``("", "info")`` clears it), or ``None``: as it was.
    :param dealt: the hand the Cadet was dealt (an execution's), or ``None``: as it was.
    :param think: the table is now on Thinking: Mission Control is to choose.
    """

    said: tuple[str, str] | None
    dealt: tuple[str, ...] | None
    think: bool


def read_event(event: Event, content: ContentPack) -> EventNews:
    """What ``event`` says: a refusal (error), a Signal Boost's answer (named from ``content``), the
    message bar cleared by a placement, a step change or an execution."""
    said: tuple[str, str] | None = None
    if isinstance(event, Refused):
        said = (event.message, "error")
    elif isinstance(event, BoostAnswered):
        said = (f"{boost_view(content, event.boost).name}: {event.message}", "answer")
    elif isinstance(event, (Placed, StepChanged, Executed)) or (isinstance(event, SeatChanged)
                                                              and event.clear_table):
        said = ("", "info")
    return EventNews(said, event.dealt if isinstance(event, Executed) else None,
                     isinstance(event, StepChanged) and event.step is Step.THINKING)


def is_person(session: Session | None) -> bool:
    """True when a person sits in the Mission Control seat (RULES.md, With a person as Mission Control)."""
    return isinstance(session, PersonSession)


def open_seat(session: Session | None) -> None:
    """The hold button: a person's own Mission Control screen (the cue first, then the secrets), while
    their game goes on."""
    if isinstance(session, PersonSession) and not session.over:
        SeatScreen(session).open()


def leave_words(session: Session | None, history_on: bool) -> str:
    """The Leave this game? question: what History will keep of ``session`` (:func:`counts`: abandoned
    before the first transmission, else left), or that it keeps nothing (``history_on`` false)."""
    if not history_on:
        return _("It stops here and cannot be resumed (History is off).")
    played = session is not None and counts("abandoned", progress(session).transmissions_used)
    if played:
        return _("It stops here and stays in History as left: it counts as not won. It cannot be resumed.")
    return _("It stops here and stays in History as abandoned: no transmission yet, so not counted. "
             "It cannot be resumed.")


def default_chooser(seconds: float | None = None) -> Chooser:
    """The AI Mission Control, answering within ``seconds`` and pre-solving its next pick (issue 11).

    :raises ImportError: the planner is missing (no fallback: without it the companion cannot play).
    """
    from companion.games.transmission.mission_control.planner import Planner
    from companion.games.transmission.mission_control.presolve import Presolver

    return Presolver(Planner(deadline=seconds))
