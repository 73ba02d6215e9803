"""The pieces of a game's ``play``, ``referee`` and ``content check`` that every game says the same way.

Source: DESIGN.md, The command line.  Each game registers its own subcommands
(:data:`~companion.table.registry.GameInfo`'s CLI families) and keeps its own questions, its terminal
game and what its pack holds; how a table's pack is chosen, how a scenario is refereed and its exit
code, how a pack is checked, how a seed is read, how the game store is opened and how ``play`` offers
to resume a saved game (:func:`play_stored`, the games of actions') are here, once.

The exit codes are the command line's (:mod:`companion.cli.output`): ``referee`` exits 0 and prints
the state as JSON, 3 (:data:`~companion.cli.output.EXIT_IMPOSSIBLE`) with the first refused action
and nothing applied, 2 (:data:`~companion.cli.output.EXIT_USAGE`) for a malformed scenario naming the
field; ``content check`` exits 1 with every problem of the pack, one a line.
"""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from companion.cli.database import database_path
from companion.cli.other_game import give_up_other
from companion.cli.output import (
    ACTIONS_EPILOG,
    EPILOG,
    EXIT_ERROR,
    EXIT_IMPOSSIBLE,
    EXIT_OK,
    EXIT_USAGE,
    Failure,
    err,
    out,
    print_json,
    verbose_option,
)
from companion.errors import ContentError, ScenarioError
from companion.i18n import _, ngettext, number
from companion.table.action_terminal import ActionTerminal, TerminalSession
from companion.table.prompt import NOT_STARTED, Prompt, Quit, not_started, setting_up
from companion.table.registry import AddSubcommand, ContentId, Keeper, StoredSession
from companion.table.scenario import Refusal
from companion.table.seat_names import clean_name, name_problem, taken_by
from companion.table.store import SavedGame, Store, StoreError
from companion.table.table_options import options_text

__all__ = [
    "ask_player_count",
    "ask_player_name",
    "add_play_options",
    "add_referee_and_check",
    "add_store_options",
    "check_pack",
    "choose_pack",
    "open_store",
    "play_stored",
    "referee",
    "seed_type",
    "table_options",
]

P = TypeVar("P")
S = TypeVar("S")
G = TypeVar("G", bound="PlayedSession")

PackFile = str | os.PathLike[str] | None
Handler = Callable[[argparse.Namespace], int]


def choose_pack(args: argparse.Namespace, load: Callable[[PackFile], P], default: Callable[[], P]) -> P:
    """The pack of ``--content FILE`` (read by the game's ``load``) or the game's ``default``.

    :raises Failure: ``content pack: <the problem>`` (exit 1), naming file, field and value.
    """
    path = getattr(args, "content", None)
    try:
        return load(path) if path else default()
    except ContentError as exc:
        raise Failure(_("content pack: {problem}").format(problem=exc)) from None


def referee(
    args: argparse.Namespace,
    content: P,
    load_scenario: Callable[[str, P], S],
    run: Callable[[S], Refusal | None],
    state_json: Callable[[S], Any],
) -> int:
    """Run the scenario file ``args.scenario`` on ``content``: print the state as JSON (exit 0), or
    the first refused action as ``{"ok": false, "index", "kind", "reason"}`` and the reason on
    stderr (exit 3, nothing applied).

    :param state_json: the JSON of the position the scenario reached (from the scenario).
    :raises Failure: a malformed scenario, ``<file>: <field and problem>`` (exit 2).
    """
    try:
        scenario = load_scenario(args.scenario, content)
    except ScenarioError as exc:
        raise Failure(f"{args.scenario}: {exc}", EXIT_USAGE) from None
    refusal = run(scenario)
    if refusal is not None:
        print_json({"ok": False, "index": refusal.index, "kind": refusal.kind, "reason": refusal.reason})
        err(
            _("{file}: action {index} ({kind}) is refused: {reason}; nothing was applied").format(
                file=args.scenario, index=refusal.index, kind=refusal.kind, reason=refusal.words)
        )
        return EXIT_IMPOSSIBLE
    print_json(state_json(scenario))
    return EXIT_OK


def check_pack(
    file: str,
    check: Callable[[str], list[ContentError]],
    load: Callable[[str], P],
    holds: Callable[[P], str],
) -> int:
    """Every problem of the pack ``file``, one a line on stdout and their count on stderr (exit 1),
    or ``OK: <what it holds>`` (exit 0).

    :param holds: what a valid pack holds, in words (``"six-actions-sample@1 (a sample), 12 ..."``).
    :raises Failure: the file cannot be read (exit 1).
    """
    problems = check(file)
    if problems and problems[0].field == "<file>":
        raise Failure(str(problems[0]))
    for problem in problems:
        out(str(problem))
    if problems:
        err(ngettext("{file}: {n} problem", "{file}: {n} problems", len(problems)).format(
            file=file, n=len(problems)))
        return EXIT_ERROR
    out(_("OK: {contents}").format(contents=holds(load(file))))
    return EXIT_OK


