"""The card reader (hardware/reader.py): framers, settings, the supervised thread over loop:// and ptys."""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial

from hardware import reader as reader_module
from hardware.exc import HardwareConfigError
from hardware.framing import LineFramer, Rdm6300Framer, ReaderEvent
from hardware.reader import (
    CardReader,
    ReaderConfigError,
    ReaderSettings,
    find_ports,
    reader_settings,
)

pytestmark = pytest.mark.timeout(60)

FAST = ReaderSettings(port="loop://", timeout=0.05, backoff_min=0.05, backoff_max=0.2, rest_gap=0.3)


def frame(tag: str, checksum: int | None = None) -> bytes:
    """An RDM6300 frame for ``tag`` (10 hex digits), with its checksum unless one is given."""
    xor = 0
    for i in range(0, 10, 2):
        xor ^= int(tag[i:i + 2], 16)
    return b"\x02" + tag.encode() + f"{xor if checksum is None else checksum:02X}".encode() + b"\x03"


def scans(events: list[ReaderEvent]) -> list[str]:
    return [e.text for e in events if e.kind == "scan"]


def problems(events: list[ReaderEvent]) -> list[str]:
    return [e.text for e in events if e.kind == "problem"]


@pytest.fixture(autouse=True)
def no_thread_left() -> Iterator[None]:
    yield
    leaked = [t for t in threading.enumerate() if t.name == "card-reader"]
    assert not leaked, "a card reader thread outlived its test"


# --------------------------------------------------------------------------- line framer


@pytest.mark.parametrize("ending", [b"\r", b"\n", b"\r\n", b"\t"])
def test_each_line_ending_ends_one_scan(ending: bytes) -> None:
    framer = LineFramer()
    events = framer.feed(b"IT1-C-N1-8" + ending + b"IT1-C-N2-G" + ending, 0.0)
    assert events == [ReaderEvent("scan", "IT1-C-N1-8", "line"), ReaderEvent("scan", "IT1-C-N2-G", "line")]
    assert framer.timeout(0.1) == []


def test_crlf_is_one_terminator_even_split_across_reads() -> None:
    framer = LineFramer()
    assert scans(framer.feed(b"A1\r", 0.0)) == ["A1"]
    assert framer.feed(b"\nB2\r", 0.01) == [ReaderEvent("scan", "B2", "line")]
    assert framer.feed(b"\n", 0.02) == []
    assert framer.feed(b"\r\n\n\t  \r\n", 0.03) == []  # empty lines are no scans and no problems


def test_a_line_split_across_reads_is_one_scan() -> None:
    framer = LineFramer()
    events = [e for chunk in (b"IT1-", b"C-N", b"1-8", b"\r\n") for e in framer.feed(chunk, 0.0)]
    assert scans(events) == ["IT1-C-N1-8"] and problems(events) == []


def test_a_partial_line_at_a_timeout_is_never_a_scan() -> None:
    framer = LineFramer()
    assert framer.feed(b"IT1-C-N", 0.0) == []
    dropped = framer.timeout(0.2)
    assert scans(dropped) == []
    assert problems(dropped) == ["Incomplete scan ignored (no end of line after 'IT1-C-N'): "
                                 "is the scanner set to end each scan with Enter (CR or LF)?"]
    # The rest of that read does not glue onto the dropped start.
    assert scans(framer.feed(b"1-8\r\n", 0.3)) == ["1-8"]


def test_prefix_is_stripped_and_spaces_trimmed() -> None:
    framer = LineFramer(prefix="]Q1")
    assert scans(framer.feed(b"]Q1IT1-C-N1-8\r  IT1-C-N2-G \r]Q1\r", 0.0)) == ["IT1-C-N1-8", "IT1-C-N2-G"]


@pytest.mark.parametrize("garbage, why", [
    (b"\xff\xfe\x80abc", "not text"), (b"IT1\x1b[A-C", "control characters"), (b"\x00\x01", "control")])
