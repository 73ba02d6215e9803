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

from companion.cli import game_cli
from companion.games.five_actions.content.loader import check_content, default_content, load_content
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.options import read_five_options
from companion.games.five_actions.engine.rules import MAX_NAME, start_taken_by
from companion.games.five_actions.engine.scenario import MAX_SEED, load_scenario, run, state_json
from companion.games.five_actions.session import Session
from companion.games.five_actions.stored import KEEPER
from companion.games.five_actions.terminal import Terminal
from companion.i18n import _
from companion.table.prompt import Prompt
from companion.table.registry import AddSubcommand
from companion.table.store_rows import SavedGame

__all__ = ["register", "content_pack", "play"]


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the SAMPLE default.  :raises Failure: naming the problem."""
    return game_cli.choose_pack(args, load_content, default_content)


def _cmd_referee(args: argparse.Namespace) -> int:
    return game_cli.referee(
        args, content_pack(args), load_scenario, run, lambda scenario: state_json(scenario.game)
    )


def _holds(pack: ContentPack) -> str:
    """What a valid Five Actions pack holds, for ``content check``."""
    game_map = pack.game_map
    where = (
        _("a map of {locations} Locations and {lines} lines").format(locations=len(game_map.locations),
                                                                     lines=len(game_map.lines))
        if game_map
        else _("no map (the printed board)")
    )
    sample = " " + _("(a sample)") if pack.sample else ""
    return _("{pack}, {tycoons} Tycoon tiles, {patents} Patent tiles, {rows} Credit rows, {where}").format(
        pack=pack.id + sample, tycoons=len(pack.tycoons), patents=len(pack.patents),
        rows=len(pack.credit_rows), where=where)


def _cmd_content_check(args: argparse.Namespace) -> int:
    """Every problem of a Five Actions pack, one per line (exit 1), or a line of what it holds."""
    return game_cli.check_pack(args.file, check_content, load_content, _holds)


def _ask_players(setup: Prompt, content: ContentPack, layout: str) -> tuple[list[str], list[str]]:
    count = game_cli.ask_player_count(setup, content.setup.min_players, content.setup.max_players)
    names: list[str] = []
    starts: list[str] = []
    game_map = content.game_map if layout == "map" else None
    land = [(loc.id, loc.name) for loc in game_map.locations if not loc.ocean] if game_map is not None else []
    for i in range(count):
        prompt = _("Player {n}'s name (clockwise from the first player): ").format(n=i + 1)
        name = game_cli.ask_player_name(setup, i, names, MAX_NAME, prompt)
        start = ""
        while not start:
            if land:
                start = setup.pick(_("{player}'s starting Location:").format(player=name), land)
            else:
                start = setup.read(_("{player}'s starting Location: ").format(player=name),
                                   _("Type the Location's name on the board."))
            chosen = list(zip(names, starts, strict=True))
            taken = start_taken_by(content, layout, chosen, start) if start else None
            if taken is not None:
                shown = dict(land).get(start, start)
                said = _("{place} is {player}'s starting Location: each player starts on their own.")
                setup.say(said.format(place=shown, player=taken))
                start = ""
        names.append(name)
        starts.append(start)
    return names, starts


def _describe(saved: SavedGame) -> str:
    """The resume offer's line of a saved game: ``"3 players, started 2026-12-01 14:49 UTC, round 2."``"""
    s = saved.summary
    return _("{players}, started {when} UTC, round {n}.").format(
        players=s.difficulty, when=f"{s.started:%Y-%m-%d %H:%M}", n=max(1, s.transmissions_used))


def play(
    args: argparse.Namespace, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
) -> int:
    """The terminal game; with the store, offer to resume the unfinished Five Actions game
    (:func:`~companion.cli.game_cli.play_stored`)."""
    content = content_pack(args)
    layout = args.layout or ("map" if content.has_map else "printed")
    options = game_cli.table_options(args, read_five_options)  # before any question

    def new_game(setup: Prompt) -> Session:
        names, starts = _ask_players(setup, content, layout)
        return Session.new(content, names, starts, seed=args.seed, layout=layout,
                           physical_stacks=args.physical_stacks, options=options)

    return game_cli.play_stored(
        args, input_fn, output_fn, title="The Five Actions", keeper=KEEPER, content=content,
        terminal=Terminal, new_game=new_game, describe=_describe,
    )


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``play`` and ``referee`` (chosen with ``--game five-actions``)."""
    play_parser = add(
        "play",
        _("play The Five Actions in this terminal: the box is the table's referee and accountant"),
        [pack],
    )
    play_parser.add_argument(
        "--physical-stacks",
        action="store_true",
        help=_("the table draws the Tycoon tiles itself and says each one"),
    )
    game_cli.add_play_options(
        play_parser, play, max_seed=MAX_SEED, seed_help=_("the seed of the Tycoon stacks"),
        layout_default=None,
        layout_help=_("the content pack's map (default when it has one), or the printed board"),
        options_example='{"advanced_needs_occupied": true}',
    )
    game_cli.add_referee_and_check(
        add, pack, "five-actions", "The Five Actions", _cmd_referee, _cmd_content_check
    )
