"""The ``companion`` command line: the app, a terminal game, the referee, the planner, simulations.

Each subcommand is a thin shell over the core: ``referee`` runs
:meth:`companion.games.transmission.engine.rules.Rules.execute` on a scenario
(:mod:`companion.games.transmission.engine.scenario`),
``plan`` asks :class:`companion.games.transmission.mission_control.planner.Planner`, ``play`` drives the same
:class:`~companion.games.transmission.session.Session` as the app
(:mod:`companion.games.transmission.terminal`), and
``run`` starts the Kivy app in ``ui/app.py``, importing Kivy only once a
display is known to exist.  The functions named ``_out`` and ``_err`` are the
only places that print; every error path ends in a clear sentence on stderr
and one of the exit codes in :data:`EPILOG`, never in a traceback (``-v``
logs it).
"""

from __future__ import annotations

import argparse
import glob
import importlib
import json
import logging
import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion import __version__
from companion.errors import CompanionError, ContentError, IllegalAction, ScenarioError
from companion.games.transmission.content.loader import check_content, default_content, load_content
from companion.games.transmission.content.model import DIFFICULTY_NAMES, ContentPack
from companion.games.transmission.engine.game import LAYOUTS, rules_for
from companion.games.transmission.engine.scenario import Scenario, load_scenario
from companion.games.transmission.engine.views import MissionControlView

__all__ = ["main", "display_problem", "EXIT_OK", "EXIT_ERROR", "EXIT_USAGE", "EXIT_IMPOSSIBLE"]

log = logging.getLogger(__name__)

EXIT_OK = 0
#: A runtime failure: no display, a missing app, an unreadable or invalid content pack.
EXIT_ERROR = 1
#: Bad input: a malformed scenario, unknown options (argparse's own code).
EXIT_USAGE = 2
#: ``referee``: a command in the program is impossible; nothing was executed.
EXIT_IMPOSSIBLE = 3
EXIT_INTERRUPTED = 130

EPILOG = """\
exit codes:
  0    success (referee: every command executed)
  1    error: no display, the app or the planner missing, an unreadable or invalid content pack,
       `content check` found problems
  2    bad input: a malformed scenario file (the message names the field), a bad option
  3    referee: an impossible command (JSON on stdout names the step, the command and the reason)
  130  interrupted (Ctrl-C)

Referee notation (RULES.md): a board is 5 strings of 5 characters, north row first; '.' a hallway,
upper-case an intact module, lower-case a damaged one; a position is [row, col] from the north-west
corner; commands are N E S W COLLECT DEPLOY REPAIR (also C D R), any case."""

NO_DISPLAY = ("No display found: neither DISPLAY nor WAYLAND_DISPLAY is set and SDL_VIDEODRIVER is not "
              "kmsdrm or dummy. Run under X/Wayland, or set SDL_VIDEODRIVER=kmsdrm on a Pi console.")


#: Modules that add subcommands: each has ``register(add, pack)``, where ``add(name, help, parents)``
#: returns a new subparser and ``pack`` is the ``--content FILE`` parent parser.  They are imported when
#: the parser is built, so they import nothing heavy (Kivy, gpiozero, serial) at module level.
EXTENSIONS: tuple[str, ...] = ("companion.cli.labels", "companion.cli.doctor", "companion.cli.store",
                              "companion.cli.bench")


class _Failure(Exception):
    """Ends a subcommand with a message on stderr and an exit code."""

    def __init__(self, message: str, code: int = EXIT_ERROR) -> None:
        super().__init__(message)
        self.code = code


# --------------------------------------------------------------------------- output


def _out(text: str) -> None:
    """The CLI's standard output (results)."""
    print(text, flush=True)


def _err(text: str) -> None:
    """The CLI's standard error (problems)."""
    print(text, file=sys.stderr, flush=True)


def _json(data: Mapping[str, object]) -> None:
    """One JSON object, a top-level field per line (a board's rows stay on one line)."""
    fields = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items())
    _out("{\n" + fields + "\n}")


# --------------------------------------------------------------------------- helpers


def display_problem(env: Mapping[str, str]) -> str | None:
    """Why the app cannot open a window under ``env``, or ``None`` when a display is there.

    Checked before Kivy is imported: Kivy aborts the whole process without one.
    """
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver == "kmsdrm":
        return kms_problem()
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    if driver == "dummy":
        return None
    return NO_DISPLAY


