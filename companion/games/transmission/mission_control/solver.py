"""The exact search behind the AI Mission Control: fewest transmissions to complete every mission.

Source: RULES.md, A transmission (1. Select: 5 viable commands in intended order from the 11
Command cards); The commands; Missions.

Shapes
------
A *position* is ``(board, cadet, carrying)``: 25 characters in referee notation row by row,
the Cadet's cell 0-24 (``row * 5 + col``) and the carried device's upper-case letter or
``""``.  The remaining missions are *pairs* ``((mission id, letter, letter), ...)``, sorted by id
(:data:`companion.games.transmission.mission_control.encoding.Pairs`).  A *program* is a tuple of
command indices in the order N E S W COLLECT DEPLOY REPAIR (0-6); card counts are a tuple in the same
order.

One transmission: distinct programs, merged outcomes
-----------------------------------------------------
Identical cards are merged: a program is a sequence of commands, not of cards, so the default
deck has 8,220 programs (the distinct 5-sequences over N N E E S S W W C D R), not the 55,440
orders of 5 of its 11 cards.  Moves are legal or not whatever the board (only the grid's edge
stops them), so for each start cell the programs are compiled once into a trie of their
*events*: the Collect, Deploy and Repair commands with the cell where each happens, in order,
plus the end cell.  Programs with the same events and end are one branch (their first program
in index order represents them).  Expanding a position walks that trie on the real board,
checking only the events (RULES.md, The commands: the packed tables of
:mod:`companion.games.transmission.mission_control.encoding`, built from the rules kernel), and keeps
each distinct outcome -- end position plus the missions completed on the way -- once, with its least
program.  A mission
completes as in :meth:`companion.games.transmission.engine.rules.Rules.execute`: after any command,
every remaining pair that is intact and orthogonally adjacent completes and stays completed (the
kernel's ``CHECKS_MISSIONS`` and ``completed``).  Checking at the events alone is exact wherever no
remaining pair is already side by side: a move changes no tile, so it finds only what the command
before it found.  After a transmission none is (its last command was checked), so only a root
position can hold one (a board correction, a scenario); its outcomes are then enumerated program by
program (:meth:`Solver.runs`, moves at register 1 checked, the kernel's ``move_checks``).

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

The lower bound
---------------
The admissible lower bound, its caches and the proof that it never overestimates are in
:mod:`companion.games.transmission.mission_control.bound`.  The tests check the bound against an
exhaustive reference search, and the solver's values equal the reference's.
"""

from __future__ import annotations

import contextlib
import gc
import heapq
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from companion.games.transmission.engine.board import HALLWAY
from companion.games.transmission.engine.commands import REGISTERS
from companion.games.transmission.engine.kernel import completed, move_checks
from companion.games.transmission.mission_control.bound import INF, Bound, forget_bound_tables, trim
from companion.games.transmission.mission_control.encoding import (
    DEFAULT_COUNTS,
    MOVES,
    STEP,
    Pairs,
    Program,
    act_tables,
    device_letters,
    pair_letters,
    rest_of,
)
from companion.games.transmission.mission_control.native import core_module
from companion.games.transmission.mission_control.programs import (
    TransmissionResult,
    TrieNode,
    compile_programs,
)

if TYPE_CHECKING:
    import companion.games.transmission.mission_control._search as search_types

__all__ = ["Grouped", "SearchTimeout", "Solver", "collector_paused", "forget_shared_tables"]

#: Compiled tries shared by every solver, per (start cell, counts): they never change.
_TRIES: dict[tuple[int, tuple[int, ...]], TrieNode] = {}

#: A trie node without its programs, for :meth:`Solver.grouped`: ``(end cells in the node's order,
#: their bit mask, kids as (command index, cell, node))``.
_Cells = tuple[tuple[int, ...], int, tuple[tuple[int, int, "_Cells"], ...]]
#: The tries of :data:`_TRIES` without their programs, per (start cell, counts).
_CELLS: dict[tuple[int, tuple[int, ...]], _Cells] = {}


def _compact(node: TrieNode) -> _Cells:
    cells = tuple(end for end, _program in node.ends)
    kids = tuple((k, cell, _compact(child)) for k, cell, child in node.kids)
    return cells, sum(1 << c for c in cells), kids


