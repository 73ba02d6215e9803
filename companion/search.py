"""The exact search behind the AI Mission Control: fewest transmissions to complete every mission.

Source: RULES.md, A transmission (1. Select: 5 viable commands in intended order from the 11
Command cards); The commands; Missions.

Shapes
------
A *position* is ``(board, cadet, carrying)``: 25 characters in referee notation row by row,
the Cadet's cell 0-24 (``row * 5 + col``) and the carried device's upper-case letter or
``""``.  The remaining missions are *pairs* ``((mission id, letter, letter), ...)``, sorted by id
(the shape of :data:`companion.estimate._Pairs`).  A *program* is a tuple of command indices in
the order N E S W COLLECT DEPLOY REPAIR (0-6); card counts are a tuple in the same order.

One transmission: distinct programs, merged outcomes
-----------------------------------------------------
Identical cards are merged: a program is a sequence of commands, not of cards, so the default
deck has 8,220 programs (the distinct 5-sequences over N N E E S S W W C D R), not the 55,440
orders of 5 of its 11 cards.  Moves are legal or not whatever the board (only the grid's edge
stops them), so for each start cell the programs are compiled once into a trie of their
*events*: the Collect, Deploy and Repair commands with the cell where each happens, in order,
plus the end cell.  Programs with the same events and end are one branch (their first program
in index order represents them).  Expanding a position walks that trie on the real board,
checking only the events (RULES.md, The commands), and keeps each distinct outcome -- end
position plus the missions completed on the way -- once, with its least program.  A mission
completes as in :meth:`companion.rules.Rules.execute`: after a Repair or a Deploy, every
remaining pair that is intact and orthogonally adjacent completes and stays completed
(RULES.md, Missions: only these two commands change which tiles are intact or where they lie).

The search
----------
:meth:`Solver.need` is iterative deepening over whole transmissions: is the position solvable
within ``d`` transmissions, for ``d`` from the lower bound up to the limit.  Each test is a
depth-first search over outcomes, children tried in order of their own lower bound (then fewer
missions left), pruned as soon as the bound exceeds the transmissions left.  The order is produced
lazily (a heap keyed first by the bound without its walks, which is never above it): a child's walks
are computed only when it could come next, so the order is exactly that of sorting every child, and
the children after the first that succeeds never pay for their walks.  A transposition
table keyed on (position, remaining pairs) keeps, for every position met, the best proven lower
bound (a failed test of ``d`` proves ``d + 1``) or the exact value, so a position reached by two
routes, or met again by the next decision of the same game, is never searched twice.  Tables are
bounded (``table_size``); dropping entries only costs time, never changes an answer.

The lower bound (admissible)
----------------------------
Take any solution and let ``M`` be the devices of the remaining pairs that it ever moves (collects,
or carries now).  Every pair not side by side now has a member in ``M`` (modules that never move
stay apart; stations never move).  The bound is the least, over every such set ``M``, of the
largest of the limits below; each limit is at most what that solution spends, so the bound never
overestimates.  For a set ``M``:

* ``r`` -- every damaged module of a remaining pair must be repaired where it lies now (a damaged
  device cannot be collected): ``ceil(r / counts[REPAIR])`` transmissions.
* ``d`` -- a device of ``M`` whose partner never moves (a station, or a device outside ``M``) is a
  *mover*: its last Deploy puts it beside the partner's cell.  The pairs whose two members both
  move need at least a cover of Deploys; a mover that must lie beside two cells with no common
  neighbour is deployed twice (and collected again); a carried device outside ``M`` is set down
  before any Collect (hands must be empty).  ``ceil(d / counts[DEPLOY])``.
* ``k`` -- every device of ``M`` not carried now is collected, plus the second Collects above.
* ``walk`` -- the Cadet must stand on every damaged module, on every device of ``M`` to collect,
  and beside every mover's fixed partner after collecting the mover.  The walk is the exact shortest
  order through these targets (dynamic programming over subsets; "beside a cell" counts one move
  less, so no edge exceeds the true distance), first with *one device in hand*: no Collect while a
  mover is held before reaching its partner.  A solution that breaks that sets a device down
  elsewhere and collects it again, 2 more commands: so the walk used is the least of the strict
  walk and the unconstrained walk plus 2.  Also, the walks while holding each mover are disjoint
  in time, so the walk is at least the sum of each mover's distance to beside its partners plus
  the walk to the first Collect (or the carried mover's own walk).
* transmissions: ``ceil((r + d + k + walk) / 5)`` (5 registers); moving ``m`` rows or columns in
  one direction to reach the farthest target takes ``ceil(m / counts[direction])``; with a mission
  left, at least 1.

The bound depends only on where the modules of the remaining pairs lie, so it is cached per such
*signature*; the walks (the costly part) are computed per choice of ``M`` only when the cheap limits
do not already exceed what the search asks, and never for a choice whose cheap value (a lower bound
of its full value: the walks only add) is not below the least found so far.  The search asks only
whether the bound exceeds the transmissions left, so it never computes walks it cannot use; every
value the bound returns is the same as computing all of them.  The tests check the bound against an exhaustive
reference search, and the solver's values equal the reference's.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from .board import CELLS, HALLWAY, SIZE
from .estimate import _COLLECT, _DEPLOY, _DIST, _REPAIR, _STEP, REGISTERS
from .search_tools import (
    _NEAR,
    _NO_WAY,
    DEFAULT_COUNTS,
    INF,
    Pairs,
    Program,
    _ceil,
    _common,
    _cover,
    _edge,
    _mask,
    _Node,
    _paths,
    _trim,
    _walk,
    compile_programs,
    count_programs,
    rest_of,
)

__all__ = ["DEFAULT_COUNTS", "Pairs", "Program", "Solver", "compile_programs", "count_programs", "rest_of"]

#: An outcome of one transmission: end board, end cell, carried letter, completed-pairs mask, program.
Outcome = tuple[str, int, str, int, Program]

_INF = INF
# The Cadet-independent part of the bound for one choice of movers:
# (floor, events, (target cell, beside?, walk from it through all targets), extent rows/cols of cells).
# and the walks while holding each device: (their sum, cells of the devices to collect, cells the carried
# device must stand beside).
_Guards = tuple[tuple[tuple[int, int], ...], ...]
_Targets = tuple[tuple[tuple[int, bool], ...], tuple[int, ...], _Guards] | None
_Choice = tuple[int, int, _Targets, tuple[int, int, int, int] | None,
                tuple[int, tuple[int, ...], tuple[int, ...]]]
_ACTIONS = (_COLLECT, _DEPLOY, _REPAIR)

#: Compiled tries shared by every solver, per (start cell, counts): they never change.
_TRIES: dict[tuple[int, tuple[int, ...]], _Node] = {}


class Solver:
    """Fewest transmissions to complete missions, exactly (see the module docstring).

    :param devices: upper-case letters of the devices (the only modules that can be collected).
    :param counts: cards per command, in the order N E S W COLLECT DEPLOY REPAIR.
    :param table_size: entries kept in each table (transposition table, bounds, expansions are a
        tenth of it); a full table drops its oldest quarter.

    Not thread-safe: one thread at a time.
    """

    def __init__(self, devices: frozenset[str], counts: tuple[int, ...] = DEFAULT_COUNTS,
                 table_size: int = 200_000) -> None:
        if len(counts) != 7 or any(c < 0 for c in counts):
            raise ValueError(f"counts must be 7 card counts of 0 or more, not {counts!r}")
        self.devices = frozenset(d.upper() for d in devices)
        self.counts = tuple(counts)
        self.table_size = max(16, table_size)
        self._tries: dict[int, _Node] = {}
        self._lower: dict[tuple[str, int, str, Pairs], int] = {}
        self._exact: dict[tuple[str, int, str, Pairs], int] = {}
        # Per board (and per signature: where the pairs' modules lie): [shape, cheap table, full table].
        self._bounds: dict[tuple[str, str, Pairs], list[Any]] = {}
        self._signatures: dict[tuple[str, Pairs, tuple[int, ...]], list[Any]] = {}
        self._reaches: dict[tuple[int, int, int, int], list[int]] = {}
        self._cheap: dict[tuple[object, ...], list[int]] = {}
        self._walks: dict[tuple[object, ...], tuple[tuple[int, bool, int], ...]] = {}
        self._expansions: OrderedDict[tuple[str, int, str, Pairs], list[Outcome]] = OrderedDict()
        self.nodes = 0  # positions expanded since construction (for the benchmark)

    # ------------------------------------------------------------------ one transmission

    def _trie(self, cell: int) -> _Node:
        trie = self._tries.get(cell)
        if trie is None:
            key = (cell, self.counts)
            trie = _TRIES.get(key)
            if trie is None:
                trie = _TRIES[key] = compile_programs(cell, self.counts)
            self._tries[cell] = trie
        return trie

    def outcomes(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> list[Outcome]:
        """Every distinct outcome of one transmission from this position, with its least program.

        :returns: ``(board, cadet, carrying, mask, program)`` tuples, bit ``i`` of ``mask`` set when
            ``pairs[i]`` completes; in a fixed order.  Empty when no program is viable.
        """
        key = (board, cadet, carrying, pairs)
        hit = self._expansions.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[str, int, str, int], Program] = {}
        devices = self.devices
        stack: list[tuple[_Node, str, str, int]] = [(self._trie(cadet), board, carrying, 0)]
        while stack:
            (ends, kids), b, held, mask = stack.pop()
            for end, program in ends:
                k2 = (b, end, held, mask)
                old = found.get(k2)
                if old is None or program < old:
                    found[k2] = program
            for k, cell, child in kids:
                here = b[cell]
                if k == _COLLECT:
                    if held or here not in devices:
                        continue
                    stack.append((child, b[:cell] + HALLWAY + b[cell + 1:], here, mask))
                elif k == _DEPLOY:
                    if not held or here != HALLWAY:
                        continue
                    nb = b[:cell] + held + b[cell + 1:]
                    stack.append((child, nb, "", _mask(nb, pairs, mask) if pairs else mask))
                else:
                    if here == HALLWAY or not here.islower():
                        continue
                    nb = b[:cell] + here.upper() + b[cell + 1:]
                    stack.append((child, nb, held, _mask(nb, pairs, mask) if pairs else mask))
        result = [(b, c, h, m, p) for (b, c, h, m), p in found.items()]
        self._expansions[key] = result
        if len(self._expansions) > self.table_size // 10:
            self._expansions.popitem(last=False)
        return result

    def programs(self, board: str, cadet: int, carrying: str) -> list[tuple[Program, str, int, str]]:
        """Every distinct viable ordered program from this position, each with its end position.

        Identical cards merged (at most :func:`count_programs` programs), in index order.

        :returns: ``(program, board, cadet, carrying)`` tuples.
        """
        return [(p, b, c, h) for p, b, c, h, _m in self.runs(board, cadet, carrying, ())]

    def runs(self, board: str, cadet: int, carrying: str, pairs: Pairs
             ) -> list[tuple[Program, str, int, str, int]]:
        """Like :meth:`programs`, each also with the mask of ``pairs`` it completes (bit ``i`` for
        ``pairs[i]``)."""
        counts = list(self.counts)
        devices = self.devices
        out: list[tuple[Program, str, int, str, int]] = []

        def walk(b: str, c: int, held: str, mask: int, program: Program) -> None:
            if len(program) == REGISTERS:
                out.append((program, b, c, held, mask))
                return
            here = b[c]
            for k in range(7):
                if not counts[k]:
                    continue
                if k < 4:
                    to = _STEP[c][k]
                    if to < 0:
                        continue
                    nb, nc, nh, nm = b, to, held, mask
                elif k == _COLLECT:
                    if held or here not in devices:
                        continue
                    nb, nc, nh, nm = b[:c] + HALLWAY + b[c + 1:], c, here, mask
                elif k == _DEPLOY:
                    if not held or here != HALLWAY:
                        continue
                    nb = b[:c] + held + b[c + 1:]
                    nc, nh, nm = c, "", _mask(nb, pairs, mask)
                else:
                    if here == HALLWAY or not here.islower():
                        continue
                    nb = b[:c] + here.upper() + b[c + 1:]
                    nc, nh, nm = c, held, _mask(nb, pairs, mask)
                counts[k] -= 1
                walk(nb, nc, nh, nm, program + (k,))
                counts[k] += 1

        walk(board, cadet, carrying, 0, ())
        return out

    # ------------------------------------------------------------------ the bound

    def bound(self, board: str, cadet: int, carrying: str, pairs: Pairs, upto: int = _INF) -> int:
        """The admissible lower bound of the module docstring (``0`` when ``pairs`` is empty;
        1,000 when some pair can never be completed).

        :param upto: when given, a cheaper bound (without the walks through the targets) may be
            returned instead if it already exceeds ``upto``.
        """
        if not pairs:
            return 0
        entry = self._bounds.get((board, carrying, pairs)) or self._entry(board, carrying, pairs)
        least: int = entry[3][cadet]
        if least > upto:
            return least
        # Per choice of movers: the cheap value when it already exceeds ``upto``, else the full one
        # (computed once per board signature and choice).  When the result is at most ``upto`` it is
        # the full bound, as every choice left cheap is above it.
        # A choice's full value is never below its cheap one (the walks only add), so a choice whose
        # cheap value is not below the best so far cannot lower the least: it is skipped, and once the
        # best equals the least cheap value nothing can lower it.
        shape, cheaps, fulls = entry[0], entry[1], entry[2]
        best = _INF
        for i, cheap_table in enumerate(cheaps):
            value = cheap_table[cadet]
            if value >= best:
                continue
            if value <= upto:
                full = fulls[i]
                if full is None:
                    full = fulls[i] = self._choice(shape[i], True)
                value = full[cadet]
            if value < best:
                best = value
                if best <= least:
                    break
        return best

    def cheap(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> int:
        """A lower bound of :meth:`bound` (the least over the choices of movers without their walks):
        ``bound(..., upto)`` returns it whenever it exceeds ``upto``."""
        if not pairs:
            return 0
        entry = self._bounds.get((board, carrying, pairs)) or self._entry(board, carrying, pairs)
        return int(entry[3][cadet])

    def _entry(self, board: str, carrying: str, pairs: Pairs) -> list[Any]:
        """The cached parts of the bound for this board: [shape, cheap tables, full tables, least]."""
        key = (board, carrying, pairs)
        entry = self._bounds.get(key)
        if entry is None:
            # The bound depends only on where the modules of the pairs lie (and which are damaged).
            where = []
            for _mid, a, b in pairs:
                where.append(board.find(a))
                where.append(board.find(a.lower()))
                where.append(board.find(b))
                where.append(board.find(b.lower()))
            sig = (carrying, pairs, tuple(where))
            entry = self._signatures.get(sig)
            if entry is None:
                shape = self._shape(board, carrying, pairs)
                cheap = [self._choice(choice, False) for choice in shape]
                entry = self._signatures[sig] = [
                    shape, cheap, [None] * len(shape), tuple(map(min, _NO_WAY, *cheap)) if cheap else _NO_WAY]
                if len(self._signatures) > self.table_size:
                    _trim(self._signatures)
            self._bounds[key] = entry
            if len(self._bounds) > self.table_size:
                _trim(self._bounds)
        return entry

    def _choice(self, choice: _Choice, full: bool) -> list[int]:
        """The bound of one choice of movers for each cell of the Cadet; without the walks through the
        targets unless ``full``."""
        floor, events, targets, extent, (legs, starts, held) = choice
        full = full and bool(targets)
        if not full:
            # Without targets both walks are the tour alone, and the cheaper of the two limits is
            # the strict one: the value depends only on these parts (shared by many signatures).
            key = (floor, events, extent, legs, starts, held)
            hit = self._cheap.get(key)
            if hit is not None:
                return hit
        tour = [legs] * CELLS
        if held:
            for q in held:
                tour = [max(t, legs + d) for t, d in zip(tour, _NEAR[q])]
        elif starts:
            first = list(map(min, *[_DIST[s] for s in starts])) if len(starts) > 1 else _DIST[starts[0]]
            tour = [legs + d for d in first]
        if full and targets:
            relaxed = _paths(targets[0], targets[1], (), self._walks)
            strict = _paths(*targets, self._walks) if any(targets[2]) else relaxed
            if len(self._walks) > self.table_size // 10:
                _trim(self._walks)
            # A solution that ever sets a device down on its way (or collects another) pays 2 more
            # commands.
            walks = list(map(max, _walk(strict), tour))
            more = list(map(max, _walk(relaxed), tour))
            values = [max(floor, min((events + w + REGISTERS - 1) // REGISTERS,
                                     (events + 2 + m + REGISTERS - 1) // REGISTERS))
                      for w, m in zip(walks, more)]
        else:
            values = [max(floor, (events + t + REGISTERS - 1) // REGISTERS) for t in tour]
        if extent:
            values = list(map(max, values, self._reach(extent)))
        if not full:
            self._cheap[key] = values
            if len(self._cheap) > self.table_size // 10:
                _trim(self._cheap)
        return values

    def _reach(self, extent: tuple[int, int, int, int]) -> list[int]:
        """Per cell, the transmissions needed to reach the extreme rows and columns given, with at most
        ``counts[direction]`` moves in each direction per transmission."""
        hit = self._reaches.get(extent)
        if hit is not None:
            return hit
        cn, ce, cs, cw = self.counts[:4]
        top, bottom, left, right = extent
        out: list[int] = []
        self._reaches[extent] = out
        for c in range(CELLS):
            row, col = divmod(c, SIZE)
            out.append(max(_ceil(row - top, cn), _ceil(bottom - row, cs), _ceil(col - left, cw),
                           _ceil(right - col, ce)))
        return out

    def _shape(self, board: str, carrying: str, pairs: Pairs) -> list[_Choice]:
        """The parts of the bound that do not depend on the Cadet's cell, one per choice of movers.

        :returns: ``[]`` when some pair can never be completed.
        """
        devices = self.devices
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
        cc, cd, cr = self.counts[4:]
        r = len(damaged)
        if r and not cr:
            return []
        movable = sorted({x for pair in apart for x in pair if x in devices})
        shape: list[_Choice] = []
        for bits in range(1 << len(movable)):
            moved = {x for i, x in enumerate(movable) if bits >> i & 1}
            if carrying in cell and carrying not in moved:
                continue  # a carried device of a mission moves: it must come down
            if any(a not in moved and b not in moved for a, b in apart):
                continue  # two modules that never move stay apart
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

    # ------------------------------------------------------------------ the search

    def need(self, board: str, cadet: int, carrying: str, pairs: Pairs, limit: int) -> int:
        """Fewest transmissions to complete every pair from this position (0 when pairs is empty);
        ``limit + 1`` when more than ``limit`` are needed.  Cached in the transposition table."""
        if not pairs:
            return 0
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact if exact <= limit else limit + 1
        d = max(self._lower.get(key, 0), self.bound(board, cadet, carrying, pairs, limit))
        while d <= limit:
            if self.within(board, cadet, carrying, pairs, d):
                return d
            d += 1
        return limit + 1

    def within(self, board: str, cadet: int, carrying: str, pairs: Pairs, d: int) -> bool:
        """True when every pair can be completed within ``d`` transmissions from this position."""
        if not pairs:
            return True
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact <= d
        low = max(self._lower.get(key, 0), self.bound(board, cadet, carrying, pairs, d))
        if low > d:
            return False
        self.nodes += 1
        ok = False
        for v, b, c, h, rest in self._children(board, cadet, carrying, pairs, d - 1):
            if v == 0 or (d > 1 and self.within(b, c, h, rest, d - 1)):
                ok = True
                break
        if ok:
            if low == d:
                self._store(self._exact, key, d)
        else:
            self._store(self._lower, key, d + 1)
        return ok

    def _children(self, board: str, cadet: int, carrying: str, pairs: Pairs, d: int
                  ) -> Iterator[tuple[int, str, int, str, Pairs]]:
        """Outcomes whose lower bound (:meth:`value_hint` with ``upto=d``) is at most ``d``, best
        bound first, then fewer pairs left, then outcome order; only ``(0, ...)`` when one completes
        every pair.

        Lazily: every outcome is first keyed by a lower bound of its value (:meth:`cheap`, no walks),
        and its full value is computed only when it comes first in a heap of these keys.  A key is
        never above the outcome's final key, so the outcomes come out in exactly the order of sorting
        the final keys, and those after the first that succeeds never pay for their walks.  The
        tables (``_exact``, ``_lower``) are read before any child is searched, as a sort would.
        """
        heap: list[tuple[int, int, int, bool, str, int, str, Pairs, int]] = []
        exact_table, lower_table = self._exact, self._lower
        for i, (b, c, h, mask, _program) in enumerate(self.outcomes(board, cadet, carrying, pairs)):
            rest = rest_of(pairs, mask)
            if not rest:
                yield 0, b, c, h, rest
                return
            if d <= 0:
                continue  # a mission left needs at least one more transmission
            key = (b, c, h, rest)
            exact = exact_table.get(key)
            if exact is not None:
                if exact <= d:
                    heap.append((exact, len(rest), i, True, b, c, h, rest, 0))
                continue
            low = lower_table.get(key, 0)
            if low > d:
                continue
            v = max(low, self.cheap(b, c, h, rest))
            if v <= d:
                heap.append((v, len(rest), i, False, b, c, h, rest, low))
        heapq.heapify(heap)
        while heap:
            v, n, i, done, b, c, h, rest, low = heapq.heappop(heap)
            if done:
                yield v, b, c, h, rest
                continue
            v = max(low, self.bound(b, c, h, rest, d))
            if v <= d:
                heapq.heappush(heap, (v, n, i, True, b, c, h, rest, low))

    def value_hint(self, board: str, cadet: int, carrying: str, pairs: Pairs, upto: int = _INF) -> int:
        """The best known lower bound (exact when known) of the transmissions this position needs
        (see :meth:`bound` for ``upto``)."""
        if not pairs:
            return 0
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact
        low = self._lower.get(key, 0)
        if low > upto:
            return low
        return max(low, self.bound(board, cadet, carrying, pairs, upto))

    def _store(self, table: dict[tuple[str, int, str, Pairs], int], key: tuple[str, int, str, Pairs],
               value: int) -> None:
        table[key] = value
        if len(table) > self.table_size:
            _trim(table)

    def tables(self) -> Iterator[int]:
        """Sizes of the internal tables (for the benchmark)."""
        yield len(self._exact)
        yield len(self._lower)
        yield len(self._bounds)
        yield len(self._expansions)
