"""Undo on the honour system (issue 5): one action back, never a random draw.

A table that turns undo on (``[game] undo = "honor"``) trusts itself to undo
only mistakes: a mistyped Signal Boost, an order executed in haste, a board
correction gone wrong.  The rules here keep the game honest where trust is not
enough:

- **Exactly one action.**  An undo reverts the last action still in effect,
  nothing before it.  Undoing again reverts the one before that, if it may be
  undone too; each undo is its own entry in the record.
- **Only the table's actions**: Execute, a Signal Boost spent
  (:class:`~companion.games.transmission.engine.actions.UseBoost`), a board correction.  Mission
  Control's selection is never undone, nor any chance action (layout,
  missions, Transmission card, error card, scramble, Signal Boost dealt).
- **Nothing random is hidden or re-drawn.**  An action that a chance action
  has followed cannot be undone (the undo is refused, saying why: "the
  Transmission card is already revealed", "a Signal Boost has already been
  dealt"), and neither can an Execute that completed a mission (the mission is
  revealed) or any action once the game is over (every mission is revealed).
  So a Transmission card, an error card or a dealt boost stays as it was.
- **Cards placed in registers are not actions.**  While decoding, placing,
  moving and taking back cards is the table's own arrangement (see
  :class:`~companion.games.transmission.session.Session`), freely changed without an undo.  An
  undo during Decode reverts the last *recorded* action, e.g. a Signal Boost
  spent; undoing an Execute brings the executed order back into the registers.
- **Recorded.**  An :class:`~companion.games.transmission.engine.actions.Undo` names the index of the
  action it reverts; the reverted action stays in the record, so the history
  shows every undo, and :func:`companion.games.transmission.engine.record.replay` of the whole record
  rebuilds the state after the undo.  An undone Signal Boost returns to the
  hand even though Mission Control's answer was heard: that is the honour
  system.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.errors import IllegalAction, said
from companion.games.transmission.engine.actions import (
    Action,
    CorrectBoard,
    DealBoost,
    DrawError,
    DrawMissions,
    Execute,
    Layout,
    Reveal,
    Scramble,
    Select,
    Undo,
    UseBoost,
)
from companion.games.transmission.engine.state import GameState, Phase
from companion.i18n import N_

__all__ = ["UNDOABLE", "Played", "undo_target", "undo_reason", "revert"]


class Played(Protocol):
    """A game with its record, as undo needs it
    (:class:`~companion.games.transmission.engine.game.Game`).

    :ivar history: for each action still in effect, its record index and the state before it.
    """

    @property
    def state(self) -> GameState: ...

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def history(self) -> list[tuple[int, GameState]]: ...


#: The actions an undo may revert (the table's own).
UNDOABLE = (Execute, UseBoost, CorrectBoard)


def undo_target(game: Played) -> int | None:
    """The record index of the action an undo would revert now (the last one still in effect), or
    ``None`` when no action is in effect.  Says nothing about whether it may be undone: see
    :func:`undo_reason`."""
    return game.history[-1][0] if game.history else None


def undo_reason(game: Played) -> str | None:
    """Why nothing can be undone now (a phrase for the table), or ``None`` when an undo may revert
    the action at :func:`undo_target`."""
    state = game.state
    if state.phase is Phase.OVER:
        return said(N_("the game is over and every mission is revealed"))
    if not game.history:
        return said(N_("nothing has been played yet"))
    index, before = game.history[-1]
    action = game.actions[index]
    if isinstance(action, DealBoost):
        return said(N_("a Signal Boost has already been dealt for a mission completed"))
    if isinstance(action, (Reveal, DrawError, Scramble)):
        return said(N_("the Transmission card is already revealed"))
    if isinstance(action, (Layout, DrawMissions)):
        return said(N_("nothing the table did is left to undo"))
    if isinstance(action, Select):
        return said(N_("Mission Control's selection cannot be undone"))
    if isinstance(action, Execute) and len(state.completed) > len(before.completed):
        return said(N_("the mission it completed is already revealed"))
    if not isinstance(action, UNDOABLE):  # pragma: no cover - every kind is named above
        return said(N_("that action cannot be undone"))
    return None


def revert(game: Played, action: Undo) -> GameState:
    """The state an :class:`~companion.games.transmission.engine.actions.Undo` leads to: the state before the
    action it reverts.
    Pops that action from ``game.history``; :meth:`companion.games.transmission.engine.game.Game.play`
    records the undo.

    :raises IllegalAction: when nothing may be undone (the reason says why), or ``action.index`` is
        not the action an undo would revert now; the game is unchanged.
    """
    why = undo_reason(game)
    if why is not None:
        raise IllegalAction(said(N_("nothing can be undone: {why}"), why=why))
    index, before = game.history[-1]
    if action.index != index:
        raise IllegalAction(said(N_("an undo now reverts action {index}, not {wanted}"), index=index,
                                 wanted=action.index))
    game.history.pop()
    return before
