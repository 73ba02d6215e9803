"""A game of Incoming Transmission as a pure state machine over recorded actions.

Source: RULES.md, A transmission (one round); Transmission deck and
difficulty; Score.  Shape borrowed from python-chess and OpenSpiel (see
DESIGN.md): :func:`reason` says why an action is illegal, :func:`apply` is
the unchecked transition, :class:`Game` keeps the record and offers the
checked :meth:`Game.play`.  Chance is an explicit actor whose outcomes are
recorded like any other action, so ``state == replay(record)`` always.

The phases of a round::

    SELECT (Mission Control) -> REVEAL (chance) -> ERROR* (chance) -> SCRAMBLE (chance)
    -> DECODE (Cadet: boosts, then Execute) -> DEAL* (chance) -> SELECT ... or OVER
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from companion.errors import IllegalAction, Said, said
from companion.games.transmission.content.model import BoostKind, ContentPack
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
from companion.games.transmission.engine.board import HALLWAY, SIZE, Position, index, module_cells
from companion.games.transmission.engine.commands import Command, card_command, card_ids
from companion.games.transmission.engine.correction import apply_correction, correction_reason
from companion.games.transmission.engine.rules import Completion
from companion.games.transmission.engine.state import (
    LAYOUTS,
    REGISTERS,
    Actor,
    BoostAnswer,
    GameState,
    Outcome,
    Phase,
    RoundLog,
    deck_size,
    new_state,
    rules_for,
    segment_levels,
)
from companion.games.transmission.engine.undo import revert, undo_reason, undo_target
from companion.i18n import N_
from companion.table.words import phase_word

# The state's names, for the modules that know the game by this one.
__all__ = [
    "LAYOUTS", "REGISTERS", "Actor", "BoostAnswer", "Game", "GameState", "Outcome", "Phase", "RoundLog",
    "apply", "assign_cards", "deck_size", "new_state", "outcome", "reason", "rules_for", "sample_chance",
    "segment_levels", "still_to_come", "unselected_cards",
]


# --------------------------------------------------------------------------- helpers


def still_to_come(levels: Counter[int]) -> Said:
    """Say in words which levels the current part of the deck still holds ("level 1, 1 and 2")."""
    left = [str(lv) for lv in sorted(levels.elements())]
    if not left:
        return said(N_("no more Transmission cards come in this part of the deck"))
    if len(left) == 1:
        listed = left[0]
    else:
        listed = said(N_("{first} and {last}"), first=", ".join(left[:-1]), last=left[-1])
    return said(N_("the Transmission cards still to come in this part of the deck are level {levels}"),
                levels=listed)


def unselected_cards(content: ContentPack, state: GameState) -> tuple[str, ...]:
    """The Command cards not selected this round and not already drawn as errors."""
    taken = set(state.intended) | set(state.errors_drawn)
    return tuple(c for c in card_ids(content.command_deck) if c not in taken)


def assign_cards(content: ContentPack, commands: Sequence[Command]) -> tuple[str, ...]:
    """Card ids for an intended order: the first free card of each command (``N1`` before ``N2``)."""
    free = list(card_ids(content.command_deck))
    out = []
    for command in commands:
        for cid in free:
            if card_command(cid) is command:
                out.append(cid)
                free.remove(cid)
                break
    return tuple(out)


def _order_reason(state: GameState, order: Sequence[str]) -> str | None:
    """Why an order of card ids is not a valid arrangement of the Cadet's cards."""
    if len(order) != REGISTERS:
        return said(N_("an order needs exactly {registers} cards, one per register, not {count}"),
                    registers=REGISTERS, count=len(order))
    if len(set(order)) != len(order):
        return said(N_("the same card is used twice"))
    available = set(state.hand) | {r for r in state.registers if r is not None}
    for k, cid in enumerate(order, start=1):
        if cid not in available:
            return said(N_("register {register}: card {card} is not in the Cadet's hand"),
                        register=k, card=cid)
    for k, fixed in enumerate(state.registers, start=1):
        if fixed is not None and order[k - 1] != fixed:
            return said(N_("register {register} is fixed by a clear signal to {command}"), register=k,
                        command=said(card_command(fixed).title))
    return None


def _missions_map(content: ContentPack, state: GameState) -> dict[str, tuple[str, str]]:
    return {m: content.mission(m).pair for m in state.remaining_missions}