def test_garbage_is_reported_not_scanned(garbage: bytes, why: str) -> None:
    framer = LineFramer()
    events = framer.feed(garbage + b"\n" + b"IT1-C-N1-8\n", 0.0)
    assert scans(events) == ["IT1-C-N1-8"]
    assert len(problems(events)) == 1 and why in problems(events)[0]


def test_an_overlong_line_is_reported_once_and_dropped() -> None:
    framer = LineFramer()
    events = framer.feed(b"X" * 5000 + b"\nOK\n", 0.0)
    assert scans(events) == ["OK"]
    assert problems(events) == ["scan too long (over 512 characters): ignored"]
    assert framer.feed(b"Y" * 600, 1.0) and framer.timeout(2.0) == []


def test_a_bounce_counts_once_until_the_card_is_away() -> None:
    framer = LineFramer(rest_gap=1.0)
    seen = [e for t in (0.0, 0.4, 0.8, 1.2, 1.6) for e in framer.feed(b"IT1-C-N1-8\r\n", t)]
    assert scans(seen) == ["IT1-C-N1-8"]  # presented again and again, each within 1 s of the last
    assert scans(framer.feed(b"IT1-C-N2-G\r\n", 1.7)) == ["IT1-C-N2-G"]
    assert scans(framer.feed(b"IT1-C-N1-8\r\n", 2.7)) == ["IT1-C-N1-8"]  # away 1.1 s: counts again


def test_a_repeated_problem_is_reported_once_while_it_repeats() -> None:
    framer = LineFramer(rest_gap=1.0)
    events = [e for t in (0.0, 0.2, 0.4) for e in framer.feed(b"\xff\n", t)]
    assert len(problems(events)) == 1
    assert len(problems(framer.feed(b"\xff\n", 5.0))) == 1


# --------------------------------------------------------------------------- RDM6300 framer


def test_an_rdm6300_frame_gives_its_tag() -> None:
    framer = Rdm6300Framer()
    assert framer.feed(frame("0415AB3C9F"), 0.0) == [ReaderEvent("scan", "0415AB3C9F", "rfid")]


def test_lower_case_hex_is_read_as_upper_case() -> None:
    assert scans(Rdm6300Framer().feed(frame("0415AB3C9F").lower(), 0.0)) == ["0415AB3C9F"]


def test_frames_repeated_while_a_tag_rests_count_once() -> None:
    framer = Rdm6300Framer(rest_gap=0.5)
    events = [e for i in range(40) for e in framer.feed(frame("0415AB3C9F"), i * 0.06)]  # 2.4 s resting
    assert scans(events) == ["0415AB3C9F"]
    # Lifted for 0.6 s, then put back: a second scan.
    assert scans(framer.feed(frame("0415AB3C9F"), 39 * 0.06 + 0.6)) == ["0415AB3C9F"]


def test_two_tags_in_turn_each_count() -> None:
    framer = Rdm6300Framer(rest_gap=0.5)
    events = framer.feed(frame("0415AB3C9F") + frame("1A2B3C4D5E") + frame("0415AB3C9F"), 0.0)
    assert scans(events) == ["0415AB3C9F", "1A2B3C4D5E"]


def test_a_bad_checksum_is_reported_and_not_scanned() -> None:
    framer = Rdm6300Framer()
    good = frame("0415AB3C9F")
    bad = frame("0415AB3C9F", checksum=(int(good[11:13], 16) ^ 0x01))
    events = framer.feed(bad, 0.0)
    assert scans(events) == []
    assert problems(events) == ["RFID checksum wrong for tag 0415AB3C9F (misread? hold the card still)"]
    assert scans(framer.feed(good, 0.1)) == ["0415AB3C9F"]


def test_garbage_is_reported_and_the_framer_resyncs() -> None:
    framer = Rdm6300Framer()
    stream = b"\x7f\x80junk" + frame("0415AB3C9F") + b"\x0212345Z" + frame("1A2B3C4D5E")
    events = framer.feed(stream, 0.0)
    assert scans(events) == ["0415AB3C9F", "1A2B3C4D5E"]
    assert len(problems(events)) == 2 and all("Unreadable bytes" in p for p in problems(events))


