"""The balance table: every difficulty x Mission Control x Cadet model, simulated (``docs/balance.md``).

Run ``python -m companion.games.transmission.lab.balance`` (``--help`` for the options).  Each cell is
:func:`companion.games.transmission.lab.simulate.simulate` of ``--games`` games with the same batch seed, so
every cell of a difficulty plays the same layouts, missions and Transmission cards
(common random numbers).  A finished cell is written at once to the JSON cache
(``docs/balance.json``) with a fingerprint of the code that played it; a later run
skips the cells whose fingerprint still matches, so a long run can be stopped
(``--max-minutes``, or Ctrl-C: it says ``interrupted`` and exits 130, the cell it was
playing not saved) and continued.  The Markdown page is rewritten from the cache
after every cell.

Statistics: the win rate's 95% confidence interval is the Wilson score interval;
the difference of two win rates (scramble-aware minus shortest-plan Mission Control)
gets Newcombe's hybrid score interval (method 10), built from the two Wilson
intervals -- conservative here, because the two cells share their seeds.

The page then checks the difficulty presets against their targets (:data:`TARGETS`): with the
reasoning Cadet (the model of a thoughtful player, ``docs/cadets.md``) and the best Mission
Control of each difficulty, each win rate should lie within 3 points of its target.

A cell cached with fewer games of the same seed is extended rather than played again: only its
missing games are played and the tallies added (``--games 1000`` after a 500-game run plays games
500-999), when the same code played it or ``--keep`` says the change kept every decision;
``--replay CELL`` checks that claim by playing a cached cell again and comparing its tallies exactly.

A run never replaces a cached cell by fewer games.  A cell of the same seed and code (or ``--keep``)
with at least ``--games`` games is done and stays as it is.  A cell that cannot count (other code,
another seed) is played again from game 0, unless it holds more games than ``--games``: then it is
left as it is, with one warning naming it, its games, why, and what to run (``--games`` as many as it
holds to play it again, another ``--out`` for a trial), and the last line counts the cells left.  So a
trial run (``--games 3``) on the real page changes none of its figures, and the page's command
("Regenerate with") becomes the run's only when the run played a cell.

``--bench-cadet GAMES`` times the reasoning Cadet's decisions (each whole Decode step, Signal
Boosts included) over ``GAMES`` games at every difficulty against the shortest-plan Mission
Control, in CPU milliseconds (``docs/cadets.md`` quotes it).

``--bench GAMES`` instead times every decision of both Mission Controls over
``GAMES`` standard games against the ``uniform`` Cadet and prints the median,
95th percentile and maximum, and games per minute on one core.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import logging
import math
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.cli.output import EXIT_INTERRUPTED
from companion.errors import CompanionError
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import Select
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import Actor, Game
from companion.games.transmission.engine.views import MissionControlView, mission_control_view
from companion.games.transmission.lab.balance_cells import (
    left_as_is,
    load,
    merge,
    parts,
    save,
    tallies,
    unusable,
    write_text,
)
from companion.games.transmission.lab.simulate import (
    MISSION_CONTROLS,
    cadet_turn,
    game_seed,
    mission_control,
    play_one,
    simulate,
)
from companion.games.transmission.mission_control.cadet import CADET_MODELS
from companion.games.transmission.mission_control.reasoning import Reader
from companion.games.transmission.session import Chooser
from companion.lab.intervals import newcombe, wilson
from companion.lab.progress import progress
from companion.lab.seat_balance import keep_sections

__all__ = ["BAND", "DIFFICULTIES", "PACKAGE_ROOT", "TARGETS", "FingerprintError", "cell_key", "fingerprint",
           "fingerprint_sources", "main", "newcombe", "render", "wilson"]

log = logging.getLogger(__name__)

DIFFICULTIES: tuple[str, ...] = ("training", "standard", "hard", "expert")
#: Cells run in this order of priority: the question the table answers first.
_FIRST = ("standard", "reasoning")
#: The win rate each difficulty aims at with the reasoning Cadet and the best Mission Control, and how far
#: from it counts as on target (issue 11: training 80%, standard 60%, hard 40%, expert 20%; issue 24:
#: each within +-3 points, where issue 11 allowed 5).
TARGETS: dict[str, float] = {"training": 0.80, "standard": 0.60, "hard": 0.40, "expert": 0.20}
BAND = 0.03
#: The package root (the folder that holds ``companion/``).
PACKAGE_ROOT = Path(__file__).resolve().parents[4]
#: Where a simulated game's decisions come from: the simulation and everything it imports from
#: ``companion``, plus every module of these packages and the default content pack (which sets the
#: deck, the layouts, the missions and the Transmission cards).
_DECIDING_MODULE = "companion.games.transmission.lab.simulate"
_DECIDING_PACKAGES = ("companion/games/transmission/engine", "companion/games/transmission/mission_control",
                      "companion/games/transmission/content")
_CONTENT_PACK = "companion/games/transmission/content/default.toml"


class FingerprintError(CompanionError, FileNotFoundError):
    """A source the balance fingerprint needs is missing (a stale cache must not pass for fresh)."""


def _module_file(root: Path, name: str) -> Path | None:
    """The source file of module ``name`` under ``root`` (``a/b.py``, ``a/b/__init__.py``, or ``a/b.c``
    for a C extension such as the native search core), if any."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py", base.with_suffix(".c")):
        if path.is_file():
            return path
    return None


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """The ``companion`` modules ``path`` imports (absolute imports): those that must exist (with their
    parent packages) and those that may (``from a import b`` names a module or an attribute)."""
    required: set[str] = set()
    optional: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            required.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            required.add(node.module)
            optional.update(f"{node.module}.{alias.name}" for alias in node.names)
    required |= {name.rsplit(".", k)[0] for name in required for k in range(1, name.count(".") + 1)}

    def ours(names: set[str]) -> set[str]:
        return {name for name in names if name == "companion" or name.startswith("companion.")}

    return ours(required), ours(optional)


