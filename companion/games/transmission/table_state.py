"""The session's table state: what a resume needs beyond the game record (issue 5, Store).

The record says everything about the game; the table state says where the
table was in it: the screen (:class:`~companion.games.transmission.session.Step`), the cards the
Cadet has placed in the registers and the leave-out slot while decoding, the
step of an execution being shown, the last message, and the session's settings
(physical deck, undo, who is Mission Control).  It is plain JSON::

    {"format": 1, "actions": 23, "step": "decode", "arrangement": ["N1", null, null, "C1", null],
     "left_out": [], "shown_steps": 0, "message": "", "physical_deck": false, "undo": "off",
     "mission_control": "person", "physical_missions": false, "private_boosts": false, "coach": false}

``mission_control`` and the person's three settings are there only with a person as Mission Control
(without them the companion was Mission Control, as in every table state saved before the choice);
``"seat": "phone"`` is added when that person's private screen is their phone (issue 23), so a
resumed game comes back with the phone page (a table state without it: the touchscreen's screen).

``actions`` is the length of the record it was saved with.  :func:`restore`
uses a saved table state only when it belongs to the record (same length) and
agrees with the game (a card placed is in the hand, the step fits the phase);
otherwise it puts the table on the step the game's phase calls for, and says
so in the log.  Nothing here is secret: placements are the table's own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from companion.games.transmission.decode import Arrangement
from companion.games.transmission.engine.actions import shown
from companion.games.transmission.engine.game import Game, sample_chance
from companion.games.transmission.engine.state import REGISTERS, Actor, Phase
from companion.games.transmission.table_view import Step

__all__ = ["TABLE_FORMAT", "Table", "table_state", "table_problem", "restore"]

log = logging.getLogger(__name__)

TABLE_FORMAT = 1

#: A person as Mission Control's settings, saved with the table state (``[game]`` in the config).
PERSON_SETTINGS = ("physical_missions", "private_boosts", "coach")


class Table(Protocol):
    """What the table state is read from and put back into: a
    :class:`~companion.games.transmission.session.Session`."""

    @property
    def game(self) -> Game: ...

    @property
    def step(self) -> Step: ...

    @property
    def arrangement(self) -> list[str | None]: ...

    @property
    def left_out(self) -> list[str]: ...

    @property
    def shown_steps(self) -> int: ...

    @property
    def message(self) -> str: ...

    @property
    def physical_deck(self) -> bool: ...

    @property
    def undo_mode(self) -> str: ...

    def put_table(self, step: Step, arrangement: Arrangement, shown_steps: int, message: str) -> None: ...


def table_state(session: Table) -> dict[str, Any]:
    """The session's table state as JSON-able data (see the module docstring)."""
    return {
        "format": TABLE_FORMAT,
        "actions": len(session.game.actions),
        "step": session.step.value,
        "arrangement": list(session.arrangement),
        "left_out": list(session.left_out),
        "shown_steps": session.shown_steps,
        "message": session.message,
        "physical_deck": session.physical_deck,
        "undo": session.undo_mode,
        **_seat_settings(session),
    }


def _seat_settings(session: Table) -> dict[str, Any]:
    """Who is Mission Control, and a person's settings (RULES.md, With a person as Mission Control);
    nothing for the companion (a table state without the key, as saved before there was a choice)."""
    if getattr(session, "mission_control", "companion") != "person":
        return {}
    seat = {"seat": "phone"} if getattr(session, "seat_kind", None) == "phone" else {}
    return {"mission_control": "person", **seat,
            **{key: getattr(session, key) is True for key in PERSON_SETTINGS}}


def _person_waits(session: Table) -> bool:
    """The game waits for the person in the Mission Control seat to tell a chance outcome: the Mission
    cards they drew, or the error card of a physical deck."""
    if getattr(session, "mission_control", "companion") != "person":
        return False
    phase = session.game.state.phase
    return ((phase is Phase.MISSIONS and getattr(session, "physical_missions", False) is True)
            or (phase is Phase.ERROR and session.physical_deck))


def _steps_for(session: Table) -> set[str]:
    """The steps the table can be on in the game's current phase."""
    state = session.game.state
    phase = state.phase
    executed = state.last_execution is not None
    if phase is Phase.MISSIONS and _person_waits(session):
        return {"board_setup", "thinking"}
    if phase is Phase.ERROR and _person_waits(session):
        return {"transmission"}
    if phase is Phase.SELECT:
        return {"board_setup", "thinking"} | ({"execute", "mission_complete"} if executed else set())
    if phase is Phase.DECODE:
        return {"transmission", "decode"}
    if phase is Phase.REVEAL and session.physical_deck:
        return {"transmission"}
    if phase is Phase.OVER:
        return {"end"} | ({"execute", "mission_complete"} if executed else set())
    return set()


