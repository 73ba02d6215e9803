"""Scramble-aware Mission Control: plans that survive the Transmission card and the Cadet's decoding.

Mission Control selects before the Transmission card is revealed (RULES.md,
1. Select; 2. Reveal; 3. Scramble).  :class:`RobustPlanner` scores each candidate
hand by what the Cadet is expected to make of it, not only by what it does
when executed as intended.

Method
------
*All programs, once.*  From the position, every distinct viable program of 5
commands within the Command deck is enumerated with
:func:`companion.games.transmission.mission_control.cadet.legal_orders` (identical cards merged; at most a few
thousand), each with its end position and the missions it completes, and
grouped by its *multiset* of commands.  Every hand the Cadet can be dealt from
a candidate is among these groups: the candidate's own multiset ``M`` (no
error) and, with an error card ``e``, the multisets ``M + e - c`` for each
card ``c`` the Cadet might leave out.

*Value of an outcome.*  After this transmission ``limit = transmissions_left -
1`` remain.  An outcome is worth ``v = 0`` when every mission is complete,
else what the value function says is still needed from its end position, in
transmissions, capped at ``limit + 1`` (a loss).  The default value function
(``value="estimate"``, :class:`EstimateValue`) is the route estimate of
:mod:`companion.games.transmission.mission_control.estimate`: its transmissions plus its commands / 1000 (a
fraction that ranks positions needing as many transmissions).  The exact one
(``value="exact"``, :class:`ExactValue`: ``companion.games.transmission.mission_control.solver.Solver.need``,
the fewest transmissions with perfect execution) is available but too slow
here: a decision values a few hundred scrambled outcomes, many of them far
off the optimal line, where the exact search is slowest.

*Candidates.*  The shortest-plan Mission Control
(:class:`~companion.games.transmission.mission_control.planner.Planner`)
picks ``p*``; the candidates are ``p*`` and every program whose outcome needs at
most ``slack`` whole transmissions more than ``p*``'s (at most ``max_candidates``
of them, best value first).

*Interference.*  The next Transmission card's level is drawn from the levels
still to come in this part of the deck (:attr:`MissionControlView.upcoming_levels`;
RULES.md, Transmission deck): level 1 fixes register ``k`` (uniform 1-5, an
approximation: the view does not say which level-1 cards were drawn), level 2
does nothing, level 3 fixes ``k`` and adds an error, level 4 adds an error.
An error is one of the 6 unselected cards, uniformly, so command ``e`` with
probability ``(deck[e] - M[e]) / 6``.  With no levels known, the card is taken
to be level 2 (a plain scramble).

*The Cadet.*  In each case the Cadet's orders are the legal orders of its hand
(:mod:`companion.games.transmission.mission_control.cadet`: the fixed register kept, one card left out per
error);
the chosen Cadet model (a parameter, default ``uniform``) gives each a probability.  For the
``reasoning`` model (:mod:`companion.games.transmission.mission_control.reasoning`) each enumerated
program's likelihood ``L`` is computed once per decision from its end position (it does not depend on
the hand), with the missions the Cadet can think possible: the content pack's mission cards
(``catalogue``) less the pairs already intact and side by side (Mission Control's view does not say
which missions were completed; a completed pair moved apart again is counted possible).  The model's
Signal Boosts are not planned for: a boost only helps the Cadet, so the score is pessimistic.

*Score.*  A candidate's score is ``E[v]`` over the interference and the
Cadet's order: the expected transmissions still needed afterwards (lower is
better).  Ties (within 1e-9) go to the hand that is easiest to deduce: the
higher chance that a Cadet of the model, dealt this hand with no
interference, reaches the intended outcome (end position and missions); then
to ``p*``; then to the enumeration order.

*Shortcuts* (documented, not hidden): with the ``perfect`` model, or when no
program can win any more (every ``v > limit``), or when one transmission is
left, the plan is ``p*`` (on the last transmission only completed missions
count, which the shortest planner already maximises).  Values are cached per
(end position, remaining missions) in an LRU table; the program enumeration
per position is cached too.

*Speed*: ``python -m companion.games.transmission.lab.balance --bench 10`` times the decisions;
the figures are in ``docs/balance.md``.
"""

