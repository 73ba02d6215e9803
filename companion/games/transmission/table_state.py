"""The session's table state: what a resume needs beyond the game record (issue 5, Store).

The record says everything about the game; the table state says where the
table was in it: the screen (:class:`~companion.games.transmission.session.Step`), the cards the
Cadet has placed in the registers and the leave-out slot while decoding, the
step of an execution being shown, the last message, and the session's settings
(physical deck, undo).  It is plain JSON::

    {"format": 1, "actions": 23, "step": "decode", "arrangement": ["N1", null, null, "C1", null],
     "left_out": [], "shown_steps": 0, "message": "", "physical_deck": false, "undo": "off"}

``actions`` is the length of the record it was saved with.  :func:`restore`
uses a saved table state only when it belongs to the record (same length) and
agrees with the game (a card placed is in the hand, the step fits the phase);
otherwise it puts the table on the step the game's phase calls for, and says
so in the log.  Nothing here is secret: placements are the table's own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.transmission.engine.actions import Action, CorrectBoard, Execute, UseBoost
from companion.games.transmission.engine.game import REGISTERS, Actor, Phase

if TYPE_CHECKING:
    from companion.games.transmission.session import Session

__all__ = ["TABLE_FORMAT", "table_state", "table_problem", "restore", "after_undo", "sync_arrangement"]

log = logging.getLogger(__name__)

TABLE_FORMAT = 1


def table_state(session: Session) -> dict[str, Any]:
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
    }


def _steps_for(session: Session) -> set[str]:
    """The steps the table can be on in the game's current phase."""
    state = session.game.state
    phase = state.phase
    executed = state.last_execution is not None
    if phase is Phase.SELECT:
        return {"board_setup", "thinking"} | ({"execute", "mission_complete"} if executed else set())
    if phase is Phase.DECODE:
        return {"transmission", "decode"}
    if phase is Phase.REVEAL and session.physical_deck:
        return {"transmission"}
    if phase is Phase.OVER:
        return {"end"} | ({"execute", "mission_complete"} if executed else set())
    return set()


def _cards_problem(session: Session, arrangement: list[Any], left_out: list[Any]) -> str | None:
    state = session.game.state
    if len(arrangement) != REGISTERS or not all(c is None or isinstance(c, str) for c in arrangement):
        return f"arrangement is not {REGISTERS} card ids or nulls"
    if not all(isinstance(c, str) for c in left_out):
        return "left_out is not a list of card ids"
    if state.phase is not Phase.DECODE:
        return None
    for k, (card, fixed) in enumerate(zip(arrangement, state.registers), start=1):
        if fixed is not None and card != fixed:
            return f"register {k} is fixed to {fixed}, not {card}"
        if fixed is None and card is not None and card not in state.hand:
            return f"register {k} holds {card}, which is not in the hand"
    placed = [c for c in arrangement if c is not None] + left_out
    if len(set(placed)) != len(placed):
        return "a card is placed twice"
    if any(c not in state.hand for c in left_out) or len(left_out) > state.leave_out:
        return "the leave-out slot does not fit the hand"
    return None


def table_problem(session: Session, data: Any) -> str | None:
    """Why ``data`` is not a table state for the session's game as it stands, or ``None``."""
    if not isinstance(data, Mapping):
        return "no table state saved"
    if data.get("format") != TABLE_FORMAT:
        return f"unknown table state format {data.get('format')!r}"
    actions = len(session.game.actions)
    if data.get("actions") != actions:
        return f"saved with {data.get('actions')!r} actions, the record has {actions}"
    step = data.get("step")
    if step not in _steps_for(session):
        return f"step {step!r} does not fit the {session.game.state.phase.value} phase"
    arrangement, left_out = data.get("arrangement"), data.get("left_out")
    if not isinstance(arrangement, list) or not isinstance(left_out, list):
        return "arrangement and left_out must be lists"
    why = _cards_problem(session, arrangement, left_out)
    if why is not None:
        return why
    shown = data.get("shown_steps")
    execution = session.game.state.last_execution
    most = len(execution.commands) if execution is not None else 0
    if not isinstance(shown, int) or isinstance(shown, bool) or not 0 <= shown <= most:
        return f"shown_steps {shown!r} is not 0 to {most}"
    if not isinstance(data.get("message", ""), str):
        return "message is not text"
    return None


