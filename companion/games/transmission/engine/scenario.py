"""Referee scenarios: a position, missions and commands in referee notation, read from JSON.

Source: RULES.md, Referee notation; The commands (the invariant on the spare
hallway); Missions.  The ``referee`` and ``plan`` subcommands of the CLI read
these files; every malformed one raises :class:`~companion.errors.ScenarioError`
naming the field, so a table (or a script) can fix it.  A scenario only
*describes* a state: running it is :meth:`companion.games.transmission.engine.rules.Rules.execute`'s job.

A scenario is a JSON object::

    {"board": ["c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"],   5 strings of 5, north row first
     "cadet": [2, 2],                 [row, col], zero-based from the north-west corner
     "carrying": null,                a device letter (intact, so upper-case) or null
     "missions": [["A", "E"]],        pairs of module letters to set side by side
     "completed": [],                 pairs already done (optional)
     "commands": ["S", "C", "N", "E", "D"],  5 of N E S W COLLECT DEPLOY REPAIR (also C D R), any case
     "transmissions_left": 7}         for ``plan`` only (optional, default 7; at most a game's cards)

A board may leave modules out (a puzzle position): absent modules are simply
not in play, so the count of hallways is not checked.  Every letter on it must
still be a module of the content pack, and appear once; a mission still to
complete must name modules on the board or carried (else it could never be
completed, which is a mistake in the file, refused naming it).

A pending mission whose two modules already stand intact side by side is
accepted (RULES.md, Missions: a position can hold one, after a board
correction): the board completes nothing by itself, and the first command that
leaves the pair so completes it, at step 1 (any command, a move too; a Collect
of one of its modules takes it apart instead).  :attr:`Scenario.side_by_side`
names such missions.

Field paths in errors use zero-based indices: ``board[2]``, ``missions[1]``,
``commands[0]``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import Said, ScenarioError, said, written
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.board import HALLWAY, SIZE, Cell, Position, cell_of, index
from companion.games.transmission.engine.commands import REGISTERS, Command
from companion.games.transmission.engine.rules import pair_complete
from companion.i18n import N_
from companion.table.scenario import REQUIRED_FIELD, read_scenario_json

__all__ = [
    "Scenario",
    "FIELDS",
    "DEFAULT_TRANSMISSIONS_LEFT",
    "parse_scenario",
    "load_scenario",
    "mission_id",
]

log = logging.getLogger(__name__)

#: Every top-level field a scenario may hold.
FIELDS = ("board", "cadet", "carrying", "missions", "completed", "commands", "transmissions_left")
#: ``transmissions_left`` when the scenario does not say (a whole game's 7 Transmission cards).
DEFAULT_TRANSMISSIONS_LEFT = 7


@dataclass(frozen=True)
class Scenario:
    """A validated scenario.

    :param position: the board, the Cadet's cell and the carried device.
    :param missions: every mission, id (``"A-E"``) -> pair of upper-case module letters.
    :param given: mission id -> the pair exactly as the file wrote it (for output).
    :param completed: ids of the missions already done before the commands.
    :param commands: the program to referee (empty when the caller did not ask for one).
    :param transmissions_left: Transmission cards still to come, for the planner.
    """

    position: Position
    missions: Mapping[str, tuple[str, str]]
    given: Mapping[str, tuple[str, str]]
    completed: frozenset[str]
    commands: tuple[Command, ...] = ()
    transmissions_left: int = DEFAULT_TRANSMISSIONS_LEFT

    @property
    def pending(self) -> dict[str, tuple[str, str]]:
        """The missions not yet completed, id -> pair (what :meth:`Rules.execute` wants)."""
        return {m: pair for m, pair in self.missions.items() if m not in self.completed}

    @property
    def side_by_side(self) -> tuple[str, ...]:
        """Ids of the pending missions already intact side by side on the board: the first command
        that leaves them so completes them (RULES.md, Missions)."""
        return tuple(m for m, pair in self.pending.items() if pair_complete(self.position.board, *pair))


def mission_id(pair: tuple[str, str]) -> str:
    """``("A", "E")`` -> ``"A-E"``: a mission's id inside a scenario."""
    return f"{pair[0]}-{pair[1]}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _known(content: ContentPack) -> str:
    return " ".join(sorted(m.letter for m in content.modules))


def _name(content: ContentPack, letter: str) -> Said:
    return said(N_("the {name} ({letter})"), name=said(content.module(letter).name), letter=letter.upper())