def fingerprint_sources(root: Path = PACKAGE_ROOT) -> tuple[Path, ...]:
    """Every file that can change a simulated game's decisions, sorted: the modules
    ``companion.games.transmission.lab.simulate`` imports, directly or not (with their packages'
    ``__init__``), every
    module of the engine, the AI Mission Control and the content packages (the C source of the native
    search core too: its answers equal the Python search's, but a change to it is a change of code), and
    the default content pack.

    :raises FingerprintError: when the simulation, a module it imports, a package or the content pack
        is missing.
    """
    start = _module_file(root, _DECIDING_MODULE)
    if start is None:
        raise FingerprintError(f"the balance fingerprint needs {_DECIDING_MODULE} under {root}: "
                               "it is missing")
    files: set[Path] = set()
    todo: list[tuple[str, Path]] = [(_DECIDING_MODULE, start)]
    while todo:
        name, path = todo.pop()
        if path in files:
            continue
        files.add(path)
        if path.suffix == ".c":
            continue  # a C extension's source: hashed, and it imports no Python module
        required, optional = _imports(path)
        for module in sorted(required | optional):
            found = _module_file(root, module)
            if found is not None:
                todo.append((module, found))
            elif module in required:
                raise FingerprintError(f"the balance fingerprint needs {module} (imported by {name}): "
                                       f"it is missing under {root}")
    for package in _DECIDING_PACKAGES:
        folder = root / package
        if not folder.is_dir():
            raise FingerprintError(f"the balance fingerprint needs the package {folder}: it is missing")
        files.update(folder.glob("*.py"))
        files.update(folder.glob("*.c"))
    pack = root / _CONTENT_PACK
    if not pack.is_file():
        raise FingerprintError(f"the balance fingerprint needs the content pack {pack}: it is missing")
    files.add(pack)
    missing = sorted(str(p) for p in files if not p.is_file())
    if missing:
        raise FingerprintError(f"the balance fingerprint needs {', '.join(missing)}: missing")
    return tuple(sorted(files))


def fingerprint(sources: Sequence[Path] | None = None, root: Path = PACKAGE_ROOT) -> str:
    """A hash of the files that decide a simulated game (:func:`fingerprint_sources`): a change to any of
    them invalidates the balance cache.

    :param sources: the files to hash (default: :func:`fingerprint_sources`); each is named by its
        path relative to ``root``.
    :returns: 16 hex digits.
    :raises FingerprintError: when a source is missing.
    """
    digest = hashlib.sha256()
    for path in fingerprint_sources(root) if sources is None else sources:
        if not path.is_file():
            raise FingerprintError(f"the balance fingerprint needs {path}: it is missing")
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name
        data = path.read_bytes()
        digest.update(name.encode())
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:16]


