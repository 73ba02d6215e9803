"""AI Mission Control: an optimal choice of 5 viable commands (RULES.md, 1. Select).

Method
------
*Optimal.*  The planner picks a program that minimises the transmissions needed to complete every
remaining mission, counting the deck's limits per transmission (at most ``view.deck[c]`` cards of
each command: with the default deck 2 of each direction, 1 Collect, 1 Deploy, 1 Repair; exactly 5
viable commands in intended order) within the Transmission cards left.  The value is computed by
the exact search of :mod:`companion.games.transmission.mission_control.solver`
(:class:`~companion.games.transmission.mission_control.solver.Solver`: iterative
deepening over whole transmissions, distinct programs with identical cards merged, a
transposition table and an admissible lower bound; the tests prove its values against an
exhaustive reference search).  The planner then tries the distinct outcomes of this transmission
in the order (most missions completed now, lowest lower bound of the rest, program order) and
takes the first whose optimum after it is one fewer: so among the optimal programs it prefers
those that complete missions earlier.  The root level of the iterative deepening runs in the
planner's own order (:meth:`Planner._optimal`), so the outcome that proves the optimum is the
planner's pick and no outcome is searched twice.

*When the game cannot be won* within the transmissions left, it maximises the missions completed
(the score, RULES.md, Score): the largest sets of remaining missions that can still be completed
in time are found by the same search, the one of them that needs the fewest transmissions is the
target (the first in mission order on a tie), and the plan is the optimal one for that set alone
(the same order as above), so Mission Control heads for the missions it can still complete as
soon as it can, leaving the most transmissions spare for a Cadet who strays, instead of any
program that merely keeps them within reach.  When not even one mission can be completed in time,
it takes the program whose outcome has the lowest lower bound (closest to completing them all).

*Never a wait.*  With a ``deadline`` (seconds; the app's ``[game] mission_control_seconds``) the
search stops when it passes (:class:`~companion.games.transmission.mission_control.solver.SearchTimeout`)
and the plan is the best found so far: the first outcome of the planner's order at the deepest
bound tried (most missions completed now, then the lowest lower bound after), or before any, the
same order by the cheap bound; ``Plan.exact`` is then false.  An unwinnable position is proved at
once by the bound (a pair of two stations apart, a station walled in by stations: see
:mod:`companion.games.transmission.mission_control.bound`), then the planner keeps the most missions
within reach.

*Speed.*  ``companion bench planner`` measures it on real positions (a fresh planner per decision);
the figures and the command are in ``docs/bench-planner.md``.  Within a game the planner keeps its
solver, so the decisions after the first mostly find their positions already solved.

Guarantees
----------
1. :meth:`Planner.plan` always returns exactly 5 commands that respect the deck counts (at most
   ``view.deck[c]`` of each command) and are viable from ``view.position``
   (:meth:`companion.games.transmission.engine.rules.Rules.viable`): on every position, with or without
   missions left, in a
   corner, carrying.  With the default deck a viable program always exists (a vertical move toward
   the interior, its opposite, the same two again, then a horizontal move toward the interior); a
   deck too small for any viable program raises :class:`PlannerError`.
2. It is deterministic: the same view and the same constructor arguments give the same plan (the
   tables never change an answer, only its speed: the values are exact and the order of the
   outcomes depends only on the position).
3. Optimal (``Plan.exact``, always without a deadline): when the game can be won,
   ``transmissions_to_win`` is the fewest transmissions that complete every remaining mission, and
   the plan starts such a line; among those programs it completes the most missions possible this
   transmission.  When it cannot be won, the plan keeps the most missions within reach.
4. It never returns a non-viable set (checked with :meth:`Rules.viable` before returning; a failure
   there is a bug and raises :class:`PlannerError`).

"""

from __future__ import annotations

import heapq
import itertools
import logging
import math
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from companion.errors import CompanionError
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.engine.rules import Rules
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.bound import INF
from companion.games.transmission.mission_control.encoding import (
    ORDER,
    Pairs,
    Program,
    counts_of,
    pairs_of,
    rest_of,
)
from companion.games.transmission.mission_control.programs import TransmissionResult
from companion.games.transmission.mission_control.solver import SearchTimeout, Solver, collector_paused

__all__ = ["Candidate", "Plan", "Planner", "PlannerError"]

log = logging.getLogger(__name__)

# A compact position for the search: (board, cadet cell 0-24, carried device letter or "").
_State = tuple[str, int, str]


class PlannerError(CompanionError, RuntimeError):
    """The planner could not produce a viable selection (only with a deck too small to move)."""


