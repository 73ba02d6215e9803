"""The table flow: one explicit state machine shared by the Kivy app and the terminal.

Source: RULES.md, A transmission (one round); DESIGN.md, Session.

The session wraps a :class:`~companion.games.transmission.engine.game.Game` and adds what only the table
needs: which screen is up, the Cadet's arrangement of cards in the registers while decoding
(:class:`~companion.games.transmission.decode.Arrangement`), the step shown while the players mirror an
execution, and the last message for the table (in its language).  Intents (:class:`.Intents`:
``confirm``, ``place``, ``use_boost``, ``execute`` ...) come from touch, keyboard, GPIO buttons or a
card reader alike; each either changes the session or leaves it untouched and sets
:attr:`Session.message` to a sentence naming what was wrong.  Listeners hear typed events.

Screens, in order::

    BOARD_SETUP -> THINKING -> TRANSMISSION -> DECODE -> EXECUTE
        -> MISSION_COMPLETE (when a mission completed) -> THINKING ... -> END

Only :meth:`Session.view` (a :class:`~companion.games.transmission.table_view.TableView`) is meant for
screens.  :meth:`Session.mission_control_view` holds the secrets and goes only to the chooser (the AI
Mission Control, or a human MC's private screen).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from companion.errors import IllegalAction
from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.deck import draw_refusal, drawable, same_face
from companion.games.transmission.decode import LEAVE_OUT, NOTHING_TO_DO, Arrangement, scan_placement
from companion.games.transmission.engine.actions import (
    Action,
    CorrectBoard,
    Execute,
    Reveal,
    Select,
    Undo,
    UseBoost,
    to_json,
)
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.correction import correction_from, correction_reason, describe
from companion.games.transmission.engine.game import Game
from companion.games.transmission.engine.record import record_of, replay
from companion.games.transmission.engine.state import REGISTERS, Actor, Phase
from companion.games.transmission.engine.undo import undo_reason, undo_target
from companion.games.transmission.engine.views import MissionControlView, cadet_view, mission_control_view
from companion.games.transmission.events import (
    BoostAnswered,
    Corrected,
    Defeat,
    Executed,
    MissionComplete,
    Placed,
    Refused,
    StepChanged,
    Undone,
    Victory,
)
from companion.games.transmission.intents import ScannedCard
from companion.games.transmission.table_state import restore, table_state
from companion.games.transmission.table_view import Step, TableView, table_view
from companion.i18n import N_, _
from companion.table import seed_report
from companion.table.config import UNDO_MODES
from companion.table.events import ActionPlayed, Listener, Publisher

__all__ = ["LEAVE_OUT", "NOTHING_TO_DO", "Chooser", "ScannedCard", "Session", "Step"]

log = logging.getLogger(__name__)

class Chooser(Protocol):
    """Mission Control's seat: picks 5 viable commands in intended order (RULES.md, 1. Select)."""

    def choose(self, view: MissionControlView) -> Sequence[Command]: ...