def _layout_reason(content: ContentPack, state: GameState, rows: Sequence[str]) -> str | None:
    if len(rows) != SIZE or any(not isinstance(r, str) or len(r) != SIZE for r in rows):
        return said(N_("a layout is 5 strings of 5 characters"))
    if state.layout == "beginner":
        if tuple(rows) != tuple(content.beginner_layout):
            return said(N_("the Beginner Layout is fixed by the content pack"))
        return None
    board = "".join(rows)
    letters = sorted(m.letter for m in content.modules)
    if sorted(ch.upper() for ch in board if ch != HALLWAY) != letters:
        return said(N_("every module must appear exactly once"))
    for r, c in module_cells():
        if board[index((r, c))] == HALLWAY:
            return said(N_("cell ({row}, {column}) must hold a module in the Standard Layout"),
                        row=r, column=c)
    intact = sum(1 for ch in board if ch.isupper())
    if intact != content.standard_intact:
        return said(N_("the Standard Layout has {expected} intact modules, not {count}"),
                    expected=content.standard_intact, count=intact)
    return None


# --------------------------------------------------------------------------- legality


def reason(content: ContentPack, state: GameState, action: Action) -> str | None:
    """Why ``action`` is illegal now, or ``None`` when it may be played."""
    if isinstance(action, CorrectBoard):
        return correction_reason(content, state, action)
    if isinstance(action, Undo):
        return said(N_("an undo depends on the game's history: ask Game.reason"))
    phase = state.phase
    expected = {
        Layout: Phase.LAYOUT,
        DrawMissions: Phase.MISSIONS,
        Select: Phase.SELECT,
        Reveal: Phase.REVEAL,
        DrawError: Phase.ERROR,
        Scramble: Phase.SCRAMBLE,
        UseBoost: Phase.DECODE,
        Execute: Phase.DECODE,
        DealBoost: Phase.DEAL,
    }[type(action)]
    if phase is not expected:
        return said(N_("not now: the game is in the {phase} phase, not {expected}"),
                    phase=phase_word(phase.value), expected=phase_word(expected.value))
    if isinstance(action, Layout):
        return _layout_reason(content, state, action.rows)
    if isinstance(action, DrawMissions):
        count = content.difficulty(state.difficulty).missions
        if len(action.missions) != count or len(set(action.missions)) != count:
            return said(N_("deal {count} different missions"), count=count)
        for m in action.missions:
            try:
                content.mission(m)
            except KeyError:
                return said(N_("unknown mission {mission}"), mission=repr(m))
        return None
    if isinstance(action, Select):
        if len(action.commands) != REGISTERS:
            return said(N_("Mission Control selects exactly {registers} commands, not {count}"),
                        registers=REGISTERS, count=len(action.commands))
        have = content.command_deck
        for command, n in Counter(action.commands).items():
            if n > have.get(command, 0):
                return said(N_("the Command deck has only {count} {command} card(s)"),
                            count=have.get(command, 0),
                            command=said(command.title))
        bad = rules_for(content).first_illegal(state.position, action.commands)
        if bad is not None:
            return said(N_("not viable: step {step} ({command}): {reason}"), step=bad[0],
                        command=action.commands[bad[0] - 1], reason=bad[1])
        return None
    if isinstance(action, Reveal):
        if action.card in state.drawn:
            return said(N_("Transmission card {card} was already drawn"), card=action.card)
        try:
            level = content.transmission(action.card).level
        except KeyError:
            return said(N_("unknown Transmission card {card}"), card=repr(action.card))
        levels = segment_levels(content, state)
        if levels[level] <= 0:
            return said(N_("Transmission card {card} is level {level} and cannot come next: {rest}"),
                        card=action.card, level=level, rest=still_to_come(levels))
        return None
    if isinstance(action, DrawError):
        if action.card not in unselected_cards(content, state):
            return said(N_("card {card} is not one of the unselected Command cards"), card=action.card)
        return None
    if isinstance(action, Scramble):
        expected_hand = Counter(c for c in state.intended if c not in state.registers) + Counter(state.errors)
        if Counter(action.hand) != expected_hand:
            return said(N_("the scramble must hold exactly the unfixed cards and the errors"))
        return None
    if isinstance(action, UseBoost):
        return _boost_reason(content, state, action)
    if isinstance(action, Execute):
        return _order_reason(state, action.order)
    if isinstance(action, DealBoost):
        if action.boost in state.dealt:
            return said(N_("Signal Boost {boost} was already dealt"), boost=action.boost)
        try:
            content.boost(action.boost)
        except KeyError:
            return said(N_("unknown Signal Boost {boost}"), boost=repr(action.boost))
        return None
    return said(N_("unknown action"))  # pragma: no cover


