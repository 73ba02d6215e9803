"""The rules kernel (engine/kernel.py) and the packed form the searches use (mission_control/encoding.py):
the kernel against RULES.md, and every packed table and search loop against the kernel."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import CELLS, HALLWAY, NEIGHBOURS, SIZE
from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.engine.kernel import (
    CHECKS_MISSIONS,
    Refusal,
    action_refusal,
    completed,
    move,
    move_checks,
    pair_complete,
    play,
    refusal,
)
from companion.games.transmission.mission_control.cadet import legal_orders
from companion.games.transmission.mission_control.encoding import (
    DEFAULT_COUNTS,
    DIST,
    INDEX,
    ORDER,
    STEP,
    TILES,
    Pairs,
    act_tables,
    counts_of,
)
from companion.games.transmission.mission_control.programs import enumerate_outcomes
from companion.games.transmission.mission_control.solver import Solver

CONTENT = default_content()
DEVICES = frozenset(CONTENT.devices)
STATIONS = sorted({m.letter for m in CONTENT.modules} - DEVICES)
HANDS = ("", *sorted(DEVICES))
C = Command


# --------------------------------------------------------------------------- the kernel against RULES.md


def test_moves_follow_the_grid_and_stop_at_its_edge() -> None:
    # RULES.md, The commands: North is up a row, East right a column; the Cadet never leaves the grid.
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        expected = {C.N: (r - 1, c), C.E: (r, c + 1), C.S: (r + 1, c), C.W: (r, c - 1)}
        for command, (nr, nc) in expected.items():
            inside = 0 <= nr < SIZE and 0 <= nc < SIZE
            assert move(cell, command) == (nr * SIZE + nc if inside else -1)


@pytest.mark.parametrize(("command", "here", "carrying", "expected"), [
    (C.REPAIR, ".", "", Refusal.NOTHING_TO_REPAIR),
    (C.REPAIR, "A", "", Refusal.ALREADY_INTACT),
    (C.REPAIR, "a", "", None),
    (C.REPAIR, "s", "A", None),          # a damaged station is repaired too, whatever is carried
    (C.COLLECT, "A", "", None),
    (C.COLLECT, "A", "E", Refusal.HANDS_FULL),
    (C.COLLECT, ".", "", Refusal.NOTHING_TO_COLLECT),
    (C.COLLECT, "S", "", Refusal.STATION),
    (C.COLLECT, "a", "", Refusal.DAMAGED),
    (C.DEPLOY, ".", "A", None),
    (C.DEPLOY, ".", "", Refusal.NOTHING_CARRIED),
    (C.DEPLOY, "E", "A", Refusal.NOT_A_HALLWAY),
    (C.DEPLOY, "s", "A", Refusal.NOT_A_HALLWAY),
])
def test_actions_need_what_the_rules_say(command: Command, here: str, carrying: str,
                                         expected: Refusal | None) -> None:
    assert "A" in DEVICES and "E" in DEVICES and "S" in STATIONS
    assert action_refusal(command, here, carrying, DEVICES) is expected


def test_actions_do_what_the_rules_say() -> None:
    board = "A" + "." * 11 + "e" + "." * 12
    assert play(board, 0, "", C.COLLECT) == ("." * 12 + "e" + "." * 12, 0, "A")
    assert play(board, 12, "", C.REPAIR) == ("A" + "." * 11 + "E" + "." * 12, 12, "")
    assert play(board, 1, "D", C.DEPLOY) == ("AD" + "." * 10 + "e" + "." * 12, 1, "")
    assert play(board, 0, "", C.E) == (board, 1, "")
    assert CHECKS_MISSIONS == set(C)   # RULES.md, Missions: after any single command
    assert move_checks(0) and not any(move_checks(step) for step in range(1, REGISTERS))


def test_a_mission_completes_with_both_modules_intact_and_orthogonally_adjacent() -> None:
    def board(**tiles: str) -> str:
        cells = ["."] * CELLS
        for name, ch in tiles.items():
            cells[int(name[1]) * SIZE + int(name[2])] = ch
        return "".join(cells)

    assert pair_complete(board(c00="A", c01="E"), "a", "E")
    assert pair_complete(board(c00="A", c10="E"), "A", "E")
    assert not pair_complete(board(c00="A", c01="e"), "A", "E")   # damaged
    assert not pair_complete(board(c04="A", c10="E"), "A", "E")   # next in the string, not adjacent
    assert not pair_complete(board(c00="A", c11="E"), "A", "E")   # diagonal
    assert not pair_complete(board(c00="A"), "A", "E")            # carried
    pairs: Pairs = (("X1", "A", "E"), ("X2", "D", "F"), ("X3", "O", "T"))
    b = board(c00="A", c01="E", c22="D", c33="F", c40="O", c41="T")
    assert completed(b, pairs) == 0b101
    assert completed(b, pairs, 0b010) == 0b111   # a completed mission stays completed


# --------------------------------------------------------------------------- the packed tables


def test_the_packed_moves_and_distances_are_the_kernel_s_on_every_cell() -> None:
    for cell in range(CELLS):
        for k in range(4):
            assert STEP[cell][k] == move(cell, ORDER[k])
        for other in range(CELLS):
            assert (DIST[cell][other] == 1) == (other in NEIGHBOURS[cell])
            # The Manhattan distance: the fewest kernel moves from one cell to the other.
            assert DIST[cell][other] == _moves_between(cell, other)


def _moves_between(a: int, b: int) -> int:
    seen, frontier, d = {a}, [a], 0
    while b not in seen:
        frontier = [n for c in frontier for command in ORDER[:4] if (n := move(c, command)) >= 0
                    and n not in seen]
        seen.update(frontier)
        d += 1
    return d


def test_the_packed_actions_are_the_kernel_s_on_every_tile_and_hand() -> None:
    """Every command, every tile a board can hold, every carried device (or none), on every cell."""
    acts = act_tables(DEVICES)
    rng = random.Random(5)
    for cell in range(CELLS):
        for k, command in enumerate(ORDER):
            for here in TILES:
                base = list(_random_board(rng, ""))
                base[cell] = here
                board = "".join(base)
                for held in HANDS:
                    why = refusal(board, cell, held, command, DEVICES)
                    if k < 4:
                        packed = None if STEP[cell][k] < 0 else (board, STEP[cell][k], held)
                        checks = True  # moves are checked too (the searches skip what move_checks proves)
                    else:
                        act = acts[k][here].get(held)
                        packed = None if act is None else (
                            board[:cell] + act.tile + board[cell + 1:], cell, act.carrying)
                        checks = act is not None and act.checks
                    assert (packed is None) == (why is not None), (cell, command, here, held)
                    if packed is not None:
                        assert packed == play(board, cell, held, command), (cell, command, here, held)
                        assert checks == (command in CHECKS_MISSIONS)
    assert counts_of(CONTENT.command_deck) == DEFAULT_COUNTS
    # The command order is the search's tie-break between programs: it must not move.
    assert ORDER == (C.N, C.E, C.S, C.W, C.COLLECT, C.DEPLOY, C.REPAIR)
    assert all(INDEX[c] == k for k, c in enumerate(ORDER))


# --------------------------------------------------------------------------- the search loops


def _random_board(rng: random.Random, carrying: str) -> str:
    """A layout of the default pack's 13 modules (any side up) and 12 hallways; a carried one is off it."""
    tiles = [m.letter if rng.random() < 0.6 else m.letter.lower() for m in CONTENT.modules]
    tiles += [HALLWAY] * (CELLS - len(tiles))
    rng.shuffle(tiles)
    return "".join(HALLWAY if ch.upper() == carrying else ch for ch in tiles)


