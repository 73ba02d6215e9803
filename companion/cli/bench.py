"""``companion bench``: ``planner`` (the optimal Mission Control's speed on positions of real games)
and the targets an installed package adds (``startup``, from ``ui``).

See :mod:`companion.games.transmission.lab.bench` for exactly what ``planner`` measures.  One of the
framework's families
of subcommands (:func:`companion.cli.main.families`, placed last in the help).  The lab is imported
when the bench runs (a plain import, no cycle behind it), so it does not slow every start.

A target the core may not import (``bench startup`` starts the Kivy app) is declared in the
entry-point group :data:`TARGETS_GROUP` (``pyproject.toml``), each entry point naming a
:class:`BenchTarget`, the way :data:`companion.table.registry.SUBCOMMANDS_GROUP` adds ``run``.  A
known target whose package is not installed (:data:`MISSING_TARGETS`) still answers, saying what is
missing, exit 1.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points

from companion.cli.output import EXIT_OK, EXIT_USAGE, Failure, out, print_json, whole_number
from companion.games.transmission.cli import content_pack
from companion.games.transmission.content.model import ContentPack
from companion.table.registry import AddSubcommand

__all__ = ["AddTarget", "BenchTarget", "MISSING_TARGETS", "TARGETS_GROUP", "register", "targets"]

log = logging.getLogger(__name__)

MIN_POSITIONS = 200
#: More positions than any figure needs (the offline bench of 1,400 takes a few minutes): a bigger
#: number is a typing slip, refused instead of running for days.
MAX_POSITIONS = 100_000

#: The entry-point group of the ``bench`` targets an installed package adds; each entry point names a
#: :class:`BenchTarget` (``ui`` adds ``startup``: ``ui.bench_startup:STARTUP``).
TARGETS_GROUP = "companion.bench_targets"

#: ``add(name, help, description)`` returns a new parser under ``companion bench``.
AddTarget = Callable[[str, str, str], argparse.ArgumentParser]


@dataclass(frozen=True)
class BenchTarget:
    """One target of ``companion bench`` added by an installed package.

    :param register: adds the target's parser through ``add`` (see :data:`AddTarget`); the parser
        sets a ``handler(args) -> exit code`` default, as every subcommand does.
    """

    register: Callable[[AddTarget], None]


#: Targets an installed package usually adds, with their help and what they say (exit 1) without it.
MISSING_TARGETS = {
    "startup": ("the app's start-up against a bare Kivy app: CPU and peak memory to the first frame",
                "the start-up bench needs the Kivy app (ui/), which is not installed with this copy of "
                "the companion"),
}


def targets() -> tuple[list[BenchTarget], list[str]]:
    """The :class:`BenchTarget` s of :data:`TARGETS_GROUP`, by entry-point name, and a sentence for each
    entry point that does not load (it is left out; ``-v`` logs why)."""
    found: list[BenchTarget] = []
    problems: list[str] = []
    for point in sorted(entry_points(group=TARGETS_GROUP), key=lambda p: p.name):
        try:
            target = point.load()
        except Exception as exc:  # a broken plug-in must not take the whole command line with it
            log.info("entry point %s = %s does not load", point.name, point.value, exc_info=True)
            problems.append(f"{point.value} does not load ({type(exc).__name__}: {exc})")
            continue
        if not isinstance(target, BenchTarget):
            problems.append(f"{point.value} is not a companion.cli.bench.BenchTarget")
            continue
        found.append(target)
    return found, problems


def _positions(text: str) -> int:
    value = whole_number(text)
    if value < MIN_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be at least {MIN_POSITIONS}, not {value}")
    if value > MAX_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_POSITIONS:,}, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value > 3600:
        raise argparse.ArgumentTypeError(f"must be 0 to 3600 seconds, not {text}")
    return value


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``bench planner`` to the ``companion`` command line."""
    bench = add("bench", "measure how fast Mission Control decides and how fast the app starts", [pack])
    actions = bench.add_subparsers(dest="bench_action", metavar="ACTION", required=True)
    planner = actions.add_parser(
        "planner", help="time the optimal planner on positions of seeded real games",
        description="Time the optimal Mission Control on positions sampled from seeded real games "
                    "(game starts, mid-game, one mission left), with peak memory and the speed-up over "
                    "a plain breadth-first search on the same positions.")
    planner.add_argument("--positions", type=_positions, default=None, metavar="N",
                         help=f"positions to sample, {MIN_POSITIONS} to {MAX_POSITIONS:,} "
                              f"(default {MIN_POSITIONS}; "
                              "fewer are refused: the p95, the maximum and each phase's share would rest "
                              "on a handful of positions)")
    planner.add_argument("--seed", type=int, default=1, help="seed of the sampled games (default 1)")
    planner.add_argument("--plain-bound", type=_seconds, default=None, metavar="SECONDS",
                         help="seconds the plain search may spend on each position (default 2)")
    planner.add_argument("--difficulty", default=None,
                         help="difficulty of the sampled games (default standard; not with --offline, "
                              "which samples standard and hard)")
    planner.add_argument("--offline", action="store_true",
                         help="decisions off the optimal line instead: every decision of games with the "
                              "uniform and careful Cadets at standard and hard, the default and the robust "
                              "planner each timed in CPU ms against issue 11's targets (--positions "
                              "default 1000; --plain-bound default 0: no exactness check)")
    planner.add_argument("--json", action="store_true", help="print the figures as JSON")
    planner.set_defaults(handler=_cmd_bench_planner)
    _add_targets(actions)


