"""Simulated games: a Mission Control chooser against a model Cadet.

Used by ``companion simulate``, ``python -m companion.games.transmission.lab.balance`` and the tests
to measure a Mission Control.  Every game is a real :class:`~companion.games.transmission.engine.game.Game`:
chance is drawn with the game's own seeded generator (:meth:`Game.play_chance`),
so each simulated game has a record that replays to the identical state
(:mod:`companion.games.transmission.engine.record`).

The Cadet is one of the models of :mod:`companion.games.transmission.mission_control.cadet`: ``perfect`` reads
Mission Control's intended order from the secret state and executes it
(leaving the error card out, RULES.md, 4. Decode), so a game measures planning
alone; ``uniform``, ``careful`` and ``reasoning`` see only the table's view
(:func:`companion.games.transmission.engine.views.cadet_view`) and pick a legal order of their hand with
a generator seeded by the game's seed and the transmission number.  Only the
``reasoning`` Cadet spends Signal Boosts (:func:`cadet_turn`): before it executes, it
plays the boost whose answer is worth the most
(:func:`companion.games.transmission.mission_control.reasoning.best_boost`), reads the answer
and decides again.

Mission Controls by name (:data:`MISSION_CONTROLS`): ``shortest`` is
:class:`companion.games.transmission.mission_control.planner.Planner`; ``robust`` is
:class:`companion.games.transmission.mission_control.robust.RobustPlanner`, which plans for the
simulated Cadet's model (``uniform`` for the ``perfect`` Cadet, whom no plan can confuse).

Batches can run on several processes (``jobs``); game ``i`` always uses
:func:`game_seed` ``(seed, i)``.  Each game gets a new chooser (its solver's
tables are per game, so a worker's memory stays bounded however many games it
plays; the compiled programs and routes that do not depend on the game are
shared), so the totals are the same whatever the number of processes.  Ctrl-C
stops the workers and the batch raises :class:`KeyboardInterrupt` once, with no
worker's traceback or line (the workers ignore SIGINT from the moment they start).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import resource_tracker

from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.engine.actions import Execute, Select, UseBoost
from companion.games.transmission.engine.game import Actor, Game, Outcome
from companion.games.transmission.engine.views import CadetView, cadet_view, mission_control_view
from companion.games.transmission.mission_control.cadet import (
    CADET_MODELS,
    Hand,
    distribution,
    hypothesis_weight,
    order_cards,
    read,
    sample,
)
from companion.games.transmission.mission_control.encoding import INDEX, ORDER
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.reasoning import (
    Reader,
    best_boost,
    boost_threshold,
    cross_check,
    possible_missions,
)
from companion.games.transmission.mission_control.robust import RobustPlanner
from companion.games.transmission.session import Chooser
from companion.lab.progress import progress

__all__ = ["MISSION_CONTROLS", "SimulationResult", "cadet_turn", "cores", "game_seed", "mission_control",
           "play_game", "play_one", "simulate"]

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


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one, else every core)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS and Windows have no sched_getaffinity
        return max(1, os.cpu_count() or 1)


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a batch seeded ``seed``: a stable hash, so batches do not overlap."""
    digest = hashlib.sha256(f"simulate:{seed}:{i}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def mission_control(name: str, cadet: str = "uniform",
                    catalogue: Mapping[str, tuple[str, str]] | None = None) -> Chooser:
    """A new Mission Control by name (:data:`MISSION_CONTROLS`).

    :param cadet: the Cadet model the ``robust`` one plans for (``perfect`` plans for ``uniform``).
    :param catalogue: every mission card of the content pack (id -> pair), for the ``reasoning`` model.
    :raises ValueError: for another name or an unknown Cadet model.
    """
    if name == "shortest":
        return Planner()
    if name == "robust":
        return RobustPlanner(cadet="uniform" if cadet == "perfect" else cadet, catalogue=catalogue)
    raise ValueError(f"unknown Mission Control {name!r} (expected one of {', '.join(MISSION_CONTROLS)})")


