"""A game killed with SIGKILL at a random moment resumes to the identical state (issue 5).

Each trial is :func:`kill_resume.trial`: a child process plays a scripted game (seeded Mission Control,
scripted Cadet with corrections, boosts, undos and card-by-card placements) against a store; the parent
kills it after a seeded number of finished intents plus a seeded pause, resumes from the database, and
compares record, game state and table state with the same script played without a store, then plays
the script on to the end and compares again.  ``scripts/kill-resume`` runs 200 and prints the count.

Most children are forked from this warm interpreter (the same script without an interpreter's start-up);
every tenth is the script started afresh (``python tests/kill_resume.py child``).  The databases go on a
RAM disk when there is one: SIGKILL leaves the kernel's page cache intact, so a RAM disk tests exactly the
same thing, without an fsync per tap (what ``synchronous=FULL`` is for is a power cut, which no kill
can show).
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import kill_resume
from kill_resume import reference, trial

TRIALS = 50
shots_of = functools.cache(reference)  # each script is played once, for its trial and the coverage test


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    shm = Path("/dev/shm")
    where = shm if shm.is_dir() and shm.stat().st_mode & 0o002 else None
    with tempfile.TemporaryDirectory(prefix="kill-resume-", dir=where) as tmp:
        yield Path(tmp)


@pytest.mark.parametrize("seed", range(TRIALS))
def test_a_game_killed_at_a_random_moment_resumes_identically(seed: int, folder: Path) -> None:
    outcome = trial(seed, folder, shots=shots_of(seed), fork=seed % 10 != 0)
    assert outcome.identical, outcome


def test_the_check_notices_a_resume_that_is_not_the_reference(folder: Path) -> None:
    """The comparison can fail: a database from one script checked against another script's reference."""
    shots = reference(1)
    outcome = trial(1, folder, shots=shots, fork=True)
    assert outcome.identical
    other = reference(2)
    database = folder / "trial-1.sqlite3"
    wrong = kill_resume._check(1, database, other, outcome.kill_after, outcome.reported)
    assert not wrong.identical and wrong.detail != "identical"


def test_the_script_exercises_what_a_resume_must_restore() -> None:
    """Across the trials' scripts: undos, corrections, boosts, mid-decode placements, every screen."""
    kinds: set[str] = set()
    steps: set[str] = set()
    partial = 0
    for seed in range(TRIALS):
        shots = shots_of(seed)
        kinds |= {a["kind"] for a in shots[-1].actions}
        steps |= {s.table["step"] for s in shots}
        partial += sum(1 for s in shots if s.table["step"] == "decode"
                       and 0 < sum(c is not None for c in s.table["arrangement"]) < 5)
    assert {"undo", "correct", "boost", "deal", "error", "execute"} <= kinds
    assert {"board_setup", "thinking", "transmission", "decode", "execute", "mission_complete",
            "end"} <= steps
    assert partial > 100
