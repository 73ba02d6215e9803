"""The route estimate of the remaining missions: the default value of the scramble-aware Mission
Control (:class:`companion.games.transmission.mission_control.robust.EstimateValue`).

What it computes
----------------
:func:`estimate` answers: from this position (board, Cadet's cell, carried
device), how many *transmissions*, and then how many *commands*, are still
needed to complete every remaining mission?  The answer is an
:class:`Estimate` ``(transmissions, commands)``, compared transmissions first;
``(0, 0)`` when no mission remains, 10,000 when some mission looks impossible.

It plays the missions one after another, in every order (at most 3! orders,
searched depth first and cut when an order cannot beat the best), on a scratch
copy of the board.  Per mission it takes the cheaper of:

- repairing in place, when the two modules are already side by side;
- moving either device of the pair: drop what is carried (if it is not that
  device) on the nearest hallway, walk to the device (Manhattan distance; the
  Cadet may walk over any tile), repair it if damaged, collect, walk to a
  hallway orthogonally next to the partner, deploy, and repair the partner if
  damaged (before or after, whichever walks less).  A cell that also touches
  another partner of the same device is preferred (one deploy, two missions),
  and after each mission every other pair then intact and side by side counts
  as completed too (RULES.md, Missions).  A partner with no hallway beside it
  costs a detour that moves a blocking device away.

The route is then *packed* into transmissions: 5 commands each, within the
card counts (one Repair, one Collect, one Deploy and two moves per direction
with the default deck); a walk takes whichever of its directions still has a
card, and the rest of a transmission that cannot continue is filler.

What it is not
--------------
It is *not admissible*: it is optimistic about filler (it assumes filler never
displaces the Cadet) and about the walk between missions, pessimistic about
synergies it does not see, so it is neither a lower nor an upper bound on what
a game really needs.  It is a fast guide: the scramble-aware Mission Control
values a few hundred scrambled outcomes per decision with it, where the exact
search (:mod:`companion.games.transmission.mission_control.solver`) would be
too slow.  :class:`EstimateCache` memoises routes and packings between calls
without changing any result.

Shapes
------
As in :mod:`companion.games.transmission.mission_control.encoding`: a board is
25 characters in referee notation, row by row; a cell is an index 0-24
(``row * 5 + col``); card counts are a tuple in the order N E S W COLLECT
DEPLOY REPAIR.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from companion.games.transmission.engine.board import CELLS, HALLWAY, NEIGHBOURS, SIZE
from companion.games.transmission.engine.commands import REGISTERS
from companion.games.transmission.engine.kernel import pair_complete
from companion.games.transmission.mission_control.encoding import (
    COLLECT,
    DEPLOY,
    DIST,
    REPAIR,
    Pairs,
    device_letters,
    pair_letters,
)
from companion.games.transmission.mission_control.native import core_module

__all__ = ["Estimate", "EstimateCache", "Leg", "Packing", "estimate", "estimate_python"]

#: Cost (commands) charged for clearing a cell next to a partner whose neighbours are all modules.
_BLOCKED_PENALTY = 8
#: Commands a deploy cell is worth, when choosing it, per other partner of the mover it also touches.
_SHARED_BONUS = 4
_INF = 10_000


def _find(board: str, letter: str) -> int:
    """The cell of module ``letter`` (upper-case), intact or damaged, or -1 when it is carried."""
    i = board.find(letter)
    return i if i >= 0 else board.find(letter.lower())


def _put(board: str, cell: int, tile: str) -> str:
    """``board`` with ``tile`` (one character) at ``cell``."""
    return board[:cell] + tile + board[cell + 1:]


def _nearest_hallway(board: str, cell: int) -> int:
    """The hallway cell nearest ``cell`` (ties in index order), or -1 when there is none."""
    for i in _BYDISTANCE[cell]:
        if board[i] == HALLWAY:
            return i
    return -1


#: Every cell, nearest first (ties in index order), from each cell.
_BYDISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(CELLS), key=lambda j: (DIST[a][j], j))) for a in range(CELLS)
)

# Tokens of an estimated route: a walk from cell a to cell b is ``a * CELLS + b``; actions are negative.
_T_REPAIR, _T_COLLECT, _T_DEPLOY = -1, -2, -3
_T_ANY_MOVE = CELLS * CELLS  # one move in whichever direction has a card left
_TOKEN_COMMAND = {_T_REPAIR: REPAIR, _T_COLLECT: COLLECT, _T_DEPLOY: DEPLOY}


def _walk(a: int, b: int) -> list[int]:
    """The route tokens of a walk from cell ``a`` to cell ``b``: one walk token, none when ``a == b``."""
    return [a * CELLS + b] if a != b else []


class Leg(NamedTuple):
    """A priced way to complete one mission.

    :param commands: the commands it takes; ``tokens`` the route (see :func:`_pack`); ``board`` the
        board after it; ``end`` the Cadet's cell afterwards.
    """

    commands: int
    tokens: tuple[int, ...]
    board: str
    end: int


def _move_leg(board: str, cadet: int, carrying: str, mover: str, partner: str,
              devices: frozenset[str], also: str = "") -> Leg | None:
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
            cost += DIST[s][drop] + 1
            tokens += _walk(s, drop)
            tokens.append(_T_DEPLOY)
            board = _put(board, drop, carrying)
            s = drop
        cost += DIST[s][m] + 1
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
    for h in NEIGHBOURS[p]:
        ch = board[h]
        if ch == HALLWAY:
            extra = 0
        elif ch.upper() in devices:
            extra = _BLOCKED_PENALTY + (1 if ch.islower() else 0)
        else:
            continue
        c = extra + (min(DIST[s][h], DIST[s][p]) + 3 if partner_damaged else DIST[s][h] + 1)
        # A cell that also touches another partner of the mover may complete two missions at once.
        key = c - _SHARED_BONUS * sum(1 for q in others if DIST[h][q] == 1)
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
    elif DIST[s][h] <= DIST[s][p]:  # deploy at h, step onto the partner, repair
        route, end = clear + _walk(s, h) + [_T_DEPLOY] + _walk(h, p) + [_T_REPAIR], p
    else:  # repair the partner, step to h, deploy
        route, end = _walk(s, p) + [_T_REPAIR] + clear + _walk(p, h) + [_T_DEPLOY], h
    board = _put(_put(board, h, mover), p, partner)
    return Leg(cost + best, tuple(tokens + route), board, end)


def _leg(board: str, cadet: int, carrying: str, a: str, b: str, devices: frozenset[str],
         partners: Mapping[str, str] | None = None) -> Leg | None:
    """The cheapest route (in commands) that completes the mission ``a`` next to ``b`` on its own.

    :param partners: per device, the letters it must also meet in other remaining missions.
    """
    i, j = _find(board, a), _find(board, b)
    if i >= 0 and j >= 0 and DIST[i][j] == 1:
        # Already side by side: repair what is damaged (any Repair or Deploy completes an intact pair).
        fixed = _put(_put(board, i, a), j, b)
        damaged = [x for x in (i, j) if board[x].islower()]
        if not damaged:
            return Leg(1, (_T_REPAIR,), fixed, cadet)
        if len(damaged) == 1:
            d = damaged[0]
            return Leg(DIST[cadet][d] + 1, tuple(_walk(cadet, d) + [_T_REPAIR]), fixed, d)
        near, far = (i, j) if DIST[cadet][i] <= DIST[cadet][j] else (j, i)
        tokens = _walk(cadet, near) + [_T_REPAIR] + _walk(near, far) + [_T_REPAIR]
        return Leg(DIST[cadet][near] + 3, tuple(tokens), fixed, far)
    best: Leg | None = None
    for mover, partner in ((a, b), (b, a)):
        if mover in devices:
            also = partners.get(mover, "").replace(partner, "") if partners else ""
            leg = _move_leg(board, cadet, carrying, mover, partner, devices, also)
            if leg is not None and (best is None or leg.commands < best.commands):
                best = leg
    return best


class Packing(NamedTuple):
    """Where a packed route leaves the transmissions (see :func:`_pack`).

    :param transmissions: transmissions started by the route (10,000 when the deck lacks a command).
    :param slots: registers filled in the last one; ``cards_left`` its cards left per command.
    """

    transmissions: int
    slots: int
    cards_left: tuple[int, ...]


def _pack(tokens: tuple[int, ...], counts: tuple[int, ...], slots: int, left: tuple[int, ...]
          ) -> Packing:
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
                    return Packing(_INF, 0, left)
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
                    return Packing(_INF, 0, left)  # a fresh transmission and still no card for this walk
            tx, slots, cap = tx + 1, 0, list(counts)
    return Packing(tx, slots, tuple(cap))


#: Per walk token ``a * CELLS + b``: moves needed north, east, south, west, and in all.
_NEED: tuple[tuple[int, ...], ...] = tuple(
    (max(0, a // SIZE - b // SIZE), max(0, b % SIZE - a % SIZE), max(0, b // SIZE - a // SIZE),
     max(0, a % SIZE - b % SIZE), DIST[a][b])
    for a in range(CELLS) for b in range(CELLS)
)


class Estimate(NamedTuple):
    """What :func:`estimate` expects is still needed; compares transmissions first, then commands."""

    transmissions: int
    commands: int


_NONE = Estimate(_INF, _INF)


LegKey = tuple[str, int, str, str, str, str]
_PackKey = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


class EstimateCache:
    """Routes of single missions and their packings, shared between calls of :func:`estimate`.

    Pure memoisation: it never changes a result.  Valid for one set of device letters only.

    :param limit: entries kept per table; a full table is emptied (a game's positions change anyway).
    """

    __slots__ = ("legs", "packs", "limit")

    def __init__(self, limit: int = 100_000) -> None:
        self.legs: dict[LegKey, Leg | None] = {}
        self.packs: dict[_PackKey, Packing] = {}
        self.limit = limit

    def trim(self) -> None:
        """Empty each table that holds more than ``limit`` entries."""
        if len(self.legs) > self.limit:
            self.legs.clear()
        if len(self.packs) > self.limit:
            self.packs.clear()


def estimate(board: str, cadet: int, carrying: str, pairs: Pairs, devices: frozenset[str],
             counts: tuple[int, ...] = (2, 2, 2, 2, 1, 1, 1), cache: EstimateCache | None = None) -> Estimate:
    """Estimated transmissions and commands still needed to complete every mission in ``pairs``: the
    native core's port (``_search.estimate``, the same values: the tests compare them) when it is built
    and takes the arguments, else :func:`estimate_python`, which documents the method and the parameters
    (``cache`` serves only the Python one).
    """
    module = core_module()
    if module is not None and len(pairs) <= module.MAX_PAIRS:
        try:
            letters, carried_kinds = pair_letters(pairs), device_letters(devices)
            found = module.estimate(board, cadet, carrying, letters, carried_kinds, counts)
        except ValueError:  # arguments the port does not take (devices that are not letters, a huge deck)
            pass
        else:
            return Estimate(*found)
    return estimate_python(board, cadet, carrying, pairs, devices, counts, cache)


def estimate_python(board: str, cadet: int, carrying: str, pairs: Pairs, devices: frozenset[str],
                    counts: tuple[int, ...] = (2, 2, 2, 2, 1, 1, 1), cache: EstimateCache | None = None
                    ) -> Estimate:
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
            others = tuple(pair for pair in rest[:k] + rest[k + 1:] if not pair_complete(after, *pair))
            if not others:
                best = value
            else:
                search(after, end, "", others, commands + cost, value.transmissions, nslots, ncap)

    search(board, cadet, carrying, tuple((a, b) for _mid, a, b in pairs), 0, 1, 0, counts)
    memo.trim()
    return best
