"""AI Mission Control, first version: a real search for 5 viable commands (RULES.md, 1. Select).

Method
------
*One transmission, exactly.*  From the current position the planner enumerates
every distinct viable ordered program of 5 commands (RULES.md, Select:
"viable"), by a layered search over the seven commands with the remaining card
counts of :attr:`MissionControlView.deck`.  Identical cards are merged (two
Norths are one command with a count, never two cards to permute), and each
layer is deduplicated on *(board, Cadet, carried device, cards used, missions
completed)*, so ``N E`` and ``E N`` are expanded once.  The last layer is
deduplicated on the *outcome* alone (end position + missions completed en
route): every distinct outcome is kept once, with the first program (in a fixed
command order) that reaches it.  Missions complete exactly as
:meth:`companion.rules.Rules.execute` says: after a Repair or a Deploy, every
remaining pair that is intact and orthogonally adjacent completes and stays
completed (RULES.md, Missions).

*Estimate of the rest.*  Each outcome is scored by :func:`estimate`: the
transmissions, then the commands, still needed to complete the remaining
missions.  It plays the missions one after another, in every order (at most
3! orders, searched depth first and cut when an order cannot beat the best),
on a scratch copy of the board.  Per mission it takes the cheaper of:

- repairing in place, when the two modules are already side by side;
- moving either device of the pair: drop what is carried (if it is not that
  device) on the nearest hallway, walk to the device (Manhattan distance; the
  Cadet may walk over any tile), repair it if damaged, collect, walk to a
  hallway orthogonally next to the partner, deploy, and repair the partner if
  damaged (before or after, whichever walks less).  A cell that also touches
  another partner of the same device is preferred (one deploy, two missions),
  and after each mission every other pair then intact and side by side counts
  as completed too.  A partner with no hallway beside it costs a detour that
  moves a blocking device away.

The route is then *packed* into transmissions: 5 commands each, within the
card counts (one Repair, one Collect, one Deploy and two moves per direction
with the default deck); a walk takes whichever of its directions still has a
card, and the rest of a transmission that cannot continue is filler.  The
estimate is optimistic about filler (it assumes filler never displaces the
Cadet) and about the walk between missions, pessimistic about synergies it does
not see; it is a guide for the search, not a bound.

*Lookahead.*  A beam search over whole transmissions: depth 1 is every
outcome of this transmission; each deeper layer expands the best ``beam``
outcomes of the previous one (ranked by the estimate, then by missions
completed, then by the first transmission's stable order) with the same exact
enumeration, up to ``horizon`` transmissions or the Transmission cards left,
whichever is fewer.  Enumerations and estimates are cached (bounded), so the
next decision usually finds its own root already expanded.  The first layer
where some outcome completes every remaining mission gives
:attr:`Plan.transmissions_to_win`, and the program is the first step toward a
win at that depth (the one whose own outcome is estimated best); otherwise it
is the first step toward the best outcome of the deepest layer (ranked by
missions completed when that layer is the game's last transmission, else by
the estimate).  So the planner prefers programs that complete missions
earlier, then a lower estimate, then a stable tie-break.

*Speed.*  Measured on the development machine over 200 simulated games (about
1,000 decisions): a median of about 5 ms, a 95th percentile under 50 ms and a
worst case under 100 ms per decision.

Guarantees
----------
1. :meth:`Planner.plan` always returns exactly 5 commands that respect the
   deck counts (at most ``view.deck[c]`` of each command) and are viable from
   ``view.position`` (:meth:`companion.rules.Rules.viable`): on every position,
   with or without missions left, in a corner, carrying.  With the default deck
   a viable program always exists (a vertical move toward the interior, its
   opposite, the same two again, then a horizontal move toward the interior);
   a deck too small for any viable program raises :class:`PlannerError`.
2. It is deterministic: the same view and the same constructor arguments give
   the same plan (the cache never changes an answer, only its speed).
3. When some program completes a remaining mission within this transmission,
   the plan is one that completes the most missions possible this transmission.
4. It never returns a non-viable set (checked with :meth:`Rules.viable` before
   returning; a failure there is a bug and raises :class:`PlannerError`).
"""

from __future__ import annotations