def _hand(content: ContentPack, view: CadetView) -> Hand:
    return Hand(view.position, tuple(r.command if r else None for r in view.registers),
                tuple(c.command for c in view.hand), content.command_deck, content.devices,
                {m.id: m.pair for m in content.missions}, tuple(m.id for m in view.completed))


def cadet_turn(game: Game, cadet: str, seed: int, reader: Reader | None = None) -> None:
    """Play the Cadet's whole Decode step: Signal Boosts (``reasoning`` only), then Execute.

    RULES.md, 4. Decode and 5. Execute.  The models other than ``perfect`` see only
    :func:`~companion.games.transmission.engine.views.cadet_view`; the ``reasoning`` one remembers this
    transmission's answers (a Cross Check's register, an Abort's No rules out the orders that disagree)
    and decides again after each boost.

    :param reader: the ``reasoning`` model's route cache (one per process keeps it warm).
    :raises ValueError: for an unknown Cadet model.
    """
    state = game.state
    if cadet == "perfect":
        game.play(Execute(state.intended))  # an error card is simply not in it
        return
    content = game.content
    rng = random.Random(f"{seed}:cadet:{len(state.drawn)}")
    checks: list[tuple[int, tuple[int, ...], int]] = []  # Cross Check: command, open registers' mask, answer
    refused: set[tuple[str, int, str]] = set()  # end positions an Abort said No to
    while True:
        view = cadet_view(content, game.state)  # no secret beyond this point
        hand = _hand(content, view)
        if cadet != "reasoning":
            orders, probs = read(cadet, hand)
            chosen = orders[sample(probs, rng)].program
            break
        reader = reader if reader is not None else Reader(content.devices)
        orders = hand.orders()
        p = hand.position
        missions = possible_missions(hand.catalogue, hand.completed, p.board)
        ends = [(o.board, o.cadet, o.carrying) for o in orders]
        likelihood = reader.likelihoods(p.board, p.cadet, p.carrying or "", ends, missions)
        for i, o in enumerate(orders):
            if ends[i] in refused or any(cross_check(o.program, then, c) != got for c, then, got in checks):
                likelihood[i] = 0.0
        if not any(likelihood):  # the answers contradict the model (it cannot be wrong about legality)
            likelihood = [1.0] * len(orders)
        totals = hand.totals()
        deck = tuple(int(hand.deck.get(c, 0)) for c in ORDER)
        weights = [hypothesis_weight(o, totals, deck) * x for o, x in zip(orders, likelihood)]
        total = sum(weights)
        posterior = [w / total for w in weights] if total > 0 else [1.0 / len(orders)] * len(orders)
        fixed = tuple(-1 if f is None else INDEX[f] for f in hand.fixed)
        held = {content.boost(b.id).kind.value: b.id for b in view.boosts}
        choice = None
        if held:
            choice = best_boost([o.program for o in orders], posterior, ends, [o.left_out for o in orders],
                                fixed, held, [INDEX[c] for c in hand.cards],
                                boost_threshold(view.transmissions_left))
        if choice is None:
            probs = distribution("reasoning", orders, totals, deck, likelihood=likelihood)
            chosen = orders[sample(probs, rng)].program
            break
        boost = held[choice.kind]
        if choice.kind == BoostKind.CLEAR_SIGNAL.value:
            game.play(UseBoost(boost, register=choice.register))
        elif choice.kind == BoostKind.CROSS_CHECK.value:
            card = next(c.id for c in view.hand if INDEX[c.command] == choice.command)
            game.play(UseBoost(boost, card=card))
            answer = game.state.answers[-1].register
            checks.append((choice.command, fixed, -1 if answer is None else answer - 1))
        elif choice.kind == BoostKind.DEBUG.value:
            game.play(UseBoost(boost))
        else:
            proposal = orders[choice.order]
            cards = order_cards(tuple(ORDER[k] for k in proposal.program),
                                [r.id if r else None for r in view.registers], [c.id for c in view.hand])
            game.play(UseBoost(boost, order=cards))
            if game.state.answers[-1].yes:
                chosen = proposal.program
                break
            refused.add(ends[choice.order])
    view = cadet_view(content, game.state)
    registers = [r.id if r else None for r in view.registers]
    game.play(Execute(order_cards(tuple(ORDER[k] for k in chosen), registers, [c.id for c in view.hand])))


