"""Incoming Transmission's subcommands: ``play``, ``referee``, ``plan``, ``simulate``, ``content check``.

Registered with the game (:data:`companion.games.transmission.info.GAME`, ``cli``).  Each is a thin
shell over the core: ``referee`` runs
:meth:`companion.games.transmission.engine.rules.Rules.execute` on a scenario
(:mod:`companion.games.transmission.engine.scenario`), ``plan`` asks
:class:`~companion.games.transmission.mission_control.planner.Planner`, ``play`` drives the same
:class:`~companion.games.transmission.session.Session` as the app
(:mod:`companion.games.transmission.terminal`), saving every move in the game store, and
``simulate`` plays :func:`companion.games.transmission.lab.simulate.simulate`.  The planner and the
simulator are imported by the subcommands that use them (plain imports, no cycle behind them): loading them
would double the time ``companion --help`` or ``referee`` takes to start.  :func:`content_pack` and
:func:`game_options` (:mod:`companion.games.transmission.options`, re-exported here) are shared with
the other families that need the game's pack or its options (``run``, ``labels``, ``bench``).
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.cli.database import database_path
from companion.cli.other_game import give_up_other
from companion.cli.output import (
    EXIT_ERROR,
    EXIT_IMPOSSIBLE,
    EXIT_OK,
    EXIT_USAGE,
    Failure,
    err,
    out,
    positive,
    print_json,
    verbose_option,
    whole_number,
)
from companion.errors import ContentError, IllegalAction, ScenarioError, english
from companion.games.transmission.content.loader import check_content, content_to_resume, load_content
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.scenario import Scenario, load_scenario
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.native import search_kind, search_words
from companion.games.transmission.names import DIFFICULTY_WORDS
from companion.games.transmission.options import MAX_SEED, content_pack, game_options, seed
from companion.games.transmission.person import MC_SEATS, PersonSession
from companion.games.transmission.session import Chooser, Session, Step
from companion.games.transmission.stored import KEEPER
from companion.games.transmission.terminal import Terminal
from companion.games.transmission.terminal_person import PersonTerminal
from companion.i18n import N_, _, ngettext, number, percent
from companion.table.answers import is_no, is_yes
from companion.table.config import MISSION_CONTROL_RANGE, MISSION_CONTROL_SECONDS, Config, read_config
from companion.table.prompt import kept_or_not
from companion.table.registry import AddSubcommand
from companion.table.store import Store, StoreError, describe_saved
from companion.table.store_rows import counts

if TYPE_CHECKING:  # the planner is imported by the subcommands that use it (see above)
    from companion.games.transmission.mission_control.planner import Plan

__all__ = ["register", "content_pack", "game_options", "seed", "play_stored", "MAX_SEED", "MAX_GAMES",
           "MAX_JOBS", "PLAN_FIELDS", "plan_json"]

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------- subcommands


def _scenario(args: argparse.Namespace, content: ContentPack, commands: bool) -> Scenario:
    try:
        return load_scenario(args.scenario, content, commands=commands)
    except ScenarioError as exc:
        raise Failure(f"{args.scenario}: {exc}", EXIT_USAGE) from None


def _cmd_play(args: argparse.Namespace) -> int:
    """A whole game in the terminal against the AI Mission Control or a person's, set as the table's
    config says (:func:`play_config`) unless an option says otherwise."""
    from companion.games.transmission.mission_control.planner import Planner

    content = content_pack(args)
    config = play_config(args)
    _person_options_need_a_person(args, config)
    chooser = Planner(deadline=config.mission_control_seconds)
    if not args.no_store:  # save every move and offer to resume
        return play_stored(args, content, chooser, config=config)
    session = new_session(args, content, chooser, config)
    return _unsaved(session, terminal_for(session).run())


def _unsaved(session: Session, code: int, output_fn: Callable[[str], None] = out) -> int:
    """Say, after a game played without the store that ended before its end, that it was not saved
    (as every game says it: :func:`~companion.table.prompt.kept_or_not`).  :returns: ``code``."""
    if not session.over:
        output_fn(kept_or_not(False, KEEPER.game))
    return code


#: ``play``'s options that only a person as Mission Control uses.
PERSON_OPTIONS = ("physical_missions", "private_boosts", "coach")


def _person_options_need_a_person(args: argparse.Namespace, config: Config) -> None:
    """Refuse ``--physical-missions``, ``--private-boosts`` or ``--coach`` when the companion is Mission
    Control (``--mc`` or the config's ``mission_control``): said, not silently ignored.

    :raises Failure: (exit 2) naming the options given and how to seat a person."""
    if (getattr(args, "mc", None) or config.mission_control) == "person":
        return
    given = [f"--{name.replace('_', '-')}" for name in PERSON_OPTIONS if getattr(args, name, None)]
    if given:
        raise Failure(ngettext("{options} is for a person as Mission Control, and the companion is Mission "
                               "Control in this game: add --mc person (or leave the option out).",
                               "{options} are for a person as Mission Control, and the companion is Mission "
                               "Control in this game: add --mc person (or leave the option out).",
                               len(given)).format(options=_(" and ").join(given)), EXIT_USAGE)


def play_config(args: argparse.Namespace) -> Config:
    """The table's config file as the app reads it (:func:`~companion.table.config.read_config`): its
    ``[game]`` settings are ``play``'s defaults (``physical_deck`` aside: the terminal has no card to
    scan).  Each bad setting is said on stderr, naming the file, the key and the value, and its default
    is used, as the app does at start.  A problem that decides where the game store is is left to
    :func:`~companion.cli.database.database_path`, which refuses it when the game is to be saved."""
    config, problems = read_config()
    stored = not args.no_store and getattr(args, "database", None) is None
    for problem in problems:
        if stored and (problem.field == "" or problem.field.startswith("store")):
            continue  # database_path refuses it: the game would go into the wrong history
        what = (_("config setting not used (its default instead): {problem}") if problem.field
                else _("config file not used (the defaults instead): {problem}"))
        err(what.format(problem=problem))
    return config


def new_session(args: argparse.Namespace, content: ContentPack, chooser: Chooser,
                config: Config | None = None) -> Session:
    """The session ``play`` asks for: against the companion, or with a person as Mission Control a
    :class:`~companion.games.transmission.person.PersonSession` (RULES.md, With a person as Mission
    Control).  Each option left out (``None``) takes ``config``'s ``[game]`` setting (``--mc``:
    ``mission_control``; ``--physical-missions``, ``--private-boosts``, ``--coach``); ``undo`` is the
    config's.  :raises KeyError, ValueError: an unknown difficulty or layout."""
    config = Config() if config is None else config

    def chosen(name: str) -> bool:
        value = getattr(args, name, None)
        return bool(getattr(config, name)) if value is None else bool(value)

    session: Session
    if (getattr(args, "mc", None) or config.mission_control) == "person":
        session = PersonSession(content, chooser, args.difficulty, args.layout, args.seed, undo=config.undo,
                                physical_missions=chosen("physical_missions"),
                                private_boosts=chosen("private_boosts"), coach=chosen("coach"))
    else:
        session = Session(content, chooser, args.difficulty, args.layout, args.seed, undo=config.undo)
    session.seed_reports = config.data_dir  # a refused selection's seed goes there, not to the log
    return session


