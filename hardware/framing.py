"""The card reader's framing: a serial port's bytes into scans and problems (pure: no port, no thread).

:mod:`hardware.reader` owns the port (opening, reading on a thread, reopening) and hands each read's
bytes, or its timeout, to one framer here, with the time; the framer returns the
:class:`ReaderEvent` s they complete.

Two framings (``[reader] framing``):

- ``"line"``: QR and barcode scanners in serial (or USB CDC) mode send each scan as
  a line of text ending in CR, LF, CRLF or TAB, possibly after a fixed ``prefix``
  (which is stripped).  CRLF is one terminator; empty lines are ignored; a
  partial line still unfinished when a read times out is never a scan (it is
  reported and dropped); a line that is not printable text is reported.
- ``"rdm6300"``: the 125 kHz RDM6300 module sends ``0x02``, 10 ASCII hex digits
  (the tag's id), 2 hex digits of checksum (the XOR of the 5 bytes the 10 digits
  spell) and ``0x03``, over and over while a tag rests on it.  A bad checksum is
  reported; bytes outside a frame are reported and skipped until the next ``0x02``.

A card resting on the reader counts once: the same text (line or tag) again
within ``rest_gap`` seconds of its last sighting is dropped, so the tag must be
away for ``rest_gap`` before it counts again.  The same goes for a repeated
problem sentence, so a flaky tag cannot flood the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_, _, ngettext

__all__ = ["ReaderEvent", "LineFramer", "Rdm6300Framer", "FRAMINGS", "MAX_LINE", "RFID_ON_LINE"]

FRAMINGS = ("line", "rdm6300")
#: Longest line kept; a longer one is reported and dropped.
MAX_LINE = 512
#: Bytes of a bad scan shown (in hex) in its sentence; the rest is counted.
_SHOWN = 12


@dataclass(frozen=True)
class ReaderEvent:
    """What the reader thread tells the app.

    :param kind: ``"scan"``, ``"problem"``, ``"connected"`` or ``"disconnected"``.
    :param text: for a scan, the line (prefix stripped) or the RFID tag's id (10 hex digits, upper
        case); otherwise a sentence for the screen.
    :param source: ``"line"`` or ``"rfid"`` for a scan, ``""`` otherwise.
    """

    kind: str
    text: str
    source: str = ""


def _show(data: bytes) -> str:
    """What a bad scan held, as a person can read it: printable text in quotes, else its bytes in hex
    (``9 bytes: 00 ff fe 20 6a ...``), never a Python ``b'...'`` literal."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    if text and text.isprintable():
        return f"'{text}'" if len(text) <= 3 * _SHOWN else f"'{text[:3 * _SHOWN]}...'"
    more = " ..." if len(data) > _SHOWN else ""
    return ngettext("{n} byte: {hex}", "{n} bytes: {hex}", len(data)).format(
        n=len(data), hex=data[:_SHOWN].hex(" ") + more)