import logging
import random
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .board import CELLS, HALLWAY, SIZE, Position
from .commands import Command
from .errors import CompanionError
from .rules import Rules
from .views import MissionControlView

__all__ = ["Estimate", "EstimateCache", "Outcome", "Plan", "Planner", "PlannerError", "REGISTERS",
           "enumerate_outcomes", "estimate"]

log = logging.getLogger(__name__)

#: Commands per transmission (RULES.md, 1. Select).
REGISTERS = 5

#: Fixed expansion order of the commands (their index is used in compact programs).
_ORDER: tuple[Command, ...] = (
    Command.N, Command.E, Command.S, Command.W, Command.COLLECT, Command.DEPLOY, Command.REPAIR,
)
_COLLECT, _DEPLOY, _REPAIR = 4, 5, 6

#: _STEP[cell][k] for k in N, E, S, W: the neighbouring cell, or -1 off the grid.
_STEP: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        i - SIZE if i >= SIZE else -1,
        i + 1 if i % SIZE < SIZE - 1 else -1,
        i + SIZE if i < CELLS - SIZE else -1,
        i - 1 if i % SIZE > 0 else -1,
    )
    for i in range(CELLS)
)

#: _DIST[a][b]: Manhattan distance between two cells (the Cadet may walk over any tile).
_DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE) for b in range(CELLS)) for a in range(CELLS)
)

#: Orthogonal neighbours of each cell.
_NEIGH: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in _STEP[i] if j >= 0) for i in range(CELLS))

#: Cost (commands) charged for clearing a cell next to a partner whose neighbours are all modules.
_BLOCKED_PENALTY = 8
#: Commands a deploy cell is worth, when choosing it, per other partner of the mover it also touches.
_SHARED_BONUS = 4
_INF = 10_000


class PlannerError(CompanionError, RuntimeError):
    """The planner could not produce a viable selection (only with a deck too small to move)."""


@dataclass(frozen=True)
class Plan:
    """Mission Control's selection and what the search expects of it.

    :param commands: exactly 5 commands in intended order (registers 1-5).
    :param transmissions_to_win: transmissions, this one included, that the plan needs to complete
        every remaining mission if the Cadet executes each as intended (the search found such a line);
        ``0`` when none remain; ``None`` when the search cannot say within its horizon.  Later decisions
        search afresh and may take another line (guarantee 3 may forbid the one found, or a tie may
        break differently): in 200 simulated games about 99% of these promises were kept.
    :param estimate: what is estimated to be still needed after this transmission (:func:`estimate`).
    :param completes: ids of the missions this transmission completes if executed as intended.
    """

    commands: tuple[Command, ...]
    transmissions_to_win: int | None
    estimate: Estimate | None = None
    completes: tuple[str, ...] = ()


# A compact position for the search: (board, cadet cell 0-24, carried device letter or "").
_State = tuple[str, int, str]
# Remaining missions as (id, letter, letter), sorted by id.
_Pairs = tuple[tuple[str, str, str], ...]


