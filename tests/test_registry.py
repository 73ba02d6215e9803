"""The game registry (companion/table/registry.py, companion/table/reference.py, companion/games/catalog.py):
what a game registers."""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from companion.cli.main import OWN
from companion.games.catalog import game_named, registered
from companion.games.transmission import cli as transmission_cli
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES
from companion.games.transmission.info import GAME
from companion.games.transmission.session import Session
from companion.games.transmission.stored import KEEPER, progress
from companion.table.registry import GameInfo, Keeper, Reference, Subcommands
from test_session import RandomChooser


def test_incoming_transmission_is_the_first_game_on_the_box() -> None:
    assert registered()[0] is GAME
    assert [g.name for g in registered()][:2] == ["transmission", "six-actions"]
    assert game_named("transmission") is GAME
    assert (GAME.name, GAME.title, GAME.keeper, GAME.difficulties) == (
        "transmission", "Incoming Transmission", KEEPER, DIFFICULTY_NAMES)
    [family] = GAME.cli
    assert isinstance(family.register, Reference) and family.register.load() is transmission_cli.register
    assert GAME.load_content(None) == default_content()


def test_a_registration_imports_nothing_of_its_game() -> None:
    """The catalog is read at every start of ``companion`` (issue 10, item 4): listing the games
    imports no game's rules, session or command line; they come when a command needs them."""
    code = ("import sys\n"
            "from companion.games.catalog import registered\n"
            "assert [g.name for g in registered()] == ['transmission', 'six-actions', 'five-actions']\n"
            "parts = ('cli', 'session', 'stored', 'terminal', 'loader', 'game')\n"
            "heavy = sorted(m for m in sys.modules\n"
            "               if m.startswith('companion.games.') and m.split('.')[-1] in parts)\n"
            "assert heavy == [], heavy\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def _names_added(family: Subcommands) -> tuple[str, ...]:
    """The subcommands ``family`` adds when it is built."""
    added: list[str] = []

    def add(name: str, help: str, parents: Sequence[argparse.ArgumentParser]) -> argparse.ArgumentParser:
        added.append(name)
        return argparse.ArgumentParser(add_help=False)

    family.build(add, argparse.ArgumentParser(add_help=False))
    return tuple(added)


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.name)
def test_every_game_resolves_and_names_the_subcommands_it_adds(game: GameInfo[Any]) -> None:
    """Each reference of a registration resolves (its keeper is of its own game), and each family
    adds exactly the subcommands it names, so ``companion NAME`` builds the right one."""
    assert game.keeper.game == game.name
    assert game.load_content(None).id
    assert [_names_added(family) for family in game.cli] == [family.names for family in game.cli]


def test_the_framework_families_name_the_subcommands_they_add() -> None:
    assert [_names_added(family.given(registered())) for family in OWN] == [family.names for family in OWN]


def test_a_reference_is_module_colon_attribute() -> None:
    assert Reference("companion.games.catalog:registered").load() is registered
    assert Reference("companion.games.catalog:registered").module == "companion.games.catalog"
    for bad in ("companion.games.catalog", "companion.games.catalog:", ":x", "a b:c", "a:b:c"):
        with pytest.raises(ValueError, match="a reference is 'package.module:attribute'"):
            Reference(bad)
    with pytest.raises(ModuleNotFoundError):
        Reference("companion.nowhere:x").load()
    with pytest.raises(AttributeError):
        Reference("companion.games.catalog:nothing").load()


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    known = ", ".join(g.name for g in registered())
    with pytest.raises(KeyError, match=f"no game 'chess' on this box \\(known: {known}\\)"):
        game_named("chess")


@pytest.mark.parametrize("name", ["", "Transmission", "incoming transmission"])
def test_a_game_name_is_lower_case_without_spaces(name: str) -> None:
    with pytest.raises(ValueError, match="lower-case without spaces"):
        dataclasses.replace(GAME, name=name)


#: Another game's keeper, for the test below (a reference names a module attribute).
OTHER_KEEPER: Keeper[Session] = dataclasses.replace(KEEPER, game="six_actions")


def test_a_game_must_bring_its_own_keeper() -> None:
    game: GameInfo[Session] = dataclasses.replace(GAME, store=Reference("test_registry:OTHER_KEEPER"))
    with pytest.raises(ValueError, match="game 'transmission' has the keeper of 'six_actions'"):
        assert game.keeper
    not_one = dataclasses.replace(GAME, store=Reference("test_registry:GAME"))
    with pytest.raises(ValueError, match=r"Reference\('test_registry:GAME'\) is not a Keeper"):
        assert not_one.keeper


def test_progress_is_the_history_row_of_a_session() -> None:
    session = Session(default_content(), RandomChooser(3), "expert", "beginner", 3)
    figures = progress(session)
    assert (figures.transmissions_used, figures.missions_completed, figures.missions_total) == (0, 0, 4)
    assert (figures.score, figures.undos, figures.result) == (0, 0, None)


def test_incoming_transmission_hands_the_framework_its_debrief_and_bench_target() -> None:
    """The framework's ``debrief`` and ``bench`` reach a game only through its registration (issue 24,
    item 2): Incoming Transmission's resolve; the other games have none."""
    from companion.games.transmission.debrief_command import debriefing
    from companion.games.transmission.lab.bench_cli import PLANNER
    from companion.table.registry import BenchTarget

    assert GAME.debrief is not None and GAME.debrief.load() is debriefing
    assert [target.load() for target in GAME.bench] == [PLANNER]
    assert isinstance(PLANNER, BenchTarget)
    assert [(g.debrief, g.bench) for g in registered()[1:]] == [(None, ())] * (len(registered()) - 1)


def test_the_command_line_serves_the_games_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    """``companion.cli.main.run`` builds the parser of the registry it is handed, not the catalog's:
    without Incoming Transmission there is no ``bench planner``, and ``play`` is the first game's."""
    from companion.cli.main import run

    six = game_named("six-actions")
    assert run([six], ["bench", "--help"]) == 0
    assert "time the optimal planner" not in capsys.readouterr().out
    assert run(registered(), ["bench", "--help"]) == 0
    assert "time the optimal planner" in capsys.readouterr().out
    assert run([six], ["play", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "options of The Six Actions (--game six-actions, the default)" in help_text
    assert "Incoming Transmission" not in help_text and "--difficulty" not in help_text
