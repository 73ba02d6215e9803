"""Pieces of :mod:`companion.games.transmission.mission_control.solver`: the compiled programs of one
transmission, and the walks of
the lower bound (shortest orders through the targets, the parts of each choice of movers).  See that
module's docstring.

Shapes as there: a cell is 0-24 (``row * 5 + col``); a program is a tuple of command indices in the
order N E S W COLLECT DEPLOY REPAIR; card counts are a tuple in the same order.
"""

from __future__ import annotations

import itertools
from typing import TypeVar

from companion.games.transmission.engine.board import CELLS, SIZE
from companion.games.transmission.mission_control.estimate import _DIST, _STEP, REGISTERS

__all__ = ["DEFAULT_COUNTS", "INF", "Pairs", "compile_programs", "count_programs", "rest_of"]

#: Cards per command in the order N E S W COLLECT DEPLOY REPAIR (RULES.md, Components).
DEFAULT_COUNTS: tuple[int, ...] = (2, 2, 2, 2, 1, 1, 1)
#: "Never": the bound of a position that cannot be won, and an unreachable walk.
INF = 1_000
_INF = INF

Program = tuple[int, ...]
Pairs = tuple[tuple[str, str, str], ...]
# The Cadet-independent part of the bound for one choice of movers:
# (floor, events, (target cell, beside?, walk from it through all targets), extent rows/cols of cells).
# and the walks while holding each device: (their sum, cells of the devices to collect, cells the carried
# device must stand beside).
_Guards = tuple[tuple[tuple[int, int], ...], ...]
_Targets = tuple[tuple[tuple[int, bool], ...], tuple[int, ...], _Guards] | None
_Choice = tuple[int, int, _Targets, tuple[int, int, int, int] | None,
                tuple[int, tuple[int, ...], tuple[int, ...]]]
_K = TypeVar("_K")
_V = TypeVar("_V")
# A compiled trie node: (ends: ((end cell, least program), ...), kids: ((command, cell, node), ...)).
_Node = tuple[tuple[tuple[int, Program], ...], tuple[tuple[int, int, "_Node"], ...]]


def count_programs(counts: tuple[int, ...] = DEFAULT_COUNTS, length: int = REGISTERS) -> int:
    """Distinct sequences of ``length`` commands within ``counts`` (identical cards merged).

    8,220 for the default deck: the programs the search considers on an open grid.
    """
    total = 0
    for used in itertools.product(*(range(min(c, length) + 1) for c in counts)):
        if sum(used) == length:
            ways = 1
            left = length
            for u in used:
                ways *= _choose(left, u)
                left -= u
            total += ways
    return total


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def compile_programs(start: int, counts: tuple[int, ...] = DEFAULT_COUNTS) -> _Node:
    """The event trie of every distinct program from cell ``start`` (see
    :mod:`companion.games.transmission.mission_control.solver`).

    Pure; :class:`Solver` keeps one per (cell, counts) for the whole process.
    """
    weights = []
    w = 1
    for c in counts:
        weights.append(w)
        w *= c + 1
    kids: list[dict[tuple[int, int], int]] = [{}]
    ends: list[dict[int, Program]] = [{}]
    # Layer node: (cell, used-counts code, trie node) -> least program reaching it (see _expand_layer).
    layer: dict[tuple[int, int, int], Program] = {(start, 0, 0): ()}
    for _step in range(REGISTERS):
        nxt: dict[tuple[int, int, int], Program] = {}
        for (cell, used, node), program in layer.items():
            for k in range(7):
                if (used // weights[k]) % (counts[k] + 1) >= counts[k]:
                    continue
                if k < 4:
                    to = _STEP[cell][k]
                    if to < 0:
                        continue
                    key = (to, used + weights[k], node)
                else:
                    child = kids[node].get((k, cell))
                    if child is None:
                        child = kids[node][(k, cell)] = len(kids)
                        kids.append({})
                        ends.append({})
                    key = (cell, used + weights[k], child)
                if key not in nxt:
                    nxt[key] = program + (k,)
        layer = nxt
    for (cell, _used, node), program in layer.items():
        ends[node].setdefault(cell, program)

    def build(node: int) -> _Node:
        return (tuple(sorted(ends[node].items(), key=lambda e: e[1])),
                tuple((k, cell, build(child)) for (k, cell), child in kids[node].items()))

    return build(0)


#: _NEAR[q][c]: a lower bound of the walk from cell c to a cell beside cell q.
_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_DIST[q][c] - 1 if c != q else 1 for c in range(CELLS)) for q in range(CELLS)
)
_NO_WAY: tuple[int, ...] = (_INF,) * CELLS


