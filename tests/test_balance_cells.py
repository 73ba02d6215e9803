"""Extending a cached balance cell (companion/games/transmission/lab/balance.py, balance_cells.py): games
N..M-1 only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.lab import balance
from companion.games.transmission.lab.balance import cell_key, render
from companion.games.transmission.lab.balance_cells import merge, parts, tallies
from companion.games.transmission.lab.simulate import SimulationResult, simulate

CONTENT = default_content()
CELL = ("training", "shortest", "perfect")
KEY = cell_key(*CELL)
#: The fields a run of the same games must reproduce exactly (not the timings, parts, commit or code).
TALLIES = ("difficulty", "mc", "cadet", "seed", "games", "wins", "transmissions", "score",
           "mean_transmissions", "mean_score")


def one_cell(monkeypatch: pytest.MonkeyPatch, played: list[tuple[int, int]]) -> None:
    """Make the table a single fast cell, played by the real simulation; record (first, games) per call."""
    def recording(content: object, games: int, difficulty: str, seed: int, *, cadet: str, mc: str,
                  jobs: int, first: int = 0) -> SimulationResult:
        played.append((first, games))
        return simulate(CONTENT, games, difficulty, seed, cadet=cadet, mc=mc, jobs=jobs, first=first)

    monkeypatch.setattr(balance, "_cells", lambda: [CELL])
    monkeypatch.setattr(balance, "simulate", recording)


def test_a_cell_extended_from_3_to_6_games_equals_6_games_played_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    one_cell(monkeypatch, played)
    fresh = balance.run(CONTENT, 6, 4, 1, tmp_path / "fresh.json", tmp_path / "fresh.md")["cells"][KEY]
    assert played == [(0, 6)]
    played.clear()
    cache, out = tmp_path / "balance.json", tmp_path / "balance.md"
    balance.run(CONTENT, 3, 4, 1, cache, out)
    extended = balance.run(CONTENT, 6, 4, 1, cache, out)["cells"][KEY]
    assert played == [(0, 3), (3, 3)]  # only games 3..5 were played the second time
    assert {k: extended[k] for k in TALLIES} == {k: fresh[k] for k in TALLIES}
    assert [(p["first"], p["games"]) for p in extended["parts"]] == [(0, 3), (3, 3)]
    assert sum(p["wins"] for p in extended["parts"]) == extended["wins"]
    assert json.loads(cache.read_text(encoding="utf-8"))["cells"][KEY] == extended
    page = out.read_text(encoding="utf-8")
    assert "| training | shortest | perfect | 6 |" in page
    assert f"- games 0-2 of 1 cell: commit {extended['parts'][0]['commit']}" in page
    assert "- games 3-5 of 1 cell" in page
    played.clear()
    balance.run(CONTENT, 6, 4, 1, cache, out)
    assert played == []  # done


def test_a_cell_of_other_code_is_extended_only_with_keep_and_then_names_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    one_cell(monkeypatch, played)
    cache, out = tmp_path / "balance.json", tmp_path / "balance.md"
    balance.run(CONTENT, 3, 4, 1, cache, out)
    data = json.loads(cache.read_text(encoding="utf-8"))
    old = data["cells"][KEY]
    for key in ("parts", "transmissions", "score"):  # a cell written before parts and totals were kept
        del old[key]
    old.update(code="0ld0ld0ld0ld0ld0", commit="8e250d0")
    cache.write_text(json.dumps(data), encoding="utf-8")
    played.clear()
    kept = balance.run(CONTENT, 6, 4, 1, cache, out, keep=True)["cells"][KEY]
    assert played == [(3, 3)]
    assert kept["code"] == f"0ld0ld0ld0ld0ld0+{balance.fingerprint()}"
    assert kept["commit"].startswith("8e250d0+")
    assert [(p["first"], p["games"], p["code"]) for p in kept["parts"]][0] == (0, 3, "0ld0ld0ld0ld0ld0")
    assert "- games 0-2 of 1 cell: commit 8e250d0, code 0ld0ld0ld0ld0ld0" in out.read_text(encoding="utf-8")
    played.clear()
    again = balance.run(CONTENT, 6, 4, 1, cache, out)["cells"][KEY]  # without keep: mixed code is stale
    assert played == [(0, 6)] and [p["first"] for p in again["parts"]] == [0]
    assert {k: again[k] for k in TALLIES} == {k: kept[k] for k in TALLIES}


def test_a_cell_of_other_code_or_seed_is_played_from_game_0_and_more_games_count_as_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    one_cell(monkeypatch, played)
    cache, out = tmp_path / "balance.json", tmp_path / "balance.md"
    balance.run(CONTENT, 3, 4, 1, cache, out)
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["cells"][KEY]["code"] = "older code"
    cache.write_text(json.dumps(data), encoding="utf-8")
    played.clear()
    balance.run(CONTENT, 4, 4, 1, cache, out)  # other code, fewer games cached: played again
    balance.run(CONTENT, 5, 5, 1, cache, out)  # another seed: other games
    assert played == [(0, 4), (0, 5)]
    before = cache.read_bytes()
    for games in (2, 5):  # same seed and code, at least the games asked: done, and not cut
        kept = balance.run(CONTENT, games, 5, 1, cache, out, command=f"--games {games}")["cells"][KEY]
        assert played == [(0, 4), (0, 5)] and kept["games"] == 5
    assert cache.read_bytes() == before
    assert "| training | shortest | perfect | 5 |" in out.read_text(encoding="utf-8")


def test_merge_adds_the_parts_and_reads_old_cells() -> None:
    old = {"difficulty": "hard", "mc": "robust", "cadet": "reasoning", "games": 500, "wins": 199,
           "mean_transmissions": 6.36, "mean_score": 371.12, "seconds": 600.0, "jobs": 2, "seed": 0,
           "code": "8cff4f3d042b2009", "commit": "8e250d0"}
    assert tallies(old) == (500, 199, 3180, 185560)
    assert tallies({"games": 5, "wins": 6, "mean_transmissions": 1, "mean_score": 1}) is None
    assert tallies({"games": "many"}) is None and tallies(None) is None
    new = {"first": 500, "games": 500, "wins": 201, "transmissions": 3201, "score": 185001,
           "seconds": 200.0, "jobs": 1, "code": "917df3cd63e6d714", "commit": "abc1234"}
    cell = merge("hard", "robust", "reasoning", 0, [*parts(old), new])
    assert (cell["games"], cell["wins"], cell["transmissions"], cell["score"]) == (1000, 400, 6381, 370561)
    assert cell["mean_transmissions"] == 6.381 and cell["mean_score"] == 370.561
    assert cell["seconds"] == 800.0 and cell["games_per_minute_per_core"] == 60 * 1000 / 1400
    assert cell["commit"] == "8e250d0+abc1234"
    page = render({"cells": {cell_key("hard", "robust", "reasoning"): cell}})
    assert "| hard | robust | reasoning | 1000 | 400 | 40.0% |" in page
    assert "- games 500-999 of 1 cell: commit abc1234, code 917df3cd63e6d714" in page


def test_replay_compares_a_cached_cell_with_todays_code(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    one_cell(monkeypatch, played)
    cache, out = tmp_path / "balance.json", tmp_path / "balance.md"
    balance.run(CONTENT, 4, 4, 1, cache, out)
    assert balance.replay(CONTENT, cache, [KEY], 1) == 0
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["cells"][KEY]["score"] += 1
    cache.write_text(json.dumps(data), encoding="utf-8")
    assert balance.replay(CONTENT, cache, [KEY], 1) == 1
    assert balance.replay(CONTENT, cache, ["training/oracle/uniform"], 1) == 2
    assert played == [(0, 4), (0, 4), (0, 4)]


def test_the_page_says_how_to_play_the_cells_a_cadet_filter_left_out() -> None:
    cell = merge("hard", "robust", "reasoning", 0, [
        {"first": 0, "games": 10, "wins": 4, "transmissions": 60, "score": 3000, "seconds": 5.0, "jobs": 2,
         "code": "c0de", "commit": "abc1234"}])
    command = ("python -m companion.games.transmission.lab.balance --games 10 --seed 0 --jobs 2 "
               "--cadet reasoning --keep")
    page = render({"command": command, "cells": {cell_key("hard", "robust", "reasoning"): cell}})
    assert f"```\n{command}\n```" in page
    assert "31 cells are not run yet: run the command above without `--cadet` to continue." in page
    page = render({"command": "python -m companion.games.transmission.lab.balance --games 10", "cells": {}})
    assert "32 cells are not run yet: run the command above to continue." in page
