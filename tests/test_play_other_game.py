"""Incoming Transmission's ``companion play`` when the saved unfinished game is another game's (helper H):
it says which game and how to resume it, and gives it up only on y (companion/cli/other_game.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from companion.entry import main
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX_KEEPER
from companion.table.store import Store


def _six_actions_unfinished(database: Path) -> int:
    with Store.open(database) as store:
        return store.begin(SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1),
                           SIX_KEEPER)


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, database: Path,
          text: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", "--seed", "5", "--database", str(database)])
    out, err = capsys.readouterr()
    assert "not of transmission" not in out + err
    return code, out


def _results(database: Path) -> list[tuple[str, str]]:
    with Store.open(database) as store:
        return [(g.game, g.result) for g in store.games()]


@pytest.mark.parametrize("answer", ["n\n", "\n", "", "no\n", "resume\n"])  # "" is the end of input
def test_anything_but_y_leaves_the_other_games_unfinished_game_saved(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        answer: str) -> None:
    database = tmp_path / "store.sqlite3"
    _six_actions_unfinished(database)
    code, out = _play(capsys, monkeypatch, database, answer)
    assert code == 0
    assert ("An unfinished game of The Six Actions is saved (`companion play --game six-actions` "
            "resumes it); "
            "a new game of Incoming Transmission gives it up.") in out
    assert "Leaving: that game stays saved." in out and "Resume it?" not in out
    assert _results(database) == [("six-actions", "unfinished")]


def test_y_gives_the_other_game_up_and_starts_incoming_transmission(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    database = tmp_path / "store.sqlite3"
    _six_actions_unfinished(database)
    code, out = _play(capsys, monkeypatch, database, "y\n\nquit\n")
    assert code == 0 and "Transmission card 1 of 7" in out and "You left the game." in out
    assert _results(database) == [("transmission", "unfinished"), ("six-actions", "abandoned")]
    # Its own unfinished game is offered for resume as before.
    code, out = _play(capsys, monkeypatch, database, "q\n")
    assert code == 0 and "An unfinished game is saved: Standard, started" in out
    assert _results(database)[0] == ("transmission", "unfinished")


def test_the_six_actions_offer_reads_the_same_for_an_unfinished_incoming_transmission(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    database = tmp_path / "store.sqlite3"
    _play(capsys, monkeypatch, database, "\nquit\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--game", "six-actions", "--database", str(database)]) == 0
    out = capsys.readouterr().out
    assert ("An unfinished game of Incoming Transmission is saved (`companion play --game transmission` "
            "resumes it); "
            "a new game of The Six Actions gives it up.") in out and "that game stays saved" in out
    assert _results(database) == [("transmission", "unfinished")]
