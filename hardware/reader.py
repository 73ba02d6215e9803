"""The card reader: a QR/barcode scanner or an RDM6300 RFID reader on a serial port (pyserial).

The reader runs on its own daemon thread and reaches the game only through a
``queue.Queue`` of :class:`ReaderEvent` s, which the app drains on its main
thread (a Kivy ``Clock`` callback): ``scan`` (a line read, or an RFID tag's id),
``problem`` (garbage, a bad checksum, an incomplete scan: a sentence for the
screen), ``connected`` and ``disconnected``.  It imports nothing of ours; turning
a scanned text into a card is :func:`companion.games.transmission.cards.read_code`'s job, and an RFID
tag into a card code the pairings' (``hardware/pairing.py``).

Two framings (``[reader] framing``): ``"line"`` for QR and barcode scanners, ``"rdm6300"`` for
the RFID module; turning bytes into scans and problems is :mod:`hardware.framing`'s (pure, no port),
this module's is the port: opening it, reading it on a thread, reopening it.

Supervision: the thread opens the port (``exclusive`` lock, so a second program
cannot share it), reads with a timeout, frames and emits.  When opening fails
(unplugged, busy, no permission) or a read fails (the reader was unplugged:
pyserial raises ``SerialException``/``OSError``), it emits ``disconnected``
once, closes the port and tries again after a back-off that doubles from
``backoff_min`` to ``backoff_max`` seconds.  It waits on an ``Event``, so
:meth:`CardReader.stop` wakes it at once and joins it: no busy loop, no thread
left behind.

Config (``[reader]`` in the table's config file; every key optional)::

    [reader]
    enabled = true                  # false: no card reader
    port = "/dev/serial/by-id/usb-Scanner_1234-if00"   # default: the first /dev/serial/by-id/*
    baudrate = 9600
    framing = "line"                # or "rdm6300"
    prefix = ""                     # stripped from the start of each line
    timeout = 0.2                   # seconds a read waits; a line unfinished after it is dropped
    backoff_min = 0.5               # seconds before the first reopen ...
    backoff_max = 5.0               # ... doubling up to this
    rest_gap = 1.0                  # seconds a card must be away before it counts again
    pairings = "/var/lib/companion/rfid-pairings.toml"   # default: <data_dir>/rfid-pairings.toml
"""

from __future__ import annotations

import contextlib
import glob
import logging
import math
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import serial

from companion.i18n import _

from .exc import ReaderConfigError
from .framing import FRAMINGS, LineFramer, Rdm6300Framer, ReaderEvent

__all__ = ["ReaderEvent", "ReaderSettings", "ReaderConfigError", "reader_settings", "find_ports",
           "LineFramer", "Rdm6300Framer", "CardReader", "BY_ID", "FRAMINGS", "make_framer"]

log = logging.getLogger(__name__)

#: Where udev names serial devices by their USB identity, stable across replugging.
BY_ID = "/dev/serial/by-id"
#: Scans remembered for :attr:`CardReader.last_scans`.
SCANS_KEPT = 20


@dataclass(frozen=True)
class ReaderSettings:
    """The ``[reader]`` table, validated (module docstring).  Times are in seconds."""

    port: str | None = None
    baudrate: int = 9600
    framing: str = "line"
    prefix: str = ""
    timeout: float = 0.2
    backoff_min: float = 0.5
    backoff_max: float = 5.0
    rest_gap: float = 1.0
    pairings: str | None = None
    enabled: bool = True


def _number(low: float, high: float) -> Callable[[object], float | None]:
    def read(value: object) -> float | None:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
                and low <= value <= high:
            return float(value)
        return None
    return read


_SECONDS = {"timeout": (0.01, 5.0), "backoff_min": (0.01, 60.0), "backoff_max": (0.01, 600.0),
            "rest_gap": (0.0, 60.0)}