def terminal_for(session: Session, input_fn: Callable[[str], str] = input,
                 output_fn: Callable[[str], None] = print) -> Terminal:
    """The terminal that plays ``session``: the person's private steps behind a hand-over prompt."""
    if isinstance(session, PersonSession):
        return PersonTerminal(session, input_fn, output_fn)
    return Terminal(session, input_fn, output_fn)


def _cmd_referee(args: argparse.Namespace) -> int:
    """Run a scenario's 5 commands (RULES.md, The commands; A transmission; Missions) and print the result
    as JSON."""
    content = content_pack(args)
    scenario = _scenario(args, content, commands=True)
    try:
        execution = rules_for(content).execute(scenario.position, scenario.commands, scenario.pending)
    except IllegalAction as exc:
        print_json({"ok": False, "step": exc.step, "command": exc.command, "reason": english(exc.reason)})
        err(_("{scenario}: step {step} ({command}) is impossible: {reason}; nothing was executed").format(
            scenario=args.scenario, step=exc.step, command=exc.command, reason=exc.reason))
        return EXIT_IMPOSSIBLE
    end = execution.end
    completed = [{"mission": list(scenario.given[c.mission]), "step": c.step} for c in execution.completions]
    print_json({
        "ok": True,
        "board": end.rows(),
        "cadet": list(end.cadet_cell),
        "carrying": end.carrying,
        "completed": completed,
    })
    return EXIT_OK


