"""The table's intents: what touch, keyboard, GPIO buttons and the card reader may ask of a game.

Source: DESIGN.md, Session ("It accepts typed intents (touch, GPIO and scanner are three sources of
the same intents)").  :class:`Intents` names every intent as a method, so a misspelt one is a type
error, not a string that fails at the table.  The
:class:`~companion.games.transmission.session.Session` implements it; a screen only ever holds an
:class:`Intents` (in the app: :class:`GuardedIntents`), never the Session, so it cannot reach the
game state and its secret missions.

Every intent returns ``True`` when it changed the table, ``False`` when it was refused (the
:class:`~companion.games.transmission.events.Refused` event says why) and changed nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from companion.games.transmission.engine.commands import Command

__all__ = ["GuardedIntents", "Intents", "ScannedCard"]

log = logging.getLogger(__name__)


class ScannedCard(Protocol):
    """A physical card read by the card reader: a :class:`~companion.games.transmission.cards.Card`."""

    @property
    def kind(self) -> str: ...

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class Intents(Protocol):
    """Every intent of the Transmission table flow (see the Session's methods for the rules)."""

    def confirm(self) -> bool:
        """Continue: leave an information screen, or show an execution to its end."""
        ...

    def submit_selection(self, commands: Sequence[Command]) -> bool:
        """Mission Control's 5 commands in intended order (RULES.md, 1. Select)."""
        ...

    def draw_transmission(self, card: str) -> bool:
        """The table drew Transmission card ``card`` from its own deck (RULES.md, 2. Reveal)."""
        ...

    def scan(self, card: ScannedCard) -> bool:
        """A physical card read by the card reader."""
        ...

    def place(self, card: str, register: int) -> bool:
        """A hand card into register 1-5, or the leave-out slot (0)."""
        ...

    def take_back(self, card: str) -> bool:
        """A placed card back to the hand."""
        ...

    def clear_arrangement(self) -> bool:
        """Every unfixed card back to the hand."""
        ...

    def use_boost(self, boost: str, register: int | None = None, card: str | None = None) -> bool:
        """Spend a Signal Boost (RULES.md, 4. Decode)."""
        ...

    def execute(self) -> bool:
        """Run the arrangement (RULES.md, 5. Execute)."""
        ...

    def next_step(self) -> bool:
        """Show the next command's result of the execution."""
        ...

    def previous_step(self) -> bool:
        """Show the execution one command back."""
        ...

    def undo(self) -> bool:
        """Revert the last action the table took (honour system)."""
        ...

    def correct_board(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> bool:
        """The board as it really stands (5 rows in referee notation, the Cadet's cell, the carried
        device's letter or ``None``)."""
        ...

    def correction_problem(self, rows: Sequence[str], cadet: Sequence[int],
                           carrying: str | None) -> str | None:
        """Why :meth:`correct_board` would refuse that board now (a phrase), or ``None``; changes nothing."""
        ...


class GuardedIntents:
    """:class:`Intents` for a table that must not fall over: each intent goes to the current game
    (``game()``; ``False`` when there is none), and an exception from the core is logged and handed
    to ``on_failure(intent_name, exc)`` (the app shows it), the intent counting as refused.

    The core should refuse, not raise; this is the last line between a bug and a dark screen.
    """

    def __init__(self, game: Callable[[], Intents | None],
                 on_failure: Callable[[str, Exception], None]) -> None:
        self._game = game
        self._on_failure = on_failure

    def _run(self, name: str, intent: Callable[[Intents], bool]) -> bool:
        game = self._game()
        if game is None:
            return False
        try:
            return bool(intent(game))
        except Exception as exc:
            log.exception("the %s intent failed", name)
            self._on_failure(name, exc)
            return False

    def confirm(self) -> bool:
        return self._run("confirm", lambda g: g.confirm())

    def submit_selection(self, commands: Sequence[Command]) -> bool:
        return self._run("submit_selection", lambda g: g.submit_selection(commands))

    def draw_transmission(self, card: str) -> bool:
        return self._run("draw_transmission", lambda g: g.draw_transmission(card))

    def scan(self, card: ScannedCard) -> bool:
        return self._run("scan", lambda g: g.scan(card))

    def place(self, card: str, register: int) -> bool:
        return self._run("place", lambda g: g.place(card, register))

    def take_back(self, card: str) -> bool:
        return self._run("take_back", lambda g: g.take_back(card))

    def clear_arrangement(self) -> bool:
        return self._run("clear_arrangement", lambda g: g.clear_arrangement())

    def use_boost(self, boost: str, register: int | None = None, card: str | None = None) -> bool:
        return self._run("use_boost", lambda g: g.use_boost(boost, register=register, card=card))

    def execute(self) -> bool:
        return self._run("execute", lambda g: g.execute())

    def next_step(self) -> bool:
        return self._run("next_step", lambda g: g.next_step())

    def previous_step(self) -> bool:
        return self._run("previous_step", lambda g: g.previous_step())

    def undo(self) -> bool:
        return self._run("undo", lambda g: g.undo())

    def correct_board(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> bool:
        return self._run("correct_board", lambda g: g.correct_board(rows, cadet, carrying))

    def correction_problem(self, rows: Sequence[str], cadet: Sequence[int],
                           carrying: str | None) -> str | None:
        game = self._game()
        if game is None:
            return None
        try:
            return game.correction_problem(rows, cadet, carrying)
        except Exception as exc:
            log.exception("checking a board correction failed")
            self._on_failure("correction_problem", exc)
            return None
