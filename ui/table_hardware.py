"""The bridge from the table's hardware to the app: GPIO buttons and lights, the card reader.

The hardware reaches the game only as intents (DESIGN.md, Session): this
module owns one queue that the GPIO panel (``hardware/panel.py``, gpiozero's
threads) and the card reader (``hardware/reader.py``, its own thread) fill,
and a ``Clock.schedule_interval`` callback that drains it on Kivy's main
thread (:data:`DRAIN_INTERVAL`), so no widget is touched off that thread.

- A button press does what its key does (:data:`BUTTON_KEYS`; ``CompanionApp.press_key``):
  Transmit = Enter (continue, execute), Back = Backspace on Decode when a card
  is placed (take it back) and Escape elsewhere, Boost = B (the Signal Boosts).
- A scan: an RFID tag is looked up in the pairings (``hardware/pairing.py``);
  an unknown tag opens :class:`PairingPopup` (which card is it?); a code is read
  with :func:`companion.games.transmission.cards.read_code` and handed to ``Session.scan``.  A
  refused code or intent goes to the message bar with the refused beep.
- Lights and buzzer follow the session's events (the buzzer keeps quiet while the table is muted or in
  its quiet hours, issue 22): the *incoming* LED is on while
  the Transmission screen is up, *mission* blinks when a mission completes, the
  *reader* LED is on while the reader is connected, a refusal beeps twice.
- The status strip shows ``reader: connected / disconnected / none`` and
  ``buttons: on / off``.

With no ``[gpio]`` and no ``[reader]`` table, no GPIO and no reader, the app
runs as before: the reader is started only when the config has a ``[reader]``
table, and a desktop without GPIO gets one log line (:data:`hardware.panel.NO_GPIO`).
Every handler that raises is logged, and the next event is handled as usual
(:func:`hardware.panel.drain`).
"""

from __future__ import annotations

import functools
import logging
import queue
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Union, cast

from kivy.clock import Clock, ClockEvent
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.togglebutton import ToggleButton

from companion.games.transmission.names import Step  # the registration's names (catalog)
from companion.i18n import N_, _, pgettext
from companion.table.config import Config
from companion.table.events import Event
from hardware import panel as gpio
from ui import theme
from ui.popups import GuardedPopup
from ui.widgets.controls import BigButton, StatusStrip

if TYPE_CHECKING:  # the cards with the first scan, the session and its events with the first game
    from companion.games.transmission.cards import Card  # (issue 10, item 4), the reader's modules
    from companion.games.transmission.content.model import ContentPack  # when a reader is configured
    from companion.games.transmission.intents import Intents
    from companion.games.transmission.session import Session
    from companion.games.transmission.table_view import TableView
    from hardware.doctor import ScanLog
    from hardware.pairing import Pairings
    from hardware.reader import ReaderEvent, ReaderSettings

log = logging.getLogger(__name__)

#: Seconds between two drains of the hardware queue.
DRAIN_INTERVAL = 0.05
#: The kv rules of the pairing popup (loaded when the first one opens).
KV_FILE = Path(__file__).with_suffix(".kv")
#: Panel action -> the Kivy keycode whose action it takes (Back on Decode: see :meth:`TableHardware.press`).
BUTTON_KEYS = {"transmit": 13, "back": 27, "boost": 98}
TAKE_BACK_KEY = 8
#: How the pairing popup names each kind (plural, for its tabs).
KIND_TABS = {"command": N_("Command"), "transmission": N_("Transmission"), "mission": N_("Mission"),
             "boost": N_("Signal Boost"), "module": N_("Module")}



