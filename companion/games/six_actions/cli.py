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

from companion.cli import game_cli
from companion.cli.output import EXIT_USAGE, Failure
from companion.games.six_actions.content.loader import check_content, default_content, load_content
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.options import read_six_options
from companion.games.six_actions.engine.rules import MAX_NAME
from companion.games.six_actions.engine.scenario import load_scenario, run, state_json
from companion.games.six_actions.session import COLOURS, MAX_SEED, Seat, Session
from companion.games.six_actions.stored import KEEPER, describe
from companion.games.six_actions.terminal import Terminal
from companion.i18n import _
from companion.table.prompt import Prompt
from companion.table.registry import AddSubcommand
from companion.table.seat_names import clean_name, taken_by
from companion.table.words import colour_named, colour_word

__all__ = ["register", "content_pack", "parse_players", "play", "tycoon_seat"]


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the SAMPLE default.  :raises Failure: naming the problem."""
    return game_cli.choose_pack(args, load_content, default_content)


def parse_players(text: str) -> list[Seat]:
    """``"Ana:red,Ben:blue"`` (colours optional, given in :data:`COLOURS` order; a colour is its id or
    its word in the table's language, "Ana:Rot" in German).

    :raises argparse.ArgumentTypeError: naming the problem."""
    seats: list[Seat] = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        name, _sep, colour = part.partition(":")
        known = colour_named(colour) if colour.strip() else COLOURS[i % len(COLOURS)]
        if known not in COLOURS:
            raise argparse.ArgumentTypeError(_("{colour} is not a colour ({colours})").format(
                colour=repr(colour.strip()), colours=", ".join(colour_word(c) for c in COLOURS)))
        other = taken_by(name, [s.name for s in seats])
        if other is not None:
            said = _("{name} is given for players {first} and {second}: each player needs their own name")
            raise argparse.ArgumentTypeError(said.format(name=repr(clean_name(name)), first=other + 1,
                                                         second=i + 1))
        seats.append(Seat(name.strip(), known))
    return seats


def tycoon_seat(tycoon: int, players: int) -> int:
    """The seat (from 0, as records keep it) of ``--tycoon``, which counts the players from 1 in seat
    order, as the table does.

    :raises Failure: not a player from 1 to ``players`` (exit 2)."""
    if not 1 <= tycoon <= players:
        raise Failure(_("--tycoon: the first Tycoon is a player from 1 to {n}, not {tycoon}").format(
            n=players, tycoon=tycoon), EXIT_USAGE)
    return tycoon - 1


def _cmd_referee(args: argparse.Namespace) -> int:
    return game_cli.referee(
        args, content_pack(args), load_scenario, run, lambda scenario: state_json(scenario.game)
    )


def _holds(pack: ContentPack) -> str:
    """What a valid Six Actions pack holds, for ``content check``."""
    where = (_("a map of {n} cities").format(n=len(pack.game_map.cities)) if pack.game_map
             else _("no map (the printed board)"))
    sample = " " + _("(a sample)") if pack.sample else ""
    said = _("{pack}, {industries} Industry cards, {policies} Policies, {merits} Merit cards, {where}")
    return said.format(
        pack=pack.id + sample, industries=len(pack.industries), policies=len(pack.policies),
        merits=len(pack.merits), where=where)


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem of a Six Actions pack, one per line (exit 1), or a line of what it holds."""
    return game_cli.check_pack(args.file, check_content, load_content, _holds)


def _ask_seats(setup: Prompt, content: ContentPack) -> list[Seat]:
    count = game_cli.ask_player_count(setup, content.setup.min_players, content.setup.max_players)
    seats: list[Seat] = []
    for i in range(count):
        name = game_cli.ask_player_name(setup, i, [s.name for s in seats], MAX_NAME)
        seats.append(Seat(name, COLOURS[i]))
    return seats


def play(
    args: argparse.Namespace, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> int:
    """The terminal game; with the store, offer to resume the unfinished Six Actions game
    (:func:`~companion.cli.game_cli.play_stored`)."""
    content = content_pack(args)
    options = game_cli.table_options(args, read_six_options)  # before any question
    given: list[Seat] | None = args.players
    tycoon_seat(args.tycoon, len(given) if given else content.setup.max_players)

    def new_game(setup: Prompt) -> Session:
        seats = given or _ask_seats(setup, content)
        return Session.new(content, seats, tycoon=tycoon_seat(args.tycoon, len(seats)), seed=args.seed,
                           layout=args.layout, options=options)

    return game_cli.play_stored(
        args, input_fn, output_fn, title="The Six Actions", keeper=KEEPER, content=content,
        terminal=Terminal, new_game=new_game, describe=describe,
    )


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``play`` and ``referee`` (chosen with ``--game six-actions``)."""
    play_parser = add(
        "play", _("play The Six Actions in this terminal: the box is the table's banker and referee"), [pack]
    )
    play_parser.add_argument(
        "--players",
        type=parse_players,
        default=None,
        metavar="NAME:COLOUR,...",
        help=_("the players in seat order (colours: {colours}); asked if left out").format(
            colours=", ".join(colour_word(c) for c in COLOURS)),
    )
    play_parser.add_argument(
        "--tycoon", type=int, default=1, metavar="N",
        help=_("the first Tycoon: player N in seat order, counted from 1 (default 1, the first player)")
    )
    game_cli.add_play_options(
        play_parser, play, max_seed=MAX_SEED, seed_help=_("the seed of the shuffled piles"),
        layout_default="map",
        layout_help=_("the content pack's map, or the printed board (the table counts roads)"),
        options_example='{"forced_loan": "shortfall"}',
    )
    game_cli.add_referee_and_check(
        add, pack, "six-actions", "The Six Actions", _cmd_referee, _cmd_content_check
    )
