"""The programs of one transmission: how many there are, their compiled event tries, and a plain
reference enumeration of their outcomes (RULES.md, A transmission, 1. Select; The commands).

A program is a sequence of 5 commands within the card counts, identical cards merged (see
:mod:`companion.games.transmission.mission_control.solver`).  Shapes as in
:mod:`companion.games.transmission.mission_control.encoding`.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.engine.kernel import completed, move_checks
from companion.games.transmission.mission_control.encoding import (
    DEFAULT_COUNTS,
    MOVES,
    ORDER,
    STEP,
    Pairs,
    Program,
    act_tables,
)

__all__ = ["TransmissionResult", "TrieNode", "compile_programs", "count_programs", "enumerate_outcomes"]


class TransmissionResult(NamedTuple):
    """One distinct result of a transmission: the end position, the missions completed, one program.

    :param board: the board afterwards (25 characters); ``cadet`` the Cadet's cell 0-24; ``carrying``
        the carried device's letter or ``""``.
    :param mask: bit ``i`` set when ``pairs[i]`` (the remaining missions, sorted by id) completes.
    :param program: command indices into N E S W COLLECT DEPLOY REPAIR (the least program, in index
        order, of those with this result).
    """

    board: str
    cadet: int
    carrying: str
    mask: int
    program: Program

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(ORDER[k] for k in self.program)


class TrieNode(NamedTuple):
    """A node of a compiled event trie (see :func:`compile_programs`).

    :param ends: ``(end cell, least program)`` of the programs whose events end at this node.
    :param kids: ``(command index, cell, node)``: the next Collect, Deploy or Repair and where it happens.
    """

    ends: tuple[tuple[int, Program], ...]
    kids: tuple[tuple[int, int, TrieNode], ...]

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


def compile_programs(start: int, counts: tuple[int, ...] = DEFAULT_COUNTS) -> TrieNode:
    """The event trie of every distinct program from cell ``start`` (see
    :mod:`companion.games.transmission.mission_control.solver`).

    Pure; :class:`~companion.games.transmission.mission_control.solver.Solver` keeps one per
    (cell, counts) for the whole process.
    """
    weights = []
    w = 1
    for c in counts:
        weights.append(w)
        w *= c + 1
    kids: list[dict[tuple[int, int], int]] = [{}]
    ends: list[dict[int, Program]] = [{}]
    # Layer node: (cell, used-counts code, trie node) -> least program reaching it (one layer per register).
    layer: dict[tuple[int, int, int], Program] = {(start, 0, 0): ()}
    for _step in range(REGISTERS):
        nxt: dict[tuple[int, int, int], Program] = {}
        for (cell, used, node), program in layer.items():
            for k in range(7):
                if (used // weights[k]) % (counts[k] + 1) >= counts[k]:
                    continue
                if k < MOVES:
                    to = STEP[cell][k]
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

    def build(node: int) -> TrieNode:
        return TrieNode(tuple(sorted(ends[node].items(), key=lambda e: e[1])),
                        tuple((k, cell, build(child)) for (k, cell), child in kids[node].items()))

    return build(0)




def enumerate_outcomes(state: tuple[str, int, str], pairs: Pairs, counts: tuple[int, ...],
                       devices: frozenset[str], order: tuple[int, ...] = tuple(range(7))
                       ) -> list[TransmissionResult]:
    """Every distinct outcome of a viable 5-command program from ``state``, layer by layer.

    The first version's plain enumeration of one transmission, kept as an independent reference for
    :meth:`companion.games.transmission.mission_control.solver.Solver.outcomes` (the tests compare
    them) and as the plain search of ``companion bench planner``: every register is one layer of
    distinct ``(position, cards used, mask)``, each kept with the first program that reaches it.

    :param state: ``(board, cadet, carrying)``.
    :param counts: cards per command, in the order N E S W COLLECT DEPLOY REPAIR.
    :param devices: upper-case letters of the devices (only they can be collected).
    :param order: the expansion order of the command indices (the tie-break between programs).
    :returns: outcomes in discovery order (deterministic).
    """
    acts = act_tables(devices)
    weights = []
    w = 1
    for k in range(7):
        weights.append(w)
        w *= counts[k] + 1
    board0, cadet0, carrying0 = state
    # A layer node: (board, cadet, carrying, used-counts code, mask) -> program.
    layer: dict[tuple[str, int, str, int, int], Program] = {(board0, cadet0, carrying0, 0, 0): ()}
    for step in range(REGISTERS):
        first = move_checks(step)
        nxt: dict[tuple[str, int, str, int, int], Program] = {}
        for (board, cadet, carrying, used, mask), program in layer.items():
            here = board[cadet]
            for k in order:
                wk = weights[k]
                if (used // wk) % (counts[k] + 1) >= counts[k]:
                    continue
                if k < MOVES:
                    c = STEP[cadet][k]
                    if c < 0:
                        continue
                    key = (board, c, carrying, used + wk,
                           completed(board, pairs, mask) if first and pairs else mask)
                else:
                    act = acts[k][here].get(carrying)
                    if act is None:
                        continue
                    tile, held, checks = act
                    b = board[:cadet] + tile + board[cadet + 1:]
                    key = (b, cadet, held, used + wk, completed(b, pairs, mask) if checks and pairs else mask)
                if key not in nxt:
                    nxt[key] = program + (k,)
        layer = nxt
    outcomes: dict[tuple[str, int, str, int], TransmissionResult] = {}
    for (board, cadet, carrying, _used, mask), program in layer.items():
        end = (board, cadet, carrying, mask)
        if end not in outcomes:
            outcomes[end] = TransmissionResult(board, cadet, carrying, mask, program)
    return list(outcomes.values())
