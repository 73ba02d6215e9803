"""A game of The Five Actions: the record, the checked :meth:`Game.play`, undo and the outcome.

Shape of the other games' engines (DESIGN.md, The core step 3): :meth:`Game.reason` says why an
action is illegal, :meth:`Game.play` checks and applies it (raising
:class:`~companion.errors.IllegalAction` with the reason, the game unchanged), :meth:`Game.apply`
is the unchecked transition for a trusted replay, and every action, chance draws included, is in
:attr:`Game.actions`, so replaying the record rebuilds the identical state.

**Undo** (the table's honour system): :class:`Undo` reverts the last action still in effect that a
player or the table took, with the draws that followed it (a Tycoon tile drawn after a Funding goes
back on top of its stack, so the same Funding draws it again).  The start and its draws cannot be
undone, nor anything once the game is over.  The undo and the action it reverts stay in the record.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import Action, Draw, Start, Undo
from companion.games.five_actions.engine.board import LAYOUTS
from companion.games.five_actions.engine.rules import apply_action, new_state
from companion.games.five_actions.engine.state import GameState, Phase

__all__ = ["Game", "Standing", "Outcome"]


@dataclass(frozen=True)
class Standing:
    """One player's figures at the end: bonus points, activated Patents' icons, their total, money."""

    seat: int
    name: str
    points: int
    patent_icons: int
    total: int
    money: int


@dataclass(frozen=True)
class Outcome:
    """The game's end: each player's figures in seat order (the excerpt scores no more than the
    icons; the table adds its own rulebook's scoring)."""

    standings: tuple[Standing, ...]


class Game:
    """One game: its content pack, layout (``"map"`` or ``"printed"``), seed and record.

    :raises ValueError: an unknown layout, or ``map`` with a pack that has none.
    """

    def __init__(self, content: ContentPack, layout: str, seed: int) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"layout {layout!r} is none of {', '.join(LAYOUTS)}")
        if layout == "map" and not content.has_map:
            raise ValueError(f"the content pack {content.id} has no map: play on the printed board")
        self.content = content
        self.seed = seed
        self.layout = layout
        self.state: GameState = new_state(content, layout, seed)
        self.actions: list[Action] = []
        #: For each undoable action still in effect: its record index and the state before it.
        self.history: list[tuple[int, GameState]] = []

    def _run(self, state: GameState, action: Action) -> GameState:
        if isinstance(action, Undo):
            return self._undo_state(action)
        apply_action(self.content, state, action)
        return state

    def play(self, action: Action) -> None:
        """Check ``action`` and apply it; the game is unchanged when it is refused.

        :raises IllegalAction: the rule it breaks, in a sentence for the table.
        """
        before = self.state
        after = self._run(before.copy(), action)
        self._commit(action, before, after)

    def apply(self, action: Action) -> None:
        """Apply ``action`` without a safety copy (a trusted replay); a refusal may leave the state
        half changed.  :raises IllegalAction: as :meth:`play`."""
        before = self.state.copy() if self._undoable(action) else self.state
        after = self._run(self.state, action)
        self._commit(action, before, after)

    @staticmethod
    def _undoable(action: Action) -> bool:
        return not isinstance(action, (Draw, Start, Undo))

    def _commit(self, action: Action, before: GameState, after: GameState) -> None:
        if isinstance(action, Undo):
            self.history.pop()
        elif self._undoable(action):
            self.history.append((len(self.actions), before))
        self.state = after
        self.actions.append(action)

    def reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None``; changes nothing."""
        try:
            self._run(self.state.copy(), action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def is_legal(self, action: Action) -> bool:
        return self.reason(action) is None

    def undo_reason(self) -> str | None:
        """Why nothing can be undone now, or ``None``."""
        if self.state.phase == Phase.OVER:
            return "the game is over"
        if not self.history:
            return "nothing has been played yet"
        return None

    def undo_target(self) -> int | None:
        """The record index an :class:`Undo` reverts now, or ``None``."""
        return self.history[-1][0] if self.history and self.undo_reason() is None else None

    def _undo_state(self, action: Undo) -> GameState:
        why = self.undo_reason()
        if why is not None:
            raise IllegalAction(f"nothing can be undone: {why}")
        index, before = self.history[-1]
        if action.index != index:
            raise IllegalAction(f"an undo now reverts action {index}, not {action.index}")
        after = before.copy()
        undone = self.actions[index]
        who = before.players[before.current].name if before.players else "the table"
        after.last = f"Undone: {who}'s {type(undone).__name__.lower()}; {who} plays again."
        return after

    def next_draw(self) -> Draw | None:
        """The draw the rules wait for, with the seeded stack's top tile, or ``None``."""
        if not self.state.pending:
            return None
        level = self.state.pending[0].level
        return Draw(level, self.state.stacks[level][0])

    def outcome(self) -> Outcome | None:
        """Each player's figures once the game is over, else ``None`` (Patents: each activated
        Patent gives its icons at the end, a waiting one none)."""
        if self.state.phase != Phase.OVER:
            return None
        rows = []
        for seat, p in enumerate(self.state.players):
            icons = 0
            for ident, side in [*p.activated.values(), *p.covered]:
                patent = self.content.patent(ident)
                assert patent is not None
                icons += patent.side(side).points
            rows.append(Standing(seat, p.name, p.points, icons, p.points + icons, p.money))
        return Outcome(tuple(rows))
