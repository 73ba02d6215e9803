"""The ``companion`` command line: the parser made of every family of subcommands, and :func:`run`.

The framework imports no game (issue 24, item 2): :func:`run` is given the registered games
(:class:`~companion.table.registry.GameInfo`), and the console script
(:func:`companion.entry.main`, above the games) hands it the catalog's.  The families come from three
places, and :func:`build_parser` lists them in the help by their
:class:`~companion.table.registry.HelpPlace`:

- each registered game's (:attr:`GameInfo.cli`): Incoming Transmission's ``play``, ``referee``,
  ``plan``, ``simulate``, ``content check`` (:mod:`companion.games.transmission.cli`), the Six and
  Five Actions' ``play``, ``referee``, ``content check`` (chosen with ``--game``);
- the framework's own (:data:`OWN`, each given the registered games): ``history``, ``stats``,
  ``export``, ``debrief`` (:mod:`companion.cli.store`, each game's debrief from its registration) and
  ``bench`` (:mod:`companion.cli.bench`, each game's targets from its registration);
- those an installed package adds through the entry-point group
  :data:`~companion.table.registry.SUBCOMMANDS_GROUP` (``ui`` adds ``run``, ``labels`` and
  ``doctor``: :mod:`ui.cli`), since the core never imports ``ui`` or ``hardware``.  When one of
  those is not installed, its subcommand still answers, with what is missing and exit 1.

Each family names its subcommands (:attr:`~companion.table.registry.Subcommands.names`) and refers to
its ``register`` by a :class:`~companion.table.reference.Reference`, so ``companion NAME`` imports and
builds only the family that has ``NAME`` (``companion run`` no game's command line: issue 10, item 4);
``--help`` and a command no family has build them all, so the help and argparse's refusals list every
subcommand as they always did.

Every error path ends in a clear sentence on stderr and one of the exit codes in
:data:`~companion.cli.output.EPILOG`, never in a traceback (``-v`` logs it).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, NamedTuple

from companion import __version__
from companion.cli import games
from companion.cli.argparse_words import follow_language
from companion.cli.output import (
    EPILOG,
    EXIT_ERROR,
    EXIT_IMPOSSIBLE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    Failure,
    err,
    verbose_option,
)
from companion.errors import CompanionError
from companion.i18n import N_, _
from companion.table.registry import (
    SUBCOMMANDS_GROUP,
    AddSubcommand,
    GameInfo,
    HelpPlace,
    Reference,
    RegisterCli,
    Subcommands,
)

__all__ = ["run", "build_parser", "command_of", "families", "installed", "Own", "OWN", "EXIT_OK",
           "EXIT_ERROR", "EXIT_USAGE", "EXIT_IMPOSSIBLE", "EXIT_INTERRUPTED"]

log = logging.getLogger(__name__)

class Missing(NamedTuple):
    """A subcommand an installed package usually adds: where the help lists it, its help, and what
    it says (exit 1) when no package did."""

    place: HelpPlace
    help: str
    message: str


#: Subcommands that an installed package usually adds (:data:`SUBCOMMANDS_GROUP`), and what to say
#: when none did: ``companion run`` without ``ui`` still answers, exit 1.
MISSING = {
    "run": Missing(
        HelpPlace.APP, N_("start the touchscreen app (Kivy; needs a display)"),
        N_("the Kivy app (ui/app.py) is not installed with this copy of the companion; "
           "`companion play` runs a game in the terminal")),
    "labels": Missing(
        HelpPlace.HARDWARE,
        N_("print a sheet of QR labels for the card sleeves, so the reader can scan the cards"),
        N_("the label sheet (ui/cli.py, hardware/labels.py) is not installed with this copy of the "
           "companion")),
    "doctor": Missing(
        HelpPlace.HARDWARE,
        N_("check the buttons, lights and card reader: pin factory, pins, serial ports, last scans "
           "(exit 1 when something configured is missing)"),
        N_("the hardware check (ui/cli.py, hardware/doctor.py) is not installed with this copy of the "
           "companion")),
}


def installed() -> tuple[list[Subcommands], list[str]]:
    """The families of the entry-point group :data:`SUBCOMMANDS_GROUP`, by entry-point name, and a
    sentence for each entry point that does not load (it is left out; ``-v`` logs why)."""
    found: list[Subcommands] = []
    problems: list[str] = []
    for point in sorted(entry_points(group=SUBCOMMANDS_GROUP), key=lambda p: p.name):
        try:
            family = point.load()
        except Exception as exc:  # a broken plug-in must not take the whole command line with it
            log.info("entry point %s = %s does not load", point.name, point.value, exc_info=True)
            problems.append(_("{entry_point} does not load ({error})").format(
                entry_point=point.value, error=f"{type(exc).__name__}: {exc}"))
            continue
        if not isinstance(family, Subcommands):
            problems.append(_("{entry_point} is not a {kind}").format(
                entry_point=point.value, kind="companion.table.registry.Subcommands"))
            continue
        found.append(family)
    return found, problems


#: ``register(add, pack, registry)``: a framework family's :data:`~companion.table.registry.RegisterCli`
#: that is given the registered games too (their titles, history columns, debriefs, bench targets).
RegisterOwn = Callable[[AddSubcommand, argparse.ArgumentParser, Sequence[GameInfo[Any]]], None]


@dataclass(frozen=True)
class Own:
    """One of the framework's own families: as :class:`~companion.table.registry.Subcommands`, its
    ``register`` also given the registered games (:meth:`given`), so it reads them rather than
    importing a game."""

    register: Reference[RegisterOwn]
    place: HelpPlace
    names: tuple[str, ...]

    def given(self, registry: Sequence[GameInfo[Any]]) -> Subcommands:
        """The family as the parser builds it, its ``register`` (imported then) given ``registry``."""
        def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
            self.register.load()(add, pack, registry)

        built: RegisterCli = register
        return Subcommands(built, self.place, self.names)


#: The framework's own families: the game store's and the lab's (imported when one of their
#: subcommands is asked for, or the whole help).
OWN = (
    Own(Reference("companion.cli.store:register"), HelpPlace.STORE,
        ("history", "stats", "export", "debrief")),
    Own(Reference("companion.cli.bench:register"), HelpPlace.LAB, ("bench",)),
)


#: The end of ``companion --help``: where each game's options and scenario notation are.
GAMES_NOTE = N_("Each game's options: `companion play --game NAME --help`; its scenario notation:\n"
                "`companion referee --game NAME --help` (without --game: the first game's).")


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option (the ``companion`` options
    take no value).  ``None`` when it names none, or asks for the whole help first (``-h``,
    ``--help`` or an abbreviation, ``-vh``) or stops the options (``--``)."""
    for arg in argv:
        if arg == "--":
            return None
        if arg.startswith("--"):
            if len(arg) > 2 and "--help".startswith(arg.split("=", 1)[0]):
                return None
        elif arg.startswith("-") and len(arg) > 1:
            if "h" in arg[1:]:
                return None
        else:
            return arg
    return None


