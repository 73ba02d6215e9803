"""The exact search behind the AI Mission Control: fewest transmissions to complete every mission.

Source: RULES.md, A transmission (1. Select: 5 viable commands in intended order from the 11
Command cards); The commands; Missions.

Shapes
------
A *position* is ``(board, cadet, carrying)``: 25 characters in referee notation row by row,
the Cadet's cell 0-24 (``row * 5 + col``) and the carried device's upper-case letter or
``""``.  The remaining missions are *pairs* ``((mission id, letter, letter), ...)``, sorted by id
(the shape of :data:`companion.games.transmission.mission_control.estimate._Pairs`).  A *program* is a tuple
of command indices in
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
completes as in :meth:`companion.games.transmission.engine.rules.Rules.execute`: after a Repair or a Deploy,
every
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
do not already exceed what the search asks, first without the one-device-in-hand rule (the strict walk
is never shorter than the unconstrained one, so this value is never above the full one, and equals it
wherever the unconstrained walk plus 2 needs no more transmissions: only elsewhere is the strict walk
computed), and never for a choice whose cheap value (a lower bound
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

from companion.games.transmission.engine.board import CELLS, HALLWAY, SIZE
from companion.games.transmission.mission_control.estimate import (
    _COLLECT,
    _DEPLOY,
    _DIST,
    _STEP,
    REGISTERS,
)
from companion.games.transmission.mission_control.programs import (
    _NEAR,
    _NO_WAY,
    DEFAULT_COUNTS,
    INF,
    Pairs,
    Program,
    _ceil,
    _Choice,
    _mask,
    _Node,
    _paths,
    _shape,
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
        self._groups: OrderedDict[tuple[str, int, str, Pairs], tuple[
            tuple[str, int, str] | None, list[tuple[str, str, Pairs, list[tuple[int, int]]]]]] = OrderedDict()
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
        seen: set[tuple[str, str, int]] = set()
        devices = self.devices
        stack: list[tuple[_Node, str, str, int]] = [(self._trie(cadet), board, carrying, 0)]
        while stack:
            (ends, kids), b, held, mask = stack.pop()
            if (b, held, mask) not in seen:
                # No outcome with this board, hand and mask yet: every end is new.
                seen.add((b, held, mask))
                found.update({(b, end, held, mask): program for end, program in ends})
            else:
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
        # Between the two, the value with the walks without guards (one device in hand) is a lower
        # bound of the full one, and equal to it where ``loose`` is false (or is None).
        shape, cheaps, fulls, mids = entry[0], entry[1], entry[2], entry[4]
        best = _INF
        for i, cheap_table in enumerate(cheaps):
            value = cheap_table[cadet]
            if value >= best:
                continue
            if value <= upto:
                mid = mids[i]
                if mid is None:
                    mid = mids[i] = self._choice(shape[i], 1)
                value = mid[0][cadet]
                if value <= upto and mid[1] is not None and mid[1][cadet]:
                    full = fulls[i]
                    if full is None:
                        full = fulls[i] = self._choice(shape[i], 2)[0]
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
        """The cached parts of the bound for this board: [shape, cheap tables, full tables, least,
        tables without guards]."""
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
                shape = _shape(board, carrying, pairs, self.devices, self.counts)
                cheap = [self._choice(choice, 0)[0] for choice in shape]
                entry = self._signatures[sig] = [
                    shape, cheap, [None] * len(shape), tuple(map(min, _NO_WAY, *cheap)) if cheap else _NO_WAY,
                    [None] * len(shape)]
                if len(self._signatures) > self.table_size:
                    _trim(self._signatures)
            self._bounds[key] = entry
            if len(self._bounds) > self.table_size:
                _trim(self._bounds)
        return entry

    def _choice(self, choice: _Choice, stage: int) -> tuple[list[int], list[bool] | None]:
        """The bound of one choice of movers for each cell of the Cadet: without the walks through the
        targets (``stage`` 0), with them but without guards (1: a lower bound of stage 2, equal to it
        where the flags returned, when not None, are false), or in full (2)."""
        floor, events, targets, extent, (legs, starts, held) = choice
        full = stage > 0 and bool(targets)
        if not full:
            # Without targets both walks are the tour alone, and the cheaper of the two limits is
            # the strict one: the value depends only on these parts (shared by many signatures).
            key = (floor, events, extent, legs, starts, held)
            hit = self._cheap.get(key)
            if hit is not None:
                return hit, None
        tour = [legs] * CELLS
        if held:
            for q in held:
                tour = [max(t, legs + d) for t, d in zip(tour, _NEAR[q])]
        elif starts:
            first = list(map(min, *[_DIST[s] for s in starts])) if len(starts) > 1 else _DIST[starts[0]]
            tour = [legs + d for d in first]
        high: list[int] | None = None
        if stage == 1 and targets:
            # The strict walk is never shorter than the relaxed one: the full value is at least
            # ``values`` and at most ``high`` (the relaxed walk plus 2), so equal where they are.
            more = list(map(max, _walk(_paths(targets[0], targets[1], (), self._walks)), tour))
            values = [max(floor, (events + m + REGISTERS - 1) // REGISTERS) for m in more]
            if any(targets[2]):
                high = [max(floor, (events + 2 + m + REGISTERS - 1) // REGISTERS) for m in more]
                if extent:
                    high = list(map(max, high, self._reach(extent)))
            if len(self._walks) > self.table_size // 10:
                _trim(self._walks)
        elif full and targets:
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
        return values, None if high is None else [h != v for h, v in zip(high, values)]

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

        Lazily: every outcome is first keyed by a lower bound of its value (:meth:`cheap`, no walks;
        the outcomes that share a board share its table, and one above ``d`` skips the lookups),
        and its full value is computed only when it comes first in a heap of these keys.  A key is
        never above the outcome's final key, so the outcomes come out in exactly the order of sorting
        the final keys, and those after the first that succeeds never pay for their walks.  The
        tables (``_exact``, ``_lower``) are read before any child is searched, as a sort would.
        """
        done, groups = self._grouped(board, cadet, carrying, pairs)
        if done is not None:
            yield 0, done[0], done[1], done[2], ()
            return
        if d <= 0:
            return  # a mission left needs at least one more transmission
        heap: list[tuple[int, int, int, bool, str, int, str, Pairs, int]] = []
        exact_table, lower_table, bounds = self._exact, self._lower, self._bounds
        for b, h, rest, cells in groups:
            least = (bounds.get((b, h, rest)) or self._entry(b, h, rest))[3]
            n = len(rest)
            for i, c in cells:
                v = least[c]
                if v > d:
                    continue  # the exact value and the table's bound are never below it
                key = (b, c, h, rest)
                exact = exact_table.get(key)
                if exact is not None:
                    if exact <= d:
                        heap.append((exact, n, i, True, b, c, h, rest, 0))
                    continue
                low = lower_table.get(key, 0)
                if low <= d:
                    heap.append((max(low, v), n, i, False, b, c, h, rest, low))
        heapq.heapify(heap)
        while heap:
            v, n, i, ready, b, c, h, rest, low = heapq.heappop(heap)
            if ready:
                yield v, b, c, h, rest
                continue
            v = max(low, self.bound(b, c, h, rest, d))
            if v <= d:
                heapq.heappush(heap, (v, n, i, True, b, c, h, rest, low))

    def _grouped(self, board: str, cadet: int, carrying: str, pairs: Pairs
                 ) -> tuple[tuple[str, int, str] | None, list[tuple[str, str, Pairs, list[tuple[int, int]]]]]:
        """The outcomes of this position: the first that completes every pair, if any, else the others
        grouped by (board, carried letter, pairs left), each with its (outcome index, end cell)."""
        key = (board, cadet, carrying, pairs)
        hit = self._groups.get(key)
        if hit is not None:
            return hit
        full = (1 << len(pairs)) - 1
        groups: dict[tuple[str, str, int], list[tuple[int, int]]] = {}
        done = None
        for i, (b, c, h, mask, _program) in enumerate(self.outcomes(board, cadet, carrying, pairs)):
            if mask == full:
                done = (b, c, h)
                break
            groups.setdefault((b, h, mask), []).append((i, c))
        result = done, [(b, h, rest_of(pairs, mask), cells) for (b, h, mask), cells in groups.items()]
        self._groups[key] = result
        if len(self._groups) > self.table_size // 10:
            self._groups.popitem(last=False)
        return result

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