def kms_problem(root: str = "/") -> str | None:
    """Why SDL's KMS/DRM driver would find no screen under ``root``, or ``None``.

    Needs a ``/dev/dri/card*`` this user may open (the ``video`` group) and, where sysfs lists
    connectors, one whose ``/sys/class/drm/card*-*/status`` is ``connected`` (a Pi has cards even
    with no screen plugged in).  The kiosk's service exits on this and systemd retries.
    """
    cards = sorted(glob.glob(os.path.join(root, "dev", "dri", "card*")))
    if not cards:
        return ("no display: SDL_VIDEODRIVER=kmsdrm but there is no /dev/dri/card* "
                "(is the KMS driver on? dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt)")
    if not any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return (f"no display: {', '.join(cards)} cannot be opened by this user "
                f"(add it to the video group: sudo usermod -a -G video $USER)")
    statuses = {}
    for path in sorted(glob.glob(os.path.join(root, "sys", "class", "drm", "card*-*", "status"))):
        try:
            with open(path, encoding="ascii") as file:
                statuses[os.path.basename(os.path.dirname(path))] = file.read().strip()
        except OSError:
            continue
    if statuses and "connected" not in statuses.values():
        listed = ", ".join(f"{name} {status}" for name, status in statuses.items())
        return f"no display: no screen is connected ({listed}); waiting for one"
    return None


