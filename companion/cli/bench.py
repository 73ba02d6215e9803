"""``companion bench planner``: the optimal Mission Control's speed on positions of real games.

See :mod:`companion.lab.bench` for exactly what is measured.  One of the framework's families of
subcommands (:func:`companion.cli.main.families`, placed last in the help).  The lab is imported
when the bench runs (a plain import, no cycle behind it), so it does not slow every start.
"""

from __future__ import annotations

import argparse

from companion.cli.output import EXIT_OK, EXIT_USAGE, Failure, out, print_json
from companion.games.transmission.cli import content_pack
from companion.games.transmission.content.model import ContentPack
from companion.table.registry import AddSubcommand

__all__ = ["register"]

MIN_POSITIONS = 200


def _positions(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < MIN_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be at least {MIN_POSITIONS}, not {value}")
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
    bench = add("bench", "measure how fast Mission Control decides", [pack])
    actions = bench.add_subparsers(dest="bench_action", metavar="ACTION", required=True)
    planner = actions.add_parser(
        "planner", help="time the optimal planner on positions of seeded real games",
        description="Time the optimal Mission Control on positions sampled from seeded real games "
                    "(game starts, mid-game, one mission left), with peak memory and the speed-up over "
                    "a plain breadth-first search on the same positions.")
    planner.add_argument("--positions", type=_positions, default=None, metavar="N",
                         help=f"positions to sample, at least {MIN_POSITIONS} (default {MIN_POSITIONS}; fewer "
                              "are refused: the p95, the maximum and each phase's share would rest on a "
                              "handful of positions)")
    planner.add_argument("--seed", type=int, default=1, help="seed of the sampled games (default 1)")
    planner.add_argument("--plain-bound", type=_seconds, default=None, metavar="SECONDS",
                         help="seconds the plain search may spend on each position (default 2)")
    planner.add_argument("--difficulty", default="standard",
                         help="difficulty of the sampled games (default standard)")
    planner.add_argument("--offline", action="store_true",
                         help="decisions off the optimal line instead: every decision of games with the "
                              "uniform and careful Cadets at standard and hard, the default and the robust "
                              "planner each timed in CPU ms against issue 11's targets (--positions "
                              "default 1000; --plain-bound default 0: no exactness check)")
    planner.add_argument("--json", action="store_true", help="print the figures as JSON")
    planner.set_defaults(handler=_cmd_bench_planner)


def _cmd_bench_planner(args: argparse.Namespace) -> int:
    from companion.lab.bench import bench_planner, report_lines

    content = content_pack(args)
    if args.offline:
        return _offline(args, content)
    positions = MIN_POSITIONS if args.positions is None else args.positions
    bound = 2.0 if args.plain_bound is None else args.plain_bound
    try:
        content.difficulty(args.difficulty)
    except KeyError:
        raise Failure(f"unknown difficulty {args.difficulty!r}", EXIT_USAGE) from None
    result = bench_planner(content, positions, args.seed, bound, args.difficulty)
    if args.json:
        print_json(result.to_json())
        return EXIT_OK
    for line in report_lines(result):
        out(line)
    return EXIT_OK


def _offline(args: argparse.Namespace, content: ContentPack) -> int:
    """``bench planner --offline`` (:mod:`companion.lab.bench_offline`)."""
    from companion.lab.bench_offline import bench_offline, offline_lines

    positions = 1000 if args.positions is None else args.positions
    bound = 0.0 if args.plain_bound is None else args.plain_bound
    result = bench_offline(content, positions, args.seed, bound)
    if args.json:
        print_json(result.to_json())
        return EXIT_OK
    for line in offline_lines(result):
        out(line)
    return EXIT_OK
