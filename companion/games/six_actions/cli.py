"""The Six Actions' subcommands ``play``, ``referee``, ``content check`` (chosen with ``--game six-actions``).

Registered with the game (:data:`companion.games.six_actions.info.GAME`); ``--game`` chooses them
(:mod:`companion.cli.games`).  ``referee`` runs a scenario
(:mod:`companion.games.six_actions.engine.scenario`, format in docs/six-actions.md) and prints the
state as JSON (exit 0), or the first refused action with its index and reason (exit 3, nothing
applied); a malformed scenario exits 2 naming the field.  ``play`` runs the terminal game
(:mod:`companion.games.six_actions.terminal`) and saves every action in the game store.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

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
    print_json,
    verbose_option,
)
from companion.errors import ContentError, ScenarioError
from companion.games.six_actions.content.loader import check_content, default_content, load_content
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.scenario import load_scenario, run, state_json
from companion.games.six_actions.session import COLOURS, MAX_SEED, Seat, Session
from companion.games.six_actions.stored import KEEPER, describe
from companion.games.six_actions.terminal import Quit, Terminal
from companion.table.registry import AddSubcommand
from companion.table.store import Store, StoreError

__all__ = ["register", "content_pack", "parse_players", "play"]


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the SAMPLE default.  :raises Failure: naming the problem."""
    path = getattr(args, "content", None)
    try:
        return load_content(path) if path else default_content()
    except ContentError as exc:
        raise Failure(f"content pack: {exc}") from None


def parse_players(text: str) -> list[Seat]:
    """``"Ana:red,Ben:blue"`` (colours optional, given in :data:`COLOURS` order).

    :raises argparse.ArgumentTypeError: naming the problem."""
    seats = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        name, _, colour = part.partition(":")
        colour = colour.strip().lower() or COLOURS[i % len(COLOURS)]
        if colour not in COLOURS:
            raise argparse.ArgumentTypeError(f"{colour!r} is not a colour ({', '.join(COLOURS)})")
        seats.append(Seat(name.strip(), colour))
    return seats


