"""A game's record as JSON: its actions' JSON form and the checks of a record read back.

Source: DESIGN.md, Game record (content id + seed + every action, plain JSON).  Each game keeps its
own actions (frozen dataclasses), each field's limits and its rules; how an action becomes a JSON
object ``{"kind": "build", ...}`` and back, how a value is shown in a message, and how a record's
header and its actions are checked one by one are the same for every game, and are here.  A value
that is not the expected JSON is refused with a :class:`~companion.errors.RecordError` naming the
field, never a crash.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import reprlib
import typing
from collections.abc import Callable, Collection, Iterable
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import IllegalAction, RecordError, said
from companion.i18n import N_, _, ngettext
from companion.table.table_options import options_json, read_options

__all__ = [
    "ActionCodec",
    "Content",
    "ReadField",
    "RecordFormat",
    "RecordedGame",
    "check_header",
    "check_players_difficulty",
    "difficulty_text",
    "field_reader",
    "play_actions",
    "players_difficulty",
    "read_start",
    "shown",
]

#: Seeds a record may hold: whole numbers from 0 below 2**63 (the store's 64-bit integers).
SEED_LIMIT = 2**63

A = TypeVar("A")
G = TypeVar("G", bound="RecordedGame")

#: Reads one field of an action: ``(kind, field name, declared type as a string, JSON value)`` ->
#: the field's value; raises :class:`~companion.errors.RecordError` naming ``kind.field``.
ReadField = Callable[[str, str, str, Any], Any]

#: Where a class name's next word begins (``EndTurn``: before ``T``).
_CAPITAL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 6
_SHORT.maxlevel = 2


def shown(value: object) -> str:
    """``value`` for a message, shortened (strings and values past 40 characters, lists past 6)."""
    return _SHORT.repr(value)


def field_reader(longest: int, largest: int, most: int) -> ReadField:
    """A game's reader of one action field (:data:`ReadField`), from the field's declared type:
    ``bool``, ``int`` (from -``largest`` to ``largest``), ``str`` (at most ``longest`` characters),
    ``tuple[...]`` of those (a JSON list of at most ``most`` items), each ``| None`` (``null``).

    The reader raises :class:`~companion.errors.RecordError` naming ``kind.field`` (an item as
    ``kind.field[2]``) and the value (shortened).
    """

    def scalar(where: str, base: str, value: Any) -> Any:
        if base == "bool":
            if not isinstance(value, bool):
                raise RecordError(
                    said(N_("{where} must be true or false, not {shown}"), where=where, shown=shown(value))
                )
            return value
        if base == "int":
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > largest:
                raise RecordError(
                    said(N_("{where} must be a whole number, not {shown}"), where=where, shown=shown(value))
                )
            return value
        if not isinstance(value, str) or len(value) > longest:
            raise RecordError(
                said(
                    N_("{where} must be a text of at most {longest} characters, not {shown}"),
                    where=where,
                    longest=longest,
                    shown=shown(value),
                )
            )
        return value

    def read(kind: str, name: str, declared: str, value: Any) -> Any:
        where = f"{kind}.{name}"
        if declared.endswith("| None"):
            if value is None:
                return None
            declared = declared.removesuffix(" | None")
        if declared.startswith("tuple["):
            base = declared.removeprefix("tuple[").split(",")[0]
            if not isinstance(value, list) or len(value) > most:
                raise RecordError(
                    said(
                        N_("{where} must be a list of at most {most} items, not {shown}"),
                        where=where,
                        most=most,
                        shown=shown(value),
                    )
                )
            return tuple(scalar(f"{where}[{i}]", base, v) for i, v in enumerate(value))
        return scalar(where, declared, value)

    return read


class ActionCodec(Generic[A]):
    """The JSON form of a game's actions, each a dataclass named by its ``kind``.

    :param kinds: each action's JSON ``kind`` and its class (the order the messages list them in).
    :param field: the game's reader of one field (its limits: longest text, largest number).
    """

    def __init__(self, kinds: dict[str, type[Any]], field: ReadField) -> None:
        self.kinds = kinds
        self.field = field
        #: Each class's JSON ``kind``.
        self.kind_names: dict[type[Any], str] = {cls: kind for kind, cls in kinds.items()}

    @classmethod
    def of(cls, union: Any, field: ReadField) -> ActionCodec[Any]:
        """The codec of every class of the type ``union`` (``Start | Draw | EndTurn``), each named
        by its class's name in snake case (``"start"``, ``"draw"``, ``"end_turn"``), in that order.

        :param field: as for the class.
        """
        classes = typing.get_args(union) or (union,)
        return cls({_CAPITAL.sub("_", c.__name__).lower(): c for c in classes}, field)

    def kind_of(self, action: A) -> str:
        """The action's JSON ``kind`` (``"build"``)."""
        return self.kind_names[type(action)]

    def to_json(self, action: A) -> dict[str, Any]:
        """The action's JSON form (tuples as lists)."""
        out: dict[str, Any] = {"kind": self.kind_of(action)}
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def from_json(self, data: Any) -> A:
        """The action of a JSON form.

        :raises RecordError: not an object, an unknown ``kind``, a missing, unknown or mistyped field
            (named as ``kind.field``).
        """
        if not isinstance(data, dict):
            raise RecordError(said(N_("an action must be a JSON object, not {shown}"), shown=shown(data)))
        kind = data.get("kind")
        cls = self.kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RecordError(
                said(
                    N_("unknown action kind {shown} (known: {kinds})"),
                    shown=shown(kind),
                    kinds=", ".join(self.kinds),
                )
            )
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields) - {"kind"})
        if unknown:
            raise RecordError(
                said(
                    N_("{kind}.{unknown} is not a field of {kind} (fields: {value})"),
                    kind=kind,
                    unknown=unknown[0],
                    value=", ".join(fields) or said(N_("none")),
                )
            )
        values: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in data:
                if f.default is dataclasses.MISSING:
                    raise RecordError(said(N_("{kind}.{name} is missing"), kind=kind, name=name))
                continue
            values[name] = self.field(str(kind), name, str(f.type), data[name])
        action: A = cls(**values)
        return action


