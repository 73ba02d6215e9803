"""The balance table (companion/games/transmission/lab/balance.py): intervals, the page, and a run that
resumes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.lab import balance
from companion.games.transmission.lab.balance import DIFFICULTIES, cell_key, newcombe, render, wilson
from companion.games.transmission.lab.balance_cells import load
from companion.games.transmission.lab.simulate import SimulationResult


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_interval_matches_the_published_example() -> None:
    # Newcombe (1998), example (a): 56/70 against 48/80 -> 0.2000, 95% CI 0.0524 to 0.3339.
    d, low, high = newcombe(56, 70, 48, 80)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)


def cell(d: str, mc: str, cadet: str, wins: int, games: int = 1000) -> dict[str, object]:
    return {"difficulty": d, "mc": mc, "cadet": cadet, "games": games, "wins": wins,
            "mean_transmissions": 6.5, "mean_score": 123.4, "seconds": 60.0, "jobs": 2, "seed": 0,
            "code": "x", "commit": "abc123", "games_per_minute_per_core": 500.0}


def test_the_page_lists_every_cell_and_answers_the_question() -> None:
    data = {"command": "python -m companion.games.transmission.lab.balance --games 1000 --seed 0 --jobs 2",
            "cells": {
        cell_key("standard", "robust", "uniform"): cell("standard", "robust", "uniform", 300),
        cell_key("standard", "shortest", "uniform"): cell("standard", "shortest", "uniform", 200),
        cell_key("hard", "robust", "reasoning"): cell("hard", "robust", "reasoning", 430),
        cell_key("hard", "shortest", "reasoning"): cell("hard", "shortest", "reasoning", 300),
        cell_key("expert", "shortest", "reasoning"): cell("expert", "shortest", "reasoning", 300),
    }}
    page = render(data)
    assert page.count("| not run yet |") == 27 + 2 and "27 cells are not run yet" in page  # + 2 band rows
    # The bands: the best Mission Control of each difficulty against its target.
    assert "| hard | 40% | robust | 43.0% | 40.0-46.1% | yes |" in page
    assert "| expert | 20% | shortest | 30.0% | 27.2-32.9% | no (+10.0 points) |" in page
    assert "| training | 80% | - | - | not run yet | - |" in page
    assert "| standard | robust | uniform | 1000 | 300 | 30.0% | 27.2-32.9% | 6.50 | 123.4 | 500 |" in page
    assert "wins more often than the shortest-plan one: 30.0% against 20.0%" in page
    assert "+10.0 percentage points" in page and "commit abc123" in page
    assert "python -m companion.games.transmission.lab.balance --games 1000 --seed 0 --jobs 2" in page


def test_a_run_skips_fresh_cells_and_continues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, str, str]] = []

    def fake(content: object, games: int, difficulty: str, seed: int, *, cadet: str, mc: str,
             jobs: int, first: int = 0) -> SimulationResult:
        played.append((difficulty, mc, cadet))
        return SimulationResult(games, games // 2, 0.5, 6.0, 100.0, 1.0, 1)

    monkeypatch.setattr(balance, "simulate", fake)
    out, cache = tmp_path / "balance.md", tmp_path / "balance.json"
    content = default_content()
    balance.run(content, 10, 0, 1, cache, out, max_minutes=None)
    assert len(played) == 32 == len(set(played))
    assert played[:2] == [("standard", "shortest", "reasoning"), ("standard", "robust", "reasoning")]
    assert {d for d, _m, _c in played} == set(DIFFICULTIES)
    assert "not run yet" not in out.read_text(encoding="utf-8")
    played.clear()
    balance.run(content, 10, 0, 1, cache, out)
    assert played == []  # every cell is fresh
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["cells"][cell_key("hard", "robust", "careful")]["code"] = "older code"
    cache.write_text(json.dumps(data), encoding="utf-8")
    balance.run(content, 10, 0, 1, cache, out)
    assert played == [("hard", "robust", "careful")]
    played.clear()
    balance.run(content, 11, 0, 1, cache, out, max_minutes=0.0)  # more games: all stale, but no time
    assert played == []
    assert "| standard | robust | uniform | 10 | 5 |" in out.read_text(encoding="utf-8")  # kept


def test_an_unreadable_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "balance.json"
    cache.write_text("{not json", encoding="utf-8")
    assert load(cache) == {}


def test_a_run_can_keep_cells_and_play_only_some_cadets(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, str, str]] = []

    def fake(content: object, games: int, difficulty: str, seed: int, *, cadet: str, mc: str,
             jobs: int, first: int = 0) -> SimulationResult:
        played.append((difficulty, mc, cadet))
        return SimulationResult(games, games // 2, 0.5, 6.0, 100.0, 1.0, 1)

    monkeypatch.setattr(balance, "simulate", fake)
    out, cache = tmp_path / "balance.md", tmp_path / "balance.json"
    content = default_content()
    balance.run(content, 10, 0, 1, cache, out, cadets=("perfect",))
    assert len(played) == 8 and {c for _d, _m, c in played} == {"perfect"}
    data = json.loads(cache.read_text(encoding="utf-8"))
    for cell in data["cells"].values():
        cell["code"] = "older code"
    cache.write_text(json.dumps(data), encoding="utf-8")
    played.clear()
    balance.run(content, 10, 0, 1, cache, out, cadets=("perfect",), keep=True)
    assert played == []  # kept although the code changed
    balance.run(content, 10, 0, 1, cache, out, cadets=("perfect",))
    assert len(played) == 8  # without keep: stale, played again


def _copy_sources(tmp_path: Path) -> Path:
    """The files the fingerprint hashes, copied under ``tmp_path`` as they lie in the package."""
    for path in balance.fingerprint_sources():
        target = tmp_path / path.relative_to(balance.PACKAGE_ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    return tmp_path


def test_the_fingerprint_covers_every_module_that_can_change_a_decision_and_the_content_pack() -> None:
    names = {p.relative_to(balance.PACKAGE_ROOT).as_posix() for p in balance.fingerprint_sources()}
    game = "companion/games/transmission"
    expected = {f"{game}/engine/{m}.py" for m in ("board", "commands", "kernel", "rules", "game", "views")}
    expected |= {f"{game}/mission_control/{m}.py" for m in (
        "encoding", "programs", "bound", "solver", "planner", "estimate", "robust", "cadet", "native")}
    expected.add(f"{game}/mission_control/_search.c")  # the native search core's C source
    expected |= {f"{game}/content/{m}.py" for m in ("model", "loader", "validate")}
    expected |= {f"{game}/content/default.toml", "companion/games/transmission/lab/simulate.py"}
    assert expected <= names
    # Every module of these packages, whether or not the simulation imports it today.
    for package in ("engine", "mission_control", "content"):
        folder = balance.PACKAGE_ROOT / game / package
        assert {p.relative_to(balance.PACKAGE_ROOT).as_posix() for p in folder.glob("*.py")} <= names


@pytest.mark.parametrize("name", ["companion/games/transmission/engine/board.py",
                                  "companion/games/transmission/mission_control/programs.py",
                                  "companion/games/transmission/mission_control/_search.c",
                                  "companion/games/transmission/content/default.toml",
                                  "companion/games/transmission/lab/simulate.py"])
def test_a_change_to_any_source_changes_the_fingerprint(tmp_path: Path, name: str) -> None:
    root = _copy_sources(tmp_path)
    before = balance.fingerprint(root=root)
    assert before == balance.fingerprint()  # the same files hash the same wherever they lie
    path = root / name
    path.write_bytes(path.read_bytes() + b"\n")
    assert balance.fingerprint(root=root) != before


@pytest.mark.parametrize("name", ["companion/games/transmission/mission_control/programs.py",
                                  "companion/games/transmission/content/default.toml",
                                  "companion/games/transmission/engine/kernel.py"])
def test_a_missing_source_is_refused_not_hashed_as_empty(tmp_path: Path, name: str) -> None:
    root = _copy_sources(tmp_path)
    (root / name).unlink()
    with pytest.raises(balance.FingerprintError, match="missing"):
        balance.fingerprint(root=root)
    with pytest.raises(balance.FingerprintError, match="missing"):
        balance.fingerprint([root / name], root=root)
