"""Kill a scripted game with SIGKILL at a random moment, resume it, and check nothing was lost (issue 5).

A *trial* (seeded):

1. The script (a seeded Mission Control and a scripted Cadet: board corrections, Signal Boosts, undos,
   card placements one at a time mid-decode, wrong placements taken back, execution steps shown) is
   played in this process without a store, keeping the record, game state and table state after
   every intent: the reference.
2. A child process (``python tests/kill_resume.py child DB SEED``) plays the same script against a
   store at DB, writing the number of each intent it has finished (and so committed) to stdout.
3. After a seeded number of those lines and a seeded pause of up to 3 ms (so the kill lands inside
   intents too), the parent sends SIGKILL.
4. The parent opens the store and resumes the unfinished game.  The resume is *identical* when the
   resumed record, game state and table state equal the reference after the last intent reported, or
   after the one in progress (committed but not yet reported).  Then the script goes on from there on
   the resumed session, still saving; its end and the record in the store must equal the reference's.

``python tests/kill_resume.py run --trials 200`` (what ``scripts/kill-resume`` runs) prints the count
of identical resumes.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path
from typing import Any, TextIO

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES, BoostKind
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import REGISTERS, GameState, rules_for
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.session import LEAVE_OUT, Session, Step
from companion.games.transmission.stored import KEEPER
from companion.lab.progress import note, progress
from companion.table.store import Store

CONTENT = default_content()
RULES = rules_for(CONTENT)
DECK = [c for c, n in CONTENT.command_deck.items() for _ in range(n)]
MAX_INTENTS = 3000
HERE = Path(__file__).resolve()


class SeededChooser:
    """A plain Mission Control whose pick depends only on the seed and the position, so a resumed
    game picks as the original would have."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        """Of 40 random viable picks, the first that completes the most missions."""
        rng = random.Random(f"{self.seed}:{view.transmissions_left}:{view.position}")
        best: tuple[int, list[Command]] | None = None
        tries = 0
        while best is None or tries < 40:
            pick = rng.sample(DECK, REGISTERS)
            if RULES.viable(view.position, pick):
                done = len(RULES.execute(view.position, pick, view.missions).completions)
                if best is None or done > best[0]:
                    best, tries = (done, pick), 0
                tries += 1
        return best[1]


def setup(seed: int) -> tuple[str, str, str]:
    """Difficulty, layout and undo mode of trial ``seed``."""
    rng = random.Random(f"setup:{seed}")
    return rng.choice(DIFFICULTY_NAMES), rng.choice(("standard", "beginner")), rng.choice(("honor", "off"))


def new_session(seed: int) -> Session:
    difficulty, layout, undo = setup(seed)
    return Session(CONTENT, SeededChooser(seed), difficulty, layout, seed, undo=undo)


# --------------------------------------------------------------------------- the scripted Cadet


def legal_order(session: Session, rng: random.Random) -> list[str]:
    """Some legal arrangement of the Cadet's cards (the intended one always is)."""
    state = session.game.state
    free = [k for k in range(REGISTERS) if state.registers[k] is None]
    hand = list(state.hand)
    rng.shuffle(hand)
    for pick in permutations(hand, len(free)):
        order = list(state.registers)
        for k, card in zip(free, pick):
            order[k] = card
        if RULES.viable(state.position, [card_command(c) for c in order if c is not None]):
            return [c for c in order if c is not None]
    raise AssertionError("no legal order of the Cadet's cards")  # a correction guards against this


def moved_cadet(session: Session, rng: random.Random) -> bool:
    """A board correction: the Cadet put back on another cell (may be refused, which is fine)."""
    view = session.view()
    cell = (rng.randrange(5), rng.randrange(5))
    return session.correct_board(list(view.rows), cell, view.carrying)


def use_a_boost(session: Session, rng: random.Random) -> bool:
    view = session.view()
    boost = rng.choice(view.boosts)
    if boost.kind is BoostKind.CLEAR_SIGNAL:
        return session.use_boost(boost.id, register=rng.randint(1, REGISTERS))
    if boost.kind is BoostKind.CROSS_CHECK and view.hand:
        return session.use_boost(boost.id, card=rng.choice(view.hand).id)
    return session.use_boost(boost.id)


