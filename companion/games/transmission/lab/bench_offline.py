"""``companion bench planner --offline``: the planners' CPU time on decisions off the optimal line.

What is measured
----------------
*Positions.*  Every decision of seeded real games in which the Cadet is a model that strays from
Mission Control's intended order (:data:`CADETS`: ``uniform`` and ``careful``, RULES.md, 4. Decode)
at the difficulties of :data:`DIFFICULTIES` (``standard`` and ``hard``), the four cells in turn, until
at least ``positions`` decisions are collected.  Mission Control in those games is the default
planner (:class:`~companion.games.transmission.mission_control.planner.Planner`, one per game).  A
straying Cadet leaves positions the optimal line never meets: game starts, and the decisions after
the Cadet strayed, are where a search is slowest (issue 11).

*The planners' time.*  Each position is decided afresh, one thread, by the default planner (a fresh
:class:`Planner`, empty tables) and by the robust planner (a fresh
:class:`~companion.games.transmission.mission_control.robust.RobustPlanner` for the ``uniform``
Cadet), each timed in CPU seconds (:func:`time.process_time`: the machine is shared, so wall-clock
time would measure the other jobs too).  The process-wide tables (the compiled program tries, the
packed action tables) are emptied before each planner's first decision, so that decision pays what
the first decision of a fresh process pays, and it is counted.  No deadline: the search runs to its
exact answer.

*Exactness.*  Optionally (``plain_bound`` > 0) the plain breadth-first search of
:func:`companion.games.transmission.lab.bench.plain_search` decides each position within that many
seconds; on every
position it finishes its optimum must equal the planner's (``wrong`` counts the others).
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.lab.bench import plain_search
from companion.games.transmission.lab.simulate import game_seed, play_game
from companion.games.transmission.mission_control.native import search_kind
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.robust import RobustPlanner
from companion.games.transmission.mission_control.solver import forget_shared_tables

__all__ = ["CADETS", "DIFFICULTIES", "OfflineResult", "OfflineSample", "PLANNERS", "TARGETS",
           "bench_offline", "offline_lines", "offline_positions"]

#: The Cadet models whose games give the positions (they stray from the intended order).
CADETS: tuple[str, ...] = ("uniform", "careful")
#: The difficulties of the sampled games.
DIFFICULTIES: tuple[str, ...] = ("standard", "hard")
#: The planners timed, in the order printed.
PLANNERS: tuple[str, ...] = ("default", "robust")
#: The targets of issue 11, in ms of CPU: per planner ``(p95, max)``.
TARGETS: dict[str, tuple[float, float]] = {"default": (10.0, 50.0), "robust": (30.0, 100.0)}


@dataclass(frozen=True)
class OfflineSample:
    """One decision of a sampled game: its cell (Cadet model, difficulty), game seed and number."""

    cadet: str
    difficulty: str
    game_seed: int
    decision: int
    view: MissionControlView


@dataclass
class _Recorder:
    planner: Planner
    views: list[MissionControlView] = field(default_factory=list)

    def choose(self, view: MissionControlView) -> tuple[object, ...]:
        self.views.append(view)
        return self.planner.choose(view)


def offline_positions(content: ContentPack, positions: int, seed: int) -> list[OfflineSample]:
    """Every decision of seeded games of each (Cadet, difficulty) cell in turn, until at least
    ``positions`` (see the module docstring).

    :raises ValueError: for fewer than 1 position.
    """
    if positions < 1:
        raise ValueError(f"positions must be at least 1, not {positions}")
    cells = list(itertools.product(CADETS, DIFFICULTIES))
    samples: list[OfflineSample] = []
    i = 0
    while len(samples) < positions:
        cadet, difficulty = cells[i % len(cells)]
        s = game_seed(seed, i)
        recorder = _Recorder(Planner())
        play_game(content, recorder, difficulty, s, cadet=cadet)  # type: ignore[arg-type]
        samples.extend(OfflineSample(cadet, difficulty, s, k, view) for k, view in enumerate(recorder.views))
        i += 1
    return samples


def _default(view: MissionControlView) -> object:
    return Planner().plan(view)


def _robust(view: MissionControlView) -> object:
    return RobustPlanner(cadet="uniform").choose(view)


_DECIDE: dict[str, Callable[[MissionControlView], object]] = {"default": _default, "robust": _robust}


@dataclass(frozen=True)
class OfflineResult:
    """The figures: per planner the CPU ms of every position (same order as ``samples``)."""

    samples: list[OfflineSample]
    times_ms: dict[str, list[float]]
    first_ms: dict[str, float]
    checked: int = 0
    wrong: int = 0
    unfinished: int = 0

    @staticmethod
    def summary(times: Sequence[float]) -> dict[str, float]:
        """``count``, ``median``, ``p95`` (nearest rank), ``max`` and ``total`` of ``times``."""
        if not times:
            return {"count": 0, "median": 0.0, "p95": 0.0, "max": 0.0, "total": 0.0}
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]
        return {"count": len(ordered), "median": statistics.median(ordered), "p95": p95,
                "max": ordered[-1], "total": sum(ordered)}

    def to_json(self) -> dict[str, object]:
        cells: dict[str, object] = {}
        for cadet, difficulty in itertools.product(CADETS, DIFFICULTIES):
            picks = [k for k, s in enumerate(self.samples) if (s.cadet, s.difficulty) == (cadet, difficulty)]
            cells[f"{cadet}/{difficulty}"] = {
                name: self.summary([self.times_ms[name][k] for k in picks]) for name in self.times_ms}
        return {
            "positions": len(self.samples),
            "planners_ms": {name: {**self.summary(t), "first": self.first_ms[name],
                                   "target_p95": TARGETS[name][0], "target_max": TARGETS[name][1]}
                            for name, t in self.times_ms.items()},
            "cells_ms": cells,
            "exact": {"checked": self.checked, "wrong": self.wrong, "unfinished": self.unfinished},
            "search": search_kind(),
        }


def bench_offline(content: ContentPack, positions: int = 1000, seed: int = 1, plain_bound: float = 0.0,
                  planners: Sequence[str] = PLANNERS,
                  progress: Callable[[int, int], None] | None = None) -> OfflineResult:
    """Sample, then time each planner on every position (see the module docstring).

    :param plain_bound: seconds the plain search may spend per position (0: no exactness check).
    :param progress: called with ``(done, total)`` after each decision timed.
    :raises ValueError: for fewer than 1 position, a negative bound or an unknown planner.
    """
    if plain_bound < 0:
        raise ValueError(f"the plain search's bound must be 0 seconds or more, not {plain_bound}")
    for name in planners:
        if name not in _DECIDE:
            raise ValueError(f"unknown planner {name!r} (expected one of {', '.join(PLANNERS)})")
    samples = offline_positions(content, positions, seed)
    total = len(samples) * len(planners)
    times: dict[str, list[float]] = {}
    first: dict[str, float] = {}
    done = 0
    for name in planners:
        decide = _DECIDE[name]
        forget_shared_tables()  # the first decision pays what a fresh process pays
        out: list[float] = []
        for sample in samples:
            t = time.process_time()
            decide(sample.view)
            out.append((time.process_time() - t) * 1000)
            done += 1
            if progress is not None:
                progress(done, total)
        times[name] = out
        first[name] = out[0]
    checked = wrong = unfinished = 0
    if plain_bound > 0:
        for sample in samples:
            value, _program, finished = plain_search(sample.view, plain_bound)
            if not finished:
                unfinished += 1
                continue
            checked += 1
            wrong += value != Planner().plan(sample.view).transmissions_to_win
    return OfflineResult(samples, times, first, checked, wrong, unfinished)


def offline_lines(result: OfflineResult) -> list[str]:
    """The human-readable figures of a run, each planner against its targets."""
    cells = ", ".join(f"{sum(1 for s in result.samples if (s.cadet, s.difficulty) == (c, d))} {c}/{d}"
                      for c, d in itertools.product(CADETS, DIFFICULTIES))
    lines = [f"{len(result.samples)} decisions off the optimal line (games with straying Cadets): {cells}",
             "CPU time per decision (process_time), a fresh planner each, one thread, no deadline; "
             f"the first decision of a process included; search: {search_kind()}"]
    for name, times in result.times_ms.items():
        s = result.summary(times)
        p95, top = TARGETS[name]
        verdict = "meets" if s["p95"] <= p95 and s["max"] <= top else "MISSES"
        lines.append(f"  {name:>7} planner: median {s['median']:.1f} ms, p95 {s['p95']:.1f} ms, "
                     f"max {s['max']:.1f} ms, first {result.first_ms[name]:.1f} ms, total "
                     f"{s['total'] / 1000:.1f} s; target p95 <= {p95:g} ms, max <= {top:g} ms: {verdict}")
        for cadet, difficulty in itertools.product(CADETS, DIFFICULTIES):
            picks = [t for t, q in zip(times, result.samples)
                     if (q.cadet, q.difficulty) == (cadet, difficulty)]
            c = result.summary(picks)
            lines.append(f"      {cadet}/{difficulty} ({c['count']}): median {c['median']:.1f} ms, "
                         f"p95 {c['p95']:.1f} ms, max {c['max']:.1f} ms")
    if result.checked or result.unfinished:
        lines.append(f"exactness against the plain breadth-first search: {result.checked} checked, "
                     f"{result.wrong} wrong, {result.unfinished} it could not finish")
    return lines
