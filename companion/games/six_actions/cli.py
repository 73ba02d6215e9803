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

from companion.cli.game_cli import (
    add_referee_and_check,
    add_store_options,
    ask_player_count,
    ask_player_name,
    check_pack,
    choose_pack,
    open_store,
    referee,
    seed_type,
)
from companion.cli.other_game import give_up_other
from companion.cli.output import EXIT_ERROR, EXIT_OK, EXIT_USAGE, Failure, err
from companion.games.six_actions.content.loader import check_content, default_content, load_content
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.options import read_six_options
from companion.games.six_actions.engine.rules import MAX_NAME
from companion.games.six_actions.engine.scenario import load_scenario, run, state_json
from companion.games.six_actions.session import COLOURS, MAX_SEED, Seat, Session
from companion.games.six_actions.stored import KEEPER, describe
from companion.games.six_actions.summary import RULES
from companion.games.six_actions.terminal import Terminal
from companion.table.prompt import NOT_STARTED, SETTING_UP, Prompt, Quit, not_started
from companion.table.registry import AddSubcommand
from companion.table.store import StoreError
from companion.table.table_options import options_text

__all__ = ["register", "content_pack", "parse_players", "play"]


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the SAMPLE default.  :raises Failure: naming the problem."""
    return choose_pack(args, load_content, default_content)


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
    return referee(args, content_pack(args), load_scenario, run, lambda scenario: state_json(scenario.game))


def _holds(pack: ContentPack) -> str:
    """What a valid Six Actions pack holds, for ``content check``."""
    where = f"a map of {len(pack.game_map.cities)} cities" if pack.game_map else "no map (the printed board)"
    return (
        f"{pack.id}{' (a sample)' if pack.sample else ''}, {len(pack.industries)} Industry cards, "
        f"{len(pack.policies)} Policies, {len(pack.merits)} Merit cards, {where}"
    )


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem of a Six Actions pack, one per line (exit 1), or a line of what it holds."""
    return check_pack(args.file, check_content, load_content, _holds)


def _ask_seats(setup: Prompt, output_fn: Callable[[str], None], content: ContentPack) -> list[Seat]:
    low, high = content.setup.min_players, content.setup.max_players
    ask = setup.reader(f"Type how many players there are, from {low} to {high}.")
    count = ask_player_count(ask, output_fn, low, high)
    seats: list[Seat] = []
    for i in range(count):
        ask = setup.reader(f"Type Player {i + 1}'s name (at most {MAX_NAME} characters).")
        name = ask_player_name(ask, output_fn, i, [s.name for s in seats], MAX_NAME)
        seats.append(Seat(name, COLOURS[i]))
    return seats


def play(
    args: argparse.Namespace, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> int:
    """The terminal game; with the store, offer to resume the unfinished Six Actions game."""
    content = content_pack(args)
    store = open_store(args)
    setup = Prompt(input_fn, output_fn, RULES, lambda: SETTING_UP, leaving=NOT_STARTED)
    saved = None
    try:
        session = None
        saved = store.unfinished() if store is not None else None
        if store is not None and saved is not None and saved.game != KEEPER.game:
            # One table, one game: a new game gives the other game's unfinished one up (Store.begin).
            titles = getattr(args, "game_titles", None)
            ask = setup.reader("Type y to start a new game (giving that one up), or n to keep it.", True)
            if not give_up_other(saved, "The Six Actions", ask, output_fn, titles):
                return EXIT_OK
        elif store is not None and saved is not None:
            output_fn(f"An unfinished game is saved: {describe(saved)}")
            if setup.yes_or_blank(
                "Resume it? [Y/n/q] (n starts a new game and gives this one up) ",
                "Type y (or Enter alone) to resume it, n to start a new game, q to leave.",
            ):
                try:
                    session = store.resume(saved, KEEPER, content, None)
                except StoreError as exc:
                    err(str(exc))
                    return EXIT_ERROR
            # n: the new game's Store.begin gives this one up, so leaving the set-up keeps it.
        if session is None:
            try:
                options = read_six_options(getattr(args, "options", None), ValueError)  # before any question
                seats = args.players or _ask_seats(setup, output_fn, content)
                session = Session.new(
                    content, seats, tycoon=args.tycoon, seed=args.seed, layout=args.layout, options=options
                )
            except ValueError as exc:
                raise Failure(str(exc), EXIT_USAGE) from None
            if store is not None:
                store.begin(session, KEEPER)
        return Terminal(session, input_fn, output_fn, saved=store is not None).run()
    except Quit as left:
        output_fn(not_started(left, kept=saved is not None))
        return EXIT_OK
    finally:
        if store is not None:
            store.close()


_seed = seed_type(MAX_SEED)


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
        "--options",
        type=options_text,
        default=None,
        metavar="JSON",
        help='the table options where the rules are silent, e.g. \'{"forced_loan": "shortfall"}\' '
        "(docs/table-options.md; default: the referee's readings)",
    )
    add_store_options(play_parser)
    play_parser.set_defaults(handler=play)
    add_referee_and_check(add, pack, "six-actions", "Six Actions", _cmd_referee, _cmd_content_check)