def _at(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


# --------------------------------------------------------------------------- fields


def _board(raw: object, content: ContentPack) -> str:
    """``board``: 5 strings of 5 characters, each module at most once (either side up)."""
    if not (isinstance(raw, list) and len(raw) == SIZE):
        raise ScenarioError(
            "board",
            said(N_("must be a list of {size} strings of {size} characters, north row first, not {shown}"),
                 size=SIZE, shown=written(raw)),
        )
    letters = {m.letter for m in content.modules}
    seen: dict[str, Cell] = {}
    for r, row in enumerate(raw):
        where = f"board[{r}]"
        if not (isinstance(row, str) and len(row) == SIZE):
            raise ScenarioError(
                where,
                said(N_("must be a string of {size} characters, not {shown}"), size=SIZE, shown=repr(row)),
            )
        for c, ch in enumerate(row):
            if ch == HALLWAY:
                continue
            if ch.upper() not in letters:
                raise ScenarioError(
                    where,
                    said(N_("{shown} at column {column} is neither '.' (hallway) nor a module "
                            "letter (upper-case intact, lower-case damaged; known: {known})"),
                         shown=repr(ch), column=c, known=_known(content)),
                )
            if ch.upper() in seen:
                raise ScenarioError(
                    where,
                    said(N_("module {letter} appears twice, at {first} and {second} "
                            "(each tile is on the grid at most once)"),
                         letter=ch.upper(), first=_at(seen[ch.upper()]), second=_at((r, c))),
                )
            seen[ch.upper()] = (r, c)
    return "".join(raw)


def _cadet(raw: object) -> Cell:
    """``cadet``: ``[row, col]`` on the 5 x 5 grid."""
    if not (isinstance(raw, list) and len(raw) == 2 and all(_is_int(v) for v in raw)):
        raise ScenarioError("cadet",
                            said(N_("must be [row, col], two integers, not {shown}"), shown=written(raw)))
    row, col = raw
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise ScenarioError("cadet", said(N_("{shown} is off the grid: row and col go from 0 to {last}"),
                                          shown=written(raw), last=SIZE - 1))
    return (row, col)


def _carrying(raw: object, board: str, content: ContentPack) -> str | None:
    """``carrying``: ``null`` or the letter of an intact device that is not on the board."""
    if raw is None:
        return None
    if not (isinstance(raw, str) and len(raw) == 1 and raw.isalpha()):
        raise ScenarioError("carrying", said(N_("must be one device letter or null, not {shown}"),
                                             shown=written(raw)))
    letter = raw.upper()
    if letter not in {m.letter for m in content.modules}:
        raise ScenarioError("carrying", said(N_("{shown} is not a module letter (known: {known})"),
                                             shown=written(raw), known=_known(content)))
    if letter not in content.devices:
        raise ScenarioError("carrying", said(N_("{module} is a station and cannot be carried"),
                                             module=_name(content, letter)))
    if raw.islower():
        raise ScenarioError(
            "carrying",
            said(N_("{shown} is a damaged side: only an intact device can be collected, so write {letter}"),
                 shown=written(raw), letter=repr(letter)),
        )
    i = board.upper().find(letter)
    if i >= 0:
        raise ScenarioError("carrying", said(N_("{module} is also on the board at {cell}"),
                                             module=_name(content, letter), cell=_at(cell_of(i))))
    return letter


def _pair(raw: object, where: str, content: ContentPack) -> tuple[tuple[str, str], tuple[str, str]]:
    """One mission ``[X, Y]``: two different modules, at least one a device (RULES.md, Missions).

    :returns: the pair upper-cased and the pair as written.
    """
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, str) for v in raw)):
        raise ScenarioError(where, said(N_('must be two module letters, e.g. ["A", "E"], not {shown}'),
                                        shown=written(raw)))
    letters = {m.letter for m in content.modules}
    for v in raw:
        if not (len(v) == 1 and v.upper() in letters):
            raise ScenarioError(where, said(N_("{shown} is not a module letter (known: {known})"),
                                            shown=written(v), known=_known(content)))
    a, b = raw[0].upper(), raw[1].upper()
    if a == b:
        raise ScenarioError(where, said(N_("names {module} twice: a mission pairs two different modules"),
                                        module=_name(content, a)))
    if a not in content.devices and b not in content.devices:
        raise ScenarioError(
            where,
            said(N_("{first} and {second} are both stations, which never move, so they can never "
                    "become adjacent: one must be a device"),
                 first=_name(content, a), second=_name(content, b)),
        )
    return (a, b), (raw[0], raw[1])


def _pairs(raw: object, name: str, content: ContentPack) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """``missions`` or ``completed``: a list of pairs, none twice (in either order)."""
    if not isinstance(raw, list):
        raise ScenarioError(
            name, said(N_('must be a list of pairs of module letters, e.g. [["A", "E"]], not {shown}'),
                       shown=written(raw))
        )
    out: list[tuple[tuple[str, str], tuple[str, str]]] = []
    seen: dict[frozenset[str], int] = {}
    for i, item in enumerate(raw):
        pair, given = _pair(item, f"{name}[{i}]", content)
        key = frozenset(pair)
        if key in seen:
            raise ScenarioError(f"{name}[{i}]", said(N_("{shown} repeats {field}"),
                                                     shown=written(given), field=f"{name}[{seen[key]}]"))
        seen[key] = i
        out.append((pair, given))
    return out


