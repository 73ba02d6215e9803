"""The actions of a game record (DESIGN.md, The core: Game record).

Every change to a game is one action.  Chance actions carry the outcome of a
random draw (layout, missions, Transmission card, error card, scramble,
Signal Boost), so a record replays without a random generator and a physical
card scanned at the table can supply the outcome instead.  Two actions belong
to the table rather than to the game's players: :class:`CorrectBoard` (the board
as it really stands) and :class:`Undo`.  Each action round-trips through
:func:`to_json` / :func:`from_json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import RecordError, written
from companion.games.transmission.engine.commands import Command


@dataclass(frozen=True, slots=True)
class Layout:
    """Chance: the starting board, 5 strings in referee notation."""

    rows: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrawMissions:
    """Chance: the secret missions' ids."""

    missions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Select:
    """Mission Control: 5 commands in intended order (RULES.md, A transmission, 1. Select)."""

    commands: tuple[Command, ...]


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the top Transmission card's id (2. Reveal)."""

    card: str


@dataclass(frozen=True, slots=True)
class DrawError:
    """Chance: the Command card id drawn from the unselected ones as an error (2. Reveal)."""

    card: str


@dataclass(frozen=True, slots=True)
class Scramble:
    """Chance: the order in which the unfixed cards reach the Cadet (3. Scramble)."""

    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UseBoost:
    """Cadet: spend a Signal Boost (4. Decode).

    :param boost: the boost card id.
    :param register: Clear Signal's register (1-5).
    :param card: Cross Check's Command card id.
    :param order: Abort's proposed order, 5 card ids for registers 1-5.
    """

    boost: str
    register: int | None = None
    card: str | None = None
    order: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Execute:
    """Cadet: run the cards in this order, 5 card ids for registers 1-5 (5. Execute)."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealBoost:
    """Chance: the Signal Boost dealt for a completed mission (6. Confirm)."""

    boost: str


@dataclass(frozen=True, slots=True)
class CorrectBoard:
    """The table: the board as it really stands, when the physical board and the app disagree.

    Legal between transmissions and while decoding; checked and applied by
    :mod:`companion.games.transmission.engine.correction`, which says what is validated and why it completes
    no mission.

    :param rows: 5 strings of 5 characters in referee notation (``.`` hallway, upper-case intact,
        lower-case damaged).
    :param cadet: the Cadet's cell ``(row, col)``, zero-based from the north-west corner.
    :param carrying: the carried device's upper-case letter, or ``None``.
    """

    rows: tuple[str, ...]
    cadet: tuple[int, int]
    carrying: str | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """The table: revert the action at ``index`` of the record, the last one still in effect.

    Which actions can be undone, and when, is :mod:`companion.games.transmission.engine.undo`.  The undone
    action stays in
    the record (so does this one): replaying the record skips it, and the history counts undos.

    :param index: 0-based position in the record of the action reverted.
    """

    index: int


Action = (Layout | DrawMissions | Select | Reveal | DrawError | Scramble | UseBoost | Execute | DealBoost
          | CorrectBoard | Undo)
CHANCE_ACTIONS = (Layout, DrawMissions, Reveal, DrawError, Scramble, DealBoost)

_KINDS: dict[str, type] = {
    "layout": Layout,
    "missions": DrawMissions,
    "select": Select,
    "reveal": Reveal,
    "error": DrawError,
    "scramble": Scramble,
    "boost": UseBoost,
    "execute": Execute,
    "deal": DealBoost,
    "correct": CorrectBoard,
    "undo": Undo,
}
_NAMES = {cls: name for name, cls in _KINDS.items()}


#: The longest id an action may name (card, boost, mission ids and board rows are a few characters).
LONGEST_ID = 64



def shown(value: object) -> str:
    """``value`` as written in a record's JSON (:func:`companion.errors.written`: ``["A"]``, ``true``,
    ``null``), cut to a few dozen characters, for a message about tampered data: a 5,000-character
    string or an object nested 60 deep is named, not printed."""
    return written(value, 44)


def is_chance(action: Action) -> bool:
    return isinstance(action, CHANCE_ACTIONS)


def to_json(action: Action) -> dict[str, Any]:
    """A JSON-able dict: ``{"kind": "select", "commands": ["N", "E", ...]}``."""
    if isinstance(action, Layout):
        return {"kind": "layout", "rows": list(action.rows)}
    if isinstance(action, DrawMissions):
        return {"kind": "missions", "missions": list(action.missions)}
    if isinstance(action, Select):
        return {"kind": "select", "commands": [str(c) for c in action.commands]}
    if isinstance(action, (Reveal, DrawError)):
        return {"kind": _NAMES[type(action)], "card": action.card}
    if isinstance(action, Scramble):
        return {"kind": "scramble", "hand": list(action.hand)}
    if isinstance(action, UseBoost):
        out: dict[str, Any] = {"kind": "boost", "boost": action.boost}
        if action.register is not None:
            out["register"] = action.register
        if action.card is not None:
            out["card"] = action.card
        if action.order is not None:
            out["order"] = list(action.order)
        return out
    if isinstance(action, Execute):
        return {"kind": "execute", "order": list(action.order)}
    if isinstance(action, DealBoost):
        return {"kind": "deal", "boost": action.boost}
    if isinstance(action, CorrectBoard):
        return {"kind": "correct", "rows": list(action.rows), "cadet": list(action.cadet),
                "carrying": action.carrying}
    if isinstance(action, Undo):
        return {"kind": "undo", "index": action.index}
    raise TypeError(f"not an action: {action!r}")


def _strs(data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) and len(v) <= LONGEST_ID for v in value):
        raise RecordError(f"action {data['kind']!r}: {key} must be a list of ids (strings), "
                          f"not {shown(value)}")
    return tuple(value)


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > LONGEST_ID:
        raise RecordError(f"action {data['kind']!r}: {key} must be an id (a string), not {shown(value)}")
    return value


def _int(data: dict[str, Any], key: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"action {data['kind']!r}: {key} must be an integer, not {shown(value)}")
    return value


def _correction(data: dict[str, Any]) -> CorrectBoard:
    cadet = data.get("cadet")
    if not isinstance(cadet, list) or len(cadet) != 2:
        raise RecordError(f"action 'correct': cadet must be [row, col], not {shown(cadet)}")
    carrying = data.get("carrying")
    if carrying is not None and (not isinstance(carrying, str) or len(carrying) > LONGEST_ID):
        raise RecordError(f"action 'correct': carrying must be a letter or null, not {shown(carrying)}")
    row, col = (_int(data, "cadet", v) for v in cadet)
    return CorrectBoard(_strs(data, "rows"), (row, col), carrying)


def _select(data: dict[str, Any]) -> Select:
    commands = []
    for k, text in enumerate(_strs(data, "commands")):
        try:
            commands.append(Command.parse(text))
        except ValueError:
            raise RecordError(f"action 'select': commands[{k}] = {shown(text)} is not a command "
                              "(N E S W COLLECT DEPLOY REPAIR)") from None
    return Select(tuple(commands))


def from_json(data: Any) -> Action:
    """Parse :func:`to_json` output, checking the shape of every field (a JSON object with a known
    ``kind``, ids no longer than :data:`LONGEST_ID`, integers that are not booleans); whether the action
    is legal is the rules' to say when it is played.

    :raises RecordError: naming the bad field and (shortened, :func:`shown`) its value.
    """
    if not isinstance(data, dict):
        raise RecordError(f"an action must be an object, not {shown(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise RecordError(f"unknown action kind {shown(kind)} (known: {', '.join(_KINDS)})")
    if kind == "layout":
        return Layout(_strs(data, "rows"))
    if kind == "missions":
        return DrawMissions(_strs(data, "missions"))
    if kind == "select":
        return _select(data)
    if kind == "reveal":
        return Reveal(_str(data, "card"))
    if kind == "error":
        return DrawError(_str(data, "card"))
    if kind == "scramble":
        return Scramble(_strs(data, "hand"))
    if kind == "boost":
        register = data.get("register")
        if register is not None:
            _int(data, "register", register)
        card = data.get("card")
        if card is not None:
            _str(data, "card")
        order = _strs(data, "order") if "order" in data else None
        return UseBoost(_str(data, "boost"), register, card, order)
    if kind == "execute":
        return Execute(_strs(data, "order"))
    if kind == "correct":
        return _correction(data)
    if kind == "undo":
        index = _int(data, "index", data.get("index"))
        if index < 0:
            raise RecordError(f"action 'undo': index must be 0 or more, not {index}")
        return Undo(index)
    return DealBoost(_str(data, "boost"))