from __future__ import annotations

import logging
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.cadet import (
    CADET_MODELS,
    Order,
    legal_orders,
    top_groups,
)
from companion.games.transmission.mission_control.encoding import INDEX, ORDER, Pairs, pairs_of, rest_of
from companion.games.transmission.mission_control.estimate import EstimateCache, estimate
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.reasoning import Reader, possible_missions
from companion.games.transmission.mission_control.solver import Solver, collector_paused

__all__ = ["VALUES", "EstimateValue", "ExactValue", "RobustPlan", "RobustPlanner", "ValueFunction"]

log = logging.getLogger(__name__)

_Key = tuple[int, ...]  # a multiset: cards per command index
_TIE = 1e-9


class ValueFunction(Protocol):
    """What is still needed to complete ``pairs`` from a position, in transmissions (lower is better).

    Must return 0 for no pairs and at most ``limit + 1`` (a loss) otherwise; may add a fraction below 1
    to rank positions that need the same number of transmissions.
    """

    def value(self, board: str, cadet: int, carrying: str, pairs: Pairs, limit: int) -> float: ...


class EstimateValue:
    """The default value: :func:`companion.games.transmission.mission_control.estimate.estimate`
    (transmissions, plus commands / 1000).

    Capped at ``limit + 1`` when the estimate needs more than ``limit`` transmissions.
    """

    def __init__(self, devices: frozenset[str], counts: tuple[int, ...]) -> None:
        self.devices = devices
        self.counts = counts
        self._memo = EstimateCache()

    def value(self, board: str, cadet: int, carrying: str, pairs: Pairs, limit: int) -> float:
        if not pairs:
            return 0.0
        found = estimate(board, cadet, carrying, pairs, self.devices, self.counts, self._memo)
        if found.transmissions > limit:
            return float(limit + 1)
        return found.transmissions + min(found.commands, 999) / 1000


class ExactValue:
    """:meth:`companion.games.transmission.mission_control.solver.Solver.need`: the fewest transmissions
    with perfect execution (slow)."""

    def __init__(self, devices: frozenset[str], counts: tuple[int, ...]) -> None:
        self._solver = Solver(devices, counts)

    def value(self, board: str, cadet: int, carrying: str, pairs: Pairs, limit: int) -> float:
        return float(self._solver.need(board, cadet, carrying, pairs, limit))


#: Value functions by name (``RobustPlanner(value=...)``).
VALUES: dict[str, type[EstimateValue] | type[ExactValue]] = {"estimate": EstimateValue, "exact": ExactValue}


@dataclass(frozen=True)
class RobustPlan:
    """The scramble-aware choice.

    :param commands: 5 commands in intended order.
    :param expected: ``E[v]``, expected transmissions still needed afterwards (``None`` after a shortcut).
    :param deduce: chance that the model Cadet, with no interference, reaches the intended outcome.
    :param candidates: how many hands were scored.
    :param shortcut: why the shortest plan was taken without scoring, or ``""``.
    """

    commands: tuple[Command, ...]
    expected: float | None
    deduce: float | None
    candidates: int
    shortcut: str = ""


class _Group:
    """The programs of one multiset, with the uniform model's sums per fixed register."""

    __slots__ = ("idx", "n", "total", "cnt", "sums")

    def __init__(self, idx: list[int], values: list[float]) -> None:
        self.idx = idx
        self.n = len(idx)
        self.total = sum(values)
        self.cnt: dict[tuple[int, int], int] = {}
        self.sums: dict[tuple[int, int], float] = {}

    def fill(self, orders: Sequence[Order], values: list[float]) -> None:
        for i, v in zip(self.idx, values):
            for k, c in enumerate(orders[i].program):
                key = (k, c)
                self.cnt[key] = self.cnt.get(key, 0) + 1
                self.sums[key] = self.sums.get(key, 0.0) + v