class SearchTimeout(Exception):
    """The search passed :attr:`Solver.stop_at` (the planner's deadline).  Nothing half-proven is kept:
    the tables hold only what finished searches proved, so the next search starts from sound tables."""


def forget_shared_tables() -> None:
    """Empty the tables every solver of the process shares (the compiled tries, the packed actions, the
    native core's tries), so the next decision pays what the first decision of a fresh process pays
    (for the benchmark)."""
    _TRIES.clear()
    _CELLS.clear()
    act_tables.cache_clear()
    forget_bound_tables()
    module = core_module()
    if module is not None:
        module.forget_tries()


#: The searches running inside :func:`collector_paused`, and whether the collector was on before the first.
_PAUSED_LOCK = threading.Lock()
_PAUSED: list[int] = [0]
_RESUME: list[bool] = [False]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run a search with Python's cyclic garbage collector off; on again after the last one running.

    A search allocates millions of small tuples and lists, many of them kept in its tables, and the
    collector's passes walk every live one again and again: about a fifth of ``simulate``'s CPU time
    (docs/bench-planner.md, issue 11, helper A6).  Paused, the search's survivors are walked about once,
    after it (about half of that cost remains).  The search makes almost no reference cycles (what
    reference counting frees is freed as before), and the cycles other code makes meanwhile are
    collected once the collector is on again.  Nested and concurrent uses (the app's pre-solving
    thread) share one count under a lock: the collector stays off while any search runs, and is
    turned on again only if it was on when the first one started.
    """
    with _PAUSED_LOCK:
        if not _PAUSED[0]:
            _RESUME[0] = gc.isenabled()
            gc.disable()
        _PAUSED[0] += 1
    try:
        yield
    finally:
        with _PAUSED_LOCK:
            _PAUSED[0] -= 1
            if not _PAUSED[0] and _RESUME[0]:
                gc.enable()


#: A position and its remaining pairs: the key of every table.
_Key = tuple[str, int, str, Pairs]


class Grouped(NamedTuple):
    """The outcomes of a position for the search (see :meth:`Solver.grouped`).

    :param done: ``(board, cadet, carrying)`` of the first outcome that completes every pair, or ``None``.
    :param groups: the other outcomes by ``(board, carried letter, pairs left)``, each with its
        ``(outcome index, end cell)`` list.
    """

    done: tuple[str, int, str] | None
    groups: list[tuple[str, str, Pairs, list[tuple[int, int]]]]


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
        #: The admissible lower bound and its caches.
        self.bound = Bound(self.devices, self.counts, self.table_size)
        self._acts = act_tables(self.devices)
        self._tries: dict[int, TrieNode] = {}
        self._cell_tries: dict[int, _Cells] = {}
        self._lower: dict[_Key, int] = {}
        self._exact: dict[_Key, int] = {}
        self._expansions: OrderedDict[_Key, list[TransmissionResult]] = OrderedDict()
        self._groups: OrderedDict[_Key, Grouped] = OrderedDict()
        self._nodes = 0
        #: :func:`time.monotonic` after which :meth:`within` raises :class:`SearchTimeout` (never: inf).
        self.stop_at = math.inf
        #: The native search core (``_search.c``) when it is built, else ``None``: the pure-Python search.
        self.core: search_types.Core | None = None
        self._core_pairs = 0
        module = core_module()
        if module is not None:
            try:
                self.core = module.Core(device_letters(self.devices), self.counts, self.table_size)
            except ValueError:  # devices or a deck the core does not take: the Python search takes them
                self.core = None
            self._core_pairs = module.MAX_PAIRS

    @property
    def nodes(self) -> int:
        """Positions expanded since construction, by either search (for the benchmark)."""
        return self._nodes + (self.core.nodes if self.core is not None else 0)

    def _native(self, pairs: Pairs, transmissions: int) -> search_types.Core | None:
        """The core when it takes this search (at most its pairs, at most 64 transmissions), else ``None``."""
        core = self.core
        if core is None or len(pairs) > self._core_pairs or not 0 <= transmissions <= 64:
            return None
        return core

    # ------------------------------------------------------------------ one transmission

    def _trie(self, cell: int) -> TrieNode:
        trie = self._tries.get(cell)
        if trie is None:
            key = (cell, self.counts)
            trie = _TRIES.get(key)
            if trie is None:
                trie = _TRIES[key] = compile_programs(cell, self.counts)
            self._tries[cell] = trie
        return trie

    def _cells(self, cell: int) -> _Cells:
        cells = self._cell_tries.get(cell)
        if cells is None:
            key = (cell, self.counts)
            cells = _CELLS.get(key)
            if cells is None:
                cells = _CELLS[key] = _compact(self._trie(cell))
            self._cell_tries[cell] = cells
        return cells

    def outcomes(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> list[TransmissionResult]:
        """Every distinct outcome of one transmission from this position, with its least program.

        :returns: bit ``i`` of each ``mask`` set when ``pairs[i]`` completes; in a fixed order (the
            native core's, when it is built, differs from the Python walk's: the planner orders the
            outcomes by their programs, never by their place in the list).  Empty when no program is
            viable.
        """
        core = self._native(pairs, 0)
        if core is not None:  # the same outcomes and least programs (in another order), from C
            return core.outcomes(board, cadet, carrying, pair_letters(pairs), TransmissionResult)
        key = (board, cadet, carrying, pairs)
        hit = self._expansions.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[str, int, str, int], Program] = {}
        if pairs and completed(board, pairs):
            # A pending pair already side by side (after a board correction, or a scenario): the first
            # command completes it unless it takes one of its modules away, so whether a program starts
            # with a move matters, which the event trie does not tell.  Rare: every program, exactly.
            for r in self.runs(board, cadet, carrying, pairs):
                found.setdefault((r.board, r.cadet, r.carrying, r.mask), r.program)
            result = [TransmissionResult(b, c, h, m, p) for (b, c, h, m), p in found.items()]
            self._expansions[key] = result
            return result
        seen: set[tuple[str, str, int]] = set()
        acts = self._acts
        stack: list[tuple[TrieNode, str, str, int]] = [(self._trie(cadet), board, carrying, 0)]
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
                act = acts[k][b[cell]].get(held)
                if act is None:
                    continue  # refused (RULES.md, The commands)
                tile, nh, checks = act
                nb = b[:cell] + tile + b[cell + 1:]
                stack.append((child, nb, nh, completed(nb, pairs, mask) if checks and pairs else mask))
        result = [TransmissionResult(b, c, h, m, p) for (b, c, h, m), p in found.items()]
        self._expansions[key] = result
        if len(self._expansions) > self.table_size // 10:
            self._expansions.popitem(last=False)
        return result

    def programs(self, board: str, cadet: int, carrying: str) -> list[tuple[Program, str, int, str]]:
        """Every distinct viable ordered program from this position, each with its end position.

        Identical cards merged (at most
        :func:`~companion.games.transmission.mission_control.programs.count_programs` programs), in
        index order.

        :returns: ``(program, board, cadet, carrying)`` tuples.
        """
        return [(r.program, r.board, r.cadet, r.carrying) for r in self.runs(board, cadet, carrying, ())]

    def runs(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> list[TransmissionResult]:
        """Like :meth:`programs`, each with the mask of ``pairs`` it completes (bit ``i`` for
        ``pairs[i]``): one result per program, in index order."""
        counts = list(self.counts)
        acts = self._acts
        out: list[TransmissionResult] = []

        def walk(b: str, c: int, held: str, mask: int, program: Program) -> None:
            if len(program) == REGISTERS:
                out.append(TransmissionResult(b, c, held, mask, program))
                return
            here = b[c]
            for k in range(7):
                if not counts[k]:
                    continue
                if k < MOVES:
                    to = STEP[c][k]
                    if to < 0:
                        continue
                    nb, nc, nh = b, to, held
                    nm = completed(b, pairs, mask) if pairs and move_checks(len(program)) else mask
                else:
                    act = acts[k][here].get(held)
                    if act is None:
                        continue
                    tile, nh, checks = act
                    nb, nc = b[:c] + tile + b[c + 1:], c
                    nm = completed(nb, pairs, mask) if checks else mask
                counts[k] -= 1
                walk(nb, nc, nh, nm, program + (k,))
                counts[k] += 1

        walk(board, cadet, carrying, 0, ())
        return out

    # ------------------------------------------------------------------ the search

    def need(self, board: str, cadet: int, carrying: str, pairs: Pairs, limit: int) -> int:
        """Fewest transmissions to complete every pair from this position (0 when pairs is empty);
        ``limit + 1`` when more than ``limit`` are needed.  Cached in the transposition table."""
        if not pairs:
            return 0
        core = self._native(pairs, limit)
        if core is not None:
            value = core.need(board, cadet, carrying, pair_letters(pairs), limit, self.stop_at)
            if value == -1:
                raise SearchTimeout
            if value >= 0:
                return value
            # -2: the core ran out of memory (nothing wrong kept): the Python search answers instead
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact if exact <= limit else limit + 1
        d = max(self._lower.get(key, 0), self.bound.value(board, cadet, carrying, pairs, limit))
        while d <= limit:
            if self.within(board, cadet, carrying, pairs, d):
                return d
            d += 1
        return limit + 1

    def within(self, board: str, cadet: int, carrying: str, pairs: Pairs, d: int) -> bool:
        """True when every pair can be completed within ``d`` transmissions from this position."""
        if not pairs:
            return True
        core = self._native(pairs, d)
        if core is not None:
            answer = core.within(board, cadet, carrying, pair_letters(pairs), d, self.stop_at)
            if answer == -1:
                raise SearchTimeout
            if answer >= 0:
                return answer == 1
            # -2: out of memory in the core: the Python search answers instead
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact <= d
        low = max(self._lower.get(key, 0), self.bound.value(board, cadet, carrying, pairs, d))
        if low > d:
            return False
        self._nodes += 1
        if time.monotonic() > self.stop_at:
            raise SearchTimeout
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
        done, groups = self.grouped(board, cadet, carrying, pairs)
        if done is not None:
            yield 0, done[0], done[1], done[2], ()
            return
        if d <= 0:
            return  # a mission left needs at least one more transmission
        heap: list[tuple[int, int, int, bool, str, int, str, Pairs, int]] = []
        exact_table, lower_table = self._exact, self._lower
        entries, entry, bound = self.bound.entries, self.bound.entry, self.bound.value
        floor_exceeds = self.bound.floor_exceeds
        for b, h, rest, cells in groups:
            known = entries.get((b, h, rest))
            if known is None:
                if floor_exceeds(b, rest, d):
                    continue  # every cell's cheap value is above d: no entry needed to prune them
                known = entry(b, h, rest)
            least = known.least
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
            v = max(low, bound(b, c, h, rest, d))
            if v <= d:
                heapq.heappush(heap, (v, n, i, True, b, c, h, rest, low))

    def grouped(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> Grouped:
        """The outcomes of this position: the first that completes every pair, if any, else the others
        grouped by (board, carried letter, pairs left), each with its (outcome index, end cell).

        The same groups, indices and order as grouping :meth:`outcomes` (index ``i`` is the outcome's
        place in that list), but computed by the same walk of the event trie without the programs: the
        search never needs them, and an outcome's index is the order in which the walk first meets
        it, as in :meth:`outcomes`.  The walk stops at the first outcome that completes every pair."""
        key = (board, cadet, carrying, pairs)
        hit = self._groups.get(key)
        if hit is not None:
            return hit
        full = (1 << len(pairs)) - 1
        groups: dict[tuple[str, str, int], list[tuple[int, int]]] = {}
        done = None
        known = self._expansions.get(key)
        if known is None and pairs and completed(board, pairs):
            known = self.outcomes(board, cadet, carrying, pairs)  # rare: program by program
        if known is not None:
            for i, (b, c, h, mask, _program) in enumerate(known):
                if mask == full:
                    done = (b, c, h)
                    break
                groups.setdefault((b, h, mask), []).append((i, c))
        else:
            done = self._walk(self._cells(cadet), board, carrying, pairs, full, groups)
        result = Grouped(done, [(b, h, rest_of(pairs, mask), cells)
                                for (b, h, mask), cells in groups.items()])
        self._groups[key] = result
        if len(self._groups) > self.table_size // 10:
            self._groups.popitem(last=False)
        return result

    def _walk(self, trie: _Cells, board: str, carrying: str, pairs: Pairs, full: int,
              groups: dict[tuple[str, str, int], list[tuple[int, int]]]) -> tuple[str, int, str] | None:
        """The walk of :meth:`outcomes` without programs: fills ``groups`` (board, hand, mask) ->
        ``[(outcome index, end cell), ...]`` in the order :meth:`outcomes` lists them, and returns
        the first outcome that completes every pair (then stops), else ``None``."""
        seen: dict[tuple[str, str, int], int] = {}  # per group, the bit mask of its end cells so far
        acts = self._acts
        n = 0
        stack: list[tuple[_Cells, str, str, int]] = [(trie, board, carrying, 0)]
        while stack:
            (cells, bits, kids), b, held, mask = stack.pop()
            if cells:
                g = (b, held, mask)
                old = seen.get(g)
                if old is None:
                    if mask == full:
                        return b, cells[0], held
                    seen[g] = bits
                    groups[g] = list(zip(range(n, n + len(cells)), cells))
                    n += len(cells)
                elif bits & ~old:
                    seen[g] = old | bits
                    into = groups[g]
                    for c in cells:
                        if not old >> c & 1:
                            into.append((n, c))
                            n += 1
            for k, cell, child in kids:
                act = acts[k][b[cell]].get(held)
                if act is None:
                    continue  # refused (RULES.md, The commands)
                tile, nh, checks = act
                nb = b[:cell] + tile + b[cell + 1:]
                # A Collect leaves a hallway: every pair complete after it was complete before (and
                # found then), so only the other events are checked.
                if checks and tile != HALLWAY:
                    stack.append((child, nb, nh, completed(nb, pairs, mask)))
                else:
                    stack.append((child, nb, nh, mask))
        return None

    def value_hint(self, board: str, cadet: int, carrying: str, pairs: Pairs, upto: int = INF) -> int:
        """The best known lower bound (exact when known) of the transmissions this position needs
        (see :meth:`bound` for ``upto``)."""
        if not pairs:
            return 0
        core = self._native(pairs, 0)
        if core is not None:
            return core.hint(board, cadet, carrying, pair_letters(pairs))
        key = (board, cadet, carrying, pairs)
        exact = self._exact.get(key)
        if exact is not None:
            return exact
        low = self._lower.get(key, 0)
        if low > upto:
            return low
        return max(low, self.bound.value(board, cadet, carrying, pairs, upto))

    def bound_value(self, board: str, cadet: int, carrying: str, pairs: Pairs, upto: int = INF) -> int:
        """The admissible lower bound (:meth:`Bound.value
        <companion.games.transmission.mission_control.bound.Bound.value>`, the same values: for every
        number of pairs it takes, ``_search.BOUND_PAIRS``), from the native core when it is built:
        always the full value there, which ``upto`` allows."""
        core = self._native(pairs, 0)
        if core is not None:
            return core.bound(board, cadet, carrying, pair_letters(pairs))
        return self.bound.value(board, cadet, carrying, pairs, upto)

    def cheap_value(self, board: str, cadet: int, carrying: str, pairs: Pairs) -> int:
        """A lower bound of :meth:`bound_value` without the walks (:meth:`Bound.cheap
        <companion.games.transmission.mission_control.bound.Bound.cheap>`, the same values)."""
        core = self._native(pairs, 0)
        if core is not None:
            return core.cheap(board, cadet, carrying, pair_letters(pairs))
        return self.bound.cheap(board, cadet, carrying, pairs)

    def floor_exceeds(self, board: str, pairs: Pairs, upto: int) -> bool:
        """``Bound.floor_exceeds`` (:mod:`companion.games.transmission.mission_control.bound`) in the
        Python search; with the native core always ``False`` (its cheap value costs less than the test;
        a caller skips on true only what the cheap value skips)."""
        if self._native(pairs, 0) is not None:
            return False
        return self.bound.floor_exceeds(board, pairs, upto)

    def _store(self, table: dict[_Key, int], key: _Key, value: int) -> None:
        table[key] = value
        if len(table) > self.table_size:
            trim(table)

    def tables(self) -> Iterator[int]:
        """Sizes of the internal tables (for the benchmark)."""
        yield len(self._exact)
        yield len(self._lower)
        yield len(self.bound.entries)
        yield len(self._expansions)
