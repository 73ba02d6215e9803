"""What each seat may see (DESIGN.md, Views; boardgame.io's ``playerView``).

:func:`cadet_view` strips every secret before anything reaches a screen: it
never holds an unrevealed mission, Mission Control's intended order, or which
card in the hand is the error.  Only when the game is over are all missions
revealed (RULES.md, 7. Await).  :func:`mission_control_view` is for the
planner (and, later, a human Mission Control's own screen).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.board import Cell, Position, cell_of
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import outcome
from companion.games.transmission.engine.rules import Execution
from companion.games.transmission.engine.state import (
    BoostAnswer,
    GameState,
    Outcome,
    Phase,
    deck_size,
    segment_levels,
)
from companion.i18n import _


@dataclass(frozen=True)
class CardView:
    """A Command card as the table sees it."""

    id: str
    command: Command

    @property
    def title(self) -> str:
        """The card's printed name in the table's language ("North")."""
        return _(self.command.title)


@dataclass(frozen=True)
class MissionView:
    """A revealed mission: its title, flavour text and the two modules (letters and names)."""

    id: str
    title: str
    flavour: str
    pair: tuple[str, str]
    names: tuple[str, str]


@dataclass(frozen=True)
class TransmissionView:
    """A revealed Transmission card: level, clear-signal register (1-5) or ``None``, error count."""

    id: str
    level: int
    clear_register: int | None
    errors: int


@dataclass(frozen=True)
class BoostView:
    id: str
    kind: BoostKind
    name: str
    text: str


@dataclass(frozen=True)
class CadetView:
    """Everything the table may see now, and nothing more.

    :param rows: the board, 5 strings in referee notation.
    :param registers: per register 1-5 the card fixed there by a clear signal, else ``None``.
    :param hand: the cards to arrange, scrambled, fixed ones excluded.
    :param leave_out: how many cards the Cadet must leave out (errors still in the hand).
    :param transmission: the 1-based number of the current (or last) Transmission card; 0 before the first.
    :param transmissions_left: Transmission cards not yet drawn.
    :param all_missions: every secret mission, only once the game is over; ``()`` before.
    """

    phase: Phase
    difficulty: str
    layout: str
    rows: tuple[str, ...]
    cadet: Cell
    carrying: str | None
    transmission: int
    transmissions_total: int
    transmissions_left: int
    card: TransmissionView | None
    registers: tuple[CardView | None, ...]
    hand: tuple[CardView, ...]
    leave_out: int
    boosts: tuple[BoostView, ...]
    answers: tuple[BoostAnswer, ...]
    missions_total: int
    completed: tuple[MissionView, ...]
    last_execution: Execution | None
    outcome: Outcome | None
    all_missions: tuple[MissionView, ...]

    @property
    def position(self) -> Position:
        return Position.from_rows(self.rows, self.cadet, self.carrying)


def _card(cid: str) -> CardView:
    return CardView(cid, card_command(cid))


def mission_view(content: ContentPack, mission_id: str) -> MissionView:
    m = content.mission(mission_id)
    a, b = m.pair
    return MissionView(m.id, pack_text(m.title), pack_text(m.flavour), m.pair,
                       (pack_text(content.module(a).name), pack_text(content.module(b).name)))


def _transmission(content: ContentPack, cid: str) -> TransmissionView:
    t = content.transmission(cid)
    return TransmissionView(t.id, t.level, t.clear_register, t.errors)


def boost_view(content: ContentPack, bid: str) -> BoostView:
    """Signal Boost ``bid`` as the table reads it: its name and text in the table's language.

    :raises KeyError: the pack has no boost ``bid``."""
    b = content.boost(bid)
    return BoostView(b.id, b.kind, pack_text(b.name), pack_text(b.text))


def cadet_view(content: ContentPack, state: GameState) -> CadetView:
    """The table's view of ``state`` (secrets stripped)."""
    total = deck_size(content, state)
    over = state.phase is Phase.OVER
    return CadetView(
        phase=state.phase,
        difficulty=state.difficulty,
        layout=state.layout,
        rows=tuple(state.position.rows()),
        cadet=cell_of(state.position.cadet),
        carrying=state.position.carrying,
        transmission=len(state.drawn),
        transmissions_total=total,
        transmissions_left=total - len(state.drawn),
        card=_transmission(content, state.card) if state.card else None,
        registers=tuple(_card(c) if c else None for c in state.registers),
        hand=tuple(_card(c) for c in state.hand),
        leave_out=state.leave_out,
        boosts=tuple(boost_view(content, b) for b in state.boosts),
        answers=state.answers,
        missions_total=len(state.missions),
        completed=tuple(mission_view(content, m) for m in state.completed_ids),
        last_execution=state.last_execution,
        outcome=outcome(content, state),
        all_missions=tuple(mission_view(content, m) for m in state.missions) if over else (),
    )


@dataclass(frozen=True)
class MissionControlView:
    """What Mission Control knows when selecting (the planner's input).

    :param missions: the *remaining* secret missions, id -> pair of module letters.
    :param transmissions_left: Transmission cards not yet drawn, the coming one included.
    :param deck: the Command deck, command -> card count.
    """

    position: Position
    missions: Mapping[str, tuple[str, str]]
    transmissions_left: int
    deck: Mapping[Command, int]
    devices: frozenset[str]
    upcoming_levels: tuple[int, ...]


def mission_control_view(content: ContentPack, state: GameState) -> MissionControlView:
    total = deck_size(content, state)
    return MissionControlView(
        position=state.position,
        missions={m: content.mission(m).pair for m in state.remaining_missions},
        transmissions_left=total - len(state.drawn),
        deck=dict(content.command_deck),
        devices=content.devices,
        upcoming_levels=tuple(sorted(segment_levels(content, state).elements())),
    )