class Reader(Protocol):
    """The card reader's thread (:class:`hardware.reader.CardReader`, or a test's fake)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


#: ``make_reader(settings, events)``: a reader that puts its events on ``events``.
MakeReader = Callable[["ReaderSettings", "queue.Queue[HardwareEvent]"], Reader]

#: What the panel and the reader put on the queue.
HardwareEvent = Union["gpio.PanelEvent", "ReaderEvent"]


class HardwareHost(Protocol):
    """What the hardware needs of the app (:class:`ui.app.CompanionApp`)."""

    message: str
    message_kind: str
    content: ContentPack
    manager: ScreenManager
    status: StatusStrip | None

    @property
    def session(self) -> Session | None: ...

    @property
    def intents(self) -> Intents: ...

    def table_view(self) -> TableView | None: ...

    def show_message(self, text: str, kind: str = "info") -> None: ...

    def press_key(self, key: int) -> bool: ...

    def bind(self, **callbacks: Callable[..., object]) -> None: ...

    def unbind(self, **callbacks: Callable[..., object]) -> None: ...


class TableHardware:
    """The table's buttons, lights and card reader, wired to one :class:`~ui.app.CompanionApp`.

    :param app: the running app (:class:`HardwareHost`: its intents, table view, keys, message bar).
    :param config: the table's settings (``[gpio]``, ``[reader]``, ``data_dir``).
    :param pin_factory: a gpiozero pin factory for the panel (tests); default: the panel's own choice.
    :param on_pi: whether this is a Raspberry Pi (default: look).
    :param make_reader: ``make_reader(settings, events) -> reader`` (tests); default
        :class:`hardware.reader.CardReader`.
    :param silent: whether the buzzer keeps quiet now (the speaker's mute and quiet hours:
        :meth:`ui.sound.Speaker.silent`); default: never.
    """

    def __init__(self, app: HardwareHost, config: Config, *, pin_factory: Any = None,
                 on_pi: bool | None = None, make_reader: MakeReader | None = None,
                 silent: Callable[[], bool] = lambda: False) -> None:
        self.app = app
        self.config = config
        self.events: queue.Queue[HardwareEvent] = queue.Queue()
        self.panel: gpio.Panel | None = None
        self.reader: Reader | None = None
        self.pairings: Pairings | None = None
        self._scan_log: ScanLog | None = None
        self.reader_state = "none"
        self.buttons_state = "off"
        self._pin_factory = pin_factory
        self._on_pi = on_pi
        self._make_reader = make_reader
        self.silent = silent
        self._drain_event: ClockEvent | None = None
        self._session: Session | None = None
        self._was_connected = False
        self._popup: PairingPopup | None = None

    @property
    def scan_log(self) -> ScanLog:
        """The last scans (``hardware.doctor``, which shows them), opened with the first scan: the
        doctor's module is not imported at start (issue 24, item 4)."""
        if self._scan_log is None:
            from hardware.doctor import SCAN_LOG_NAME, ScanLog

            self._scan_log = ScanLog(self.config.data_dir / SCAN_LOG_NAME)
        return self._scan_log

    # ------------------------------------------------------------------ life

    def start(self) -> None:
        """Open the panel and the reader (as configured) and start draining their queue."""
        problems = [p for p in (self._start_panel(), self._start_reader()) if p]
        self._drain_event = Clock.schedule_interval(self.drain, DRAIN_INTERVAL)
        self.app.bind(session=self._on_session)
        self._on_session(self.app, self.app.session)
        self.update_status()
        if problems:
            # After, not instead of, a notice already up (a damaged game store set aside, a bad config).
            said = [self.app.message] if self.app.message and self.app.message_kind == "error" else []
            self.app.show_message(" ".join(said + [p if p.endswith(".") else p + "." for p in problems]),
                                  "error")

    def stop(self) -> None:
        """Stop draining, stop the reader, switch the lights off and release the pins.  Idempotent."""
        if self._drain_event is not None:
            self._drain_event.cancel()
            self._drain_event = None
        self.app.unbind(session=self._on_session)
        self._session = None
        if self._popup is not None:
            self._popup.dismiss(animation=False)
            self._popup = None
        reader, self.reader = self.reader, None
        if reader is not None:
            try:
                reader.stop()
            except Exception:
                log.exception("stopping the card reader failed")
        panel, self.panel = self.panel, None
        if panel is not None:
            panel.signal("lights_off")
            panel.close()

    def _start_panel(self) -> str:
        file = str(self.config.path) if self.config.path is not None else "<defaults>"
        try:
            settings = gpio.panel_settings(self.config.section("gpio"), file)
        except gpio.PanelConfigError as exc:
            log.error("GPIO not used: %s", str(exc))
            return _("Buttons and lights are off: {error}").format(error=exc)
        status = gpio.open_panel(settings, self.events, pin_factory=self._pin_factory, on_pi=self._on_pi)
        self.panel = status.panel
        self.buttons_state = "on" if status.panel is not None else "off"
        return status.message if status.fault else ""

    def _start_reader(self) -> str:
        section = self.config.section("reader")
        if not section:
            return ""  # no [reader] table: no reader (the app runs exactly as before)
        file = str(self.config.path) if self.config.path is not None else "<defaults>"
        try:
            from hardware import pairing
            from hardware import reader as serial_reader
        except ImportError as exc:
            log.error("the card reader cannot run: %s", str(exc))
            return _("The card reader is off: {error}").format(error=exc)
        try:
            settings = serial_reader.reader_settings(section, file)
        except ValueError as exc:
            log.error("card reader not used: %s", str(exc))
            return _("The card reader is off: {error}").format(error=exc)
        if not settings.enabled:
            return ""
        path = Path(settings.pairings) if settings.pairings else self.config.data_dir / pairing.FILE_NAME
        self.pairings = pairing.Pairings(path)
        # One queue for both: the panel puts PanelEvents on it, the reader only ReaderEvents.
        events = cast("queue.Queue[ReaderEvent]", self.events)
        reader = self._make_reader(settings, self.events) if self._make_reader else serial_reader.CardReader(
            settings, events)
        self.reader = reader
        self.reader_state = "disconnected"
        reader.start()
        return self.pairings.problem or ""

    # ------------------------------------------------------------------ the queue

    def drain(self, _dt: float = 0.0) -> int:
        """Handle every waiting hardware event (the Clock callback; main thread)."""
        return gpio.drain(self.events, self.handle)

    def handle(self, event: HardwareEvent) -> None:
        """One event from the panel or the reader."""
        if isinstance(event, gpio.PanelEvent):
            self.press(event.action)
        elif getattr(event, "kind", None) == "scan":
            self.scanned(event.text, getattr(event, "source", "line"))
        elif getattr(event, "kind", None) in ("connected", "disconnected", "problem"):
            self._reader_event(event.kind, event.text)
        else:
            log.warning("unknown hardware event %r", event)

    def press(self, action: str) -> bool:
        """A panel button: the key it stands for, through the keyboard's path."""
        key = BUTTON_KEYS.get(action)
        if key is None:
            log.warning("no key for panel action %r", action)
            return False
        if action == "back" and self._can_take_back():
            key = TAKE_BACK_KEY
        return bool(self.app.press_key(key))

    def _can_take_back(self) -> bool:
        view = self.app.table_view()
        if view is None or view.step is not Step.DECODE or self.app.manager.current != "decode":
            return False
        fixed = {c.id for c in view.registers if c is not None}
        return any(c is not None and c not in fixed for c in view.arrangement) or bool(view.left_out)

    def _reader_event(self, kind: str, text: str) -> None:
        if kind == "connected":
            if self.reader_state != "connected" and self._was_connected:
                self.app.show_message(_("The card reader is back."), "info")
            self.reader_state = "connected"
            self._was_connected = True
            self._signal("reader")
        elif kind == "disconnected":
            if self.reader_state == "connected":
                self.app.show_message(_("The card reader is disconnected: {why}").format(why=text), "error")
            self.reader_state = "disconnected"
            self._signal("reader_off")
        else:
            self.app.show_message(text, "error")
            self._signal("refused")
            self.scan_log.add("problem", "", text)
        self.update_status()

    # ------------------------------------------------------------------ scans

    def scanned(self, text: str, source: str = "line") -> bool:
        """A scan: an RFID tag (paired, or the pairing popup opens) or a printed code."""
        if source == "rfid":
            code = self.pairings.lookup(text) if self.pairings is not None else None
            if code is None:
                self.scan_log.add(source, text, "unknown tag: asked which card it is")
                self.ask_pairing(text)
                return False
            text = code
        from companion.games.transmission.cards import CardCodeError, read_code

        try:
            card = read_code(text, self.app.content)
        except CardCodeError as exc:
            self.scan_log.add(source, text, f"refused: {exc.problem}")
            self.app.show_message(_("Scan not used: {why}").format(why=exc.problem), "error")
            self._signal("refused")
            return False
        return self.use_card(card, source, text)

    def shown(self, card: Card) -> str:
        """The card's name in the table's language (:func:`~companion.games.transmission.cards.shown_names`);
        :attr:`Card.name` is the pack's English (the scan log's)."""
        from companion.games.transmission.cards import shown_names

        return shown_names(self.app.content).get(card.code, card.name)

    def use_card(self, card: Card, source: str = "line", text: str = "") -> bool:
        """Hand a read card to the session (``Session.scan``); the beep says how it went."""
        view = self.app.table_view()
        if view is None:
            message = _("{card}: cards are read during a game; start one first.").format(
                card=self.shown(card))
            self.app.show_message(message, "info")
            self._signal("refused")
            self.scan_log.add(source, text or card.code, f"refused: {message}")
            return False
        before = view.arrangement
        if view.seat_open or (view.mission_control == "person" and card.kind == "mission"):
            return self._private_scan(card, source)
        ok = self.app.intents.scan(card)  # a refusal shows its message and beeps (session event)
        after = self.app.table_view()
        if not ok:
            self.scan_log.add(source, text or card.code, f"refused: {after.message if after else ''}")
            return False
        self._signal("scan_ok")
        now = after.arrangement if after is not None else before
        placed = [k for k, (a, b) in enumerate(zip(before, now), start=1) if a != b]
        from companion.games.transmission.engine.commands import card_command

        # Two Norths are one and the same at the table: name the command, not "North (1 of 2)".
        name = card_command(card.id).title if card.kind == "command" else card.name
        result = f"{name} in register {placed[0]}" if placed else card.name  # the scan log: English
        if placed:
            said = _(card_command(card.id).title) if card.kind == "command" else self.shown(card)
            self.app.show_message(_("Scanned: {card} in register {register}.").format(
                card=said, register=placed[0]), "info")
        self.scan_log.add(source, text or card.code, result)
        return True

    def _private_scan(self, card: Card, source: str) -> bool:
        """A scan for a person as Mission Control's screen (RULES.md, With a person as Mission Control):
        the session takes it or says why on that screen; the scan log and the message bar name no card,
        as a Mission card or a selected Command card is a secret."""
        view = self.app.table_view()
        seat_open = view is not None and view.seat_open
        ok = self.app.intents.scan(card)
        if ok:  # a refusal beeps through its Refused event
            self._signal("scan_ok")
        where = "on the Mission Control screen" if seat_open else "on the table's screen"
        self.scan_log.add(source, "(a Mission Control card)", "taken by the Mission Control screen" if ok
                          else f"refused {where}")
        return ok

    def ask_pairing(self, tag: str) -> None:
        """Open the pairing popup for an unknown RFID tag (one at a time)."""
        if self._popup is not None:
            self.app.show_message(_("Finish pairing the previous tag first."), "info")
            return
        self._signal("refused")
        view = self.app.table_view()
        # A person as Mission Control taps the Mission card's title: only on their own screen, turned away.
        hidden = view is not None and view.mission_control == "person" and not view.seat_open \
            and view.step is not Step.END
        from companion.games.transmission.cards import all_cards, shown_names

        popup = PairingPopup(tag, all_cards(self.app.content), on_chosen=self.pair, missions_hidden=hidden,
                             names=shown_names(self.app.content))
        popup.bind(on_dismiss=self._popup_gone)
        self._popup = popup
        popup.open()

    def _popup_gone(self, popup: PairingPopup) -> None:
        if self._popup is popup:
            self._popup = None

    def pair(self, tag: str, card: Card) -> None:
        """The pairing popup's answer: remember it, then use the card as if its code had been scanned."""
        if self.pairings is None:  # the popup opens only for a reader's tag, so never without pairings
            return
        try:
            self.pairings.pair(tag, card.code)
        except ValueError as exc:  # PairingError: the file cannot be written
            log.error("pairing %s failed: %s", tag, str(exc))
            self.app.show_message(_("Not paired: {why}").format(why=exc), "error")
            return
        # A Mission card is a secret (RULES.md, With a person as Mission Control): named nowhere; so is
        # a Command card paired while Mission Control's screen is open (it is being selected).
        view = self.app.table_view()
        seat_open = view is not None and view.seat_open
        secret = {"mission": "a Mission card"}.get(card.kind) or (
            "a Mission Control card" if seat_open and card.kind == "command" else "")
        shown = {"mission": N_("a Mission card")}
        if seat_open:
            shown["command"] = N_("a Mission Control card")
        log.info("RFID tag %s paired with %s", tag, secret or card.code)
        self.scan_log.add("rfid", tag, f"paired with {secret or f'{card.code} ({card.name})'}")
        said = _(shown[card.kind]) if card.kind in shown else self.shown(card)
        self.app.show_message(_("Tag paired with {card}.").format(card=said), "info")
        person = view is not None and view.mission_control == "person"
        usable = ("command", "transmission", "mission") if person else ("command", "transmission")
        if self.app.session is not None and card.kind in usable:
            self.use_card(card, "rfid", tag)  # as if it had been scanned (other kinds: nothing to do now)

    # ------------------------------------------------------------------ lights

    def _signal(self, name: str) -> None:
        if self.panel is not None:
            self.panel.signal(name, beep=not self.silent())

    def _on_session(self, _app: object, session: Session | None) -> None:
        if session is self._session:
            return
        self._session = session
        self._signal("game_off")  # the last game's lights (a victory leaves Mission on)
        if session is None:
            return
        session.subscribe(functools.partial(self._on_event, session))
        if session.step is Step.TRANSMISSION:
            self._signal("incoming")

    def _on_event(self, session: Session, event: Event) -> None:
        from companion.games.transmission.events import MissionComplete, Refused, StepChanged, Victory
        if session is not self._session:
            return  # a game that was left
        if isinstance(event, Refused):
            self._signal("refused")
        elif isinstance(event, StepChanged):
            self._signal("incoming" if event.step is Step.TRANSMISSION else "incoming_off")
        elif isinstance(event, MissionComplete):
            self._signal("mission_complete")
        elif isinstance(event, Victory):
            self._signal("victory")

    def update_status(self) -> None:
        """The status strip's hardware line, in the table's language (again after a switch)."""
        status = self.app.status
        if status is not None:
            status.hardware = status_text(self.reader_state, self.buttons_state)


