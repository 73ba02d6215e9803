"""``--game``: which game's subcommand a name like ``play`` or ``referee`` means.

Several games register subcommands of the same name (Incoming Transmission's ``play`` and The Six
Actions' ``play``).  The parser holds one subcommand per name, so the game is chosen before the
parser is built: :func:`chosen_game` reads ``--game NAME`` (or ``--game=NAME``) from the command
line, :func:`ordered` puts that game first, and :class:`Dispatch` registers each game's families so
that the first game to add a name keeps it (the others' parsers of that name are detached, never
reached).  Without ``--game`` the first registered game (Incoming Transmission) is chosen, so every
existing command line means what it did.  Every game subcommand takes ``--game`` (its help names the
games), and one of another game's names says so (exit 2): ``companion plan --game six-actions``.

Each game's options stand in its subcommand's help under the game's name (:class:`GameParser`), and
the help names the other games that have a subcommand of that name (``companion play --game
six-actions --help`` lists The Six Actions' options).  An option of another game's subcommand is
refused with the game it belongs to (:func:`foreign_option`, exit 2): ``companion play --game
six-actions --difficulty hard`` says that ``--difficulty`` belongs to Incoming Transmission.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any

from companion.i18n import _, ngettext
from companion.table.registry import AddSubcommand, GameInfo, RegisterCli, Subcommands

__all__ = ["ends_in_s", "chosen_game", "ordered", "Dispatch", "GameParser", "mismatch", "foreign_option",
           "said", "whose"]


class GameParser(argparse.ArgumentParser):
    """The parser of every ``companion`` subcommand: once :meth:`options_under` names a game, the
    options added next (``add_argument``, ``add_mutually_exclusive_group``) stand in the help under
    that game's title, apart from the options every subcommand shares (``-v``, ``--content``,
    ``--game``).  Positional arguments keep argparse's own section."""

    game_group: argparse._ArgumentGroup | None = None

    def options_under(self, title: str) -> None:
        """Put the options added from now on in the help's section ``title``."""
        self.game_group = self.add_argument_group(title)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if self.game_group is not None and args and str(args[0]).startswith(tuple(self.prefix_chars)):
            return self.game_group.add_argument(*args, **kwargs)
        return super().add_argument(*args, **kwargs)

    def add_mutually_exclusive_group(self, *, required: bool = False) -> argparse._MutuallyExclusiveGroup:
        if self.game_group is not None:
            return self.game_group.add_mutually_exclusive_group(required=required)
        return super().add_mutually_exclusive_group(required=required)


def whose(title: str) -> str:
    """``"Incoming Transmission's"``, ``"The Six Actions'"`` (English: a sentence in the table's
    language has the possessive in its translation, chosen by :func:`ends_in_s`)."""
    return title + ("'" if ends_in_s(title) else "'s")


def ends_in_s(title: str) -> bool:
    """Whether English writes ``title``'s possessive with an apostrophe alone (``"The Six Actions'"``):
    the sentences that say it come in two messages, one for each (``title`` is the English one)."""
    return title.endswith("s")


def said(titles: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (the "and" in the table's language)."""
    if len(titles) < 2:
        return "".join(titles)
    return _("{first} and {last}").format(first=", ".join(titles[:-1]), last=titles[-1])


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
        self.games = list(games)
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
                    help=_("the game (default: {default})").format(default=self.names[0]),
                )
                parser.set_defaults(game_of_command=game, game_titles=self.titles)
                self._say_the_games(parser, game, name)
                return parser

            family.build(add_game, pack)

        return wrapped

    def _say_the_games(self, parser: argparse.ArgumentParser, game: str, name: str) -> None:
        """Title the game's own options with its name, and say in the help which other games have a
        subcommand ``name`` and how to see theirs."""
        title = self.titles[game]
        if isinstance(parser, GameParser):
            section = (_("options of {game} (--game {name}, the default)") if game == self.names[0]
                       else _("options of {game} (--game {name})"))
            parser.options_under(section.format(game=_(title), name=game))
        others = [g for g in self.games if g.name != game and any(name in f.names for f in g.cli)]
        if not others:
            return
        where = ", ".join(f"`companion {name} --game {g.name} --help`" for g in others)
        this = (_("This is {game}' `{command}`.") if ends_in_s(title)
                else _("This is {game}'s `{command}`.")).format(game=_(title), command=name)
        own = ngettext("{games} has its own: {commands}.", "{games} have their own: {commands}.",
                       len(others)).format(games=said([_(g.title) for g in others]), commands=where)
        note = textwrap.fill(f"{this} {own}", 100, break_on_hyphens=False)
        parser.epilog = f"{note}\n\n{parser.epilog}" if parser.epilog else note


def foreign_option(args: argparse.Namespace, rest: Sequence[str],
                   games: Sequence[GameInfo[Any]]) -> str | None:
    """Why ``rest`` (the arguments the parsed subcommand did not know) holds an option of another
    game's subcommand of the same name (a sentence naming the game it belongs to), or ``None`` when
    none of its options is another game's (argparse's own refusal says the rest).

    Builds those games' subcommand families (importing their command lines) only when called: on
    the path of a refused command line."""
    owner, command = getattr(args, "game_of_command", None), getattr(args, "command", None)
    flags = [arg.split("=", 1)[0] for arg in rest if arg.startswith("-") and arg != "-"]
    if owner is None or command is None or not flags:
        return None
    titles = {g.name: g.title for g in games}
    known: dict[str, list[GameInfo[Any]]] = {}  # option -> the other games whose `command` takes it
    for game in games:
        if game.name == owner:
            continue
        for family in game.cli:
            if command not in family.names:
                continue
            for option in _options_of(family, command):
                known.setdefault(option, []).append(game)
    for flag in flags:
        if flag in known:
            first = known[flag][0]
            sentence = (_("{option} belongs to {games}, not {game} (`companion {command} --game {name} "
                          "--help` lists {first}' options)") if ends_in_s(first.title)
                        else _("{option} belongs to {games}, not {game} (`companion {command} --game {name} "
                               "--help` lists {first}'s options)"))
            return sentence.format(option=flag, games=said([_(g.title) for g in known[flag]]),
                                   game=_(titles.get(owner, owner)), command=command, name=first.name,
                                   first=_(first.title))
    return None


def _options_of(family: Subcommands, command: str) -> list[str]:
    """The option strings of ``family``'s subcommand ``command``, built on scratch parsers."""
    built: dict[str, argparse.ArgumentParser] = {}

    def add(name: str, help: str, parents: Sequence[argparse.ArgumentParser]) -> argparse.ArgumentParser:
        parser = argparse.ArgumentParser(prog=name, add_help=False, parents=list(parents))
        built.setdefault(name, parser)
        return parser

    pack = argparse.ArgumentParser(add_help=False)
    pack.add_argument("--content")
    family.build(add, pack)
    parser = built.get(command)
    return [] if parser is None else sorted(parser._option_string_actions)


def mismatch(args: argparse.Namespace) -> str | None:
    """Why the parsed command is not of the ``--game`` asked for (a sentence), or ``None``."""
    asked, owner = getattr(args, "game", None), getattr(args, "game_of_command", None)
    if asked is None or owner is None or asked == owner:
        return None
    return _("`{command}` is a subcommand of {game}, not of {asked}").format(
        command=args.command, game=owner, asked=asked)
