"""``companion bench planner``: Incoming Transmission's target of ``companion bench`` (:data:`PLANNER`).

Handed to the framework by the game's registration (:attr:`companion.table.registry.GameInfo.bench`),
so :mod:`companion.cli.bench` imports no game.  See :mod:`companion.games.transmission.lab.bench` for
exactly what ``planner`` measures, and :mod:`companion.games.transmission.lab.bench_offline` for
``--offline``; both are imported when the bench runs, so building the parser stays cheap.
"""

from __future__ import annotations

import argparse

from companion.cli.output import EXIT_OK, EXIT_USAGE, Failure, out, print_json, whole_number
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.options import content_pack
from companion.i18n import _, number
from companion.table.registry import AddTarget, BenchTarget

__all__ = ["PLANNER", "MIN_POSITIONS", "MAX_POSITIONS", "register"]

MIN_POSITIONS = 200
#: More positions than any figure needs (the offline bench of 1,400 takes a few minutes): a bigger
#: number is a typing slip, refused instead of running for days.
MAX_POSITIONS = 100_000


def _positions(text: str) -> int:
    value = whole_number(text)
    if value < MIN_POSITIONS:
        raise argparse.ArgumentTypeError(_("must be at least {least}, not {value}").format(
            least=MIN_POSITIONS, value=value))
    if value > MAX_POSITIONS:
        raise argparse.ArgumentTypeError(_("must be at most {most}, not {text}").format(
            most=number(MAX_POSITIONS), text=value))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of seconds: {text}").format(text=repr(text[:20]))) from None
    if not value >= 0 or value > 3600:
        raise argparse.ArgumentTypeError(_("must be 0 to {most} seconds, not {text}").format(
            most=3600, text=text[:20]))
    return value


def register(add: AddTarget) -> None:
    """Add ``planner`` under ``companion bench`` (its ``--content`` is ``bench``'s own)."""
    # The help is translated; the report stays a developer's English (bench.report_lines).
    planner = add(
        "planner", _("time the optimal planner on positions of seeded real games"),
        _("Time the optimal Mission Control on positions sampled from seeded real games "
          "(game starts, mid-game, one mission left), with peak memory and the speed-up over "
          "a plain breadth-first search on the same positions."))
    planner.add_argument("--positions", type=_positions, default=None, metavar="N",
                         help=_("positions to sample, {least} to {most} (default {least}; fewer are refused: "
                                "the p95, the maximum and each phase's share would rest on a handful of "
                                "positions)").format(least=MIN_POSITIONS, most=number(MAX_POSITIONS)))
    planner.add_argument("--seed", type=int, default=1, help=_("seed of the sampled games (default 1)"))
    planner.add_argument("--plain-bound", type=_seconds, default=None, metavar="SECONDS",
                         help=_("seconds the plain search may spend on each position (default 2)"))
    planner.add_argument("--difficulty", default=None,
                         help=_("difficulty of the sampled games (default standard; not with --offline, "
                                "which samples standard and hard)"))
    planner.add_argument("--offline", action="store_true",
                         help=_("decisions off the optimal line instead: every decision of games with the "
                                "uniform and careful Cadets at standard and hard, the default and the robust "
                                "planner each timed in CPU ms against issue 11's targets (--positions "
                                "default 1000; --plain-bound default 0: no exactness check)"))
    planner.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    planner.set_defaults(handler=_cmd_bench_planner)


#: ``companion bench planner`` (:attr:`companion.games.transmission.info.GAME`'s ``bench``).
PLANNER = BenchTarget(register)


def _cmd_bench_planner(args: argparse.Namespace) -> int:
    from companion.games.transmission.lab.bench import bench_planner, report_lines

    content = content_pack(args)
    if args.offline:
        if args.difficulty is not None:
            raise Failure(_("--difficulty does not apply with --offline (it samples standard and hard "
                            "games)"), EXIT_USAGE)
        return _offline(args, content)
    positions = MIN_POSITIONS if args.positions is None else args.positions
    bound = 2.0 if args.plain_bound is None else args.plain_bound
    difficulty = "standard" if args.difficulty is None else args.difficulty
    try:
        content.difficulty(difficulty)
    except KeyError:
        names = ", ".join(d.name for d in content.difficulties)
        raise Failure(_("unknown difficulty {difficulty} (expected one of {names})").format(
            difficulty=repr(difficulty), names=names), EXIT_USAGE) from None
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
