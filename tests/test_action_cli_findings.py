"""The terminal games and the command line as a family meets them (X's fresh-eyes findings 8, 9, 10
and 13): leaving is never a number of a menu, a bad ``--options`` is refused before any question,
``content check`` finds a pack's game, ``--tycoon`` counts from 1, and leaving, ``stats`` and
``help`` say what is true."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from companion.entry import main
from companion.games.five_actions.session import Session as FiveSession
from companion.games.five_actions.stored import KEEPER as FIVE_KEEPER
from companion.games.five_actions.terminal import Terminal as FiveTerminal
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX_KEEPER
from companion.games.six_actions.terminal import Terminal as SixTerminal
from companion.table.store import Store
from five_support import CONTENT as FIVE
from six_support import CONTENT as SIX

ROOT = Path(__file__).parent.parent
SIX_PACK = ROOT / "companion/games/six_actions/content/default.toml"
FIVE_PACK = ROOT / "companion/games/five_actions/content/default.toml"
TRANSMISSION_PACK = ROOT / "companion/games/transmission/content/default.toml"


def _play(answers: list[str], terminal: type[SixTerminal] | type[FiveTerminal], session: object,
          saved: bool = False) -> list[str]:
    said: list[str] = []
    feed = iter(answers)

    def read(question: str) -> str:
        said.append(f"<{question}>")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    terminal(session, read, said.append, saved=saved).run()  # type: ignore[arg-type]
    return said


def _six() -> SixSession:
    return SixSession.new(SIX, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1)


def _five() -> FiveSession:
    return FiveSession.new(FIVE, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)


# --------------------------------------------------------------------------- 8: no number leaves


def test_a_number_typed_for_the_last_menu_never_leaves_the_six_actions() -> None:
    """"7" is Pass during a turn; typed a third time, at the round's end, it used to be "Leave" and
    the unsaved game was gone."""
    said = _play(["7", "7", "7", "3", "1"], SixTerminal, session := _six())
    assert "'7' is not one of the 6 listed: type a number from 1 to 6, or the name of one of those listed." \
        in said
    assert not any(line.startswith(("Leaving", "You left")) for line in said[:-2]), said
    assert session.view().round == 2, "the table went on to the next round"
    menus = [line for line in said if re.match(r"^\s+\d+\. ", line)]
    assert not any("Leave" in line for line in menus), menus


def test_a_number_never_leaves_the_five_actions() -> None:
    said = _play([str(n) for n in range(10, 16)], FiveTerminal, _five())
    assert not any(line.startswith(("Leaving", "You left")) for line in said[:-2]), said
    assert not any("Leave" in line for line in said if re.match(r"^\s+\d+\. ", line))


@pytest.mark.parametrize("game", ["six", "five"])
def test_the_menu_says_how_to_leave_and_quit_leaves(game: str) -> None:
    terminal, session = (SixTerminal, _six()) if game == "six" else (FiveTerminal, _five())
    said = _play(["quit"], terminal, session)
    assert "  (help: the rules and the moves now; quit: leave (this game is not saved))" in said
    assert said[-2:] == ["You left the game.", "This game was not saved."]


def test_ending_the_six_actions_at_the_rounds_end_asks_first() -> None:
    said = _play(["pass", "pass", "end", "n", "quit"], SixTerminal, session := _six())
    assert "<End the game now? [y/n] >" in said and not session.over


# --------------------------------------------------------------------------- 13: the same words


def test_leaving_says_the_same_in_the_three_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    said = _play(["quit"], SixTerminal, _six(), saved=True)
    assert said[-2:] == ["You left the game.", "The game stays saved: `companion play --game six-actions` "
                                               "resumes it."]
    said = _play(["quit"], FiveTerminal, _five(), saved=True)
    assert said[-2:] == ["You left the game.", "The game stays saved: `companion play --game five-actions` "
                                               "resumes it."]
    said = _play([], FiveTerminal, _five())
    assert said[-2:] == ["End of input: leaving the game.", "This game was not saved."]
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    assert main(["play", "--no-store", "--seed", "3"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("You left the game.\nThis game was not saved.")
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    assert main(["play", "--database", str(tmp_path / "s.sqlite3"), "--seed", "3"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(
        "You left the game.\nThe game stays saved: `companion play --game transmission` resumes it.")


def test_help_at_the_main_menu_offers_no_back_and_a_question_does() -> None:
    said = _play(["help", "build", "help", "quit"], SixTerminal, _six())
    types = [line for line in said if line.startswith("Type ")]
    assert types[0] == "Type help: this text; quit: leave (this game is not saved)."
    assert types[1].startswith("Type back: back to the menu, nothing played; help")


# --------------------------------------------------------------------------- 9: --options first


@pytest.mark.parametrize("game, options, named", [
    ("six-actions", '{"forced_loan": "half"}', "forced_loan"),
    ("six-actions", '[1]', "options must be an object"),
    ("five-actions", '{"forced_loan": "full"}', "forced_loan"),
])
def test_a_bad_option_is_refused_before_the_other_games_question(
        game: str, options: str, named: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "store.sqlite3"
    with Store.open(database) as store:
        if game == "six-actions":
            store.begin(_five(), FIVE_KEEPER)
        else:
            store.begin(_six(), SIX_KEEPER)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    players = ["--players", "Ana,Ben"] if game == "six-actions" else []
    code = main(["play", "--game", game, "--options", options, *players, "--database", str(database)])
    out, err = capsys.readouterr()
    assert code == 2 and named in err
    assert "unfinished" not in out and "start a new one" not in out.lower(), out
    with Store.open(database) as store:
        assert store.unfinished() is not None, "the other game is still there"


# --------------------------------------------------------------------------- 10: content check


@pytest.mark.parametrize("pack, holds", [
    (SIX_PACK, "OK: six-actions-sample@1 (a sample)"),
    (FIVE_PACK, "OK: five-actions-sample (a sample)"),
    (TRANSMISSION_PACK, "OK: incoming-transmission"),
])
def test_content_check_finds_the_packs_game(pack: Path, holds: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", str(pack)]) == 0
    assert capsys.readouterr().out.startswith(holds)


def test_content_check_of_a_broken_pack_checks_it_with_its_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(SIX_PACK.read_text().replace("money = 20 ", "money = -5 "))
    assert main(["content", "check", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert out == "setup.money = -5: must be from 0 to 500\n" or out.startswith(str(bad)), out
    assert "must be from 0 to 500" in out and "unknown table" not in out
    assert f"{bad} is a content pack of The Six Actions: checked as one (as with --game six-actions)" in err


def test_content_check_takes_game_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", "--game", "transmission", str(TRANSMISSION_PACK)]) == 0
    assert main(["content", "check", "--game", "five-actions", str(FIVE_PACK)]) == 0
    capsys.readouterr()
    assert main(["content", "check", "--game", "transmission", str(SIX_PACK)]) == 1
    out, err = capsys.readouterr()
    assert "unknown table" in out  # as asked: checked as Incoming Transmission's
    assert "companion content check --game six-actions" in err


# --------------------------------------------------------------------------- 13: --tycoon, --players


def test_tycoon_counts_seats_from_1(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--no-store", "--game", "six-actions", "--players", "Ana,Ben", "--tycoon", "2"]) == 0
    assert "Round 1: Ben is the Tycoon and begins." in capsys.readouterr().out
    for wrong in ("0", "3"):
        assert main(["play", "--no-store", "--game", "six-actions", "--players", "Ana,Ben",
                     "--tycoon", wrong]) == 2
        err = capsys.readouterr().err
        assert f"--tycoon: the first Tycoon is a player from 1 to 2, not {wrong}" in err, err


def test_a_name_given_twice_in_players_names_the_name_and_the_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--no-store", "--game", "six-actions", "--players", "Ana:red,ana:blue"]) == 2
    err = capsys.readouterr().err
    assert "--players" in err and "'ana'" in err and "choose another" not in err, err


# --------------------------------------------------------------------------- 13: stats


def test_stats_with_only_an_unfinished_game_says_no_finished_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "store.sqlite3"
    with Store.open(database) as store:
        store.begin(_six(), SIX_KEEPER)
    assert main(["stats", "--database", str(database)]) == 0
    assert capsys.readouterr().out == "No finished games yet.\n"
