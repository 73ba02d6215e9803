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

from companion.errors import Said, said
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import Action, Draw, Start
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.rules import apply_action, new_state
from companion.games.five_actions.engine.state import GameState, Phase
from companion.i18n import N_, pgettext
from companion.table.checked_game import PackGame

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


class Game(PackGame[ContentPack, FiveOptions, GameState, Action]):
    """One game of The Five Actions on its pack's map or the printed board; its setup, checked play
    and undo are :class:`~companion.table.checked_game.PackGame`'s, each action's effect the rules'.
    """

    start_kind, draw_kind, options_kind = Start, Draw, FiveOptions
    setup = staticmethod(new_state)

    def run_action(self, state: GameState, action: Action) -> None:
        """Apply ``action`` by The Five Actions' rules (:func:`~.rules.apply_action`)."""
        apply_action(self.content, state, action)

    def is_over(self) -> bool:
        """Whether the game is over (the final icons are counted)."""
        return self.state.phase == Phase.OVER

    def undone(self, before: GameState, index: int) -> GameState:
        """The state before action ``index``, telling the table whose action was undone."""
        after = before.copy()
        undone = self.actions[index]
        who = before.players[before.current].name if before.players else said(N_("the table"))
        kind = type(undone).__name__.lower()
        words = {
            "install": pgettext("undone", "install"),
            "transmit": pgettext("undone", "transmit"),
            "modulate": pgettext("undone", "modulate"),
            "fund": pgettext("undone", "fund"),
            "supply": pgettext("undone", "supply"),
            "pass": pgettext("undone", "pass"),
            "endgame": pgettext("undone", "endgame"),
        }
        after.last = said(
            N_("Undone: {name}'s {action}; {name} plays again."),
            name=who,
            action=Said(words.get(kind, kind), kind),
        )
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
