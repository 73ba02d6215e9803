"""``companion play`` left before the end (X1, F2 and F8): a new game quit before its start is given up
(abandoned, outside the figures) so the next ``play`` does not offer to resume a game nobody began; a
game left later stays saved, and ``play`` says so, as after the end of input."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from companion.entry import main
from companion.table.store import Store


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, store: Path,
         typed: str, *options: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", "--database", str(store), "--seed", "3", *options]) == 0
    out: str = capsys.readouterr().out
    return out


def results(store: Path) -> list[str]:
    with Store.open(store) as opened:
        return [g.shown_result for g in opened.games()]


@pytest.mark.parametrize("options", [(), ("--mc", "person")])
def test_quit_before_the_start_keeps_nothing_to_resume(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                       options: tuple[str, ...]) -> None:
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    store = tmp_path / "store.sqlite3"
    out = play(capsys, monkeypatch, store, "quit\n", *options)
    assert "You left the game." in out and "nothing is kept to resume" in out
    assert results(store) == ["abandoned"]
    out = play(capsys, monkeypatch, store, "quit\n", *options)
    assert "An unfinished game is saved" not in out  # nothing offered to resume


def test_a_game_left_after_its_start_stays_saved_and_says_so(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    store = tmp_path / "store.sqlite3"
    out = play(capsys, monkeypatch, store, "\nquit\n")
    assert "You left the game.\nThe game stays saved: `companion play --game transmission` resumes it." in out
    assert results(store) == ["unfinished"]
    out = play(capsys, monkeypatch, store, "")  # the end of input at the resume question: kept
    assert "An unfinished game is saved" in out and results(store) == ["unfinished"]
    out = play(capsys, monkeypatch, store, "y\n")  # resumed, then the end of input: still saved
    assert "Resuming where the game stopped." in out
    assert out.rstrip().endswith("`companion play --game transmission` resumes it.")
    assert results(store) == ["unfinished"]


def test_the_resume_offer_says_a_person_was_mission_control(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """X1, F4: the offer to resume names the seat when a person was Mission Control."""
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    store = tmp_path / "store.sqlite3"
    play(capsys, monkeypatch, store, "\n\nquit\n", "--mc", "person")  # started, left at the selection
    assert results(store) == ["unfinished"]
    out = play(capsys, monkeypatch, store, "q\n")
    assert "An unfinished game is saved: " in out and "With a person as Mission Control." in out


def test_the_resume_question_says_what_giving_up_records(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """X2: once a transmission was played, n gives the game up as left (counted as not won), and the
    question says so; before, as abandoned (not counted)."""
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    store = tmp_path / "store.sqlite3"
    play(capsys, monkeypatch, store, "\nquit\n")  # started: transmission 1 drawn
    out = play(capsys, monkeypatch, store, "n\nquit\n")
    assert "gives this one up as left, counted as not won" in out
    assert results(store)[-1] == "left" and results(store)[0] == "abandoned"  # newest first: the quit new one
