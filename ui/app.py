"""The composition root: the Kivy app, the shell every game's screens live in.

The app owns the shell and nothing of a game: the screens (built on first use, :mod:`ui.lazy_screens`),
the message bar and status strip, the game store (:mod:`ui.table_store`), the games on the shelf and
their tables (:mod:`ui.shelf`; each game's :class:`~ui.game_table.GameTable`, imported the first time
the game is chosen, started or resumed, so the start imports no game: issue 24, item 4), the table
hardware, keys and the double-tap guard.  Screens see the app only as a :class:`~ui.host.Host`.

Incoming Transmission's table flow (its session, Mission Control's pick, the redraws of its screens)
is its table's, :class:`ui.games.transmission.game.TransmissionTable`; the app hands it the members of
the Host its screens call (:attr:`CompanionApp.intents`, :meth:`CompanionApp.table_view`, ...) and
the shell's status-strip Menu and Escape while one of its screens is up.

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
from typing import TYPE_CHECKING, Any, cast

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.widget import Widget

from companion.i18n import _, on_language_change
from companion.table.config import Config
from companion.table.table_settings import use_table_language
from ui import theme
from ui.game_table import GameTable
from ui.games.transmission.start import Start  # its start options only: none of the game
from ui.host import GameHistory, SetupChoice
from ui.i18n import tr
from ui.key_routing import route_key, walk
from ui.lazy_screens import LazyScreenManager, add_screens
from ui.popups import ChoicePopup
from ui.registry import GAMES, load_shared_kv
from ui.shelf import GameShelf
from ui.sound import Speaker
from ui.start import LogAndContinue, configure, planner_missing
from ui.store_setting import table_settings
from ui.table_hardware import TableHardware
from ui.table_sound import TableSound
from ui.table_store import TableStore
from ui.widgets.controls import StatusStrip

if TYPE_CHECKING:  # annotations only: a game is imported with its table, never at start (issue 24)
    from companion.games.transmission.content.model import ContentPack
    from companion.games.transmission.intents import Intents
    from companion.games.transmission.table_view import TableView
    from companion.table.store import Store
    from ui.games.transmission.game import TransmissionTable

log = logging.getLogger(__name__)

#: Screens that are part of a game (they show the status strip; Escape asks before leaving).
GAME_SCREENS = frozenset(name for screens in GAMES.values() for name in screens.in_game)


class CompanionApp(App):
    """The table companion: the shell around every game's screens.

    :param content: Incoming Transmission's content pack (difficulty titles, module names, boosts...);
        ``None``: the default one, loaded with the game's first use.
    :param difficulty, layout, seed: its Setup's initial choices (``None``: standard / standard / random).
    :param chooser_factory: makes its Mission Control for a new game; default
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
    #: The session of the game the status strip belongs to (set by its table), for the table
    #: hardware, which binds to it (``ui.table_hardware``).
    session = ObjectProperty(None, allownone=True)
    #: Whether the table is muted (the mute buttons; ``ui.table_sound``).
    sound_muted = BooleanProperty(False)
    #: The end of the quiet hours while the table is in them now (``"07:00"``), else ``""``.
    sound_quiet_until = StringProperty("")

    def __init__(self, content: ContentPack | None = None, difficulty: str | None = None,
                 layout: str | None = None, seed: int | None = None,
                 chooser_factory: Callable[[], Any] | None = None, thinking_delay: float = 0.2,
                 config: Config | None = None, store_path: str | os.PathLike[str] | None = None,
                 notices: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = _(theme.TITLE)
        #: Incoming Transmission's start options, handed to its table when it is made.
        self.transmission_start: Start = Start(
            content, SetupChoice(difficulty or "standard", layout or "standard", seed), chooser_factory,
            thinking_delay)
        #: Seconds of :meth:`hold_actions` after a screen change (see the module docstring).
        self.action_guard = theme.ACTION_GUARD
        self._held_until = 0.0
        #: The table's settings (not ``self.config``: that is Kivy's own ConfigParser).
        self.table_config = config or Config()
        # The table's language before anything is drawn: [table] language, else the environment's.
        use_table_language(self.table_config.table)
        self._stop_listening: Callable[[], None] | None = None
        path = Path(store_path) if store_path is not None else None
        #: The game store (``ui.table_store``): History is off without one.
        self.table_store = TableStore(self, path)
        #: Where exports go by default: the config's data dir (beside the store when only a path is given).
        self.data_dir = self.table_config.data_dir if config is not None or path is None else path.parent
        self._notices = list(notices)
        #: The GPIO buttons, lights and card reader (``ui.table_hardware``), from :meth:`on_start`.
        self.hardware: TableHardware | None = None
        #: The games Home offers, the chosen one, each game's table (``ui.shelf``).
        self.shelf = GameShelf(self)
        #: The speaker's cues and the [table] settings (``ui.table_sound``), started in :meth:`on_start`.
        self.sound = TableSound(self)
        #: How to play's game (:meth:`open_help`; ``""``: the one chosen on Home) and the game's
        #: screen its Back returns to (``""``: none).
        self._help_game = ""
        self._help_back = ""

    # ------------------------------------------------------------------ the tables

    @property
    def transmission(self) -> TransmissionTable:
        """Incoming Transmission's table (made, and the game imported, on first use: ``ui.shelf``)."""
        return cast("TransmissionTable", self.shelf.strip_table())

    def _strip_game(self) -> TransmissionTable | None:
        """The table whose screens show the status strip, if it is made (else no game of it is on)."""
        return cast("TransmissionTable | None", self.shelf.strip_table(make=False))

    def game_table(self, name: str) -> GameTable | None:
        return self.shelf.table(name)

    # ------------------------------------------------------------------ the Host the screens see
    # Incoming Transmission's screens' members are its table's (ui.games.transmission.game).

    @property
    def intents(self) -> Intents:
        return self.transmission.intents

    def table_view(self) -> TableView | None:
        table = self._strip_game()
        return table.table_view() if table is not None else None

    def finished_record(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        table = self._strip_game()
        return table.finished_record() if table is not None else None

    @property
    def content(self) -> ContentPack:
        return self.transmission.content

    @property
    def initial(self) -> SetupChoice:
        return self.transmission.initial

    @property
    def dealt(self) -> tuple[str, ...]:
        return self.transmission.dealt

    @property
    def choice_error(self) -> str:
        return self.transmission.choice_error

    @property
    def phone_off(self) -> str:
        table = self._strip_game()
        return table.phone_off if table is not None else ""

    @property
    def help_over_game(self) -> bool:
        table = self._strip_game()
        return bool(self._help_back) or (table is not None and table.help_over_game)

    def start_game(self, difficulty: str, layout: str, seed: int, mission_control: str | None = None) -> bool:
        return self.transmission.start_game(difficulty, layout, seed, mission_control)

    def retry_choice(self) -> None:
        self.transmission.retry_choice()

    def play_again(self) -> None:
        self.transmission.play_again()

    def open_mission_control(self) -> None:
        self.transmission.open_mission_control()

    def close_correction(self) -> None:
        self.transmission.close_correction()

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
        """The stored game of the game on the table, else ``None``."""
        table = self.shelf.playing()
        return table.game_id if table is not None else None

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
        self._stop_listening = on_language_change(self._language_changed)
        self.table_store.open(self._notices)
        self._notices = []
        self.sound.start()
        self.start_hardware()
        Clock.schedule_once(lambda _dt: self.offer_resume())  # once Home is drawn

    def on_stop(self) -> None:
        from kivy.core.window import Window  # opens the window: only once configure() has run

        Window.unbind(on_key_down=self._on_key_down)
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        self.sound.stop()
        tr.forget()  # the translator outlives the app: it must not keep the app's widgets
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
        self.shelf.close()  # every game is dropped (a late pick from a worker with it), kept saved
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

    # ------------------------------------------------------------------ the table's language

    def _language_changed(self, code: str) -> None:
        # companion.i18n.set_language may run on any thread (a Settings screen, a test): redraw on
        # Kivy's main thread, with the next frame.
        Clock.schedule_once(lambda _dt: self.retranslate())

    def retranslate(self) -> None:
        """Redraw the text built in Python in the language now in use (kv text follows by itself,
        :data:`ui.i18n.tr`): the window's title (Kivy's :meth:`App.on_title` passes it to
        ``Window.set_title``), the status strip's hardware line, and the screen shown: a game's
        table redraws its own screens from the game's view (a game in progress goes on in the new
        language); any other screen words itself again, by its ``retranslate()`` (the choices made
        on it are kept), else by its ``on_pre_enter`` (it fills itself again).  Screens not shown
        fill themselves when they are next entered.

        A table redraws only when one of its screens is shown: a redraw also brings up the game's
        current screen, which would take the table away from Settings, the debrief or Fix the board."""
        self.title = _(theme.TITLE)
        current = self.manager.current_screen
        name = current.name if current is not None else ""
        for table in list(self.shelf.tables.values()):
            redraw = getattr(table, "redraw", None)
            if callable(redraw) and name in getattr(table, "in_game", ()):
                redraw()
        if current is not None and name not in GAME_SCREENS:
            reword = getattr(current, "retranslate", None) or getattr(current, "on_pre_enter", None)
            if callable(reword):
                reword()
        if self.hardware is not None:
            self.hardware.update_status()

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
        chosen = self.shelf.choose(game)
        starting = chosen.info.name if chosen is not None else None
        if self.shelf.playing() is None and self.table_store.offer_resume(
                then=lambda _old: self.open_setup(), starting=starting) is not None:
            return
        self.open_setup()

    def open_setup(self) -> None:
        """The Setup of the chosen game."""
        chosen = self.shelf.choose(None)
        if chosen is not None:
            self.show(chosen.screens.start)

    def offer_resume(self) -> ChoicePopup | None:
        """On Home at start: an unfinished game is offered for resume (none while a game is on); its
        Start new (asked once more) goes to the Setup of a new game of that kind."""
        if self.shelf.playing() is not None:
            return None
        return self.table_store.offer_resume(then=self.open_setup_of)

    def open_setup_of(self, game: str) -> None:
        """The Setup of game ``game`` (chosen on Home from now on)."""
        self.shelf.choose(game)
        self.open_setup()

    def abandon(self) -> None:
        """Leave the status strip's game (asked already) and go Home."""
        table = self._strip_game()
        if table is not None:
            table.abandon()
        else:
            self.show("home")

    def open_help(self, game: str | None = None, back_to: str = "") -> None:
        """How to play of ``game`` (``None``: the game chosen on Home), for Home or a game of actions'
        Menu; ``back_to``: the game's screen its Back returns to, unchanged (``""``: Home).
        Incoming Transmission's Menu opens it through its table (:meth:`TransmissionTable.show_help`)."""
        self._help_game = game or ""
        self._help_back = back_to
        self.show("help")

    @property
    def help_game(self) -> str:
        """The game How to play shows: Incoming Transmission while it is open over that game, else
        the one :meth:`open_help` named, else the one chosen on Home."""
        table = self._strip_game()
        if table is not None and table.help_over_game:
            return self.shelf.strip_game()
        return self._help_game or self.shelf.chosen

    def close_help(self) -> None:
        """Leave How to play: back to the game it was opened from (its screen redrawn), else Home."""
        back, self._help_back, self._help_game = self._help_back, "", ""
        table = self._strip_game()
        if table is not None and table.close_help():
            return
        if back in self.manager.screen_names:
            self.show(back)
            playing = self.shelf.playing()
            redraw = getattr(playing, "redraw", None)
            if redraw is not None:
                redraw()
            return
        self.show("home")

    def open_menu(self) -> None:
        """The status strip's Menu (its game's: :meth:`TransmissionTable.menu`, for touch-only tables)."""
        table = cast("TransmissionTable | None", self.shelf.strip_table())
        if table is not None:
            choices = table.menu()
            choices.insert(max(0, len(choices) - 2), (_("Settings"), self.show_table_settings, theme.ACCENT))
            ChoicePopup(_("Menu"), "", choices, vertical=True, default=len(choices) - 1, width_dp=420).open()

    def back(self) -> None:
        """Escape: outside a game go Home; in a game ask first (the game would be lost)."""
        name = self.manager.current
        table = self._strip_game()
        if name in GAME_SCREENS and table is not None:
            table.leave()
        elif name in GAME_SCREENS:
            self.show("home")
        elif name != "home":
            self.show("home")

    def quit(self) -> None:
        self.stop()

    # ------------------------------------------------------------------ sound and settings

    @property
    def speaker(self) -> Speaker:
        """The table's speaker (``ui.sound``): the action games' tables play their cues through it."""
        return self.sound.speaker

    def toggle_mute(self) -> None:
        """A mute button: mute or unmute; a config that cannot be written is said in the message bar."""
        saved, words = self.sound.toggle_mute()
        if not saved:
            self.show_message(words, "error")
        elif self.sound_quiet_until and not self.sound_muted:
            self.show_message(_("Quiet hours until {time}: no sound until then (Settings changes them).")
                              .format(time=self.sound_quiet_until), "info")

    def show_table_settings(self) -> None:
        """The Settings screen; its Back returns to the screen it was opened from (a game's, or Home)."""
        self.sound.back_to = self.manager.current
        self.show("settings")

    def close_table_settings(self) -> None:
        """Leave Settings for the screen it was opened from (a game's is redrawn)."""
        back = self.sound.back_to if self.sound.back_to in self.manager.screen_names else "home"
        self.show(back)
        table = self.shelf.playing()
        redraw = getattr(table, "redraw", None)
        if redraw is not None:
            redraw()

    # ------------------------------------------------------------------ messages

    def show_message(self, text: str, kind: str = "info") -> None:
        self.message_kind = kind
        self.message = text

    def clear_message(self) -> None:
        self.message = ""
        self.message_kind = "info"

    def redraw(self) -> None:
        """Ask for a redraw of the current screen (batched with the game's own)."""
        table = self._strip_game()
        if table is not None:
            table.redraw()

    # ------------------------------------------------------------------ table hardware

    def start_hardware(self) -> None:
        """Start the GPIO panel and the card reader as the config says (``ui.table_hardware``);
        without either the app runs on touch and keyboard, as before."""
        try:
            self.hardware = TableHardware(self, self.table_config, silent=lambda: self.sound.speaker.silent())
            self.hardware.start()
        except Exception as exc:  # never keep the table from starting
            log.exception("the table hardware could not start")
            self.show_message(_("Buttons, lights and card reader are off: {error}").format(error=exc),
                              "error")

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
