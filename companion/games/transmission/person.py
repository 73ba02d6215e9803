"""A person as Mission Control: the companion deals and referees, the person keeps the secrets.

Source: RULES.md, With a person as Mission Control; A transmission (one round).  A
:class:`PersonSession` is a :class:`~companion.games.transmission.session.Session` whose Mission
Control is a player at the table.  The secrets (the missions, the intended order, which card is the
error, a private Signal Boost answer) are shown only on *the Mission Control screen*, which the person
opens on purpose (:meth:`PersonSession.open_seat`) and reads through :meth:`PersonSession.seat_view`
(a :class:`~companion.games.transmission.seat_view.SeatView`).  :meth:`PersonSession.view`, every
event but the store's :class:`~companion.table.events.ActionPlayed`, every message and every log line
stay as free of secrets as in a game against the companion.

The person's steps, each an intent that is refused (nothing changed, the reason in
:attr:`PersonSession.seat_message`, only a neutral sentence for the table) when it does not fit:

- the missions: drawn by the companion, or with ``physical_missions`` entered card by card
  (:meth:`enter_mission`, scanned or tapped) once the screen is open;
- the selection: :meth:`pick` commands in intended order (tapped or scanned Command cards),
  :meth:`take_back_pick`, :meth:`clear_picks`, then :meth:`lock_in`; a command that makes the order not
  viable is refused naming the step and why (RULES.md, 1. Select);
- with ``physical_deck`` the table draws the Transmission card (as against the companion) and the
  person draws the error card from the 6 unselected Command cards and tells the companion
  (:meth:`draw_error`); otherwise the companion draws both and the screen names the card to add;
- Signal Boosts: answered by the companion for all to see, or with ``private_boosts`` shown on the
  person's screen only, to be answered aloud.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from companion.errors import IllegalAction, said
from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.decode import Arrangement
from companion.games.transmission.engine.actions import DrawError, DrawMissions, Select
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import Game, sample_chance, unselected_cards
from companion.games.transmission.engine.record import replay
from companion.games.transmission.engine.state import Actor, BoostAnswer, Phase, rules_for
from companion.games.transmission.engine.undo import undo_reason
from companion.games.transmission.events import BoostAnswered, Refused, SeatChanged
from companion.games.transmission.intents import ScannedCard
from companion.games.transmission.seat_view import Coach, SeatView, seat_view
from companion.games.transmission.session import Chooser, Session, Step
from companion.games.transmission.table_state import restore
from companion.games.transmission.table_view import TableView
from companion.i18n import N_, _, ngettext
from companion.table.config import UNDO_MODES, Config

__all__ = ["MC_SEATS", "Coach", "Planning", "PersonSession", "SeatView", "table_session"]

#: Who may sit in the Mission Control seat (``[game] mission_control``, Setup).
MC_SEATS = ("companion", "person")

#: What the Cadet's screens say while the person has the Mission Control screen open.
SEAT_OPEN = N_("Mission Control is looking at their screen: turned away from the Cadet, please.")


@runtime_checkable
class Planning(Protocol):
    """A chooser that also says how far the win is (the AI planner): what the coach shows."""

    def plan(self, view: Any) -> Any: ...


class PersonSession(Session):
    """A game with a person as Mission Control (see the module docstring).

    :param chooser: the AI Mission Control, asked only by the coach (:meth:`coach_advice`).
    :param physical_missions: the person draws physical Mission cards and enters them.
    :param private_boosts: Signal Boost answers go to the person's screen, to be said aloud.
    :param coach: the person's screen offers the AI's pick and the fewest transmissions still possible.
    The other parameters are :class:`~companion.games.transmission.session.Session`'s;
    ``physical_deck`` also has the person draw the error cards.

    :raises KeyError, ValueError: unknown difficulty, layout or undo mode.
    """

    def __init__(self, content: ContentPack, chooser: Chooser, difficulty: str = "standard",
                 layout: str = "standard", seed: int | None = None, *, physical_deck: bool = False,
                 undo: str = "off", game: Game | None = None, physical_missions: bool = False,
                 private_boosts: bool = False, coach: bool = False) -> None:
        if undo not in UNDO_MODES:
            raise ValueError(f"undo is one of {', '.join(UNDO_MODES)}, not {undo!r}")
        if game is None:
            game = Game(content, difficulty, layout, secrets.randbelow(1_000_000) if seed is None else seed)
            game.play(sample_chance(content, game.state, game.rng()))  # the layout
            if not physical_missions:
                game.play_chance()  # the secret missions
        super().__init__(content, chooser, physical_deck=physical_deck, undo=undo, game=game)
        self.mission_control = "person"
        self.physical_missions = physical_missions
        self.private_boosts = private_boosts
        self.coach = coach
        #: The Mission Control screen is open.
        self.seat_open = False
        #: The last sentence for the person's eyes only (a refused pick, a boost to answer), or ``""``.
        self.seat_message = ""
        self._picks: list[Command] = []
        self._mission_picks: list[str] = []
        self._to_answer = ""
        self._note = ""  # said on the Mission Control screen when it next opens
        self._table_told = False  # the table's message bar holds a refusal's neutral word

    # ------------------------------------------------------------------ the seat

    def _seat(self, message: str = "") -> None:
        self.seat_message = message
        told, self._table_told = self._table_told, False  # the screen moved past its refusal
        self._events.publish(SeatChanged(self.seat_open, clear_table=told))

    def _private_refusal(self, message: str) -> bool:
        """Refuse an intent of the person's screen: the reason only there, the table hears a neutral word."""
        self.seat_message = message
        self._events.publish(Refused(_("Mission Control: not accepted; the reason is on the Mission Control "
                                       "screen.")))
        self._table_told = True
        self._events.publish(SeatChanged(self.seat_open))
        return False

    def open_seat(self) -> bool:
        """The person opens the Mission Control screen (after the hold and the "turn the screen away" cue)."""
        if self.step is Step.END:
            return self._refuse(_("The game is over: every mission is on the End screen."))
        self.seat_open = True
        self._seat(self._note)
        self._note = ""
        return True

    def close_seat(self) -> bool:
        """Leave the Mission Control screen: the secrets are hidden again."""
        self.seat_open = False
        self._to_answer = ""  # the answer was on the screen just left: said aloud by now
        self._seat()
        return True

    @property
    def awaiting_missions(self) -> bool:
        """True while the person is to enter the physical Mission cards they drew."""
        return self.game.state.phase is Phase.MISSIONS

    @property
    def awaiting_error(self) -> bool:
        """True while the person is to draw the error card and tell the companion (physical deck)."""
        return self.step is Step.TRANSMISSION and self.game.state.phase is Phase.ERROR

    def waiting_for(self) -> str:
        """What the table waits for Mission Control to do, for everyone to read (no secret)."""
        if self.seat_open:
            return _(SEAT_OPEN)
        if self.step is Step.THINKING or (self.step is Step.BOARD_SETUP and self.awaiting_missions):
            if self.awaiting_missions:
                count = self.content.difficulty(self.game.state.difficulty).missions
                return _("Mission Control: draw {count} Mission cards and enter them on the Mission Control "
                         "screen (press and hold Mission Control).").format(count=count)
            return _("Mission Control is choosing 5 commands on the Mission Control screen (press and hold).")
        if self.awaiting_error:
            return _("Mission Control: draw the error card from your 6 unselected Command cards and enter it "
                     "on the Mission Control screen.")
        if self.step is Step.TRANSMISSION:
            return _("Mission Control: hand the cards over as your screen says (press and hold to see it).")
        if self._to_answer:
            return _("Mission Control answers the Signal Boost aloud (it is on their screen).")
        return ""

    def view(self) -> TableView:
        """The table's view (:meth:`Session.view`) with who is Mission Control and what the table waits
        for; with ``private_boosts`` the answers are the person's to say, so only their boosts show."""
        base = super().view()
        answers = base.answers
        if self.private_boosts:
            aloud = _("Mission Control answers aloud.")
            answers = tuple(BoostAnswer(a.boost, a.kind, aloud) for a in answers)
        total = base.missions_total or self.content.difficulty(self.game.state.difficulty).missions
        return replace(base, answers=answers, missions_total=total, mission_control="person",
                       seat_open=self.seat_open, waiting_for=self.waiting_for())

    def seat_view(self) -> SeatView:
        """The Mission Control screen's view: the secrets.  Only for that screen, and only while it is open
        (the terminal's private step); :raises IllegalAction: when the screen is closed."""
        if not self.seat_open:
            raise IllegalAction(said(N_("the Mission Control screen is closed")))
        return seat_view(self.content, self.game, self.step.value, picks=tuple(self._picks),
                         mission_picks=tuple(self._mission_picks), answer=self._to_answer,
                         message=self.seat_message, coach=self.coach, awaiting_error=self.awaiting_error)

    # ------------------------------------------------------------------ missions

    def enter_mission(self, mission: str) -> bool:
        """A physical Mission card the person drew (scanned or tapped), RULES.md, With a person as Mission
        Control; the third one deals the missions (a chance action in the record)."""
        if not self.seat_open:
            return self._refuse(_("Mission cards are entered on the Mission Control screen: press and hold "
                                  "Mission Control, turned away from the Cadet."))
        if not self.awaiting_missions:
            return self._private_refusal(_("The missions are already dealt; that card stays out of the "
                                           "game."))
        try:
            title = pack_text(self.content.mission(mission).title)
        except KeyError:
            return self._private_refusal(_("Unknown Mission card {card}.").format(card=repr(mission[:20])))
        if mission in self._mission_picks:
            return self._private_refusal(_("{title} is entered already: draw another Mission card.")
                                         .format(title=title))
        self._mission_picks.append(mission)
        count = self.content.difficulty(self.game.state.difficulty).missions
        if len(self._mission_picks) == count:
            self.game.play(DrawMissions(tuple(self._mission_picks)))
            self._mission_picks = []
            self._seat(_("All {count} missions entered (the last: {title}).")
                       .format(count=count, title=title))
        else:
            self._seat(_("{title} entered ({n} of {count}).").format(title=title, n=len(self._mission_picks),
                                                                   count=count))
        return True

    def take_back_mission(self) -> bool:
        """Take back the last Mission card entered (before the last one deals them)."""
        if not self.seat_open or not self._mission_picks:
            return self._private_refusal(_("No Mission card to take back."))
        self._mission_picks.pop()
        self._seat(_("Mission card taken back."))
        return True

    # ------------------------------------------------------------------ the selection

    def _select_refusal(self) -> str | None:
        if not self.seat_open:
            return _("Mission Control's selection is made on the Mission Control screen: press and hold.")
        if self.awaiting_missions:
            return _("Enter the missions first.")
        if self.step is not Step.THINKING or self.game.state.phase is not Phase.SELECT:
            return _("Mission Control selects only at the start of a transmission.")
        return None

    def pick(self, command: Command) -> bool:
        """The next command of the intended order (a tap, or a scanned Command card).  Refused when the
        deck has no card of it left, or when it makes the order not viable (naming the step and why)."""
        why = self._select_refusal()
        if why is not None:
            return self._private_refusal(why) if self.seat_open else self._refuse(why)
        if len(self._picks) >= 5:
            return self._private_refusal(_("Five commands are picked: lock them in, or take one back."))
        have = self.content.command_deck.get(command, 0)
        if Counter(self._picks)[command] >= have:
            return self._private_refusal(ngettext("The Command deck has only {count} {command} card.",
                                                  "The Command deck has only {count} {command} cards.",
                                                  have).format(count=have, command=_(command.title)))
        order = [*self._picks, command]
        bad = rules_for(self.content).first_illegal(self.game.state.position, order)
        if bad is not None:
            return self._private_refusal(_("Not viable: step {step} ({command}): {reason}.").format(
                step=bad[0], command=_(order[bad[0] - 1].title), reason=bad[1]))
        self._picks.append(command)
        self._seat()
        return True

    def take_back_pick(self) -> bool:
        """Take back the last command picked."""
        if self._select_refusal() is not None or not self._picks:
            return self._private_refusal(_("No command to take back."))
        self._picks.pop()
        self._seat()
        return True

    def clear_picks(self) -> bool:
        """Start the selection again."""
        if self._select_refusal() is not None:
            return self._private_refusal(_("Nothing to clear."))
        self._picks = []
        self._seat()
        return True

    def lock_in(self) -> bool:
        """Mission Control's 5 commands in intended order (RULES.md, 1. Select), checked by the engine:
        a selection that is not viable is refused naming the step and why; nothing changes."""
        why = self._select_refusal()
        if why is not None:
            return self._private_refusal(why) if self.seat_open else self._refuse(why)
        select = Select(tuple(self._picks))
        problem = self.game.reason(select)
        if problem is not None:
            return self._private_refusal(problem[:1].upper() + problem[1:] + ".")
        if not self.submit_selection(select.commands):  # pragma: no cover - checked just above
            return False
        self._picks = []
        self._seat(_("Locked in."))
        return True

    def choosing_on_the_board(self) -> bool:
        """Only while the Mission Control screen is open: until the person locks in nothing is chosen, so
        the table may fix the board on Thinking (X2); their picks so far are then cleared."""
        return self.seat_open

    def correct_board(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> bool:
        """:meth:`Session.correct_board`; on Thinking the picks made on the old board are cleared."""
        if not super().correct_board(rows, cadet, carrying):
            return False
        if self.step is Step.THINKING and self._picks:
            self._picks = []
            self._note = _("The board was corrected: pick your 5 commands again.")
        return True

    def choose_now(self) -> bool:
        """Refused: a person is Mission Control (the coach may still be asked: :meth:`coach_advice`)."""
        return self._refuse(_("A person is Mission Control at this table: they choose on the Mission Control "
                              "screen."))

    def coach_advice(self) -> Coach | None:
        """The AI's pick and the fewest transmissions still possible, for the person's screen: ``None``
        unless the coach is on, the screen open and a selection due.  Blocking (the planner's search)."""
        if not self.coach or self._select_refusal() is not None:
            return None
        view = self.mission_control_view()
        if isinstance(self.chooser, Planning):
            plan = self.chooser.plan(view)
            return Coach(tuple(plan.commands), plan.transmissions_to_win)
        return Coach(tuple(self.chooser.choose(view)), None)

    # ------------------------------------------------------------------ reveal and the error card

    def _deal_hand(self) -> None:
        """The seeded chance up to Decode, except the error cards of a physical deck: the person draws
        those (:meth:`draw_error`)."""
        game = self.game
        while game.actor is Actor.CHANCE and not (self.physical_deck and game.state.phase is Phase.ERROR):
            game.play(sample_chance(self.content, game.state, game.rng()))
        self._cards = Arrangement(game.state.registers if game.state.phase is Phase.DECODE else None)
        self._go(Step.TRANSMISSION)

    def draw_error(self, card: str) -> bool:
        """The error card the person drew from their 6 unselected Command cards (RULES.md, 2. Reveal).
        Twin cards are one and the same: any unselected card of that command is taken."""
        if not self.seat_open:
            return self._refuse(_("The error card is entered on the Mission Control screen: press and hold."))
        if not self.awaiting_error:
            return self._private_refusal(_("No error card is due now."))
        try:
            command = card_command(card)
        except ValueError:
            return self._private_refusal(_("Unknown Command card {card}.").format(card=repr(card[:20])))
        pool = [c for c in unselected_cards(self.content, self.game.state) if card_command(c) is command]
        if not pool:
            return self._private_refusal(_("{command} is not among your unselected cards: it is in your "
                                           "selection. Draw from the 6 cards you did not select.").format(
                command=_(command.title)))
        self.game.play(DrawError(card if card in pool else pool[0]))
        if self.game.state.phase is not Phase.ERROR:
            self._deal_hand()
        self._seat(_("{command} is the error card: add it to the hand.").format(command=_(command.title)))
        return True

    def confirm(self) -> bool:
        """Continue (:meth:`Session.confirm`), refused while the person's step is not done."""
        if self.step is Step.THINKING:
            return self._refuse(self.waiting_for() or _("Mission Control is choosing."))
        if self.awaiting_error:
            return self._refuse(self.waiting_for())
        return super().confirm()

    # ------------------------------------------------------------------ scans

    def scan(self, card: ScannedCard) -> bool:
        """A card read by the reader goes to the screen waiting for it (RULES.md, With a person as
        Mission Control); on the wrong screen it is refused with what to do, and changes nothing."""
        if self.seat_open:
            if card.kind == "mission":
                return self.enter_mission(card.id)
            if card.kind == "command":
                if self.awaiting_error:
                    return self.draw_error(card.id)
                try:
                    return self.pick(card_command(card.id))
                except ValueError:
                    return self._private_refusal(_("Unknown Command card {card}.")
                                                 .format(card=repr(card.id[:20])))
            return self._private_refusal(_("That card ({name}) is not for the Mission Control screen: leave "
                                           "it, then scan it.").format(name=card.name))
        if card.kind == "mission":
            return self._refuse(_("That is a Mission card: Mission Control enters it on their own screen "
                                  "(press and hold Mission Control), turned away from the Cadet."))
        if card.kind == "command" and (self.step is Step.THINKING or self.awaiting_error):
            return self._refuse(_("That is a Command card for Mission Control's screen: press and hold "
                                  "Mission Control first, turned away from the Cadet."))
        return super().scan(card)

    # ------------------------------------------------------------------ Signal Boosts

    def _answered(self, boost: str) -> None:
        """With ``private_boosts`` the answer goes to the person's screen, to be said aloud."""
        if not self.private_boosts:
            super()._answered(boost)
            return
        answer = self.game.state.answers[-1]
        name = pack_text(self.content.boost(boost).name)
        self._to_answer = _("{name}: say aloud: \u201c{answer}\u201d").format(name=name, answer=answer.text)
        if answer.kind is BoostKind.CLEAR_SIGNAL and answer.card is not None:
            title = _(card_command(answer.card).title)
            self._to_answer += " " + _("Put your {command} face up in register {register}.").format(
                command=title, register=answer.register)
        self.message = _("Mission Control answers aloud.")
        self._events.publish(BoostAnswered(self.message, boost, answer.kind, None, None))
        self._events.publish(SeatChanged(self.seat_open))

    def _go(self, step: Step) -> None:
        if step is not Step.DECODE:
            self._to_answer = ""
        super()._go(step)

    # ------------------------------------------------------------------ undo

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None`` (:meth:`Session.undo_refusal`).

        Unlike the companion, whose choice is made at once, a person may sit on Thinking for minutes:
        nothing is drawn and nothing is chosen until they lock in, so the Execute just done may still be
        undone there (README, Undo: refused once the next Transmission card is revealed).
        """
        if self.step is not Step.THINKING or self.undo_mode != "honor":
            return super().undo_refusal()
        why = undo_reason(self.game)
        return None if why is None else _("Nothing can be undone: {why}.").format(why=why)

    def undo(self) -> bool:
        """Revert the last action the table took (:meth:`Session.undo`); commands the person had picked
        for the next transmission are dropped, as the board they were picked for is gone."""
        answers = len(self.game.state.answers)
        if not super().undo():
            return False
        if len(self.game.state.answers) < answers:
            self._to_answer = ""  # the boost is back in the hand: its answer is no longer to be said
        if self._picks:
            self._picks = []
            self._seat(_("Undone: the Execute; the commands picked for the next transmission are cleared."))
        return True

    # ------------------------------------------------------------------ the record and resuming

    def record(self) -> dict[str, Any]:
        """The game record (:meth:`Session.record`) with who was Mission Control."""
        return {**super().record(), "mission_control": "person"}

    @classmethod
    def from_record(cls, content: ContentPack, chooser: Chooser, record: Mapping[str, Any],
                    table: Mapping[str, Any] | None = None, *, undo: str | None = None,
                    physical_deck: bool | None = None) -> PersonSession:
        """The session of a saved person-as-Mission-Control game (see :meth:`Session.from_record`); its
        settings are those saved in ``table`` (the Mission Control screen starts closed).

        :raises RecordError: the record does not replay.
        """
        game = replay(dict(record), content)
        saved = table if isinstance(table, Mapping) else {}
        if undo is None:
            undo = saved.get("undo") if saved.get("undo") in UNDO_MODES else "off"
        if physical_deck is None:
            physical_deck = saved.get("physical_deck") is True
        session = cls(content, chooser, physical_deck=physical_deck, undo=str(undo), game=game,
                      physical_missions=saved.get("physical_missions") is True,
                      private_boosts=saved.get("private_boosts") is True, coach=saved.get("coach") is True)
        restore(session, table)
        return session



def table_session(content: ContentPack, chooser: Chooser, difficulty: str, layout: str, seed: int | None,
                  config: Config, mission_control: str | None = None) -> Session:
    """A new game as the table's settings say: against the companion, or a :class:`PersonSession` when
    ``mission_control`` (default: ``config.mission_control``, Setup's choice) is ``"person"``.

    :raises KeyError, ValueError: unknown difficulty, layout or seat.
    """
    seat = config.mission_control if mission_control is None else mission_control
    if seat not in MC_SEATS:
        raise ValueError(f"Mission Control is one of {', '.join(MC_SEATS)}, not {seat!r}")
    session: Session
    if seat == "person":
        session = PersonSession(content, chooser, difficulty, layout, seed, undo=config.undo,
                                physical_deck=config.physical_deck,
                                physical_missions=config.physical_missions,
                                private_boosts=config.private_boosts, coach=config.coach)
    else:
        session = Session(content, chooser, difficulty, layout, seed, undo=config.undo,
                          physical_deck=config.physical_deck)
    session.seed_reports = config.data_dir
    return session