def _cmd_plan(args: argparse.Namespace) -> int:
    """Mission Control's 5 commands for a scenario (a ``commands`` field is checked as ``referee``
    checks it, then not used)."""
    from companion.games.transmission.mission_control.planner import Planner

    content = content_pack(args)
    scenario = _scenario(args, content, commands=False)
    view = MissionControlView(
        position=scenario.position,
        missions=scenario.pending,
        transmissions_left=scenario.transmissions_left,
        deck=dict(content.command_deck),
        devices=content.devices,
        upcoming_levels=(),  # a scenario does not say which Transmission cards are still to come
    )
    plan = Planner(deadline=args.seconds or None).plan(view)
    print_json(plan_json(plan))
    return EXIT_OK


#: ``plan --help``'s words for each field of its JSON (:func:`plan_json`; the planner's ``Plan``);
#: marked, shown as ``_(PLAN_FIELDS)`` (the field names and ``true``/``false``/``null`` are JSON's).
PLAN_FIELDS = N_("""\
the JSON object on stdout:
  commands              the 5 commands in intended order (registers 1 to 5): N E S W COLLECT DEPLOY
                        REPAIR
  transmissions_to_win  the fewest transmissions, this one included, that complete every remaining
                        mission if the Cadet executes each as intended (these 5 commands start such a
                        line); 0 when no mission remains; null when the game cannot be won within the
                        scenario's transmissions_left: then the commands keep the most missions
                        within reach (the score, RULES.md)
  exact                 true (always with --seconds 0): transmissions_to_win is the exact optimum;
                        false when --seconds passed first: the commands are the best found by then and
                        transmissions_to_win is the best proven lower bound (at least 1), not the
                        optimum, or null when the search had already proved the game cannot be won
  winnable              true when the game can be won within transmissions_left, false when it cannot,
                        null when --seconds passed before the search knew (exact false with a number)""")


def plan_json(plan: Plan) -> dict[str, object]:
    """``companion plan``'s JSON object for ``plan`` (each field as :data:`PLAN_FIELDS` says).

    :returns: ``commands`` (5 strings, RULES.md notation), ``transmissions_to_win`` (int or ``None``),
        ``exact`` (bool) and ``winnable``: ``transmissions_to_win is not None`` when exact, ``False``
        when inexact and ``None`` (the search proved it), else ``None`` (a lower bound proves neither).
    """
    to_win = plan.transmissions_to_win
    winnable = to_win is not None if plan.exact or to_win is None else None
    return {"commands": [str(c) for c in plan.commands], "transmissions_to_win": to_win,
            "exact": plan.exact, "winnable": winnable}


#: ``plan --seconds``: at most an hour.
MAX_SECONDS = 3600


