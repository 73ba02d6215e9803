"""Helpers of the Six Actions tests: a game at a position, actions played with their draws."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games.six_actions.content.loader import default_content
from companion.games.six_actions.engine.actions import Action, Draw
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.scenario import parse_scenario
from companion.games.six_actions.engine.state import GameState

CONTENT = default_content()


def game_at(players: list[Any] | None = None, **fields: Any) -> Game:
    """A game after setup at the scenario position given (docs/six-actions.md)."""
    data: dict[str, Any] = {"players": players or ["Ana", "Ben"], "seed": 1, **fields}
    return parse_scenario(data, CONTENT).game


def play(game: Game, *actions: Action) -> Game:
    """Play each action, each awaited draw first from the seeded pile (unless the action is it)."""
    for action in actions:
        while not isinstance(action, Draw) and (draw := game.next_draw()) is not None:
            game.play(draw)
        game.play(action)
    while (draw := game.next_draw()) is not None:
        game.play(draw)
    return game


def refused(game: Game, action: Action, match: str) -> None:
    """``action`` is refused with a reason matching ``match`` and the game is unchanged."""
    before: GameState = game.state.copy()
    count = len(game.actions)
    with pytest.raises(IllegalAction, match=match):
        game.play(action)
    assert game.state == before and len(game.actions) == count


def total_money(state: GameState) -> int:
    """Every player's money plus the bank's and the supply's balances: always 0."""
    return sum(p.money for p in state.players) + state.balance("bank") + state.balance("supply")