class _Rest:
    """Counts a text once while it keeps coming back within ``gap`` seconds (a card resting)."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self._seen: dict[str, float] = {}

    def counts(self, text: str, now: float) -> bool:
        last = self._seen.get(text)
        self._seen = {t: when for t, when in self._seen.items() if now - when < self.gap}
        self._seen[text] = now
        return last is None or now - last >= self.gap


_HEX = frozenset(b"0123456789ABCDEFabcdef")
_STX, _ETX = 0x02, 0x03
#: Said when RDM6300 frames (STX ... ETX) arrive with ``framing = "line"``: a hobbyist's likeliest slip.
#: The hint for RFID frames read as lines (marked; shown as ``_(RFID_ON_LINE)``).
RFID_ON_LINE = N_("this looks like an RDM6300 RFID reader: set framing = \"rdm6300\" in [reader]")


class LineFramer:
    """Splits a scanner's bytes into scans, one per line (module docstring, ``"line"``).

    Pure: feed it bytes and the time (seconds, any monotonic origin); it returns the events.

    :param prefix: stripped from the start of a line that has it.
    :param rest_gap: seconds within which the same line again is dropped (0: never).
    """

    source = "line"

    def __init__(self, prefix: str = "", rest_gap: float = 0.0) -> None:
        self.prefix = prefix
        self._rest = _Rest(rest_gap)
        self._problems = _Rest(rest_gap)
        self._buffer = bytearray()
        self._after_cr = False
        self._overflow = False

    def reset(self) -> None:
        """Forget a partial line (a new connection)."""
        self._buffer.clear()
        self._after_cr = False
        self._overflow = False

    def feed(self, data: bytes, now: float) -> list[ReaderEvent]:
        """The scans and problems that ``data`` completes."""
        events: list[ReaderEvent] = []
        for byte in data:
            after_cr, self._after_cr = self._after_cr, byte == 0x0D
            if byte == 0x0A and after_cr:
                continue  # CRLF is one terminator
            if byte in (0x0D, 0x0A, 0x09):
                events += self._line(bytes(self._buffer), now)
                self._buffer.clear()
                self._overflow = False
            elif len(self._buffer) >= MAX_LINE:
                if not self._overflow:
                    events += self._problem(
                        _("scan too long (over {n} characters): ignored").format(n=MAX_LINE), now)
                self._overflow = True
            else:
                self._buffer.append(byte)
        return events

    def timeout(self, now: float) -> list[ReaderEvent]:
        """A read timed out: a partial line is dropped, never a scan."""
        if not self._buffer and not self._overflow:
            return []
        partial = bytes(self._buffer)
        overflow = self._overflow
        self.reset()
        if overflow:
            return []
        if _STX in partial:  # an RDM6300's frames never end a line
            return self._problem(_("Incomplete scan ignored ({held}); {hint}").format(
                held=_show(partial), hint=_(RFID_ON_LINE)), now)
        return self._problem(_("Incomplete scan ignored (no end of line after {held}): is the scanner set to "
                               "end each scan with Enter (CR or LF)?").format(held=_show(partial)), now)

    def _line(self, raw: bytes, now: float) -> list[ReaderEvent]:
        if self._overflow:
            return []
        try:
            text = raw.decode("utf-8").strip(" ")
        except UnicodeDecodeError:
            return self._problem(_("Unreadable scan, try the card again (not text: {held})").format(
                held=_show(raw)), now)
        if not text:
            return []
        if not text.isprintable():
            hint = f"; {_(RFID_ON_LINE)}" if _STX in raw else ""
            return self._problem(
                _("Unreadable scan, try the card again (control characters: {held}){hint}").format(
                    held=_show(raw), hint=hint), now)
        if self.prefix and text.startswith(self.prefix):
            text = text[len(self.prefix):].strip(" ")
            if not text:
                return []
        if not self._rest.counts(text, now):
            return []
        return [ReaderEvent("scan", text, self.source)]

    def _problem(self, sentence: str, now: float) -> list[ReaderEvent]:
        return [ReaderEvent("problem", sentence)] if self._problems.counts(sentence, now) else []




class Rdm6300Framer:
    """Decodes RDM6300 frames into tag ids (module docstring, ``"rdm6300"``).

    Pure: feed it bytes and the time (seconds); it returns the events.

    :param rest_gap: seconds within which the same tag again is dropped (the frames repeat while a
        tag rests on the reader).
    """

    source = "rfid"
    #: Characters between STX and ETX: 10 of tag id, 2 of checksum.
    BODY = 12

    def __init__(self, rest_gap: float = 1.0) -> None:
        self._rest = _Rest(rest_gap)
        self._problems = _Rest(rest_gap)
        self._frame: bytearray | None = None   # None: hunting for STX
        self._garbage = bytearray()

    def reset(self) -> None:
        self._frame = None
        self._garbage.clear()

    def feed(self, data: bytes, now: float) -> list[ReaderEvent]:
        events: list[ReaderEvent] = []
        for byte in data:
            if byte == _STX:
                events += self._flush_garbage(now)
                if self._frame:
                    events += self._incomplete(now)
                self._frame = bytearray()
            elif self._frame is None:
                if byte not in (0x0D, 0x0A, 0x00):  # line noise some boards add between frames
                    self._garbage.append(byte)
            elif byte == _ETX:
                events += self._frame_done(bytes(self._frame), now)
                self._frame = None
            elif byte in _HEX and len(self._frame) < self.BODY:
                self._frame.append(byte)
            else:  # not a frame after all: resynchronise on the next STX
                self._garbage += self._frame
                self._garbage.append(byte)
                self._frame = None
        return events

    def timeout(self, now: float) -> list[ReaderEvent]:
        """A read timed out: report and drop what is half read."""
        events = self._flush_garbage(now)
        if self._frame:
            events += self._incomplete(now)
        self._frame = None
        return events

    def _incomplete(self, now: float) -> list[ReaderEvent]:
        return self._problem(_("Incomplete RFID frame ignored ({held})").format(
            held=_show(bytes(self._frame or b""))), now)

    def _frame_done(self, body: bytes, now: float) -> list[ReaderEvent]:
        if len(body) != self.BODY:
            return self._problem(
                _("RFID frame of the wrong length ignored ({held})").format(held=_show(body)), now)
        text = body.decode("ascii").upper()
        tag, check = text[:10], int(text[10:], 16)
        xor = 0
        for i in range(0, 10, 2):
            xor ^= int(tag[i:i + 2], 16)
        if xor != check:
            return self._problem(_("RFID checksum wrong for tag {tag} (misread? hold the card still)").format(
                tag=tag), now)
        if not self._rest.counts(tag, now):
            return []
        return [ReaderEvent("scan", tag, self.source)]

    def _flush_garbage(self, now: float) -> list[ReaderEvent]:
        if not self._garbage:
            return []
        garbage = bytes(self._garbage)
        self._garbage.clear()
        return self._problem(_("Unreadable bytes from the RFID reader ignored ({held}) (is framing set "
                               "right, and the baud rate 9600?)").format(held=_show(garbage)), now)

    def _problem(self, sentence: str, now: float) -> list[ReaderEvent]:
        return [ReaderEvent("problem", sentence)] if self._problems.counts(sentence, now) else []
