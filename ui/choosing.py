"""Mission Control choosing off the main thread: a worker per pick, its answer handed back by the Clock.

Source: DESIGN.md, Examples (Electrum's Kivy GUI: worker threads hand results back through
``Clock``).  The chooser reads only the Mission Control view, taken on the main thread before the
worker starts; a pick that comes back after the game was left or another pick was asked for is
dropped (each pick has its own token).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from kivy.clock import Clock, ClockEvent

from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.session import Chooser

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
        """Forget the pick under way (its answer is dropped) and stop the Thinking timer."""
        self._token = None
        self._stop_timer()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