def _cmd_referee(args: argparse.Namespace) -> int:
    content = content_pack(args)
    try:
        scenario = load_scenario(args.scenario, content)
    except ScenarioError as exc:
        raise Failure(f"{args.scenario}: {exc}", EXIT_USAGE) from None
    refusal = run(scenario)
    if refusal is not None:
        print_json({"ok": False, "index": refusal.index, "kind": refusal.kind, "reason": refusal.reason})
        err(
            f"{args.scenario}: action {refusal.index} ({refusal.kind}) is refused: {refusal.reason}; "
            f"nothing was applied"
        )
        return EXIT_IMPOSSIBLE
    print_json(state_json(scenario.game))
    return EXIT_OK


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem of a Six Actions pack, one per line (exit 1), or a line of what it holds."""
    problems = check_content(args.file)
    if problems and problems[0].field == "<file>":
        raise Failure(str(problems[0]))
    for problem in problems:
        out(str(problem))
    if problems:
        err(f"{args.file}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
        return EXIT_ERROR
    pack = load_content(args.file)
    where = f"a map of {len(pack.game_map.cities)} cities" if pack.game_map else "no map (the printed board)"
    out(
        f"OK: {pack.id}{' (a sample)' if pack.sample else ''}, {len(pack.industries)} Industry cards, "
        f"{len(pack.policies)} Policies, {len(pack.merits)} Merit cards, {where}"
    )
    return EXIT_OK


def _ask_seats(
    input_fn: Callable[[str], str], output_fn: Callable[[str], None], content: ContentPack
) -> list[Seat]:
    low, high = content.setup.min_players, content.setup.max_players
    while True:
        answer = input_fn(f"How many players ({low}-{high})? ").strip()
        if answer.isdigit() and low <= int(answer) <= high:
            break
        output_fn(f"Please type a number from {low} to {high}.")
    seats = []
    for i in range(int(answer)):
        name = ""
        while not name:
            name = input_fn(f"Player {i + 1}'s name: ").strip()
        seats.append(Seat(name, COLOURS[i]))
    return seats


def play(
    args: argparse.Namespace, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> int:
    """The terminal game; with the store, offer to resume the unfinished Six Actions game."""
    content = content_pack(args)
    store: Store | None = None
    if not args.no_store:
        try:
            store = Store.open(database_path(args))
        except StoreError as exc:
            err(f"{exc} This game will not be saved.")
    try:
        session = None
        saved = store.unfinished() if store is not None else None
        if store is not None and saved is not None and saved.game != KEEPER.game:
            # One table, one game: a new game gives the other game's unfinished one up (Store.begin).
            if not give_up_other(saved, "The Six Actions", input_fn, output_fn):
                return EXIT_OK
        elif store is not None and saved is not None:
            output_fn(f"An unfinished game is saved: {describe(saved)}")
            answer = (
                input_fn("Resume it? [Y/n/q] (n starts a new game and gives this one up) ").strip().lower()
            )
            if answer in ("q", "quit"):
                output_fn("Leaving: the game stays saved.")
                return EXIT_OK
            if answer in ("", "y", "yes"):
                try:
                    session = store.resume(saved, KEEPER, content, None)
                except StoreError as exc:
                    err(str(exc))
                    return EXIT_ERROR
            else:
                store.abandon(saved.id)
        if session is None:
            try:
                seats = args.players or _ask_seats(input_fn, output_fn, content)
                session = Session.new(content, seats, tycoon=args.tycoon, seed=args.seed, layout=args.layout)
            except EOFError:
                return EXIT_OK
            except ValueError as exc:
                raise Failure(str(exc), EXIT_USAGE) from None
            if store is not None:
                store.begin(session, KEEPER)
        return Terminal(session, input_fn, output_fn, saved=store is not None).run()
    except Quit:
        return EXIT_OK
    finally:
        if store is not None:
            store.close()


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to {MAX_SEED:,}, not {text[:20]!r}"
        )
    return int(text)


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``play`` and ``referee`` (chosen with ``--game six-actions``)."""
    play_parser = add(
        "play", "play The Six Actions in this terminal: the box is the table's banker and referee", [pack]
    )
    play_parser.add_argument(
        "--players",
        type=parse_players,
        default=None,
        metavar="NAME:COLOUR,...",
        help=f"the players in seat order (colours: {', '.join(COLOURS)}); asked if left out",
    )
    play_parser.add_argument(
        "--tycoon", type=int, default=0, help="the first Tycoon's seat, 0-based (default 0)"
    )
    play_parser.add_argument(
        "--layout",
        choices=("map", "printed"),
        default="map",
        help="the content pack's map, or the printed board (the table counts roads)",
    )
    play_parser.add_argument("--seed", type=_seed, default=None, help="the seed of the shuffled piles")
    play_parser.add_argument(
        "--no-store", action="store_true", help="do not save the game or offer to resume one"
    )
    play_parser.add_argument("--database", metavar="FILE", help="the game store instead of the config's")
    play_parser.set_defaults(handler=play)
    referee = add("referee", "run a Six Actions scenario's actions and print the state as JSON", [pack])
    referee.add_argument(
        "scenario", metavar="SCENARIO.json", help="players, position and actions (docs/six-actions.md)"
    )
    referee.set_defaults(handler=_cmd_referee)
    content = add("content", "work with Six Actions content packs", [])
    actions = content.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help="list every problem in a Six Actions content pack (TOML)",
        parents=[verbose_option()],
        description="List every problem in a content pack.",
    )
    check.add_argument(
        "--game", choices=("six-actions",), default="six-actions", help="the game: six-actions"
    )
    check.add_argument("file", metavar="FILE", help="the content pack to check")
    check.set_defaults(handler=_cmd_content_check)
