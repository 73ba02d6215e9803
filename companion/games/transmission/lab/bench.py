"""``companion bench planner``: how fast the optimal Mission Control decides, on real positions.

What is measured
----------------
*Positions.*  Seeded real games (:func:`companion.games.transmission.lab.simulate.play_game`, a perfect
Cadet, standard
difficulty by default) are played with the planner, and the :class:`MissionControlView` of every
decision is kept, game after game, until at least ``positions`` are collected.  Each is labelled by
phase: ``start`` (the first decision of a game: every mission left, every Transmission card
left), ``last`` (one mission left) and ``mid`` (the rest).  All decisions of a game are kept, so
the phases come in the proportions real games have them.

*The planner's time.*  Each position is decided by a *fresh*
:class:`~companion.games.transmission.mission_control.planner.Planner`
(empty tables: no help from the game's earlier decisions, which in the app are usually already in
the table), single-threaded, timed with :func:`time.perf_counter` around
:meth:`Planner.plan`.  The program tries (compiled once per start cell and kept by the process,
:func:`companion.games.transmission.mission_control.programs.compile_programs`) are already compiled by the
sampled games; compiling
all 25 afresh is timed on its own line: the one-off cost the first decisions of a process share.

*Memory.*  ``peak RSS`` is the process's peak resident set size
(:func:`resource.getrusage`, ``ru_maxrss``) after the run, Python and everything included;
``tracemalloc peak`` is the largest peak of Python allocations during one decision, measured in a
separate untimed pass over the slowest decisions (tracemalloc slows Python down, so it is never
on while timing).

*The plain search.*  The baseline is a plain exhaustive round-by-round breadth-first search: layer
``t`` holds every distinct (position, missions left) reachable in ``t`` transmissions, each
expanded with :func:`companion.games.transmission.mission_control.programs.enumerate_outcomes` (every distinct
outcome of one
transmission, identical cards merged), deduplicated within the layer only, with no lower bound and
no transposition table across layers, until a layer completes every mission (its first program
toward that outcome is the decision) or the Transmission cards run out.  Each position gets at most
``plain_bound`` seconds (and at most 400,000 positions in a layer); positions it cannot finish are
counted.  The speed ratio is (plain time / planner time), over the positions both finished, given
as the median and the ratio of the totals.  Those are the easier positions (the plain search
gives up mostly on game starts, which need far longer than any bound a bench can afford), so a
third figure covers every position: the plain search's time counted as at most the bound (its true
time is longer where it gave up) over the planner's total, a lower bound of the ratio of the totals
over all positions.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.board import CELLS
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.lab.simulate import game_seed, play_game
from companion.games.transmission.mission_control.encoding import ORDER, rest_of
from companion.games.transmission.mission_control.native import search_kind
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.programs import compile_programs, enumerate_outcomes
from companion.lab.progress import progress

__all__ = ["BenchResult", "Sample", "bench_planner", "plain_search", "sample_positions"]

PHASES = ("start", "mid", "last")
#: States a layer of the plain search may hold before it gives up (memory).
PLAIN_LAYER_LIMIT = 400_000


@dataclass(frozen=True)
class Sample:
    """One decision of a real game: the game's seed, the decision's number (0-based), its phase."""

    game_seed: int
    decision: int
    phase: str
    view: MissionControlView


@dataclass
class _Recorder:
    planner: Planner
    views: list[MissionControlView] = field(default_factory=list)

    def choose(self, view: MissionControlView) -> tuple[object, ...]:
        self.views.append(view)
        return self.planner.choose(view)


def sample_positions(content: ContentPack, positions: int, seed: int,
                     difficulty: str = "standard") -> list[Sample]:
    """Every decision of seeded real games, game after game, until at least ``positions``.

    :raises ValueError: for fewer than 1 position.
    """
    if positions < 1:
        raise ValueError(f"positions must be at least 1, not {positions}")
    samples: list[Sample] = []
    i = 0
    while len(samples) < positions:
        s = game_seed(seed, i)
        recorder = _Recorder(Planner())
        play_game(content, recorder, difficulty, s)  # type: ignore[arg-type]
        first = recorder.views[0] if recorder.views else None
        for k, view in enumerate(recorder.views):
            if k == 0 and first is not None:
                phase = "start"
            elif len(view.missions) == 1:
                phase = "last"
            else:
                phase = "mid"
            samples.append(Sample(s, k, phase, view))
        i += 1
    return samples


def plain_search(view: MissionControlView, bound: float) -> tuple[int | None, tuple[int, ...] | None, bool]:
    """The plain round-by-round breadth-first search of the module docstring.

    :param bound: seconds allowed.
    :returns: ``(transmissions to win or None, first program or None, finished)``.
    """
    start = time.perf_counter()
    devices = frozenset(d.upper() for d in view.devices)
    counts = tuple(int(view.deck.get(c, 0)) for c in ORDER)
    pairs = tuple(sorted((m, a.upper(), b.upper()) for m, (a, b) in view.missions.items()))
    p = view.position
    if not pairs:
        return 0, None, True
    layer: dict[tuple[str, int, str, tuple[tuple[str, str, str], ...]], tuple[int, ...]] = {
        (p.board, p.cadet, p.carrying or "", pairs): ()}
    for t in range(1, max(1, view.transmissions_left) + 1):
        nxt: dict[tuple[str, int, str, tuple[tuple[str, str, str], ...]], tuple[int, ...]] = {}
        for (board, cadet, carrying, rest), first in layer.items():
            if time.perf_counter() - start > bound:
                return None, None, False
            for o in enumerate_outcomes((board, cadet, carrying), rest, counts, devices):
                left = rest_of(rest, o.mask)
                program = first or o.program
                if not left:
                    return t, program, True
                nxt.setdefault((o.board, o.cadet, o.carrying, left), program)
            if len(nxt) > PLAIN_LAYER_LIMIT:
                return None, None, False
        layer = nxt
    return None, None, True


@dataclass(frozen=True)
class BenchResult:
    """The benchmark's figures (milliseconds unless named otherwise)."""

    positions: int
    per_phase: dict[str, int]
    times_ms: list[float]
    phase_of: list[str]
    setup_ms: float
    peak_rss_kib: int
    tracemalloc_peak_kib: float
    plain_finished: int
    plain_unfinished: int
    ratio_median: float | None
    ratio_total: float | None
    plain_bound: float
    optimum_agrees: bool
    ratio_all_at_least: float | None = None

    def summary(self, times: Sequence[float]) -> dict[str, float]:
        if not times:
            return {"count": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]
        return {"count": len(ordered), "median": statistics.median(ordered), "p95": p95, "max": ordered[-1]}

    def to_json(self) -> dict[str, object]:
        phases = {ph: self.summary([t for t, q in zip(self.times_ms, self.phase_of) if q == ph])
                  for ph in PHASES}
        return {
            "positions": self.positions, "per_phase": self.per_phase,
            "overall_ms": self.summary(self.times_ms), "phases_ms": phases,
            "setup_ms": self.setup_ms, "peak_rss_kib": self.peak_rss_kib,
            "tracemalloc_peak_kib": self.tracemalloc_peak_kib, "search": search_kind(),
            "plain": {"bound_seconds": self.plain_bound, "finished": self.plain_finished,
                      "unfinished": self.plain_unfinished, "ratio_median": self.ratio_median,
                      "ratio_total": self.ratio_total, "ratio_all_at_least": self.ratio_all_at_least,
                      "optimum_agrees": self.optimum_agrees},
        }