def _boost_reason(content: ContentPack, state: GameState, action: UseBoost) -> str | None:
    if action.boost not in state.boosts:
        return said(N_("the Cadet does not hold Signal Boost {boost}"), boost=repr(action.boost))
    kind = content.boost(action.boost).kind
    if kind is BoostKind.CLEAR_SIGNAL:
        if action.register is None or not 1 <= action.register <= REGISTERS:
            return said(N_("Clear Signal needs a register from 1 to 5"))
        if state.registers[action.register - 1] is not None:
            return said(N_("register {register} is already fixed"), register=action.register)
    elif kind is BoostKind.CROSS_CHECK:
        if action.card is None or action.card not in state.hand:
            return said(N_("Cross Check needs a card from the Cadet's hand"))
    elif kind is BoostKind.DEBUG:
        if not state.errors:
            return said(N_("Debug can only be used when an error card is in the hand"))
    elif kind is BoostKind.ABORT:
        if action.order is None:
            return said(N_("Abort needs a proposed order"))
        return _order_reason(state, action.order)
    return None


# --------------------------------------------------------------------------- transitions


def apply(content: ContentPack, state: GameState, action: Action) -> GameState:
    """The state after ``action``, *unchecked*: call :func:`reason` first (or use :meth:`Game.play`)."""
    if isinstance(action, Layout):
        board = "".join(action.rows)
        return replace(state, phase=Phase.MISSIONS, position=Position(board, index(content.start), None))
    if isinstance(action, DrawMissions):
        return replace(state, phase=Phase.SELECT, missions=tuple(action.missions))
    if isinstance(action, Select):
        return replace(state, phase=Phase.REVEAL, intended=assign_cards(content, action.commands))
    if isinstance(action, Reveal):
        card = content.transmission(action.card)
        registers: list[str | None] = [None] * REGISTERS
        if card.clear_register is not None:
            registers[card.clear_register - 1] = state.intended[card.clear_register - 1]
        errors = min(card.errors, len(unselected_cards(content, state)))
        return replace(
            state,
            phase=Phase.ERROR if errors else Phase.SCRAMBLE,
            drawn=state.drawn + (action.card,),
            card=action.card,
            registers=tuple(registers),
            pending_errors=errors,
        )
    if isinstance(action, DrawError):
        left = state.pending_errors - 1
        return replace(
            state,
            phase=Phase.ERROR if left else Phase.SCRAMBLE,
            errors=state.errors + (action.card,),
            errors_drawn=state.errors_drawn + (action.card,),
            pending_errors=left,
        )
    if isinstance(action, Scramble):
        return replace(state, phase=Phase.DECODE, hand=tuple(action.hand))
    if isinstance(action, UseBoost):
        return _apply_boost(content, state, action)
    if isinstance(action, Execute):
        return _apply_execute(content, state, action)
    if isinstance(action, DealBoost):
        state = replace(state, boosts=state.boosts + (action.boost,), dealt=state.dealt + (action.boost,),
                        pending_deals=state.pending_deals - 1)
        return state if state.pending_deals else _after_round(content, state)
    if isinstance(action, CorrectBoard):
        return apply_correction(content, state, action)
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover


def _intended_commands(state: GameState) -> tuple[Command, ...]:
    return tuple(card_command(c) for c in state.intended)


