"""``companion bench``: each registered game's targets (Incoming Transmission's ``planner``:
:mod:`companion.games.transmission.lab.bench_cli`) and those an installed package adds (``startup``,
from ``ui``).

One of the framework's families of subcommands (:func:`companion.cli.main.families`, placed last in the
help).  It imports no game: each game hands its targets over in its registration
(:attr:`companion.table.registry.GameInfo.bench`, references imported when ``bench`` is built).

A target the core may not import (``bench startup`` starts the Kivy app) is declared in the
entry-point group :data:`TARGETS_GROUP` (``pyproject.toml``), each entry point naming a
:class:`BenchTarget`, the way :data:`companion.table.registry.SUBCOMMANDS_GROUP` adds ``run``.  A
known target whose package is not installed (:data:`MISSING_TARGETS`) still answers, saying what is
missing, exit 1.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any

from companion.cli.output import Failure
from companion.i18n import N_, _
from companion.table.registry import AddSubcommand, AddTarget, BenchTarget, GameInfo

__all__ = ["AddTarget", "BenchTarget", "MISSING_TARGETS", "TARGETS_GROUP", "register", "targets"]

log = logging.getLogger(__name__)

#: The entry-point group of the ``bench`` targets an installed package adds; each entry point names a
#: :class:`BenchTarget` (``ui`` adds ``startup``: ``ui.bench_startup:STARTUP``).
TARGETS_GROUP = "companion.bench_targets"

#: Targets an installed package usually adds, with their help and what they say (exit 1) without it.
MISSING_TARGETS = {
    "startup": (N_("the app's start-up against a bare Kivy app: CPU and peak memory to the first frame"),
                N_("the start-up bench needs the Kivy app (ui/), which is not installed with this copy of "
                   "the companion")),
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
            problems.append(_("{entry_point} does not load ({error})").format(
                entry_point=point.value, error=f"{type(exc).__name__}: {exc}"))
            continue
        if not isinstance(target, BenchTarget):
            problems.append(_("{entry_point} is not a {kind}").format(
                entry_point=point.value, kind="companion.cli.bench.BenchTarget"))
            continue
        found.append(target)
    return found, problems


def register(add: AddSubcommand, pack: argparse.ArgumentParser, registry: Sequence[GameInfo[Any]]) -> None:
    """Add ``companion bench`` and its targets: each of ``registry``'s games' (in their order), then the
    installed packages' (:func:`targets`)."""
    # Its help is translated, every target's too; the targets' reports are a developer's figures and
    # stay English.
    bench = add("bench", _("measure how fast Mission Control decides and how fast the app starts"), [pack])
    actions = bench.add_subparsers(dest="bench_action", metavar="ACTION", required=True)

    def add_target(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return actions.add_parser(name, help=help, description=description)

    for game in registry:
        for target in game.bench:
            target.load().register(add_target)
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
        said = _(help)
        missing = add(name, said, said[0].upper() + said[1:] + ".")
        missing.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

        def handler(args: argparse.Namespace, message: str = message) -> int:
            raise Failure(_(message) + why)

        missing.set_defaults(handler=handler, takes_any=True)
