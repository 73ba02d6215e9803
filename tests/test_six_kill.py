"""A Six Actions game killed with SIGKILL mid-game resumes to the identical state (a power cut).

A forked child plays a seeded game (each intent a legal action chosen by a seeded generator from the
position) against a store and reports each intent it finished; the parent kills it right after the
k-th report, in the middle of the next intent, resumes from the database, and compares the record and
the state with the same game played without a store to k or k+1 intents (the one in flight is all or
nothing).
"""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import pytest

from companion.games.six_actions.engine.actions import EndGame, NewRound, Undo
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.stored import KEEPER
from companion.table.store import Store
from six_support import CONTENT

SEATS = [Seat("Ana", "red"), Seat("Ben", "blue"), Seat("Cleo", "green")]
INTENTS = 60


def _play(session: Session, rng: random.Random) -> None:
    """One intent: a legal action the generator picks (undos included)."""
    legal = session.game.legal_actions()
    action = rng.choice(legal)
    if isinstance(action, Undo) and rng.random() < 0.7:  # undo now and then, not half the time
        action = rng.choice([a for a in legal if not isinstance(a, Undo)] or legal)
    if isinstance(action, EndGame) and session.game.state.round < 3:  # play a few rounds first
        action = next(a for a in legal if isinstance(a, NewRound))
    assert session.play(action)


def _reference(seed: int, intents: int) -> Session:
    session = Session.new(CONTENT, SEATS, seed=seed)
    rng = random.Random(seed)
    for _ in range(intents):
        if session.over:
            break
        _play(session, rng)
    return session


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("seed", range(8))
def test_a_killed_game_resumes_identically(tmp_path: Path, seed: int) -> None:
    database = tmp_path / "store.sqlite3"
    kill_after = random.Random(seed).randrange(3, 40)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's side
        os.close(read)
        try:
            store = Store.open(database)
            session = Session.new(CONTENT, SEATS, seed=seed)
            store.begin(session, KEEPER)
            rng = random.Random(seed)
            for _ in range(INTENTS):
                if session.over:
                    break
                _play(session, rng)
                os.write(write, b".")
        finally:
            os._exit(0)
    os.close(write)
    done = 0
    while done < kill_after:
        got = os.read(read, 1)
        if not got:
            break
        done += 1
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    os.close(read)

    store = Store.open(database)
    saved = store.saved_game(store.games()[0].id)  # unfinished, or over if the game ended first
    assert saved is not None and saved.game == "six-actions"
    resumed = store.resume(saved, KEEPER, CONTENT, None)
    store.close()
    assert done == kill_after, "the game ended before the kill"
    candidates = [_reference(seed, done), _reference(seed, done + 1)]
    assert any(
        resumed.game.actions == ref.game.actions and resumed.game.state == ref.game.state
        for ref in candidates
    ), f"killed after {done} intents"
