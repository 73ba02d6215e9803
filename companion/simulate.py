"""Simulated games: a Mission Control chooser against a Cadet that decodes perfectly.

Used by ``companion simulate`` and by the tests to measure a planner.  Every
game is a real :class:`~companion.game.Game`: chance is drawn with the game's
own seeded generator (:meth:`Game.play_chance`), so each simulated game has a
record that replays to the identical state (:mod:`companion.record`).

The simulated Cadet is a test double with perfect knowledge: it reads Mission
Control's intended order straight from the secret state and executes it,
leaving the error card out when there is one (RULES.md, 4. Decode).  It never
spends a Signal Boost.  So a game measures planning alone, not decoding.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from .actions import Execute, Select
from .content import ContentPack
from .game import Actor, Game, Outcome
from .planner import Planner
from .session import Chooser
from .views import mission_control_view

__all__ = ["SimulationResult", "game_seed", "play_game", "play_one", "simulate"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SimulationResult:
    """Totals over a batch of simulated games.

    :param win_rate: ``wins / games`` (0.0 for no games).
    :param mean_transmissions: Transmission cards drawn per game, on average.
    :param mean_score: final score per game (RULES.md, Score), on average.
    :param seconds: wall-clock time of the whole batch (the only field that varies between runs).
    """

    games: int
    wins: int
    win_rate: float
    mean_transmissions: float
    mean_score: float
    seconds: float


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a batch seeded ``seed``: a stable hash, so batches do not overlap."""
    digest = hashlib.sha256(f"simulate:{seed}:{i}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_game(content: ContentPack, chooser: Chooser, difficulty: str, seed: int,
              layout: str = "standard") -> Game:
    """Play a whole game and return it (its record replays to the same state).

    :raises companion.errors.IllegalAction: when the chooser selects something the rules refuse.
    """
    game = Game(content, difficulty, layout, seed)
    game.play_chance()
    while True:
        actor = game.actor
        if actor is Actor.MISSION_CONTROL:
            view = mission_control_view(content, game.state)
            game.play(Select(tuple(chooser.choose(view))))
        elif actor is Actor.CADET:
            # Perfect decoding: the intended order; an error card is simply not in it.
            game.play(Execute(game.state.intended))
        elif actor is Actor.CHANCE:
            game.play_chance()
        else:
            return game


def play_one(content: ContentPack, chooser: Chooser, difficulty: str, seed: int) -> Outcome:
    """Play a whole game (see :func:`play_game`) and return its :class:`~companion.game.Outcome`."""
    result = play_game(content, chooser, difficulty, seed).outcome()
    assert result is not None  # play_game returns only when the game is over
    return result


def simulate(content: ContentPack, games: int, difficulty: str, seed: int,
             chooser_factory: Callable[[], Chooser] = Planner) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses :func:`game_seed` ``(seed, i)`` and a fresh chooser.

    Deterministic for a given seed (apart from :attr:`SimulationResult.seconds`).

    :raises ValueError: for a negative number of games.
    :raises KeyError: for an unknown difficulty.
    """
    if games < 0:
        raise ValueError(f"the number of games must be 0 or more, not {games}")
    content.difficulty(difficulty)
    start = time.perf_counter()
    wins = transmissions = score = 0
    for i in range(games):
        outcome = play_one(content, chooser_factory(), difficulty, game_seed(seed, i))
        wins += outcome.victory
        transmissions += outcome.transmissions_used
        score += outcome.score
        log.debug("game %d: %s, %d transmissions, score %d", i, "won" if outcome.victory else "lost",
                  outcome.transmissions_used, outcome.score)
    seconds = time.perf_counter() - start
    n = max(games, 1)
    return SimulationResult(games, wins, wins / n if games else 0.0, transmissions / n, score / n, seconds)
