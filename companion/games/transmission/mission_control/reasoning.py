"""The reasoning Cadet's reading of a hand: which order did a good Mission Control intend?

The ``reasoning`` model of :mod:`companion.games.transmission.mission_control.cadet` decodes the
way a thoughtful player does (RULES.md, 4. Decode): it looks at the cards, the board and what is
known about the missions, and asks "what would Mission Control, who plays well, want these cards to
do?".  It sees only what the table sees: the board, the Cadet's cell, the carried device, the
fixed registers, the number of errors, the completed (revealed) missions and the mission cards of
the content pack, and what earlier transmissions left on the board.  ``docs/cadets.md`` has the
model, its assumptions and its cost.

The model
---------
*Hypotheses.*  A hypothesis is a pair ``(m, o)``: Mission Control is working on mission ``m`` this
transmission, and ``o`` (a legal order of the hand) is its intended order.  The possible missions
(:func:`possible_missions`) are the content pack's mission cards, less those already completed,
less every pair that is intact and side by side on the board now: a pair in play would have
completed the moment it became so (RULES.md, Missions), so the table can rule it out.  The prior
is uniform over them.

*Mission Control plays well.*  Given ``m``, Mission Control prefers orders that bring ``m``
closer: ``P(o | m)`` is proportional to ``exp(beta * progress_m(o))``, where ``progress_m(o) =
route_m(start) - route_m(end of o)`` and :func:`route` is a cheap count of the commands ``m``
still needs (walk to a device, repair it, collect it, walk beside the partner, deploy, repair the
partner; 0 once the pair is intact and side by side).  An optimal plan moves its mission on by up
to 5 commands per transmission whatever the mission, so the normaliser of ``P(. | m)`` is taken to
be the same for every ``m`` (the approximation that makes the model cheap).

*The hand.*  With an error, the hand would look like this under ``o`` with a chance proportional
to the copies of the left-out command among the 6 unselected cards, exactly the ``careful``
model's weight (:func:`companion.games.transmission.mission_control.cadet.hypothesis_weight`).

*The reading.*  The weight of order ``o`` is ``hypothesis_weight(o) * L(o)`` with the
*likelihood* ``L(o) = sum over m of exp(beta * progress_m(o))`` (:meth:`Reader.likelihoods`);
orders are grouped by end position (what the Cadet can see), and the Cadet executes an order of
the group with the greatest weight (ties: equally likely).  ``L`` depends only on the start and
the end position of an order, never on the hand, so the scramble-aware Mission Control
(:mod:`companion.games.transmission.mission_control.robust`) reuses it for every hand it
considers.

Signal Boosts (:func:`best_boost`) are spent by expected value: the chance that the chosen group
is the intended outcome, before and after each possible answer (see the function).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from companion.games.transmission.engine.board import HALLWAY, NEIGHBOURS
from companion.games.transmission.engine.kernel import pair_complete
from companion.games.transmission.mission_control.encoding import DIST, Pairs

__all__ = ["BETA", "BOOST_THRESHOLD", "UNREACHABLE", "BoostChoice", "Reader", "best_boost", "boost_threshold",
           "cross_check",
           "possible_missions", "route"]

#: How sharply Mission Control is assumed to prefer progress, per command of progress.
BETA = 1.5
#: The least gain in the chance of decoding right (0-1) for which a Signal Boost is spent while more
#: Transmission cards remain; on the last one any gain spends it (a boost is worth only +25 then).
BOOST_THRESHOLD = 0.15
#: What :func:`route` answers for a mission that cannot be completed from a position.
UNREACHABLE = 99
#: Commands charged for a partner with no hallway beside it (a blocking device must move away first).
_BLOCKED = 8


def possible_missions(catalogue: Mapping[str, tuple[str, str]], completed: Iterable[str],
                      board: str) -> Pairs:
    """The missions that can still be in play, as the table can tell (see the module docstring).

    :param catalogue: every mission card of the content pack, id -> pair of module letters.
    :param completed: ids of the missions already completed (revealed).
    :param board: 25 characters in referee notation.
    :returns: ``(mission id, letter, letter)`` with upper-case letters, sorted by id.
    """
    done = set(completed)
    return tuple(sorted((mid, a.upper(), b.upper()) for mid, (a, b) in catalogue.items()
                        if mid not in done and not pair_complete(board, a, b)))


_Where = dict[str, tuple[int, bool]]
_CARRIED = (-1, False)


def _where(board: str) -> _Where:
    """Each module on the board (upper-case letter) -> its cell and whether it is damaged."""
    return {ch.upper(): (i, ch.islower()) for i, ch in enumerate(board) if ch != HALLWAY}


def route(board: str, cadet: int, carrying: str, a: str, b: str, devices: frozenset[str]) -> int:
    """Commands mission ``a``/``b`` still needs from this position, counted cheaply (not a bound).

    The cheaper of: repairing in place when the two are already side by side; or, for each device
    of the pair, dropping what else is carried (2), walking to the device (Manhattan distance),
    repairing it if damaged, collecting it, walking to the nearest hallway beside the partner,
    deploying, and repairing the partner if damaged (a step and a Repair).  A partner with no
    hallway beside it costs 8 more.

    :param board: 25 characters in referee notation; ``cadet`` a cell 0-24; ``carrying`` the carried
        device's letter or ``""``; ``a`` and ``b`` upper-case letters.
    :returns: 0 when the pair is intact and side by side; :data:`UNREACHABLE` when neither module can move
        to the other (two stations, or a module missing from the board).
    """
    return _route(_where(board), board, cadet, carrying, a, b, devices)


def _route(where: _Where, board: str, cadet: int, carrying: str, a: str, b: str,
           devices: frozenset[str]) -> int:
    ia, da = _CARRIED if carrying == a else where.get(a, _CARRIED)
    ib, db = _CARRIED if carrying == b else where.get(b, _CARRIED)
    if ia >= 0 and ib >= 0 and ib in NEIGHBOURS[ia]:
        if not da and not db:
            return 0
        if da and db:
            return min(DIST[cadet][ia], DIST[cadet][ib]) + 3
        return DIST[cadet][ia if da else ib] + 1
    best = UNREACHABLE
    for mover, im, dm, iq, dq in ((a, ia, da, ib, db), (b, ib, db, ia, da)):
        if mover not in devices or iq < 0:
            continue
        if carrying == mover:
            cost, start = 0, cadet
        elif im < 0:
            continue
        else:
            cost = (2 if carrying else 0) + DIST[cadet][im] + (1 if dm else 0) + 1
            start = im
        targets = [h for h in NEIGHBOURS[iq] if board[h] == HALLWAY or h == im]
        if not targets:
            targets = list(NEIGHBOURS[iq])
            cost += _BLOCKED
        cost += min(DIST[start][h] for h in targets) + 1 + (2 if dq else 0)
        best = min(best, cost)
    return best


class Reader:
    """The likelihoods of the reasoning model, with a bounded cache (see the module docstring).

    :param devices: upper-case letters of the devices.
    :param beta: :data:`BETA`.
    :param cache_size: end positions whose routes are kept (oldest dropped first).
    """

    def __init__(self, devices: frozenset[str], beta: float = BETA, cache_size: int = 20_000) -> None:
        self.devices = frozenset(d.upper() for d in devices)
        self.beta = beta
        self.cache_size = max(16, cache_size)
        self._routes: OrderedDict[tuple[str, int, str, Pairs], tuple[int, ...]] = OrderedDict()
        # One shared copy of each mission list: a key holding its own copy of ~37 missions costs
        # kilobytes, and a full cache of them grew a worker by ~25 MiB every 50 games.
        self._lists: dict[Pairs, Pairs] = {}

    def routes(self, board: str, cadet: int, carrying: str, missions: Pairs) -> tuple[int, ...]:
        """:func:`route` of each of ``missions`` from this position (cached)."""
        shared = self._lists.get(missions)
        if shared is None:
            if len(self._lists) > 256:
                self._lists.clear()
            shared = self._lists[missions] = missions
        key = (board, cadet, carrying, shared)
        hit = self._routes.get(key)
        if hit is not None:
            return hit
        where = _where(board)
        devices = self.devices
        out = tuple(_route(where, board, cadet, carrying, a, b, devices) for _mid, a, b in missions)
        self._routes[key] = out
        if len(self._routes) > self.cache_size:
            self._routes.popitem(last=False)
        return out

    def likelihood(self, start: tuple[int, ...], board: str, cadet: int, carrying: str,
                   missions: Pairs) -> float:
        """``L`` of one end position, given the start's :meth:`routes` ``start``.

        A mission unreachable from the start says nothing (its term is 1 for every order).
        """
        beta = self.beta
        total = 0.0
        for before, after in zip(start, self.routes(board, cadet, carrying, missions)):
            if before >= UNREACHABLE:
                total += 1.0
            else:
                total += math.exp(beta * (before - min(after, UNREACHABLE)))
        return total if missions else 1.0

    def likelihoods(self, board: str, cadet: int, carrying: str, ends: Sequence[tuple[str, int, str]],
                    missions: Pairs) -> list[float]:
        """``L`` of each end position ``(board, cadet, carrying)`` from the start position given."""
        start = self.routes(board, cadet, carrying, missions)
        memo: dict[tuple[str, int, str], float] = {}
        out = []
        for end in ends:
            value = memo.get(end)
            if value is None:
                value = memo[end] = self.likelihood(start, *end, missions)
            out.append(value)
        return out

    def clear(self) -> None:
        """Forget every cached route (between games, to bound memory)."""
        self._routes.clear()
        self._lists.clear()


class BoostChoice(NamedTuple):
    """A Signal Boost worth spending: its kind (``clear_signal``, ``cross_check``, ``debug``, ``abort``; the
    :class:`~companion.games.transmission.content.model.BoostKind` values), the register
    (1-5) for Clear Signal, the command index for Cross Check, the order index for Abort, and the gain."""

    kind: str
    register: int
    command: int
    order: int
    gain: float


def _best_group(probs: Sequence[float], groups: Sequence[object], keep: Sequence[int]) -> float:
    """The greatest total probability of one group among the orders ``keep``."""
    mass: dict[object, float] = {}
    for i in keep:
        mass[groups[i]] = mass.get(groups[i], 0.0) + probs[i]
    return max(mass.values(), default=0.0)


def _split_value(probs: Sequence[float], groups: Sequence[object], answers: Sequence[object],
                 keep: Sequence[int]) -> float:
    """Expected chance of decoding right after an answer: sum over answers of the best group's mass."""
    parts: dict[object, list[int]] = {}
    for i in keep:
        parts.setdefault(answers[i], []).append(i)
    return sum(_best_group(probs, groups, part) for part in parts.values())