def test_frames_fed_byte_by_byte_and_line_noise_between_them() -> None:
    framer = Rdm6300Framer()
    stream = frame("0415AB3C9F") + b"\r\n" + frame("1A2B3C4D5E") + b"\r\n"
    events = [e for byte in stream for e in framer.feed(bytes([byte]), 0.0)]
    assert scans(events) == ["0415AB3C9F", "1A2B3C4D5E"] and problems(events) == []


def test_short_interrupted_and_timed_out_frames_are_reported() -> None:
    framer = Rdm6300Framer()
    short = problems(framer.feed(b"\x020415AB\x03", 0.0))
    assert short == ["RFID frame of the wrong length ignored ('0415AB')"]
    restarted = framer.feed(b"\x020415" + frame("0415AB3C9F"), 1.0)
    assert scans(restarted) == ["0415AB3C9F"] and "Incomplete RFID frame" in problems(restarted)[0]
    assert framer.feed(b"\x021A2B", 2.0) == []
    assert problems(framer.timeout(2.2)) == ["Incomplete RFID frame ignored ('1A2B')"]
    assert framer.timeout(2.4) == []


# --------------------------------------------------------------------------- settings


def test_settings_default_and_read() -> None:
    assert reader_settings({}) == ReaderSettings()
    settings = reader_settings({"port": "/dev/ttyUSB0", "baudrate": 115200, "framing": "rdm6300",
                                "prefix": "]Q1", "timeout": 0.1, "backoff_min": 1, "backoff_max": 10,
                                "rest_gap": 2, "pairings": "/var/lib/companion/p.toml", "enabled": False})
    assert settings == ReaderSettings("/dev/ttyUSB0", 115200, "rdm6300", "]Q1", 0.1, 1.0, 10.0, 2.0,
                                      "/var/lib/companion/p.toml", False)


@pytest.mark.parametrize("section, key", [
    ({"port": ""}, "port"), ({"port": 3}, "port"), ({"baudrate": "9600"}, "baudrate"),
    ({"baudrate": True}, "baudrate"), ({"baudrate": 0}, "baudrate"), ({"framing": "rfid"}, "framing"),
    ({"prefix": "\x1b"}, "prefix"), ({"timeout": 0}, "timeout"), ({"timeout": float("nan")}, "timeout"),
    ({"rest_gap": -1}, "rest_gap"), ({"backoff_min": 3, "backoff_max": 1}, "backoff_max"),
    ({"enabled": "yes"}, "enabled"), ({"speed": 9600}, "speed"),
])
def test_bad_settings_name_file_key_and_value(section: dict[str, Any], key: str) -> None:
    with pytest.raises(ReaderConfigError) as caught:
        reader_settings(section, "/etc/companion/config.toml")
    message = str(caught.value)
    assert message.startswith(f"/etc/companion/config.toml: reader.{key} = {section[key]!r}: ")
    assert caught.value.key == key
    # One base for the hardware's errors, mixed with the builtin (hardware/exc.py).
    assert isinstance(caught.value, HardwareConfigError) and isinstance(caught.value, ValueError)


def test_find_ports_sorted_and_empty(tmp_path: Path) -> None:
    assert find_ports(str(tmp_path / "absent")) == []
    for name in ("usb-b-if00", "usb-a-if00"):
        (tmp_path / name).touch()
    assert find_ports(str(tmp_path)) == [str(tmp_path / "usb-a-if00"), str(tmp_path / "usb-b-if00")]


# --------------------------------------------------------------------------- the thread


def collect(events: queue.Queue[ReaderEvent], until: Callable[[list[ReaderEvent]], bool],
            timeout: float = 5.0) -> list[ReaderEvent]:
    """Events from the queue until ``until(events so far)`` holds; fails after ``timeout`` seconds."""
    seen: list[ReaderEvent] = []
    end = time.monotonic() + timeout
    while not until(seen):
        left = end - time.monotonic()
        if left <= 0:
            pytest.fail(f"timed out; events so far: {seen}")
        try:
            seen.append(events.get(timeout=min(left, 0.05)))
        except queue.Empty:
            pass
    return seen


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Return once ``condition()`` holds; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail("timed out")
        time.sleep(0.01)