def bench_planner(content: ContentPack, positions: int = 200, seed: int = 1, plain_bound: float = 2.0,
                  difficulty: str = "standard") -> BenchResult:
    """Sample, time the planner, measure memory, run the plain search (see the module docstring).

    :raises ValueError: for fewer than 1 position or a negative bound.
    """
    if plain_bound < 0:
        raise ValueError(f"the plain search's bound must be 0 seconds or more, not {plain_bound}")
    samples = sample_positions(content, positions, seed, difficulty)
    counts = tuple(int(content.command_deck.get(c, 0)) for c in ORDER)
    t0 = time.perf_counter()
    for cell in range(CELLS):
        compile_programs(cell, counts)  # what the first decisions of a process pay once, timed afresh
    setup_ms = (time.perf_counter() - t0) * 1000
    times: list[float] = []
    optima: list[int | None] = []
    for sample in progress(samples, desc="planner", unit="position"):
        planner = Planner()
        t = time.perf_counter()
        plan = planner.plan(sample.view)
        times.append((time.perf_counter() - t) * 1000)
        optima.append(plan.transmissions_to_win)
    slowest = sorted(range(len(samples)), key=times.__getitem__)[-3:]
    peak = 0
    for k in slowest:
        tracemalloc.start()
        Planner().plan(samples[k].view)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    ratios: list[float] = []
    total_plain = total_mine = 0.0
    finished = unfinished = 0
    agrees = True
    censored = 0.0  # the plain search's time, at most the bound where it gave up
    for sample, mine, optimum in progress(zip(samples, times, optima), total=len(samples),
                                          desc="plain search", unit="position"):
        t = time.perf_counter()
        value, _program, done = plain_search(sample.view, plain_bound)
        spent = (time.perf_counter() - t) * 1000
        censored += spent if done else max(spent, plain_bound * 1000)
        if not done:
            unfinished += 1
            continue
        finished += 1
        agrees = agrees and value == optimum
        ratios.append(spent / max(mine, 1e-6))
        total_plain += spent
        total_mine += mine
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":  # pragma: no cover - bytes there, KiB on Linux
        rss //= 1024
    per_phase = {ph: sum(1 for s in samples if s.phase == ph) for ph in PHASES}
    return BenchResult(
        positions=len(samples), per_phase=per_phase, times_ms=times, phase_of=[s.phase for s in samples],
        setup_ms=setup_ms, peak_rss_kib=int(rss), tracemalloc_peak_kib=peak / 1024,
        plain_finished=finished, plain_unfinished=unfinished,
        ratio_median=statistics.median(ratios) if ratios else None,
        ratio_total=total_plain / total_mine if total_mine else None,
        plain_bound=plain_bound, optimum_agrees=agrees,
        ratio_all_at_least=censored / sum(times) if sum(times) else None)