def best_boost(programs: Sequence[tuple[int, ...]], probs: Sequence[float], groups: Sequence[object],
               left_out: Sequence[tuple[int, ...]], fixed: Sequence[int], kinds: Iterable[str],
               in_hand: Iterable[int], threshold: float) -> BoostChoice | None:
    """The Signal Boost with the greatest expected gain, if it reaches ``threshold`` (RULES.md, 4. Decode).

    The chance of decoding right now is the mass of the heaviest group (orders with the same end
    position).  For each boost held, each possible answer keeps the orders consistent with it (Clear
    Signal: the command at the register; Cross Check: the lowest open register of the command, or
    none; Debug: the command left out; Abort on the heaviest group's first order: Yes, or No, which
    rules that group out), and the chance afterwards is the sum over answers of the heaviest group
    left in each.  The gain is the difference.

    :param programs: each order's command indices; ``probs`` the model's weights (summing to 1);
        ``groups`` each order's end position (any hashable); ``left_out`` each order's left-out commands.
    :param fixed: per register the fixed command index, or -1.
    :param kinds: the kinds of the boosts held (``clear_signal``, ``cross_check``, ``debug``, ``abort``; the
    :class:`~companion.games.transmission.content.model.BoostKind` values).
    :param in_hand: command indices of the scrambled cards (Cross Check names one of them).
    :returns: ``None`` when nothing gains ``threshold`` or more (or there is nothing to gain).
    """
    keep = [i for i, p in enumerate(probs) if p > 0.0]
    if not keep:
        return None
    now = _best_group(probs, groups, keep)
    if now >= 1.0 - 1e-9:
        return None
    held = set(kinds)
    found: list[BoostChoice] = []
    if "clear_signal" in held:
        for k in range(len(fixed)):
            if fixed[k] < 0:
                after = _split_value(probs, groups, [p[k] for p in programs], keep)
                found.append(BoostChoice("clear_signal", k + 1, -1, -1, after - now))
    if "cross_check" in held:
        for c in sorted(set(in_hand)):
            answers = [cross_check(p, fixed, c) for p in programs]
            after = _split_value(probs, groups, answers, keep)
            found.append(BoostChoice("cross_check", -1, c, -1, after - now))
    if "debug" in held and any(left_out[i] for i in keep):
        found.append(BoostChoice("debug", -1, -1, -1, _split_value(probs, groups, left_out, keep) - now))
    if "abort" in held:
        mass: dict[object, float] = {}
        for i in keep:
            mass[groups[i]] = mass.get(groups[i], 0.0) + probs[i]
        top = max(mass, key=lambda g: mass[g])
        first = next(i for i in keep if groups[i] == top)
        rest = [i for i in keep if groups[i] != top]
        found.append(BoostChoice("abort", -1, -1, first, _best_group(probs, groups, rest)))
    if not found:
        return None
    best = max(found, key=lambda b: b.gain)
    return best if best.gain >= threshold and best.gain > 1e-9 else None


def cross_check(program: Sequence[int], fixed: Sequence[int], command: int) -> int:
    """Cross Check's answer if ``program`` were intended: the lowest open register (0-4) holding ``command``,
    or -1 for "not part of the transmission" (RULES.md, 4. Decode).

    :param fixed: per register the fixed command index, or -1 (open).
    """
    return next((k for k in range(len(fixed)) if fixed[k] < 0 and program[k] == command), -1)


def boost_threshold(transmissions_left: int) -> float:
    """:data:`BOOST_THRESHOLD` while more Transmission cards remain after this one; else a tiny gain.

    :param transmissions_left: Transmission cards not yet drawn (the current one already drawn).
    """
    return BOOST_THRESHOLD if transmissions_left > 0 else 1e-6

