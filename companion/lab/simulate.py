"""Simulated games: a Mission Control chooser against a model Cadet.

Used by ``companion simulate``, ``python -m companion.lab.balance`` and the tests
to measure a Mission Control.  Every game is a real :class:`~companion.games.transmission.engine.game.Game`:
chance is drawn with the game's own seeded generator (:meth:`Game.play_chance`),
so each simulated game has a record that replays to the identical state
(:mod:`companion.games.transmission.engine.record`).

The Cadet is one of the models of :mod:`companion.games.transmission.mission_control.cadet`: ``perfect`` reads
Mission Control's intended order from the secret state and executes it
(leaving the error card out, RULES.md, 4. Decode), so a game measures planning
alone; ``uniform`` and ``careful`` see only the table's view
(:func:`companion.games.transmission.engine.views.cadet_view`) and pick a legal order of their hand with
a generator seeded by the game's seed and the transmission number.  The
simulated Cadets never spend Signal Boosts.

Mission Controls by name (:data:`MISSION_CONTROLS`): ``shortest`` is
:class:`companion.games.transmission.mission_control.planner.Planner`; ``robust`` is
:class:`companion.games.transmission.mission_control.robust.RobustPlanner`, which always assumes the
``uniform``
Cadet (Mission Control is not told who decodes).

Batches can run on several processes (``jobs``); game ``i`` always uses
:func:`game_seed` ``(seed, i)`` and each process keeps one chooser for all its
games (a chooser's caches never change its answers), so the totals are the
same whatever the number of processes.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import Execute, Select
from companion.games.transmission.engine.game import Actor, Game, Outcome
from companion.games.transmission.engine.views import cadet_view, mission_control_view
from companion.games.transmission.mission_control.cadet import (
    CADET_MODELS,
    Hand,
    choose_order,
    order_cards,
)
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.robust import RobustPlanner
from companion.games.transmission.session import Chooser
from companion.lab.progress import progress

__all__ = ["MISSION_CONTROLS", "SimulationResult", "game_seed", "mission_control", "play_game", "play_one",
           "simulate"]

log = logging.getLogger(__name__)

#: The Mission Controls ``companion simulate --mc`` knows.
MISSION_CONTROLS: tuple[str, ...] = ("shortest", "robust")


@dataclass(frozen=True)
class SimulationResult:
    """Totals over a batch of simulated games.

    :param win_rate: ``wins / games`` (0.0 for no games).
    :param mean_transmissions: Transmission cards drawn per game, on average.
    :param mean_score: final score per game (RULES.md, Score), on average.
    :param seconds: wall-clock time of the whole batch (the only field that varies between runs).
    :param jobs: processes that played the batch.
    """

    games: int
    wins: int
    win_rate: float
    mean_transmissions: float
    mean_score: float
    seconds: float
    jobs: int = 1

    @property
    def games_per_minute(self) -> float:
        """Games per minute of wall-clock time (0.0 when nothing was timed)."""
        return 60.0 * self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_minute_per_core(self) -> float:
        """:attr:`games_per_minute` divided by the processes used."""
        return self.games_per_minute / max(1, self.jobs)


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a batch seeded ``seed``: a stable hash, so batches do not overlap."""
    digest = hashlib.sha256(f"simulate:{seed}:{i}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def mission_control(name: str) -> Chooser:
    """A new Mission Control by name (:data:`MISSION_CONTROLS`).  :raises ValueError: for another name."""
    if name == "shortest":
        return Planner()
    if name == "robust":
        return RobustPlanner(cadet="uniform")
    raise ValueError(f"unknown Mission Control {name!r} (expected one of {', '.join(MISSION_CONTROLS)})")


def _decode(game: Game, cadet: str, seed: int) -> tuple[str, ...]:
    """The card ids the ``cadet`` model executes now (RULES.md, 4. Decode)."""
    state = game.state
    if cadet == "perfect":
        return state.intended  # an error card is simply not in it
    content = game.content
    view = cadet_view(content, state)  # no secret beyond this point
    hand = Hand(view.position, tuple(r.command if r else None for r in view.registers),
                tuple(c.command for c in view.hand), content.command_deck, content.devices)
    rng = random.Random(f"{seed}:cadet:{view.transmission}")
    commands = choose_order(cadet, hand, rng)
    return order_cards(commands, [r.id if r else None for r in view.registers], [c.id for c in view.hand])


def play_game(content: ContentPack, chooser: Chooser, difficulty: str, seed: int,
              layout: str = "standard", cadet: str = "perfect") -> Game:
    """Play a whole game and return it (its record replays to the same state).

    :param cadet: the Cadet model (:data:`companion.games.transmission.mission_control.cadet.CADET_MODELS`).
    :raises ValueError: for an unknown Cadet model.
    :raises companion.errors.IllegalAction: when the chooser selects something the rules refuse.
    """
    if cadet not in CADET_MODELS:
        raise ValueError(f"unknown Cadet model {cadet!r} (expected one of {', '.join(CADET_MODELS)})")
    game = Game(content, difficulty, layout, seed)
    game.play_chance()
    while True:
        actor = game.actor
        if actor is Actor.MISSION_CONTROL:
            view = mission_control_view(content, game.state)
            game.play(Select(tuple(chooser.choose(view))))
        elif actor is Actor.CADET:
            game.play(Execute(_decode(game, cadet, seed)))
        elif actor is Actor.CHANCE:
            game.play_chance()
        else:
            return game


def play_one(content: ContentPack, chooser: Chooser, difficulty: str, seed: int,
             cadet: str = "perfect") -> Outcome:
    """Play a whole game (see :func:`play_game`) and return its :class:`~.engine.game.Outcome`."""
    result = play_game(content, chooser, difficulty, seed, cadet=cadet).outcome()
    assert result is not None  # play_game returns only when the game is over
    return result


# A finished game as the batch totals need it: (victory, transmissions used, score).
_Tally = tuple[bool, int, int]


class _Batch:
    """One process's share: its own chooser, kept for all its games."""

    def __init__(self, content: ContentPack, factory: Callable[[], Chooser], difficulty: str, seed: int,
                 cadet: str) -> None:
        self.content = content
        self.factory = factory
        self.difficulty = difficulty
        self.seed = seed
        self.cadet = cadet
        self.chooser: Chooser | None = None

    def __call__(self, i: int) -> _Tally:
        if self.chooser is None:
            self.chooser = self.factory()
        outcome = play_one(self.content, self.chooser, self.difficulty, game_seed(self.seed, i), self.cadet)
        log.debug("game %d: %s, %d transmissions, score %d", i, "won" if outcome.victory else "lost",
                  outcome.transmissions_used, outcome.score)
        return outcome.victory, outcome.transmissions_used, outcome.score


_WORKER: _Batch | None = None


def _init_worker(batch: _Batch) -> None:
    global _WORKER
    _WORKER = batch


def _play_in_worker(i: int) -> _Tally:
    assert _WORKER is not None
    return _WORKER(i)


def simulate(content: ContentPack, games: int, difficulty: str, seed: int,
             chooser_factory: Callable[[], Chooser] = Planner, *, cadet: str = "perfect",
             mc: str | None = None, jobs: int = 1) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses :func:`game_seed` ``(seed, i)``.

    Deterministic for a given seed (apart from :attr:`SimulationResult.seconds`), whatever ``jobs``.

    :param chooser_factory: makes the Mission Control, once per process (ignored when ``mc`` is given);
        picklable when ``jobs`` > 1 (a class or a module-level function, not a lambda).
    :param cadet: the Cadet model (:data:`companion.games.transmission.mission_control.cadet.CADET_MODELS`).
    :param mc: a Mission Control by name (:data:`MISSION_CONTROLS`) instead of ``chooser_factory``.
    :param jobs: processes to play on (``0``: one per core); more than ``games`` is pointless.
    :raises ValueError: for a negative number of games or jobs, or an unknown Cadet model or Mission Control.
    :raises KeyError: for an unknown difficulty.
    """
    if games < 0:
        raise ValueError(f"the number of games must be 0 or more, not {games}")
    if jobs < 0:
        raise ValueError(f"the number of jobs must be 0 (all cores) or more, not {jobs}")
    if cadet not in CADET_MODELS:
        raise ValueError(f"unknown Cadet model {cadet!r} (expected one of {', '.join(CADET_MODELS)})")
    content.difficulty(difficulty)
    factory: Callable[[], Chooser] = chooser_factory
    if mc is not None:
        mission_control(mc)  # an unknown name fails here, before any process starts
        factory = _Named(mc)
    jobs = min(jobs or (os.cpu_count() or 1), max(1, games))
    batch = _Batch(content, factory, difficulty, seed, cadet)
    start = time.perf_counter()
    tallies: Sequence[_Tally]
    if jobs <= 1:
        tallies = [batch(i) for i in progress(range(games), desc="games", unit="game")]
    else:
        # forkserver, not fork: forking a process that runs other threads (a card reader, gpiozero,
        # a test runner's) can leave a lock held forever in the child, and the pool hangs.  The batch
        # (content pack, factory) is pickled to the workers, so the factory must be picklable.
        context = multiprocessing.get_context("forkserver")
        with context.Pool(jobs, initializer=_init_worker, initargs=(batch,)) as pool:
            chunks = max(1, min(20, games // (4 * jobs)))
            tallies = list(progress(pool.imap(_play_in_worker, range(games), chunksize=chunks),
                                    total=games, desc="games", unit="game"))
    seconds = time.perf_counter() - start
    wins = sum(1 for t in tallies if t[0])
    transmissions = sum(t[1] for t in tallies)
    score = sum(t[2] for t in tallies)
    n = max(games, 1)
    return SimulationResult(games, wins, wins / n if games else 0.0, transmissions / n, score / n, seconds,
                            jobs)


class _Named:
    """A picklable factory of a Mission Control by name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self) -> Chooser:
        return mission_control(self.name)
