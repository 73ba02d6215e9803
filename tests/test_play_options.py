"""Each game's options under its own name, and another game's option refused naming its game (issue 24,
item 13): ``play --help``, ``play --game NAME --help``, ``referee --help`` (companion/cli/games.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.entry import main


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _sections(help_text: str) -> dict[str, str]:
    """The help's sections by title (``"options"``, ``"options of ..."``): the lines under each."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in help_text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            current = sections.setdefault(line[:-1], [])
        elif not line:
            current = None
        elif current is not None:
            current.append(line)
    return {title: "\n".join(lines) for title, lines in sections.items()}


@pytest.mark.parametrize(("argv", "title", "own", "others"), [
    (["play", "--help"], "options of Incoming Transmission (--game transmission, the default)",
     ["--difficulty", "--mc", "--coach", "--physical-missions", "--no-store"],
     ["--game six-actions --help", "--game five-actions --help"]),
    (["play", "--game", "six-actions", "--help"], "options of The Six Actions (--game six-actions)",
     ["--players", "--tycoon", "--layout {map,printed}"],
     ["--game transmission --help", "--game five-actions --help"]),
    (["play", "--game=five-actions", "--help"], "options of The Five Actions (--game five-actions)",
     ["--physical-stacks", "--layout {map,printed}"],
     ["--game transmission --help", "--game six-actions --help"]),
])
def test_play_help_shows_the_game_s_options_under_its_name(
        capsys: pytest.CaptureFixture[str], argv: list[str], title: str, own: list[str],
        others: list[str]) -> None:
    code, out, _ = _run(capsys, argv)
    assert code == 0
    sections = _sections(out)
    assert title in sections, list(sections)
    for option in own:
        assert option in sections[title]
        assert option not in sections["options"]  # only the shared options stand there
    assert "--content FILE" in sections["options"] and "--game" in sections["options"]
    flat = " ".join(out.split())
    for other in others:
        assert f"`companion play {other}`" in flat


def test_the_other_games_options_are_not_offered(capsys: pytest.CaptureFixture[str]) -> None:
    """The Six Actions' help lists none of Incoming Transmission's options."""
    code, out, _ = _run(capsys, ["play", "--game", "six-actions", "--help"])
    assert code == 0 and "--difficulty" not in out and "--mc" not in out


@pytest.mark.parametrize(("argv", "line"), [
    (["play", "--game", "six-actions", "--difficulty", "hard"],
     "companion play: --difficulty belongs to Incoming Transmission, not The Six Actions "
     "(`companion play --game transmission --help` lists Incoming Transmission's options)"),
    (["play", "--difficulty=hard", "--game", "five-actions"],
     "companion play: --difficulty belongs to Incoming Transmission, not The Five Actions "
     "(`companion play --game transmission --help` lists Incoming Transmission's options)"),
    (["play", "--game", "six-actions", "--mc", "person"],
     "companion play: --mc belongs to Incoming Transmission, not The Six Actions "
     "(`companion play --game transmission --help` lists Incoming Transmission's options)"),
    (["play", "--players", "Ana,Ben"],
     "companion play: --players belongs to The Six Actions, not Incoming Transmission "
     "(`companion play --game six-actions --help` lists The Six Actions' options)"),
    (["play", "--game", "six-actions", "--physical-stacks"],
     "companion play: --physical-stacks belongs to The Five Actions, not The Six Actions "
     "(`companion play --game five-actions --help` lists The Five Actions' options)"),
])
def test_an_option_of_another_game_is_refused_naming_its_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], line: str) -> None:
    database = tmp_path / "games.db"
    code, out, err = _run(capsys, [*argv, "--database", str(database)])
    assert (code, out, err.splitlines()) == (2, "", [line])
    assert not database.exists()  # refused before anything starts: no store made


def test_an_option_no_game_has_gets_argparse_s_own_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["play", "--game", "six-actions", "--colour", "red"])
    assert code == 2 and out == ""
    assert "unrecognized arguments: --colour red" in err and "belongs to" not in err


def test_an_option_both_games_have_is_the_chosen_game_s(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """``--layout`` is Incoming Transmission's and The Six Actions': each game's own choices apply."""
    code, _, err = _run(capsys, ["play", "--game", "six-actions", "--layout", "beginner",
                                 "--database", str(tmp_path / "games.db")])
    assert code == 2 and "invalid choice: 'beginner'" in err and "belongs to" not in err


def test_referee_help_gives_each_game_s_scenario_notation(capsys: pytest.CaptureFixture[str]) -> None:
    _, transmission, _ = _run(capsys, ["referee", "--help"])
    assert "Referee notation (RULES.md): a board is 5 strings of 5 characters" in transmission
    for game in ("six-actions", "five-actions"):
        _, text, _ = _run(capsys, ["referee", "--game", game, "--help"])
        flat = " ".join(text.split())
        assert "Referee notation (RULES.md)" not in text  # Incoming Transmission's is not theirs
        assert f"every field in docs/{game}.md" in flat and f"docs/examples/{game}/" in flat
        assert (Path(__file__).resolve().parent.parent / "docs" / f"{game}.md").is_file()
        assert "`companion referee --game transmission --help`" in flat
    _, top, _ = _run(capsys, ["--help"])
    assert "`companion referee --game NAME --help`" in top and "`companion play --game NAME --help`" in top
    assert "exit codes:" in top
