"""The players' names of The Six and Five Actions: the rule (companion.table.seat_names), the
engines' refusal in the table's words (the window's Setup shows it), and the terminal asking a
taken or too long name again instead of ending the command (X2's finding)."""

from __future__ import annotations

import io

import pytest

from companion.entry import main
from companion.table.seat_names import clean_name, name_problem, names_problem, taken_by


def test_a_name_is_tidied_and_compared_without_case_or_spacing() -> None:
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    assert taken_by(" ann  ", ["Bob", "Ann"]) == 1
    assert taken_by("Anna", ["Bob", "Ann"]) is None


@pytest.mark.parametrize(
    ("name", "seat", "earlier", "problem"),
    [
        ("", 2, ["Ann", "Bob"], "Player 3 needs a name (1 to 20 characters)."),
        ("   ", 0, [], "Player 1 needs a name (1 to 20 characters)."),
        ("ANN", 1, ["Ann"], "Player 2's name is taken by Player 1: choose another."),
        ("bob", 2, ["Ann", "Bob"], "Player 3's name is taken by Player 2: choose another."),
        ("x" * 21, 1, ["Ann"], "Player 2's name is 21 characters: at most 20, please shorten it."),
        ("x" * 20, 1, ["Ann"], None),
    ],
)
def test_a_wrong_name_says_which_player_and_what_to_do(
    name: str, seat: int, earlier: list[str], problem: str | None
) -> None:
    assert name_problem(name, seat, earlier, 20) == problem


def test_the_first_wrong_seat_is_said() -> None:
    problem = names_problem(["Ann", "Bob", "ann", ""], 20)
    assert problem == "Player 3's name is taken by Player 1: choose another."
    assert names_problem(["Ann", "Bob"], 20) is None


def _play(
    game: str, typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """``companion play --game GAME --no-store`` with ``typed`` as the input (the prompts are in
    the output); the end of input leaves."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "--game", game, "--no-store", "--seed", "4"])
    out, err = capsys.readouterr()
    assert "same name" not in out + err
    return code, out


def test_six_actions_terminal_asks_a_taken_name_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _play("six-actions", "2\nAnn\n ann \n\nBob\n", monkeypatch, capsys)
    assert code == 0
    assert "ann is taken; another name for Player 2: " in text
    assert "2. Bob (Blue)" in text  # the game began with Ann and Bob (colours said as words)


def test_six_actions_terminal_says_a_long_name_and_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _play("six-actions", f"2\n{'A' * 25}\nAnn\nBob\n", monkeypatch, capsys)
    assert code == 0
    assert "Player 1's name is 25 characters: at most 20, please shorten it." in text
    assert "1. Ann (Red" in text


def test_five_actions_terminal_asks_a_taken_name_and_a_wrong_location_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "2\nAnn\n harbour \nANN\nBen\nnowhere\nRidge\n1\n"
    code, text = _play("five-actions", typed, monkeypatch, capsys)
    assert code == 0
    assert "Ann's starting Location:\n" in text and "   1. Harbour " in text  # numbered, typed either way
    assert "Build on which Location?" in text and "   1. Hill" in text
    assert "ANN is taken; another name for Player 2: " in text
    assert "'nowhere' is not one of the 17 listed: type a number from 1 to 17, or the name of" in text
    assert "Ann, your action" in text


def test_five_actions_terminal_says_the_sample_pack_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _play("five-actions", "2\nAnn\nharbour\nBen\nridge\n", monkeypatch, capsys)
    assert code == 0
    assert "This is the sample pack: " in text
    assert "see docs/five-actions.md to enter your printed board." in text
    assert "SAMPLE" not in text