def reader_settings(section: Mapping[str, Any], file: str = "<config>") -> ReaderSettings:
    """Validate the ``[reader]`` table of the config file (``Config.section("reader")``).

    :param section: the table; empty means every default.
    :param file: the config file's path, for messages.
    :raises ReaderConfigError: an unknown key or a bad value, naming file, key and value.
    """
    known = set(ReaderSettings.__dataclass_fields__)
    for key in section:
        if key not in known:
            raise ReaderConfigError(file, key, section[key],
                                    _("unknown setting (known: {known})").format(
                                        known=", ".join(sorted(known))))
    values: dict[str, Any] = {}
    for key in ("port", "pairings"):
        if key in section:
            value = section[key]
            if not isinstance(value, str) or not value.strip():
                raise ReaderConfigError(file, key, value, _("must be a path (a non-empty string)"))
            values[key] = value.strip()
    if "baudrate" in section:
        value = section["baudrate"]
        if not isinstance(value, int) or isinstance(value, bool) or not 50 <= value <= 4_000_000:
            raise ReaderConfigError(file, "baudrate", value, _("must be a whole number of bits per second, "
                                                               "e.g. 9600 or 115200"))
        values["baudrate"] = value
    if "framing" in section:
        value = section["framing"]
        if value not in FRAMINGS:
            raise ReaderConfigError(file, "framing", value, _("must be \"line\" (QR/barcode scanner) or "
                                                              "\"rdm6300\" (RFID)"))
        values["framing"] = value
    if "prefix" in section:
        value = section["prefix"]
        if not isinstance(value, str) or len(value) > 16 or not (value == "" or value.isprintable()):
            raise ReaderConfigError(file, "prefix", value,
                                    _("must be printable text of at most 16 characters"))
        values["prefix"] = value
    if "enabled" in section:
        value = section["enabled"]
        if not isinstance(value, bool):
            raise ReaderConfigError(file, "enabled", value, _("must be true or false"))
        values["enabled"] = value
    for key, (low, high) in _SECONDS.items():
        if key in section:
            number = _number(low, high)(section[key])
            if number is None:
                raise ReaderConfigError(file, key, section[key],
                                        _("must be a number of seconds from {low} to {high}").format(
                                            low=f"{low:g}", high=f"{high:g}"))
            values[key] = number
    settings = ReaderSettings(**values)
    if settings.backoff_min > settings.backoff_max:
        raise ReaderConfigError(file, "backoff_max", section.get("backoff_max", settings.backoff_max),
                                _("must be at least backoff_min ({low})").format(
                                    low=f"{settings.backoff_min:g}"))
    return settings


def find_ports(directory: str = BY_ID) -> list[str]:
    """The serial devices under ``directory`` (default :data:`BY_ID`), sorted; empty when none."""
    return sorted(glob.glob(glob.escape(directory) + "/*"))


def make_framer(settings: ReaderSettings) -> LineFramer | Rdm6300Framer:
    """The framer ``settings.framing`` names."""
    if settings.framing == "rdm6300":
        return Rdm6300Framer(settings.rest_gap)
    return LineFramer(settings.prefix, settings.rest_gap)