def _deadline(text: str) -> float:
    """``plan --seconds``: 0 (no deadline) or a number of seconds up to an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of seconds: {text}").format(text=repr(text[:20]))) from None
    if not 0 <= value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(_("must be 0 (no limit) to {most} seconds, not {text}").format(
            most=MAX_SECONDS, text=text[:20]))
    return value


#: ``simulate --games``: at most ten million (more than a week on one core for the fastest Cadet, about
#: 700 games a minute); beyond it a typo, not a batch anyone waits for.
MAX_GAMES = 10_000_000
#: ``simulate --jobs``: at most 64 processes (each holds a planner and its tables; results never
#: depend on it).
MAX_JOBS = 64


def _games(text: str) -> int:
    """``simulate --games``: 1 to :data:`MAX_GAMES`.  :raises argparse.ArgumentTypeError: naming it."""
    value = positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(_("must be at most {most}, not {text}").format(
            most=number(MAX_GAMES), text=text[:24]))
    return value


def _jobs(text: str) -> int:
    """``simulate --jobs``: 0 (every core) to :data:`MAX_JOBS`.  :raises argparse.ArgumentTypeError:"""
    value = whole_number(text)
    if not 0 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(_("must be 0 (every core) to {most}, not {text}").format(
            most=MAX_JOBS, text=text[:24]))
    return value


def _cmd_simulate(args: argparse.Namespace) -> int:
    """Games of an AI Mission Control against a model Cadet
    (:mod:`companion.games.transmission.lab.simulate`)."""
    from companion.games.transmission.lab.simulate import simulate

    content = content_pack(args)
    result = simulate(content, args.games, args.difficulty, args.seed, cadet=args.cadet, mc=args.mc,
                      jobs=args.jobs)
    if args.json:
        print_json({"games": result.games, "wins": result.wins, "win_rate": result.win_rate,
                    "mean_transmissions": result.mean_transmissions, "mean_score": result.mean_score,
                    "seconds": result.seconds, "difficulty": args.difficulty, "seed": args.seed,
                    "mc": args.mc, "cadet": args.cadet, "jobs": result.jobs,
                    "games_per_minute_per_core": result.games_per_minute_per_core, "search": search_kind()})
        return EXIT_OK
    games = ngettext("{n} game", "{n} games", result.games).format(n=number(result.games))
    processes = ngettext("on {n} process", "on {n} processes", result.jobs).format(n=result.jobs)
    out(_("{games} at {difficulty} difficulty, seed {seed}, {mc} Mission Control, {cadet} Cadet, in "
          "{seconds} s {processes} ({rate} games per minute per core)").format(
        games=games, difficulty=_(DIFFICULTY_WORDS.get(args.difficulty, args.difficulty)), seed=args.seed,
        mc=args.mc, cadet=args.cadet, seconds=number(round(result.seconds, 1)), processes=processes,
        rate=number(round(result.games_per_minute_per_core))))
    figures = (
        (_("win rate:"), _("{rate} ({wins} of {games})").format(
            rate=percent(result.win_rate), wins=number(result.wins), games=number(result.games))),
        (_("mean transmissions used:"), number(round(result.mean_transmissions, 2))),
        (_("mean score:"), number(round(result.mean_score, 1))),
        (_("search:"), search_words()),
    )
    width = max(len(label) for label, _value in figures)
    for label, value in figures:
        out(f"{label:<{width}} {value}")
    return EXIT_OK


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem in a content pack, one per line (:func:`~.content.loader.check_content`)."""
    try:
        pack = load_content(args.file)
    except ContentError as first:
        if first.field == "<file>":
            raise Failure(str(first)) from None
        problems = check_content(args.file) or [first]
        for problem in problems:
            out(str(problem))
        err(ngettext("{file}: {n} problem", "{file}: {n} problems", len(problems)).format(
            file=args.file, n=len(problems)))
        return EXIT_ERROR
    stations = len(pack.stations)
    out(_("OK: {pack}, {missions} missions, {modules} modules ({stations} stations, {devices} devices), "
          "{transmissions} Transmission cards, {boosts} Signal Boosts, {commands} Command cards").format(
        pack=pack.id, missions=len(pack.missions), modules=len(pack.modules), stations=stations,
        devices=len(pack.modules) - stations, transmissions=len(pack.transmissions), boosts=len(pack.boosts),
        commands=pack.command_cards))
    return EXIT_OK


# --------------------------------------------------------------------------- companion play and the store


