"""The Five Actions' balance figures: win rate by seat, random against greedy, the table option.

``python -m companion.games.five_actions.lab.balance --games 1000 --seed 0`` plays, for each player
count (2 to 4), each seating of the seeded bots (:mod:`companion.games.five_actions.lab.bots`: all
random, all greedy, one greedy among random ones, its seat turning with the game) and each table
reading, ``--games`` whole games through the checked engine on the pack's map, game ``i`` of every
cell with seed ``SEED + i``, and prints the Markdown section of ``docs/balance.md`` (``--out
docs/balance.md`` writes it there between its markers; the rest of the page stays as it is).

The readings (``--options``): ``default`` and the table option of docs/table-options.md,
``advanced_needs_occupied``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial

from companion.games.five_actions.content.loader import default_content
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.lab.bots import DEFAULT_CAP, play_game
from companion.lab.seat_balance import Cell, GameResult, Lab, main, ranking_note, reading_cells

__all__ = ["LAB", "READINGS", "cells", "run"]

#: Each reading's table options.
READINGS: dict[str, FiveOptions] = {
    "default": FiveOptions(),
    "advanced_needs_occupied": FiveOptions(advanced_needs_occupied=True),
}


def _play(content: ContentPack, options: FiveOptions, cap: int, seed: int,
          bots: tuple[str, ...]) -> GameResult:
    return play_game(content, seed, bots, options=options, cap=cap)


def cells(args: argparse.Namespace, content: ContentPack | None = None) -> list[Cell]:
    """The cells ``args`` asks for, by player count, then reading, then seating.

    :raises ValueError: a player count the pack does not take.
    """
    pack = content or default_content()

    def play(players: int, reading: str) -> Callable[[int, tuple[str, ...]], GameResult]:
        return partial(_play, pack, READINGS[reading], args.cap)

    return reading_cells(args, "The Five Actions", pack.setup.min_players, pack.setup.max_players, play)


def _notes(args: argparse.Namespace) -> list[str]:
    return [
        "Bots (`companion/games/five_actions/lab/bots.py`), each seeded: `random` picks a kind of move "
        "uniformly among those it can make (Installation, Transmission, Modulation, Funding, Supply), "
        "then one of its legal moves; `greedy` picks the move after which it would rank best if the "
        "game ended now (total: bonus points and activated Patents' icons, then money), ties at random. "
        "Every move is played through the checked `Game.play`; a bot passes only when it has no legal "
        "move.",
        "",
        "The table: on the pack's map, each player starts on a different land Location drawn with the "
        "game's seed; seat 1 plays first (it never changes). The table ends the game once every player "
        "in turn has passed (nobody can act: the excerpt does not say when it ends). "
        + ranking_note("total, then money", "total", args.cap),
    ]


#: The command (:func:`companion.lab.seat_balance.main`).
LAB = Lab("five-actions", "The Five Actions", "companion.games.five_actions.lab.balance", cells, _notes,
          tuple(READINGS), DEFAULT_CAP)


def run(argv: Sequence[str] | None = None) -> int:
    """``python -m companion.games.five_actions.lab.balance``.  :returns: the exit code."""
    return main(LAB, argv)


if __name__ == "__main__":
    raise SystemExit(run())