def _reason(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    if "lock" in text.lower() or "busy" in text.lower() or getattr(exc, "errno", None) == 16:
        return _("the port is busy (another program is using it?)")
    if "returned no data" in text or getattr(exc, "errno", None) == 5:
        return _("the reader was unplugged (or stopped answering)")
    if "No such file" in text or getattr(exc, "errno", None) == 2:
        return _("not plugged in")
    if "Permission denied" in text or getattr(exc, "errno", None) == 13:
        return _("no permission (is the user in the dialout group?)")
    return text


class CardReader:
    """The supervised reader thread (module docstring).

    :param settings: from :func:`reader_settings`.
    :param events: where :class:`ReaderEvent` s go; the app drains it on its main thread.
    :param open_port: opens a port: called as ``open_port(port, baudrate=..., timeout=...,
        exclusive=True)`` and returns a pyserial ``Serial`` (or anything with ``read``,
        ``in_waiting`` and ``close``); default :func:`serial.serial_for_url`, which also takes
        ``loop://`` and the other pyserial URLs.  It raises ``SerialException``/``OSError`` when
        the port cannot be opened.
    :param clock: seconds, monotonic: the time of scans (``rest_gap``, :attr:`last_scans`).
    """

    def __init__(self, settings: ReaderSettings, events: queue.Queue[ReaderEvent], *,
                 open_port: Callable[..., Any] = serial.serial_for_url,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.events = events
        self._open_port = open_port
        self._clock = clock
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._serial: Any = None
        self._connected = False
        self._port: str | None = settings.port
        self._scans: deque[tuple[float, str]] = deque(maxlen=SCANS_KEPT)
        self._down_sentence: str | None = None
        #: How many times a port was opened or tried (for tests and ``companion doctor``).
        self.open_attempts = 0

    # ------------------------------------------------------------------ public

    @property
    def connected(self) -> bool:
        """The port is open and reads work."""
        return self._connected

    @property
    def port(self) -> str | None:
        """The port open now, or the last one tried (``None`` before any was found)."""
        return self._port

    @property
    def last_scans(self) -> list[tuple[float, str]]:
        """The latest scans (up to :data:`SCANS_KEPT`), oldest first: ``(clock seconds, text)``."""
        with self._lock:
            return list(self._scans)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the reader thread (again after :meth:`stop`); does nothing when it runs."""
        if self.running:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._supervise, name="card-reader", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the thread and close the port; waits up to ``timeout`` seconds for the thread to end."""
        self._stop.set()
        with self._lock:
            port = self._serial
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            with contextlib.suppress(Exception):
                cancel()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                log.warning("the card reader thread did not stop within %.1f s", timeout)
            else:
                self._thread = None

    # ------------------------------------------------------------------ the thread

    def _emit(self, kind: str, text: str, source: str = "") -> None:
        self.events.put(ReaderEvent(kind, text, source))

    def _went_down(self, sentence: str) -> None:
        """Report ``sentence`` as ``disconnected`` unless it is already the state shown."""
        was_connected = self._connected
        self._connected = False
        if was_connected or sentence != self._down_sentence:
            log.info("%s", sentence)
            self._emit("disconnected", sentence)
        self._down_sentence = sentence

    def _choose_port(self) -> str | None:
        if self.settings.port:
            return self.settings.port
        ports = find_ports()
        return ports[0] if ports else None

    def _supervise(self) -> None:
        delay = self.settings.backoff_min
        try:
            while not self._stop.is_set():
                if self._session():
                    delay = self.settings.backoff_min  # it worked for a while: retry soon
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self.settings.backoff_max)
        except Exception:  # a bug must not kill the table silently
            log.exception("the card reader thread failed")
            self._went_down(_("reader disconnected: internal error (see the log)"))
        finally:
            self._close()
            self._connected = False

    def _session(self) -> bool:
        """Open the port and read until it fails or :meth:`stop`.  :returns: whether it opened."""
        port = self._choose_port()
        if port is None:
            self._went_down(_("reader disconnected: no card reader found in {folder}").format(folder=BY_ID))
            return False
        self._port = port
        self.open_attempts += 1
        try:
            handle = self._open_port(port, baudrate=self.settings.baudrate, timeout=self.settings.timeout,
                                     exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._went_down(_("reader disconnected: cannot open {port}: {reason}").format(
                port=port, reason=_reason(exc)))
            return False
        with self._lock:
            self._serial = handle
        if self._stop.is_set():
            return True
        self._connected = True
        self._down_sentence = None
        log.info("card reader connected on %s", port)
        self._emit("connected", _("card reader connected ({port})").format(port=port))
        try:
            self._read(handle, make_framer(self.settings))
        except (serial.SerialException, OSError) as exc:
            if not self._stop.is_set():
                self._went_down(_("reader disconnected ({port}): {reason}").format(
                    port=port, reason=_reason(exc)))
        finally:
            self._close()
        return True

    def _read(self, handle: Any, framer: LineFramer | Rdm6300Framer) -> None:
        timeout = self.settings.timeout
        while not self._stop.is_set():
            started = time.monotonic()
            data = handle.read(handle.in_waiting or 1)
            now = self._clock()
            if data:
                events = framer.feed(data, now)
            else:
                events = framer.timeout(now)
                # A device that answers "nothing" at once must not make this a busy loop.
                rest = timeout - (time.monotonic() - started)
                if rest > timeout / 2:
                    self._stop.wait(rest)
            for event in events:
                if event.kind == "scan":
                    with self._lock:
                        self._scans.append((now, event.text))
                self.events.put(event)

    def _close(self) -> None:
        with self._lock:
            handle, self._serial = self._serial, None
        if handle is not None:
            with contextlib.suppress(Exception):
                handle.close()