def families(registry: Sequence[GameInfo[Any]], game: str | None = None,
             command: str | None = None) -> tuple[list[Subcommands], list[str]]:
    """The families of subcommands of the games of ``registry`` and of the framework, in the help's
    order (by place, then as found), and the problems of the entry points that do not load (see
    :func:`installed`).  ``game`` (``--game``) is the game whose subcommands a shared name (``play``)
    means (:mod:`companion.cli.games`).

    With ``command`` only the family that has it: the first (in that order) whose
    :attr:`~Subcommands.names` list it, else those of the installed packages (which list none);
    nothing of the other families is imported.  Without, every family."""
    dispatch = games.Dispatch(registry)
    declared = [Subcommands(dispatch.wrap(info.name, family), family.place, family.names)
                for info in games.ordered(registry, game) for family in info.cli]
    declared = sorted([*declared, *(own.given(registry) for own in OWN)], key=lambda family: family.place)
    if command is not None:
        named = next((family for family in declared if command in family.names), None)
        if named is not None:
            return [named], []
    plugged, problems = installed()
    if command is not None:
        plugged = [family for family in plugged if not family.names or command in family.names]
        return sorted(plugged, key=lambda family: family.place), problems
    return sorted([*declared, *plugged], key=lambda family: family.place), problems


