"""The phone page's web server: aiohttp on its own asyncio loop in its own thread (issue 23).

No Kivy here (DESIGN.md, ``ui/phone/``).  The server knows nothing of the game: it serves the page's
own folder (``static/``), checks every request against the one-game token, keeps one phone in the
Mission Control seat, pushes each new state to it over a WebSocket, and hands what the phone asks for
to a :class:`Bridge` (the app's side, which moves it to Kivy's thread).  ``docs/phone.md`` is the
threat model.

- ``GET /?t=TOKEN``: the page.  Without ``t`` the page only says "scan the code on the table";
  a wrong ``t`` gets 403, and after :data:`MAX_FAILURES` wrong tries in :data:`FAILURE_WINDOW`
  seconds from one address, 429 until the window has passed (both the page itself, saying why in
  the table's language, and opening no socket).
- ``GET /static/<file>``: the page's CSS and JavaScript, from ``static/`` only (aiohttp's static
  route refuses ``..`` and symlinks out of the folder).
- ``GET /ws?t=TOKEN&phone=ID``: the WebSocket, the same token check before the upgrade.  ``ID`` is
  the phone's own random id (kept in its browser), so a reload or a wake-up rejoins the seat.
  Messages are JSON objects of at most :data:`MAX_MESSAGE` bytes; the server sends
  ``{"type": "state", "lang", "words", ...}`` (the seat's view, from the bridge),
  ``{"type": "wait", "lang", "words"}`` (a second phone waiting for the touchscreen to confirm the
  hand-over), ``{"type": "error", "message"}`` and
  ``{"type": "gone", "message"}`` (the seat went to another phone, or the game ended; with
  ``"again": true`` when the table kept the seat with the other phone, so the page offers to ask again).

The table's language (issue 22): the page has no words of its own.  The HTML is served with
``<html lang>``, its title and :func:`page_words` in the language in use at the request, and every
``state`` and ``wait`` message carries ``lang`` and ``words`` again, so a language switched on the
touchscreen mid-game reaches a connected phone with the next state (the link pushes one at once,
:class:`ui.games.transmission.phone_link.PhoneLink`), without a reload.

Threads: :meth:`PhoneServer.publish`, :meth:`PhoneServer.new_token`, :meth:`PhoneServer.hand_over` and
:meth:`PhoneServer.stop` are called from the app's thread and cross over with
``loop.call_soon_threadsafe``; the :class:`Bridge` is called on the server's thread.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from companion.i18n import _, language

__all__ = ["FAILURE_WINDOW", "MAX_FAILURES", "MAX_MESSAGE", "STATIC", "TOKEN_BYTES", "Bridge",
           "PhoneServer", "PhoneServerError", "page_html", "page_words", "spoken"]

log = logging.getLogger(__name__)

#: The page's own folder: nothing outside it is served.
STATIC = Path(__file__).with_name("static")
#: Bytes of the token (256 bits; the issue asks at least 128).
TOKEN_BYTES = 32
#: The largest message a phone may send, in bytes (a pick is about 40).
MAX_MESSAGE = 1024
#: Wrong tokens from one address before it gets 429 for :data:`FAILURE_WINDOW` seconds.
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
#: Longest accepted phone id (the page makes 32 hex digits).
MAX_PHONE_ID = 64
#: Seconds :meth:`PhoneServer.start` waits for the socket to be bound.
START_TIMEOUT = 10.0


class PhoneServerError(Exception):
    """The server could not start (port in use, no such address): the game goes on without it.  Its
    message is a short phrase ("port 8765 is in use") for the table's message bar."""


class Bridge(Protocol):
    """The app's side of the server, called on the server's thread (it must hand over to its own)."""

    def joined(self, phone: str) -> None:
        """A phone holds the seat (first join, a rejoin, or after a hand-over)."""

    def intent(self, phone: str, message: Mapping[str, Any]) -> None:
        """The seat's phone asks for something: ``message`` is a JSON object already size-checked."""

    def hand_over_asked(self, phone: str) -> None:
        """A second phone with the right token wants the seat: the touchscreen is to confirm."""