def report_lines(result: BenchResult) -> list[str]:
    """The human-readable figures of a run."""
    data = result.to_json()
    lines = [f"{result.positions} positions from seeded real games: "
             + ", ".join(f"{n} {ph}" for ph, n in result.per_phase.items()),
             f"one-off set-up (program tries of every cell): {result.setup_ms:.0f} ms"]
    overall = result.summary(result.times_ms)
    lines.append(f"planner decision, fresh planner each, one thread, search: {search_kind()}: median "
                 f"{overall['median']:.1f} ms, p95 {overall['p95']:.1f} ms, max {overall['max']:.1f} ms")
    phases = data["phases_ms"]
    assert isinstance(phases, dict)
    for ph in PHASES:
        s = phases[ph]
        lines.append(f"  {ph:>5} ({s['count']:>3}): median {s['median']:.1f} ms, p95 {s['p95']:.1f} ms, "
                     f"max {s['max']:.1f} ms")
    lines.append(f"peak memory: {result.peak_rss_kib / 1024:.1f} MiB peak RSS of the process (getrusage "
                 f"ru_maxrss); {result.tracemalloc_peak_kib / 1024:.1f} MiB tracemalloc peak of the "
                 f"slowest decisions (Python's allocations only: not the native core's tables)")
    ratio = (f"{result.ratio_median:.0f}x median, {result.ratio_total:.0f}x on the totals"
             if result.ratio_median is not None and result.ratio_total is not None else "n/a")
    lines.append(f"plain breadth-first search (bound {result.plain_bound:g} s per position): finished "
                 f"{result.plain_finished}, could not finish {result.plain_unfinished}; "
                 f"planner speed-up where both finish: {ratio}; "
                 f"same optimum: {'yes' if result.optimum_agrees else 'NO'}")
    if result.ratio_all_at_least is not None:
        lines.append(f"  over all {result.positions} positions (the plain search's time capped at the bound "
                     f"where it gave up): at least {result.ratio_all_at_least:.0f}x on the totals")
    return lines
