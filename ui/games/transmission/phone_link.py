"""Mission Control on a phone: the touchscreen's side of the phone page (issue 23).

Source: RULES.md, With a person as Mission Control.  A :class:`PhoneLink` starts the phone server
(:mod:`ui.phone.server`, its own thread and asyncio loop) for a game Setup started with
"Mission Control on a phone", shows its QR code (:class:`CodeScreen`), and moves everything between
the server's thread and Kivy's: what a phone asks goes through ``Clock.schedule_once`` to the session
on Kivy's thread (:func:`ui.phone.state.apply_intent`), and each session event pushes the seat's new
view (:func:`ui.phone.state.phone_state`) to the phone.  The touchscreen never shows the seat's view
while a phone holds the seat; its hold button shows the code again instead.

If the server cannot start (port in use, no network), the table is told why (it keeps it on Board
set-up and Thinking for the whole game: ``TransmissionTable.phone_off``) and the game goes on with the
touchscreen's own Mission Control screen (:class:`~ui.games.transmission.mc_seat.SeatScreen`).
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

import qrcode
from kivy.clock import Clock
from kivy.core.image import Image as CoreImage
from kivy.lang import Builder
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.errors import ConfigError
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Chooser
from companion.i18n import _, on_language_change
from companion.table.config import Config
from companion.table.events import Event
from ui import theme
from ui.phone.server import PhoneServer, PhoneServerError
from ui.phone.settings import PhoneSettings, lan_address, phone_settings
from ui.phone.state import apply_intent, coach_text, phone_state
from ui.popups import ChoicePopup

__all__ = ["CodeScreen", "PhoneLink", "phone_session", "qr_texture"]

log = logging.getLogger(__name__)

Builder.load_string("""
#:import theme ui.theme
<CodeScreen>:
    auto_dismiss: True
    size_hint: 1, 1
    background_color: 0, 0, 0, 0
    canvas.before:
        Color:
            rgba: theme.BACKGROUND
        Rectangle:
            pos: self.pos
            size: self.size
    BoxLayout:
        padding: dp(16)
        spacing: dp(16)
        Image:
            id: qr
            texture: root.texture
            size_hint_x: None
            width: self.height
            fit_mode: "contain"
        BoxLayout:
            orientation: "vertical"
            spacing: dp(10)
            BoxLayout:
                size_hint_y: None
                height: max(heading.texture_size[1], dp(48))
                spacing: dp(8)
                Label:
                    id: heading
                    text: root.heading
                    font_size: theme.FONT_LARGE
                    bold: True
                    text_size: self.width, None
                    valign: "middle"
                MuteButton:
                    words: False
            Label:
                text: root.words
                text_size: self.width, None
                size_hint_y: None
                height: self.texture_size[1]
            Label:
                text: root.address
                color: theme.MUTED
                text_size: self.width, None
                size_hint_y: None
                height: self.texture_size[1]
            Widget:
            BigButton:
                text: root.new_code_text
                fill: theme.SECONDARY
                size_hint_y: None
                height: dp(52)
                on_release: root.new_code()
            BigButton:
                text: root.close_text
                fill: theme.GO
                size_hint_y: None
                height: dp(52)
                on_release: root.dismiss()