@dataclass(frozen=True)
class Plan:
    """Mission Control's selection and what the search expects of it.

    :param commands: exactly 5 commands in intended order (registers 1-5).
    :param transmissions_to_win: the exact optimum: the fewest transmissions, this one included, that
        complete every remaining mission if the Cadet executes each as intended (this plan is the
        first of such a line); ``0`` when none remain; ``None`` when the game cannot be won within
        the Transmission cards left.  With perfect execution the next decision finds one fewer.
    :param completes: ids of the missions this transmission completes if executed as intended.
    :param exact: ``False`` when the deadline passed first: ``commands`` are the best found by then
        and ``transmissions_to_win`` is the best proven lower bound (at least 1), not the optimum, or
        ``None`` when the search had already proved that the game cannot be won in time (or the bound
        proves it can never be won: a station walled in).
    """

    commands: tuple[Command, ...]
    transmissions_to_win: int | None
    completes: tuple[str, ...] = ()
    exact: bool = True


class Candidate(NamedTuple):
    """A viable program and its value (see :meth:`Planner.candidates`).

    :param commands: 5 commands in intended order.
    :param transmissions: the transmissions to win if it is executed as intended, this one included.
    """

    commands: tuple[Command, ...]
    transmissions: int


# --------------------------------------------------------------------------- the planner


