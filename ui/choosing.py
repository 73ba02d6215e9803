"""Mission Control choosing off the main thread: a worker per pick, its answer handed back by the Clock.

Source: DESIGN.md, Examples (Electrum's Kivy GUI: worker threads hand results back through
``Clock``).  The chooser reads only the Mission Control view, taken on the main thread before the
worker starts; a pick that comes back after the game was left or another pick was asked for is
dropped (each pick has its own token).

Pre-solving (issue 11, never a wait): when the chooser is a
:class:`~companion.games.transmission.mission_control.presolve.Presolver` (the app's default), the
next decision is solved on another worker while the table is busy: at Board set-up the start, and
once the hand is dealt (Decode) every position the hand can lead to, Mission Control's intended
order first (:func:`~companion.games.transmission.mission_control.presolve.views_after`); again after
a board correction.  When Thinking asks for the pick it is usually there already.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from kivy.clock import Clock, ClockEvent

from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.events import Corrected, StepChanged
from companion.games.transmission.mission_control.presolve import Presolver, views_after
from companion.games.transmission.session import Chooser, Session, Step
from companion.table.events import Event

__all__ = ["Choosing", "Pick"]

log = logging.getLogger(__name__)

#: ``pick(commands, error)`` on the main thread: the commands, or ``None`` and what went wrong.
Pick = Callable[[Sequence[Command] | None, str], None]


class Choosing:
    """The pick under way, if any, and the Thinking screen's timer.

    :param thinking_delay: seconds before ``on_slow()`` is called (the Thinking screen appears), so a
        quick Mission Control goes straight to the Transmission card.
    """

    def __init__(self, thinking_delay: float) -> None:
        self.thinking_delay = thinking_delay
        self._token: object | None = None
        self._timer: ClockEvent | None = None
        self._ahead: Presolver | None = None

    def start(self, chooser: Chooser, view: MissionControlView, on_slow: Callable[[], None],
              on_pick: Pick) -> None:
        """Ask ``chooser`` for 5 commands from ``view`` on a worker thread; ``on_pick`` hears the answer
        on the main thread unless :meth:`cancel` (or another :meth:`start`) came first."""
        token = object()
        self._token = token
        self._stop_timer()
        self._timer = Clock.schedule_once(lambda _dt: on_slow(), self.thinking_delay)

        def answer(commands: Sequence[Command] | None, error: str) -> None:
            if token is self._token:
                self._token = None
                self._stop_timer()
                on_pick(commands, error)

        def work() -> None:
            try:
                commands = tuple(chooser.choose(view))
            except Exception as exc:
                log.exception("Mission Control failed to choose")
                error = f"{type(exc).__name__}: {exc}"
                Clock.schedule_once(lambda _dt: answer(None, error))
                return
            Clock.schedule_once(lambda _dt: answer(commands, ""))

        threading.Thread(target=work, name="mission-control", daemon=True).start()

    def cancel(self) -> None:
        """Forget the pick under way (its answer is dropped), stop the Thinking timer and any pre-solve."""
        self._token = None
        self._stop_timer()
        if self._ahead is not None:
            self._ahead.stop()
            self._ahead = None

    def observe(self, session: Session, event: Event) -> None:
        """The session's events: pre-solve when the next decision can be foreseen (see the module
        docstring): a step changed (Board set-up, Decode) or the board was corrected."""
        if isinstance(event, (StepChanged, Corrected)):
            self.ahead(session)

    def ahead(self, session: Session) -> bool:
        """Start solving the next decision on a worker thread, if the session's chooser pre-solves and
        the step allows it (Board set-up: the start; Decode: every end of the dealt hand).

        :returns: whether a pre-solve was started (never with a person as Mission Control: they choose,
            and the coach plans afresh, so picks solved ahead would be CPU spent for nothing; X2).
        """
        chooser = session.chooser
        if not isinstance(chooser, Presolver) or session.view().mission_control == "person":
            return False
        step = session.step
        view = session.mission_control_view()  # only for the chooser's worker, never a screen
        if step is Step.BOARD_SETUP:
            def views() -> list[MissionControlView]:
                return [view]
        elif step is Step.DECODE:
            table = session.view()
            fixed = tuple(r.command if r else None for r in table.registers)
            cards = tuple(c.command for c in table.hand)
            intended = chooser.last

            def views() -> list[MissionControlView]:
                return views_after(view, fixed, cards, intended)
        else:
            return False
        chooser.stop()
        chooser.begin()
        self._ahead = chooser

        def work() -> None:
            try:
                chooser.presolve(views())
            except Exception:  # never the table's problem: the pick is then decided when asked for
                log.exception("pre-solving failed")

        threading.Thread(target=work, name="mission-control-ahead", daemon=True).start()
        return True

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