def play_stored(args: argparse.Namespace, content: ContentPack, chooser: Chooser,
                input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print, *,
                config: Config | None = None) -> int:
    """``companion play`` with the store: offer to resume the unfinished game, save every move.

    A new game is set as :func:`new_session` says (``config``: the table's settings).  An unusable
    store is said on stderr and the game is played without saving.
    """
    path = database_path(args)
    try:
        store = Store.open(path)
    except StoreError as exc:
        err(_("{problem} This game will not be saved.").format(problem=exc))
        unsaved = new_session(args, content, chooser, config)
        return _unsaved(unsaved, terminal_for(unsaved, input_fn, output_fn).run(), output_fn)
    if store.notice:
        err(store.notice)
    try:
        session: Session | None = None
        saved = store.unfinished()
        if saved is not None and saved.game != KEEPER.game:  # one table, one game (Store.begin)
            if not give_up_other(saved, "Incoming Transmission", input_fn, output_fn,
                                 getattr(args, "game_titles", None)):
                return 0
        elif saved is not None:
            person = (saved.table or {}).get("mission_control") == "person"
            saved_game = _("An unfinished game is saved: {game} With a person as Mission Control.") \
                if person else _("An unfinished game is saved: {game}")
            output_fn(saved_game.format(game=describe_saved(saved)))
            counted = counts("abandoned", saved.summary.transmissions_used)  # given up: left, or abandoned
            answer = _resume_answer(input_fn, output_fn, counted)
            if answer is None:
                output_fn(_("Leaving: the game stays saved."))
                return 0
            if answer:
                try:
                    played_with = content_to_resume(saved.content_id, saved.content_digest, content)
                    session = store.resume(saved, KEEPER, played_with, chooser)
                    session.seed_reports = (config or Config()).data_dir
                except StoreError as exc:
                    err(_("{problem} Use --content with that pack, or answer n to start a new game.").format(
                        problem=exc))
                    return EXIT_ERROR
                output_fn(_("Resuming where the game stopped."))
            else:
                store.abandon(saved.id)
        new_game = None
        if session is None:
            session = new_session(args, content, chooser, config)
            new_game = store.begin(session, KEEPER)
        code = terminal_for(session, input_fn, output_fn).run()
        if not session.over:
            _left(store, session, new_game, output_fn)
        return code
    finally:
        store.close()


def _left(store: Store, session: Session, new_game: int | None, output_fn: Callable[[str], None]) -> None:
    """The table left the game before its end (``quit``, the end of input, Mission Control unable to
    choose): a new game left before it started is given up (abandoned: outside the figures, and the
    next ``play`` does not offer to resume a game nobody began); any other stays saved, to resume."""
    if new_game is not None and session.step is Step.BOARD_SETUP:
        store.abandon(new_game)
        output_fn(_("Nothing was played, so nothing is kept to resume (History lists it as abandoned)."))
    else:
        output_fn(kept_or_not(True, KEEPER.game))


#: What the resume question takes for leaving; yes (or Enter alone) and no (the old game is given up) are
#: :func:`~companion.table.answers.is_yes` and :func:`~companion.table.answers.is_no`: English and the
#: table's language's (German j/ja, n/nein).
RESUME_QUIT = ("q", "quit", "exit")


def _resume_answer(input_fn: Callable[[str], str], output_fn: Callable[[str], None],
                   counted: bool = False) -> bool | None:
    """Ask whether to resume the saved game until the answer is clear; ``counted``: given up, it is in
    the figures as left, not won (:func:`~companion.table.store_rows.counts`: a transmission was played),
    else abandoned, outside them; the question says which.

    :returns: ``True`` resume, ``False`` start a new game (the old one is given up), ``None`` leave
        with the game still saved (``q``, or the end of input).  Anything else asks again: a typo
        must not give up a saved game.
    """
    while True:
        try:
            given_up = _("left, counted as not won") if counted else _("abandoned, not counted")
            answer = input_fn(_("Resume it? [Y/n/q] (n starts a new game and gives this one up as "
                                "{given_up}; q leaves) ").format(given_up=given_up)).strip().lower()
        except EOFError:
            output_fn(_("End of input."))
            return None
        if not answer or is_yes(answer):
            return True
        if is_no(answer):
            return False
        if answer in RESUME_QUIT:
            return None
        output_fn(_("Please answer y (resume), n (new game; this one is given up) or q (leave), "
                    "not {answer}.").format(answer=repr(answer[:20])))


# --------------------------------------------------------------------------- the parser

