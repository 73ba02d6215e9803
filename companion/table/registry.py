"""The games on the box: what a game registers so the shell, the CLI and the store can find it.

Source: DESIGN.md, Inside ``companion/`` ("A game registers itself (name, content pack, engine, CLI
subcommands)").  The table framework knows games only through :class:`GameInfo`; the list of
installed games is :func:`companion.games.catalog.registered`.  Nothing here imports a game.

Two contracts live here, so that the framework (:mod:`companion.table.store`,
:mod:`companion.cli.main`) and every game meet without importing each other:

* :class:`StoredSession`, what the store needs of a game's session, and :class:`Keeper`, what it
  needs of the game: its name, the :class:`Progress` figures of a history row, and how to resume;
* :class:`Subcommands`, a family of subcommands of the ``companion`` command line: each game's
  (:attr:`GameInfo.cli`), the framework's own, and those that ``ui`` adds through the entry-point
  group :data:`SUBCOMMANDS_GROUP`;
* what a game hands the framework's own commands, so that none of them imports a game (issue 24,
  item 2): its :class:`Debriefing` of a finished game (``companion debrief``, :data:`DebriefOf`) and
  its :class:`BenchTarget` s (``companion bench``).
"""

from __future__ import annotations

import argparse
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.i18n import N_
from companion.table.events import Listener
from companion.table.reference import Reference

__all__ = ["AddSubcommand", "RegisterCli", "HelpPlace", "Subcommands", "SUBCOMMANDS_GROUP", "Progress",
           "ProgressNames", "StoredSession", "ContentId", "Keeper", "GameInfo", "Resume", "Reference",
           "game_of_actions",
           "AddTarget", "BenchTarget", "Debriefing", "DebriefOf"]

#: ``add(name, help, parents)`` returns a new subparser of the ``companion`` command line (with the
#: common ``-v`` option, the exit-code epilog and a description made of ``help``).
AddSubcommand = Callable[[str, str, Sequence[argparse.ArgumentParser]], argparse.ArgumentParser]
#: ``register(add, pack)``: adds a family of subcommands; ``pack`` is the ``--content FILE`` parent.
RegisterCli = Callable[[AddSubcommand, argparse.ArgumentParser], None]

#: The entry-point group through which an installed package adds subcommands that the core may not
#: import (the app, the hardware checks): each entry point names a :class:`Subcommands` object.
#: (gpiozero finds its pin factories the same way.)
SUBCOMMANDS_GROUP = "companion.subcommands"


class HelpPlace(enum.IntEnum):
    """Where a family's subcommands stand in ``companion --help``: families are listed by place,
    then in the order they were found (games in :func:`companion.games.catalog.registered` order)."""

    #: ``run``: the touchscreen app.
    APP = 0
    #: a game's own subcommands (``play``, ``referee`` ...).
    GAME = 1
    #: the table's hardware (``labels``, ``doctor``).
    HARDWARE = 2
    #: the game store (``history``, ``stats``, ``export``).
    STORE = 3
    #: developer tools (``bench``).
    LAB = 4