def drain(events: queue.Queue[ReaderEvent], seconds: float) -> list[ReaderEvent]:
    seen: list[ReaderEvent] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            seen.append(events.get(timeout=0.02))
        except queue.Empty:
            pass
    return seen


class LoopPort:
    """``open_port`` handing out one ``loop://`` port, so the test writes to what the reader reads."""

    def __init__(self) -> None:
        self.port = serial.serial_for_url("loop://", timeout=0.05)
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, port: str, **kwargs: Any) -> Any:
        self.calls.append((port, kwargs))
        if not self.port.is_open:
            self.port.open()
        return self.port


@pytest.fixture
def events() -> queue.Queue[ReaderEvent]:
    return queue.Queue()


@pytest.fixture
def run_reader(events: queue.Queue[ReaderEvent]) -> Iterator[Callable[..., CardReader]]:
    started: list[CardReader] = []

    def start(settings: ReaderSettings = FAST, **kwargs: Any) -> CardReader:
        card_reader = CardReader(settings, events, **kwargs)
        started.append(card_reader)
        card_reader.start()
        return card_reader

    yield start
    for card_reader in started:
        card_reader.stop()


def test_scans_over_loop(run_reader: Callable[..., CardReader], events: queue.Queue[ReaderEvent]) -> None:
    loop = LoopPort()
    card_reader = run_reader(open_port=loop)
    assert collect(events, lambda seen: bool(seen))[0] == ReaderEvent("connected",
                                                                       "card reader connected (loop://)")
    assert card_reader.connected and card_reader.port == "loop://"
    assert loop.calls == [("loop://", {"baudrate": 9600, "timeout": 0.05, "exclusive": True})]
    loop.port.write(b"IT1-C-N1-8\r\nIT1-C-N2-G\r\n")
    seen = collect(events, lambda seen: len(scans(seen)) == 2)
    assert seen == [ReaderEvent("scan", "IT1-C-N1-8", "line"), ReaderEvent("scan", "IT1-C-N2-G", "line")]
    assert [text for _when, text in card_reader.last_scans] == ["IT1-C-N1-8", "IT1-C-N2-G"]
    loop.port.write(b"IT1-C-E")  # and then nothing: the read times out
    seen = collect(events, lambda seen: bool(problems(seen)))
    assert scans(seen) == [] and "Incomplete scan ignored" in problems(seen)[0]
    card_reader.stop()
    assert not card_reader.running and not loop.port.is_open


def test_rdm6300_over_loop(run_reader: Callable[..., CardReader], events: queue.Queue[ReaderEvent]) -> None:
    loop = LoopPort()
    run_reader(ReaderSettings(port="loop://", framing="rdm6300", timeout=0.05, rest_gap=0.5), open_port=loop)
    collect(events, lambda seen: bool(seen))
    for _ in range(10):  # a tag resting on the reader
        loop.port.write(frame("0415AB3C9F"))
        time.sleep(0.02)
    loop.port.write(frame("0415AB3C9F", checksum=0))
    seen = collect(events, lambda seen: bool(problems(seen)))
    seen += drain(events, 0.2)
    assert seen[0] == ReaderEvent("scan", "0415AB3C9F", "rfid")
    assert scans(seen) == ["0415AB3C9F"]
    assert problems(seen) == ["RFID checksum wrong for tag 0415AB3C9F (misread? hold the card still)"]