def play_game(content: ContentPack, chooser: Chooser, difficulty: str, seed: int,
              layout: str = "standard", cadet: str = "perfect", reader: Reader | None = None) -> Game:
    """Play a whole game and return it (its record replays to the same state).

    :param cadet: the Cadet model (:data:`companion.games.transmission.mission_control.cadet.CADET_MODELS`).
    :param reader: the ``reasoning`` Cadet's route cache (see :func:`cadet_turn`).
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
            cadet_turn(game, cadet, seed, reader)
        elif actor is Actor.CHANCE:
            game.play_chance()
        else:
            return game


def play_one(content: ContentPack, chooser: Chooser, difficulty: str, seed: int,
             cadet: str = "perfect", reader: Reader | None = None) -> Outcome:
    """Play a whole game (see :func:`play_game`) and return its :class:`~.engine.game.Outcome`."""
    result = play_game(content, chooser, difficulty, seed, cadet=cadet, reader=reader).outcome()
    assert result is not None  # play_game returns only when the game is over
    return result


# A finished game as the batch totals need it: (victory, transmissions used, score).
_Tally = tuple[bool, int, int]


class _Batch:
    """One process's share: a new chooser for every game (bounded memory), one route cache."""

    def __init__(self, content: ContentPack, factory: Callable[[], Chooser], difficulty: str, seed: int,
                 cadet: str) -> None:
        self.content = content
        self.factory = factory
        self.difficulty = difficulty
        self.seed = seed
        self.cadet = cadet
        self.reader: Reader | None = None

    def __call__(self, i: int) -> _Tally:
        if self.reader is None:
            self.reader = Reader(self.content.devices)
        # A new chooser per game: the solver's tables would otherwise grow to ~1 GB over 500 games.
        outcome = play_one(self.content, self.factory(), self.difficulty, game_seed(self.seed, i), self.cadet,
                           self.reader)
        log.debug("game %d: %s, %d transmissions, score %d", i, "won" if outcome.victory else "lost",
                  outcome.transmissions_used, outcome.score)
        return outcome.victory, outcome.transmissions_used, outcome.score


