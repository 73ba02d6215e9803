"""The checked play and the undo of a game's engine, for the games whose actions are a record.

Source: DESIGN.md, The core step 3.  :meth:`CheckedGame.reason` says why an action is illegal,
:meth:`CheckedGame.play` checks and applies it (raising :class:`~companion.errors.IllegalAction`
with the reason, the game unchanged), :meth:`CheckedGame.apply` is the unchecked transition for a
trusted replay, and every action, chance draws included, is in :attr:`CheckedGame.actions`, so
replaying the record rebuilds the identical state.

**Undo** (the table's honour system): the game's ``Undo`` action reverts the last action still in
effect that a player or the table took, with the draws that followed it; the start, its draws and
an undo itself are not undoable, nor anything once the game is over.  Each game keeps its own rules
(:meth:`CheckedGame.run_action`), its own state and what an undone state says
(:meth:`CheckedGame.undone`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from companion.errors import IllegalAction, said
from companion.i18n import N_

__all__ = ["CheckedGame", "EndGame", "GameState", "MapPack", "PackGame", "Pass", "Undo", "check_layout"]


@dataclass(frozen=True, slots=True)
class Pass:
    """The current player takes no action now (each game's rules say what more a pass means: in The
    Six Actions, no more turns this round)."""


@dataclass(frozen=True, slots=True)
class EndGame:
    """The table ends the game (each game's rules say what follows: the end settlement, or the final
    count)."""


@dataclass(frozen=True, slots=True)
class Undo:
    """The table reverts the action at ``index`` of the record (the last one still in effect) and
    the draws after it."""

    index: int


class GameState(Protocol):
    """What :class:`CheckedGame` needs of a game's state: a deep copy."""

    def copy(self) -> Self: ...


class MapPack(Protocol):
    """A content pack that may have a map: its ``id`` and whether it has one."""

    @property
    def id(self) -> str: ...

    @property
    def has_map(self) -> bool: ...


def check_layout(content: MapPack, layout: str, layouts: Collection[str]) -> None:
    """A game's ``layout`` is one of ``layouts``, and ``"map"`` only with a pack that has a map.

    :raises ValueError: the layout is none of them, or the pack has no map (play the printed board).
    """
    if layout not in layouts:
        raise ValueError(
            said(N_("layout {layout!r} is none of {layouts}"), layout=layout, layouts=", ".join(layouts))
        )
    if layout == "map" and not content.has_map:
        raise ValueError(
            said(N_("the content pack {pack} has no map: play on the printed board"), pack=content.id)
        )


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