def _apply_boost(content: ContentPack, state: GameState, action: UseBoost) -> GameState:
    boost = content.boost(action.boost)
    kind = boost.kind
    held = tuple(b for b in state.boosts if b != action.boost)
    used = state.boosts_used + (action.boost,)
    if kind is BoostKind.CLEAR_SIGNAL:
        assert action.register is not None
        k = action.register
        cid = state.intended[k - 1]
        registers = list(state.registers)
        registers[k - 1] = cid
        text = said(N_("Register {register}: {command}."), register=k, command=said(card_command(cid).title))
        answer = BoostAnswer(action.boost, kind, text, register=k, card=cid)
        return replace(state, registers=tuple(registers), hand=tuple(c for c in state.hand if c != cid),
                       boosts=held, boosts_used=used, answers=state.answers + (answer,))
    if kind is BoostKind.CROSS_CHECK:
        # Identical cards cannot be told apart at the table, so the answer is about the command:
        # the lowest intended register of it not yet fixed, or "not part" when none is left.
        assert action.card is not None
        command = card_command(action.card)
        open_registers = [k for k, cid in enumerate(state.intended, start=1)
                          if card_command(cid) is command and state.registers[k - 1] is None]
        if not open_registers:
            text = said(N_("{command} is not part of the transmission."), command=said(command.title))
            answer = BoostAnswer(action.boost, kind, text, card=action.card)
        else:
            register = open_registers[0]
            text = said(N_("{command} goes in register {register}."), command=said(command.title),
                        register=register)
            answer = BoostAnswer(action.boost, kind, text, register=register, card=action.card)
        return replace(state, boosts=held, boosts_used=used, answers=state.answers + (answer,))
    if kind is BoostKind.DEBUG:
        gone = state.errors[0]
        hand = list(state.hand)
        hand.remove(gone)
        text = said(N_("{command} was the error; it is removed."), command=said(card_command(gone).title))
        answer = BoostAnswer(action.boost, kind, text, card=gone)
        return replace(state, hand=tuple(hand), errors=state.errors[1:], boosts=held, boosts_used=used,
                       answers=state.answers + (answer,))
    # Abort: RULES.md, Decode: Yes when legal and same end state and completions as intended.
    assert action.order is not None
    rules = rules_for(content)
    missions = _missions_map(content, state)
    proposed = tuple(card_command(c) for c in action.order)
    try:
        mine = rules.execute(state.position, proposed, missions)
        # The intended order is impossible only after a board correction while decoding.
        theirs = rules.execute(state.position, _intended_commands(state), missions)
    except IllegalAction:
        yes = False
    else:
        yes = mine.end == theirs.end and {c.mission for c in mine.completions} == {
            c.mission for c in theirs.completions}
    text = said(N_("Yes: proceed with that order.")) if yes else said(N_("No."))
    answer = BoostAnswer(action.boost, kind, text, yes=yes)
    return replace(state, boosts=held, boosts_used=used, answers=state.answers + (answer,))


def _apply_execute(content: ContentPack, state: GameState, action: Execute) -> GameState:
    """Run the order; :raises IllegalAction: with step and reason when a command is impossible."""
    rules = rules_for(content)
    commands = tuple(card_command(c) for c in action.order)
    execution = rules.execute(state.position, commands, _missions_map(content, state))
    log = RoundLog(len(state.drawn), state.card or "", state.intended, state.errors_drawn,
                   tuple(action.order),
                   execution.completions)
    deals = min(len(execution.completions), len(content.boosts) - len(state.dealt))
    state = replace(
        state,
        position=execution.end,
        completed=state.completed + tuple(
            Completion(c.mission, c.step) for c in execution.completions),
        last_execution=execution,
        rounds=state.rounds + (log,),
        pending_deals=deals,
        phase=Phase.DEAL,
    )
    return state if deals else _after_round(content, state)


def _after_round(content: ContentPack, state: GameState) -> GameState:
    """RULES.md, 7. Await: victory, next transmission, or defeat."""
    cleared = replace(state, intended=(), card=None, registers=(None,) * REGISTERS, hand=(), errors=(),
                      errors_drawn=(), pending_errors=0, answers=(), pending_deals=0)
    if not cleared.remaining_missions:
        return replace(cleared, phase=Phase.OVER)
    if len(cleared.drawn) < deck_size(content, cleared):
        return replace(cleared, phase=Phase.SELECT)
    return replace(cleared, phase=Phase.OVER)


def outcome(content: ContentPack, state: GameState) -> Outcome | None:
    """The result once the game is over (RULES.md, Score), else ``None``."""
    if state.phase is not Phase.OVER:
        return None
    victory = not state.remaining_missions
    total = deck_size(content, state)
    rule = content.score
    raw = rule.per_mission * len(state.completed)
    if victory:
        raw += rule.per_unused_transmission * (total - len(state.drawn))
        raw += rule.per_unused_boost * len(state.boosts)
    score = math.floor(raw * content.difficulty(state.difficulty).multiplier)
    return Outcome(victory, state.missions, state.completed_ids, len(state.drawn), total,
                   len(state.boosts), score)


# --------------------------------------------------------------------------- chance