def _cards_problem(session: Table, arrangement: list[Any], left_out: list[Any]) -> str | None:
    state = session.game.state
    if len(arrangement) != REGISTERS or not all(c is None or isinstance(c, str) for c in arrangement):
        return f"arrangement is not {REGISTERS} card ids or nulls"
    if not all(isinstance(c, str) for c in left_out):
        return "left_out is not a list of card ids"
    if state.phase is not Phase.DECODE:
        return None
    for k, (card, fixed) in enumerate(zip(arrangement, state.registers), start=1):
        if fixed is not None and card != fixed:
            return f"register {k} is fixed to {fixed}, not {shown(card)}"
        if fixed is None and card is not None and card not in state.hand:
            return f"register {k} holds {shown(card)}, which is not in the hand"
    placed = [c for c in arrangement if c is not None] + left_out
    if len(set(placed)) != len(placed):
        return "a card is placed twice"
    if any(c not in state.hand for c in left_out) or len(left_out) > state.leave_out:
        return "the leave-out slot does not fit the hand"
    return None


def table_problem(session: Table, data: Any) -> str | None:
    """Why ``data`` is not a table state for the session's game as it stands, or ``None``.

    Any JSON value is answered, never raised on: a field of the wrong type is named with its value
    shortened (:func:`~companion.games.transmission.engine.actions.shown`).
    """
    if not isinstance(data, Mapping):
        return "no table state saved"
    if data.get("format") != TABLE_FORMAT:
        return f"unknown table state format {shown(data.get('format'))}"
    actions = len(session.game.actions)
    if data.get("actions") != actions:
        return f"saved with {shown(data.get('actions'))} actions, the record has {actions}"
    step = data.get("step")
    if not isinstance(step, str) or step not in _steps_for(session):
        return f"step {shown(step)} does not fit the {session.game.state.phase.value} phase"
    arrangement, left_out = data.get("arrangement"), data.get("left_out")
    if not isinstance(arrangement, list) or not isinstance(left_out, list):
        return "arrangement and left_out must be lists"
    why = _cards_problem(session, arrangement, left_out)
    if why is not None:
        return why
    shown_steps = data.get("shown_steps")
    execution = session.game.state.last_execution
    most = len(execution.commands) if execution is not None else 0
    if not isinstance(shown_steps, int) or isinstance(shown_steps, bool) or not 0 <= shown_steps <= most:
        return f"shown_steps {shown(shown_steps)} is not 0 to {most}"
    if not isinstance(data.get("message", ""), str):
        return "message is not text"
    return None


def restore(session: Table, data: Any) -> bool:
    """Put the session back on the step, arrangement and execution step of ``data``.

    :returns: ``True`` when ``data`` was used; ``False`` when it was missing, stale or did not fit the
        game (logged), and the table was put where the game's phase calls for instead: pending chance
        drawn (unless the table is to draw from a physical deck), then Board set-up before the first
        transmission, Decode with the fixed cards placed, the last Execute fully shown between
        transmissions, or End.
    """
    why = table_problem(session, data)
    if why is None:
        assert isinstance(data, Mapping)
        session.put_table(Step(data["step"]), Arrangement(data["arrangement"], data["left_out"]),
                          data["shown_steps"], str(data.get("message", "")))
        return True
    if data is not None:
        log.warning("saved table state not used (%s); the table resumes where the game's phase says", why)
    game = session.game
    if game.state.actor is Actor.CHANCE and not (game.state.phase is Phase.REVEAL and session.physical_deck):
        while game.state.actor is Actor.CHANCE and not _person_waits(session):
            game.play(sample_chance(game.content, game.state, game.rng()))
    state = game.state
    arrangement = Arrangement(state.registers if state.phase is Phase.DECODE else None)
    if state.phase is Phase.OVER:
        session.put_table(Step.END, arrangement, 0, "")
    elif state.phase is Phase.MISSIONS:
        session.put_table(Step.BOARD_SETUP, arrangement, 0, "")
    elif state.phase is Phase.ERROR:
        session.put_table(Step.TRANSMISSION, arrangement, 0, "")
    elif state.phase is Phase.DECODE:
        session.put_table(Step.DECODE, arrangement, 0, "")
    elif state.phase is Phase.REVEAL:
        session.put_table(Step.TRANSMISSION, arrangement, 0, "")
    elif state.last_execution is not None:
        session.put_table(Step.EXECUTE, arrangement, len(state.last_execution.commands), "")
    else:
        session.put_table(Step.BOARD_SETUP, arrangement, 0, "")
    return False