class Pty:
    """A pty pair behind a by-id style symlink: the reader opens the link, as it would a real device."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master, self.slave = os.openpty()
        link.symlink_to(os.ttyname(self.slave))

    def unplug(self) -> None:
        self.link.unlink()
        os.close(self.master)
        os.close(self.slave)


def test_a_real_pty_scan_unplug_and_replug(run_reader: Callable[..., CardReader],
                                           events: queue.Queue[ReaderEvent], tmp_path: Path) -> None:
    link = tmp_path / "usb-Scanner-if00"
    pty = Pty(link)
    settings = ReaderSettings(port=str(link), timeout=0.05, backoff_min=0.05, backoff_max=0.2)
    card_reader = run_reader(settings)
    collect(events, lambda seen: any(e.kind == "connected" for e in seen))
    os.write(pty.master, b"IT1-C-N1-8\r\n")
    assert scans(collect(events, lambda seen: bool(scans(seen)))) == ["IT1-C-N1-8"]

    pty.unplug()
    seen = collect(events, lambda seen: any(e.kind == "disconnected" for e in seen))
    assert seen[-1].text.startswith(f"reader disconnected ({link}): the reader was unplugged")
    assert not card_reader.connected
    attempts = card_reader.open_attempts
    seen = drain(events, 1.0)
    # While unplugged it retries with back-off (0.05, 0.1, 0.2, 0.2, ... s), not in a busy loop, and
    # says so once more (why it cannot reopen), not at every try.
    assert 2 <= card_reader.open_attempts - attempts <= 10
    assert [e.text for e in seen] == [f"reader disconnected: cannot open {link}: not plugged in"]

    pty = Pty(link)
    collect(events, lambda seen: any(e.kind == "connected" for e in seen), timeout=2.0)
    assert card_reader.connected
    os.write(pty.master, b"IT1-C-N2-G\n")
    assert scans(collect(events, lambda seen: bool(scans(seen)))) == ["IT1-C-N2-G"]
    card_reader.stop()
    assert not card_reader.running
    pty.unplug()


def test_a_pty_opened_by_its_own_path_reports_the_unplug(run_reader: Callable[..., CardReader],
                                                         events: queue.Queue[ReaderEvent]) -> None:
    master, slave = os.openpty()
    path = os.ttyname(slave)
    os.close(slave)
    run_reader(ReaderSettings(port=path, timeout=0.05, backoff_min=0.05, backoff_max=0.1))
    collect(events, lambda seen: any(e.kind == "connected" for e in seen))
    os.close(master)
    seen = collect(events, lambda seen: any(e.kind == "disconnected" for e in seen))
    assert "reader disconnected" in seen[-1].text


def test_a_busy_port_is_retried(run_reader: Callable[..., CardReader], events: queue.Queue[ReaderEvent],
                                tmp_path: Path) -> None:
    """Another program holds the port (pyserial's exclusive lock); the reader waits its turn."""
    link = tmp_path / "usb-Scanner-if00"
    pty = Pty(link)
    other = serial.Serial(str(link), exclusive=True)
    try:
        card_reader = run_reader(ReaderSettings(port=str(link), timeout=0.05, backoff_min=0.05,
                                                backoff_max=0.1))
        seen = collect(events, lambda seen: bool(seen))
        assert seen == [ReaderEvent("disconnected", f"reader disconnected: cannot open {link}: the port is "
                                                    "busy (another program is using it?)")]
        wait_until(lambda: card_reader.open_attempts >= 3)  # it keeps trying, with back-off ...
        assert not card_reader.connected  # ... and the port stays someone else's
        assert events.empty()  # "busy" was said once, not once per try
    finally:
        other.close()
    collect(events, lambda seen: any(e.kind == "connected" for e in seen), timeout=2.0)
    os.write(pty.master, b"IT1-C-N1-8\r")
    assert scans(collect(events, lambda seen: bool(scans(seen)))) == ["IT1-C-N1-8"]
    card_reader.stop()
    pty.unplug()


def test_an_open_that_fails_n_times_then_works(run_reader: Callable[..., CardReader],
                                               events: queue.Queue[ReaderEvent]) -> None:
    loop = LoopPort()
    failures = iter([serial.SerialException("[Errno 16] Device or resource busy")] * 3)

    def open_port(port: str, **kwargs: Any) -> Any:
        error = next(failures, None)
        if error is not None:
            raise error
        return loop(port, **kwargs)

    card_reader = run_reader(open_port=open_port)
    seen = collect(events, lambda seen: any(e.kind == "connected" for e in seen))
    assert [e.kind for e in seen] == ["disconnected", "connected"]
    assert card_reader.open_attempts == 4


def test_no_reader_plugged_in_is_said_once_and_found_later(run_reader: Callable[..., CardReader],
                                                           events: queue.Queue[ReaderEvent],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ports: list[str] = []
    monkeypatch.setattr(reader_module, "find_ports", lambda: list(ports))
    loop = LoopPort()
    card_reader = run_reader(ReaderSettings(port=None, timeout=0.05, backoff_min=0.05, backoff_max=0.1),
                             open_port=loop)
    seen = drain(events, 0.4)
    assert seen == [ReaderEvent("disconnected", "reader disconnected: no card reader found in "
                                                "/dev/serial/by-id")]
    assert card_reader.port is None
    ports.append("/dev/serial/by-id/usb-Scanner-if00")
    collect(events, lambda seen: any(e.kind == "connected" for e in seen))
    assert card_reader.port == "/dev/serial/by-id/usb-Scanner-if00"


def test_a_port_that_answers_nothing_at_once_is_no_busy_loop(run_reader: Callable[..., CardReader]) -> None:
    reads = []

    class Silent:
        in_waiting = 0

        def read(self, size: int) -> bytes:
            reads.append(size)
            return b""

        def close(self) -> None:
            pass

    started = time.monotonic()
    card_reader = run_reader(ReaderSettings(port="x", timeout=0.1), open_port=lambda port, **kw: Silent())
    wait_until(lambda: len(reads) >= 3)
    card_reader.stop()
    ran = time.monotonic() - started
    # Each empty read is followed by a wait of more than half the timeout (0.05 s), so however slow
    # or loaded the machine, the thread cannot have read more often than this; a busy loop would
    # have read thousands of times.
    assert len(reads) <= 1 + ran / 0.05


def test_stop_wakes_the_back_off_at_once_and_leaves_no_thread(events: queue.Queue[ReaderEvent]) -> None:
    def never(port: str, **kwargs: Any) -> Any:
        raise serial.SerialException("could not open port: [Errno 2] No such file or directory")

    card_reader = CardReader(ReaderSettings(port="/dev/nothing", backoff_min=30, backoff_max=60), events,
                             open_port=never)
    card_reader.stop()  # before start: nothing to do
    card_reader.start()
    card_reader.start()  # already running: still one thread
    assert sum(t.name == "card-reader" for t in threading.enumerate()) == 1
    collect(events, lambda seen: bool(seen))
    began = time.monotonic()
    card_reader.stop()
    assert time.monotonic() - began < 1.0
    assert not card_reader.running
    card_reader.start()  # and it can run again
    assert card_reader.running
    card_reader.stop()
    assert not card_reader.running


def test_a_bug_in_the_port_is_reported_not_silent(run_reader: Callable[..., CardReader],
                                                  events: queue.Queue[ReaderEvent]) -> None:
    class Broken:
        in_waiting = 0

        def read(self, size: int) -> bytes:
            raise RuntimeError("driver bug")

        def close(self) -> None:
            pass

    card_reader = run_reader(open_port=lambda port, **kw: Broken())
    seen = collect(events, lambda seen: any(e.kind == "disconnected" for e in seen))
    assert seen[-1].text == "reader disconnected: internal error (see the log)"
    card_reader.stop()
    assert not card_reader.running


def test_rdm6300_frames_on_a_line_reader_say_which_framing_to_set() -> None:
    """A hobbyist who wires an RDM6300 but leaves framing = "line" is told what to change."""
    frame = b"\x020A1B2C3D4E4E\x03"
    framer = LineFramer()
    assert framer.feed(frame, 0.0) == []
    (dropped,) = problems(framer.timeout(0.2))
    assert "RDM6300" in dropped and 'framing = "rdm6300"' in dropped
    (unreadable,) = problems(LineFramer().feed(frame + b"\r", 0.0))
    assert "control characters" in unreadable and 'framing = "rdm6300"' in unreadable
    (plain,) = problems(LineFramer().feed(b"IT1\x1b[A\r", 0.0))
    assert "rdm6300" not in plain