def commit() -> str:
    """The checkout's commit (short hash), ``+dirty`` when a source of :func:`fingerprint` differs from it;
    ``""`` without git."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                              text=True, timeout=10, check=False)
        sources = [str(p) for p in fingerprint_sources()]
        status = subprocess.run(["git", "status", "--porcelain", "--", *sources], cwd=here,
                                capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    if head.returncode != 0:
        return ""
    return head.stdout.strip() + ("+dirty" if status.stdout.strip() else "")


def cell_key(difficulty: str, mc: str, cadet: str) -> str:
    return f"{difficulty}/{mc}/{cadet}"


def _cells() -> list[tuple[str, str, str]]:
    cells = [(d, m, c) for d in DIFFICULTIES for m in MISSION_CONTROLS for c in CADET_MODELS]
    return sorted(cells, key=lambda cell: (cell[0] != _FIRST[0], cell[2] != _FIRST[1]))


def run(content: ContentPack, games: int, seed: int, jobs: int, cache: Path, out: Path,
        max_minutes: float | None = None, command: str = "", cadets: Sequence[str] = CADET_MODELS,
        keep: bool = False) -> dict[str, Any]:
    """Simulate every missing cell (see the module docstring); returns the cache's contents.

    A cached cell of the same seed and code (or ``keep``) with at least ``games`` games is done and
    stays as it is; with fewer, it is extended: only its missing games are played (game ``i`` is always
    the same game, :func:`companion.games.transmission.lab.simulate.game_seed`) and the tallies are
    added; its ``parts``
    record which games each code and commit played.  Any other cached cell is played again from game 0,
    unless it holds more than ``games`` games: then it is left as it is, with a warning naming it, and
    the last log line counts those cells.  ``command`` becomes the cache's (and the page's) command only
    when the run plays a cell.

    :param cadets: play only the cells of these Cadet models (the others stay as cached).
    :param keep: a cached cell of the same seed counts as done (or is extended) even if the code changed
        since (for a change known not to alter any decision, e.g. a pure speed-up checked on recorded
        decisions); the page names the commit that played each part of each cell.
    """
    data = load(cache)
    cells: dict[str, Any] = data.setdefault("cells", {})
    stamp = fingerprint()
    version = commit()
    start = time.monotonic()

    def played(key: str) -> int:
        """How many of the cell's cached games count towards this run (0: play it from game 0)."""
        counts = tallies(cells.get(key))
        return counts[0] if counts is not None and not unusable(cells.get(key), seed, stamp, keep) else 0

    def cached(key: str) -> int:
        counts = tallies(cells.get(key))
        return counts[0] if counts is not None else 0

    mine = [cell for cell in _cells() if cell[2] in cadets]
    left = [cell for cell in mine if played(cell_key(*cell)) == 0 and cached(cell_key(*cell)) > games]
    for cell in left:
        key = cell_key(*cell)
        log.warning("%s", left_as_is(key, cells[key], unusable(cells[key], seed, stamp, keep), games, seed))
    todo = [cell for cell in mine if cell not in left and played(cell_key(*cell)) < games]
    log.info("%d of %d cells to play (%d games each, seed %d, code %s)", len(todo), len(_cells()), games,
             seed, stamp)
    done = 0
    for n, (difficulty, mc, cadet) in enumerate(progress(todo, desc="cells", unit="cell"), start=1):
        if max_minutes is not None and time.monotonic() - start > 60 * max_minutes:
            log.info("stopping after %.0f minutes; run again to continue", (time.monotonic() - start) / 60)
            break
        key = cell_key(difficulty, mc, cadet)
        first = played(key)
        log.info("cell %d/%d: %s, %s Mission Control, %s Cadet, games %d-%d ...", n, len(todo), difficulty,
                 mc, cadet, first, games - 1)
        result = simulate(content, games - first, difficulty, seed, cadet=cadet, mc=mc, jobs=jobs,
                          first=first)
        part = {"first": first, "games": result.games, "wins": result.wins,
                "transmissions": round(result.mean_transmissions * result.games),
                "score": round(result.mean_score * result.games), "seconds": result.seconds,
                "jobs": result.jobs, "code": stamp, "commit": version}
        cells[key] = merge(difficulty, mc, cadet, seed, [*(parts(cells[key]) if first else []), part])
        if command:
            data["command"] = command
        save(cache, data)
        write_text(out, keep_sections(out, render(data)))
        done += 1
        total = cells[key]
        low, high = wilson(total["wins"], total["games"])
        log.info("  won %d of %d (%.1f%%, 95%% CI %.1f-%.1f%%); these %d games in %.0f s, "
                 "%.0f games/min/core", total["wins"], total["games"], 100 * total["wins"] / total["games"],
                 100 * low, 100 * high, result.games, result.seconds, result.games_per_minute_per_core)
    write_text(out, keep_sections(out, render(data)))
    stopped = len(todo) - done
    log.info("%d %s played, %d already done%s", done, "cell" if done == 1 else "cells",
             len(mine) - len(todo) - len(left), f", {stopped} not played (--max-minutes)" if stopped else "")
    if left:
        log.warning("%d cells left as they are: they hold more games than this run's %d and cannot count "
                    "towards it (see above)", len(left), games)
    return data


