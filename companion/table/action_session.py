"""A game of actions at the table (The Six Actions, The Five Actions): the part of its session that
is the same for both.

Source: DESIGN.md, Session (typed intents in, typed events out) and Store (every action committed
as it happens).  An :class:`ActionSession` holds the game (a
:class:`~companion.table.checked_game.CheckedGame`), the last sentence said to the table and the
publisher of its events: every played action is announced as an
:class:`~companion.table.events.ActionPlayed` (the store saves it), the draws the rules wait for are
played from the seeded piles unless the table draws its own, and a refusal is said in the rule's
words.  Each game's session subclasses it with its intents and what it says after each action.

The events every such session publishes are here too (:class:`Refused`, :class:`Changed`,
:class:`GameOver`); a game adds its own (The Six Actions' forced loans, Merit cards, round ends).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import IllegalAction
from companion.table.events import ActionPlayed, Event, Listener, Publisher

__all__ = ["ActionSession", "Changed", "GameOver", "Refused", "new_seed", "sentence_of"]


@dataclass(frozen=True)
class Refused(Event):
    """An intent was refused and nothing changed; ``message`` names the rule, for the table."""

    message: str


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over: the final figures are in the view."""


@dataclass(frozen=True)
class Changed(Event):
    """The table changed (redraw); ``message`` says what happened in a sentence.  Ends every intent
    that played actions (the store commits there)."""

    message: str


class DrawingGame(Protocol):
    """What an :class:`ActionSession` uses of its game beyond its own: the draw the rules wait for."""

    def next_draw(self) -> Any:
        """The draw the rules wait for, with the seeded pile's top card, or ``None``."""

    def play(self, action: Any) -> None:
        """Check and apply an action.  :raises IllegalAction: the rule it breaks."""


G = TypeVar("G", bound=DrawingGame)


def new_seed(seed: int | None, max_seed: int) -> int:
    """``seed``, or a random one from 0 to ``max_seed`` when it is ``None``.

    :raises ValueError: a seed outside 0 to ``max_seed``, in a sentence.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(max_seed + 1)
    if not 0 <= seed <= max_seed:
        raise ValueError(f"a seed is a whole number from 0 to {max_seed:,}, not {seed}")
    return seed


def sentence_of(exc: IllegalAction) -> str:
    """A refusal's reason as a sentence for the table: capitalised, with a full stop."""
    return exc.reason[0].upper() + exc.reason[1:] + "."


class ActionSession(Generic[G]):
    """One game at the table (see the module docstring).

    A game's session gives :meth:`to_json` and :meth:`draws_itself` (and, as the store needs,
    ``record`` and ``table_state``).

    :param game: the game, its record and state.
    """

    def __init__(self, game: G) -> None:
        self.game = game
        #: The last sentence said to the table.
        self.message = ""
        self._events = Publisher()

    # ------------------------------------------------------------------ the game's own

    def to_json(self, action: Any) -> dict[str, Any]:
        """The action's record form (its game's ``to_json``)."""
        raise NotImplementedError

    def draws_itself(self) -> bool:
        """Whether the box draws from its seeded piles (else the table says each card it drew)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ reading

    def subscribe(self, listener: Listener) -> None:
        """Hear every event: each action played, each intent's end, each refusal."""
        self._events.subscribe(listener)

    # ------------------------------------------------------------------ playing

    def publish(self, event: Event) -> None:
        """Tell every listener ``event``."""
        self._events.publish(event)

    def announce(self, action: Any) -> None:
        """Publish ``action`` as played (:class:`~companion.table.events.ActionPlayed`)."""
        self._events.publish(ActionPlayed(self.to_json(action)))

    def draw_all(self) -> None:
        """Play and announce the draws the rules wait for, while the box draws them."""
        while self.draws_itself() and (draw := self.game.next_draw()) is not None:
            self.game.play(draw)
            self.announce(draw)

    def refuse(self, message: str) -> bool:
        """Say ``message`` as a refusal (the event and :attr:`message`); returns ``False``."""
        self.message = message
        self._events.publish(Refused(message))
        return False