def _add_targets(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The targets of :data:`TARGETS_GROUP`, then each of :data:`MISSING_TARGETS` none of them added."""

    def add(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return actions.add_parser(name, help=help, description=description)

    found, problems = targets()
    for target in found:
        target.register(add)
    why = f" ({'; '.join(problems)})" if problems else ""
    for name, (help, message) in MISSING_TARGETS.items():
        if name in actions.choices:
            continue
        missing = add(name, help, help[0].upper() + help[1:] + ".")
        missing.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

        def handler(args: argparse.Namespace, message: str = message) -> int:
            raise Failure(message + why)

        missing.set_defaults(handler=handler, takes_any=True)


def _cmd_bench_planner(args: argparse.Namespace) -> int:
    from companion.games.transmission.lab.bench import bench_planner, report_lines

    content = content_pack(args)
    if args.offline:
        if args.difficulty is not None:
            raise Failure("--difficulty does not apply with --offline (it samples standard and hard games)",
                          EXIT_USAGE)
        return _offline(args, content)
    positions = MIN_POSITIONS if args.positions is None else args.positions
    bound = 2.0 if args.plain_bound is None else args.plain_bound
    difficulty = "standard" if args.difficulty is None else args.difficulty
    try:
        content.difficulty(difficulty)
    except KeyError:
        names = ", ".join(d.name for d in content.difficulties)
        raise Failure(f"unknown difficulty {difficulty!r} (expected one of {names})", EXIT_USAGE) from None
    result = bench_planner(content, positions, args.seed, bound, difficulty)
    if args.json:
        print_json(result.to_json())
        return EXIT_OK
    for line in report_lines(result):
        out(line)
    return EXIT_OK


def _offline(args: argparse.Namespace, content: ContentPack) -> int:
    """``bench planner --offline`` (:mod:`companion.games.transmission.lab.bench_offline`)."""
    from companion.games.transmission.lab.bench_offline import bench_offline, offline_lines

    positions = 1000 if args.positions is None else args.positions
    bound = 0.0 if args.plain_bound is None else args.plain_bound
    result = bench_offline(content, positions, args.seed, bound)
    if args.json:
        print_json(result.to_json())
        return EXIT_OK
    for line in offline_lines(result):
        out(line)
    return EXIT_OK
