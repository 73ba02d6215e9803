"""``companion simulate``'s numbers (tester X4): every bad ``--games``, ``--jobs`` or ``--seed`` is
argparse's usage error naming the option and its range (exit 2), never an internal error or a batch
that never ends."""

from __future__ import annotations

import pytest

from companion.cli.main import EXIT_USAGE
from companion.entry import main
from companion.games.transmission.cli import MAX_GAMES, MAX_JOBS

HUGE = "99999999999999999999"


@pytest.mark.parametrize("jobs", ["1", "0"])
def test_more_games_than_the_maximum_is_a_usage_error_naming_games(
        jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    # --jobs 1 was an OverflowError (exit 1), --jobs 0 ran until Ctrl-C
    assert main(["simulate", "--games", HUGE, "--jobs", jobs]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: companion simulate")
    assert f"argument --games: must be at most 10,000,000, not {HUGE}" in captured.err
    assert "internal error" not in captured.err
    assert main(["simulate", "--games", str(MAX_GAMES + 1)]) == EXIT_USAGE
    assert "must be at most 10,000,000, not 10000001" in capsys.readouterr().err


@pytest.mark.parametrize(("games", "said"), [("0", "must be at least 1, not 0"),
                                             ("-5", "must be at least 1, not -5"),
                                             ("ten", "not a whole number: 'ten'"),
                                             ("9" * 5000, "not a whole number: '99999999999999999999'")])
def test_every_bad_number_of_games_is_said_the_same_way(games: str, said: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", games]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert f"argument --games: {said}" in err and len(err) < 2000  # a long value is not repeated whole


@pytest.mark.parametrize("jobs", ["-1", str(MAX_JOBS + 1), HUGE, "two"])
def test_a_bad_number_of_jobs_gets_the_usage_form_of_every_other_bad_flag(
        jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--jobs", jobs]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("usage: companion simulate")
    assert "companion simulate: error: argument --jobs: " in err
    if jobs != "two":
        assert f"must be 0 (every core) to {MAX_JOBS}, not {jobs}" in err


@pytest.mark.parametrize("seed", ["-1", "1000000000", HUGE])
def test_the_batch_seed_takes_what_a_games_seed_takes(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--seed", seed]) == EXIT_USAGE
    assert "argument --seed: a seed is a whole number from 0 to 999,999,999" in capsys.readouterr().err


def test_the_limits_are_in_the_help_and_the_largest_values_are_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "how many games, 1 to 10,000,000 (default: 100)" in text
    assert f"0 (every core) to {MAX_JOBS} (default: 0)" in text
    assert "seed of the batch, 0 to 999,999,999 (default: 0)" in text
    assert main(["simulate", "--games", "1", "--jobs", str(MAX_JOBS), "--seed", "999999999",
                 "--difficulty", "training"]) == 0  # jobs beyond the games are not started
    assert "1 game at training difficulty, seed 999999999" in capsys.readouterr().out  # not "1 games"


def _processes() -> dict[int, tuple[int, str]]:
    """Every process this user can see: pid -> (parent pid, command line)."""
    import os

    found: dict[int, tuple[int, str]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8", errors="replace") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        found[int(name)] = (parent, command)
    return found


def _started(root: int) -> tuple[bool, int]:
    """Whether ``root`` has started its forkserver yet, and how many workers that has forked."""
    table = _processes()
    servers = [pid for pid, (parent, command) in table.items()
               if parent == root and "multiprocessing.forkserver" in command]
    return bool(servers), sum(1 for parent, _ in table.values() if parent in servers)


# The forkserver's start is a short window (its interpreter importing `site`): three tries at it.
@pytest.mark.parametrize("moment", ["forkserver"] * 3 + ["workers"], ids=["forkserver-1", "forkserver-2",
                                                                          "forkserver-3", "workers"])
def test_ctrl_c_while_the_processes_start_is_one_line_and_exit_130(moment: str) -> None:
    """A Ctrl-C (SIGINT to the whole process group, as a terminal sends it) the moment the forkserver
    starts, or its workers: no worker's traceback, no "Fatal Python error" of a half-started
    interpreter, only the parent's one line."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "companion", "simulate", "--games", "2000", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            forkserver, workers = _started(proc.pid)
            if (forkserver and moment == "forkserver") or workers >= 1:
                break
            time.sleep(0.002)
        else:
            pytest.fail(f"no {moment} within 60 s")
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, (out, err)
    assert err.splitlines() == ["companion simulate: interrupted"], err