class Content(Protocol):
    """What a record names of its content pack: the pack's ``id`` and the ``digest`` of its file."""

    @property
    def id(self) -> str: ...

    @property
    def digest(self) -> str: ...


def check_header(
    record: Any, content: Content, version: int, log: logging.Logger, game: str | None = None
) -> dict[str, Any]:
    """``record`` as a JSON object, once its header is this game's: the object, its ``game`` (when
    ``game`` is given and the record names one), ``format`` ``version`` and ``content`` id.

    A ``digest`` other than the pack's is played on (another revision of the same pack) and only
    logged as a warning on ``log``.

    :raises RecordError: not an object, another game, another format or another content pack.
    """
    if not isinstance(record, dict):
        raise RecordError(said(N_("a game record must be a JSON object, not {shown}"), shown=shown(record)))
    if game is not None and record.get("game", game) != game:
        raise RecordError(
            said(
                N_("the record is a game of {shown}, not of {game}"),
                shown=shown(record.get("game")),
                game=game,
            )
        )
    if record.get("format") != version:
        raise RecordError(
            said(
                N_("unsupported record format {shown} (expected {version})"),
                shown=shown(record.get("format")),
                version=version,
            )
        )
    if record.get("content") != content.id:
        raise RecordError(
            said(
                N_("record is for content {shown}, not {pack!r}"),
                shown=shown(record.get("content")),
                pack=content.id,
            )
        )
    if record.get("digest") != content.digest:
        log.warning("record %s was made with another revision of %s", shown(record.get("digest")), content.id)
    return record


def play_actions(
    play: Callable[[A], object], actions: Iterable[Any], codec: ActionCodec[A], first: type[Any]
) -> None:
    """Play a record's ``actions`` (their JSON forms), each read by ``codec`` and checked by ``play``
    (a game's ``play``, which raises :class:`~companion.errors.IllegalAction`).

    :param first: the class of the action a record starts with, once (the game's ``Start``).
    :raises RecordError: an action that cannot be read, a record that does not start with one
        ``first`` action, or an action the rules refuse: naming its index and kind
        (``action 3 (build): ...``).
    """
    for i, data in enumerate(actions):
        try:
            action = codec.from_json(data)
        except RecordError as exc:
            raise RecordError(said(N_("action {index}: {problem}"), index=i, problem=exc)) from None
        if (i == 0) != isinstance(action, first):
            start = codec.kind_names[first]
            raise RecordError(
                said(
                    N_("action {index} ({kind}): a record starts with one {start} action"),
                    index=i,
                    kind=codec.kind_of(action),
                    start=start,
                )
            )
        try:
            play(action)
        except IllegalAction as exc:
            raise RecordError(
                said(
                    N_("action {index} ({kind}): {problem}"),
                    index=i,
                    kind=codec.kind_of(action),
                    problem=exc.reason,
                )
            ) from None


def read_start(record: dict[str, Any], layouts: Collection[str]) -> tuple[int, str, list[Any]]:
    """A record's ``seed``, ``layout`` (one of ``layouts``) and list of ``actions``.

    :raises RecordError: a seed that is not a whole number from 0 below 2**63, another layout, or
        actions that are not a list.
    """
    seed, layout, actions = record.get("seed"), record.get("layout"), record.get("actions")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise RecordError(said(N_("seed must be a whole number, not {shown}"), shown=shown(seed)))
    if not isinstance(layout, str) or layout not in layouts:
        raise RecordError(
            said(N_("layout {shown} is none of {layouts}"), shown=shown(layout), layouts=", ".join(layouts))
        )
    if not isinstance(actions, list):
        raise RecordError(said(N_("actions must be a list, not {shown}"), shown=shown(actions)))
    return seed, layout, actions


