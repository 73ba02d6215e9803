"""The state of a game of Incoming Transmission: its phases, who acts, and every fact, secrets included.

Source: RULES.md, A transmission (one round); Transmission deck and difficulty; Score.
:class:`GameState` is a frozen value: :mod:`companion.games.transmission.engine.game` computes the next
one from an action, :mod:`companion.games.transmission.engine.views` strips its secrets for the table.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.engine.board import HALLWAY, SIZE, Position, index
from companion.games.transmission.engine.commands import REGISTERS
from companion.games.transmission.engine.rules import Completion, Execution, Rules
from companion.games.transmission.names import LAYOUTS

__all__ = [
    "LAYOUTS", "REGISTERS", "Actor", "BoostAnswer", "GameState", "Outcome", "Phase", "RoundLog", "deck_size",
    "new_state", "rules_for", "segment_levels",
]


class Phase(enum.Enum):
    LAYOUT = "layout"
    MISSIONS = "missions"
    SELECT = "select"
    REVEAL = "reveal"
    ERROR = "error"
    SCRAMBLE = "scramble"
    DECODE = "decode"
    DEAL = "deal"
    OVER = "over"


class Actor(enum.Enum):
    CHANCE = "chance"
    MISSION_CONTROL = "mission control"
    CADET = "cadet"
    NONE = "none"


_ACTORS = {
    Phase.LAYOUT: Actor.CHANCE,
    Phase.MISSIONS: Actor.CHANCE,
    Phase.SELECT: Actor.MISSION_CONTROL,
    Phase.REVEAL: Actor.CHANCE,
    Phase.ERROR: Actor.CHANCE,
    Phase.SCRAMBLE: Actor.CHANCE,
    Phase.DECODE: Actor.CADET,
    Phase.DEAL: Actor.CHANCE,
    Phase.OVER: Actor.NONE,
}


@dataclass(frozen=True)
class BoostAnswer:
    """Mission Control's answer to a Signal Boost, as the table hears it.

    :param register: the register a Clear Signal fixed, or Cross Check's answer (``None`` on the error card).
    :param yes: Abort's answer.
    """

    boost: str
    kind: BoostKind
    text: str
    register: int | None = None
    card: str | None = None
    yes: bool | None = None


@dataclass(frozen=True)
class RoundLog:
    """One finished transmission: the card, the order the Cadet executed, what it completed."""

    number: int
    card: str
    intended: tuple[str, ...]
    errors: tuple[str, ...]
    order: tuple[str, ...]
    completions: tuple[Completion, ...]


@dataclass(frozen=True)
class Outcome:
    """The end of a game (RULES.md, Await; Score)."""

    victory: bool
    missions: tuple[str, ...]
    completed: tuple[str, ...]
    transmissions_used: int
    transmissions_total: int
    boosts_unused: int
    score: int


@dataclass(frozen=True)
class GameState:
    """Everything about a game, secrets included.  Never handed to a screen: see ``views``.

    :param registers: per register 1-5 (index 0-4), the card fixed there by a clear signal, or ``None``.
    :param hand: the cards handed to the Cadet, in scrambled order, not counting fixed ones.
    :param errors: error card ids still in the hand (secret).
    """

    difficulty: str
    layout: str
    phase: Phase = Phase.LAYOUT
    position: Position = Position(HALLWAY * (SIZE * SIZE), 12, None)
    missions: tuple[str, ...] = ()
    completed: tuple[Completion, ...] = ()
    drawn: tuple[str, ...] = ()
    intended: tuple[str, ...] = ()
    card: str | None = None
    registers: tuple[str | None, ...] = (None,) * REGISTERS
    hand: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    errors_drawn: tuple[str, ...] = ()
    pending_errors: int = 0
    boosts: tuple[str, ...] = ()
    boosts_used: tuple[str, ...] = ()
    dealt: tuple[str, ...] = ()
    pending_deals: int = 0
    answers: tuple[BoostAnswer, ...] = ()
    last_execution: Execution | None = None
    rounds: tuple[RoundLog, ...] = field(default=())

    @property
    def completed_ids(self) -> tuple[str, ...]:
        return tuple(c.mission for c in self.completed)

    @property
    def remaining_missions(self) -> tuple[str, ...]:
        done = set(self.completed_ids)
        return tuple(m for m in self.missions if m not in done)

    @property
    def actor(self) -> Actor:
        return _ACTORS[self.phase]

    @property
    def leave_out(self) -> int:
        """How many cards the Cadet must leave out (one per error still in the hand)."""
        fixed = sum(1 for r in self.registers if r is not None)
        return max(0, len(self.hand) + fixed - REGISTERS)


def new_state(content: ContentPack, difficulty: str = "standard", layout: str = "standard") -> GameState:
    """A game before its chance set-up.  :raises ValueError: unknown difficulty or layout."""
    content.difficulty(difficulty)  # raises KeyError naming the known ones
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (expected standard or beginner)")
    start = Position(HALLWAY * 25, index(content.start))
    return GameState(difficulty=difficulty, layout=layout, position=start)


def rules_for(content: ContentPack) -> Rules:
    return Rules(content.devices, {m.letter: m.name for m in content.modules})


def deck_size(content: ContentPack, state: GameState) -> int:
    d = content.difficulty(state.difficulty)
    return len(d.top) + len(d.bottom)


def segment_levels(content: ContentPack, state: GameState) -> Counter[int]:
    """Levels still to come in the current part of the deck (top 3, then bottom 4)."""
    d = content.difficulty(state.difficulty)
    levels = [content.transmission(c).level for c in state.drawn]
    if len(state.drawn) < len(d.top):
        return Counter(d.top) - Counter(levels)
    return Counter(d.bottom) - Counter(levels[len(d.top):])