def replay(content: ContentPack, cache: Path, keys: Sequence[str], jobs: int) -> int:
    """Play the cached cells ``keys`` again with today's code and compare their tallies exactly.

    Checks that a change kept every decision before its cells are kept or extended (``--keep``).

    :param keys: cells as ``difficulty/mc/cadet`` (:func:`cell_key`).
    :returns: the exit status: 0 when every cell replays to its cached wins, transmissions and score,
        1 when one differs, 2 when a cell is not in the cache.
    """
    cells = load(cache).get("cells", {})
    status = 0
    for key in keys:
        cached = tallies(cells.get(key))
        if cached is None:
            log.error("%s is not a cell of %s (cells: %s)", key, cache, ", ".join(sorted(cells)) or "none")
            status = max(status, 2)
            continue
        cell = cells[key]
        result = simulate(content, cached[0], cell["difficulty"], int(cell["seed"]), cadet=cell["cadet"],
                          mc=cell["mc"], jobs=jobs)
        got = (result.games, result.wins, round(result.mean_transmissions * result.games),
               round(result.mean_score * result.games))
        same = got == cached
        log.info("%s: %s (games, wins, transmissions, score) %s with code %s in %.0f s; "
                 "cached %s (commit %s)", key, "the same" if same else "DIFFERENT", got, fingerprint(),
                 result.seconds, cached, cell.get("commit"))
        status = max(status, 0 if same else 1)
    return status