class Session:
    """A game at the table; implements :class:`~companion.games.transmission.intents.Intents`.

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
        self._cards = Arrangement()  # the Cadet's cards in the registers and the leave-out slot
        self.shown_steps = 0
        self.message = ""
        self.seed_reports: Path | None = None  # the seed report's folder ([store] data_dir); None: default
        self._events = Publisher()

    # ------------------------------------------------------------------ observing

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` on the caller's thread for every event (``events`` module)."""
        self._events.subscribe(listener)

    def _played(self, action: Action) -> None:
        self._events.publish(ActionPlayed(to_json(action)))

    def _refuse(self, message: str, *, step: int | None = None, command: str | None = None,
                reason: str | None = None) -> bool:
        self.message = message
        self._events.publish(Refused(message, step, command, reason))
        return False

    def _go(self, step: Step) -> None:
        self.step = step
        self.message = ""
        self._events.publish(StepChanged(step))

    def view(self) -> TableView:
        """The table's view (no secrets) with where the table is in the flow."""
        state = self.game.state
        # The seed deals the secret missions (with the content pack): shown only once they are revealed.
        shown_seed = self.seed if state.phase is Phase.OVER else None
        return table_view(
            cadet_view(self.content, state), step=self.step, seed=shown_seed,
            arrangement=tuple(self._cards.registers), left_out=tuple(self._cards.left_out),
            unplaced=self.unplaced(), order=self.order(), shown_steps=self.shown_steps, message=self.message,
            awaiting_draw=self.awaiting_draw, drawable=self.drawable_transmissions(distinct=True))

    def mission_control_view(self) -> MissionControlView:
        """Mission Control's secrets, for the chooser only; never put this on the table's screen."""
        return mission_control_view(self.content, self.game.state)

    @property
    def arrangement(self) -> list[str | None]:
        """Per register 1-5 the card the Cadet put there (fixed ones included), else ``None`` (a copy)."""
        return list(self._cards.registers)

    @property
    def left_out(self) -> list[str]:
        """The cards in the leave-out slot (a copy)."""
        return list(self._cards.left_out)

    def put_table(self, step: Step, arrangement: Arrangement, shown_steps: int, message: str) -> None:
        """Put the table back where a saved table state says, without events
        (:func:`companion.games.transmission.table_state.restore` checks it fits the game first)."""
        self.step = step
        self._cards = arrangement
        self.shown_steps = shown_steps
        self.message = message

    # ------------------------------------------------------------------ flow

    def confirm(self) -> bool:
        """The "Continue" intent: leave an information screen.  Refused where it means nothing."""
        if self.step is Step.BOARD_SETUP:
            self._go(Step.THINKING)
            return True
        if self.step is Step.TRANSMISSION:
            if self.awaiting_draw:
                return self._refuse(_("Draw the top Transmission card and scan it (or tap it on the screen) "
                                      "first."))
            self._go(Step.DECODE)
            return True
        if self.step is Step.EXECUTE:
            execution = self.game.state.last_execution
            if execution is not None and self.shown_steps < len(execution.commands):
                self.shown_steps = len(execution.commands)
                self._events.publish(StepChanged(self.step))
                return True
            if execution is not None and execution.completions:
                self._go(Step.MISSION_COMPLETE)
                for c in execution.completions:
                    self._events.publish(MissionComplete(c.mission, c.step))
            else:
                self._after_round()
            return True
        if self.step is Step.MISSION_COMPLETE:
            self._after_round()
            return True
        if self.step is Step.THINKING:
            return self._refuse(_("Mission Control is still choosing the commands."))
        return self._refuse(_("Nothing to continue here."))

    def _after_round(self) -> None:
        if self.game.state.phase is Phase.OVER:
            self._go(Step.END)
            result = self.game.outcome()
            if result is not None:
                self._events.publish(Victory(result.score) if result.victory else Defeat(result.score))
        else:
            self._go(Step.THINKING)

    def choose_now(self) -> bool:
        """Ask the chooser and submit its pick (blocking; the app calls the chooser off the main thread)."""
        if self.step is not Step.THINKING:
            return self._refuse(_("Mission Control chooses only at the start of a transmission."))
        commands = tuple(self.chooser.choose(self.mission_control_view()))
        return self.submit_selection(commands)

    def submit_selection(self, commands: Sequence[Command]) -> bool:
        """Mission Control's 5 commands (RULES.md, 1. Select); then reveal, errors and scramble are drawn.

        Refused (and nothing changes) when not viable or not in the deck.
        """
        if self.step is not Step.THINKING or self.game.actor is not Actor.MISSION_CONTROL:
            return self._refuse(_("Mission Control chooses only at the start of a transmission."))
        try:
            self.game.play(Select(tuple(commands)))
        except IllegalAction:
            # The commands and the seed (they deal the missions) are secrets: the log names a digest.
            log.error("Mission Control's selection was refused as not viable (transmission %d, %s, %s, "
                      "seed %s)",
                      len(self.game.state.drawn) + 1, self.content.id, self.game.state.difficulty,
                      seed_report.keep_seed(self.seed, self.seed_reports))
            return self._refuse(_("Mission Control's selection was refused as not viable; please report it "
                                  "with the log."))
        if self.physical_deck:
            self._cards = Arrangement()
            self._go(Step.TRANSMISSION)  # waits for draw_transmission
            return True
        self._deal_hand()
        return True

    def _deal_hand(self) -> None:
        """Play the seeded chance up to Decode (the Transmission card unless already revealed, errors,
        scramble) and show the Transmission step."""
        self.game.play_chance()
        self._cards = Arrangement(self.game.state.registers)
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
        return drawable(self.content, self.game, distinct) if self.awaiting_draw else ()

    def draw_transmission(self, card: str) -> bool:
        """The table drew Transmission card ``card`` from its own deck (scanned, or tapped on the screen);
        it supplies this round's Reveal instead of the seeded draw (RULES.md, 2. Reveal).

        Refused, nothing changed: not waiting for a draw (app-drawn deck, wrong step, already drawn this
        round), an unknown card, a card already drawn, a level that is not in this part of the deck.
        """
        if not self.physical_deck:
            return self._refuse(_("The app draws the Transmission cards in this game (the physical deck is "
                                  "off); nothing to do with this card now."))
        if not self.awaiting_draw:
            if self.step is Step.TRANSMISSION or self.step is Step.DECODE:
                return self._refuse(_("This round's Transmission card is already drawn."))
            return self._refuse(_("The Transmission card is drawn after Mission Control has chosen."))
        card = same_face(self.content, self.game.state.drawn, card)
        why = draw_refusal(self.content, self.game, card)
        if why is not None:
            return self._refuse(why)
        self.game.play(Reveal(card))
        self._deal_hand()
        return True

    # ------------------------------------------------------------------ scanned cards

    def scan(self, card: ScannedCard) -> bool:
        """A physical card read by the card reader (DESIGN.md, Session: ``scan`` intent).

        - a Command card while decoding goes to the next free register, in scan order (RULES.md,
          4. Decode; :func:`companion.games.transmission.decode.scan_placement`); refused when no card
          of that command is left in the hand, or every register is full;
        - a Transmission card supplies the draw with the physical deck (:meth:`draw_transmission`);
        - any other card, or a card at another step: refused with a sentence saying why.
        """
        if card.kind == "command":
            return self._scan_command(card.id)
        if card.kind == "transmission":
            return self.draw_transmission(card.id)
        template = NOTHING_TO_DO.get(card.kind, N_("That card ({name}) has no part in the game now."))
        return self._refuse(_(template).format(name=card.name))

    def _scan_command(self, card: str) -> bool:
        try:
            title = _(card_command(card).title)
        except ValueError:
            return self._refuse(_("Unknown Command card {card}.").format(card=repr(card)))
        if self.step is not Step.DECODE:
            return self._refuse(_("That is the Command card {title}: Command cards are scanned while "
                                  "decoding, into the registers in order.").format(title=title))
        where = scan_placement(card, title, self.game.state, self._cards)
        if isinstance(where, str):
            return self._refuse(where)
        return self.place(*where)

    # ------------------------------------------------------------------ decode

    def unplaced(self) -> tuple[str, ...]:
        """Hand cards in neither a register nor the leave-out slot, in hand order."""
        return self._cards.unplaced(self.game.state.hand)

    def place(self, card: str, register: int) -> bool:
        """Put a hand card in register 1-5, or in the leave-out slot (``LEAVE_OUT`` = 0).

        A card already in that register goes back to the hand.  Refused: not decoding, a card not
        in the hand, a register fixed by a clear signal, a full leave-out slot, a register out of range.
        """
        if self.step is not Step.DECODE:
            return self._refuse(_("Cards are placed only while decoding."))
        state = self.game.state
        if card not in state.hand:
            return self._refuse(_("That card is not in the Cadet's hand."))
        if register == LEAVE_OUT:
            if state.leave_out == 0:
                return self._refuse(_("There is no error this time: every card must be used."))
            self._cards.leave_out(card, state.leave_out, state.registers)
        else:
            if not 1 <= register <= REGISTERS:
                return self._refuse(_("There is no register {n}; registers are 1 to 5.").format(n=register))
            if state.registers[register - 1] is not None:
                return self._refuse(_("Register {n} is fixed by a clear signal.").format(n=register))
            self._cards.put(card, register, state.registers)
        self.message = ""
        self._events.publish(Placed(card, register))
        return True

    def take_back(self, card: str) -> bool:
        """Return a placed card to the hand (a fixed card stays)."""
        if self.step is not Step.DECODE:
            return self._refuse(_("Cards are moved only while decoding."))
        if card not in self.game.state.hand:
            return self._refuse(_("That card is not in the Cadet's hand: it cannot be moved."))
        self._cards.lift(card, self.game.state.registers)
        self._events.publish(Placed(card, None))
        return True

    def clear_arrangement(self) -> bool:
        """Every unfixed card back to the hand."""
        if self.step is not Step.DECODE:
            return self._refuse(_("Cards are moved only while decoding."))
        self._cards = Arrangement(self.game.state.registers)
        self._events.publish(Placed("", None))
        return True

    def order(self) -> tuple[str, ...] | None:
        """The arranged order when all 5 registers are filled, else ``None``."""
        return self._cards.order()

    def use_boost(self, boost: str, register: int | None = None, card: str | None = None) -> bool:
        """Spend a Signal Boost (RULES.md, 4. Decode).  Abort proposes the current arrangement.

        Mission Control's answer is in :attr:`message` and in the
        :class:`~companion.games.transmission.events.BoostAnswered` event.
        """
        if self.step is not Step.DECODE:
            return self._refuse(_("Signal Boosts are used only while decoding."))
        try:
            kind = self.content.boost(boost).kind
        except KeyError:
            return self._refuse(_("Unknown Signal Boost {boost}.").format(boost=repr(boost)))
        order = None
        if kind is BoostKind.ABORT:
            order = self.order()
            if order is None:
                return self._refuse(_("Abort: fill all five registers with your proposed order first."))
        try:
            self.game.play(UseBoost(boost, register, card, order))
        except IllegalAction as exc:
            return self._refuse(_sentence(str(exc)))
        self._cards.sync(self.game.state)  # a clear signal fixes a card, Debug removes one
        self._answered(boost)
        return True

    def _answered(self, boost: str) -> None:
        """Mission Control's answer to the Signal Boost just spent, said to the whole table."""
        answer = self.game.state.answers[-1]
        self.message = answer.text
        self._events.publish(BoostAnswered(answer.text, boost, answer.kind, answer.register, answer.card))

    def execute(self) -> bool:
        """Run the arrangement (RULES.md, 5. Execute).

        Refused with the step and the reason when a command is impossible: nothing changes and the
        Cadet may rearrange.
        """
        if self.step is not Step.DECODE:
            return self._refuse(_("Execute comes after decoding."))
        order = self.order()
        if order is None:
            text = _("Fill every register before executing (empty: {missing}).")
            return self._refuse(text.format(missing=", ".join(str(k) for k in self._cards.empty())))
        try:
            self.game.play(Execute(order))
        except IllegalAction as exc:
            if exc.step is not None and exc.command is not None:
                text = _("Impossible order, step {step} ({title}): {reason}.").format(
                    step=exc.step, title=_(Command.parse(exc.command).title), reason=exc.reason)
                return self._refuse(text, step=exc.step, command=exc.command, reason=exc.reason)
            return self._refuse(f"{exc}.")
        held = set(self.game.state.boosts)
        self.game.play_chance()  # Signal Boosts dealt for completed missions
        dealt = tuple(b for b in self.game.state.boosts if b not in held)
        self.shown_steps = 0
        self._go(Step.EXECUTE)
        self._events.publish(Executed(order, dealt))
        return True

    # ------------------------------------------------------------------ execute display

    def next_step(self) -> bool:
        """Show the next command's result while the players mirror the execution on the table."""
        execution = self.game.state.last_execution
        if self.step is not Step.EXECUTE or execution is None:
            return self._refuse(_("Nothing is being executed."))
        if self.shown_steps >= len(execution.commands):
            return self._refuse(_("Every command has been shown."))
        self.shown_steps += 1
        self._events.publish(StepChanged(self.step))
        return True

    def previous_step(self) -> bool:
        """Show the execution one command back."""
        if self.step is not Step.EXECUTE or self.shown_steps == 0:
            return self._refuse(_("Already at the start of the execution."))
        self.shown_steps -= 1
        self._events.publish(StepChanged(self.step))
        return True

    @property
    def over(self) -> bool:
        return self.step is Step.END

    def record(self) -> dict[str, Any]:
        """The game record (content id, seed, every action)."""
        return record_of(self.game)

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
            return _('Undo is off at this table (the setting [game] undo = "honor" turns it on).')
        if self.step is Step.THINKING:
            return _("Mission Control is choosing the next commands: nothing can be undone now.")
        why = undo_reason(self.game)
        return None if why is None else _("Nothing can be undone: {why}.").format(why=why)

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
        self.message = self._after_undo(target)
        if self.step is not before:
            self._events.publish(StepChanged(self.step))
        self._events.publish(Undone(self.message, to_json(target), index))
        return True

    def _after_undo(self, target: Action) -> str:
        """Put the table where it was before ``target``, which an undo has just reverted.

        An undone Execute brings its order back into the registers (and the unused card into the
        leave-out slot) on the Decode step; an undone Signal Boost or correction leaves the step as it
        is.  :returns: the sentence for the table.
        """
        state = self.game.state
        if isinstance(target, Execute):
            self.step = Step.DECODE
            self._cards = Arrangement(target.order, [c for c in state.hand if c not in target.order]
                                           [: state.leave_out])
            self.shown_steps = 0
            return _("Undone: the order is back in the registers; change it and execute again.")
        self._cards.sync(state)
        if isinstance(target, UseBoost):
            name = _(self.content.boost(target.boost).name)  # a pack's name is never empty
            return _("Undone: {name} is back in the Cadet's hand.").format(name=name)
        if isinstance(target, CorrectBoard):
            return _("Undone: the board correction; the board is as it was before it.")
        return _("Undone.")  # pragma: no cover - only the actions above can be undone

    def choosing_on_the_board(self) -> bool:
        """True while Thinking: the AI's search reads the board (a person's seat says otherwise)."""
        return True

    def correction_problem(self, rows: Sequence[str], cadet: Sequence[int],
                           carrying: str | None) -> str | None:
        """Why the rules object to correcting the board to ``rows``, ``cadet``, ``carrying`` now (a
        phrase, :func:`companion.games.transmission.engine.correction.correction_reason`), or ``None``.
        Changes nothing; for a screen that checks a board while it is edited."""
        action = correction_from(rows, cadet, carrying)
        if isinstance(action, str):
            return action
        return correction_reason(self.content, self.game.state, action)

    def correct_board(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> bool:
        """The table says how the board really stands (a
        :class:`~companion.games.transmission.engine.actions.CorrectBoard`).

        :param rows: 5 strings of 5 characters in referee notation (``.``, upper-case intact,
            lower-case damaged).
        :param cadet: the Cadet's cell ``(row, col)``.
        :param carrying: the carried device's letter (either case), or ``None`` / ``""``.

        Between transmissions and while decoding (:mod:`companion.games.transmission.engine.correction`
        says what is checked and why it completes no mission by itself); refused, with what is wrong and
        nothing changed, while Mission Control chooses, at the end, or for a board that breaks the rules.
        """
        if self.step is Step.THINKING and self.choosing_on_the_board():
            return self._refuse(_("Mission Control is choosing for this board: correct it once the "
                                  "Transmission card is shown."))
        if self.step is Step.END:
            return self._refuse(_("The game is over: there is no board to correct."))
        action = correction_from(rows, cadet, carrying)
        if isinstance(action, str):
            return self._refuse(action)
        before = self.game.state.position
        try:
            self.game.play(action)
        except IllegalAction as exc:
            return self._refuse(_sentence(str(exc)))
        self.message = describe(self.content, before, self.game.state.position)
        self._events.publish(Corrected(self.message, action.rows, action.cadet, action.carrying))
        return True


def _sentence(phrase: str) -> str:
    """A rule's phrase as a sentence for the table: capitalised, with a full stop."""
    return phrase[:1].upper() + phrase[1:] + "."
