"""Pre-solving: Mission Control solves the next decision while the Cadet decodes (issue 11, never a wait).

Source: RULES.md, A transmission (4. Decode: the Cadet orders the hand; 5. Execute; 7. Await: the
next Select).  While the Cadet decodes and executes, the next decision can only be one of a few
positions: the end of some legal order of the dealt hand (the fixed registers kept, one card left
out per error), with the missions that order completes done.  :func:`views_after` lists them,
Mission Control's intended order first (the one a good Cadet most often finds), and
:meth:`Presolver.presolve` solves them ahead of time (off the Kivy thread, see ``ui/choosing.py``),
so that when the pick is asked for it is already there: :meth:`Presolver.choose` answers from the
solved table without a search.  At Board set-up the start is solved the same way.

A position the table did not foresee (a board correction, a different content pack) is simply
solved when asked, as without pre-solving.  The wrapped chooser is deterministic (the planner's
tables never change an answer), so an answer solved ahead is the answer it would give when asked.

Thread safety: one lock serialises every call of the wrapped chooser (it is not thread-safe); a
pick asked for while a pre-solve is under way stops the pre-solve after its current position.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.cadet import legal_orders
from companion.games.transmission.mission_control.encoding import INDEX, ORDER, pairs_of
from companion.games.transmission.session import Chooser

__all__ = ["Presolver", "view_key", "views_after"]

log = logging.getLogger(__name__)


def view_key(view: MissionControlView) -> Hashable:
    """Everything a chooser's answer may depend on, as a hashable key."""
    p = view.position
    return ((p.board, p.cadet, p.carrying), tuple(sorted(view.missions.items())), view.transmissions_left,
            tuple(sorted((str(c), n) for c, n in view.deck.items())), view.devices, view.upcoming_levels)


def views_after(view: MissionControlView, fixed: Sequence[Command | None], cards: Sequence[Command],
                intended: Sequence[Command] = ()) -> list[MissionControlView]:
    """The Mission Control views the next decision can meet once the Cadet executes this hand.

    :param view: Mission Control's view while the Cadet decodes (the Transmission card drawn, so
        ``transmissions_left`` is already what the next decision sees).
    :param fixed: per register 1-5 the command fixed by a clear signal, else ``None``.
    :param cards: the scrambled cards in the Cadet's hand (an error among them, if any).
    :param intended: Mission Control's intended order: its end comes first.
    :returns: one view per distinct end (position and missions left), the intended one first, then
        the others by how many orders of the hand reach them (most first); ``[]`` when the game ends
        with this transmission (no Transmission card left, or every mission completed by every order).
    """
    if view.transmissions_left < 1 or not view.missions:
        return []
    pairs = pairs_of(view.missions)
    counts = [0] * len(ORDER)
    for c in cards:
        counts[INDEX[c]] += 1
    p = view.position
    registers = tuple(-1 if c is None else INDEX[c] for c in fixed)
    orders = legal_orders(p.board, p.cadet, p.carrying or "", registers, counts, view.devices, pairs)
    want = tuple(INDEX[c] for c in intended)
    weight: dict[tuple[str, int, str, int], int] = {}
    first: tuple[str, int, str, int] | None = None
    for o in orders:
        end = (o.board, o.cadet, o.carrying, o.mask)
        weight[end] = weight.get(end, 0) + 1
        if o.program == want:
            first = end
    ranked = sorted(weight, key=lambda e: (e != first, -weight[e]))
    out = []
    for board, cadet, carrying, mask in ranked:
        left = {m: (a, b) for bit, (m, a, b) in enumerate(pairs) if not mask >> bit & 1}
        if left:
            out.append(replace(view, position=replace(p, board=board, cadet=cadet, carrying=carrying or None),
                               missions=left))
    return out


class Presolver:
    """A :class:`~companion.games.transmission.session.Chooser` that answers from decisions solved ahead.

    :param chooser: the Mission Control that decides (deterministic: same view, same answer).
    :param size: answers kept (the oldest dropped first).

    :ivar searches: decisions the wrapped chooser had to make when asked (not solved ahead).
    :ivar ready: decisions answered from the table of solved ones.
    :ivar solved: decisions solved ahead of time.
    """

    def __init__(self, chooser: Chooser, size: int = 512) -> None:
        self.chooser = chooser
        self.size = max(1, size)
        self.searches = 0
        self.ready = 0
        self.solved = 0
        self._answers: OrderedDict[Hashable, tuple[Command, ...]] = OrderedDict()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        #: The last answer given: Mission Control's intended order (its end is solved first).
        self.last: tuple[Command, ...] = ()

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        """The answer for ``view``: solved ahead if it was, else decided now (stopping any pre-solve)."""
        key = view_key(view)
        self._stop.set()  # a pre-solve under way stops after its current position
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                self.ready += 1
            else:
                self.searches += 1
                answer = self._store(key, tuple(self.chooser.choose(view)))
            self.last = answer
            return answer

    def plan(self, view: MissionControlView) -> Any:
        """The wrapped chooser's ``plan(view)`` (the planner's pick and how far the win is: what the coach
        of a person as Mission Control shows), under the lock :meth:`choose` takes, as the planner's
        tables are not shared between threads (a pre-solve under way stops first).

        :raises TypeError: when the wrapped chooser does not plan."""
        plan = getattr(self.chooser, "plan", None)
        if plan is None:
            raise TypeError(f"{type(self.chooser).__name__} gives a pick only, not a plan")
        self._stop.set()
        with self._lock:
            return plan(view)

    def begin(self) -> None:
        """Allow the next :meth:`presolve` (call it before starting one, on the thread that will later
        ask for the pick, so a pick asked for after it always stops the pre-solve)."""
        self._stop.clear()

    def presolve(self, views: Iterable[MissionControlView]) -> int:
        """Solve ``views`` in order, until done or :meth:`stop` (or a :meth:`choose`) is called, since
        the last :meth:`begin`.

        Meant for a worker thread; an exception of the wrapped chooser is logged and ends the pre-solve
        (the pick, when asked for, is then decided as usual and reports it).

        :returns: how many were solved now.
        """
        done = 0
        for view in views:
            if self._stop.is_set():
                break
            key = view_key(view)
            with self._lock:
                if self._stop.is_set():
                    break
                if key in self._answers:
                    continue
                try:
                    self._store(key, tuple(self.chooser.choose(view)))
                except Exception:
                    log.exception("pre-solving a position failed")
                    break
                self.solved += 1
                done += 1
        return done

    def stop(self) -> None:
        """Stop a pre-solve under way after its current position."""
        self._stop.set()

    def forget(self) -> None:
        """Drop every solved answer (a new game)."""
        with self._lock:
            self._answers.clear()
            self.last = ()

    def _store(self, key: Hashable, answer: tuple[Command, ...]) -> tuple[Command, ...]:
        self._answers[key] = answer
        if len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return answer