def _positions() -> Iterator[tuple[str, int, str]]:
    """Every cell as the Cadet's, with every kind of tile under it (hallway, intact or damaged device,
    intact or damaged station) and the carried device cycling through none and every device; the
    neighbours intact, damaged or hallways at random."""
    rng = random.Random(11)
    kinds = ("hallway", "device", "damaged device", "station", "damaged station")
    for n, (cell, kind) in enumerate(itertools.product(range(CELLS), kinds)):
        carrying = HANDS[n % len(HANDS)]
        board = list(_random_board(rng, carrying))
        letters = {"device": sorted(DEVICES - {carrying}), "station": STATIONS}
        if kind == "hallway":
            want = HALLWAY
            there = board.index(HALLWAY)
        else:
            letter = rng.choice(letters[kind.split()[-1]])
            want = letter.lower() if kind.startswith("damaged") else letter
            there = next(i for i, ch in enumerate(board) if ch.upper() == letter)
        board[there], board[cell] = board[cell], board[there]
        board[cell] = want
        yield "".join(board), cell, carrying


End = tuple[str, int, str, int]


def _reference(board: str, cadet: int, carrying: str, pairs: Pairs) -> dict[tuple[int, ...], End]:
    """Every viable program within the default deck, run command by command with the kernel alone."""
    out: dict[tuple[int, ...], End] = {}
    left = list(DEFAULT_COUNTS)

    def walk(b: str, c: int, h: str, mask: int, program: tuple[int, ...]) -> None:
        if len(program) == REGISTERS:
            out[program] = (b, c, h, mask)
            return
        for k, command in enumerate(ORDER):
            if not left[k] or refusal(b, c, h, command, DEVICES) is not None:
                continue
            nb, nc, nh = play(b, c, h, command)
            left[k] -= 1
            checked = completed(nb, pairs, mask) if command in CHECKS_MISSIONS else mask
            walk(nb, nc, nh, checked, program + (k,))
            left[k] += 1

    walk(board, cadet, carrying, 0, ())
    return out


