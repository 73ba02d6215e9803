"""The table flow: one explicit state machine shared by the Kivy app and the terminal.

Source: RULES.md, A transmission (one round); DESIGN.md, Session.

The session wraps a :class:`~companion.games.transmission.engine.game.Game` and adds what only the table
needs: which screen is up, the Cadet's arrangement of cards in the registers
while decoding, the step shown while the players mirror an execution, and the
last message for the table.  Intents (``confirm``, ``place``, ``use_boost``,
``execute`` ...) come from touch, keyboard, GPIO buttons or a card reader
alike; each either changes the session or leaves it untouched and sets
:attr:`Session.message` to a sentence naming what was wrong.

Screens, in order::

    BOARD_SETUP -> THINKING -> TRANSMISSION -> DECODE -> EXECUTE
        -> MISSION_COMPLETE (when a mission completed) -> THINKING ... -> END

Only :meth:`Session.view` (a :class:`~companion.games.transmission.engine.views.CadetView`) is meant for
screens.  :meth:`Session.mission_control_view` holds the secrets and goes only
to the chooser (the AI Mission Control, or a human MC's private screen).
"""

from __future__ import annotations

import enum
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.errors import IllegalAction
from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.engine.actions import (
    Action,
    Execute,
    Reveal,
    Select,
    Undo,
    UseBoost,
    to_json,
)
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import REGISTERS, Actor, Game, Phase
from companion.games.transmission.engine.undo import undo_reason, undo_target
from companion.games.transmission.engine.views import (
    CadetView,
    MissionControlView,
    cadet_view,
    mission_control_view,
)
from companion.games.transmission.table_state import after_undo, restore, table_state
from companion.table.config import UNDO_MODES

log = logging.getLogger(__name__)

#: The leave-out slot's number in :meth:`Session.place`.
LEAVE_OUT = 0


class Step(enum.Enum):
    """Which screen the table is on.  Values are the Kivy ``Screen`` names."""

    BOARD_SETUP = "board_setup"
    THINKING = "thinking"
    TRANSMISSION = "transmission"
    DECODE = "decode"
    EXECUTE = "execute"
    MISSION_COMPLETE = "mission_complete"
    END = "end"


class ScannedCard(Protocol):
    """A physical card read by the card reader: a :class:`~companion.games.transmission.cards.Card`."""

    @property
    def kind(self) -> str: ...

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


#: What :meth:`Session.scan` says about a card that has no part in the table flow now.
NOTHING_TO_DO = {
    "mission": "That is a mission card: missions stay secret; nothing to do with it now.",
    "boost": "That is the Signal Boost card {name}: use it with the Boost button or on the screen.",
    "module": "That is a module tile ({name}): it goes on the board; nothing to scan now.",
}


class Chooser(Protocol):
    """Mission Control's seat: picks 5 viable commands in intended order (RULES.md, 1. Select)."""

    def choose(self, view: MissionControlView) -> Sequence[Command]: ...


@dataclass(frozen=True)
class Event:
    """Something happened that a screen, a light or a buzzer may react to.

    kinds and their ``data``: ``step`` (screen changed); ``refused`` (an intent was refused,
    ``message`` says why; an impossible order adds ``step``, ``command``, ``reason``); ``placed``
    (``register``); ``boost`` (``message`` is Mission Control's answer; ``boost``, ``boost_kind``,
    ``register``, ``card``); ``executed`` (``order``, ``dealt``: the Signal Boost ids dealt);
    ``mission_complete`` (``message`` is the mission id, revealed now; ``step``); ``victory`` and
    ``defeat`` (``score``); ``action`` (``action``: every action of the record as it is played,
    chance and player alike, in :func:`companion.games.transmission.engine.actions.to_json` form); ``undo``
    (``message`` for
    the table; ``undone``: the action reverted, ``index``: its place in the record); ``corrected``
    (``message`` says what changed; ``rows``, ``cadet``, ``carrying``).

    Every intent that plays actions ends with an event that is not ``action`` (the store commits
    an intent's actions and the table state they lead to there, in one transaction).
    """

    kind: str
    message: str = ""
    data: dict[str, Any] = field(default_factory=dict)