def status_text(reader: str, buttons: str) -> str:
    """The status strip's hardware line: ``reader: connected · buttons: on`` (in the table's language)."""
    return _("reader: {reader} · buttons: {buttons}").format(reader=state_word(reader),
                                                            buttons=state_word(buttons))


def state_word(state: str) -> str:
    """The status strip's word for a reader's or the buttons' state (``"none"``: no reader), in the
    table's language; another state as it is."""
    words = {"connected": pgettext("hardware", "connected"),
             "disconnected": pgettext("hardware", "disconnected"),
             "none": pgettext("hardware", "none"), "on": pgettext("hardware", "on"),
             "off": pgettext("hardware", "off")}
    return words.get(state, state)


# ---------------------------------------------------------------------------- the pairing popup


class KindTab(ToggleButton):
    """A tab of the pairing popup (one kind of card)."""

    kind = StringProperty("")


class PairingPopup(GuardedPopup):
    """An unknown RFID tag: which card is it on?  Tabs by kind, then one big button per card.

    :param cards: every card of the pack (:func:`companion.games.transmission.cards.all_cards`).
    :param on_chosen: ``on_chosen(tag, card)`` after the popup closes with a choice.
    :param names: each card's code -> its name in the table's language
        (:func:`companion.games.transmission.cards.shown_names`); a card without one shows its name.
    :param missions_hidden: list no mission (a person is Mission Control and their screen is closed:
        the Cadet may be looking; RULES.md, With a person as Mission Control); the Mission tab says where
        to pair one instead.
    Escape (or the Back button) cancels; nothing is paired until a card is tapped.
    """

    tag = StringProperty("")
    title = StringProperty("")
    kind = StringProperty("")

    def __init__(self, tag: str, cards: tuple[Card, ...], on_chosen: Callable[[str, Card], None],
                 missions_hidden: bool = False, names: Mapping[str, str] | None = None,
                 **kwargs: Any) -> None:
        if str(KV_FILE) not in Builder.files:  # with the first unknown tag, not at start (issue 10)
            Builder.load_file(str(KV_FILE))
        super().__init__(**kwargs)
        self.missions_hidden = missions_hidden
        self.tag = tag
        self.title = _("New RFID tag {tag}: which card is it on?").format(tag=tag)
        self._cards = cards
        self._names = dict(names or {})
        self._on_chosen = on_chosen
        from companion.games.transmission.cards import KINDS

        tabs = self.ids.tabs
        for kind in KINDS:
            if any(c.kind == kind for c in cards):
                tab = KindTab(text=_(KIND_TABS[kind]), kind=kind, group=f"pairing-{id(self)}",
                              allow_no_selection=False)
                tab.bind(on_release=lambda t: self.show_kind(t.kind))
                tabs.add_widget(tab)
        first = next((c.kind for c in cards), "command")
        self.show_kind(first)

    def show_kind(self, kind: str) -> None:
        """List the cards of ``kind`` as buttons."""
        for tab in self.ids.tabs.children:
            tab.state = "down" if tab.kind == kind else "normal"
        grid = self.ids.cards
        grid.clear_widgets()
        grid.cols = 2 if kind == "mission" else 3
        self.kind = kind
        if kind == "mission" and self.missions_hidden:
            self.ids.hint.text = _("The missions are listed only on the Mission Control screen.")
            grid.cols = 1
            note = Label(text=_("Mission Control: cancel, press and hold Mission Control with the screen "
                                "turned away from the Cadet, then scan this Mission card again."),
                         font_size=theme.FONT_LARGE, halign="center", valign="middle", size_hint_y=None,
                         height=dp(160))
            note.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
            grid.add_widget(note)
            return
        for card in (c for c in self._cards if c.kind == kind):
            button = BigButton(text=self._names.get(card.code, card.name),
                               fill=theme.ACCENT if kind == "command" else theme.SECONDARY,
                               height=dp(56), font_size=theme.FONT_BODY)
            button.card = card
            button.bind(on_release=lambda b: self.choose(b.card))
            grid.add_widget(button)
        self.ids.scroll.scroll_y = 1
        from companion.games.transmission.cards import KIND_TITLES

        self.ids.hint.text = _("Tap the card this tag is stuck on ({kind}).").format(
            kind=_(KIND_TITLES[kind]))

    def choose(self, card: Card) -> None:
        self.dismiss()
        self._on_chosen(self.tag, card)

    def handle_key_event(self, key: int, codepoint: str | None, action: str | None) -> bool:
        """A key (or a panel button) while open: Escape or Back cancels; every key is consumed so
        nothing acts behind the popup."""
        if action == "back":
            self.dismiss()
        return True