_WORKER: _Batch | None = None


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT ignored and held back while the pool starts.

    The forkserver is a new interpreter, and one started with SIGINT ignored keeps it ignored (Python
    installs its KeyboardInterrupt handler only over the default), as do the workers it forks: a Ctrl-C
    while they start cannot kill one half-way ("Fatal Python error: init_import_site", a traceback)
    before :func:`_init_worker` runs.  This process holds the signal back (blocked, so Linux keeps it
    pending though ignored) and takes it when the pool exists, as one :class:`KeyboardInterrupt`.
    """
    if threading.current_thread() is not threading.main_thread():  # only the main thread takes signals
        yield
        return
    # multiprocessing's resource tracker unblocks SIGINT once it has started its own process, which
    # inside the window would let an ignored Ctrl-C be lost: start it first (it guards its own start).
    resource_tracker.ensure_running()
    held = {signal.SIGINT}
    previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)  # before unblocking: a pending Ctrl-C reaches it
        if signal.SIGINT not in previous_mask:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _init_worker(batch: _Batch) -> None:
    global _WORKER
    # Ctrl-C reaches the whole process group: the parent stops the pool and says so once; a worker
    # that also raised KeyboardInterrupt would print its traceback (and the forkserver its own line).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER = batch


def _play_in_worker(i: int) -> _Tally:
    assert _WORKER is not None
    return _WORKER(i)


def simulate(content: ContentPack, games: int, difficulty: str, seed: int,
             chooser_factory: Callable[[], Chooser] = Planner, *, cadet: str = "perfect",
             mc: str | None = None, jobs: int = 1, first: int = 0) -> SimulationResult:
    """Play ``games`` games, numbered ``first`` to ``first + games - 1``; game ``i`` uses
    :func:`game_seed` ``(seed, i)``.

    Deterministic for a given seed (apart from :attr:`SimulationResult.seconds`), whatever ``jobs``; so
    games ``0..N-1`` and ``N..M-1`` played apart are exactly games ``0..M-1`` played at once (the balance
    table extends a cached cell this way, :mod:`companion.games.transmission.lab.balance`).

    :param chooser_factory: makes the Mission Control, once per process (ignored when ``mc`` is given);
        picklable when ``jobs`` > 1 (a class or a module-level function, not a lambda).
    :param cadet: the Cadet model (:data:`companion.games.transmission.mission_control.cadet.CADET_MODELS`).
    :param mc: a Mission Control by name (:data:`MISSION_CONTROLS`) instead of ``chooser_factory``.
    :param jobs: processes to play on (``0``: one per core this process may use, :func:`cores`); more than
        ``games`` is pointless.
    :param first: the number of the batch's first game (``0``: the batch starts at the seed's first game).
    :raises ValueError: for a negative number of games, jobs or first game, or an unknown Cadet model or
        Mission Control.
    :raises KeyError: for an unknown difficulty.
    """
    if games < 0:
        raise ValueError(f"the number of games must be 0 or more, not {games}")
    if jobs < 0:
        raise ValueError(f"the number of jobs must be 0 (all cores) or more, not {jobs}")
    if first < 0:
        raise ValueError(f"the first game's number must be 0 or more, not {first}")
    if cadet not in CADET_MODELS:
        raise ValueError(f"unknown Cadet model {cadet!r} (expected one of {', '.join(CADET_MODELS)})")
    content.difficulty(difficulty)
    factory: Callable[[], Chooser] = chooser_factory
    if mc is not None:
        catalogue = {m.id: m.pair for m in content.missions}
        mission_control(mc, cadet, catalogue)  # an unknown name fails here, before any process starts
        factory = _Named(mc, cadet, catalogue)
    jobs = min(jobs or cores(), max(1, games))
    batch = _Batch(content, factory, difficulty, seed, cadet)
    numbers = range(first, first + games)
    start = time.perf_counter()
    tallies: Sequence[_Tally]
    if jobs <= 1:
        tallies = [batch(i) for i in progress(numbers, desc="games", unit="game")]
    else:
        # forkserver, not fork: forking a process that runs other threads (a card reader, gpiozero,
        # a test runner's) can leave a lock held forever in the child, and the pool hangs.  The batch
        # (content pack, factory) is pickled to the workers, so the factory must be picklable.
        context = multiprocessing.get_context("forkserver")
        with contextlib.ExitStack() as stack:
            with _ctrl_c_held():  # a Ctrl-C now waits for the pool to exist, then stops it (the stack)
                pool = stack.enter_context(context.Pool(jobs, initializer=_init_worker, initargs=(batch,)))
            chunks = max(1, min(20, games // (4 * jobs)))
            tallies = list(progress(pool.imap(_play_in_worker, numbers, chunksize=chunks),
                                    total=games, desc="games", unit="game"))
    seconds = time.perf_counter() - start
    wins = sum(1 for t in tallies if t[0])
    transmissions = sum(t[1] for t in tallies)
    score = sum(t[2] for t in tallies)
    n = max(games, 1)
    return SimulationResult(games, wins, wins / n if games else 0.0, transmissions / n, score / n, seconds,
                            jobs)


class _Named:
    """A picklable factory of a Mission Control by name, for a Cadet model."""

    def __init__(self, name: str, cadet: str, catalogue: Mapping[str, tuple[str, str]]) -> None:
        self.name = name
        self.cadet = cadet
        self.catalogue = dict(catalogue)

    def __call__(self) -> Chooser:
        return mission_control(self.name, self.cadet, self.catalogue)