def sample_chance(content: ContentPack, state: GameState, rng: random.Random) -> Action:
    """Draw the next chance outcome with ``rng`` (RULES.md, Setup; Reveal; Scramble; Confirm).

    :raises ValueError: when chance is not the actor.
    """
    phase = state.phase
    if phase is Phase.LAYOUT:
        if state.layout == "beginner":
            return Layout(tuple(content.beginner_layout))
        letters = [m.letter for m in content.modules]
        rng.shuffle(letters)
        intact = set(rng.sample(letters, content.standard_intact))
        board = [HALLWAY] * 25
        for (r, c), letter in zip(module_cells(), letters):
            board[index((r, c))] = letter if letter in intact else letter.lower()
        text = "".join(board)
        return Layout(tuple(text[i * SIZE:(i + 1) * SIZE] for i in range(SIZE)))
    if phase is Phase.MISSIONS:
        count = content.difficulty(state.difficulty).missions
        return DrawMissions(tuple(rng.sample([m.id for m in content.missions], count)))
    if phase is Phase.REVEAL:
        levels = segment_levels(content, state)
        level = rng.choice(sorted(levels.elements()))
        cards = [t.id for t in content.transmissions if t.level == level and t.id not in state.drawn]
        return Reveal(rng.choice(cards))
    if phase is Phase.ERROR:
        return DrawError(rng.choice(unselected_cards(content, state)))
    if phase is Phase.SCRAMBLE:
        hand = [c for c in state.intended if c not in state.registers] + list(state.errors)
        rng.shuffle(hand)
        return Scramble(tuple(hand))
    if phase is Phase.DEAL:
        left = [b.id for b in content.boosts if b.id not in state.dealt]
        return DealBoost(rng.choice(left))
    raise ValueError(f"chance does not act in the {phase.value} phase")


# --------------------------------------------------------------------------- the game object


class Game:
    """A game with its record: the checked interface the session and the CLI use.

    :param seed: any integer; each chance draw uses a generator keyed by the seed and the draw
        (see :meth:`rng`), so a replayed record continues exactly as the original would have.
    """

    def __init__(self, content: ContentPack, difficulty: str = "standard", layout: str = "standard",
                 seed: int = 0) -> None:
        self.content = content
        self.seed = seed
        self.state = new_state(content, difficulty, layout)
        self.actions: list[Action] = []
        #: For each action still in effect, its record index and the state before it (for undo).
        self.history: list[tuple[int, GameState]] = []
        #: Called with each action once it is played and recorded (the session's ``action`` event).
        self.on_play: Callable[[Action], None] | None = None

    @property
    def actor(self) -> Actor:
        return self.state.actor

    def reason(self, action: Action) -> str | None:
        if isinstance(action, Undo):
            why = undo_reason(self)
            if why is None and action.index != undo_target(self):
                why = said(N_("an undo now reverts action {index}, not {wanted}"), index=undo_target(self),
                           wanted=action.index)
            return why
        return reason(self.content, self.state, action)

    def play(self, action: Action) -> GameState:
        """Checked transition; records the action.

        The table's own actions are checked and applied by
        :mod:`companion.games.transmission.engine.correction`
        (:class:`~companion.games.transmission.engine.actions.CorrectBoard`) and
        :mod:`companion.games.transmission.engine.undo`
        (:class:`~companion.games.transmission.engine.actions.Undo`: back to the state before the last action
        in effect).

        :raises IllegalAction: with the reason (and step, for an impossible Execute); state unchanged.
        """
        if isinstance(action, Undo):  # engine/undo.py: back to the state before the last action
            new = revert(self, action)
        else:
            why = self.reason(action)
            if why is not None:
                raise IllegalAction(why)
            new = apply(self.content, self.state, action)  # Execute may raise IllegalAction here
            self.history.append((len(self.actions), self.state))
        self.state = new
        self.actions.append(action)
        if self.on_play is not None:
            self.on_play(action)
        return new

    def rng(self) -> random.Random:
        """The generator for the next chance draw, keyed by the seed and *which* draw it is.

        The key counts draws of the same kind (the k-th Transmission card, the k-th boost dealt),
        not actions, so the same seed deals the same layout, missions, Transmission cards and
        Signal Boosts whatever the Cadet does; error cards still depend on Mission Control's pick.
        """
        state = self.state
        key = {
            Phase.LAYOUT: "layout",
            Phase.MISSIONS: "missions",
            Phase.REVEAL: f"reveal:{len(state.drawn)}",
            Phase.ERROR: f"error:{len(state.drawn)}:{len(state.errors_drawn)}",
            Phase.SCRAMBLE: f"scramble:{len(state.drawn)}",
            Phase.DEAL: f"deal:{len(state.dealt)}",
        }.get(state.phase, state.phase.value)
        return random.Random(f"{self.seed}:{key}")

    def play_chance(self) -> list[Action]:
        """Play seeded chance outcomes until a player (or nobody) is to act; returns them."""
        played = []
        while self.state.actor is Actor.CHANCE:
            action = sample_chance(self.content, self.state, self.rng())
            self.play(action)
            played.append(action)
        return played

    def outcome(self) -> Outcome | None:
        return outcome(self.content, self.state)
