"""The Six Actions' balance figures: win rate by seat, random against greedy, the table options.

``python -m companion.games.six_actions.lab.balance --games 1000 --seed 0`` plays, for each player
count (2 to 5), each seating of the seeded bots (:mod:`companion.games.six_actions.lab.bots`: all
random, all greedy, one greedy among random ones, its seat turning with the game) and each table
reading, ``--games`` whole games through the checked engine, game ``i`` of every cell with seed
``SEED + i``, and prints the Markdown section of ``docs/balance.md`` (``--out docs/balance.md``
writes it there between its markers; the rest of the page stays as it is).

The readings (``--options``): ``default`` (6 rounds, the Tycoon passing clockwise from seat 1),
``rounds=players`` (as many rounds as players: each seat is the Tycoon once), and the table options of
docs/table-options.md that decide a loan: ``forced_loan=shortfall`` and ``loan_at_top=refused``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial

from companion.games.six_actions.content.loader import default_content
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.lab.bots import DEFAULT_CAP, play_game
from companion.lab.seat_balance import Cell, GameResult, Lab, main, ranking_note, reading_cells

__all__ = ["LAB", "READINGS", "cells", "run"]

#: Rounds of the ``default`` reading (the excerpt leaves the end to the table).
ROUNDS = 6

#: Each reading: ``players -> (rounds, options)``.
READINGS: dict[str, Callable[[int], tuple[int, SixOptions]]] = {
    "default": lambda n: (ROUNDS, SixOptions()),
    "rounds=players": lambda n: (n, SixOptions()),
    "forced_loan=shortfall": lambda n: (ROUNDS, SixOptions(forced_loan="shortfall")),
    "loan_at_top=refused": lambda n: (ROUNDS, SixOptions(loan_at_top="refused")),
}


def _play(content: ContentPack, rounds: int, options: SixOptions, cap: int, seed: int,
          bots: tuple[str, ...]) -> GameResult:
    return play_game(content, seed, bots, rounds=rounds, options=options, cap=cap)


def cells(args: argparse.Namespace, content: ContentPack | None = None) -> list[Cell]:
    """The cells ``args`` asks for, by player count, then reading, then seating.

    :raises ValueError: a player count the pack does not take, an unknown reading or seating.
    """
    pack = content or default_content()

    def play(players: int, reading: str) -> Callable[[int, tuple[str, ...]], GameResult]:
        rounds, options = READINGS[reading](players)
        return partial(_play, pack, rounds, options, args.cap)

    return reading_cells(args, "The Six Actions", pack.setup.min_players, pack.setup.max_players, play)


def _notes(args: argparse.Namespace) -> list[str]:
    return [
        "Bots (`companion/games/six_actions/lab/bots.py`), each seeded: `random` picks a kind of move "
        "uniformly among those it can make (the six actions, Pass, End turn), then one of its legal moves; "
        "`greedy` picks the move after which it would rank best if the game ended now (Asset Value, then "
        "Influence, then money, after repaying what notes it can), ties at random. Every move is played "
        "through the checked `Game.play`. No Revenue, Dividends or Merit effects are entered (the "
        "excerpt does not define them), no voluntary Emergency Loan is taken, and the pawn never moves.",
        "",
        f"The table: seat 1 is the first Tycoon and the Tycoon passes clockwise each round; after "
        f"{ROUNDS} rounds (`default`) or as many rounds as players (`rounds=players`: each seat is the "
        f"Tycoon once) the table ends the game and everyone settles. "
        + ranking_note("Asset Value, then Influence, then money", "Asset Value", args.cap),
    ]


#: The command (:func:`companion.lab.seat_balance.main`).
LAB = Lab("six-actions", "The Six Actions", "companion.games.six_actions.lab.balance", cells, _notes,
          tuple(READINGS), DEFAULT_CAP)


def run(argv: Sequence[str] | None = None) -> int:
    """``python -m companion.games.six_actions.lab.balance``.  :returns: the exit code."""
    return main(LAB, argv)


if __name__ == "__main__":
    raise SystemExit(run())