""")


def _quiet(text: str, kind: str) -> None:
    """Says nothing (a stopped link's ``say``)."""


def qr_texture(url: str) -> Any:
    """The QR code of ``url`` as a Kivy texture (black on white, crisp when scaled)."""
    image = qrcode.make(url, box_size=8, border=3)
    data = io.BytesIO()
    image.save(data, "PNG")
    data.seek(0)
    texture = CoreImage(data, ext="png").texture
    texture.mag_filter = "nearest"
    return texture


class CodeScreen(ModalView):
    """The QR code Mission Control scans (over the whole window; nothing secret on it but the code)."""

    texture = ObjectProperty(None, allownone=True)
    heading = StringProperty("")
    words = StringProperty("")
    address = StringProperty("")
    new_code_text = StringProperty("")
    close_text = StringProperty("")

    def __init__(self, link: PhoneLink, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.link = link
        self.heading = _("Mission Control on a phone")
        self.words = _("Mission Control: scan this code with your phone, on the table's Wi-Fi. Your phone "
                       "then shows the missions and your choices; this screen shows the Cadets only what "
                       "they may see.")
        self.new_code_text = _("New code")
        self.close_text = _("Done")
        self.show_url()

    def show_url(self) -> None:
        """Draw the current code and the address it holds."""
        if self.link is None:
            return
        server = self.link.server
        self.texture = qr_texture(server.url)
        self.address = _("Address: {address} (the code holds a one-game key)").format(
            address=server.url.split("/?", 1)[0])

    def new_code(self) -> None:
        """A new code: the old one dies (a phone holding it must scan the new one)."""
        if self.link is not None:
            self.link.server.new_token()
            self.show_url()

    def on_dismiss(self) -> None:
        self.link = None  # type: ignore[assignment]  # a closed screen holds no game


def phone_session(content: ContentPack, chooser: Chooser, difficulty: str, layout: str, seed: int | None,
                  config: Config) -> PhoneSession:
    """A new game with a person as Mission Control on a phone, with the table's settings
    (as :func:`~companion.games.transmission.person.table_session` makes a person's).

    :raises KeyError, ValueError: unknown difficulty or layout.
    """
    session = PhoneSession(content, chooser, difficulty, layout, seed, undo=config.undo,
                           physical_deck=config.physical_deck, physical_missions=config.physical_missions,
                           private_boosts=config.private_boosts, coach=config.coach)
    session.seed_reports = config.data_dir
    return session


class PhoneLink:
    """The phone server of one game, bridged to Kivy (see the module docstring).

    :param session: the game.
    :param settings: ``[phone]`` (address and port).
    :param say: shows a sentence on the message bar (``(text, kind)``).
    :param lan: finds the LAN address (default: this module's ``lan_address``, looked up at the call,
        :func:`ui.phone.settings.lan_address`).
    """

    def __init__(self, session: PhoneSession, settings: PhoneSettings, say: Callable[[str, str], None],
                 lan: Callable[[], str | None] | None = None) -> None:
        self.session = session
        self.say = say
        self.coach = ""
        self.coach_busy = False
        self.code: CodeScreen | None = None
        self.asking: ChoicePopup | None = None
        self._ended = False
        self._stopped = False
        address = settings.address or (lan or lan_address)() or ""
        self.server = PhoneServer(self, address, settings.port)
        self._push = Clock.create_trigger(lambda _dt: self.push(), -1)
        session.subscribe(self._on_event)
        # A language switched on the touchscreen (Settings) reaches the phone at once, mid-game: the
        # state is built again in the new language and carries the page's words (issue 22).
        self._unlisten = on_language_change(self._language_changed)

    @classmethod
    def for_table(cls, session: PhoneSession, config: Config,
                  off: Callable[[Callable[[], str]], None]) -> PhoneLink | None:
        """Start the link for a new game, or tell ``off`` why the phone cannot be used (``None``: the
        game goes on with the touchscreen's Mission Control screen, its hold button named).

        :param off: given the sentence as a function (it words it in the table's language at each
            call: a language switched mid-game reaches it), for the table to keep showing.
        """
        try:
            settings = phone_settings(config.section("phone"), str(config.path or "<defaults>"))
        except ConfigError as exc:
            problem = str(exc)
            off(lambda: _("Phone off: {reason}").format(reason=problem))
            return None
        link = cls(session, settings, _quiet)
        if not link.server.host:
            off(lambda: _("Phone off: this box has no network. Mission Control chooses on this touchscreen "
                          "instead: hold \u201c{button}\u201d when it is time to choose.")
                .format(button=_("Hold: Mission Control")))
            link.stop()
            return None
        try:
            link.server.start()
        except PhoneServerError as exc:
            log.warning("phone server: %s", str(exc))
            reason = str(exc)
            off(lambda: _("Phone off: {reason}. Mission Control chooses on this touchscreen instead: hold "
                          "\u201c{button}\u201d when it is time to choose.")
                .format(reason=reason, button=_("Hold: Mission Control")))
            link.stop()
            return None
        link.push()
        link.show_code()
        return link

    # ------------------------------------------------------------------ Kivy's thread

    @property
    def active(self) -> bool:
        return self.server.running and not self._stopped

    def show_code(self) -> CodeScreen:
        """Show the QR code (at the start, and when Mission Control's hold button is held)."""
        if self.code is None:
            self.code = CodeScreen(self)
            self.code.bind(on_dismiss=lambda *_a: setattr(self, "code", None))
            self.code.open()
        return self.code

    def push(self) -> None:
        """Send the seat's view to the phone (and, once the game is over, the debrief; the code dies)."""
        if self._stopped:
            return
        self.server.publish(phone_state(self.session, coach=self.coach, coach_busy=self.coach_busy))
        if self.session.over and not self._ended:
            self._ended = True
            self.server.retire_token()

    def stop(self) -> None:
        """The game is left: the server stops, every phone is closed, the token dies."""
        self._stopped = True
        self._unlisten()
        if self.code is not None:
            self.code.dismiss()
            self.code = None
        self.server.stop()
        self.session.release_seat()
        self.say = _quiet  # nothing of the app is held by a link that is over

    def _on_event(self, event: Event) -> None:
        if not self._stopped:
            self._push()

    def _language_changed(self, code: str) -> None:
        # companion.i18n.set_language may run on any thread: push from Kivy's, with the next frame.
        if not self._stopped:
            Clock.schedule_once(lambda _dt: self.push())

    def _joined(self) -> None:
        if self._stopped:
            return
        if self.session.hold_seat():
            self.coach = ""
        if self.code is not None:
            self.code.dismiss()
        if self.asking is not None:  # the seat's phone is back or the hand-over is done: no question
            self.asking.dismiss()
        self.push()

    def _intent(self, message: Mapping[str, Any]) -> None:
        if self._stopped:
            return
        if message.get("type") == "coach" and set(message) == {"type"}:
            self.ask_coach()
            return
        problem = apply_intent(self.session, message)
        if problem is not None:
            self.server.tell(problem)

    def ask_coach(self) -> None:
        """The AI's pick and the fewest transmissions still possible, searched off the main thread."""
        if self.coach_busy or not self.session.coach:
            return
        self.coach_busy = True
        self.coach = _("The coach is thinking\u2026")
        self.push()

        def work() -> None:
            try:
                text = coach_text(self.session.coach_advice())
            except Exception as exc:  # the coach is advice: its failure must not stop the game
                log.warning("coach failed: %s", type(exc).__name__)
                text = _("The coach could not answer.")
            Clock.schedule_once(lambda _dt: self._coached(text))

        threading.Thread(target=work, name="phone-coach", daemon=True).start()

    def _coached(self, text: str) -> None:
        self.coach_busy = False
        self.coach = text
        self.push()

    def _asked(self) -> None:
        """A second phone asks for the seat: the touchscreen asks the table.  Only *Hand over* hands it
        over; *Keep this one*, and closing the question without an answer (a tap outside, Escape, the
        seat's own phone coming back), keep the seat with the phone that holds it, and the waiting
        phone is told so at once (its page offers to ask again)."""
        if self._stopped or self.asking is not None:
            return
        answered = False

        def answer(accept: bool) -> None:
            nonlocal answered
            if not answered and not self._stopped:
                answered = True
                self.server.hand_over(accept)

        popup = ChoicePopup(_("Hand over Mission Control?"),
                            _("Another phone scanned the code and asks for the Mission Control seat. Hand it "
                              "over? The phone holding it now is closed."),
                            [(_("Keep this one"), lambda: answer(False), theme.SECONDARY),
                             (_("Hand over"), lambda: answer(True), theme.GO)])

        def dismissed(*_args: object) -> None:
            self.asking = None
            # A button's answer comes just after the popup closes (ChoicePopup.choose): wait a frame.
            Clock.schedule_once(lambda _dt: answer(False))

        popup.bind(on_dismiss=dismissed)
        self.asking = popup
        popup.open()

    # ------------------------------------------------------------------ the server's thread (Bridge)

    def joined(self, phone: str) -> None:
        Clock.schedule_once(lambda _dt: self._joined())

    def intent(self, phone: str, message: Mapping[str, Any]) -> None:
        Clock.schedule_once(lambda _dt: self._intent(message))

    def hand_over_asked(self, phone: str) -> None:
        Clock.schedule_once(lambda _dt: self._asked())