class RobustPlanner:
    """Scramble-aware Mission Control (a :class:`~companion.games.transmission.session.Chooser`); see the
    module docstring.

    :param cadet: the Cadet model assumed
    (:data:`companion.games.transmission.mission_control.cadet.CADET_MODELS`).
    :param slack: candidates may be worth up to this many transmissions more than the shortest plan.
    :param max_candidates: at most this many hands are scored (best value first).
    :param shortest: the shortest-plan Mission Control giving ``p*`` (default: a new :class:`Planner`).
    :param value: the value function by name (:data:`VALUES`), made for the view's devices and deck.
    :param catalogue: every mission card of the content pack (id -> pair of letters); the ``reasoning``
        model needs it (the missions the Cadet thinks possible).
    :raises ValueError: for an unknown Cadet model or value function, a negative slack, or the
        ``reasoning`` model without a catalogue.
    """

    def __init__(self, *, cadet: str = "uniform", slack: int = 0, max_candidates: int = 40,
                 shortest: Planner | None = None, value: str = "estimate",
                 cache_size: int = 50_000, catalogue: Mapping[str, tuple[str, str]] | None = None) -> None:
        if cadet not in CADET_MODELS:
            raise ValueError(f"unknown Cadet model {cadet!r} (expected one of {', '.join(CADET_MODELS)})")
        if cadet == "reasoning" and not catalogue:
            raise ValueError("the reasoning Cadet model needs the content pack's mission cards (catalogue)")
        self.catalogue = dict(catalogue or {})
        self._reader: Reader | None = None
        if slack < 0 or max_candidates < 1:
            raise ValueError("slack must be 0 or more and max_candidates at least 1")
        if value not in VALUES:
            raise ValueError(f"unknown value function {value!r} (expected one of {', '.join(VALUES)})")
        self.cadet = cadet
        self.slack = slack
        self.max_candidates = max_candidates
        self.shortest = shortest if shortest is not None else Planner()
        self.value = value
        self._functions: dict[tuple[frozenset[str], tuple[int, ...]], ValueFunction] = {}
        self._values: OrderedDict[tuple[str, int, str, Pairs, int], float] = OrderedDict()
        self.cache_size = cache_size

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        """The :class:`~companion.games.transmission.session.Chooser` protocol: ``plan(view).commands``."""
        return self.plan(view).commands

    # ------------------------------------------------------------------ values

    def _need(self, devices: frozenset[str], counts: tuple[int, ...], board: str, cadet: int, carrying: str,
              rest: Pairs, limit: int) -> float:
        if not rest:
            return 0.0
        if limit <= 0:
            return float(limit + 1)
        key = (board, cadet, carrying, rest, limit)
        hit = self._values.get(key)
        if hit is not None:
            return hit
        function = self._functions.get((devices, counts))
        if function is None:
            function = self._functions[(devices, counts)] = VALUES[self.value](devices, counts)
        found = min(function.value(board, cadet, carrying, rest, limit), float(limit + 1))
        self._values[key] = found
        if len(self._values) > self.cache_size:
            self._values.popitem(last=False)
        return found

    # ------------------------------------------------------------------ the choice

    def plan(self, view: MissionControlView) -> RobustPlan:
        """Choose 5 commands in intended order for ``view``.

        :raises companion.games.transmission.mission_control.planner.PlannerError: only when no viable
        program exists (a tiny deck).
        """
        with collector_paused():
            return self._plan(view)

    def _plan(self, view: MissionControlView) -> RobustPlan:
        best = tuple(self.shortest.choose(view))
        if self.cadet == "perfect":
            return RobustPlan(best, None, None, 1, "the perfect Cadet executes any plan as intended")
        left = max(1, view.transmissions_left)
        limit = left - 1
        if limit == 0:
            return RobustPlan(best, None, None, 1, "last transmission: the most missions now")
        devices = frozenset(d.upper() for d in view.devices)
        counts = tuple(int(view.deck.get(c, 0)) for c in ORDER)
        pairs = pairs_of(view.missions)
        p = view.position
        orders = legal_orders(p.board, p.cadet, p.carrying or "", (-1,) * REGISTERS, counts, devices, pairs)
        memo: dict[tuple[str, int, str, int], float] = {}

        def value(o: Order) -> float:
            key = (o.board, o.cadet, o.carrying, o.mask)
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = self._need(devices, counts, o.board, o.cadet, o.carrying,
                                             rest_of(pairs, o.mask), limit)
            return hit

        index = {o.program: i for i, o in enumerate(orders)}
        star = tuple(INDEX[c] for c in best)
        if star not in index:  # p* is viable, so this is a bug in one of the two enumerations
            raise RuntimeError("the shortest plan is missing from the enumeration of viable programs")
        scored = sorted((value(o), i) for i, o in enumerate(orders))
        if scored[0][0] > limit:
            return RobustPlan(best, None, None, 1, "no hand can still win: the most missions now")
        # Whole transmissions decide who is a candidate; the fraction only ranks them.
        top = int(value(orders[index[star]])) + self.slack
        chosen = [i for v, i in scored if int(v) <= top][: self.max_candidates]
        if index[star] not in chosen:
            chosen.append(index[star])
        groups: dict[_Key, list[int]] = {}
        for i, o in enumerate(orders):
            groups.setdefault(_multiset(o.program), []).append(i)
        likelihood: list[float] | None = None
        if self.cadet == "reasoning":
            if self._reader is None or self._reader.devices != devices:
                self._reader = Reader(devices)
            possible = possible_missions(self.catalogue, (), p.board)
            likelihood = self._reader.likelihoods(p.board, p.cadet, p.carrying or "",
                                                  [(o.board, o.cadet, o.carrying) for o in orders], possible)
        scorer = _Scorer(self.cadet, orders, groups, value, counts, view.upcoming_levels, likelihood)
        ranked = []
        for i in chosen:
            expected = scorer.expected(orders[i].program)
            deduce = scorer.deduce(orders[i])
            ranked.append((round(expected / _TIE), -deduce, i != index[star], i, expected, deduce))
        ranked.sort()
        _r, _d, _s, i, expected, deduce = ranked[0]
        commands = tuple(ORDER[k] for k in orders[i].program)
        # Never log the commands or the missions: the table can see the console.
        log.debug("robust plan among %d candidates", len(chosen))
        return RobustPlan(commands, expected, deduce, len(chosen))