def page_words() -> dict[str, str]:
    """The page's fixed words, translated (the page has no words of its own: every one comes from
    here or from the state, so they pass through the same catalogs as the app's)."""
    return {
        "title": _("Mission Control"),
        "scan": _("Scan the code on the table's screen with this phone to be Mission Control."),
        "connecting": _("Connecting to the table\u2026"),
        "lost": _("The table is out of reach. Trying again\u2026"),
        "wait": _("Another phone holds the Mission Control seat. The table's screen asks to hand it over."),
        "missions": _("Missions"),
        "done": _("done"),
        "hand": _("This transmission"),
        "pick": _("Your pick"),
        "coach": _("Coach"),
        "ask_coach": _("Ask the coach"),
        "lock_in": _("Lock in"),
        "back": _("Back"),
        "clear": _("Clear"),
        "take_back": _("Take back the last one"),
        "debrief": _("Debrief"),
        "denied": _("This code is not valid any more. Scan the code on the table's screen again."),
        "ask_again": _("Ask again"),
    }


def spoken() -> dict[str, Any]:
    """The language in use and the page's words in it, as every ``state`` and ``wait`` message
    carries them: ``{"lang": "de", "words": {...}}``."""
    return {"lang": language(), "words": page_words()}


def page_html(refused: str = "") -> str:
    """The page (``static/index.html``) in the language in use: ``<html lang>``, its title and its
    words filled in.

    :param refused: why the page may not join (a wrong or old code, too many tries), or ``""``: the
        page then says only that and opens no socket.
    """
    words: dict[str, str] = {**page_words(), "refused": refused}
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    data = json.dumps(words).replace("<", "\\u003c")
    return (html.replace("{{LANG}}", escape(language())).replace("{{WORDS}}", data)
            .replace("{{TITLE}}", escape(words["title"])))


@dataclass
class _Seat:
    """Who holds the seat and who waits for it (server thread only)."""

    holder: str | None = None
    waiting: str | None = None
    sockets: dict[str, set[web.WebSocketResponse]] = field(default_factory=dict)