def table_options(args: argparse.Namespace, read: Callable[[Any, type[Exception]], P]) -> P:
    """The game's table options of ``--options`` (``read``: the game's reader, e.g.
    ``read_six_options``), read before ``play`` asks anything (docs/table-options.md: a bad value
    exits 2 naming the option and nothing is started, nor another game's given up).

    :raises Failure: the option and its allowed values (exit 2, :data:`~companion.cli.output.EXIT_USAGE`).
    """
    try:
        return read(getattr(args, "options", None), ValueError)
    except ValueError as exc:
        raise Failure(str(exc), EXIT_USAGE) from None


def ask_player_count(setup: Prompt, low: int, high: int) -> int:
    """Ask how many players until the answer is a number from ``low`` to ``high`` (through the
    set-up's prompt: ``help``, ``quit`` and a blank Enter as at every question).

    :raises Quit: the table left (:class:`~companion.table.prompt.EndOfInput` when the input ended).
    """
    ask = setup.reader(_("Type how many players there are, from {low} to {high}.").format(low=low, high=high))
    while True:
        answer = ask(_("How many players ({low}-{high})? ").format(low=low, high=high)).strip()
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        setup.say(_("Please type a number from {low} to {high}.").format(low=low, high=high))


def ask_player_name(setup: Prompt, seat: int, earlier: Sequence[str], max_name: int, prompt: str = "") -> str:
    """Ask seat ``seat``'s (0-based) name until it is one the game takes
    (:func:`companion.table.seat_names.name_problem`): a name another player has is "Ann is taken;
    another name for Player 2:", a long one is said and asked again.  Nothing typed before is lost;
    ``help``, ``quit`` and a blank Enter work as at every question of the set-up's prompt.

    :param earlier: the names of the seats before this one.
    :param prompt: the question (default ``"Player 2's name: "``).
    :returns: the name, its spaces tidied (:func:`~companion.table.seat_names.clean_name`).
    :raises Quit: the table left (:class:`~companion.table.prompt.EndOfInput` when the input ended).
    """
    ask = setup.reader(_("Type Player {n}'s name (at most {most} characters).").format(
        n=seat + 1, most=max_name))
    question = prompt or _("Player {n}'s name: ").format(n=seat + 1)
    while True:
        name = clean_name(ask(question))
        if not name:
            continue
        if taken_by(name, earlier) is not None:
            question = _("{name} is taken; another name for Player {n}: ").format(name=name, n=seat + 1)
            continue
        problem = name_problem(name, seat, earlier, max_name)
        if problem is None:
            return name
        setup.say(problem)
        question = prompt or _("Player {n}'s name: ").format(n=seat + 1)