def _add_missing(add: AddSubcommand, taken: Container[str], before: HelpPlace | None, why: str,
                 only: str | None = None) -> None:
    """Add the subcommands of :data:`MISSING` placed before ``before`` (all with ``None``) that are
    not ``taken`` yet (``only``: that one alone): each takes any arguments and says what is missing
    (exit 1)."""
    for name, missing_one in MISSING.items():
        if name in taken or (before is not None and missing_one.place >= before):
            continue
        if only is not None and name != only:
            continue
        missing = add(name, _(missing_one.help), [])
        missing.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

        def handler(args: argparse.Namespace, message: str = missing_one.message) -> int:
            raise Failure(_(message) + why)

        missing.set_defaults(handler=handler, takes_any=True)


def _titles(registry: Sequence[GameInfo[Any]]) -> str:
    """The registered games' titles for the help: ``"Incoming Transmission, The Six Actions and ..."``."""
    return games.said([_(info.title) for info in registry])


def build_parser(registry: Sequence[GameInfo[Any]], game: str | None = None,
                 command: str | None = None) -> argparse.ArgumentParser:
    """The ``companion`` parser of the games of ``registry``: every family of :func:`families`
    (``game``: as there); each subparser's ``handler`` default runs it.

    ``command`` (:func:`command_of` the command line) builds only the family that has it, so
    ``companion run`` imports no game's command line; a ``command`` that no family turns out to have
    builds every family, so argparse's refusal lists every subcommand, as does ``--help``."""
    titles = _titles(registry)
    if command is not None:
        parser, choices = _parser(*families(registry, game, command), titles, only=command)
        if command in choices:
            return parser
    return _parser(*families(registry, game), titles)[0]


def _parser(found: Sequence[Subcommands], problems: Sequence[str], titles: str,
            only: str | None = None) -> tuple[argparse.ArgumentParser, Container[str]]:
    """The parser of the families ``found`` (and of :data:`MISSING`: every one, or ``only``'s), and
    the names of its subcommands."""
    follow_language()
    common = verbose_option()
    pack = argparse.ArgumentParser(add_help=False)
    pack.add_argument("--content", metavar="FILE", help=_("a content pack (TOML) instead of the default one"))

    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="companion", parents=[common], epilog=_(EPILOG) + "\n\n" + _(GAMES_NOTE), formatter_class=raw,
        description=_("The table companion: the box beside the board that deals, keeps the books and\n"
                      "referees {games}.").format(games=titles))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show program's version number and exit"))
    # Every subcommand's parser is a GameParser: a game's options stand under its name in the help.
    sub: argparse._SubParsersAction[Any] = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=games.GameParser)

    def add(name: str, help: str, parents: Sequence[argparse.ArgumentParser]) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = sub.add_parser(
            name, help=help, description=help[0].upper() + help[1:] + ".", epilog=_(EPILOG),
            parents=[common, *parents], formatter_class=raw)
        return made

    why = f" ({'; '.join(problems)})" if problems else ""
    for family in found:
        _add_missing(add, sub.choices, family.place, why, only)
        family.build(add, pack)
    _add_missing(add, sub.choices, None, why, only)
    return parser, sub.choices


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Logs to whatever ``sys.stderr`` is at the time (a test may have swapped it since)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass

    def emit(self, record: logging.LogRecord) -> None:
        # Once Kivy is imported (KIVY_LOG_MODE=KIVY, `companion run` on a desktop) sys.stderr is
        # Kivy's ProcessingStream, which logs each line back to the root logger, so to this handler:
        # an endless loop on the first warning.  Kivy's own handler on the root shows the record then.
        if type(sys.stderr).__module__.startswith("kivy.") or getattr(self._busy, "on", False):
            return
        self._busy.on = True
        try:
            super().emit(record)
        finally:
            self._busy.on = False

    _busy = threading.local()