class _Node(NamedTuple):
    """A state in the lookahead, tagged with the first-transmission candidate it descends from."""

    rank: tuple[int, ...]
    root: int
    board: str
    cadet: int
    carrying: str
    rest: _Pairs
    done: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct result of a transmission: the end state, the missions completed, one program.

    :param mask: bit ``i`` set when the ``i``-th remaining mission (sorted by id) completes.
    :param program: command indices into the fixed command order N E S W COLLECT DEPLOY REPAIR.
    """

    board: str
    cadet: int
    carrying: str
    mask: int
    program: tuple[int, ...]

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(_ORDER[k] for k in self.program)


def _completed(board: str, pairs: _Pairs, mask: int) -> int:
    """``mask`` plus every not-yet-completed pair that is intact and adjacent (RULES.md, Missions)."""
    for bit, (_mid, a, b) in enumerate(pairs):
        if mask >> bit & 1:
            continue
        i = board.find(a)
        if i < 0:
            continue
        j = board.find(b)
        if j >= 0 and _DIST[i][j] == 1:
            mask |= 1 << bit
    return mask


def enumerate_outcomes(state: _State, pairs: _Pairs, counts: tuple[int, ...], devices: frozenset[str],
                       order: tuple[int, ...] = tuple(range(7))) -> list[Outcome]:
    """Every distinct outcome of a viable 5-command program from ``state`` (see module docstring).

    :param counts: cards per command, in the order N E S W COLLECT DEPLOY REPAIR.
    :param devices: upper-case letters of the devices (only they can be collected).
    :param order: the expansion order of the command indices (the tie-break between programs).
    :returns: outcomes in discovery order (deterministic).
    """
    # A layer node: (board, cadet, carrying, used-counts code, mask) -> program.
    weights = []
    w = 1
    for k in range(7):
        weights.append(w)
        w *= counts[k] + 1
    board0, cadet0, carrying0 = state
    layer: dict[tuple[str, int, str, int, int], tuple[int, ...]] = {(board0, cadet0, carrying0, 0, 0): ()}
    for _step in range(REGISTERS):
        nxt: dict[tuple[str, int, str, int, int], tuple[int, ...]] = {}
        for (board, cadet, carrying, used, mask), program in layer.items():
            here = board[cadet]
            for k in order:
                wk = weights[k]
                if (used // wk) % (counts[k] + 1) >= counts[k]:
                    continue
                if k < 4:
                    c = _STEP[cadet][k]
                    if c < 0:
                        continue
                    key = (board, c, carrying, used + wk, mask)
                elif k == _COLLECT:
                    if carrying or here not in devices:
                        continue
                    key = (board[:cadet] + HALLWAY + board[cadet + 1:], cadet, here, used + wk, mask)
                elif k == _DEPLOY:
                    if not carrying or here != HALLWAY:
                        continue
                    b = board[:cadet] + carrying + board[cadet + 1:]
                    key = (b, cadet, "", used + wk, _completed(b, pairs, mask) if pairs else mask)
                else:
                    if here == HALLWAY or not here.islower():
                        continue
                    b = board[:cadet] + here.upper() + board[cadet + 1:]
                    key = (b, cadet, carrying, used + wk, _completed(b, pairs, mask) if pairs else mask)
                if key not in nxt:
                    nxt[key] = program + (k,)
        layer = nxt
    outcomes: dict[tuple[str, int, str, int], Outcome] = {}
    for (board, cadet, carrying, _used, mask), program in layer.items():
        end = (board, cadet, carrying, mask)
        if end not in outcomes:
            outcomes[end] = Outcome(board, cadet, carrying, mask, program)
    return list(outcomes.values())


# --------------------------------------------------------------------------- the estimate


def _find(board: str, letter: str) -> int:
    """The cell of module ``letter`` (upper-case), intact or damaged, or -1 when it is carried."""
    i = board.find(letter)
    return i if i >= 0 else board.find(letter.lower())


def _put(board: str, cell: int, tile: str) -> str:
    return board[:cell] + tile + board[cell + 1:]


def _nearest_hallway(board: str, cell: int) -> int:
    for i in _BY_DISTANCE[cell]:
        if board[i] == HALLWAY:
            return i
    return -1


#: Every cell, nearest first (ties in index order), from each cell.
_BY_DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(CELLS), key=lambda j: (_DIST[a][j], j))) for a in range(CELLS)
)

# Tokens of an estimated route: a walk from cell a to cell b is ``a * CELLS + b``; actions are negative.
_T_REPAIR, _T_COLLECT, _T_DEPLOY = -1, -2, -3
_T_ANY_MOVE = CELLS * CELLS  # one move in whichever direction has a card left
_TOKEN_COMMAND = {_T_REPAIR: _REPAIR, _T_COLLECT: _COLLECT, _T_DEPLOY: _DEPLOY}


def _walk(a: int, b: int) -> list[int]:
    return [a * CELLS + b] if a != b else []


# A priced way to complete one mission: (commands, route tokens, board after it, Cadet's end cell).
_Leg = tuple[int, tuple[int, ...], str, int]


def _move_leg(board: str, cadet: int, carrying: str, mover: str, partner: str,
              devices: frozenset[str], also: str = "") -> _Leg | None:
    """The route that carries device ``mover`` to a hallway next to ``partner`` (see module docstring).

    :returns: ``None`` when impossible (the partner is carried, or has no neighbour that is or can
        become a hallway).
    """
    p = _find(board, partner)
    if p < 0:
        return None
    cost = 0
    tokens: list[int] = []
    m = -1
    s = cadet
    if carrying != mover:
        m = _find(board, mover)
        if m < 0:
            return None
        if carrying:
            drop = _nearest_hallway(board, s)
            if drop < 0:
                return None
            cost += _DIST[s][drop] + 1
            tokens += _walk(s, drop)
            tokens.append(_T_DEPLOY)
            board = _put(board, drop, carrying)
            s = drop
        cost += _DIST[s][m] + 1
        tokens += _walk(s, m)
        if board[m].islower():
            cost += 1
            tokens.append(_T_REPAIR)
        tokens.append(_T_COLLECT)
        board = _put(board, m, HALLWAY)
        s = m
    partner_damaged = board[p].islower()
    best, best_h, blocked, best_key = _INF, -1, "", _INF
    others = [q for q in (_find(board, x) for x in also) if q >= 0]
    for h in _NEIGH[p]:
        ch = board[h]
        if ch == HALLWAY:
            extra = 0
        elif ch.upper() in devices:
            extra = _BLOCKED_PENALTY + (1 if ch.islower() else 0)
        else:
            continue
        c = extra + (min(_DIST[s][h], _DIST[s][p]) + 3 if partner_damaged else _DIST[s][h] + 1)
        # A cell that also touches another partner of the mover may complete two missions at once.
        key = c - _SHARED_BONUS * sum(1 for q in others if _DIST[h][q] == 1)
        if key < best_key:
            best, best_h, blocked, best_key = c, h, ch if extra else "", key
    if best_h < 0:
        return None
    h = best_h
    clear: list[int] = []
    if blocked:
        # Set the mover down, move the blocking device one cell away, pick the mover up again.
        clear = [_T_DEPLOY, _T_ANY_MOVE] + ([_T_REPAIR] if blocked.islower() else []) + [
            _T_COLLECT, _T_ANY_MOVE, _T_DEPLOY, _T_ANY_MOVE, _T_COLLECT]
    if not partner_damaged:
        route, end = clear + _walk(s, h) + [_T_DEPLOY], h
    elif _DIST[s][h] <= _DIST[s][p]:  # deploy at h, step onto the partner, repair
        route, end = clear + _walk(s, h) + [_T_DEPLOY] + _walk(h, p) + [_T_REPAIR], p
    else:  # repair the partner, step to h, deploy
        route, end = _walk(s, p) + [_T_REPAIR] + clear + _walk(p, h) + [_T_DEPLOY], h
    board = _put(_put(board, h, mover), p, partner)
    return cost + best, tuple(tokens + route), board, end


def _leg(board: str, cadet: int, carrying: str, a: str, b: str, devices: frozenset[str],
         partners: Mapping[str, str] | None = None) -> _Leg | None:
    """The cheapest route (in commands) that completes the mission ``a`` next to ``b`` on its own.

    :param partners: per device, the letters it must also meet in other remaining missions.
    """
    i, j = _find(board, a), _find(board, b)
    if i >= 0 and j >= 0 and _DIST[i][j] == 1:
        # Already side by side: repair what is damaged (any Repair or Deploy completes an intact pair).
        fixed = _put(_put(board, i, a), j, b)
        damaged = [x for x in (i, j) if board[x].islower()]
        if not damaged:
            return 1, (_T_REPAIR,), fixed, cadet
        if len(damaged) == 1:
            d = damaged[0]
            return _DIST[cadet][d] + 1, tuple(_walk(cadet, d) + [_T_REPAIR]), fixed, d
        near, far = (i, j) if _DIST[cadet][i] <= _DIST[cadet][j] else (j, i)
        tokens = _walk(cadet, near) + [_T_REPAIR] + _walk(near, far) + [_T_REPAIR]
        return _DIST[cadet][near] + 3, tuple(tokens), fixed, far
    best: _Leg | None = None
    for mover, partner in ((a, b), (b, a)):
        if mover in devices:
            also = partners.get(mover, "").replace(partner, "") if partners else ""
            leg = _move_leg(board, cadet, carrying, mover, partner, devices, also)
            if leg is not None and (best is None or leg[0] < best[0]):
                best = leg
    return best


def _pack(tokens: tuple[int, ...], counts: tuple[int, ...], slots: int, left: tuple[int, ...]
          ) -> tuple[int, int, tuple[int, ...]]:
    """Pack ``tokens`` into transmissions of 5 commands within the deck's card counts, continuing a
    transmission with ``slots`` registers already filled and ``left`` cards of each command left.

    Greedy: a walk uses whichever of its directions still has a card in this transmission; when none
    has, or the 5 registers are full, or an action's card is already used, the next transmission starts
    (the rest of this one is filler).

    :returns: ``(transmissions started, slots, cards left)`` after the tokens; 10,000 transmissions
        when the deck lacks a needed command.
    """
    tx = 0
    cap = list(left)
    for t in tokens:
        if t < 0:
            k = _TOKEN_COMMAND[t]
            if slots == REGISTERS or cap[k] == 0:
                tx, slots, cap = tx + 1, 0, list(counts)
                if cap[k] == 0:
                    return _INF, 0, left
            cap[k] -= 1
            slots += 1
            continue
        if t == _T_ANY_MOVE:
            need = [1, 1, 1, 1]
            n = 1
        else:
            need = list(_NEED[t])
            n = need[4]
        while n:
            if slots < REGISTERS:
                took = 0
                for d in range(4):
                    if need[d] and cap[d]:
                        k = min(need[d], cap[d], REGISTERS - slots, n)
                        if k:
                            need[d] -= k
                            cap[d] -= k
                            slots += k
                            n -= k
                            took += k
                if took:
                    continue
                if slots == 0:
                    return _INF, 0, left  # a fresh transmission and still no card for this walk
            tx, slots, cap = tx + 1, 0, list(counts)
    return tx, slots, tuple(cap)


#: Per walk token ``a * CELLS + b``: moves needed north, east, south, west, and in all.
_NEED: tuple[tuple[int, ...], ...] = tuple(
    (max(0, a // SIZE - b // SIZE), max(0, b % SIZE - a % SIZE), max(0, b // SIZE - a // SIZE),
     max(0, a % SIZE - b % SIZE), _DIST[a][b])
    for a in range(CELLS) for b in range(CELLS)
)


def _side_by_side(board: str, a: str, b: str) -> bool:
    """Both intact and orthogonally adjacent (RULES.md, Missions)."""
    i = board.find(a)
    if i < 0:
        return False
    j = board.find(b)
    return j >= 0 and _DIST[i][j] == 1


class Estimate(NamedTuple):
    """What :func:`estimate` expects is still needed; compares transmissions first, then commands."""

    transmissions: int
    commands: int


_NONE = Estimate(_INF, _INF)


_LegKey = tuple[str, int, str, str, str, str]
_PackKey = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


class EstimateCache:
    """Routes of single missions and their packings, shared between calls of :func:`estimate`.

    Pure memoisation: it never changes a result.  Valid for one set of device letters only.

    :param limit: entries kept per table; a full table is emptied (a game's positions change anyway).
    """

    __slots__ = ("legs", "packs", "limit")

    def __init__(self, limit: int = 100_000) -> None:
        self.legs: dict[_LegKey, _Leg | None] = {}
        self.packs: dict[_PackKey, tuple[int, int, tuple[int, ...]]] = {}
        self.limit = limit

    def trim(self) -> None:
        if len(self.legs) > self.limit:
            self.legs.clear()
        if len(self.packs) > self.limit:
            self.packs.clear()


def estimate(board: str, cadet: int, carrying: str, pairs: _Pairs, devices: frozenset[str],
             counts: tuple[int, ...] = (2, 2, 2, 2, 1, 1, 1), cache: EstimateCache | None = None) -> Estimate:
    """Estimated transmissions and commands still needed to complete every mission in ``pairs``.

    The missions are played one after another, in every order, on a scratch board (see the module
    docstring); each order's route is packed into transmissions of 5 commands within the card counts,
    and the best order by (transmissions, commands) counts.  Orders are searched depth first and cut as
    soon as they cannot beat the best found.

    :param board: 25 characters in referee notation; ``cadet`` a cell index 0-24;
        ``carrying`` the carried device's letter or ``""``.
    :param counts: cards per command, in the order N E S W COLLECT DEPLOY REPAIR.
    :param cache: memoised routes and packings to share between calls (same ``devices`` only).
    :returns: ``(0, 0)`` when ``pairs`` is empty; 10,000 when some mission looks impossible.
    """
    if not pairs:
        return Estimate(0, 0)
    best = _NONE
    memo = cache if cache is not None else EstimateCache()
    legs, packs = memo.legs, memo.packs

    def search(board: str, cadet: int, carrying: str, rest: tuple[tuple[str, str], ...], commands: int,
               tx: int, slots: int, cap: tuple[int, ...]) -> None:
        nonlocal best
        partners: dict[str, str] = {}
        for a, b in rest:
            partners[a] = partners.get(a, "") + b
            partners[b] = partners.get(b, "") + a
        for k, (a, b) in enumerate(rest):
            key = (board, cadet, carrying, a, b, partners.get(a, "") + "/" + partners.get(b, ""))
            if key in legs:
                leg = legs[key]
            else:
                leg = legs[key] = _leg(board, cadet, carrying, a, b, devices, partners)
            if leg is None:
                continue
            cost, tokens, after, end = leg
            if (tx, commands + cost) >= best:
                continue  # packing only adds transmissions
            pack_key = (tokens, slots, cap, counts)
            packed = packs.get(pack_key)
            if packed is None:
                packed = packs[pack_key] = _pack(tokens, counts, slots, cap)
            started, nslots, ncap = packed
            value = Estimate(tx + started, commands + cost)
            if value >= best:
                continue
            # The leg ends with a Repair or a Deploy: every pair then side by side and intact completes too.
            others = tuple(pair for pair in rest[:k] + rest[k + 1:] if not _side_by_side(after, *pair))
            if not others:
                best = value
            else:
                search(after, end, "", others, commands + cost, value.transmissions, nslots, ncap)

    search(board, cadet, carrying, tuple((a, b) for _mid, a, b in pairs), 0, 1, 0, counts)
    memo.trim()
    return best


# --------------------------------------------------------------------------- the planner


class Planner:
    """AI Mission Control (satisfies :class:`companion.session.Chooser`).  See the module docstring.

    :param horizon: transmissions looked ahead, this one included (at least 1).
    :param beam: outcomes kept per layer of the lookahead.
    :param seed: chooses the tie-break order between programs of equal merit; same seed, same plans.
    :param cache_size: enumerations kept between decisions (each is at most a few hundred outcomes);
        estimates and routes are kept in proportion.

    One planner serves one game at a time and is not thread-safe: call it from one thread at a time
    (the app calls it off the main thread, one decision at a time).
    """

    def __init__(self, *, horizon: int = 3, beam: int = 4, seed: int = 0, cache_size: int = 512) -> None:
        if horizon < 1:
            raise ValueError(f"horizon must be at least 1, not {horizon}")
        if beam < 1:
            raise ValueError(f"beam must be at least 1, not {beam}")
        self.horizon = horizon
        self.beam = beam
        self.seed = seed
        self.cache_size = cache_size
        order = list(range(len(_ORDER)))
        if seed:
            random.Random(seed).shuffle(order)
        self._order = tuple(order)
        self._cache: OrderedDict[tuple[object, ...], list[Outcome]] = OrderedDict()
        self._estimates: OrderedDict[tuple[object, ...], Estimate] = OrderedDict()
        self._memo = EstimateCache(limit=100 * cache_size)
        self._memo_devices: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ caches

    def _outcomes(self, state: _State, pairs: _Pairs, counts: tuple[int, ...],
                  devices: frozenset[str]) -> list[Outcome]:
        key = (state, pairs, counts, devices)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        result = enumerate_outcomes(state, pairs, counts, devices, self._order)
        self._cache[key] = result
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return result

    def _estimate(self, board: str, cadet: int, carrying: str, pairs: _Pairs, devices: frozenset[str],
                  counts: tuple[int, ...]) -> Estimate:
        key = (board, cadet, carrying, pairs, devices, counts)
        hit = self._estimates.get(key)
        if hit is not None:
            return hit
        if self._memo_devices != devices:
            self._memo = EstimateCache(limit=100 * self.cache_size)
            self._memo_devices = devices
        value = estimate(board, cadet, carrying, pairs, devices, counts, self._memo)
        self._estimates[key] = value
        if len(self._estimates) > 64 * self.cache_size:
            self._estimates.popitem(last=False)
        return value

    # ------------------------------------------------------------------ the search

    def plan(self, view: MissionControlView) -> Plan:
        """Choose 5 commands in intended order for ``view`` (the guarantees are in the module docstring).

        :raises PlannerError: only when the deck allows no viable program at all.
        """
        position = view.position
        devices = frozenset(d.upper() for d in view.devices)
        counts = tuple(int(view.deck.get(c, 0)) for c in _ORDER)
        pairs: _Pairs = tuple(sorted((mid, a.upper(), b.upper()) for mid, (a, b) in view.missions.items()))
        root: _State = (position.board, position.cadet, position.carrying or "")
        first = self._outcomes(root, pairs, counts, devices)
        if not first:
            raise PlannerError("no viable program of 5 commands exists from this position with this deck")
        # Guarantee 3: only outcomes completing the most missions this transmission are candidates.
        most = max(_bits(o.mask) for o in first)
        candidates = [o for o in first if _bits(o.mask) == most]
        left = max(1, view.transmissions_left)
        horizon = min(self.horizon, left)
        best_index, to_win, value = self._search(candidates, pairs, counts, devices, horizon, left)
        chosen = candidates[best_index]
        commands = chosen.commands
        self._check(position, commands, view.deck, devices)
        completes = tuple(pairs[b][0] for b in range(len(pairs)) if chosen.mask >> b & 1)
        if not pairs:
            to_win = 0
        log.debug("plan %s: completes %s now, %s transmissions to win, then %s (%d candidates)",
                  " ".join(map(str, commands)), completes or "nothing", to_win, value, len(candidates))
        return Plan(commands, to_win, value, completes)

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        """The :class:`~companion.session.Chooser` protocol: ``plan(view).commands``."""
        return self.plan(view).commands

    def _search(self, candidates: list[Outcome], pairs: _Pairs, counts: tuple[int, ...],
                devices: frozenset[str], horizon: int, left: int) -> tuple[int, int | None, Estimate]:
        """Beam search over ``horizon`` transmissions of the ``left`` still to come.

        :returns: (candidate index, transmissions to win or ``None``, the candidate's estimate).
        """
        layer: list[_Node] = []
        root_values: list[Estimate] = []
        for idx, o in enumerate(candidates):
            rest = _rest(pairs, o.mask)
            done = _bits(o.mask)
            h = self._estimate(o.board, o.cadet, o.carrying, rest, devices, counts)
            layer.append(_Node((*h, -done, idx), idx, o.board, o.cadet, o.carrying, rest, done))
            root_values.append(h)
        layer.sort(key=lambda n: n.rank)
        depth = 1
        while True:
            winners = [n for n in layer if not n.rest]
            if winners:
                # The earliest layer with a win; among its wins, the best first transmission.
                best = min(winners, key=lambda n: (root_values[n.root], n.root))
                return best.root, depth, root_values[best.root]
            if depth >= horizon:
                break
            depth += 1
            last = depth == left  # the game's last transmission: missions completed count most
            seen: dict[tuple[str, int, str, _Pairs], _Node] = {}
            for node in layer[: self.beam]:
                for o in self._outcomes((node.board, node.cadet, node.carrying), node.rest, counts, devices):
                    rest = _rest(node.rest, o.mask)
                    key = (o.board, o.cadet, o.carrying, rest)
                    if key in seen:
                        continue
                    done = node.done + _bits(o.mask)
                    h = self._estimate(o.board, o.cadet, o.carrying, rest, devices, counts)
                    rank = (-done, *h, node.root) if last else (*h, -done, node.root)
                    seen[key] = _Node(rank, node.root, o.board, o.cadet, o.carrying, rest, done)
            layer = sorted(seen.values(), key=lambda n: n.rank)
        best_root = layer[0].root
        return best_root, None, root_values[best_root]

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


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def _rest(pairs: _Pairs, mask: int) -> _Pairs:
    """The pairs whose bit is not set in ``mask``."""
    if not mask:
        return pairs
    return tuple(p for bit, p in enumerate(pairs) if not mask >> bit & 1)