class CheckedGame(Generic[S, A]):
    """One game's record (:attr:`actions`), its state and its undo history.

    A game's engine subclasses it, naming its table's actions in :attr:`start_kind` and
    :attr:`draw_kind` (and :attr:`undo_kind`, :class:`Undo` unless it has its own: an undo names the
    record ``index`` it reverts).

    :param state: the state after setup, before any action.
    """

    #: The game's start action (not undoable).
    start_kind: type[Any]
    #: The game's chance action (a draw; undone with the action it followed).
    draw_kind: type[Any]
    #: The game's undo action, with the record ``index`` it reverts.
    undo_kind: type[Any] = Undo

    def __init__(self, state: S) -> None:
        self.state: S = state
        self.actions: list[A] = []
        #: For each undoable action still in effect: its record index and the state before it.
        self.history: list[tuple[int, S]] = []

    # ------------------------------------------------------------------ the game's own

    def run_action(self, state: S, action: A) -> None:
        """Apply ``action`` (never an undo) to ``state`` in place, by the game's rules.

        :raises IllegalAction: the rule it breaks (``state`` may then be half changed).
        """
        raise NotImplementedError

    def is_over(self) -> bool:
        """Whether the game is over (nothing can be undone then)."""
        raise NotImplementedError

    def undone(self, before: S, index: int) -> S:
        """The state an undo of record action ``index`` returns to: a copy of ``before`` (a game
        may add what its table is told)."""
        return before.copy()

    # ------------------------------------------------------------------ playing

    def _run(self, state: S, action: A) -> S:
        if isinstance(action, self.undo_kind):
            return self._undo_state(action.index)
        self.run_action(state, action)
        return state

    def play(self, action: A) -> None:
        """Check ``action`` and apply it; the game is unchanged when it is refused.

        :raises IllegalAction: the rule it breaks, in a sentence for the table.
        """
        before = self.state
        after = self._run(before.copy(), action)
        self._commit(action, before, after)

    def apply(self, action: A) -> None:
        """Apply ``action`` without a safety copy (a trusted replay); a refusal may leave the state
        half changed.  :raises IllegalAction: as :meth:`play`."""
        before = self.state.copy() if self.undoable(action) else self.state
        after = self._run(self.state, action)
        self._commit(action, before, after)

    def undoable(self, action: A) -> bool:
        """Whether an undo may revert ``action``: not the start, a draw or an undo."""
        return not isinstance(action, (self.draw_kind, self.start_kind, self.undo_kind))

    def _commit(self, action: A, before: S, after: S) -> None:
        if isinstance(action, self.undo_kind):
            self.history.pop()
        elif self.undoable(action):
            self.history.append((len(self.actions), before))
        self.state = after
        self.actions.append(action)

    def reason(self, action: A) -> str | None:
        """Why ``action`` is illegal now, or ``None``; changes nothing."""
        try:
            self._run(self.state.copy(), action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def is_legal(self, action: A) -> bool:
        """Whether ``action`` is legal now (:meth:`reason` is ``None``)."""
        return self.reason(action) is None

    # ------------------------------------------------------------------ undo

    def undo_reason(self) -> str | None:
        """Why nothing can be undone now, or ``None``."""
        if self.is_over():
            return said(N_("the game is over"))
        if not self.history:
            return said(N_("nothing has been played yet"))
        return None

    def undo_target(self) -> int | None:
        """The record index an undo reverts now, or ``None`` when nothing can be undone."""
        return self.history[-1][0] if self.history and self.undo_reason() is None else None

    def undos(self) -> int:
        """How many undo actions the record holds (the history's figure)."""
        return sum(1 for a in self.actions if isinstance(a, self.undo_kind))

    def _undo_state(self, index: int) -> S:
        why = self.undo_reason()
        if why is not None:
            raise IllegalAction(said(N_("nothing can be undone: {why}"), why=why))
        target, before = self.history[-1]
        if index != target:
            raise IllegalAction(
                said(N_("an undo now reverts action {target}, not {index}"), target=target, index=index)
            )
        return self.undone(before, target)


C = TypeVar("C", bound=MapPack)
Opts = TypeVar("Opts")


class PackGame(CheckedGame[S, A], Generic[C, Opts, S, A]):
    """A :class:`CheckedGame` played with a content pack on a layout, from a seed, by table options:
    what makes one game of actions (The Six Actions, The Five Actions) from its setup.

    A game names its options dataclass (:attr:`options_kind`) and the rules' setup (:attr:`setup`),
    and may name other :attr:`layouts`.

    :param content: the content pack.
    :param layout: one of :attr:`layouts` (``"map"`` only with a pack that has a map).
    :param seed: the seed the piles are shuffled by.
    :param options: the table options (``None``: the options dataclass's defaults).
    :raises ValueError: an unknown layout, or ``map`` with a pack that has none.
    """

    #: The layouts the game is played on: the pack's own map, or the printed board.
    layouts: tuple[str, ...] = ("map", "printed")
    #: The game's table options dataclass (every option has a default).
    options_kind: type[Any]
    #: The rules' setup: ``(content, layout, seed, options)`` -> the state before any action.
    setup: Callable[[Any, str, int, Any], Any]

    def __init__(self, content: C, layout: str, seed: int, options: Opts | None = None) -> None:
        check_layout(content, layout, self.layouts)
        self.content = content
        self.seed = seed
        self.layout = layout
        self.options: Opts = options if options is not None else self.options_kind()
        super().__init__(self.setup(content, layout, seed, self.options))
