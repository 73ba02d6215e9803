"""``--game``: which game's subcommand a name like ``play`` or ``referee`` means.

Several games register subcommands of the same name (Incoming Transmission's ``play`` and The Six
Actions' ``play``).  The parser holds one subcommand per name, so the game is chosen before the
parser is built: :func:`chosen_game` reads ``--game NAME`` (or ``--game=NAME``) from the command
line, :func:`ordered` puts that game first, and :class:`Dispatch` registers each game's families so
that the first game to add a name keeps it (the others' parsers of that name are detached, never
reached).  Without ``--game`` the first registered game (Incoming Transmission) is chosen, so every
existing command line means what it did.  Every game subcommand takes ``--game`` (its help names the
games), and one of another game's names says so (exit 2): ``companion plan --game six-actions``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from companion.table.registry import AddSubcommand, GameInfo, RegisterCli, Subcommands

__all__ = ["chosen_game", "ordered", "Dispatch", "mismatch"]


def chosen_game(argv: Sequence[str]) -> str | None:
    """The game named by ``--game NAME`` / ``--game=NAME`` in ``argv`` (the last one), or ``None``."""
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--game" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--game="):
            found = arg.removeprefix("--game=")
    return found


def ordered(games: Sequence[GameInfo[Any]], chosen: str | None) -> list[GameInfo[Any]]:
    """``games`` with the ``chosen`` one first (the rest in their order)."""
    return sorted(games, key=lambda g: g.name != chosen)


class Dispatch:
    """Registers the games' families for one parser: the first game to add a name keeps it."""

    def __init__(self, games: Sequence[GameInfo[Any]]) -> None:
        self.names = [g.name for g in games]
        #: Each game's title by its name, for a command that names another game to the table.
        self.titles = {g.name: g.title for g in games}
        self.taken: set[str] = set()

    def wrap(self, game: str, family: Subcommands) -> RegisterCli:
        """The ``register`` of ``game``'s ``family`` (imported when it is called), its subcommands
        taking ``--game`` and knowing their game."""

        def wrapped(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
            def add_game(
                name: str, help: str, parents: Sequence[argparse.ArgumentParser]
            ) -> argparse.ArgumentParser:
                if name in self.taken:  # another game's subcommand of this name was chosen
                    return argparse.ArgumentParser(add_help=False)
                self.taken.add(name)
                parser = add(name, help, parents)
                parser.add_argument(
                    "--game",
                    choices=self.names,
                    default=None,
                    help=f"the game (default: {self.names[0]}; {', '.join(self.names)})",
                )
                parser.set_defaults(game_of_command=game, game_titles=self.titles)
                return parser

            family.build(add_game, pack)

        return wrapped


def mismatch(args: argparse.Namespace) -> str | None:
    """Why the parsed command is not of the ``--game`` asked for (a sentence), or ``None``."""
    asked, owner = getattr(args, "game", None), getattr(args, "game_of_command", None)
    if asked is None or owner is None or asked == owner:
        return None
    return f"`{args.command}` is a subcommand of {owner}, not of {asked}"