def render(data: dict[str, Any]) -> str:
    """``docs/balance.md`` from the cache's contents."""
    cells: dict[str, Any] = data.get("cells", {})
    lines = [
        "# Balance: win rates by difficulty, Mission Control and Cadet",
        "",
        "Generated by `python -m companion.games.transmission.lab.balance` from `docs/balance.json` "
        "(each finished cell is cached",
        "there; a run continues where the last one stopped).  Regenerate with:",
        "",
        "```",
        data.get("command") or "python -m companion.games.transmission.lab.balance --games 1000 --jobs 2",
        "```",
        "",
        "A run never replaces a cached cell by fewer games: a cell holding more games than `--games` stays "
        "as it is",
        "(a run of other code or another seed names it and says what to run), and the command above changes "
        "only",
        "when a run plays a cell.  Try a few games on another page: "
        "`python -m companion.games.transmission.lab.balance --games 3 --out /tmp/balance.md`.",
        "",
        "Mission Controls: `shortest` is the optimal planner (`mission_control/planner.py`, fewest "
        "transmissions",
        "if executed as intended); `robust` is the scramble-aware one (`mission_control/robust.py`), which",
        "plans for the Cadet model of its row (`uniform` for the `perfect` Cadet).  Cadets",
        "(`mission_control/cadet.py`, `docs/cadets.md`): `perfect` executes the intended order; `uniform`",
        "picks any legal order of its hand; `careful` picks the end position most readings of its hand",
        "agree on; `reasoning` decodes like a thoughtful player who assumes Mission Control plays well,",
        "and is the only one that spends Signal Boosts.  Win rates carry a 95% Wilson interval.  Every",
        "cell of a difficulty uses the same seeds.",
        "",
        *([str(data["note"]), ""] if data.get("note") else []),
        "| difficulty | Mission Control | Cadet | games | wins | win rate | 95% CI | mean transmissions "
        "| mean score | games/min/core |",
        "|---|---|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    missing = 0
    played: dict[tuple[int, int, str, str], int] = {}  # (first, last game, commit, code) -> cells
    for d in DIFFICULTIES:
        for m in MISSION_CONTROLS:
            for c in CADET_MODELS:
                cell = cells.get(cell_key(d, m, c))
                if not cell:
                    missing += 1
                    lines.append(f"| {d} | {m} | {c} | - | - | - | not run yet | - | - | - |")
                    continue
                low, high = wilson(cell["wins"], cell["games"])
                rate = cell["wins"] / cell["games"] if cell["games"] else 0.0
                lines.append(
                    f"| {d} | {m} | {c} | {cell['games']} | {cell['wins']} | {100 * rate:.1f}% "
                    f"| {100 * low:.1f}-{100 * high:.1f}% | {cell['mean_transmissions']:.2f} "
                    f"| {cell['mean_score']:.1f} | {cell.get('games_per_minute_per_core', 0.0):.0f} |")
                for part in parts(cell) if tallies(cell) is not None else []:
                    span = (int(part["first"]), int(part["first"]) + int(part["games"]) - 1,
                            str(part["commit"]), str(part["code"]))
                    played[span] = played.get(span, 0) + 1
    if played:
        lines += ["", "Who played which games (game numbers of each cell; the code fingerprint hashes every "
                  "source that can change a decision):", ""]
        lines += [f"- games {first}-{last} of {n} {'cell' if n == 1 else 'cells'}: commit {version}, "
                  f"code {code}" for (first, last, version, code), n in sorted(played.items())]
    lines += ["", "## The difficulty presets against their targets", ""]
    lines += _bands(cells)
    lines += ["", "## Does the scramble-aware Mission Control win more often?", ""]
    lines += _answer(cells)
    if missing:
        partial = "--cadet" in str(data.get("command", ""))
        lines += ["", f"{missing} cells are not run yet: run the command above "
                  f"{'without `--cadet` ' if partial else ''}to continue."]
    return "\n".join(lines) + "\n"


def _bands(cells: dict[str, Any]) -> list[str]:
    """Per difficulty: the best Mission Control's win rate with the reasoning Cadet against its target."""
    out = ["With the `reasoning` Cadet and the Mission Control that wins most often at each difficulty, "
           f"each win rate should lie within {100 * BAND:.0f} points of its target.", "",
           "| difficulty | target | best Mission Control | win rate | 95% CI | on target |",
           "|---|---:|---|---:|---|---|"]
    for d in DIFFICULTIES:
        played = [cells[key] for key in (cell_key(d, m, "reasoning") for m in MISSION_CONTROLS)
                  if cells.get(key) and cells[key]["games"]]
        target = TARGETS[d]
        if not played:
            out.append(f"| {d} | {100 * target:.0f}% | - | - | not run yet | - |")
            continue
        best = max(played, key=lambda c: c["wins"] / c["games"])
        rate = best["wins"] / best["games"]
        low, high = wilson(best["wins"], best["games"])
        verdict = "yes" if abs(rate - target) <= BAND else f"no ({100 * (rate - target):+.1f} points)"
        out.append(f"| {d} | {100 * target:.0f}% | {best['mc']} | {100 * rate:.1f}% "
                   f"| {100 * low:.1f}-{100 * high:.1f}% | {verdict} |")
    return out


def _answer(cells: dict[str, Any]) -> list[str]:
    out = []
    for d in DIFFICULTIES:
        for c in ("reasoning", "uniform", "careful", "perfect"):
            robust = cells.get(cell_key(d, "robust", c))
            short = cells.get(cell_key(d, "shortest", c))
            if not robust or not short:
                continue
            diff, low, high = newcombe(robust["wins"], robust["games"], short["wins"], short["games"])
            verdict = ("more often" if low > 0 else "less often" if high < 0
                       else "neither clearly more nor less often")
            line = (f"- {d}, `{c}` Cadet: the scramble-aware Mission Control wins {verdict} than the "
                    f"shortest-plan one: {100 * robust['wins'] / robust['games']:.1f}% against "
                    f"{100 * short['wins'] / short['games']:.1f}%, a difference of {100 * diff:+.1f} "
                    f"percentage points (95% CI {100 * low:+.1f} to {100 * high:+.1f}).")
            out.append(f"- **{line[2:]}**" if (d, c) == _FIRST else line)
    return out or ["Not answered yet: the standard / reasoning cells are not run."]


def bench(content: ContentPack, games: int, seed: int) -> list[str]:
    """Decision times of both Mission Controls (standard, ``uniform`` Cadet), as report lines."""
    lines = []
    for name in MISSION_CONTROLS:
        chooser = _Timed(mission_control(name))
        t0 = time.process_time()
        for i in range(games):
            play_one(content, chooser, "standard", game_seed(seed, i), cadet="uniform")
        cpu = time.process_time() - t0
        times = sorted(chooser.times)
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        lines.append(f"{name}: {games} games, {len(times)} decisions: median "
                     f"{1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
                     f"max {1000 * times[-1]:.0f} ms; {60 * games / cpu:.0f} games per CPU-minute")
    return lines


def bench_cadet(content: ContentPack, games: int, seed: int) -> list[str]:
    """CPU time of the reasoning Cadet's decisions
    (:func:`companion.games.transmission.lab.simulate.cadet_turn`), as lines.

    One line per difficulty: decisions, median, 95th percentile and maximum in milliseconds of CPU time,
    and the Signal Boosts spent per game.
    """
    lines = []
    for difficulty in DIFFICULTIES:
        times: list[float] = []
        boosts = 0
        reader = Reader(content.devices)
        for i in range(games):
            gseed = game_seed(seed, i)
            game = Game(content, difficulty, "standard", gseed)
            chooser = mission_control("shortest")
            while game.actor is not Actor.NONE:
                if game.actor is Actor.MISSION_CONTROL:
                    game.play(Select(tuple(chooser.choose(mission_control_view(content, game.state)))))
                elif game.actor is Actor.CADET:
                    t0 = time.process_time()
                    cadet_turn(game, "reasoning", gseed, reader)
                    times.append(time.process_time() - t0)
                else:
                    game.play_chance()
            boosts += len(game.state.boosts_used)
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        lines.append(f"reasoning Cadet, {difficulty}: {games} games, {len(times)} decisions: median "
                     f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms, max "
                     f"{1000 * times[-1]:.1f} ms of CPU; {boosts / games:.2f} Signal Boosts spent per game")
    return lines


class _Timed:
    """A Mission Control that records how long each decision took (seconds)."""

    def __init__(self, inner: Chooser) -> None:
        self.inner = inner
        self.times: list[float] = []

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        t0 = time.perf_counter()
        answer = self.inner.choose(view)
        self.times.append(time.perf_counter() - t0)
        return answer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.games.transmission.lab.balance",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000,
                        help="games per cell (default: 1000; a cached cell holding more stays as it is)")
    parser.add_argument("--seed", type=int, default=0, help="batch seed of every cell (default: 0)")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: 0 = every core)")
    parser.add_argument("--out", type=Path, default=Path("docs/balance.md"), help="the Markdown page")
    parser.add_argument("--cache", type=Path, default=None, help="the JSON cache (default: beside --out)")
    parser.add_argument("--max-minutes", type=float, default=None,
                        help="start no new cell after this many minutes (default: no limit)")
    parser.add_argument("--bench-cadet", type=int, default=0, metavar="GAMES",
                        help="time the reasoning Cadet's decisions over GAMES games per difficulty instead")
    parser.add_argument("--bench", type=int, default=0, metavar="GAMES",
                        help="time both Mission Controls' decisions over GAMES games instead")
    parser.add_argument("--cadet", action="append", choices=CADET_MODELS, default=None,
                        help="play only this Cadet model's cells (repeatable; default: all)")
    parser.add_argument("--replay", action="append", default=None, metavar="DIFFICULTY/MC/CADET",
                        help="replay this cached cell's games with today's code and compare its wins, "
                             "transmissions and score exactly (repeatable; exit status 1 if any differs)")
    parser.add_argument("--keep", action="store_true",
                        help="keep (or extend) cached cells of the same seed even if the code changed "
                             "since (only after a change that alters no decision: check with --replay)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    try:
        return _main(parser, args)
    except KeyboardInterrupt:  # Ctrl-C: one line, as every `companion` command says it (exit 130)
        print(f"{parser.prog}: interrupted", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED


def _main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """What :func:`main` runs once its arguments are parsed (the bench, a replay or the balance run)."""
    content = default_content()
    if args.bench_cadet:
        for line in bench_cadet(content, args.bench_cadet, args.seed):
            log.info("%s", line)
        return 0
    if args.bench:
        for line in bench(content, args.bench, args.seed):
            log.info("%s", line)
        return 0
    if args.games < 1 or args.jobs < 0:
        parser.error("--games must be at least 1 and --jobs 0 or more")
    cache = args.cache or args.out.with_suffix(".json")
    if args.replay:
        return replay(content, cache, args.replay, args.jobs)
    command = " ".join([f"python -m companion.games.transmission.lab.balance --games {args.games} "
                        f"--seed {args.seed} --jobs {args.jobs}", *(f"--cadet {c}" for c in args.cadet or ()),
                        *(["--keep"] if args.keep else [])])
    run(content, args.games, args.seed, args.jobs, cache, args.out, args.max_minutes, command,
        cadets=tuple(args.cadet or CADET_MODELS), keep=args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