def decode(session: Session, seed: int, rng: random.Random) -> bool:
    state = session.game.state
    r = rng.random()
    if r < 0.06 and state.boosts:
        return use_a_boost(session, rng)
    if r < 0.10:
        return session.undo()
    if r < 0.13:
        return moved_cadet(session, rng)
    if r < 0.22:
        placed = [c for c in session.arrangement if c is not None and c in state.hand] + session.left_out
        if placed:
            return session.take_back(rng.choice(placed))
        return session.place(rng.choice(state.hand), rng.randint(0, REGISTERS))
    # Mostly Mission Control's intended order (the script may peek: it is a test), else another legal one.
    key = random.Random(f"{seed}:target:{len(session.game.actions)}")
    intended = list(state.intended)
    if key.random() < 0.75 and RULES.viable(state.position, [card_command(c) for c in intended]):
        target = intended
    else:
        target = legal_order(session, key)
    for k, card in enumerate(target, start=1):
        if session.arrangement[k - 1] != card:
            return session.place(card, k)
    rest = [c for c in state.hand if c not in target and c not in session.left_out]
    if rest and rng.random() < 0.5:
        return session.place(rest[0], LEAVE_OUT)
    return session.execute()


def intent(session: Session, seed: int, number: int) -> None:
    """The script's intent ``number`` (1, 2, ...): a function of the seed, the number and the session
    only, so a resumed session goes on exactly as the original."""
    rng = random.Random(f"{seed}:{number}")
    step = session.step
    r = rng.random()
    if step is Step.BOARD_SETUP:
        if r < 0.15:
            moved_cadet(session, rng)
        elif r < 0.25:
            session.undo()
        else:
            session.confirm()
    elif step is Step.THINKING:
        session.choose_now()
    elif step is Step.DECODE:
        decode(session, seed, rng)
    elif step is Step.EXECUTE:
        if r < 0.12:
            session.undo()
        elif r < 0.45:
            session.next_step()
        elif r < 0.55:
            session.previous_step()
        elif r < 0.6:
            moved_cadet(session, rng)
        else:
            session.confirm()
    else:  # Transmission, Mission complete
        session.confirm()


# --------------------------------------------------------------------------- reference and child


@dataclass(frozen=True)
class Snapshot:
    actions: tuple[Any, ...]
    state: GameState
    table: dict[str, Any]


def snapshot(session: Session) -> Snapshot:
    return Snapshot(tuple(session.record()["actions"]), session.game.state, session.table_state())


def reference(seed: int) -> list[Snapshot]:
    """The script played without a store: the snapshot before intent 1, then after each intent."""
    session = new_session(seed)
    shots = [snapshot(session)]
    while not session.over:
        if len(shots) > MAX_INTENTS:
            raise AssertionError(f"seed {seed}: the script did not end in {MAX_INTENTS} intents")
        intent(session, seed, len(shots))
        shots.append(snapshot(session))
    return shots


def child(database: Path, seed: int, out: TextIO) -> int:
    """The child's side: play the script against a store, reporting each intent finished on ``out``."""
    store = Store.open(database)
    session = new_session(seed)
    store.begin(session, KEEPER)
    out.write("0\n")
    out.flush()
    number = 1
    while not session.over:
        intent(session, seed, number)
        out.write(f"{number}\n")
        out.flush()
        number += 1
    store.close()
    return 0


# --------------------------------------------------------------------------- one trial


@dataclass(frozen=True)
class Trial:
    seed: int
    kill_after: int
    reported: int
    resumed_at: int | None
    identical: bool
    detail: str


def _lines(stream: Any, count: int) -> int:
    """Read ``count`` progress lines; the last number read (-1 when none)."""
    last = -1
    for _ in range(count):
        line = stream.readline()
        if not line:
            break
        last = int(line)
    return last


