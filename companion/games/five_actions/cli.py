"""The Five Actions' subcommands ``play``, ``referee``, ``content check`` (with ``--game five-actions``).

Registered with the game (:data:`companion.games.five_actions.info.GAME`); ``--game`` chooses them
(:mod:`companion.cli.games`).  ``referee`` runs a scenario
(:mod:`companion.games.five_actions.engine.scenario`, format in docs/five-actions.md) and prints the
state as JSON (exit 0), or the first refused action with its index and reason (exit 3, nothing
applied); a malformed scenario exits 2 naming the field.  ``content check`` lists every problem of a
pack (exit 1) or what it holds.  ``play`` runs the terminal game
(:mod:`companion.games.five_actions.terminal`) and saves every action in the game store.
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
from companion.games.five_actions.content.loader import check_content, default_content, load_content
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.options import read_five_options
from companion.games.five_actions.engine.rules import MAX_NAME, start_taken_by
from companion.games.five_actions.engine.scenario import MAX_SEED, load_scenario, run, state_json
from companion.games.five_actions.session import Session
from companion.games.five_actions.stored import KEEPER
from companion.games.five_actions.summary import RULES
from companion.games.five_actions.terminal import Terminal
from companion.table.prompt import NOT_STARTED, SETTING_UP, Prompt, Quit, not_started
from companion.table.registry import AddSubcommand
from companion.table.store import StoreError
from companion.table.table_options import options_text

__all__ = ["register", "content_pack", "play"]


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the SAMPLE default.  :raises Failure: naming the problem."""
    return choose_pack(args, load_content, default_content)


def _cmd_referee(args: argparse.Namespace) -> int:
    return referee(args, content_pack(args), load_scenario, run, lambda scenario: state_json(scenario.game))


def _holds(pack: ContentPack) -> str:
    """What a valid Five Actions pack holds, for ``content check``."""
    game_map = pack.game_map
    where = (
        f"a map of {len(game_map.locations)} Locations and {len(game_map.lines)} lines"
        if game_map
        else "no map (the printed board)"
    )
    return (
        f"{pack.id}{' (a sample)' if pack.sample else ''}, {len(pack.tycoons)} Tycoon tiles, "
        f"{len(pack.patents)} Patent tiles, {len(pack.credit_rows)} Credit rows, {where}"
    )


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem of a Five Actions pack, one per line (exit 1), or a line of what it holds."""
    return check_pack(args.file, check_content, load_content, _holds)


def _ask_players(
    setup: Prompt, output_fn: Callable[[str], None], content: ContentPack, layout: str
) -> tuple[list[str], list[str]]:
    low, high = content.setup.min_players, content.setup.max_players
    ask = setup.reader(f"Type how many players there are, from {low} to {high}.")
    count = ask_player_count(ask, output_fn, low, high)
    names: list[str] = []
    starts: list[str] = []
    game_map = content.game_map if layout == "map" else None
    land = [(loc.id, loc.name) for loc in game_map.locations if not loc.ocean] if game_map is not None else []
    for i in range(count):
        prompt = f"Player {i + 1}'s name (clockwise from the first player): "
        ask = setup.reader(f"Type Player {i + 1}'s name (at most {MAX_NAME} characters).")
        name = ask_player_name(ask, output_fn, i, names, MAX_NAME, prompt)
        start = ""
        while not start:
            if land:
                start = setup.pick(f"{name}'s starting Location:", land)
            else:
                start = setup.read(f"{name}'s starting Location: ", "Type the Location's name on the board.")
            chosen = list(zip(names, starts, strict=True))
            taken = start_taken_by(content, layout, chosen, start) if start else None
            if taken is not None:
                shown = dict(land).get(start, start)
                output_fn(f"{shown} is {taken}'s starting Location: each player starts on their own.")
                start = ""
        names.append(name)
        starts.append(start)
    return names, starts


def play(
    args: argparse.Namespace, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> int:
    """The terminal game; with the store, offer to resume the unfinished Five Actions game."""
    content = content_pack(args)
    layout = args.layout or ("map" if content.has_map else "printed")
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
            if not give_up_other(saved, "The Five Actions", ask, output_fn, titles):
                return EXIT_OK
        elif store is not None and saved is not None:
            s = saved.summary
            output_fn(
                f"An unfinished game is saved: {s.difficulty}, started {s.started:%Y-%m-%d %H:%M} UTC, "
                f"round {max(1, s.transmissions_used)}."
            )
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
                options = read_five_options(getattr(args, "options", None), ValueError)  # before any question
                names, starts = _ask_players(setup, output_fn, content, layout)
                session = Session.new(
                    content,
                    names,
                    starts,
                    seed=args.seed,
                    layout=layout,
                    physical_stacks=args.physical_stacks,
                    options=options,
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
    """Add ``play`` and ``referee`` (chosen with ``--game five-actions``)."""
    play_parser = add(
        "play",
        "play The Five Actions in this terminal: the box is the table's referee and accountant",
        [pack],
    )
    play_parser.add_argument(
        "--layout",
        choices=("map", "printed"),
        default=None,
        help="the content pack's map (default when it has one), or the printed board",
    )
    play_parser.add_argument("--seed", type=_seed, default=None, help="the seed of the Tycoon stacks")
    play_parser.add_argument(
        "--options",
        type=options_text,
        default=None,
        metavar="JSON",
        help='the table options where the rules are silent, e.g. \'{"advanced_needs_occupied": true}\' '
        "(docs/table-options.md; default: the referee's readings)",
    )
    play_parser.add_argument(
        "--physical-stacks",
        action="store_true",
        help="the table draws the Tycoon tiles itself and says each one",
    )
    add_store_options(play_parser)
    play_parser.set_defaults(handler=play)
    add_referee_and_check(add, pack, "five-actions", "Five Actions", _cmd_referee, _cmd_content_check)