def _multiset(program: Sequence[int]) -> _Key:
    counts = [0] * len(ORDER)
    for k in program:
        counts[k] += 1
    return tuple(counts)


class _Scorer:
    """``E[v]`` of a candidate over the interference and the Cadet model (module docstring)."""

    def __init__(self, model: str, orders: Sequence[Order], groups: dict[_Key, list[int]],
                 value: Callable[[Order], float], deck: tuple[int, ...], levels: Sequence[int],
                 likelihood: Sequence[float] | None = None) -> None:
        self.model = model
        self.likelihood = likelihood
        self._ends = [(o.board, o.cadet, o.carrying) for o in orders]
        self.orders = orders
        self.groups = groups
        self.value = value
        self.deck = deck
        tally = Counter(levels) if levels else Counter({2: 1})
        total = sum(tally.values())
        self.levels = {lv: n / total for lv, n in tally.items()}
        self._stats: dict[_Key, _Group] = {}
        self._values: list[float | None] = [None] * len(orders)

    def _v(self, i: int) -> float:
        v = self._values[i]
        if v is None:
            v = self._values[i] = self.value(self.orders[i])
        return v

    def _group(self, key: _Key) -> _Group | None:
        g = self._stats.get(key)
        if g is None:
            idx = self.groups.get(key)
            if not idx:
                return None
            vals = [self._v(i) for i in idx]
            g = self._stats[key] = _Group(idx, vals)
            g.fill(self.orders, vals)
        return g

    def _hands(self, key: _Key, error: int) -> list[tuple[_Key, int]]:
        """The multisets the Cadet may play from hand ``key`` (+ the error), with the command left out."""
        if error < 0:
            return [(key, -1)]
        hand = list(key)
        hand[error] += 1
        out = []
        for c in range(len(hand)):
            if hand[c]:
                sub = list(hand)
                sub[c] -= 1
                out.append((tuple(sub), c))
        return out

    def _case(self, key: _Key, program: tuple[int, ...], register: int, error: int) -> float:
        """Expected value when ``register`` (0-4, or -1) is fixed and ``error`` (or -1) joins the hand."""
        hands = self._hands(key, error)
        if self.model == "uniform":
            n = 0
            total = 0.0
            for sub, _c in hands:
                g = self._group(sub)
                if g is None:
                    continue
                if register < 0:
                    n += g.n
                    total += g.total
                else:
                    rk = (register, program[register])
                    n += g.cnt.get(rk, 0)
                    total += g.sums.get(rk, 0.0)
            return total / n
        if self.model == "perfect":  # executes the intended order: the error is simply left out
            return next(self._v(i) for i in self.groups[key] if self.orders[i].program == program)
        totals = list(key)
        if error >= 0:
            totals[error] += 1
        # The careful weight (cadet.hypothesis_weight) of an order of hand ``sub`` that leaves ``c`` out.
        picked: list[int] = []
        weights: list[float] = []
        like = self.likelihood
        want = program[register] if register >= 0 else -1
        for sub, c in hands:
            w = 1.0 if c < 0 else float(max(0, self.deck[c] - totals[c] + 1))
            for i in self.groups.get(sub, ()):
                if register < 0 or self.orders[i].program[register] == want:
                    picked.append(i)
                    weights.append(w if like is None else w * like[i])
        probs = top_groups([self._ends[i] for i in picked], weights)
        return sum(pr * self._v(i) for pr, i in zip(probs, picked) if pr > 0.0)

    def expected(self, program: tuple[int, ...]) -> float:
        key = _multiset(program)
        unselected = [self.deck[c] - key[c] for c in range(len(key))]
        errors = [(c, n / sum(unselected)) for c, n in enumerate(unselected) if n > 0]
        out = 0.0
        for level, pl in self.levels.items():
            clear = level in (1, 3)
            error = level in (3, 4)
            registers = range(REGISTERS) if clear else (-1,)
            for r in registers:
                pr = pl / len(registers)
                if error:
                    out += sum(pr * pe * self._case(key, program, r, e) for e, pe in errors)
                else:
                    out += pr * self._case(key, program, r, -1)
        return out

    def deduce(self, order: Order) -> float:
        """Chance that the model Cadet, dealt this hand with no interference, reaches its outcome."""
        key = _multiset(order.program)
        idx = self.groups.get(key, [])
        target = (order.board, order.cadet, order.carrying, order.mask)
        if self.model == "perfect":
            return 1.0
        if self.model == "uniform":
            hits = sum(1 for i in idx if (self.orders[i].board, self.orders[i].cadet, self.orders[i].carrying,
                                          self.orders[i].mask) == target)
            return hits / len(idx)
        like = self.likelihood
        probs = top_groups([self._ends[i] for i in idx], [1.0 if like is None else like[i] for i in idx])
        return sum(pr for pr, i in zip(probs, idx)
                   if (self.orders[i].board, self.orders[i].cadet, self.orders[i].carrying,
                       self.orders[i].mask) == target)