def restore(session: Session, data: Any) -> bool:
    """Put the session back on the step, arrangement and execution step of ``data``.

    :returns: ``True`` when ``data`` was used; ``False`` when it was missing, stale or did not fit the
        game (logged), and the table was put where the game's phase calls for instead: pending chance
        drawn (unless the table is to draw from a physical deck), then Board set-up before the first
        transmission, Decode with the fixed cards placed, the last Execute fully shown between
        transmissions, or End.
    """
    from companion.games.transmission.session import Step

    why = table_problem(session, data)
    if why is None:
        assert isinstance(data, Mapping)
        session.step = Step(data["step"])
        session.arrangement = list(data["arrangement"])
        session.left_out = list(data["left_out"])
        session.shown_steps = data["shown_steps"]
        session.message = str(data.get("message", ""))
        return True
    if data is not None:
        log.warning("saved table state not used (%s); the table resumes where the game's phase says", why)
    game = session.game
    if game.state.actor is Actor.CHANCE and not (game.state.phase is Phase.REVEAL and session.physical_deck):
        game.play_chance()
    state = game.state
    session.arrangement = list(state.registers) if state.phase is Phase.DECODE else [None] * REGISTERS
    session.left_out = []
    session.shown_steps = 0
    session.message = ""
    if state.phase is Phase.OVER:
        session.step = Step.END
    elif state.phase is Phase.DECODE:
        session.step = Step.DECODE
    elif state.phase is Phase.REVEAL:
        session.step = Step.TRANSMISSION
    elif state.last_execution is not None:
        session.step = Step.EXECUTE
        session.shown_steps = len(state.last_execution.commands)
    else:
        session.step = Step.BOARD_SETUP
    return False


def sync_arrangement(session: Session) -> None:
    """Keep the registers and the leave-out slot in step with the hand: fixed cards in their
    registers, cards no longer in the hand taken out, no more left out than the errors."""
    state = session.game.state
    for k, cid in enumerate(state.registers):
        if cid is not None:
            for j in range(REGISTERS):
                if session.arrangement[j] == cid and state.registers[j] is None:
                    session.arrangement[j] = None
            session.arrangement[k] = cid
    for k, cid in enumerate(session.arrangement):
        if cid is not None and cid not in state.hand and cid != state.registers[k]:
            session.arrangement[k] = None
    session.left_out = [c for c in session.left_out if c in state.hand and c not in session.arrangement]
    session.left_out = session.left_out[: state.leave_out]


def after_undo(session: Session, target: Action) -> str:
    """Put the table where it was before ``target``, which an undo has just reverted.

    An undone Execute brings its order back into the registers (and the unused card into the
    leave-out slot) on the Decode step; an undone Signal Boost or correction leaves the step as it
    is.  :returns: the sentence for the table.
    """
    from companion.games.transmission.session import Step

    state = session.game.state
    if isinstance(target, Execute):
        session.step = Step.DECODE
        session.arrangement = list(target.order)
        session.left_out = [c for c in state.hand if c not in target.order][: state.leave_out]
        session.shown_steps = 0
        return "Undone: the order is back in the registers; change it and execute again."
    sync_arrangement(session)
    if isinstance(target, UseBoost):
        name = session.content.boost(target.boost).name
        return f"Undone: {name} is back in the Cadet's hand."
    if isinstance(target, CorrectBoard):
        return "Undone: the board correction; the board is as it was before it."
    return "Undone."  # pragma: no cover - only the actions above can be undone