@dataclass(frozen=True)
class Subcommands:
    """One family of subcommands.

    :param register: adds the family's subcommands to the parser (see :data:`RegisterCli`); each
        subparser sets a ``handler(args) -> exit code`` default.  A
        :class:`~companion.table.reference.Reference` to it is imported only when the family is built
        (:meth:`build`), so a game's command line costs nothing at the start of another command.
    :param place: where the family stands in the help.
    :param names: the subcommands ``register`` adds, so that ``companion NAME`` builds only the
        family that has ``NAME`` (:func:`companion.cli.main.build_parser`); ``()`` for a family that
        does not say (an installed package's): it is built whenever no family names the command.
    """

    register: RegisterCli | Reference[RegisterCli]
    place: HelpPlace
    names: tuple[str, ...] = ()

    def build(self, add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
        """Add the family's subcommands (its ``register`` imported now if it is a reference).

        :raises ImportError, AttributeError: a reference that does not resolve.
        :raises TypeError: it names something that is not callable.
        """
        register = self.register.load() if isinstance(self.register, Reference) else self.register
        if not callable(register):
            raise TypeError(f"{self.register!r} is not a function that adds subcommands")
        register(add, pack)


#: ``add(name, help, description)`` returns a new parser under ``companion bench``.
AddTarget = Callable[[str, str, str], argparse.ArgumentParser]


@dataclass(frozen=True)
class BenchTarget:
    """One target of ``companion bench``: a game's (:attr:`GameInfo.bench`, ``planner``) or one an
    installed package adds (``startup``, :data:`companion.cli.bench.TARGETS_GROUP`).

    :param register: adds the target's parser through ``add`` (see :data:`AddTarget`); the parser
        sets a ``handler(args) -> exit code`` default, as every subcommand does.
    """

    register: Callable[[AddTarget], None]


@dataclass(frozen=True)
class Debriefing:
    """A finished game told back, transmission by transmission or round by round (``companion debrief``).

    :param lines: the text, one line each, as the terminal prints it (no trailing newlines).
    :param json: the same as a JSON-able object (``companion debrief --json`` adds the database and the
        game's number to it).
    """

    lines: tuple[str, ...]
    json: Mapping[str, Any]


#: ``debrief(args, record, table)``: the :class:`Debriefing` of a finished game from its saved
#: ``record`` and ``table`` (:class:`StoredSession`), with the game's content pack as ``args`` (the
#: parsed ``companion debrief`` line, its ``--content FILE``) chooses it.
#: :raises CompanionError: a record that cannot be debriefed (the CLI says so, exit 1).
#: :raises companion.cli.output.Failure: a content pack that does not load.
DebriefOf = Callable[[argparse.Namespace, Mapping[str, Any], Mapping[str, Any] | None], Debriefing]


@dataclass(frozen=True)
class Progress:
    """A game's figures for its history row, as its session stands (the store writes them at the end
    of every intent).

    :param transmissions_used: rounds played (Transmission cards drawn, for Incoming Transmission).
    :param missions_completed, missions_total: the game's goals reached and dealt.
    :param score: the score if it ended now (the rulebook's; an unfinished game's points so far).
    :param undos: undos in its record.
    :param result: ``"won"`` or ``"lost"`` once the table has reached the game's end, else ``None``.
    """

    transmissions_used: int
    missions_completed: int
    missions_total: int
    score: int
    undos: int
    result: str | None


@dataclass(frozen=True)
class ProgressNames:
    """What a game's :class:`Progress` figures are, for the history's columns (text and JSON).

    :param rounds: what ``transmissions_used`` counts, plural (``"transmissions"``, ``"rounds"``).
    :param goals: what ``missions_completed`` counts, plural (``"missions"``, ``"notes repaid"``).
    :param goals_total: what ``missions_total`` counts (``"missions dealt"``, ``"notes taken"``).
    :param score: what ``score`` is (``"score"``, ``"highest Influence"``).

    Each is English, marked (:func:`companion.i18n.N_`) and translated where it is shown (History's
    figures); ``--json`` keeps the English.
    """

    rounds: str = N_("transmissions")
    goals: str = N_("missions")
    goals_total: str = N_("missions dealt")
    score: str = N_("score")


class StoredSession(Protocol):
    """What the store needs of a game's session (:mod:`companion.table.store`)."""

    def subscribe(self, listener: Listener) -> None:
        """Hear every event (:mod:`companion.table.events`): each action played as one
        :class:`~companion.table.events.ActionPlayed`, each intent ended by another event."""

    def record(self) -> Mapping[str, Any]:
        """The game record, JSON-able: at least ``content``, ``digest`` (the content pack's id and
        revision), ``seed``, ``difficulty``, ``layout`` and ``actions`` (each in record form)."""

    def table_state(self) -> Mapping[str, Any]:
        """Where the table is beyond the record (JSON-able), handed back to :attr:`Keeper.resume`."""


class ContentId(Protocol):
    """A content pack as the store sees it: its id and its revision (a digest of its text)."""

    @property
    def id(self) -> str: ...

    @property
    def digest(self) -> str: ...


S = TypeVar("S", bound=StoredSession)

#: ``resume(content, chooser, record, table, undo, physical_deck)``: the identical session of a saved
#: game (its record replayed, the table put back).  ``undo`` and ``physical_deck`` are the table's
#: settings now, ``None`` for those the game was saved with.  :raises RecordError: it does not replay.
Resume = Callable[[Any, Any, Mapping[str, Any], Mapping[str, Any] | None, str | None, bool | None], S]


@dataclass(frozen=True)
class Keeper(Generic[S]):
    """What the store needs of one game, besides its sessions (:class:`StoredSession`).

    :param game: the game's name (:attr:`GameInfo.name`), stored with each of its records.
    :param progress: the figures of a session's history row.
    :param resume: rebuilds a saved session (see :data:`Resume`).
    :param names: what its :class:`Progress` figures are (Incoming Transmission's by default).
    """

    game: str
    progress: Callable[[S], Progress]
    resume: Resume[S]
    names: ProgressNames = ProgressNames()


@dataclass(frozen=True)
class GameInfo(Generic[S]):
    """One game the companion referees, declared without importing it.

    Its name, title and difficulties are plain values (Home, ``stats`` and ``--game`` read them);
    its content loader, its keeper and its command line are :class:`~companion.table.reference.Reference` s,
    imported on first use (issue 10, item 4: a start of ``companion run`` imports no other game).

    :param name: the game's id, stored with each game record (``"transmission"``); lower-case,
        no spaces.
    :param title: the game's name for the table (``"Incoming Transmission"``).
    :param content: the game's ``load_content(path)`` (see :meth:`load_content`).
    :param store: the game's :class:`Keeper` (see :attr:`keeper`).
    :param difficulties: the game's difficulties, in the order its statistics list them.
    :param standings: the players play against each other (The Six and Five Actions): Stats count
        games finished and left and wins by player name
        (:class:`~companion.table.store_rows.PlayerStats`), not a team's win rate and streaks.
    :param cli: the game's subcommand families (placed :attr:`HelpPlace.GAME`), each naming its
        subcommands.
    :param debrief: how ``companion debrief`` tells a finished game back (see :data:`DebriefOf`);
        ``None`` for a game with no debrief (the CLI says so).
    :param bench: the game's targets of ``companion bench`` (Incoming Transmission's ``planner``),
        imported when ``bench`` is built.
    :param pack_tables: the top-level tables of the game's content packs that no other game's packs
        have (``("industries", "policies")``): ``companion content check FILE`` without ``--game``
        checks FILE with the game whose tables it has (:func:`companion.cli.games.game_of_pack`).
    :param layouts: its Layouts as ``(name, word)`` pairs: the name its records store (``"beginner"``),
        the English word a person reads (marked with :func:`~companion.i18n.N_`, translated where
        shown: the history's spreadsheet, :mod:`companion.table.store_sheet`).
    :raises ValueError: a name that is not lower-case without spaces.
    """

    name: str
    title: str
    content: Reference[Callable[[str | None], ContentId]]
    store: Reference[Keeper[S]]
    difficulties: tuple[str, ...] = ()
    cli: tuple[Subcommands, ...] = field(default=())
    standings: bool = False
    debrief: Reference[DebriefOf] | None = None
    bench: tuple[Reference[BenchTarget], ...] = ()
    pack_tables: tuple[str, ...] = ()
    layouts: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.name or self.name != self.name.lower() or any(c.isspace() for c in self.name):
            raise ValueError(f"a game's name is lower-case without spaces, not {self.name!r}")

    def load_content(self, path: str | None = None) -> ContentId:
        """The game's validated content pack: the file ``path``, or (``None``) the pack shipped with
        the game.

        :raises ContentError: naming file, field and value.
        """
        return self.content.load()(path)

    @property
    def keeper(self) -> Keeper[S]:
        """How the store saves and resumes the game's sessions (its module imported now).

        :raises ValueError: :attr:`store` names a keeper of another game, or no :class:`Keeper`.
        """
        keeper = self.store.load()
        if not isinstance(keeper, Keeper):
            raise ValueError(f"game {self.name!r}: {self.store!r} is not a Keeper")
        if keeper.game != self.name:
            raise ValueError(f"game {self.name!r} has the keeper of {keeper.game!r}")
        return keeper


#: The Layouts of a game of actions: the content pack's map, or the printed board (the table counts roads).
ACTION_LAYOUTS = (("map", N_("The pack's map")), ("printed", N_("Printed board")))


def game_of_actions(
    name: str,
    title: str,
    parts: tuple[Reference[Callable[[str | None], ContentId]], Reference[Keeper[S]], Reference[Any]],
    difficulties: tuple[str, ...] = (),
    pack_tables: tuple[str, ...] = (),
) -> GameInfo[S]:
    """The registration of a game of actions (The Six Actions, The Five Actions): players against
    each other (``standings``), whose command line is ``play``, ``referee`` and ``content``.

    :param parts: the game's content loader, its keeper and its command line's ``register``.
    :param difficulties: as :class:`GameInfo`'s (a game of actions' are its numbers of players).
    :param pack_tables: as :class:`GameInfo`'s.
    """
    content, store, cli = parts
    commands = Subcommands(cli, HelpPlace.GAME, ("play", "referee", "content"))
    return GameInfo(name, title, content, store, difficulties, cli=(commands,), standings=True,
                    pack_tables=pack_tables, layouts=ACTION_LAYOUTS)