def seed_type(max_seed: int) -> Callable[[str], int]:
    """The ``type=`` of a ``--seed`` option: a whole number from 0 to ``max_seed`` (digits only).

    The function it gives raises :class:`argparse.ArgumentTypeError` naming the text (shortened).
    """

    def seed(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or int(text) > max_seed:
            raise argparse.ArgumentTypeError(
                _("a seed is a whole number from 0 to {max}, not {text}").format(
                    max=number(max_seed), text=repr(text[:20]))
            )
        return int(text)

    return seed


def add_play_options(
    parser: argparse.ArgumentParser,
    handler: Handler,
    *,
    max_seed: int,
    seed_help: str,
    layout_default: str | None,
    layout_help: str,
    options_example: str,
) -> None:
    """Add what every game of actions' ``play`` reads after its own options: ``--layout``
    (``map``/``printed``), ``--seed`` (:func:`seed_type`), ``--options JSON`` (the table options,
    docs/table-options.md), the store's options (:func:`add_store_options`); ``handler`` runs it.

    :param layout_default: ``None``: the pack's map when it has one (the game decides).
    :param options_example: one option as JSON, for the help (``'{"forced_loan": "shortfall"}'``).
    """
    parser.add_argument("--layout", choices=("map", "printed"), default=layout_default, help=layout_help)
    parser.add_argument("--seed", type=seed_type(max_seed), default=None, help=seed_help)
    parser.add_argument(
        "--options",
        type=options_text,
        default=None,
        metavar="JSON",
        help=_("the table options where the rules are silent, e.g. '{example}' (docs/table-options.md; "
               "default: the referee's readings)").format(example=options_example),
    )
    add_store_options(parser)
    parser.set_defaults(handler=handler)


def add_store_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--no-store`` and ``--database FILE`` to a ``play`` parser (see :func:`open_store`)."""
    parser.add_argument("--no-store", action="store_true",
                        help=_("do not save the game or offer to resume one"))
    parser.add_argument("--database", metavar="FILE", help=_("the game store instead of the config's"))


def open_store(args: argparse.Namespace) -> Store | None:
    """The game store of ``--database`` or the config, ``None`` with ``--no-store``; a store that
    cannot be opened is said on stderr and the game is played unsaved (``None``)."""
    if args.no_store:
        return None
    try:
        return Store.open(database_path(args))
    except StoreError as exc:
        err(_("{problem} This game will not be saved.").format(problem=exc))
        return None


class PlayedSession(StoredSession, TerminalSession, Protocol):
    """What :func:`play_stored` uses of a game's session: the store's and the terminal's."""


def play_stored(
    args: argparse.Namespace,
    input_fn: Callable[[str], str],
    output_fn: Callable[[str], None],
    *,
    title: str,
    keeper: Keeper[G],
    content: ContentId,
    terminal: type[ActionTerminal[G]],
    new_game: Callable[[Prompt], G],
    describe: Callable[[SavedGame], str],
) -> int:
    """``play`` of a game of actions: with the game store (:func:`open_store`), offer to resume its
    unfinished game or give up another game's (one table, one game:
    :func:`~companion.cli.other_game.give_up_other`), else set a new game up and save it; then
    play it in the terminal.

    :param title: the game, as the table reads it (``"The Six Actions"``: its
        :attr:`~companion.table.registry.GameInfo.title`).
    :param keeper: what the store needs of the game; ``content``: the pack a saved game resumes with.
    :param terminal: the game's terminal game; its :attr:`~ActionTerminal.rules` are ``help``'s
        during the set-up too.
    :param new_game: the new game's session, asked through the set-up's prompt (``quit`` there leaves:
        nothing new is saved).  A :class:`ValueError` it raises is the table's bad input.  What the
        command line says of the new game (``--options``, ``--players``) is checked before this is
        called (:func:`table_options`): a bad option must not first ask to give another game up.
    :param describe: the resume offer's line of a saved game (after ``"An unfinished game is saved: "``).
    :returns: the terminal game's exit status; 0 when the table leaves during the set-up or keeps
        another game's; 1 (:data:`~companion.cli.output.EXIT_ERROR`) when the saved game cannot resume.
    :raises Failure: ``new_game``'s :class:`ValueError`, exit 2 (:data:`~companion.cli.output.EXIT_USAGE`).
    """
    store = open_store(args)
    setup = Prompt(input_fn, output_fn, terminal.rules, setting_up, leaving=NOT_STARTED)
    saved = None
    try:
        session: G | None = None
        saved = store.unfinished() if store is not None else None
        if store is not None and saved is not None and saved.game != keeper.game:
            # One table, one game: a new game gives the other game's unfinished one up (Store.begin).
            titles = getattr(args, "game_titles", None)
            ask = setup.reader(_("Type y to start a new game (giving that one up), or n to keep it."), True)
            if not give_up_other(saved, title, ask, output_fn, titles):
                return EXIT_OK
        elif store is not None and saved is not None:
            output_fn(_("An unfinished game is saved: {game}").format(game=describe(saved)))
            if setup.yes_or_blank(
                _("Resume it? [Y/n/q] (n starts a new game and gives this one up) "),
                _("Type y (or Enter alone) to resume it, n to start a new game, q to leave."),
            ):
                try:
                    session = store.resume(saved, keeper, content, None)
                except StoreError as exc:
                    err(str(exc))
                    return EXIT_ERROR
            # n: the new game's Store.begin gives this one up, so leaving the set-up keeps it.
        if session is None:
            try:
                session = new_game(setup)
            except ValueError as exc:
                raise Failure(str(exc), EXIT_USAGE) from None
            if store is not None:
                store.begin(session, keeper)
        return terminal(session, input_fn, output_fn, saved=store is not None).run()
    except Quit as left:
        output_fn(not_started(left, kept=saved is not None))
        return EXIT_OK
    finally:
        if store is not None:
            store.close()


def add_referee_and_check(
    add: AddSubcommand,
    pack: argparse.ArgumentParser,
    game: str,
    title: str,
    referee_handler: Handler,
    check_handler: Handler,
) -> None:
    """Add ``referee SCENARIO.json`` and ``content check FILE`` for one game.

    :param game: the game's name on the command line (``"six-actions"``); its scenario format is in
        ``docs/<game>.md``.
    :param title: the game's title, its msgid (``"The Six Actions"``: its
        :attr:`~companion.table.registry.GameInfo.title`), translated in the help texts.
    """
    title = _(title)
    referee_parser = add("referee", _("run a scenario of {game} and print the state as JSON").format(
        game=title), [pack])
    referee_parser.add_argument(
        "scenario", metavar="SCENARIO.json",
        help=_("players, position and actions (docs/{name}.md)").format(name=game)
    )
    notation = textwrap.fill(_('Scenario (JSON): the players, the position and the actions in record form, '
                               '{{"kind": ..., fields}}; every field in docs/{name}.md ("companion referee '
                               '--game {name}"), examples in docs/examples/{name}/.').format(name=game), 100,
                             break_on_hyphens=False)
    # Its exit codes speak of actions (EPILOG's of commands: Incoming Transmission's referee).
    epilog = (referee_parser.epilog or "").replace(_(EPILOG), _(ACTIONS_EPILOG))
    referee_parser.epilog = f"{notation}\n\n{epilog}"
    referee_parser.set_defaults(handler=referee_handler)
    content = add("content", _("work with content packs of {game}").format(game=title), [])
    actions = content.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help=_("list every problem in a content pack of {game} (TOML)").format(game=title),
        parents=[verbose_option()],
        description=_("List every problem in a content pack."),
    )
    check.add_argument("file", metavar="FILE", help=_("the content pack to check"))
    check.set_defaults(handler=check_handler)