def _pairs_for(board: str, rng: random.Random) -> Pairs:
    letters = sorted({m.letter for m in CONTENT.modules})
    return tuple(sorted((f"X{i}", *rng.sample(letters, 2)) for i in range(rng.randint(1, 3))))


def test_every_search_loop_runs_every_program_as_the_kernel_does() -> None:
    """Solver.runs, Solver.outcomes, cadet.legal_orders and programs.enumerate_outcomes, on every cell,
    tile kind and carried device: the same viable programs, end positions and completed missions.

    The random pairs include some already intact side by side at the start (12 of the 125 positions):
    the kernel checks after every command, the searches check moves at register 1 only."""
    rng = random.Random(3)
    positions = list(_positions())
    assert {p[1] for p in positions} == set(range(CELLS))
    assert {p[2] for p in positions} == set(HANDS)
    solver = Solver(DEVICES)
    for n, (board, cadet, carrying) in enumerate(positions):
        # Missions that the pieces nearby can complete, so the masks are exercised.
        pairs = _pairs_for(board, rng)
        truth = _reference(board, cadet, carrying, pairs)
        assert truth, (board, cadet, carrying)
        runs = {r.program: (r.board, r.cadet, r.carrying, r.mask)
                for r in solver.runs(board, cadet, carrying, pairs)}
        assert runs == truth, (board, cadet, carrying)
        orders = legal_orders(board, cadet, carrying, (-1,) * REGISTERS, DEFAULT_COUNTS, DEVICES, pairs)
        assert {o.program: (o.board, o.cadet, o.carrying, o.mask) for o in orders} == truth
        # The distinct outcomes, each with its least program.
        least: dict[End, tuple[int, ...]] = {}
        for program in sorted(truth):
            least.setdefault(truth[program], program)
        outcomes = solver.outcomes(board, cadet, carrying, pairs)
        assert {(o.board, o.cadet, o.carrying, o.mask): o.program for o in outcomes} == least
        if n % 7 == 0:  # the plain enumeration is slower: a seventh of the positions, every tile kind
            plain = enumerate_outcomes((board, cadet, carrying), pairs, DEFAULT_COUNTS, DEVICES)
            assert {(o.board, o.cadet, o.carrying, o.mask) for o in plain} == set(least)
