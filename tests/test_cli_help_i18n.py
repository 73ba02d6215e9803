"""Every ``--help`` of the command line comes from the catalog (issue 22, item 1: "``--help``, errors").

Under the pseudo-locale (:func:`i18n_support.pseudo_locale`: every message of the template reads
``⟦…⟧``) each subcommand's help is printed through :func:`companion.cli.main.run`, as a person asks
for it, and every line must hold no word from outside the catalog, except what a person types
(option names, metavars, choices, subcommand names: :func:`_typed`).  The subcommands are read from
the parser itself (:func:`_commands`), for every registered game (``--game NAME``), so a new
subcommand, a new game's or a nested one (``content check``, ``bench planner``) is covered without
touching this test.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.cli.main import build_parser, run
from companion.games.catalog import registered
from i18n_support import PSEUDO, pseudo_locale, unmarked_lines


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every subcommand under ``parser`` (nested ones too), as its words and its parser."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _commands(sub, (*path, name))


def _typed(parsers: list[argparse.ArgumentParser]) -> set[str]:
    """What a person types, which the help shows as it is: option strings, metavars, choices and the
    names of subcommands (``companion`` and its subcommands are in the usage line)."""
    words = {"companion"}
    for parser in parsers:
        for action in parser._actions:
            words.update(action.option_strings)
            if action.option_strings:
                words.add(action.dest.upper())  # argparse's metavar of an option that names none
            metavar = action.metavar
            words.update(metavar if isinstance(metavar, tuple) else () if metavar is None else (metavar,))
            if not action.option_strings and action.metavar is None:
                words.add(action.dest)
            words.update(str(choice) for choice in action.choices or ())
    return words


def _helps() -> list[tuple[str, ...]]:
    """The command line of every help there is: ``companion --help`` and, for each game, each of its
    subcommands' (with ``--game NAME`` when the subcommand takes it), the framework's once."""
    argvs: list[tuple[str, ...]] = [("--help",)]
    for game in registered():
        top = build_parser(registered(), game.name)
        for path, _parser in _commands(top):
            first = next(sub for words, sub in _commands(top) if words == path[:1])
            owner = first.get_default("game_of_command")
            if owner not in (None, game.name):
                continue  # another game's subcommand: asked with its own --game
            chosen = ("--game", game.name) if owner is not None else ()
            argv = (path[0], *chosen, *path[1:], "--help")
            if argv not in argvs:
                argvs.append(argv)
    return argvs


HELPS = _helps()


@pytest.fixture(scope="module")
def pseudo_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pseudo-locale, compiled once for the module's tests."""
    return pseudo_locale(tmp_path_factory.mktemp("pseudo"))


@pytest.fixture
def pseudo(pseudo_folder: Path) -> Iterator[None]:
    """The table in the pseudo-locale for one test; English again afterwards."""
    i18n.set_language(PSEUDO, localedir=pseudo_folder)
    try:
        yield
    finally:
        i18n.set_language("en")


def test_every_game_and_nested_subcommand_is_asked() -> None:
    """The list is the parser's: each game's ``play`` and ``referee``, ``content check``, ``bench``'s."""
    assert ("play", "--game", "six-actions", "--help") in HELPS
    assert ("referee", "--game", "five-actions", "--help") in HELPS
    assert ("simulate", "--game", "transmission", "--help") in HELPS
    assert ("content", "--game", "six-actions", "check", "--help") in HELPS
    assert any(argv[:2] == ("bench", "planner") for argv in HELPS)
    assert ("history", "--help") in HELPS


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_every_help_line_comes_from_the_catalog(pseudo: None, capsys: pytest.CaptureFixture[str],
                                                argv: tuple[str, ...]) -> None:
    code = run(registered(), list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    game = argv[argv.index("--game") + 1] if "--game" in argv else None
    top = build_parser(registered(), game)
    parsers = [top, *(sub for _words, sub in _commands(top))]
    english = unmarked_lines(out, _typed(parsers))
    assert not english, f"companion {' '.join(argv)}: {len(english)} lines not from the catalog:\n  " + \
        "\n  ".join(english)


def test_the_games_are_listed_once_and_an_action_games_referee_speaks_of_actions(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The ``--game`` line lists the games in its choices only (not again in its help); the exit codes
    of the Six and Five Actions' ``referee`` speak of their actions, Incoming Transmission's of commands."""
    for game in ("six-actions", "five-actions"):
        assert run(registered(), ["referee", "--game", game, "--help"]) == 0
        out = capsys.readouterr().out
        assert "the game (default: transmission)\n" in out
        assert "transmission, six-actions, five-actions" not in out
        assert "3    referee: a refused action" in out and "impossible command" not in out
    assert run(registered(), ["referee", "--help"]) == 0
    out = capsys.readouterr().out
    assert "3    referee: an impossible command" in out and "refused action" not in out
