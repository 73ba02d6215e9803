"""Incoming Transmission on the table: its :class:`~ui.game_table.GameTable`, which runs the game's
table flow for the shell (:class:`ui.app.CompanionApp`).

Source: DESIGN.md (Session, Views), issue 24 items 3 and 4.  A :class:`TransmissionTable` owns the
session on the table and everything of the game the shell used to hold: every tap or key becomes one
typed intent (:attr:`TransmissionTable.intents`, a
:class:`~companion.games.transmission.intents.GuardedIntents`), and every session event triggers one
batched redraw (``Clock.create_trigger``) that switches to the step's screen and refreshes it from
:meth:`Session.view` alone, the table's view with the secrets stripped.  Screens see it only through
the app (a :class:`~ui.host.Host`): they never get the Session.  :meth:`Session.mission_control_view`
is read here only to hand it to the chooser, on a worker thread (:mod:`ui.choosing`), never to a
screen.

Mission Control (the chooser) runs off the main thread; its pick comes back through
``Clock.schedule_once`` to :meth:`Session.submit_selection`.  The Thinking screen is shown only if
the choice takes longer than the thinking delay (0.2 s), so a quick Mission Control goes straight to
the Transmission card.

The shell makes this table (``ui.shelf``) the first time the game is chosen, started or resumed, so
the app's start imports none of the game (issue 24, item 4; ``companion bench startup``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kivy.clock import Clock

from companion.games.transmission.content.loader import content_to_resume, default_content
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.intents import GuardedIntents, Intents
from companion.games.transmission.names import Step
from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Chooser, Session
from companion.games.transmission.stored import KEEPER
from companion.games.transmission.stored import NAME as STORED_NAME
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from companion.table.config import Config
from companion.table.events import Event
from companion.table.store import SavedGame, StoreError
from ui import records, theme
from ui.game_table import TableHost
from ui.games.transmission.start import Start
from ui.games.transmission.table import (
    default_chooser,
    fill_status,
    is_person,
    leave_words,
    open_seat,
    read_event,
    table_session,
)
from ui.host import GameHistory, SetupChoice
from ui.popups import Choice, ChoicePopup

__all__ = ["NAME", "TransmissionHost", "TransmissionTable"]

log = logging.getLogger(__name__)

#: The game's name (as the store records it).
NAME = STORED_NAME


class TransmissionHost(TableHost, Protocol):
    """What Incoming Transmission's table uses of the app beyond :class:`~ui.game_table.TableHost`
    (:class:`ui.app.CompanionApp` implements it)."""

    #: The message bar's text; the status strip (transmission, missions, boosts).
    message: str
    status: Any
    #: The session on the table, for the table hardware (a Kivy property it binds to).
    session: Any
    #: The table's settings (``undo``, ``mission_control``...).
    table_config: Config
    #: Incoming Transmission's start options.
    transmission_start: Start

    @property
    def history(self) -> GameHistory | None:
        """The game store as History reads it, or ``None`` (History is off)."""

    def redraw(self) -> None:
        """Ask for a redraw of the current screen (batched)."""


class TransmissionTable:
    """Incoming Transmission's game on the table, if one is on (see the module docstring).

    :param host: the app.
    :ivar game_id: the stored game of the session on the table, else ``None``.
    """

    #: The screens of a game under way (the status strip's; Escape asks before leaving).
    in_game = frozenset(step.value for step in Step)

    def __init__(self, host: TransmissionHost) -> None:
        self.host = host
        start = host.transmission_start
        self._content: ContentPack | None = start.content
        self.initial = SetupChoice(start.initial.difficulty, start.initial.layout, start.initial.seed,
                                   start.initial.mission_control or host.table_config.mission_control)
        self.chooser_factory = start.chooser_factory
        self._thinking_delay = start.thinking_delay
        self._choosing: Any = None  # ui.choosing.Choosing, made when first needed
        self.session: Session | None = None
        self.game_id: int | None = None
        self.thinking_visible = False
        self.choice_error = ""
        self.dealt: tuple[str, ...] = ()
        #: True while How to play is open over a game: redraws keep it up, Back returns to the game.
        self.help_over_game = False
        #: True while Fix the board is open over a game: redraws keep it up until Save or Cancel.
        self.correcting = False
        self._store_said: str | None = None
        #: Every intent of the game on the table (refused while there is none); an exception from
        #: the core is logged and shown, never allowed to take the table down.
        self.intents: Intents = GuardedIntents(lambda: self.session, self._intent_failed)
        self._redraw_trigger = Clock.create_trigger(self._redraw, -1)
        #: Mission Control's phone page (:class:`ui.games.transmission.phone_link.PhoneLink`), if on.
        self.phone: Any = None
        #: Why the phone page asked for at Setup could not start (:attr:`phone_off` words it).
        self._phone_off: Callable[[], str] | None = None

    # ------------------------------------------------------------------ what the screens read

    @property
    def content(self) -> ContentPack:
        """The content pack: the one given, else the default one, loaded when first read."""
        if self._content is None:
            self._content = default_content()
        return self._content

    @property
    def choosing(self) -> Any:
        """Mission Control's worker thread (:class:`ui.choosing.Choosing`), made when first needed."""
        if self._choosing is None:
            from ui.choosing import Choosing
            self._choosing = Choosing(self._thinking_delay)
        return self._choosing

    @property
    def thinking_delay(self) -> float:
        return float(self.choosing.thinking_delay) if self._choosing is not None else self._thinking_delay

    @property
    def playing(self) -> bool:
        """True while a game is on the table (finished or not)."""
        return self.session is not None

    @property
    def in_progress(self) -> bool:
        """True while a game is on the table and not over (leaving it is asked first)."""
        return self.session is not None and not self.session.over

    def table_view(self) -> TableView | None:
        """The table's view (secrets stripped), or ``None`` when no game is on."""
        return self.session.view() if self.session is not None else None

    def finished_record(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The record and table state once the game is over (every secret revealed: the debrief)."""
        session = self.session
        return (session.record(), session.table_state()) if session is not None and session.over else None

    # ------------------------------------------------------------------ starting, resuming, leaving

    def new_chooser(self) -> Chooser:
        """Mission Control for a game: the start's ``chooser_factory()`` or the default planner.

        :raises ImportError: when the planner is missing."""
        if self.chooser_factory:
            chooser: Chooser = self.chooser_factory()
            return chooser
        return default_chooser(self.host.table_config.mission_control_seconds)

    def start_game(self, difficulty: str, layout: str, seed: int, mission_control: str | None = None) -> bool:
        """Deal a new game and show Board set-up.  False (with a message) if it cannot start.

        :param mission_control: ``"companion"``, ``"person"`` or ``"phone"`` (a person with the phone
            page, :mod:`ui.games.transmission.phone_link`; Setup); default: the config's."""
        try:
            chooser = self.new_chooser()
            if mission_control == "phone":
                from ui.games.transmission.phone_link import phone_session
                session: Session = phone_session(self.content, chooser, difficulty, layout, seed,
                                                 self.host.table_config)
            else:
                session = table_session(self.content, chooser, difficulty, layout, seed,
                                        self.host.table_config, mission_control)
        except (ImportError, KeyError, ValueError) as exc:
            log.exception("cannot start a game")
            self.host.show_message(_("Cannot start the game: {reason}").format(reason=exc), "error")
            return False
        # The next Setup offers a fresh seed: this one deals missions the table has now seen.
        self.initial = SetupChoice(difficulty, layout, None, getattr(session, "seat_kind", None)
                                   or getattr(session, "mission_control", "companion"))
        self._begin(session)
        self.game_id = self.host.table_store.save_game(session, KEEPER)
        self._link_phone(session)
        return True

    def _link_phone(self, session: Session) -> None:
        """Mission Control on a phone (a new game, or one resumed): start the phone server with a new
        one-game token and show its code; if it cannot start, the message bar says why once and the
        touchscreen's own Mission Control screen serves (issue 23)."""
        self._phone_off = None
        if isinstance(session, PhoneSession):
            from ui.games.transmission.phone_link import PhoneLink

            def off(words: Callable[[], str]) -> None:
                self._phone_off = words
                self._redraw_trigger()

            self.phone = PhoneLink.for_table(session, self.host.table_config, off)

    @property
    def phone_off(self) -> str:
        """Why the phone page asked for at Setup could not start (a sentence in the table's language
        now), else ``""``: Board set-up and Thinking show it for as long as the game is on (the
        touchscreen's own Mission Control screen serves instead), not once in the message bar the
        next screen clears."""
        return self._phone_off() if self._phone_off is not None else ""

    def resume_words(self, saved: SavedGame) -> str:
        """The resume offer's question for ``saved`` (its difficulty by title)."""
        titles = {d.name: pack_text(d.title) for d in self.content.difficulties}
        return records.resume_question(saved, titles)

    def resume(self, saved: SavedGame) -> bool:
        """Replay the saved game and land on the screen it stopped on (mid-decode included); ``False``
        (the reason in the message bar, the game kept in the store) if it cannot.  A game played with
        Mission Control on a phone comes back with the phone page: a new code (the one from before is
        refused) shown so the phone can rejoin."""
        store = self.host.store
        if store is None:
            return False
        try:
            chooser = self.new_chooser()
            content = content_to_resume(saved.content_id, saved.content_digest, self.content)
            session = store.resume(saved, KEEPER, content, chooser, undo=self.host.table_config.undo)
            session.seed_reports = self.host.table_config.data_dir  # as table_session sets a new game's
        except (StoreError, ImportError) as exc:  # another pack, a record that no longer replays
            log.error("cannot resume game %s: %s", saved.id, str(exc))
            self.host.show_message(_("Cannot resume that game: {reason}").format(reason=exc), "error")
            return False
        summary = saved.summary
        seat = getattr(session, "seat_kind", None) or getattr(session, "mission_control", "companion")
        self.initial = SetupChoice(summary.difficulty, summary.layout, None, seat)
        self._begin(session)
        self.game_id = saved.id
        self._link_phone(session)  # a phone game comes back with the phone page and a NEW code
        return True

    def _begin(self, session: Session) -> None:
        """Put ``session`` on the table (a new game, or one resumed where it stopped)."""
        self.close()
        self.session = session
        self.host.session = session
        session.subscribe(self._on_event)
        self.choosing.ahead(session)  # Board set-up: Mission Control solves the start meanwhile
        self.host.clear_message()
        if session.step is Step.THINKING:
            self._start_choosing()
        self._redraw_trigger()

    def close(self) -> None:
        """Drop the current game (after the players agreed, or the app stops); a pending pick is
        ignored.  It stays in the store as it was."""
        if self._choosing is not None:
            self._choosing.cancel()
        if self.phone is not None:
            self.phone.stop()
            self.phone = None
        self._phone_off = None
        self.help_over_game = False
        self.correcting = False
        self.session = None
        self.host.session = None
        self.game_id = None
        self.thinking_visible = False

    def abandon(self) -> None:
        """Leave the game (asked already): an unfinished one is marked abandoned; Home."""
        if self.in_progress:
            self.host.table_store.abandon(self.game_id)
        self.close()
        self.host.show("home")

    def ask_leave(self) -> None:
        """Leave this game?  (what History keeps of it), then :meth:`abandon` or keep playing."""
        ChoicePopup(_("Leave this game?"), leave_words(self.session, self.host.history is not None),
                    [(_("Keep playing"), None, theme.GO),
                     (_("Leave game"), self.abandon, theme.DANGER)]).open()

    def leave(self) -> None:
        """Leave the game: asked first while it is in progress, at once when it is over."""
        if self.in_progress:
            self.ask_leave()
        else:
            self.abandon()

    def play_again(self) -> None:
        """Setup again with the same difficulty and layout and a fresh seed."""
        self.initial = SetupChoice(self.initial.difficulty, self.initial.layout, None,
                                   self.initial.mission_control)
        self.close()
        self.host.show("setup")

    def open_mission_control(self) -> None:
        """The hold button: a person as Mission Control's own screen (the cue first, then the secrets);
        with Mission Control on a phone, the phone's code instead (the secrets never show here)."""
        if self.phone is not None and self.phone.active:
            self.phone.show_code()
            return
        open_seat(self.session)

    # ------------------------------------------------------------------ the Menu, How to play, Fix the board

    def menu(self) -> list[Choice]:
        """The status strip's Menu: How to play, Fix the board, Undo (when the table allows it),
        Leave game, Keep playing (for touch-only tables)."""
        choices: list[Choice] = [
            (_("How to play"), self.show_help, theme.ACCENT),
            (_("Fix the board"), self.show_correction, theme.ACCENT)]
        if self.host.table_config.undo == "honor":
            choices.append((_("Undo"), self.undo, theme.ACCENT))
        choices += [(_("Leave game"), self.leave, theme.DANGER), (_("Keep playing"), None, theme.GO)]
        return choices

    def show_help(self) -> None:
        """How to play over the game (the Menu): its Back returns to the game."""
        self.help_over_game = self.session is not None and self.host.manager.current in self.in_game
        self.host.show("help")

    def close_help(self) -> bool:
        """Leave How to play: back to the game it was opened from (``True``), else nothing (``False``)."""
        session = self.session
        if not self.help_over_game or session is None:
            self.help_over_game = False
            return False
        self.help_over_game = False
        self.host.clear_message()
        if session.step is Step.THINKING:
            self.thinking_visible = True  # the screen behind was How to play: show Thinking now
        self._redraw()
        return True

    def undo(self) -> bool:
        """The Menu's Undo (``[game] undo = "honor"``): revert one action; a refusal says why."""
        session = self.session
        if session is None:
            return False
        if not self.intents.undo():
            if session.message and not self.host.message:
                self.host.show_message(session.message, "error")
            return False
        self.host.show_message(session.message or _("Undone."), "info")
        self._redraw_trigger()
        return True

    def show_correction(self) -> None:
        """Fix the board (the Menu): an editor over the game; the game is untouched until Save."""
        view = self.table_view()
        if view is None:
            return
        self.correcting = True
        self.host.manager.get_screen("correction").start(view.rows, view.cadet, view.carrying)
        self.host.clear_message()
        self.host.manager.current = "correction"

    def close_correction(self) -> None:
        """Leave Fix the board: back to the game's screen."""
        self.correcting = False
        self.host.clear_message()
        session = self.session
        if session is None:
            self.host.show("home")
            return
        if session.step is Step.THINKING:
            self.thinking_visible = True  # the screen behind was the editor: show Thinking now
        self._redraw()

    # ------------------------------------------------------------------ session events

    def _intent_failed(self, intent: str, exc: Exception) -> None:
        said = _("Something went wrong ({action}): {reason}").format(action=intent, reason=exc)
        self.host.show_message(said, "error")

    def _on_event(self, event: Event) -> None:
        if self.session is None:
            return
        news = read_event(event, self.content)
        if news.said is not None:
            self.host.show_message(*news.said)
        if news.dealt is not None:
            self.dealt = news.dealt
        if news.think:
            self._start_choosing()
        self.choosing.observe(self.session, event)  # pre-solves the next pick (ui.choosing)
        self._redraw_trigger()

    def redraw(self) -> None:
        """Ask for a redraw of the game's screen (batched with the session's own)."""
        self._redraw_trigger()

    # ------------------------------------------------------------------ Mission Control's pick

    def retry_choice(self) -> None:
        """Ask Mission Control again (after its pick failed)."""
        if self.session is not None and self.session.step is Step.THINKING:
            self._start_choosing()

    def _start_choosing(self) -> None:
        """Run Mission Control on a worker thread (:mod:`ui.choosing`); its pick comes back here."""
        session = self.session
        if session is None:
            return
        if is_person(session):
            self.thinking_visible = True  # a person chooses on their own screen; Thinking says so
            return
        self.choice_error = ""
        self.thinking_visible = False
        secret_view = session.mission_control_view()  # only for the chooser, never a screen
        self.choosing.start(session.chooser, secret_view, self._show_thinking,
                            lambda commands, error: self._chosen(session, commands, error))

    def _show_thinking(self) -> None:
        if self.session is not None and self.session.step is Step.THINKING:
            self.thinking_visible = True
            self._redraw_trigger()

    def _chosen(self, session: Session, commands: Sequence[Command] | None, error: str) -> None:
        if session is not self.session or session.step is not Step.THINKING:
            return  # the game was left, or this pick is stale
        if commands is None:
            self.choice_error = _("Mission Control could not choose: {reason}").format(reason=error)
            self.thinking_visible = True
            self.host.show_message(self.choice_error, "error")
            self._redraw_trigger()
            return
        if not self.intents.submit_selection(commands):
            self.choice_error = session.message
            self.thinking_visible = True
            self._redraw_trigger()

    # ------------------------------------------------------------------ drawing

    def _redraw(self, *_args: object) -> None:
        """Switch to the session's screen and refresh it from the table's view (batched)."""
        session = self.session
        if session is None:
            return
        name = session.step.value
        if session.step is Step.THINKING and not self.thinking_visible:
            name = ""  # keep the previous screen up for the first 200 ms
        if self.help_over_game or self.correcting:
            name = ""  # How to play (or Fix the board) stays up until its Back (Save, Cancel)
        if self.host.manager.current == "settings":
            name = ""  # Settings opened from the Menu stays up (a language tapped redraws) until Back
        view = session.view()
        fill_status(self.host.status, view, self.content, self.dealt)
        store = self.host.store
        problem = store.problem if store is not None else None
        if problem and problem != self._store_said:  # an autosave failed: the table should know
            self.host.show_message(problem, "error")
        self._store_said = problem
        if name:
            manager = self.host.manager
            if manager.current != name:
                manager.current = name
            screen = manager.current_screen
            try:
                screen.refresh(view)
            except Exception as exc:  # keep the table going; the log has the traceback
                log.exception("refreshing the %s screen failed", name)
                said = _("Something went wrong drawing this screen: {reason}").format(reason=exc)
                self.host.show_message(said, "error")
