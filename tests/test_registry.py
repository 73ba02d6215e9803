"""The game registry (companion/table/registry.py, companion/games/catalog.py): what a game registers."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.catalog import game_named, registered
from companion.games.transmission import cli as transmission_cli
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES
from companion.games.transmission.info import GAME
from companion.games.transmission.session import Session
from companion.games.transmission.stored import KEEPER, progress
from companion.table.registry import GameInfo, Keeper
from test_session import RandomChooser


def test_incoming_transmission_is_the_first_game_on_the_box() -> None:
    assert registered()[0] is GAME
    assert [g.name for g in registered()][:2] == ["transmission", "six-actions"]
    assert game_named("transmission") is GAME
    assert (GAME.name, GAME.title, GAME.keeper, GAME.difficulties) == (
        "transmission", "Incoming Transmission", KEEPER, DIFFICULTY_NAMES)
    assert GAME.cli == (transmission_cli.register,)
    assert GAME.load_content(None) == default_content()


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    known = ", ".join(g.name for g in registered())
    with pytest.raises(KeyError, match=f"no game 'chess' on this box \\(known: {known}\\)"):
        game_named("chess")


@pytest.mark.parametrize("name", ["", "Transmission", "incoming transmission"])
def test_a_game_name_is_lower_case_without_spaces(name: str) -> None:
    with pytest.raises(ValueError, match="lower-case without spaces"):
        dataclasses.replace(GAME, name=name, keeper=dataclasses.replace(KEEPER, game=name))


def test_a_game_must_bring_its_own_keeper() -> None:
    other: Keeper[Session] = dataclasses.replace(KEEPER, game="six_actions")
    with pytest.raises(ValueError, match="game 'transmission' has the keeper of 'six_actions'"):
        GameInfo(name="transmission", title="x", load_content=GAME.load_content, keeper=other)


def test_progress_is_the_history_row_of_a_session() -> None:
    session = Session(default_content(), RandomChooser(3), "expert", "beginner", 3)
    figures = progress(session)
    assert (figures.transmissions_used, figures.missions_completed, figures.missions_total) == (0, 0, 3)
    assert (figures.score, figures.undos, figures.result) == (0, 0, None)