class PhoneServer:
    """The server (see the module docstring).

    :param bridge: the app's side.
    :param host: the address to listen on (``ui.phone.lan`` chooses it: the LAN's, or the configured one).
    :param port: the TCP port; 0 takes a free one (tests).
    :param clock: seconds, for the rate limit (tests pass their own).
    """

    def __init__(self, bridge: Bridge, host: str, port: int, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.bridge = bridge
        self.host = host
        self.port = port
        self._clock = clock
        self._token = secrets.token_urlsafe(TOKEN_BYTES)
        self._state: dict[str, Any] | None = None
        self._seat = _Seat()
        self._failures: dict[str, deque[float]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ the app's thread

    @property
    def token(self) -> str:
        """The current one-game token (256 random bits, URL-safe)."""
        return self._token

    @property
    def url(self) -> str:
        """The address the QR code holds: the page with the token."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/?t={self._token}"

    @property
    def running(self) -> bool:
        return self._loop is not None

    def start(self) -> None:
        """Bind and serve on a new thread; returns once listening.

        :raises PhoneServerError: the address cannot be bound (in use, not on this machine), in words.
        """
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._serve())
            except BaseException as exc:  # reported to start(), which raises it in words
                failure.append(exc)
                loop.close()
                ready.set()
                return
            self._loop = loop
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._shutdown())
                loop.close()

        self._thread = threading.Thread(target=run, name="phone-server", daemon=True)
        self._thread.start()
        if not ready.wait(START_TIMEOUT):
            raise PhoneServerError(_("The phone server did not start in time."))
        if failure:
            self._thread.join(1)
            self._thread = None
            exc = failure.pop()
            code = exc.errno if isinstance(exc, OSError) else None
            if code == errno.EADDRINUSE:
                reason = _("port {port} is in use").format(port=self.port)
            elif code == errno.EADDRNOTAVAIL:
                reason = _("{address} is not this box's address").format(address=self.host)
            else:
                reason = _("cannot listen on {address} port {port}").format(address=self.host, port=self.port)
            del exc
            raise PhoneServerError(reason)

    def stop(self) -> None:
        """Close every phone and stop listening (the game ended or left); the token dies with it."""
        loop, self._loop = self._loop, None
        self._token = secrets.token_urlsafe(TOKEN_BYTES)
        if loop is not None:
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None

    def publish(self, state: Mapping[str, Any]) -> None:
        """Push ``state`` (JSON-able) to the seat's phone, and keep it for a phone that rejoins."""
        text = dict(state)
        self._call(lambda: self._set_state(text))

    def new_token(self) -> str:
        """A new code is shown: the old token dies and phones holding it are sent away; the seat
        itself stays with its phone until another phone takes it with the new token."""
        self._token = secrets.token_urlsafe(TOKEN_BYTES)
        self._call(lambda: self._spawn(self._drop_stale()))
        return self._token

    def retire_token(self) -> None:
        """The game ended: no phone may join with the old code any more; the phone holding the seat
        keeps its open connection to read the debrief."""
        self._token = secrets.token_urlsafe(TOKEN_BYTES)

    def tell(self, text: str) -> None:
        """Say ``text`` to the seat's phone (a message it sent was wrong; nothing changed)."""
        self._call(lambda: self._tell(text))

    def hand_over(self, accept: bool) -> None:
        """The touchscreen's answer to :meth:`Bridge.hand_over_asked`."""
        self._call(lambda: self._spawn(self._handed(accept)))

    def _call(self, fn: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(fn)

    # ------------------------------------------------------------------ the server's thread

    async def _serve(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._socket)
        app.router.add_static("/static/", STATIC, follow_symlinks=False, show_index=False)
        app.on_response_prepare.append(self._headers)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)  # no token in any log
        await runner.setup()
        # SO_REUSEADDR: the app restarted (a resumed game) binds again over the last run's connections
        # left in TIME_WAIT; a port another program listens on is still refused (Linux; no SO_REUSEPORT).
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.port == 0 and runner.addresses:
            self.port = int(runner.addresses[0][1])

    async def _shutdown(self) -> None:
        for sockets in list(self._seat.sockets.values()):
            for ws in list(sockets):
                await ws.close(code=1001, message=b"game over")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

    def _spawn(self, coro: Any) -> None:
        asyncio.ensure_future(coro)

    def _limited(self, peer: str) -> bool:
        now = self._clock()
        tries = self._failures.get(peer)
        if tries is None:
            return False
        while tries and now - tries[0] > FAILURE_WINDOW:
            tries.popleft()
        if not tries:
            del self._failures[peer]
        return len(tries) >= MAX_FAILURES

    def _check(self, request: web.Request) -> None:
        """:raises HTTPTooManyRequests: too many wrong tokens; HTTPForbidden: a wrong token."""
        peer = request.remote or "?"
        if self._limited(peer):
            raise web.HTTPTooManyRequests(text=_("Too many wrong codes: wait a minute, then scan again."))
        given = request.query.get("t", "")
        if not secrets.compare_digest(given.encode("utf-8", "replace"), self._token.encode()):
            self._failures.setdefault(peer, deque()).append(self._clock())
            raise web.HTTPForbidden(text=_("This code is not valid any more. Scan the code on the table's "
                                           "screen again."))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        status, refused = 200, ""
        if "t" in request.query:
            try:
                self._check(request)
            except web.HTTPException as exc:  # the page itself says why, in the table's language
                status, refused = exc.status, exc.text or ""
        return web.Response(text=page_html(refused), status=status, content_type="text/html",
                            charset="utf-8")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        self._check(request)
        phone = request.query.get("phone", "")
        if not (0 < len(phone) <= MAX_PHONE_ID and phone.isascii() and phone.isalnum()):
            raise web.HTTPBadRequest(text=_("The page sent no valid phone id: reload it."))
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        self._seat.sockets.setdefault(phone, set()).add(ws)
        try:
            await self._greet(phone, ws)
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._message(phone, ws, msg.data)
                elif msg.type is WSMsgType.BINARY:
                    await self._error(ws, _("Messages are JSON text."))
        finally:
            sockets = self._seat.sockets.get(phone)
            if sockets is not None:
                sockets.discard(ws)
                if not sockets:
                    del self._seat.sockets[phone]
            if self._seat.waiting == phone and phone not in self._seat.sockets:
                self._seat.waiting = None
        return ws

    async def _greet(self, phone: str, ws: web.WebSocketResponse) -> None:
        seat = self._seat
        if seat.holder is None:
            seat.holder = phone
        if seat.holder == phone:
            self.bridge.joined(phone)
            if self._state is not None:
                await ws.send_json({"type": "state", **spoken(), **self._state})
            return
        seat.waiting = phone
        await ws.send_json({"type": "wait", **spoken()})
        self.bridge.hand_over_asked(phone)

    async def _message(self, phone: str, ws: web.WebSocketResponse, data: str) -> None:
        if self._seat.holder != phone:
            await self._error(ws, _("This phone does not hold the Mission Control seat."))
            return
        try:
            message = json.loads(data)
        except ValueError:
            await self._error(ws, _("That message was not JSON: reload the page."))
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await self._error(ws, _("A message is a JSON object with a \"type\"."))
            return
        self.bridge.intent(phone, message)

    @staticmethod
    async def _error(ws: web.WebSocketResponse, text: str) -> None:
        if not ws.closed:
            await ws.send_json({"type": "error", "message": text})

    def _set_state(self, state: dict[str, Any]) -> None:
        self._state = state
        holder = self._seat.holder
        if holder is not None:
            for ws in list(self._seat.sockets.get(holder, ())):
                self._spawn(self._send(ws, {"type": "state", **spoken(), **state}))

    def _tell(self, text: str) -> None:
        holder = self._seat.holder
        for ws in list(self._seat.sockets.get(holder, ())) if holder is not None else ():
            self._spawn(self._send(ws, {"type": "error", "message": text}))

    @staticmethod
    async def _send(ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        if not ws.closed:
            try:
                await ws.send_json(payload)
            except ConnectionError:
                pass  # the phone went to sleep: it rejoins with the current state

    async def _drop_stale(self) -> None:
        """Close the sockets opened with a token that is no longer the current one."""
        for sockets in list(self._seat.sockets.values()):
            for ws in list(sockets):
                await ws.send_json({"type": "gone", "message": page_words()["denied"]})
                await ws.close(code=4003, message=b"new code")

    async def _handed(self, accept: bool) -> None:
        seat = self._seat
        new = seat.waiting
        seat.waiting = None
        if new is None:
            return
        if not accept:
            for ws in list(seat.sockets.get(new, ())):
                await ws.send_json({"type": "gone", "again": True,
                                    "message": _("The table kept the seat with the other phone.")})
                await ws.close(code=4001, message=b"refused")
            return
        old, seat.holder = seat.holder, new
        if old is not None:
            for ws in list(seat.sockets.get(old, ())):
                await ws.send_json({"type": "gone", "message": _("The Mission Control seat went to "
                                                                 "another phone.")})
                await ws.close(code=4002, message=b"handed over")
        self.bridge.joined(new)
        if self._state is not None:
            for ws in list(seat.sockets.get(new, ())):
                await ws.send_json({"type": "state", **spoken(), **self._state})
