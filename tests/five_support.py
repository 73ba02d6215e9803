"""Helpers for The Five Actions' tests: a game on the SAMPLE pack's map, plays, refusals."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.five_actions.content.loader import default_content
from companion.games.five_actions.engine.actions import Action, Start
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.state import GameState, census

CONTENT = default_content()
NAMES = ("Ana", "Ben", "Cy", "Dee")
#: Starting Locations far enough apart not to touch.
STARTS = ("harbour", "ridge", "beach", "summit")


def game_at(
    players: int = 2, layout: str = "map", seed: int = 1, starts: tuple[str, ...] | None = None
) -> Game:
    """A started game, the Tycoon display filled from the seeded stacks."""
    game = Game(CONTENT, layout, seed)
    game.play(Start(NAMES[:players], starts or STARTS[:players]))
    draw_all(game)
    return game


def draw_all(game: Game) -> Game:
    while (draw := game.next_draw()) is not None:
        game.play(draw)
    return game


def play(game: Game, *actions: Action) -> Game:
    """Play each action (and the draws after it)."""
    for action in actions:
        game.play(action)
        draw_all(game)
    return game


def refused(game: Game, action: Action, *words: str) -> str:
    """``action`` is refused with a reason holding every one of ``words``, and nothing changed."""
    before: GameState = game.state.copy()
    count = len(game.actions)
    with pytest.raises(IllegalAction) as info:
        game.play(action)
    assert game.state == before and len(game.actions) == count
    for word in words:
        assert word in info.value.reason, info.value.reason
    return info.value.reason


def conserved(game: Game, start: dict[str, int]) -> None:
    assert census(game.state) == start