def _commands(raw: object) -> tuple[Command, ...]:
    """``commands``: a transmission's program, exactly :data:`REGISTERS` command names, registers 1 to 5
    in order (RULES.md, A transmission, 1. Select and 5. Execute; Referee notation)."""
    if not isinstance(raw, list):
        raise ScenarioError(
            "commands",
            said(N_('must be a list of {registers} command names, registers 1 to {registers}, '
                    'e.g. ["N", "C", "E", "DEPLOY", "S"], not {shown}'),
                 registers=REGISTERS, shown=written(raw)),
        )
    commands = []
    for i, word in enumerate(raw):
        try:
            commands.append(Command.parse(word))
        except ValueError as exc:
            raise ScenarioError(f"commands[{i}]", said(N_("{problem} (step {step})"),
                                                       problem=exc.args[0], step=i + 1)) from None
    if len(commands) != REGISTERS:
        raise ScenarioError(
            "commands",
            said(N_("must be exactly {registers} commands, one per register, "
                    "not {count} (a transmission executes {registers})"),
                 registers=REGISTERS, count=len(commands)),
        )
    return tuple(commands)


def _transmissions_left(raw: object, content: ContentPack) -> int:
    """1 to the most Transmission cards a game of ``content`` draws (a larger count is a typo, and the
    planner's search would deepen to it: ``plan --seconds 0`` never ended)."""
    if not (isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1):
        raise ScenarioError("transmissions_left", said(N_("must be an integer >= 1, not {shown}"),
                                                       shown=written(raw)))
    most = max((len(d.levels) for d in content.difficulties), default=DEFAULT_TRANSMISSIONS_LEFT)
    if raw > most:
        raise ScenarioError(
            "transmissions_left",
            said(N_("must be at most {most} (the Transmission cards of a game), not {shown}"),
                 most=most, shown=written(raw)),
        )
    return raw


# --------------------------------------------------------------------------- entry points


def parse_scenario(data: object, content: ContentPack, *, commands: bool = True) -> Scenario:
    """Validate a decoded JSON scenario against a content pack's modules.

    :param commands: whether ``commands`` is required and kept (``referee``); when ``False``
        (``plan``) the field may be left out, and one that is given is checked the same way (a
        malformed program is refused as ``referee`` refuses it) and then not used.
    :raises ScenarioError: the first problem, naming the field.
    """
    if not isinstance(data, dict):
        raise ScenarioError(
            "<scenario>",
            said(N_("must be a JSON object with the fields {fields}, not {kind}"),
                 fields=", ".join(FIELDS), kind=type(data).__name__),
        )
    for key in data:
        if key not in FIELDS:
            raise ScenarioError(str(key),
                                said(N_("unknown field (known: {fields})"), fields=", ".join(FIELDS)))
    required = ("board", "cadet", "missions") + (("commands",) if commands else ())
    for key in required:
        if key not in data:
            raise ScenarioError(key, said(REQUIRED_FIELD))
    board = _board(data["board"], content)
    cadet = _cadet(data["cadet"])
    carrying = _carrying(data.get("carrying"), board, content)
    missions = _pairs(data["missions"], "missions", content)
    done = _pairs(data.get("completed", []), "completed", content)
    by_key = {frozenset(pair): mission_id(pair) for pair, _ in missions}
    completed = frozenset(by_key[frozenset(pair)] for pair, _ in done if frozenset(pair) in by_key)
    unmatched = tuple(given for pair, given in done if frozenset(pair) not in by_key)
    if unmatched:
        log.warning("completed pairs not among the missions are ignored: %s", unmatched)
    for i, (pair, given) in enumerate(missions):
        if mission_id(pair) in completed:
            continue
        for letter in pair:
            if letter not in board.upper() and letter != carrying:
                raise ScenarioError(
                    f"missions[{i}]",
                    said(N_("names {module}, which is neither on the board nor carried: "
                            "the mission {shown} could never be completed"),
                         module=_name(content, letter), shown=written(given)),
                )
    # ``plan`` does not run the program, but a file that ``referee`` would refuse is refused here too.
    given_program = _commands(data["commands"]) if "commands" in data else ()
    program = given_program if commands else ()
    left = _transmissions_left(data.get("transmissions_left", DEFAULT_TRANSMISSIONS_LEFT), content)
    return Scenario(
        position=Position(board, index(cadet), carrying),
        missions={mission_id(pair): pair for pair, _ in missions},
        given={mission_id(pair): given for pair, given in missions},
        completed=completed,
        commands=program,
        transmissions_left=left,
    )


def load_scenario(path: str | os.PathLike[str], content: ContentPack, *, commands: bool = True) -> Scenario:
    """Read and validate a scenario file (UTF-8 JSON).

    :raises ScenarioError: field ``"<file>"`` when unreadable, ``"<json>"`` when not JSON,
        else the field at fault (see :func:`parse_scenario`).
    """
    data: Any = read_scenario_json(path)
    return parse_scenario(data, content, commands=commands)