#: Incoming Transmission's scenario notation, at the end of ``referee --help`` and ``plan --help``
#: (marked, shown as ``_(NOTATION)``).
NOTATION = N_("""\
Referee notation (RULES.md): a board is 5 strings of 5 characters, north row first; '.' a hallway,
upper-case an intact module, lower-case a damaged one; a position is [row, col] from the north-west
corner; commands are N E S W COLLECT DEPLOY REPAIR (also C D R), any case.""")


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``play``, ``referee``, ``plan``, ``simulate`` and ``content check``."""
    play_parser = add("play", _("play a whole game in this terminal, against the AI Mission Control or a "
                                "person's"), [pack])
    game_options(play_parser)
    play_parser.add_argument("--mc", choices=MC_SEATS, default=None,
                             help=_("who is Mission Control: the companion or a person at the table, "
                                    "whose private steps are behind a hand-over prompt (default: the "
                                    "config's [game] mission_control, else the companion)"))
    on_off = argparse.BooleanOptionalAction
    play_parser.add_argument("--physical-missions", action=on_off, default=None,
                             help=_("with a person as Mission Control: they draw real Mission cards and "
                                    "type them in (default: the config's [game] physical_missions, else "
                                    "off)"))
    play_parser.add_argument("--private-boosts", action=on_off, default=None,
                             help=_("with a person as Mission Control: Signal Boost answers are shown to "
                                    "them only, to be said aloud (default: the config's [game] "
                                    "private_boosts, else off)"))
    play_parser.add_argument("--coach", action=on_off, default=None,
                             help=_("with a person as Mission Control: they may ask for the AI's pick "
                                    "(default: the config's [game] coach, else off)"))
    play_parser.add_argument("--no-store", action="store_true",
                             help=_("do not save the game or offer to resume one"))
    play_parser.add_argument("--database", metavar="FILE", help=_("the game store instead of the config's"))
    play_parser.set_defaults(handler=_cmd_play)

    referee = add("referee", _("run a scenario's commands by the rules and print the result as JSON"), [pack])
    referee.epilog = _(NOTATION) + "\n\n" + (referee.epilog or "")
    referee.add_argument("scenario", metavar="SCENARIO.json",
                         help=_("board, cadet, carrying, missions, completed, commands (RULES.md notation)"))
    referee.set_defaults(handler=_cmd_referee)

    plan = add("plan", _("print the AI Mission Control's 5 commands for a scenario as JSON"), [pack])
    plan.epilog = _(PLAN_FIELDS) + "\n\n" + _(NOTATION) + "\n\n" + (plan.epilog or "")
    plan.add_argument("scenario", metavar="SCENARIO.json",
                      help=_("board, cadet, carrying, missions, completed, transmissions_left (default 7, at "
                             "most the Transmission cards of a game)"))
    plan.add_argument("--seconds", type=_deadline, default=MISSION_CONTROL_SECONDS, metavar="SECONDS",
                      help=_("answer within this many seconds (0 to {most}), the best found by then "
                             "(\"exact\": false); 0 means no limit: the exact answer however long it takes "
                             "(default {default}, the default of the app's [game] mission_control_seconds, "
                             "which takes {low} to {high})").format(
                          most=MAX_SECONDS, default=number(MISSION_CONTROL_SECONDS),
                          low=number(MISSION_CONTROL_RANGE[0]), high=number(MISSION_CONTROL_RANGE[1])))
    plan.set_defaults(handler=_cmd_plan)

    sim = add("simulate", _("play many games of an AI Mission Control against a model Cadet"), [pack])
    sim.add_argument("--games", type=_games, default=100,
                     help=_("how many games, 1 to {most} (default: {default})").format(
                         most=number(MAX_GAMES), default=100))
    game_options(sim, layout=False)
    sim.add_argument("--seed", type=seed, default=0,
                     help=_("seed of the batch, 0 to {most} (default: 0)").format(most=number(MAX_SEED)))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    sim.add_argument("--mc", choices=("shortest", "robust"), default="shortest",
                     help=_("Mission Control: the shortest plan or the scramble-aware one (default: "
                            "shortest)"))
    sim.add_argument("--cadet", choices=("perfect", "uniform", "careful", "reasoning"), default="perfect",
                     help=_("how the simulated Cadet decodes (mission_control/cadet.py; reasoning also "
                            "spends Signal Boosts; robust Mission Control plans for it; default: perfect)"))
    sim.add_argument("--jobs", type=_jobs, default=0,
                     help=_("processes to play on, 0 (every core) to {most} (default: 0); results do not "
                            "depend on it").format(most=MAX_JOBS))
    sim.set_defaults(handler=_cmd_simulate)

    content = add("content", _("work with content packs"), [])
    content_sub = content.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = content_sub.add_parser("check", help=_("list every problem in a content pack (TOML)"),
                                   parents=[verbose_option()],
                                   description=_("List every problem in a content pack."))
    check.add_argument("file", metavar="FILE", help=_("the content pack to check"))
    check.set_defaults(handler=_cmd_content_check)