def _setup_logging(verbosity: int) -> None:
    """Log records to stderr: warnings always, ``-v`` info, ``-vv`` debug."""
    level = logging.WARNING if verbosity <= 0 else logging.INFO if verbosity == 1 else logging.DEBUG
    root = logging.getLogger()
    handler = next((h for h in root.handlers if isinstance(h, _StderrHandler)), None)
    if handler is None:
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    handler.setLevel(level)
    # Kivy puts its own handlers on the root logger; keep ours at the chosen level there too.
    logging.getLogger("companion").setLevel(level)
    if verbosity > 0 and root.getEffectiveLevel() > level:
        root.setLevel(level)


def run(registry: Sequence[GameInfo[Any]], argv: list[str] | None = None) -> int:
    """The ``companion`` command line of the games of ``registry`` (the console script,
    :func:`companion.entry.main`, gives it the catalog's).  :returns: the exit status (see
    :data:`EPILOG`)."""
    given = sys.argv[1:] if argv is None else argv
    chosen, pack = games.chosen_game(given), games.pack_game(given, registry)
    if chosen is None and pack is not None and pack[1] is not registry[0]:
        chosen = pack[1].name  # `content check FILE`: the game whose pack FILE is
        err(_("{file} is a content pack of {game}: checked as one (as with --game {name})").format(
            file=pack[0], game=_(pack[1].title), name=chosen))
    try:
        parser = build_parser(registry, chosen, command_of(given))
    except KeyboardInterrupt:  # Ctrl-C while the game's subcommands are imported: one line, no traceback
        err(_("companion: interrupted"))
        return EXIT_INTERRUPTED
    try:
        args, rest = parser.parse_known_args(argv)
        if rest and not getattr(args, "takes_any", False):
            if (foreign := games.foreign_option(args, rest, registry)) is not None:
                err(f"companion {args.command}: {foreign}")
                return EXIT_USAGE
            parser.parse_args(argv)  # says which arguments are unknown, as argparse does
    except SystemExit as exc:  # --help, --version, usage errors: argparse has printed why
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if (other := games.mismatch(args)) is not None:
        err(f"companion {args.command}: {other}")
        return EXIT_USAGE
    verbosity = getattr(args, "verbose", 0)
    _setup_logging(verbosity)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        code = handler(args)
        if code == EXIT_ERROR and pack is not None and pack[1].name != getattr(args, "game_of_command", None):
            err(_("{file} looks like a content pack of {game}: `companion content check --game {name} "
                  "{file}` checks it as one").format(file=pack[0], game=_(pack[1].title), name=pack[1].name))
        return code
    except Failure as exc:
        err(f"companion {args.command}: {exc}")
        return exc.code
    except (CompanionError, KeyError, ValueError) as exc:
        log.info("failure", exc_info=True)
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        err(f"companion {args.command}: {message}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        err(_("companion {command}: interrupted").format(command=args.command))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `companion play | head`: the reader left; say nothing more on stdout
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ERROR
    except Exception as exc:  # a bug: say so in one line; -v shows the traceback
        log.info("unexpected error", exc_info=True)
        err(_("companion {command}: internal error: {error} (run with -v for the traceback)").format(
            command=args.command, error=f"{type(exc).__name__}: {exc}"))
        return EXIT_ERROR