#: _COMMON[i][j]: the cells orthogonally adjacent to both cells i and j.
_COMMON: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(q for q in range(CELLS) if _DIST[q][i] == 1 and _DIST[q][j] == 1) for j in range(CELLS))
    for i in range(CELLS)
)


def _ceil(n: int, per: int) -> int:
    if n <= 0:
        return 0
    if per <= 0:
        return _INF
    return -(-n // per)


def _cover(pairs: list[tuple[str, str]]) -> int:
    """The fewest letters that include one of each pair (at most a few pairs: by brute force)."""
    if not pairs:
        return 0
    letters = sorted({x for pair in pairs for x in pair})
    for size in range(1, len(letters) + 1):
        for pick in itertools.combinations(letters, size):
            if all(a in pick or b in pick for a, b in pairs):
                return size
    return len(letters)  # pragma: no cover - the letters themselves always cover


def _common(stations: set[int]) -> bool:
    """True when some cell is orthogonally adjacent to every station cell given."""
    it = iter(stations)
    first = next(it)
    second = next(it)
    common = set(_COMMON[first][second])
    for s in it:
        common &= {q for q in common if _DIST[q][s] == 1}
    return bool(common)


_BITS: dict[int, list[list[int]]] = {}


def _bits(n: int) -> list[list[int]]:
    """For every subset of ``n`` targets: the targets in it, in order."""
    hit = _BITS.get(n)
    if hit is None:
        hit = _BITS[n] = [[k for k in range(n) if s >> k & 1] for s in range(1 << n)]
    return hit


def _edge(u: int, u_near: bool, v: int, v_near: bool) -> int:
    """A lower bound of the walk between two targets; a ``near`` target is any cell beside it."""
    d = _DIST[u][v]
    if u_near and v_near:
        return max(d - 2, 0)
    if u_near or v_near:
        return d - 1 if d else 1
    return d


def _walk(ends: tuple[tuple[int, bool, int], ...] | None) -> list[int]:
    """Per cell of the Cadet, the shortest walk through the targets (see :func:`_paths`)."""
    if ends is None:
        return [0] * CELLS
    walk = [_INF] * CELLS
    for cell, near, h in ends:
        walk = [min(w, d + h) for w, d in zip(walk, (_NEAR if near else _DIST)[cell])]
    return walk


def _paths(nodes: tuple[tuple[int, bool], ...], preds: tuple[int, ...],
           guards: tuple[tuple[tuple[int, int], ...], ...],
           memo: dict[tuple[object, ...], tuple[tuple[int, bool, int], ...]]
           ) -> tuple[tuple[int, bool, int], ...]:
    """For each target, the shortest walk that starts on it and visits every other target, each
    after its ``preds`` (a bit mask of targets), with :func:`_edge` distances.  With ``guards``,
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
    cols = [[_edge(u, un, v, vn) for u, un in nodes] for v, vn in nodes]
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
            best = _INF
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


def _mask(board: str, pairs: Pairs, mask: int) -> int:
    """``mask`` plus every pair now intact and side by side (RULES.md, Missions)."""
    for bit, (_mid, a, b) in enumerate(pairs):
        if mask >> bit & 1:
            continue
        i = board.find(a)
        if i >= 0:
            j = board.find(b)
            if j >= 0 and _DIST[i][j] == 1:
                mask |= 1 << bit
    return mask


def rest_of(pairs: Pairs, mask: int) -> Pairs:
    """The pairs whose bit is not set in ``mask``."""
    if not mask:
        return pairs
    return tuple(p for bit, p in enumerate(pairs) if not mask >> bit & 1)


def _trim(table: dict[_K, _V]) -> None:
    """Drop the oldest quarter of a table (insertion order)."""
    for key in list(itertools.islice(table, len(table) // 4)):
        del table[key]


def _shape(board: str, carrying: str, pairs: Pairs, devices: frozenset[str], counts: tuple[int, ...]
           ) -> list[_Choice]:
    """The parts of the bound that do not depend on the Cadet's cell, one per choice of movers.

    :returns: ``[]`` when some pair can never be completed.
    """
    cell: dict[str, int] = {}
    damaged: set[int] = set()
    for _mid, a, b in pairs:
        for x in (a, b):
            if x in cell:
                continue
            i = board.find(x)
            if i < 0:
                i = board.find(x.lower())
                if i >= 0:
                    damaged.add(i)
                elif x != carrying:
                    return []
            cell[x] = i
    apart: list[tuple[str, str]] = []
    for _mid, a, b in pairs:
        i, j = cell[a], cell[b]
        if i >= 0 and j >= 0 and _DIST[i][j] == 1:
            continue
        if a not in devices and b not in devices:
            return []  # two stations apart never meet
        apart.append((a, b))
    cc, cd, cr = counts[4:]
    r = len(damaged)
    if r and not cr:
        return []
    movable = sorted({x for pair in apart for x in pair if x in devices})
    shape: list[_Choice] = []
    # As bit masks over ``movable``: a carried device of a mission moves (it must come down), and
    # two modules that never move stay apart (every pair apart needs a member that moves).
    need = [sum(1 << i for i, x in enumerate(movable) if x == a or x == b) for a, b in apart]
    carried = 0
    if carrying in cell:
        carried = 1 << movable.index(carrying) if carrying in movable else 1 << len(movable)
    for bits in range(1 << len(movable)):
        if bits & carried != carried or not all(bits & m for m in need):
            continue
        moved = {x for i, x in enumerate(movable) if bits >> i & 1}
        # A moved device whose partner never moves is deployed beside the partner's cell.
        meets = sorted((x, y) for a, b in apart for x, y in ((a, b), (b, a))
                       if x in moved and y not in moved)
        movers = {x for x, _y in meets}
        loose = [(a, b) for a, b in apart if a not in movers and b not in movers]
        deploys = len(movers) + _cover(loose)
        collects = len(moved) - (carrying in moved)
        for x in movers:
            stations = {cell[y] for z, y in meets if z == x}
            if len(stations) >= 2 and not _common(stations):
                deploys += 1  # beside two cells with no common neighbour: deployed twice
                collects += 1
        if carrying and carrying not in moved and collects:
            deploys += 1
        if (deploys and not cd) or (collects and not cc):
            continue
        events = max(r + deploys + collects, 1)
        floor = max(1, _ceil(r, cr), _ceil(deploys, cd), _ceil(collects, cc))
        # Targets: cells to stand on, then cells to stand beside (after their device's Collect).
        points = sorted(damaged | {cell[x] for x in moved if x != carrying})
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
        targets = (tuple(nodes), tuple(preds), tuple(guards)) if nodes else None
        extent = None
        if points:
            rows = [p // SIZE for p in points]
            cols = [p % SIZE for p in points]
            extent = (min(rows), max(rows), min(cols), max(cols))
        # The walks while holding each device are disjoint (one device in hand at a time).
        legs = 0
        starts: list[int] = []
        held: list[int] = []
        for x in movers:
            nears = [cell[y] for z, y in meets if z == x]
            if x == carrying:
                held = nears
            else:
                legs += max(_edge(cell[x], False, q, True) for q in nears)
                starts.append(cell[x])
        shape.append((floor, events, targets, extent, (legs, tuple(starts), tuple(held))))
    return shape
