"""The balance run from its command line (companion/games/transmission/lab/balance.py ``main``): a small
trial run never
replaces bigger cached cells, and Ctrl-C ends it with one line, exit 130 and a valid cache."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.lab import balance
from companion.games.transmission.lab.balance import DIFFICULTIES, cell_key
from companion.games.transmission.lab.balance_cells import load
from companion.games.transmission.lab.simulate import MISSION_CONTROLS, SimulationResult

BIG = ("python -m companion.games.transmission.lab.balance --games 1000 --seed 0 --jobs 2 --cadet reasoning "
       "--keep")
REASONING = [cell_key(d, m, "reasoning") for d in DIFFICULTIES for m in MISSION_CONTROLS]


def fake_simulate(monkeypatch: pytest.MonkeyPatch, played: list[tuple[str, int, int]],
                  interrupt_at: int | None = None) -> None:
    """Cells play instantly (half the games won); ``interrupt_at``: that call raises KeyboardInterrupt."""
    def fake(content: object, games: int, difficulty: str, seed: int, *, cadet: str, mc: str,
             jobs: int, first: int = 0) -> SimulationResult:
        if interrupt_at is not None and len(played) == interrupt_at:
            raise KeyboardInterrupt
        played.append((cell_key(difficulty, mc, cadet), first, games))
        return SimulationResult(games, games // 2, 0.5, 6.0, 100.0, 1.0, 1)

    monkeypatch.setattr(balance, "simulate", fake)


def big_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> tuple[Path, Path]:
    """A page and cache whose reasoning rows hold 1,000 games each, played by ``code``."""
    out, cache = tmp_path / "balance.md", tmp_path / "balance.json"
    fake_simulate(monkeypatch, [])
    balance.run(default_content(), 1000, 0, 2, cache, out, command=BIG, cadets=("reasoning",))
    data = json.loads(cache.read_text(encoding="utf-8"))
    for cell in data["cells"].values():
        cell["code"] = cell["parts"][0]["code"] = code
    cache.write_text(json.dumps(data), encoding="utf-8")
    out.write_text(balance.render(data), encoding="utf-8")
    return out, cache


@pytest.mark.parametrize("keep", [False, True])
def test_a_tiny_run_of_other_code_leaves_the_bigger_cells_and_says_so_once_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        keep: bool) -> None:
    out, cache = big_cache(tmp_path, monkeypatch, "older code")
    before, page = cache.read_bytes(), out.read_text(encoding="utf-8")
    played: list[tuple[str, int, int]] = []
    fake_simulate(monkeypatch, played)
    caplog.set_level(logging.INFO)
    argv = ["--games", "3", "--jobs", "1", "--cadet", "reasoning", "--out", str(out), *(["--keep"] * keep)]
    assert balance.main(argv) == 0
    assert played == []
    assert cache.read_bytes() == before and out.read_text(encoding="utf-8") == page
    assert f"```\n{BIG}\n```" in page
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    if keep:  # the same seed, and --keep: 1,000 games are at least the 3 asked, so each cell is done
        assert warnings == []
        return
    assert len(warnings) == 9  # one per cell, and the summary
    assert sorted(w.split(":")[0] for w in warnings[:8]) == sorted(REASONING)
    for warning in warnings[:8]:
        key = warning.split(":")[0]
        assert warning.startswith(f"{key}: left as it is: its 1000 cached games cannot count towards this "
                                  f"run: the cell was played by other code, older code (today's is ")
        assert "--games 1000 --seed 0" in warning and "--out /tmp/balance.md" in warning
        assert f"--keep (check it first with --replay {key})" in warning
    assert warnings[8].startswith("8 cells left as they are: they hold more games than this run's 3")


def test_a_tiny_run_of_another_seed_leaves_the_bigger_cells_and_plays_the_missing_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    out, cache = big_cache(tmp_path, monkeypatch, balance.fingerprint())
    data = json.loads(cache.read_text(encoding="utf-8"))
    del data["cells"][REASONING[0]]  # not cached: played
    data["cells"][REASONING[1]].update(games=2, wins=1, transmissions=12, score=200)  # fewer: played again
    cache.write_text(json.dumps(data), encoding="utf-8")
    played: list[tuple[str, int, int]] = []
    fake_simulate(monkeypatch, played)
    caplog.set_level(logging.INFO)
    assert balance.main(["--games", "3", "--seed", "5", "--jobs", "1", "--cadet", "reasoning",
                         "--out", str(out), "--keep"]) == 0
    assert sorted(played) == sorted([(REASONING[0], 0, 3), (REASONING[1], 0, 3)])
    cells = load(cache)["cells"]
    assert [cells[key]["games"] for key in REASONING] == [3, 3] + [1000] * 6
    assert cells[REASONING[2]] == data["cells"][REASONING[2]]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 7 and warnings[-1].startswith("6 cells left as they are")
    assert "the cell was played with seed 0, this run's is 5;" in warnings[0]
    assert "--replay" not in warnings[0]  # --keep cannot keep another seed's games
    # A cell was played: the page's command is this run's now.
    command = ("python -m companion.games.transmission.lab.balance --games 3 --seed 5 --jobs 1 "
               "--cadet reasoning --keep")
    assert f"```\n{command}\n```" in out.read_text(encoding="utf-8")


def test_ctrl_c_says_interrupted_exits_130_and_saves_only_finished_cells(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    played: list[tuple[str, int, int]] = []
    fake_simulate(monkeypatch, played, interrupt_at=1)
    out = tmp_path / "balance.md"
    assert balance.main(["--games", "3", "--jobs", "0", "--cadet", "reasoning", "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "python -m companion.games.transmission.lab.balance: interrupted"
    assert "Traceback" not in err
    cells = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))["cells"]
    assert list(cells) == [played[0][0]] == [cell_key("standard", "shortest", "reasoning")]
    assert "| standard | robust | reasoning | - |" in out.read_text(encoding="utf-8")  # not half-saved


def test_ctrl_c_on_every_core_prints_one_line_and_no_traceback(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    proc = subprocess.Popen([sys.executable, "-m", "companion.games.transmission.lab.balance",
                             "--games", "2000", "--jobs", "0",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env={**os.environ, "TQDM_DISABLE": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(5)
    os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the whole process group
    stdout, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (stdout, err)
    assert err.splitlines()[-1] == "python -m companion.games.transmission.lab.balance: interrupted", err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert not (tmp_path / "balance.json").exists()  # the first cell of 2,000 games was not finished
