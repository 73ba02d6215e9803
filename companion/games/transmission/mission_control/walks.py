"""The walks the admissible bound of :mod:`companion.games.transmission.mission_control.bound` counts:
the cells a choice of movers makes the Cadet visit, and the shortest walk through them (RULES.md, The
commands: a move is one command; a Collect, Deploy or Repair happens where the Cadet stands).

Shapes as in :mod:`companion.games.transmission.mission_control.encoding`.  Every distance here is a
lower bound of the moves a real walk needs (the Manhattan distance; "beside a cell" one less), so
the bound built from them never overestimates.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.transmission.engine.board import CELLS
from companion.games.transmission.mission_control.encoding import DIST

__all__ = ["INF", "NEAR", "Route", "Targets", "edge", "shortest_walks", "targets_of", "walk_lengths"]

#: "Never": the bound of a position that cannot be won, and an unreachable walk.
INF = 1_000

#: Per target, the ``(collect, beside)`` masks of its guards (see :func:`shortest_walks`).
_Guards = tuple[tuple[tuple[int, int], ...], ...]


class Targets(NamedTuple):
    """The cells a choice of movers makes the Cadet visit (see :func:`shortest_walks`).

    :param nodes: ``(cell, beside?)`` per target: stand on the cell, or on a cell beside it.
    :param preds: per target, the bit mask of the targets that must come before it.
    :param guards: per target, its ``(collect, beside)`` masks: not while a device is in hand.
    """

    nodes: tuple[tuple[int, bool], ...]
    preds: tuple[int, ...]
    guards: _Guards


class Route(NamedTuple):
    """What :func:`targets_of` builds a choice's :class:`Targets` from (one choice of movers of
    :class:`companion.games.transmission.mission_control.bound.Bound`).

    :param points: the cells to stand on (damaged modules, devices to collect), sorted.
    :param meets: ``(mover, fixed partner)`` letters, sorted: the mover is deployed beside the partner.
    :param cell: letter -> its cell (``-1`` for the carried device).
    :param carrying: the carried device's letter or ``""``.
    :param moved: the letters of the devices that move.
    """

    points: tuple[int, ...]
    meets: tuple[tuple[str, str], ...]
    cell: dict[str, int]
    carrying: str
    moved: tuple[str, ...]


def targets_of(route: Route) -> Targets:
    """The cells a choice of movers makes the Cadet visit: cells to stand on, then cells to stand
    beside (after their device's Collect), with the one-device-in-hand guards."""
    points, meets, cell, carrying, moved = route
    nodes: list[tuple[int, bool]] = [(p, False) for p in points]
    preds: list[int] = [0] * len(nodes)
    hands: dict[str, int] = {}
    for x, y in meets:
        hands[x] = hands.get(x, 0) | 1 << len(nodes)
        nodes.append((cell[y], True))
        preds.append(1 << points.index(cell[x]) if x != carrying else 0)
    # Strictly one device in hand: no Collect while a device is held on its way to a partner.
    guards: list[tuple[tuple[int, int], ...]] = [()] * len(nodes)
    for y in moved:
        if y != carrying:
            guards[points.index(cell[y])] = tuple(
                (0 if x == carrying else 1 << points.index(cell[x]), mask)
                for x, mask in sorted(hands.items()) if x != y)
    return Targets(tuple(nodes), tuple(preds), tuple(guards))


#: NEAR[q][c]: a lower bound of the walk from cell c to a cell beside cell q.
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(DIST[q][c] - 1 if c != q else 1 for c in range(CELLS)) for q in range(CELLS)
)
_BITS: dict[int, list[list[int]]] = {}


def _bits(n: int) -> list[list[int]]:
    """For every subset of ``n`` targets: the targets in it, in order."""
    hit = _BITS.get(n)
    if hit is None:
        hit = _BITS[n] = [[k for k in range(n) if s >> k & 1] for s in range(1 << n)]
    return hit


def edge(u: int, u_near: bool, v: int, v_near: bool) -> int:
    """A lower bound of the walk between two targets; a ``near`` target is any cell beside it."""
    d = DIST[u][v]
    if u_near and v_near:
        return max(d - 2, 0)
    if u_near or v_near:
        return d - 1 if d else 1
    return d


def walk_lengths(ends: tuple[tuple[int, bool, int], ...] | None) -> list[int]:
    """Per cell of the Cadet, the shortest walk through the targets (see :func:`shortest_walks`)."""
    if ends is None:
        return [0] * CELLS
    walk = [INF] * CELLS
    for cell, near, h in ends:
        walk = [min(w, d + h) for w, d in zip(walk, (NEAR if near else DIST)[cell])]
    return walk


def shortest_walks(nodes: tuple[tuple[int, bool], ...], preds: tuple[int, ...],
           guards: tuple[tuple[tuple[int, int], ...], ...],
           memo: dict[tuple[object, ...], tuple[tuple[int, bool, int], ...]]
           ) -> tuple[tuple[int, bool, int], ...]:
    """For each target, the shortest walk that starts on it and visits every other target, each
    after its ``preds`` (a bit mask of targets), with :func:`edge` distances.  With ``guards``,
    target ``k`` may not be visited while, for one of its ``(collect, beside)`` masks, the collect
    target is behind and some target of ``beside`` is not (a device is in hand; ``collect`` is 0
    for the device carried from the start).

    Exact over the orders (dynamic programming over subsets, from the last target backwards).

    :returns: ``(cell, near, walk)`` per target.
    """
    key = (nodes, preds, guards)
    hit = memo.get(key)
    if hit is not None:
        return hit
    n = len(nodes)
    full = (1 << n) - 1
    # cols[k][j]: the edge from target j to target k.
    cols = [[edge(u, un, v, vn) for u, un in nodes] for v, vn in nodes]
    ins = _bits(n)
    # A target may not be added before (in front of) a set holding one of its preds: after[q] are the
    # targets with q among their preds; checks are the guards as (target bit, collect, beside).
    after = [(1 << q, sum(1 << k for k in range(n) if preds[k] >> q & 1)) for q in range(n)]
    afters = [(bit, mask) for bit, mask in after if mask]
    checks = [(1 << k, c, b) for k in range(n) if guards and guards[k] for c, b in guards[k]]
    # live[s]: (j, shortest walk from target j through every target of s, j visited first), for the
    # j in s with a finite walk; s holds the targets visited after the one added.
    live: list[list[tuple[int, int]]] = [[] for _ in range(1 << n)]
    for j in range(n):
        live[1 << j].append((j, 0))
    for s in range(1, full):
        entries = live[s]
        if not entries:
            continue
        blocked = s
        for bit, mask in afters:
            if s & bit:
                blocked |= mask
        for bit, c, b in checks:
            if not s & c and s & b == b:
                blocked |= bit
        for k in ins[full ^ blocked]:
            wk = cols[k]
            best = INF
            for j, here in entries:
                v = here + wk[j]
                if v < best:
                    best = v
            # (s, k) is the only way to reach (s | k, k): each entry is written once.
            live[s | 1 << k].append((k, best))
    last = dict(live[full])
    result = tuple((u, un, last[j]) for j, (u, un) in enumerate(nodes) if j in last)
    memo[key] = result
    return result