def players_difficulty(count: int) -> str:
    """The ``difficulty`` of a game whose difficulty is its number of players: ``"3 players"``."""
    return f"{count} players"


#: A stored difficulty that is a number of players (:func:`players_difficulty`).
PLAYERS_DIFFICULTY = re.compile(r"^(\d+) players$")


def difficulty_text(difficulty: str, capital: bool = True) -> str:
    """A stored difficulty as the table reads it, in its language: ``"3 players"`` (as
    :func:`players_difficulty` stores it) -> ``"3 Spieler"`` (a real plural), a game's named difficulty
    through the catalog, with a capital unless ``capital`` is false (the terminal's lower-case tables:
    ``"hard"`` -> ``"Hard"``/``"hard"``, German ``"Schwer"``), ``""`` as is."""
    match = PLAYERS_DIFFICULTY.match(difficulty)
    if match is not None:
        n = int(match[1])
        return ngettext("{n} player", "{n} players", n).format(n=n)
    word = _(difficulty) if difficulty else ""
    return word[:1].upper() + word[1:] if capital else word


def check_players_difficulty(record: dict[str, Any], players: int) -> None:
    """The record's ``difficulty`` names its ``players`` (once the start action has seated any).

    :raises RecordError: it names another number, or is missing.
    """
    difficulty = record.get("difficulty")
    if players and difficulty != players_difficulty(players):
        raise RecordError(
            said(
                N_("difficulty {shown} is not the record's {wanted!r}"),
                shown=shown(difficulty),
                wanted=players_difficulty(players),
            )
        )


class RecordedGame(Protocol):
    """What :class:`RecordFormat` reads of a game (a :class:`~companion.table.checked_game.PackGame`):
    its kinds of start action, layouts and table options, and of one game its pack, seed, layout,
    options, record and the players its start seated."""

    start_kind: type[Any]
    layouts: tuple[str, ...]
    options_kind: type[Any]

    def __init__(self, content: Any, layout: str, seed: int, options: Any = None) -> None: ...

    @property
    def content(self) -> Content: ...

    @property
    def seed(self) -> int: ...

    @property
    def layout(self) -> str: ...

    @property
    def options(self) -> Any: ...

    @property
    def actions(self) -> list[Any]: ...

    @property
    def state(self) -> Any: ...

    def play(self, action: Any) -> None: ...


class RecordFormat(Generic[G]):
    """A game of actions' record: the JSON a game is saved as and the checked replay that rebuilds it.

    A record is plain JSON::

        {"game": "six-actions", "format": 1, "content": "six-actions-sample@1", "digest": "...",
         "seed": 7, "difficulty": "3 players", "layout": "map", "options": {...},
         "actions": [{"kind": "start", ...}, ...]}

    ``game`` only when the game names itself (a game whose records never named it keeps them as
    they were); ``options`` (:mod:`companion.table.table_options`) only when the table chose other
    readings than the defaults (a record at the defaults is the one the game always wrote, and one
    without them replays with the defaults).  ``difficulty`` names the number of players the start
    action seated; the record begins with one start action (the game's ``start_kind``).

    :param kind: the game's class (its ``start_kind``, ``layouts`` and ``options_kind`` are read).
    :param codec: the JSON form of the game's actions.
    :param version: the record's ``format``.
    :param game: the record's ``game``, or ``None`` for a game whose records do not name it.
    :param log: where a record of another revision of the pack is warned about.
    """

    def __init__(
        self, kind: type[G], codec: ActionCodec[Any], version: int, game: str | None, log: logging.Logger
    ) -> None:
        self.kind = kind
        self.codec = codec
        self.version = version
        self.game = game
        self.log = log

    def record_of(self, game: G) -> dict[str, Any]:
        """The JSON-able record of ``game`` (see the class for ``game`` and ``options``)."""
        record: dict[str, Any] = {} if self.game is None else {"game": self.game}
        record.update(
            {
                "format": self.version,
                "content": game.content.id,
                "digest": game.content.digest,
                "seed": game.seed,
                "difficulty": players_difficulty(len(game.state.players)),
                "layout": game.layout,
                "actions": [self.codec.to_json(a) for a in game.actions],
            }
        )
        if game.options != self.kind.options_kind():
            record["options"] = options_json(game.options)
        return record

    def replay(self, record: Any, content: Content) -> G:
        """Rebuild a game from its record, checking every action (any JSON value is refused cleanly).

        :raises RecordError: wrong format, another game or content pack, a bad field or table
            option, an action that cannot be read or that the rules refuse (naming its index and kind).
        """
        record = check_header(record, content, self.version, self.log, self.game)
        seed, layout, actions = read_start(record, self.kind.layouts)
        try:
            options = read_options(self.kind.options_kind, record.get("options"), RecordError)
            game = self.kind(content, layout, seed, options)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        play_actions(game.play, actions, self.codec, self.kind.start_kind)
        check_players_difficulty(record, len(game.state.players))
        return game
