"""The admissible lower bound of the transmissions a position needs, for the exact search of
:mod:`companion.games.transmission.mission_control.solver` (RULES.md, A transmission; The commands;
Missions).

Shapes as in :mod:`companion.games.transmission.mission_control.encoding`.

The bound
---------
Take any solution and let ``M`` be the devices of the remaining pairs that it ever moves (collects,
or carries now).  Every pair not side by side now has a member in ``M`` (modules that never move
stay apart; stations never move).  No solution exists (the bound is :data:`INF`) when a pair apart
has two stations, or a station walled in: every cell beside it holds a station, so no device can
ever be deployed beside it.  The bound is the least, over every such set ``M``, of the
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

The bound depends only on where the modules of the remaining pairs lie (and, for the walled-in
test, where the stations lie), so it is cached per such *signature*, in tables every :class:`Bound`
of the process with the same devices and card counts shares (:data:`SHARED_SIZE`): a fresh planner
for the next decision of a game finds the signatures, walks and cheap values the previous ones
computed (the values are pure functions of their keys, so sharing never changes one); the walks
(the costly part) are computed per choice of ``M`` only when the cheap limits
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

import itertools
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from companion.games.transmission.engine.board import CELLS, HALLWAY, NEIGHBOURS, SIZE
from companion.games.transmission.engine.commands import REGISTERS
from companion.games.transmission.mission_control.encoding import DEPLOY, DIST, REPAIR, Pairs
from companion.games.transmission.mission_control.walks import (
    INF,
    NEAR,
    Route,
    Targets,
    edge,
    shortest_walks,
    targets_of,
    walk_lengths,
)

__all__ = ["INF", "MAX_MOVABLE", "MAX_WALK_TARGETS", "SHARED_SIZE", "Bound", "BoundEntry", "Movers", "Route",
           "Targets", "forget_bound_tables", "trim"]

_K = TypeVar("_K")
_V = TypeVar("_V")

class Movers(NamedTuple):
    """The part of the bound for one choice of movers that does not depend on the Cadet's cell.

    :param floor: transmissions the Repairs, Deploys and Collects need on their own.
    :param events: the Repairs, Deploys and Collects, in commands.
    :param route: what the cells to visit are built from
        (:func:`~companion.games.transmission.mission_control.walks.targets_of`), or ``None`` when
        there are none; built only when a walk is asked for (most choices only ever need their cheap value).
    :param extent: the rows and columns ``(top, bottom, left, right)`` of the cells to stand on.
    :param holding: the walks while holding each device: ``(their sum, cells of the devices to
        collect, cells the carried device must stand beside)``.
    """

    floor: int
    events: int
    route: Route | None
    extent: tuple[int, int, int, int] | None
    holding: tuple[int, tuple[int, ...], tuple[int, ...]]


@dataclass(slots=True)
class BoundEntry:
    """The cached parts of the bound for one board signature (filled in as the search asks).

    :param shape: one :class:`Movers` per choice of movers (``[]``: some pair can never complete).
    :param cheap: per choice, the value without the walks through the targets, per Cadet cell.
    :param full: per choice, the full value per Cadet cell, once computed.
    :param least: per Cadet cell, the least cheap value over the choices (never above the bound).
    :param mid: per choice, once computed, the value with the walks but without guards per Cadet
        cell, and where it may be below the full value (``None``: nowhere).
    """

    shape: list[Movers]
    cheap: list[list[int]]
    full: list[list[int] | None]
    least: tuple[int, ...]
    mid: list[tuple[list[int], list[bool] | None] | None]


_NO_WAY: tuple[int, ...] = (INF,) * CELLS

#: The most targets a walk is computed through (its dynamic programme is exponential in them): a choice
#: with more counts without the walk, which only lowers the bound.  With at most 4 pairs there are at
#: most 8 letters, so at most 8 cells to stand on and 4 to stand beside: never more (the native core,
#: ``_search.c``, has the same limit, so both bounds are the same everywhere).
MAX_WALK_TARGETS = 12
#: The most devices a choice of movers is listed over (2 ** n choices): beyond, the Repairs alone.
MAX_MOVABLE = 12


#: _COMMON[i][j]: the cells orthogonally adjacent to both cells i and j.
_COMMON: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(q for q in range(CELLS) if DIST[q][i] == 1 and DIST[q][j] == 1) for j in range(CELLS))
    for i in range(CELLS)
)


def _ceil(n: int, per: int) -> int:
    if n <= 0:
        return 0
    if per <= 0:
        return INF
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
        common &= {q for q in common if DIST[q][s] == 1}
    return bool(common)


def _walled_in(board: str, at: int, devices: frozenset[str]) -> bool:
    """True when every cell beside cell ``at`` holds a station (either side up): stations never move,
    so no device can ever be deployed beside it (RULES.md, The commands; Missions)."""
    return all(board[q] != HALLWAY and board[q].upper() not in devices for q in NEIGHBOURS[at])


def trim(table: dict[_K, _V]) -> None:
    """Drop the oldest quarter of a table (insertion order).

    Safe while another thread uses the table (the shared tables of :class:`Bound`): the keys are
    listed in one step under the GIL, and a key another trim dropped first is skipped."""
    for key in list(itertools.islice(table, len(table) // 4)):
        table.pop(key, None)


_CHOICES: dict[tuple[int, tuple[int, ...], int], tuple[int, ...]] = {}


def _choices(n: int, need: tuple[int, ...], carried: int) -> tuple[int, ...]:
    """The subsets (bit masks over ``n`` devices, in increasing order) that hold ``carried`` and meet
    every mask of ``need``: the choices of movers :func:`_shape` considers (a few patterns recur)."""
    key = (n, need, carried)
    hit = _CHOICES.get(key)
    if hit is None:
        hit = _CHOICES[key] = tuple(bits for bits in range(1 << n)
                                    if bits & carried == carried and all(bits & m for m in need))
    return hit


def _shape(board: str, carrying: str, pairs: Pairs, devices: frozenset[str], counts: tuple[int, ...]
           ) -> list[Movers]:
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
        if i >= 0 and j >= 0 and DIST[i][j] == 1:
            continue
        if a not in devices and b not in devices:
            return []  # two stations apart never meet
        for x in (a, b):
            if x not in devices and _walled_in(board, cell[x], devices):
                return []  # no cell beside the station can ever take its partner
        apart.append((a, b))
    cc, cd, cr = counts[4:]
    r = len(damaged)
    if r and not cr:
        return []
    movable = sorted({x for pair in apart for x in pair if x in devices})
    if len(movable) > MAX_MOVABLE:
        # Too many choices to list (a scenario with very many missions): the Repairs alone, and at least
        # one transmission; every choice's floor is at least this, so it stays admissible.
        return [Movers(max(1, _ceil(r, cr)), 1, None, None, (0, (), ()))]
    shape: list[Movers] = []
    # As bit masks over ``movable``: a carried device of a mission moves (it must come down), and
    # two modules that never move stay apart (every pair apart needs a member that moves).
    need = [sum(1 << i for i, x in enumerate(movable) if x == a or x == b) for a, b in apart]
    carried = 0
    if carrying in cell:
        carried = 1 << movable.index(carrying) if carrying in movable else 1 << len(movable)
    for bits in _choices(len(movable), tuple(need), carried):
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
        # Targets: cells to stand on, then cells to stand beside (built when a walk is asked for).
        points = sorted(damaged | {cell[x] for x in moved if x != carrying})
        route = Route(tuple(points), tuple(meets), cell, carrying, tuple(sorted(moved))) if points or meets \
            else None
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
                legs += max(edge(cell[x], False, q, True) for q in nears)
                starts.append(cell[x])
        shape.append(Movers(floor, events, route, extent, (legs, tuple(starts), tuple(held))))
    return shape


class _Caches(NamedTuple):
    signatures: dict[tuple[object, ...], BoundEntry]
    reaches: dict[tuple[int, int, int, int], list[int]]
    cheap: dict[tuple[object, ...], list[int]]
    walks: dict[tuple[object, ...], tuple[tuple[int, bool, int], ...]]
    staged: dict[tuple[object, ...], tuple[list[int], list[bool] | None]]


#: The bound's tables shared by every :class:`Bound` of the process, per (devices, counts).
_SHARED: dict[tuple[frozenset[str], tuple[int, ...]], _Caches] = {}
#: Entries kept in each shared table (the signatures' entries: a third of it); a full table drops its
#: oldest quarter.  About 25 MiB at most: enough for the decisions of one game to reuse each other's.
SHARED_SIZE = 15_000


def forget_bound_tables() -> None:
    """Empty the bound's tables every :class:`Bound` of the process shares (for the benchmark: the
    next decision pays what the first decision of a fresh process pays)."""
    _SHARED.clear()


class Bound:
    """The admissible lower bound of the module docstring, with its caches.

    :param devices: upper-case letters of the devices.
    :param counts: cards per command, in the order N E S W COLLECT DEPLOY REPAIR.
    :param table_size: entries kept in :attr:`entries` (the per-board index; the signatures, walks
        and cheap values are in the process-wide tables of :data:`SHARED_SIZE`); a full table drops
        its oldest quarter, which only costs time, never changes a value.

    Not thread-safe: one thread at a time per Bound.  Bounds used by different threads may share
    the process-wide tables: every write there is one dict or list store of a pure value, and
    :func:`trim` tolerates a concurrent trim.
    """

    def __init__(self, devices: frozenset[str], counts: tuple[int, ...], table_size: int) -> None:
        self.devices = devices
        self.counts = counts
        self.table_size = table_size
        #: Per (board, carried letter, pairs): the entry of its signature (where the pairs' modules lie).
        self.entries: dict[tuple[str, str, Pairs], BoundEntry] = {}
        # The tables below hold pure functions of their keys, the devices and the card counts: every
        # Bound of the process with the same devices and counts shares them (see shared_caches).
        caches = _SHARED.get((devices, counts))
        if caches is None:
            caches = _SHARED[(devices, counts)] = _Caches({}, {}, {}, {}, {})
        self._signatures = caches.signatures
        self._reaches = caches.reaches
        self._cheap = caches.cheap
        self._walks = caches.walks
        self._staged = caches.staged
        #: Per pairs, the lower-case letters of their modules and each pair's letters both ways
        #: (see :meth:`floor_exceeds`); per (pairs, bit mask of the pairs apart), their device cover.
        self._floors: dict[Pairs, tuple[tuple[str, ...], tuple[tuple[str, str, str, str], ...]]] = {}
        self._covers: dict[tuple[Pairs, int], int] = {}
        #: Maps every tile but a station's to ``.``: ``board.translate`` gives where the stations lie.
        self._stations = str.maketrans({ch: "." for d in devices for ch in (d, d.lower(), HALLWAY)})

    def value(self, board: str, cadet: int, carrying: str, pairs: Pairs, upto: int = INF) -> int:
        """The admissible lower bound of the module docstring (``0`` when ``pairs`` is empty;
        1,000 when some pair can never be completed).

        :param upto: when given, a cheaper bound (without the walks through the targets) may be
            returned instead if it already exceeds ``upto``.
        """
        if not pairs:
            return 0
        entry = self.entries.get((board, carrying, pairs)) or self.entry(board, carrying, pairs)
        least = entry.least[cadet]
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
        shape, cheaps, fulls, mids = entry.shape, entry.cheap, entry.full, entry.mid
        best = INF
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
        """A lower bound of :meth:`value` (the least over the choices of movers without their walks):
        ``value(..., upto)`` returns it whenever it exceeds ``upto``."""
        if not pairs:
            return 0
        entry = self.entries.get((board, carrying, pairs)) or self.entry(board, carrying, pairs)
        return entry.least[cadet]

    def floor_exceeds(self, board: str, pairs: Pairs, upto: int) -> bool:
        """True when the Repairs or the Deploys alone need more than ``upto`` transmissions: then
        :meth:`cheap` (and so the bound) exceeds ``upto`` on every cell, and is known without building
        the entry (a few string searches instead of :func:`_shape`).

        Every choice of movers has ``floor >= ceil(r / counts[REPAIR])``, ``r`` the damaged modules
        of the pairs (a letter in lower case on the board; the carried device is intact and, being
        off the board, apart from its partner), and
        ``floor >= ceil(deploys / counts[DEPLOY])`` with ``deploys >= len(movers) + cover(loose)``:
        the movers and the cover of the loose pairs together hold a device of every pair apart (a
        pair with one member moved has that member as a mover; with both moved and no mover, it is
        loose), so ``deploys`` is at least the fewest devices that hold a member of every pair apart.
        A pair apart with no device, or a count of 0 that is needed, leaves no choice at all (the
        bound :data:`INF`).  So either limit above ``upto`` implies a cheap value above it everywhere.
        """
        info = self._floors.get(pairs)
        if info is None:
            lows = tuple(sorted({x.lower() for _mid, a, b in pairs for x in (a, b)}))
            info = self._floors[pairs] = (lows, tuple((a, b, a.lower(), b.lower()) for _mid, a, b in pairs))
        lows, letters = info
        r = 0
        for x in lows:
            if x in board:
                r += 1
        counts = self.counts
        if r > upto * counts[REPAIR]:
            return True
        if len(pairs) <= upto * counts[DEPLOY]:
            return False  # at most one Deploy per pair: the Deploys alone cannot exceed upto
        apart = 0
        for bit, (a, b, la, lb) in enumerate(letters):
            i = board.find(a)
            if i < 0:
                i = board.find(la)
            j = board.find(b)
            if j < 0:
                j = board.find(lb)
            if i < 0 or j < 0 or DIST[i][j] != 1:
                apart |= 1 << bit
        key = (pairs, apart)
        cover = self._covers.get(key)
        if cover is None:
            gone = [(a, b) for bit, (_mid, a, b) in enumerate(pairs) if apart >> bit & 1]
            if any(a not in self.devices and b not in self.devices for a, b in gone):
                cover = INF
            else:
                # A station cannot move: its partner is the device that covers the pair.
                devices = self.devices
                cover = _cover([(a if a in devices else b, b if b in devices else a) for a, b in gone])
            self._covers[key] = cover
        return cover > upto * counts[DEPLOY]

    def entry(self, board: str, carrying: str, pairs: Pairs) -> BoundEntry:
        """The cached parts of the bound for this board (shared by the boards of one signature)."""
        key = (board, carrying, pairs)
        entry = self.entries.get(key)
        if entry is None:
            # The bound depends only on where the modules of the pairs lie (and which are damaged).
            where = []
            for _mid, a, b in pairs:
                where.append(board.find(a))
                where.append(board.find(a.lower()))
                where.append(board.find(b))
                where.append(board.find(b.lower()))
            # ... and, for the walled-in test, where the stations lie (fixed for a game, not for a process).
            sig = (carrying, pairs, tuple(where), board.translate(self._stations))
            entry = self._signatures.get(sig)
            if entry is None:
                shape = _shape(board, carrying, pairs, self.devices, self.counts)
                cheap = [self._choice(choice, 0)[0] for choice in shape]
                entry = self._signatures[sig] = BoundEntry(
                    shape, cheap, [None] * len(shape), tuple(map(min, _NO_WAY, *cheap)) if cheap else _NO_WAY,
                    [None] * len(shape))
                if len(self._signatures) > SHARED_SIZE // 3:
                    trim(self._signatures)
            self.entries[key] = entry
            if len(self.entries) > self.table_size:
                trim(self.entries)
        return entry

    def _choice(self, choice: Movers, stage: int) -> tuple[list[int], list[bool] | None]:
        """The bound of one choice of movers for each cell of the Cadet: without the walks through the
        targets (``stage`` 0), with them but without guards (1: a lower bound of stage 2, equal to it
        where the flags returned, when not None, are false), or in full (2)."""
        floor, events, route, extent, (legs, starts, held) = choice
        targets = targets_of(route) if stage > 0 and route else None
        if targets is not None and len(targets.nodes) > MAX_WALK_TARGETS:
            targets = None  # the walk through too many targets is left out: the cheap value (admissible)
        full = bool(targets)
        if full:
            # With the walks, the values depend only on these parts and the targets (many
            # signatures share a choice: the other modules lie elsewhere).
            staged_key = (stage, floor, events, extent, legs, starts, held, targets)
            staged = self._staged.get(staged_key)
            if staged is not None:
                return staged
        else:
            # Without targets both walks are the tour alone, and the cheaper of the two limits is
            # the strict one: the value depends only on these parts (shared by many signatures).
            key = (floor, events, extent, legs, starts, held)
            hit = self._cheap.get(key)
            if hit is not None:
                return hit, None
        tour = [legs] * CELLS
        if held:
            for q in held:
                tour = [max(t, legs + d) for t, d in zip(tour, NEAR[q])]
        elif starts:
            first = list(map(min, *[DIST[s] for s in starts])) if len(starts) > 1 else DIST[starts[0]]
            tour = [legs + d for d in first]
        high: list[int] | None = None
        if stage == 1 and targets:
            # The strict walk is never shorter than the relaxed one: the full value is at least
            # ``values`` and at most ``high`` (the relaxed walk plus 2), so equal where they are.
            relaxed = shortest_walks(targets.nodes, targets.preds, (), self._walks)
            more = list(map(max, walk_lengths(relaxed), tour))
            values = [max(floor, (events + m + REGISTERS - 1) // REGISTERS) for m in more]
            if any(targets.guards):
                high = [max(floor, (events + 2 + m + REGISTERS - 1) // REGISTERS) for m in more]
                if extent:
                    high = list(map(max, high, self._reach(extent)))
            if len(self._walks) > SHARED_SIZE:
                trim(self._walks)
        elif full and targets:
            relaxed = shortest_walks(targets.nodes, targets.preds, (), self._walks)
            strict = shortest_walks(*targets, self._walks) if any(targets.guards) else relaxed
            if len(self._walks) > SHARED_SIZE:
                trim(self._walks)
            # A solution that ever sets a device down on its way (or collects another) pays 2 more
            # commands.
            walks = list(map(max, walk_lengths(strict), tour))
            more = list(map(max, walk_lengths(relaxed), tour))
            values = [max(floor, min((events + w + REGISTERS - 1) // REGISTERS,
                                     (events + 2 + m + REGISTERS - 1) // REGISTERS))
                      for w, m in zip(walks, more)]
        else:
            values = [max(floor, (events + t + REGISTERS - 1) // REGISTERS) for t in tour]
        if extent:
            values = list(map(max, values, self._reach(extent)))
        result = values, None if high is None else [h != v for h, v in zip(high, values)]
        if not full:
            self._cheap[key] = values
            if len(self._cheap) > SHARED_SIZE:
                trim(self._cheap)
        else:
            self._staged[staged_key] = result
            if len(self._staged) > SHARED_SIZE:
                trim(self._staged)
        return result

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