class Session:
    """A game at the table.

    :param chooser: who plays Mission Control.
    :param seed: the game's seed (shown on Setup so a game can be replayed); random when ``None``.
    :param physical_deck: the table draws the real Transmission cards: after Mission Control's
        selection the session waits on the Transmission step for :meth:`draw_transmission` (a scanned
        or tapped card) instead of drawing one itself (``Config.physical_deck``).
    :param undo: ``"off"`` or ``"honor"`` (``Config.undo``): whether :meth:`undo` may revert an action.
    :param game: a game already under way (e.g. replayed from a record: see :meth:`from_record`);
        its chance is not drawn again and ``difficulty``, ``layout`` and ``seed`` are its own.
    :raises KeyError, ValueError: unknown difficulty, layout or undo mode.
    """

    def __init__(self, content: ContentPack, chooser: Chooser, difficulty: str = "standard",
                 layout: str = "standard", seed: int | None = None, *, physical_deck: bool = False,
                 undo: str = "off", game: Game | None = None) -> None:
        if undo not in UNDO_MODES:
            raise ValueError(f"undo is one of {', '.join(UNDO_MODES)}, not {undo!r}")
        self.content = content
        self.chooser = chooser
        self.physical_deck = physical_deck
        self.undo_mode = undo
        if game is None:
            self.seed = secrets.randbelow(1_000_000) if seed is None else seed
            self.game = Game(content, difficulty, layout, self.seed)
            self.game.play_chance()  # the layout and the secret missions
        else:
            self.seed = game.seed
            self.game = game
        self.game.on_play = self._played
        self.step = Step.BOARD_SETUP
        self.arrangement: list[str | None] = [None] * REGISTERS
        self.left_out: list[str] = []
        self.shown_steps = 0
        self.message = ""
        self._listeners: list[Callable[[Event], None]] = []

    # ------------------------------------------------------------------ observing

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener(event)`` for every :class:`Event` (on the caller's thread)."""
        self._listeners.append(listener)

    def _played(self, action: Action) -> None:
        self._emit("action", "", action=to_json(action))

    def _emit(self, kind: str, message: str = "", **data: Any) -> None:
        event = Event(kind, message, data)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:  # a broken listener must not break the game
                log.exception("event listener failed on %s", kind)

    def _refuse(self, message: str, **data: Any) -> bool:
        self.message = message
        self._emit("refused", message, **data)
        return False

    def _go(self, step: Step) -> None:
        self.step = step
        self.message = ""
        self._emit("step", step.value)

    def view(self) -> CadetView:
        """The table's view (no secrets)."""
        return cadet_view(self.content, self.game.state)

    def mission_control_view(self) -> MissionControlView:
        """Mission Control's secrets, for the chooser only; never put this on the table's screen."""
        return mission_control_view(self.content, self.game.state)

    # ------------------------------------------------------------------ flow

    def confirm(self) -> bool:
        """The "Continue" intent: leave an information screen.  Refused where it means nothing."""
        if self.step is Step.BOARD_SETUP:
            self._go(Step.THINKING)
            return True
        if self.step is Step.TRANSMISSION:
            if self.awaiting_draw:
                return self._refuse("Draw the top Transmission card and scan it (or tap it on the screen) "
                                    "first.")
            self._go(Step.DECODE)
            return True
        if self.step is Step.EXECUTE:
            execution = self.game.state.last_execution
            if execution is not None and self.shown_steps < len(execution.commands):
                self.shown_steps = len(execution.commands)
                self._emit("step", self.step.value)
                return True
            if execution is not None and execution.completions:
                self._go(Step.MISSION_COMPLETE)
                for c in execution.completions:
                    self._emit("mission_complete", c.mission, step=c.step)
            else:
                self._after_round()
            return True
        if self.step is Step.MISSION_COMPLETE:
            self._after_round()
            return True
        if self.step is Step.THINKING:
            return self._refuse("Mission Control is still choosing the commands.")
        return self._refuse("Nothing to continue here.")

    def _after_round(self) -> None:
        if self.game.state.phase is Phase.OVER:
            self._go(Step.END)
            result = self.game.outcome()
            if result is not None:
                self._emit("victory" if result.victory else "defeat", "", score=result.score)
        else:
            self._go(Step.THINKING)

    def choose_now(self) -> bool:
        """Ask the chooser and submit its pick (blocking; the app calls the chooser off the main thread)."""
        if self.step is not Step.THINKING:
            return self._refuse("Mission Control chooses only at the start of a transmission.")
        commands = tuple(self.chooser.choose(self.mission_control_view()))
        return self.submit_selection(commands)

    def submit_selection(self, commands: Sequence[Command]) -> bool:
        """Mission Control's 5 commands (RULES.md, 1. Select); then reveal, errors and scramble are drawn.

        Refused (and nothing changes) when not viable or not in the deck.
        """
        if self.step is not Step.THINKING or self.game.actor is not Actor.MISSION_CONTROL:
            return self._refuse("Mission Control chooses only at the start of a transmission.")
        try:
            self.game.play(Select(tuple(commands)))
        except IllegalAction:
            # The reason names Mission Control's commands: a secret, so neither logged nor shown.
            log.error("Mission Control's selection was refused as not viable (game seed %s)", self.seed)
            return self._refuse("Mission Control's selection was refused as not viable; "
                                f"please report seed {self.seed}.")
        if self.physical_deck:
            self.arrangement = [None] * REGISTERS
            self.left_out = []
            self._go(Step.TRANSMISSION)  # waits for draw_transmission
            return True
        self._deal_hand()
        return True

    def _deal_hand(self) -> None:
        """Play the seeded chance up to Decode (the Transmission card unless already revealed, errors,
        scramble) and show the Transmission step."""
        self.game.play_chance()
        self.arrangement = [None] * REGISTERS
        self.left_out = []
        state = self.game.state
        for k, cid in enumerate(state.registers):
            self.arrangement[k] = cid
        self._go(Step.TRANSMISSION)

    # ------------------------------------------------------------------ the physical deck

    @property
    def awaiting_draw(self) -> bool:
        """True while the table is to draw the top Transmission card (physical deck only)."""
        return self.step is Step.TRANSMISSION and self.game.state.phase is Phase.REVEAL

    def drawable_transmissions(self, distinct: bool = False) -> tuple[str, ...]:
        """The Transmission cards that may come next (not drawn, of a level still in this part of the
        deck; RULES.md, Transmission deck and difficulty), in pack order; ``()`` unless drawing now.
        With ``distinct``, one card per face (level, clear register, errors): the buttons of a screen.

        Public information: the deck's make-up and the cards drawn are on the table."""
        if not self.awaiting_draw:
            return ()
        out: list[str] = []
        faces: set[tuple[int, int | None, int]] = set()
        for t in self.content.transmissions:
            face = (t.level, t.clear_register, t.errors)
            if self.game.reason(Reveal(t.id)) is None and not (distinct and face in faces):
                out.append(t.id)
                faces.add(face)
        return tuple(out)

    def draw_transmission(self, card: str) -> bool:
        """The table drew Transmission card ``card`` from its own deck (scanned, or tapped on the screen);
        it supplies this round's Reveal instead of the seeded draw (RULES.md, 2. Reveal).

        Refused, nothing changed: not waiting for a draw (app-drawn deck, wrong step, already drawn this
        round), an unknown card, a card already drawn, a level that is not in this part of the deck.
        """
        if not self.physical_deck:
            return self._refuse("The app draws the Transmission cards in this game (the physical deck is "
                                "off); nothing to do with this card now.")
        if not self.awaiting_draw:
            if self.step is Step.TRANSMISSION or self.step is Step.DECODE:
                return self._refuse("This round's Transmission card is already drawn.")
            return self._refuse("The Transmission card is drawn after Mission Control has chosen.")
        card = self._same_face(card)
        why = self.game.reason(Reveal(card))
        if why is not None:
            return self._refuse(f"Transmission card {card}: {why}. Draw the top card of this game's deck.")
        self.game.play(Reveal(card))
        self._deal_hand()
        return True

    def _same_face(self, card: str) -> str:
        """``card``, or when it was already drawn, an undrawn card that reads the same (level, clear
        register, errors): identical cards cannot be told apart at the table, so a tap on the screen for
        one and a scan of its twin later must not clash."""
        state = self.game.state
        if card not in state.drawn:
            return card
        try:
            face = self.content.transmission(card)
        except KeyError:
            return card
        for other in self.content.transmissions:
            same = (other.level, other.clear_register, other.errors) == (face.level, face.clear_register,
                                                                         face.errors)
            if same and other.id not in state.drawn:
                return other.id
        return card

    # ------------------------------------------------------------------ scanned cards

    def scan(self, card: ScannedCard) -> bool:
        """A physical card read by the card reader (DESIGN.md, Session: ``scan`` intent).

        - a Command card while decoding goes to the next free register, in scan order (RULES.md,
          4. Decode); refused when no card of that command is left in the hand, or every register is
          full;
        - a Transmission card supplies the draw with the physical deck (:meth:`draw_transmission`);
        - any other card, or a card at another step: refused with a sentence saying why.

        Two cards of one command (two Norths) cannot be told apart at the table, so a scanned North
        places whichever North of the hand is not placed yet.
        """
        if card.kind == "command":
            return self._scan_command(card.id)
        if card.kind == "transmission":
            return self.draw_transmission(card.id)
        template = NOTHING_TO_DO.get(card.kind, "That card ({name}) has no part in the game now.")
        return self._refuse(template.format(name=card.name))

    def _scan_command(self, card: str) -> bool:
        try:
            command = card_command(card)
        except ValueError:
            return self._refuse(f"Unknown Command card {card!r}.")
        title = command.title
        if self.step is not Step.DECODE:
            return self._refuse(f"That is the Command card {title}: Command cards are scanned while "
                                "decoding, into the registers in order.")
        state = self.game.state
        unplaced = [c for c in self.unplaced() if card_command(c) is command]
        if not unplaced:
            if any(card_command(c) is command for c in state.hand):
                where = [str(k) for k, c in enumerate(self.arrangement, start=1)
                         if c is not None and card_command(c) is command and state.registers[k - 1] is None]
                spot = f"register {', '.join(where)}" if where else "the leave-out slot"
                return self._refuse(f"{title} is already placed ({spot}); Back takes the last card back.")
            fixed = [str(k) for k, c in enumerate(state.registers, start=1)
                     if c is not None and card_command(c) is command]
            if fixed:
                return self._refuse(f"{title} is fixed in register {', '.join(fixed)} by a clear signal; "
                                    "scan the other cards.")
            return self._refuse(f"{title} is not in the Cadet's hand this round.")
        free = [k for k in range(1, REGISTERS + 1) if self.arrangement[k - 1] is None]
        if not free:
            return self._refuse(f"All {REGISTERS} registers are full: Back takes the last card back, "
                                "or Execute.")
        chosen = card if card in unplaced else unplaced[0]
        return self.place(chosen, free[0])

    # ------------------------------------------------------------------ decode

    def _fixed(self, register: int) -> str | None:
        return self.game.state.registers[register - 1]

    def unplaced(self) -> tuple[str, ...]:
        """Hand cards in neither a register nor the leave-out slot, in hand order."""
        placed = {c for c in self.arrangement if c} | set(self.left_out)
        return tuple(c for c in self.game.state.hand if c not in placed)

    def place(self, card: str, register: int) -> bool:
        """Put a hand card in register 1-5, or in the leave-out slot (``LEAVE_OUT`` = 0).

        A card already in that register goes back to the hand.  Refused: not decoding, a card not
        in the hand, a register fixed by a clear signal, a full leave-out slot, a register out of range.
        """
        if self.step is not Step.DECODE:
            return self._refuse("Cards are placed only while decoding.")
        state = self.game.state
        if card not in state.hand:
            return self._refuse(f"Card {card} is not in the Cadet's hand.")
        if register == LEAVE_OUT:
            if state.leave_out == 0:
                return self._refuse("There is no error this time: every card must be used.")
            self._lift(card)
            if len(self.left_out) >= state.leave_out:
                self.left_out.pop(0)
            self.left_out.append(card)
        else:
            if not 1 <= register <= REGISTERS:
                return self._refuse(f"There is no register {register}; registers are 1 to 5.")
            if self._fixed(register) is not None:
                return self._refuse(f"Register {register} is fixed by a clear signal.")
            self._lift(card)
            self.arrangement[register - 1] = card
        self.message = ""
        self._emit("placed", card, register=register)
        return True

    def _lift(self, card: str) -> None:
        for k in range(REGISTERS):
            if self.arrangement[k] == card and self._fixed(k + 1) is None:
                self.arrangement[k] = None
        if card in self.left_out:
            self.left_out.remove(card)

    def take_back(self, card: str) -> bool:
        """Return a placed card to the hand (a fixed card stays)."""
        if self.step is not Step.DECODE:
            return self._refuse("Cards are moved only while decoding.")
        if card not in self.game.state.hand:
            return self._refuse(f"Card {card} cannot be moved.")
        self._lift(card)
        self._emit("placed", card, register=None)
        return True

    def clear_arrangement(self) -> bool:
        """Every unfixed card back to the hand."""
        if self.step is not Step.DECODE:
            return self._refuse("Cards are moved only while decoding.")
        state = self.game.state
        self.arrangement = list(state.registers)
        self.left_out = []
        self._emit("placed", "", register=None)
        return True

    def order(self) -> tuple[str, ...] | None:
        """The arranged order when all 5 registers are filled, else ``None``."""
        if any(c is None for c in self.arrangement):
            return None
        return tuple(c for c in self.arrangement if c is not None)

    def use_boost(self, boost: str, register: int | None = None, card: str | None = None) -> bool:
        """Spend a Signal Boost (RULES.md, 4. Decode).  Abort proposes the current arrangement.

        Mission Control's answer is in :attr:`message` and in the ``boost`` event.
        """
        if self.step is not Step.DECODE:
            return self._refuse("Signal Boosts are used only while decoding.")
        try:
            kind = self.content.boost(boost).kind
        except KeyError:
            return self._refuse(f"Unknown Signal Boost {boost!r}.")
        order = None
        if kind is BoostKind.ABORT:
            order = self.order()
            if order is None:
                return self._refuse("Abort: fill all five registers with your proposed order first.")
        try:
            self.game.play(UseBoost(boost, register, card, order))
        except IllegalAction as exc:
            return self._refuse(str(exc)[:1].upper() + str(exc)[1:] + ".")
        answer = self.game.state.answers[-1]
        state = self.game.state
        # Keep the arrangement in step with the hand: a clear signal fixes, Debug removes.
        for k, cid in enumerate(state.registers):
            if cid is not None:
                self._lift(cid)
                self.arrangement[k] = cid
        for k, cid in enumerate(self.arrangement):
            if cid is not None and cid not in state.hand and cid != state.registers[k]:
                self.arrangement[k] = None
        self.left_out = [c for c in self.left_out if c in state.hand][: state.leave_out]
        self.message = answer.text
        self._emit("boost", answer.text, boost=boost, boost_kind=answer.kind.value,
                   register=answer.register, card=answer.card)
        return True

    def execute(self) -> bool:
        """Run the arrangement (RULES.md, 5. Execute).

        Refused with the step and the reason when a command is impossible: nothing changes and the
        Cadet may rearrange.
        """
        if self.step is not Step.DECODE:
            return self._refuse("Execute comes after decoding.")
        order = self.order()
        if order is None:
            missing = [str(k) for k, c in enumerate(self.arrangement, start=1) if c is None]
            return self._refuse(f"Fill every register before executing (empty: {', '.join(missing)}).")
        try:
            self.game.play(Execute(order))
        except IllegalAction as exc:
            if exc.step is not None and exc.command is not None:
                title = Command.parse(exc.command).title
                return self._refuse(f"Impossible order, step {exc.step} ({title}): {exc.reason}.",
                                    step=exc.step, command=exc.command, reason=exc.reason)
            return self._refuse(f"{exc}.")
        held = set(self.game.state.boosts)
        self.game.play_chance()  # Signal Boosts dealt for completed missions
        dealt = tuple(b for b in self.game.state.boosts if b not in held)
        self.shown_steps = 0
        self._go(Step.EXECUTE)
        self._emit("executed", "", order=order, dealt=dealt)
        return True

    # ------------------------------------------------------------------ execute display

    def next_step(self) -> bool:
        """Show the next command's result while the players mirror the execution on the table."""
        execution = self.game.state.last_execution
        if self.step is not Step.EXECUTE or execution is None:
            return self._refuse("Nothing is being executed.")
        if self.shown_steps >= len(execution.commands):
            return self._refuse("Every command has been shown.")
        self.shown_steps += 1
        self._emit("step", self.step.value)
        return True

    def previous_step(self) -> bool:
        if self.step is not Step.EXECUTE or self.shown_steps == 0:
            return self._refuse("Already at the start of the execution.")
        self.shown_steps -= 1
        self._emit("step", self.step.value)
        return True

    @property
    def over(self) -> bool:
        return self.step is Step.END

    def record(self) -> dict[str, Any]:
        """The game record (content id, seed, every action)."""
        return self.game.to_record()

    # ------------------------------------------------------------------ saving and resuming (issue 5)

    def table_state(self) -> dict[str, Any]:
        """Where the table is, beyond the record: step, arrangement, left-out cards, execution step
        shown, message, settings (:mod:`companion.games.transmission.table_state`)."""
        return table_state(self)

    @classmethod
    def from_record(cls, content: ContentPack, chooser: Chooser, record: Mapping[str, Any],
                    table: Mapping[str, Any] | None = None, *, undo: str | None = None,
                    physical_deck: bool | None = None) -> Session:
        """The session of a saved game: ``record`` replayed, then the table put back as ``table`` says
        (mid-decode placements included), or where the game's phase calls for when ``table`` is
        missing or does not fit (:func:`companion.games.transmission.table_state.restore`).

        :param undo, physical_deck: the settings; default: those saved in ``table`` (else off).
        :raises RecordError: the record does not replay (another pack, a refused action ...).
        """
        from companion.games.transmission.engine.record import replay

        game = replay(dict(record), content)
        saved = table if isinstance(table, Mapping) else {}
        if undo is None:
            undo = saved.get("undo") if saved.get("undo") in UNDO_MODES else "off"
        if physical_deck is None:
            physical_deck = saved.get("physical_deck") is True
        session = cls(content, chooser, physical_deck=physical_deck, undo=str(undo), game=game)
        restore(session, table)
        return session

    # ------------------------------------------------------------------ undo and board correction

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now (a sentence for the table), or ``None``."""
        if self.undo_mode != "honor":
            return 'Undo is off at this table (the setting [game] undo = "honor" turns it on).'
        if self.step is Step.THINKING:
            return "Mission Control is choosing the next commands: nothing can be undone now."
        why = undo_reason(self.game)
        return None if why is None else f"Nothing can be undone: {why}."

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would revert an action now (e.g. to enable an Undo button)."""
        return self.undo_refusal() is None

    def undo(self) -> bool:
        """Revert exactly the last action the table took, on the honour system
        (:mod:`companion.games.transmission.engine.undo`).

        Only with ``undo="honor"``.  Reverts an Execute (its order goes back into the registers, on
        the Decode step), a Signal Boost spent, or a board correction, and never a chance action or
        an action a chance action has followed: a Transmission card, an error card and a dealt boost
        stay as they were.  Placing cards is not an action; take a card back instead.  The undo is an
        :class:`~companion.games.transmission.engine.actions.Undo` in the record.  Refused with the reason,
        nothing changed.
        """
        why = self.undo_refusal()
        if why is not None:
            return self._refuse(why)
        index = undo_target(self.game)
        assert index is not None  # undo_refusal said an action is in effect
        target = self.game.actions[index]
        self.game.play(Undo(index))
        before = self.step
        self.message = after_undo(self, target)
        if self.step is not before:
            self._emit("step", self.step.value)
        self._emit("undo", self.message, undone=to_json(target), index=index)
        return True

    def correct_board(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> bool:
        """The table says how the board really stands (a
        :class:`~companion.games.transmission.engine.actions.CorrectBoard`).

        :param rows: 5 strings of 5 characters in referee notation (``.``, upper-case intact,
            lower-case damaged).
        :param cadet: the Cadet's cell ``(row, col)``.
        :param carrying: the carried device's letter (either case), or ``None`` / ``""``.

        Between transmissions and while decoding (:mod:`companion.games.transmission.engine.correction` says
        what is checked
        and why it completes no mission by itself); refused, with what is wrong and nothing changed,
        while Mission Control chooses, at the end, or for a board that breaks the rules.
        """
        if self.step is Step.THINKING:
            return self._refuse("Mission Control is choosing the commands for the board as it is; "
                                "correct it once the Transmission card is shown.")
        if self.step is Step.END:
            return self._refuse("The game is over: there is no board to correct.")
        from companion.games.transmission.engine.correction import correction_from, describe

        action = correction_from(rows, cadet, carrying)
        if isinstance(action, str):
            return self._refuse(action)
        before = self.game.state.position
        try:
            self.game.play(action)
        except IllegalAction as exc:
            return self._refuse(str(exc)[:1].upper() + str(exc)[1:] + ".")
        self.message = describe(self.content, before, self.game.state.position)
        self._emit("corrected", self.message, rows=list(action.rows), cadet=list(action.cadet),
                   carrying=action.carrying)
        return True
