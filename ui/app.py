"""The composition root: the Kivy app that puts a :class:`~companion.games.transmission.session.Session` on
the touchscreen.

The app owns the session and nothing else of the game: every tap or key
becomes one typed intent (:attr:`CompanionApp.intents`, a
:class:`~companion.games.transmission.intents.GuardedIntents`), and every session event triggers one
batched redraw (``Clock.create_trigger``) that switches to the step's screen and refreshes it from
:meth:`Session.view` alone, the table's view with the secrets stripped.  Screens see the app only as
a :class:`~ui.host.Host`: they never get the Session.  :meth:`Session.mission_control_view` is read
here only to hand it to the chooser, on a worker thread (:mod:`ui.choosing`), never to a screen.

Mission Control (the chooser) runs off the main thread; its pick comes back
through ``Clock.schedule_once`` to :meth:`Session.submit_selection`.  The
Thinking screen is shown only if the choice takes longer than
:attr:`CompanionApp.thinking_delay` seconds (0.2 s), so a quick Mission
Control goes straight to the Transmission card.

Keys (desktop): :data:`ui.keys.KEYS_HELP`; on a touch-only table the Menu button.
Double taps: for :data:`ui.theme.ACTION_GUARD` seconds after a screen change
(or a popup opening, or Execute's button turning into "Done") the app ignores
taps and Enter/Space (:meth:`CompanionApp.actions_held`), so the second tap of
a double tap cannot act on the screen that just appeared.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.widget import Widget

from companion.games.transmission.intents import GuardedIntents, Intents
from companion.games.transmission.names import Step
from companion.table.config import Config
from companion.table.events import Event
from companion.table.store import Store
from ui import theme
from ui.game_table import GameTable
from ui.host import GameHistory, SetupChoice
from ui.key_routing import route_key, walk
from ui.lazy_screens import LazyScreenManager, add_screens
from ui.popups import Choice, ChoicePopup
from ui.registry import GAMES, load_shared_kv
from ui.shelf import GameShelf
from ui.start import LogAndContinue, configure, planner_missing
from ui.store_setting import table_settings
from ui.table_hardware import TableHardware
from ui.table_store import TableStore
from ui.widgets.controls import StatusStrip

if TYPE_CHECKING:  # Incoming Transmission's game is imported with its first use, not at start: Home
    from companion.games.transmission.content.model import ContentPack  # needs none of it (issue 10)
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.session import Chooser, Session
    from companion.games.transmission.table_view import TableView
    from ui.choosing import Choosing

log = logging.getLogger(__name__)

#: Screens that are part of a game (they show the status strip; Escape asks before leaving).
GAME_SCREENS = frozenset(name for screens in GAMES.values() for name in screens.in_game)


class CompanionApp(App):
    """The Mission Control companion.

    :param content: the content pack (difficulty titles, module names, boosts...).
    :param difficulty, layout, seed: Setup's initial choices (``None``: standard / standard / random).
    :param chooser_factory: makes Mission Control for a new game; default
        ``companion.games.transmission.mission_control.planner.Planner``.
    :param thinking_delay: seconds Mission Control may take before the Thinking screen appears.
    :param config: the table's settings (``undo``, ``data_dir``); default: every default, no file read.
    :param store_path: the game store (SQLite) to open; ``None``: no store, History is off
        (:func:`main` passes ``config.database_path``; tests a temporary file).
    :param notices: sentences for Home at start (a config file that could not be used).
    """

    #: The message bar's text (a refusal, Mission Control's answer, a hint) and its kind.
    message = StringProperty("")
    message_kind = StringProperty("info")
    session = ObjectProperty(None, allownone=True)

    def __init__(self, content: ContentPack | None = None, difficulty: str | None = None,
                 layout: str | None = None, seed: int | None = None,
                 chooser_factory: Callable[[], Chooser] | None = None, thinking_delay: float = 0.2,
                 config: Config | None = None, store_path: str | os.PathLike[str] | None = None,
                 notices: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = theme.TITLE
        self._content = content
        self.initial = SetupChoice(difficulty or "standard", layout or "standard", seed)
        self.chooser_factory = chooser_factory
        self._choosing: Choosing | None = None
        self._thinking_delay = thinking_delay
        self.thinking_visible = False
        self.choice_error = ""
        self.dealt: tuple[str, ...] = ()
        #: Seconds of :meth:`hold_actions` after a screen change (see the module docstring).
        self.action_guard = theme.ACTION_GUARD
        self._held_until = 0.0
        #: True while How to play is open over a game: redraws keep it up, Back returns to the game.
        self.help_over_game = False
        #: True while Fix the board is open over a game: redraws keep it up until Save or Cancel.
        self.correcting = False
        #: The table's settings (not ``self.config``: that is Kivy's own ConfigParser).
        self.table_config = config or Config()
        self.initial = SetupChoice(self.initial.difficulty, self.initial.layout, seed,
                                   self.table_config.mission_control)
        path = Path(store_path) if store_path is not None else None
        #: The game store (``ui.table_store``): History is off without one.
        self.table_store = TableStore(self, path)
        #: Where exports go by default: the config's data dir (beside the store when only a path is given).
        self.data_dir = self.table_config.data_dir if config is not None or path is None else path.parent
        self._store_said: str | None = None
        self._notices = list(notices)
        #: The GPIO buttons, lights and card reader (``ui.table_hardware``), from :meth:`on_start`.
        self.hardware: TableHardware | None = None
        #: Every intent of the game on the table (refused while there is none); an exception from
        #: the core is logged and shown, never allowed to take the table down.
        self.game_intents = GuardedIntents(lambda: self.session, self._intent_failed)
        self._redraw_trigger = Clock.create_trigger(self._redraw, -1)
        #: The games Home offers, the chosen one, each other game's table (``ui.shelf``).
        self.shelf = GameShelf(self)

    # ------------------------------------------------------------------ the Host the screens see

    @property
    def intents(self) -> Intents:
        return self.game_intents

    def table_view(self) -> TableView | None:
        session: Session | None = self.session
        return session.view() if session is not None else None

    def finished_record(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        session: Session | None = self.session  # over: every secret is revealed (the debrief)
        return (session.record(), session.table_state()) if session is not None and session.over else None

    @property
    def content(self) -> ContentPack:
        """The content pack: the one given, else the default one, loaded when first read (not at start)."""
        if self._content is None:
            from companion.games.transmission.content.loader import default_content
            self._content = default_content()
        return self._content

    @property
    def choosing(self) -> Choosing:
        """Mission Control's worker thread (:mod:`ui.choosing`), made when first needed (not at start)."""
        if self._choosing is None:
            from ui.choosing import Choosing
            self._choosing = Choosing(self._thinking_delay)
        return self._choosing

    @property
    def thinking_delay(self) -> float:
        return self.choosing.thinking_delay if self._choosing is not None else self._thinking_delay

    @property
    def store(self) -> Store | None:
        return self.table_store.store

    @property
    def history(self) -> GameHistory | None:
        """The store as History and Stats may read it (:class:`ui.host.GameHistory`)."""
        return self.table_store.store

    @property
    def store_problem(self) -> str:
        return self.table_store.problem

    @property
    def game_id(self) -> int | None:
        return self.table_store.game_id

    @property
    def undo_setting(self) -> str:
        return self.table_config.undo

    def game_table(self, name: str) -> GameTable | None:
        return self.shelf.table(name)

    # ------------------------------------------------------------------ building

    def build(self) -> Widget:
        from kivy.core.window import Window  # opens the window: only once configure() has run

        load_shared_kv()  # each screen's own rules: when it is first shown (ui.lazy_screens)
        Window.clearcolor = theme.BACKGROUND
        root = BoxLayout(orientation="vertical")
        self.status = StatusStrip()
        self.manager = LazyScreenManager(transition=NoTransition())
        add_screens(self.manager, self)
        root.add_widget(self.status)
        root.add_widget(self.manager)
        self.manager.bind(current=self._on_screen)
        self._on_screen(self.manager, self.manager.current)
        Window.bind(on_key_down=self._on_key_down)
        return root

    def on_start(self) -> None:
        self.table_store.open(self._notices)
        self._notices = []
        self.start_hardware()
        Clock.schedule_once(lambda _dt: self.offer_resume())  # once Home is drawn

    def on_stop(self) -> None:
        from kivy.core.window import Window  # opens the window: only once configure() has run

        Window.unbind(on_key_down=self._on_key_down)
        self.end_game()  # a late pick from the worker is dropped
        if self.hardware is not None:
            self.hardware.stop()  # the reader thread ends, the lights go off, the pins are released
            self.hardware = None
        # Leave nothing that outlives the app: open popups, running animations.
        modals = [widget for widget in Window.children if isinstance(widget, ModalView)]
        for modal in modals:  # its fade-in, running on, would keep it (and the app) alive
            modal.dismiss(animation=False)
        for top in [*self.manager.screens, self.status, *Window.children, *modals]:
            for widget in walk(top):
                Animation.cancel_all(widget)
        self.shelf.close()
        self.table_store.close()

    def _on_screen(self, _: ScreenManager, name: str) -> None:
        # The status strip (with its Menu button) is in the layout only on game screens.
        in_game = name in GAME_SCREENS
        root = self.manager.parent
        if in_game and self.status.parent is None and root is not None:
            root.add_widget(self.status, index=len(root.children))  # on top
        elif not in_game and self.status.parent is not None:
            self.status.parent.remove_widget(self.status)
        self.hold_actions()

    # ------------------------------------------------------------------ double taps

    def hold_actions(self, seconds: float | None = None) -> None:
        """Ignore taps and Enter/Space for ``seconds`` (default :attr:`action_guard`) from now."""
        until = time.monotonic() + (self.action_guard if seconds is None else seconds)
        self._held_until = max(self._held_until, until)

    def actions_held(self) -> bool:
        """True within the guard time after a screen change: a tap or Enter now is a double tap's echo."""
        return time.monotonic() < self._held_until

    # ------------------------------------------------------------------ navigation

    def show(self, name: str) -> None:
        """Go to a screen outside a game ("home", "setup", "help")."""
        self.clear_message()
        self.manager.current = name

    def new_game(self, game: str | None = None) -> None:
        """Home's New game: the Setup of ``game`` (default: the one chosen on Home, ``ui.shelf``).

        An unfinished game in the store (its offer closed with Escape) is offered first: starting
        another gives it up, so that is asked, never done on one press."""
        self.shelf.choose(game)
        if self.session is None and self.table_store.offer_resume(then=self.open_setup) is not None:
            return
        self.open_setup()

    def open_setup(self) -> None:
        """The Setup of the chosen game."""
        chosen = self.shelf.choose(None)
        if chosen is not None:
            self.show(chosen.screens.start)

    def start_game(self, difficulty: str, layout: str, seed: int, mission_control: str | None = None) -> bool:
        """Deal a new game and show Board set-up.  False (with a message) if it cannot start.

        :param mission_control: ``"companion"`` or ``"person"`` (Setup); default: the config's."""
        from ui.games.transmission.table import table_session

        try:
            chooser = self.new_chooser()
            session = table_session(self.content, chooser, difficulty, layout, seed, self.table_config,
                                    mission_control)
        except (ImportError, KeyError, ValueError) as exc:
            log.exception("cannot start a game")
            self.show_message(f"Cannot start the game: {exc}", "error")
            return False
        # The next Setup offers a fresh seed: this one deals missions the table has now seen.
        self.initial = SetupChoice(difficulty, layout, None, getattr(session, "mission_control", "companion"))
        self._begin(session)
        self.table_store.attach(session)
        return True

    def play_resumed(self, session: Session, initial: SetupChoice) -> None:
        """A game resumed from the store (:class:`ui.table_store.TableStore`), on the step it stopped on."""
        self.initial = SetupChoice(initial.difficulty, initial.layout, None,
                                   getattr(session, "mission_control", "companion"))
        self._begin(session)

    def offer_resume(self) -> ChoicePopup | None:
        """On Home at start: an unfinished game is offered for resume (none while a game is on)."""
        return None if self.session is not None else self.table_store.offer_resume()

    def _begin(self, session: Session) -> None:
        """Put ``session`` on the table (a new game, or one resumed where it stopped)."""
        self.end_game()
        self.session = session
        session.subscribe(self._on_event)
        self.choosing.ahead(session)  # Board set-up: Mission Control solves the start meanwhile
        self.clear_message()
        if session.step is Step.THINKING:
            self._start_choosing()
        self._redraw_trigger()

    def end_game(self) -> None:
        """Drop the current game (after the players agreed); a pending pick is ignored."""
        if self._choosing is not None:
            self._choosing.cancel()
        self.help_over_game = False
        self.correcting = False
        self.session = None
        self.table_store.game_id = None
        self.thinking_visible = False

    def abandon(self) -> None:
        session = self.session
        if session is not None and not session.over:
            self.table_store.abandon(self.table_store.game_id)
        self.end_game()
        self.show("home")

    def play_again(self) -> None:
        """Setup again with the same difficulty and layout and a fresh seed."""
        self.initial = SetupChoice(self.initial.difficulty, self.initial.layout, None,
                                   self.initial.mission_control)
        self.end_game()
        self.show("setup")

    def show_help(self) -> None:
        """How to play; opened from a game (the Menu), its Back returns to the game."""
        self.help_over_game = self.session is not None and self.manager.current in GAME_SCREENS
        self.show("help")

    def close_help(self) -> None:
        """Leave How to play: back to the game it was opened from, else Home."""
        session = self.session
        if self.help_over_game and session is not None:
            self.help_over_game = False
            self.clear_message()
            if session.step is Step.THINKING:
                self.thinking_visible = True  # the screen behind was How to play: show Thinking now
            self._redraw()
        else:
            self.help_over_game = False
            self.show("home")

    def open_menu(self) -> None:
        """The status strip's Menu: How to play, Fix the board, Undo (when the table allows it),
        Leave game, Keep playing (for touch-only tables)."""
        choices: list[Choice] = [
            ("How to play", self.show_help, theme.ACCENT),
            ("Fix the board", self.show_correction, theme.ACCENT)]
        if self.table_config.undo == "honor":
            choices.append(("Undo", self.undo, theme.ACCENT))
        choices += [("Leave game", self.leave_game, theme.DANGER), ("Keep playing", None, theme.GO)]
        ChoicePopup("Menu", "", choices, vertical=True, default=len(choices) - 1, width_dp=420).open()

    def leave_game(self) -> None:
        """Leave the game: asked first while it is in progress, at once when it is over."""
        if self.session is not None and not self.session.over:
            self.ask_abandon()
        else:
            self.abandon()

    def back(self) -> None:
        """Escape: outside a game go Home; in a game ask first (the game would be lost)."""
        name = self.manager.current
        if name in GAME_SCREENS and self.session is not None and not self.session.over:
            self.ask_abandon()
        elif name in GAME_SCREENS:
            self.abandon()
        elif name != "home":
            self.show("home")

    def ask_abandon(self) -> None:
        from ui.games.transmission.table import leave_words
        ChoicePopup("Leave this game?", leave_words(self.session, self.history is not None),
                    [("Keep playing", None, theme.GO), ("Leave game", self.abandon, theme.DANGER)]).open()

    def quit(self) -> None:
        self.stop()

    def open_mission_control(self) -> None:
        """The hold button: a person as Mission Control's own screen (the cue first, then the secrets)."""
        from ui.games.transmission.table import open_seat
        open_seat(self.session)

    def new_chooser(self) -> Chooser:
        """Mission Control for a game: ``chooser_factory()`` or the default planner.

        :raises ImportError: when the planner is missing."""
        from ui.games.transmission.table import default_chooser

        if self.chooser_factory:
            return self.chooser_factory()
        return default_chooser(self.table_config.mission_control_seconds)

    # ------------------------------------------------------------------ messages

    def show_message(self, text: str, kind: str = "info") -> None:
        self.message_kind = kind
        self.message = text

    def clear_message(self) -> None:
        self.message = ""
        self.message_kind = "info"

    def _intent_failed(self, intent: str, exc: Exception) -> None:
        self.show_message(f"Something went wrong ({intent}): {exc}", "error")

    def redraw(self) -> None:
        """Ask for a redraw of the current screen (batched with the session's own)."""
        self._redraw_trigger()

    # ------------------------------------------------------------------ undo, Fix the board

    def undo(self) -> bool:
        """The Menu's Undo (``[game] undo = "honor"``): revert one action; a refusal says why."""
        session = self.session
        if session is None:
            return False
        if not self.intents.undo():
            if session.message and not self.message:
                self.show_message(session.message, "error")
            return False
        self.show_message(session.message or "Undone.", "info")
        self._redraw_trigger()
        return True

    def show_correction(self) -> None:
        """Fix the board (the Menu): an editor over the game; the game is untouched until Save."""
        view = self.table_view()
        if view is None:
            return
        self.correcting = True
        self.manager.get_screen("correction").start(view.rows, view.cadet, view.carrying)
        self.clear_message()
        self.manager.current = "correction"

    def close_correction(self) -> None:
        """Leave Fix the board: back to the game's screen."""
        self.correcting = False
        self.clear_message()
        session = self.session
        if session is None:
            self.show("home")
            return
        if session.step is Step.THINKING:
            self.thinking_visible = True  # the screen behind was the editor: show Thinking now
        self._redraw()

    # ------------------------------------------------------------------ session events

    def _on_event(self, event: Event) -> None:
        from ui.games.transmission.table import read_event
        if self.session is None:
            return
        news = read_event(event, self.content)
        if news.said is not None:
            self.show_message(*news.said)
        if news.dealt is not None:
            self.dealt = news.dealt
        if news.think:
            self._start_choosing()
        self.choosing.observe(self.session, event)  # pre-solves the next pick (ui.choosing)
        self._redraw_trigger()

    # ------------------------------------------------------------------ Mission Control's pick

    def retry_choice(self) -> None:
        """Ask Mission Control again (after its pick failed)."""
        if self.session is not None and self.session.step is Step.THINKING:
            self._start_choosing()

    def _start_choosing(self) -> None:
        """Run Mission Control on a worker thread (:mod:`ui.choosing`); its pick comes back here."""
        from ui.games.transmission.table import is_person
        session: Session = self.session
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
            self.choice_error = f"Mission Control could not choose: {error}"
            self.thinking_visible = True
            self.show_message(self.choice_error, "error")
            self._redraw_trigger()
            return
        if not self.intents.submit_selection(commands):
            self.choice_error = session.message
            self.thinking_visible = True
            self._redraw_trigger()

    # ------------------------------------------------------------------ drawing

    def _redraw(self, *_: object) -> None:
        """Switch to the session's screen and refresh it from the table's view (batched)."""
        from ui.games.transmission.table import fill_status

        session: Session | None = self.session
        if session is None:
            return
        name = session.step.value
        if session.step is Step.THINKING and not self.thinking_visible:
            name = ""  # keep the previous screen up for the first 200 ms
        if self.help_over_game or self.correcting:
            name = ""  # How to play (or Fix the board) stays up until its Back (Save, Cancel)
        view = session.view()
        fill_status(self.status, view, self.content, self.dealt)
        problem = self.store.problem if self.store is not None else None
        if problem and problem != self._store_said:  # an autosave failed: the table should know
            self.show_message(problem, "error")
        self._store_said = problem
        if name:
            if self.manager.current != name:
                self.manager.current = name
            screen = self.manager.current_screen
            try:
                screen.refresh(view)
            except Exception as exc:  # keep the table going; the log has the traceback
                log.exception("refreshing the %s screen failed", name)
                self.show_message(f"Something went wrong drawing this screen: {exc}", "error")

    # ------------------------------------------------------------------ table hardware

    def start_hardware(self) -> None:
        """Start the GPIO panel and the card reader as the config says (``ui.table_hardware``);
        without either the app runs on touch and keyboard, as before."""
        try:
            self.hardware = TableHardware(self, self.table_config)
            self.hardware.start()
        except Exception as exc:  # never keep the table from starting
            log.exception("the table hardware could not start")
            self.show_message(f"Buttons, lights and card reader are off: {exc}", "error")

    def press_key(self, key: int) -> bool:
        """A panel button: the key it stands for (``ui.table_hardware.BUTTON_KEYS``), as if typed."""
        from kivy.core.window import Window  # opens the window: only once configure() has run

        return bool(self._on_key_down(Window, key, 0, None, []))

    # ------------------------------------------------------------------ keyboard

    def _on_key_down(self, window: Any, key: int, scancode: int, codepoint: str | None,
                     modifiers: list[str]) -> bool:
        return route_key(self, window, key, codepoint)  # ui.key_routing


# ---------------------------------------------------------------------- entry point


def _say_on_screen(text: str) -> None:
    app = App.get_running_app()
    if isinstance(app, CompanionApp):
        app.show_message(text, "error")


def main(content: ContentPack | None = None, difficulty: str | None = None, layout: str | None = None,
         seed: int | None = None, fullscreen: bool = False, kiosk: bool = False) -> int:
    """Run the companion (``companion run``).  Returns the process exit status."""
    configure(fullscreen, kiosk)
    missing = planner_missing()
    if missing is not None:
        log.error("Mission Control (the planner) is missing: %s", missing)
        return 1
    from kivy.base import ExceptionManager  # after configure(), like everything that may open the window

    ExceptionManager.add_handler(LogAndContinue(_say_on_screen))
    CompanionApp(content=content, difficulty=difficulty, layout=layout, seed=seed,
                 **table_settings().app_options()).run()  # a bad [store]: History off, said on Home
    return 0