def _forked(database: Path, seed: int) -> tuple[int, TextIO]:
    """A child forked from this (warm) interpreter: no start-up cost, the same script."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: play, then leave without running the parent's exit handlers
        code = 1
        try:
            os.close(read)
            with os.fdopen(write, "w") as out:
                code = child(database, seed, out)
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    os.close(write)
    return pid, os.fdopen(read)


def trial(seed: int, folder: Path, shots: list[Snapshot] | None = None, fork: bool = False) -> Trial:
    """One kill-and-resume trial (see the module docstring).

    :param fork: fork the child from this interpreter instead of starting ``python kill_resume.py
        child`` (the same script, without an interpreter's start-up: what the test suite does).
    """
    shots = reference(seed) if shots is None else shots
    rng = random.Random(f"kill:{seed}")
    kill_after = rng.randrange(len(shots))  # progress lines to wait for: 0 kills before the game row
    pause = rng.uniform(0.0, 0.003)
    database = folder / f"trial-{seed}.sqlite3"
    proc: subprocess.Popen[str] | None = None
    if fork:
        pid, stream = _forked(database, seed)
    else:
        proc = subprocess.Popen([sys.executable, str(HERE), "child", str(database), str(seed)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        pid, stream = proc.pid, proc.stdout
    reported = _lines(stream, kill_after)
    time.sleep(pause)
    os.kill(pid, signal.SIGKILL)
    tail = stream.read().split()
    reported = int(tail[-1]) if tail else reported
    stream.close()
    status = proc.wait() if proc is not None else os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if status not in (0, -signal.SIGKILL):
        return Trial(seed, kill_after, reported, None, False, f"the child failed with status {status}")
    return _check(seed, database, shots, kill_after, reported)


def _check(seed: int, database: Path, shots: list[Snapshot], kill_after: int, reported: int) -> Trial:
    def result(at: int | None, ok: bool, detail: str) -> Trial:
        return Trial(seed, kill_after, reported, at, ok, detail)

    with Store.open(database) as store:
        if store.notice:
            return result(None, False, f"the store was not usable after the kill: {store.notice}")
        saved = store.unfinished()
        if saved is None:
            games = store.games()
            if not games and reported < 0:
                return result(None, True, "killed before the game was begun; nothing to resume")
            if games and games[0].result in ("won", "lost") and reported >= len(shots) - 2:
                finished = store.saved_game(games[0].id)
                ok = finished is not None and tuple(finished.record["actions"]) == shots[-1].actions
                detail = "finished before the kill" + ("" if ok else ": record differs")
                return result(len(shots) - 1, ok, detail)
            return result(None, False, f"no unfinished game after {reported} intents reported")
        session = store.resume(saved, KEEPER, CONTENT, SeededChooser(seed))
        now = snapshot(session)
        candidates = [j for j in (reported, reported + 1) if 0 <= j < len(shots)]
        at = next((j for j in candidates if shots[j] == now), None)
        if at is None:
            near = candidates[0] if candidates else 0
            return result(None, False, _difference(shots[near], now))
        number = at + 1
        while not session.over:
            intent(session, seed, number)
            number += 1
        final = snapshot(session)
        game_id = saved.id
    if final != shots[-1]:
        why = _difference(shots[-1], final)
        return result(at, False, f"after the resume the game went on differently: {why}")
    with Store.open(database) as store:
        stored = store.saved_game(game_id)
    if (stored is None or tuple(stored.record["actions"]) != shots[-1].actions
            or stored.table != shots[-1].table):
        return result(at, False, "the store's record after the resumed game differs from the reference")
    return result(at, True, "identical")


def _difference(expected: Snapshot, got: Snapshot) -> str:
    if expected.actions != got.actions:
        return f"record: {len(got.actions)} actions, expected {len(expected.actions)}"
    if expected.table != got.table:
        keys = [k for k in expected.table if expected.table.get(k) != got.table.get(k)]
        return f"table state differs in {keys}: {[got.table.get(k) for k in keys]}"
    return "game state differs"


# --------------------------------------------------------------------------- command line


def run(trials: int, first_seed: int, folder: Path | None) -> int:
    identical = 0
    started = time.monotonic()
    if folder is None and Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK):
        folder = Path("/dev/shm")  # a RAM disk: a kill keeps the page cache, so it tests the same thing
    with tempfile.TemporaryDirectory(prefix="kill-resume-", dir=folder) as tmp:
        for seed in progress(range(first_seed, first_seed + trials), desc="trials", unit="trial"):
            outcome = trial(seed, Path(tmp))
            identical += outcome.identical
            if not outcome.identical:
                note(f"seed {seed}: killed after {outcome.reported} intents: {outcome.detail}")
    seconds = time.monotonic() - started
    print(f"{identical} of {trials} resumes identical "
          f"({seconds:.1f} s, {seconds / max(trials, 1):.2f} s a trial)")
    return 0 if identical == trials else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="run trials and print the count of identical resumes")
    run_parser.add_argument("--trials", type=int, default=200)
    run_parser.add_argument("--seed", type=int, default=0, help="seed of the first trial")
    run_parser.add_argument("--folder", type=Path, default=None, help="where the trial databases go")
    child_parser = sub.add_parser("child", help="(internal) play the script against a store")
    child_parser.add_argument("database", type=Path)
    child_parser.add_argument("seed", type=int)
    args = parser.parse_args(argv)
    if args.command == "child":
        return child(args.database, args.seed, sys.stdout)
    return run(args.trials, args.seed, args.folder)


if __name__ == "__main__":
    sys.exit(main())