def _content(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the default one.  :raises _Failure: naming the problem."""
    path = getattr(args, "content", None)
    try:
        pack = load_content(path) if path else default_content()
    except ContentError as exc:
        hint = f"`companion content check {path}` lists every problem"
        raise _Failure(f"content pack: {exc} ({hint})") from None
    log.debug("content pack %s (digest %s) from %s", pack.id, pack.digest, path or "the default")
    return pack


def _scenario(args: argparse.Namespace, content: ContentPack, commands: bool) -> Scenario:
    try:
        return load_scenario(args.scenario, content, commands=commands)
    except ScenarioError as exc:
        raise _Failure(f"{args.scenario}: {exc}", EXIT_USAGE) from None


def _planner() -> Any:
    """A new :class:`~companion.games.transmission.mission_control.planner.Planner`.

    :raises _Failure: when the planner is missing."""
    try:
        module = importlib.import_module("companion.games.transmission.mission_control.planner")
    except ImportError as exc:
        raise _Failure(f"the AI Mission Control (companion/planner.py) cannot be loaded: {exc}") from None
    return module.Planner()


# --------------------------------------------------------------------------- subcommands


def _cmd_run(args: argparse.Namespace) -> int:
    """The Kivy app (``ui/app.py``), after checking for a display without importing Kivy."""
    problem = display_problem(os.environ)
    if problem is not None:
        raise _Failure(problem)
    content = _content(args)
    # Kivy parses sys.argv when first imported unless told not to, and our options are not its own.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    kiosk = _prepare_kiosk(args)
    try:
        app = importlib.import_module("ui.app")
    except ModuleNotFoundError as exc:
        if exc.name in ("ui", "ui.app"):
            raise _Failure("the Kivy app (ui/app.py) is not installed with this copy of the companion; "
                           "`companion play` runs a game in the terminal") from None
        raise _Failure(f"the Kivy app cannot start: module {exc.name!r} is missing "
                       f"(install the project with `pip install -e .`)") from None
    app_main: Callable[..., int | None] | None = getattr(app, "main", None)
    if app_main is None:
        raise _Failure("ui/app.py has no main() to start the app")
    # The one call to adapt if ui.app.main's signature changes.
    extra = {"kiosk": True} if kiosk else {}
    status = app_main(content=content, difficulty=args.difficulty, layout=args.layout, seed=args.seed,
                      fullscreen=args.fullscreen or kiosk, **extra)
    return int(status or 0)


def _prepare_kiosk(args: argparse.Namespace) -> bool:
    """As the kiosk (``--kiosk``, or a ``[display]`` table in the config) write Kivy's config into
    ``$KIVY_HOME/config.ini`` before Kivy is imported (``ui/kivy_config.py``).  A bad config never
    stops the kiosk: the problem is logged and the display defaults are used.  True when a kiosk."""
    from companion.errors import ConfigError
    from companion.table.config import Config, read_config

    config, problems = read_config()  # every valid table kept; the app shows the problems on Home
    if problems and args.kiosk:
        log.error("%s; the kiosk goes on with the settings that are valid", problems[0])
    if not (args.kiosk or "display" in config.sections):
        return False
    try:
        kivy_config = importlib.import_module("ui.kivy_config")
    except ModuleNotFoundError as exc:
        raise _Failure(f"the kiosk's Kivy config (ui/kivy_config.py) cannot be loaded: {exc}") from None
    try:
        try:
            kivy_config.prepare_kiosk(config)
        except ConfigError as exc:
            log.error("%s; the default display settings are used", exc)
            kivy_config.prepare_kiosk(Config(data_dir=config.data_dir))
    except OSError as exc:
        raise _Failure(f"cannot write Kivy's config: {exc}") from None
    return True


def _cmd_play(args: argparse.Namespace) -> int:
    """A whole game in the terminal against the AI Mission Control."""
    from companion.games.transmission.terminal import play

    content = _content(args)
    if not args.no_store:  # save every move and offer to resume (companion/cli_store.py)
        from companion.cli.store import play_stored

        return play_stored(args, content, _planner())
    return play(content, _planner(), args.difficulty, args.layout, args.seed)


def _cmd_referee(args: argparse.Namespace) -> int:
    """Run a scenario's commands (RULES.md, The commands; Missions) and print the result as JSON."""
    content = _content(args)
    scenario = _scenario(args, content, commands=True)
    try:
        execution = rules_for(content).execute(scenario.position, scenario.commands, scenario.pending)
    except IllegalAction as exc:
        _json({"ok": False, "step": exc.step, "command": exc.command, "reason": exc.reason})
        _err(f"{args.scenario}: step {exc.step} ({exc.command}) is impossible: {exc.reason}; "
             f"nothing was executed")
        return EXIT_IMPOSSIBLE
    end = execution.end
    completed = [{"mission": list(scenario.given[c.mission]), "step": c.step} for c in execution.completions]
    _json({
        "ok": True,
        "board": end.rows(),
        "cadet": list(end.cadet_cell),
        "carrying": end.carrying,
        "completed": completed,
    })
    return EXIT_OK


def _cmd_plan(args: argparse.Namespace) -> int:
    """Mission Control's 5 commands for a scenario (its ``commands`` are ignored)."""
    content = _content(args)
    scenario = _scenario(args, content, commands=False)
    view = MissionControlView(
        position=scenario.position,
        missions=scenario.pending,
        transmissions_left=scenario.transmissions_left,
        deck=dict(content.command_deck),
        devices=content.devices,
        upcoming_levels=(),  # a scenario does not say which Transmission cards are still to come
    )
    plan = _planner().plan(view)
    _json({"commands": [str(c) for c in plan.commands], "transmissions_to_win": plan.transmissions_to_win})
    return EXIT_OK


def _cmd_simulate(args: argparse.Namespace) -> int:
    """Games of an AI Mission Control against a model Cadet (companion.lab.simulate)."""
    content = _content(args)
    try:
        simulate = importlib.import_module("companion.lab.simulate").simulate
    except ImportError as exc:
        raise _Failure(f"the simulator (companion/simulate.py) cannot be loaded: {exc}") from None
    if args.jobs < 0:
        raise _Failure(f"--jobs must be 0 (every core) or more, not {args.jobs}", EXIT_USAGE)
    result = simulate(content, args.games, args.difficulty, args.seed, cadet=args.cadet, mc=args.mc,
                      jobs=args.jobs)
    if args.json:
        _json({"games": result.games, "wins": result.wins, "win_rate": result.win_rate,
               "mean_transmissions": result.mean_transmissions, "mean_score": result.mean_score,
               "seconds": result.seconds, "difficulty": args.difficulty, "seed": args.seed,
               "mc": args.mc, "cadet": args.cadet, "jobs": result.jobs,
               "games_per_minute_per_core": result.games_per_minute_per_core})
        return EXIT_OK
    _out(f"{result.games} games at {args.difficulty} difficulty, seed {args.seed}, "
         f"{args.mc} Mission Control, {args.cadet} Cadet, in {result.seconds:.1f} s "
         f"on {result.jobs} process(es) ({result.games_per_minute_per_core:.0f} games per minute per core)")
    _out(f"win rate:                {result.win_rate:.1%} ({result.wins} of {result.games})")
    _out(f"mean transmissions used: {result.mean_transmissions:.2f}")
    _out(f"mean score:              {result.mean_score:.1f}")
    return EXIT_OK


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem in a content pack, one per line (``content.loader.check_content``)."""
    try:
        pack = load_content(args.file)
    except ContentError as first:
        if first.field == "<file>":
            raise _Failure(str(first)) from None
        problems = check_content(args.file) or [first]
        for problem in problems:
            _out(str(problem))
        _err(f"{args.file}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
        return EXIT_ERROR
    stations = len(pack.stations)
    _out(f"OK: {pack.id}, {len(pack.missions)} missions, {len(pack.modules)} modules "
         f"({stations} stations, {len(pack.modules) - stations} devices), "
         f"{len(pack.transmissions)} Transmission cards, {len(pack.boosts)} Signal Boosts, "
         f"{pack.command_cards} Command cards")
    return EXIT_OK


# --------------------------------------------------------------------------- the parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


#: Seeds are whole numbers the Setup screen can show and take back: 0 to 999,999,999.
MAX_SEED = 999_999_999


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to {MAX_SEED:,}, not {text[:20]!r}")
    return int(text)


def _game_options(parser: argparse.ArgumentParser, layout: bool = True) -> None:
    parser.add_argument("--difficulty", choices=DIFFICULTY_NAMES, default="standard",
                        help="Transmission deck and score multiplier (default: standard)")
    if layout:
        parser.add_argument("--layout", choices=LAYOUTS, default="standard",
                            help="Standard (shuffled) or Beginner (fixed) Layout (default: standard)")
        parser.add_argument("--seed", type=_seed, default=None,
                            help="seed of the game's chance draws, to replay a game (default: random)")


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS,
                        help="log to stderr (-vv for debug detail)")
    pack = argparse.ArgumentParser(add_help=False)
    pack.add_argument("--content", metavar="FILE", help="a content pack (TOML) instead of the default one")

    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="companion", parents=[common], epilog=EPILOG, formatter_class=raw,
        description="The Mission Control companion for the board game Incoming Transmission.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add(name: str, help: str, parents: Sequence[argparse.ArgumentParser]) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".", epilog=EPILOG,
                              parents=[common, *parents], formatter_class=raw)

    run = add("run", "start the touchscreen app (Kivy; needs a display)", [pack])
    _game_options(run)
    run.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi's touchscreen)")
    run.add_argument("--kiosk", action="store_true",
                     help="the table's kiosk: Kivy's config from [display] (also when the config has one)")
    run.set_defaults(handler=_cmd_run)

    play = add("play", "play a whole game in this terminal, as the Cadet, against the AI Mission Control",
               [pack])
    _game_options(play)
    play.add_argument("--no-store", action="store_true", help="do not save the game or offer to resume one")
    play.add_argument("--database", metavar="FILE", help="the game store instead of the config's")
    play.set_defaults(handler=_cmd_play)

    referee = add("referee", "run a scenario's commands by the rules and print the result as JSON", [pack])
    referee.add_argument("scenario", metavar="SCENARIO.json",
                         help="board, cadet, carrying, missions, completed, commands (RULES.md notation)")
    referee.set_defaults(handler=_cmd_referee)

    plan = add("plan", "print the AI Mission Control's 5 commands for a scenario as JSON", [pack])
    plan.add_argument("scenario", metavar="SCENARIO.json",
                      help="board, cadet, carrying, missions, completed, transmissions_left (default 7)")
    plan.set_defaults(handler=_cmd_plan)

    sim = add("simulate", "play many games of an AI Mission Control against a model Cadet", [pack])
    sim.add_argument("--games", type=_positive, default=100, help="how many games (default: 100)")
    _game_options(sim, layout=False)
    sim.add_argument("--seed", type=int, default=0, help="seed of the batch (default: 0)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    sim.add_argument("--mc", choices=("shortest", "robust"), default="shortest",
                     help="Mission Control: the shortest plan or the scramble-aware one (default: shortest)")
    sim.add_argument("--cadet", choices=("perfect", "uniform", "careful"), default="perfect",
                     help="how the simulated Cadet decodes (companion/cadet.py; default: perfect)")
    sim.add_argument("--jobs", type=int, default=0,
                     help="processes to play on (default: 0 = every core); results do not depend on it")
    sim.set_defaults(handler=_cmd_simulate)

    content = add("content", "work with content packs", [])
    content_sub = content.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = content_sub.add_parser("check", help="list every problem in a content pack (TOML)",
                                   parents=[common], description="List every problem in a content pack.")
    check.add_argument("file", metavar="FILE", help="the content pack to check")
    check.set_defaults(handler=_cmd_content_check)

    for name in EXTENSIONS:
        importlib.import_module(name).register(add, pack)
    return parser


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


def main(argv: list[str] | None = None) -> int:
    """The ``companion`` console script.  :returns: the exit status (see :data:`EPILOG`)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors: argparse has printed why
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    verbosity = getattr(args, "verbose", 0)
    _setup_logging(verbosity)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except _Failure as exc:
        _err(f"companion {args.command}: {exc}")
        return exc.code
    except (CompanionError, KeyError, ValueError) as exc:
        log.info("failure", exc_info=True)
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        _err(f"companion {args.command}: {message}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        _err(f"companion {args.command}: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `companion play | head`: the reader left; say nothing more on stdout
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ERROR
    except Exception as exc:  # a bug: say so in one line; -v shows the traceback
        log.info("unexpected error", exc_info=True)
        _err(f"companion {args.command}: internal error: {type(exc).__name__}: {exc} "
             f"(run with -v for the traceback)")
        return EXIT_ERROR