class Planner:
    """AI Mission Control (satisfies :class:`companion.games.transmission.session.Chooser`).  See the module
    docstring.

    :param seed: chooses the tie-break order between programs of equal merit; same seed, same plans.
    :param table_size: entries kept in the solver's tables
    (:class:`companion.games.transmission.mission_control.solver.Solver`).
    :param deadline: seconds a decision may take (``None``: no limit, always exact); past it the plan
        is the best found so far (see *Never a wait* in the module docstring).

    One planner serves one game at a time and is not thread-safe: call it from one thread at a time
    (the app calls it off the main thread, one decision at a time).
    """

    def __init__(self, *, seed: int = 0, table_size: int = 200_000, deadline: float | None = None) -> None:
        if table_size < 1:
            raise ValueError(f"table_size must be at least 1, not {table_size}")
        if deadline is not None and not deadline > 0:
            raise ValueError(f"deadline must be a positive number of seconds or None, not {deadline}")
        self.deadline = deadline
        #: The best outcome met so far in this decision, for a deadline: ``(transmissions to win it
        #: would report, outcome)``.
        self._guess: tuple[int | None, TransmissionResult] | None = None
        self.seed = seed
        self.table_size = table_size
        rank = list(range(len(ORDER)))
        if seed:
            random.Random(seed).shuffle(rank)
        self._rank = tuple(rank)
        self._solver: Solver | None = None

    def solver(self, devices: frozenset[str], counts: tuple[int, ...]) -> Solver:
        """The solver for these devices and card counts (kept while they stay the same)."""
        solver = self._solver
        if solver is None or solver.devices != devices or solver.counts != counts:
            solver = self._solver = Solver(devices, counts, self.table_size)
        return solver

    @staticmethod
    def _problem(view: MissionControlView) -> tuple[frozenset[str], tuple[int, ...], Pairs, _State]:
        devices = frozenset(d.upper() for d in view.devices)
        counts = counts_of(view.deck)
        pairs = pairs_of(view.missions)
        p = view.position
        return devices, counts, pairs, (p.board, p.cadet, p.carrying or "")

    def plan(self, view: MissionControlView, deadline: float | None = None) -> Plan:
        """Choose 5 commands in intended order for ``view`` (the guarantees are in the module docstring).

        :param deadline: seconds this decision may take, instead of the planner's own ``deadline``.
        :raises PlannerError: only when the deck allows no viable program at all.
        """
        devices, counts, pairs, root = self._problem(view)
        solver = self.solver(devices, counts)
        seconds = self.deadline if deadline is None else deadline
        solver.stop_at = time.monotonic() + seconds if seconds is not None else math.inf
        self._guess = None
        with collector_paused():
            try:
                return self._plan(view, solver, devices, pairs, root)
            except SearchTimeout:
                return self._best_so_far(view, solver, devices, pairs, root)
            finally:
                solver.stop_at = math.inf

    def _plan(self, view: MissionControlView, solver: Solver, devices: frozenset[str], pairs: Pairs,
              root: _State) -> Plan:
        outcomes = solver.outcomes(*root, pairs)
        if not outcomes:
            raise PlannerError("no viable program of 5 commands exists from this position with this deck")
        left = max(1, view.transmissions_left)
        to_win: int | None = 0
        if not pairs:
            chosen = min(outcomes, key=lambda o: self._key(o.program))
        else:
            best, first = self._optimal(solver, root, pairs, outcomes, left)
            if first is not None:
                to_win = best
                chosen = first
            else:
                to_win = None
                ordered = self._ordered(solver, outcomes, pairs)
                self._guess = (None, ordered[0])
                chosen = self._most_missions(solver, root, pairs, ordered, left)
        commands = chosen.commands
        self._check(view.position, commands, view.deck, devices)
        completes = tuple(pairs[b][0] for b in range(len(pairs)) if chosen.mask >> b & 1)
        # Never log the commands or the missions: the table can see the console and Kivy's log file.
        log.debug("planned among %d outcomes", len(outcomes))
        return Plan(commands, to_win, completes)

    def _best_so_far(self, view: MissionControlView, solver: Solver, devices: frozenset[str], pairs: Pairs,
                     root: _State) -> Plan:
        """The plan when the deadline passed: the first outcome of the planner's order at the deepest
        bound tried (most missions now, lowest lower bound after), else the same order by the cheap bound."""
        outcomes = solver.outcomes(*root, pairs)
        to_win: int | None
        if self._guess is not None:
            to_win, chosen = self._guess
        else:
            cheap = solver.cheap_value
            keyed = [((-bin(o.mask).count("1"), cheap(o.board, o.cadet, o.carrying, rest_of(pairs, o.mask)),
                       self._key(o.program)), o) for o in outcomes]
            _key, chosen = min(keyed, key=lambda t: t[0])
            # A lower bound of the optimum: one transmission plus the least bound after any outcome (not
            # the chosen one's, which is picked for the missions it completes now).
            low = min(k[1] for k, _o in keyed)
            to_win = (1 + low if low < INF else None) if pairs else 0
        commands = chosen.commands
        self._check(view.position, commands, view.deck, devices)
        completes = tuple(pairs[b][0] for b in range(len(pairs)) if chosen.mask >> b & 1)
        log.info("Mission Control's deadline passed: the best selection found so far")
        return Plan(commands, to_win, completes, exact=False)

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        """The :class:`~companion.games.transmission.session.Chooser` protocol: ``plan(view).commands``."""
        return self.plan(view).commands

    def candidates(self, view: MissionControlView, slack: int = 0) -> list[Candidate]:
        """Every viable program whose optimal value is within ``slack`` of the best, best first.

        A program's value is the transmissions to win if it is executed as intended: this one plus
        the optimum after it (1 when it completes every mission).  Every distinct program is listed
        (identical cards merged; programs with the same outcome share a value), ordered by value,
        then missions completed now (most first), then program order.

        :param slack: extra transmissions allowed over the best value (0 or more).
        :returns: ``[]`` when no mission remains (every program wins at once, see :meth:`plan`) or
            when the game cannot be won within ``view.transmissions_left``.
        :raises ValueError: for a negative slack.
        """
        if slack < 0:
            raise ValueError(f"slack must be 0 or more, not {slack}")
        devices, counts, pairs, root = self._problem(view)
        if not pairs:
            return []
        solver = self.solver(devices, counts)
        left = max(1, view.transmissions_left)
        best = solver.need(*root, pairs, left)
        if best > left:
            return []
        cap = min(best + slack, left)
        values: dict[tuple[str, int, str, int], int] = {}
        found: list[tuple[int, int, Program, Program]] = []
        for board, cadet, carrying, mask, program in solver.runs(*root, pairs):
            key = (board, cadet, carrying, mask)
            value = values.get(key)
            if value is None:
                value = values[key] = 1 + solver.need(board, cadet, carrying, rest_of(pairs, mask), cap - 1)
            if value <= cap:
                found.append((value, -bin(mask).count("1"), self._key(program), program))
        found.sort()
        return [Candidate(tuple(ORDER[k] for k in program), value) for value, _done, _key, program in found]

    # ------------------------------------------------------------------ helpers

    def _key(self, program: Program) -> tuple[int, ...]:
        rank = self._rank
        return tuple(rank[k] for k in program)

    def _optimal(self, solver: Solver, root: _State, pairs: Pairs,
                 outcomes: list[TransmissionResult], left: int
                 ) -> tuple[int, TransmissionResult | None]:
        """The optimum within ``left`` transmissions and the first outcome, in the order of
        :meth:`_ordered`, that achieves it; ``(left + 1, None)`` when more are needed.

        The same value as ``solver.need(*root, pairs, left)`` and the same outcome as the first of
        ``_ordered(..., best - 1)`` passing ``solver.within(..., best - 1)``: this is the root level
        of that iterative deepening run in the planner's own order, so the outcomes the search
        proves on the way are the planner's candidates, never searched twice.
        """
        d = max(1, solver.value_hint(*root, pairs, left))
        while d <= left:
            for n, o in enumerate(self._lazy(solver, outcomes, pairs, d - 1)):
                if n == 0:
                    self._guess = (d, o)
                if solver.within(o.board, o.cadet, o.carrying, rest_of(pairs, o.mask), d - 1):
                    return d, o
            d += 1
        return left + 1, None

    def _ordered(self, solver: Solver, outcomes: list[TransmissionResult],
                 pairs: Pairs, upto: int | None = None) -> list[TransmissionResult]:
        """Outcomes by (most missions completed now, lowest lower bound after, program order); with
        ``upto``, only those whose lower bound after is at most ``upto`` (the others cannot be optimal).

        The lower bound is a pure function of the position (never the table's history), so the order
        is deterministic.
        """
        keyed = []
        for o in outcomes:
            if time.monotonic() > solver.stop_at:
                raise SearchTimeout  # the Python bound with many missions can be slow: the deadline holds
            rest = rest_of(pairs, o.mask)
            low = solver.bound_value(o.board, o.cadet, o.carrying, rest, upto if upto is not None else INF)
            if upto is None or low <= upto:
                keyed.append(((-bin(o.mask).count("1"), low, self._key(o.program)), o))
        keyed.sort(key=lambda t: t[0])
        return [o for _key, o in keyed]

    def _lazy(self, solver: Solver, outcomes: list[TransmissionResult],
              pairs: Pairs, upto: int) -> Iterator[TransmissionResult]:
        """The outcomes of ``_ordered(solver, outcomes, pairs, upto)`` in the same order, each lower
        bound computed only when needed: keyed first by the cheap bound
        (:meth:`~companion.games.transmission.mission_control.bound.Bound.cheap`, never above the bound),
        the bound computed when the outcome comes first in a heap of keys, so the outcomes come out in
        exactly the sorted order (the keys ``_key`` are distinct), and those after the one the caller
        takes never pay for their walks."""
        heap: list[tuple[int, int, tuple[int, ...], bool, int]] = []
        floor_exceeds = solver.floor_exceeds
        for i, o in enumerate(outcomes):
            rest = rest_of(pairs, o.mask)
            if rest and floor_exceeds(o.board, rest, upto):
                continue  # its cheap bound is above upto (and no entry is built to say so)
            low = solver.cheap_value(o.board, o.cadet, o.carrying, rest)
            if low <= upto:
                heap.append((-bin(o.mask).count("1"), low, self._key(o.program), False, i))
        heapq.heapify(heap)
        while heap:
            done, low, key, exact, i = heapq.heappop(heap)
            o = outcomes[i]
            if exact:
                yield o
                continue
            low = solver.bound_value(o.board, o.cadet, o.carrying, rest_of(pairs, o.mask), upto)
            if low <= upto:
                heapq.heappush(heap, (done, low, key, True, i))

    def _most_missions(self, solver: Solver, root: _State, pairs: Pairs,
                       ordered: list[TransmissionResult], left: int
                       ) -> TransmissionResult:
        """The first program (in the planner's order) of an optimal line for the target set of
        missions: of the largest sets that can still be completed within ``left``, the one needing
        the fewest transmissions (the first in :func:`itertools.combinations` order on a tie).

        The result's mask is over ``pairs``: the target's missions it completes.  No mission outside
        the target can complete on the way: the target with it would be a larger set within reach.
        """
        for size in range(len(pairs) - 1, 0, -1):
            target: tuple[int, Pairs] | None = None
            for q in itertools.combinations(pairs, size):
                need = solver.need(*root, q, left)
                if need <= left and (target is None or need < target[0]):
                    target = (need, q)
            if target is None:
                continue
            q = target[1]
            guess = self._guess  # the deadline's fallback stays an outcome over ``pairs``
            try:
                _best, first = self._optimal(solver, root, q, solver.outcomes(*root, q), left)
            finally:
                self._guess = guess
            if first is None:  # pragma: no cover - need(q) <= left proves a first outcome exists
                break
            mask = sum(1 << pairs.index(p) for b, p in enumerate(q) if first.mask >> b & 1)
            return first._replace(mask=mask)
        return min(ordered, key=lambda o: (
            solver.bound_value(o.board, o.cadet, o.carrying, rest_of(pairs, o.mask)), self._key(o.program)))

    @staticmethod
    def _check(position: Position, commands: tuple[Command, ...], deck: Mapping[Command, int],
               devices: frozenset[str]) -> None:
        """Guarantees 1 and 4, checked with the referee's own rules before anything leaves the planner."""
        if len(commands) != REGISTERS:
            raise PlannerError(f"planner bug: {len(commands)} commands, not {REGISTERS}")
        for command in set(commands):
            if commands.count(command) > deck.get(command, 0):
                raise PlannerError(f"planner bug: more {command.title} cards than the deck holds")
        bad = Rules(devices).first_illegal(position, commands)
        if bad is not None:
            raise PlannerError(f"planner bug: step {bad[0]} is impossible: {bad[1]}")
