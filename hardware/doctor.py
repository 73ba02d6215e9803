"""``companion doctor``: what the hardware looks like from here, and whether anything configured is missing.

It reports the config file, whether GPIO is on, the pin factory (and whether it
loads), each configured pin with what it does (and, when the pins can be
opened, whether each button reads pressed), the serial ports found, the
configured card reader port and whether it exists, and the last scans the app
logged (:class:`ScanLog`, ``<data_dir>/last-scans.txt``), or scans read live
for a few seconds (``--listen``).  Something configured but missing (GPIO
asked for and no pin factory works, a configured reader port that does not
exist or that another program holds, a bad ``[gpio]``/``[reader]``/``[display]``
table or config setting, a data dir that cannot hold the game history) is a
*fault*: the command then exits 1.  The reader's port held by the companion
app itself is not: the app is running and reading.

This module imports nothing of ours outside ``hardware/`` and prints nothing:
:func:`diagnose` returns a :class:`Report` and the CLI prints it.
"""

from __future__ import annotations

import logging
import os
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import N_, _, ngettext

from . import panel as gpio

log = logging.getLogger(__name__)

__all__ = ["SCAN_LOG_NAME", "Line", "Report", "ScanLog", "diagnose", "holders", "listen"]

#: The app's log of recent scans, in its data dir.
SCAN_LOG_NAME = "last-scans.txt"


# ---------------------------------------------------------------------------- the scan log


class ScanLog:
    """The last scans, one line each (``time<TAB>source<TAB>text<TAB>result``), newest last.

    The app appends as it reads (:meth:`add`), keeping :attr:`keep` lines; ``companion doctor``
    reads it (:meth:`read`).  Writing never raises: a read-only disk must not stop the game.
    """

    def __init__(self, path: Path, keep: int = 50) -> None:
        self.path = Path(path)
        self.keep = keep

    @staticmethod
    def _clean(text: str, limit: int = 80) -> str:
        text = " ".join(str(text).split())
        return text if len(text) <= limit else text[:limit] + "..."

    def add(self, source: str, text: str, result: str, at: float | None = None) -> None:
        """Append one scan.  ``result`` says what came of it ("North (1 of 2)", "refused: ...")."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(at))
        line = "\t".join((stamp, self._clean(source, 10), self._clean(text), self._clean(result, 120)))
        try:
            lines = self.read(self.keep - 1)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text("".join(f"{x}\n" for x in [*lines, line]), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            log.warning("cannot write the scan log %s: %s", self.path, str(exc))

    def read(self, n: int = 10) -> list[str]:
        """The last ``n`` lines (``[]`` when there is no log or it cannot be read)."""
        if n <= 0:
            return []
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        return [line for line in text.splitlines() if line.strip()][-n:]


# ---------------------------------------------------------------------------- the report


#: The report's labels (marked; translated as each line is added).
PIN_FACTORY = N_("pin factory")
CARD_READER = N_("card reader")
SERIAL_PORTS = N_("serial ports")
READER_PORT = N_("reader port")
DATA_DIR = N_("data dir")
LAST_SCANS = N_("last scans")
PINS = N_("pins")
BUZZER = N_("buzzer")
DEBOUNCE = N_("debounce")
CONFIG_FILE = N_("config file")
CONFIG = N_("config")
DISPLAY = N_("display")


@dataclass(frozen=True)
class Line:
    """One line of the report: ``label``, ``text``, and ``status`` ``"ok"``, ``"info"`` or ``"fault"``."""

    label: str
    text: str
    status: str = "info"


@dataclass
class Report:
    lines: list[Line] = field(default_factory=list)

    def add(self, label: str, text: str, status: str = "info") -> None:
        self.lines.append(Line(label, text, status))

    @property
    def faults(self) -> list[Line]:
        return [line for line in self.lines if line.status == "fault"]

    @property
    def ok(self) -> bool:
        return not self.faults

    def text(self) -> str:
        """The report as the terminal shows it; faults are marked ``!!``."""
        width = max((len(line.label) for line in self.lines), default=0)
        out = []
        for line in self.lines:
            mark = {"fault": "!!", "ok": "ok"}.get(line.status, "  ")
            out.append(f"{mark} {line.label.ljust(width)}  {line.text}".rstrip())
        if self.ok:
            out.append(_("All well: everything configured is there."))
        else:
            problems = "; ".join(f"{line.label}: {line.text}" for line in self.faults)
            out.append(ngettext("{n} problem(s): {problems}", "{n} problem(s): {problems}", len(self.faults))
                       .format(n=len(self.faults), problems=problems))
        return "\n".join(out)


# ---------------------------------------------------------------------------- GPIO


def _gpio(report: Report, section: Mapping[str, Any], file: str, on_pi: bool, pin_factory: Any) -> None:
    try:
        settings = gpio.panel_settings(section, file)
    except gpio.PanelConfigError as exc:
        report.add("GPIO", str(exc), "fault")
        return
    if not settings.enabled:
        report.add("GPIO", _("off in the config ([gpio] enabled = false)"))
        return
    where = _("asked for by [gpio]") if settings.configured else _("on by default (no [gpio] table)")
    machine = _("a Raspberry Pi") if on_pi else _("not a Raspberry Pi")
    report.add("GPIO", f"{where}; {machine}")
    owned = False
    try:
        if pin_factory is None:
            factory, name, owned = gpio.load_pin_factory(settings.pin_factory)
        else:
            factory, name = pin_factory, gpio.factory_name(pin_factory)
    except gpio.PanelUnavailable as exc:
        expected = settings.configured or on_pi
        asked = settings.pin_factory or _("gpiozero's default")
        report.add(_(PIN_FACTORY), _("{factory}: does not load: {error}").format(factory=asked, error=exc),
                   "fault" if expected else "info")
        for what, number in settings.pins():
            report.add(what, _("GPIO{number} (not checked: no pin factory)").format(number=number))
        return
    chosen = _("named in the config") if settings.pin_factory else _("gpiozero's choice")
    mock = _(" (a MOCK: no real pins are used)") if name == "mock" else ""
    report.add(_(PIN_FACTORY),
               _("{factory} ({chosen}): loads{mock}").format(factory=name, chosen=chosen, mock=mock),
               "fault" if (on_pi and mock) else "ok")
    try:
        panel = gpio.Panel(settings, queue.Queue(), factory, owns_factory=owned)
    except Exception as exc:
        busy = any(word in str(exc).lower() for word in ("busy", "in use"))
        note = _(" (is the companion app running? it holds the pins)") if busy else ""
        report.add(_(PINS), _("cannot be opened: {error}{note}").format(
            error=f"{type(exc).__name__}: {exc}", note=note), "info" if busy else "fault")
        for what, number in settings.pins():
            report.add(what, f"GPIO{number}")
        if owned:
            factory.close()
        return
    try:
        for action, button in panel.buttons.items():
            state = _("pressed now") if button.is_pressed else _("released")
            report.add(_("button {action}").format(action=action),
                       f"GPIO{settings.buttons[action]}  {state}", "ok")
        for light in panel.leds:
            report.add(_("LED {light}").format(light=light), f"GPIO{settings.leds[light]}", "ok")
        if settings.buzzer is not None:
            report.add(_(BUZZER), f"GPIO{settings.buzzer}", "ok")
        report.add(_(DEBOUNCE), f"{round(settings.debounce * 1000)} ms")
    finally:
        panel.close()


# ---------------------------------------------------------------------------- the card reader


def _port_name(port: Any) -> str:
    return str(getattr(port, "device", port))


def _reader(report: Report, section: Mapping[str, Any], file: str, reader_module: Any,
            open_port: Callable[..., Any] | None = None, proc: Path = Path("/proc")) -> None:
    if reader_module is None:
        try:
            from . import reader as reader_module
        except ImportError as exc:
            report.add(_(CARD_READER), _("support not installed ({error})").format(error=exc),
                       "fault" if section else "info")
            return
    try:
        ports = list(reader_module.find_ports())
    except Exception as exc:
        report.add(_(SERIAL_PORTS), _("cannot be listed: {error}").format(error=exc))
        ports = []
    report.add(_(SERIAL_PORTS), ", ".join(_port_name(p) for p in ports) if ports else _("none found"))
    try:
        settings = reader_module.reader_settings(section, file)
    except ValueError as exc:
        report.add(_(CARD_READER), str(exc), "fault")
        return
    if not settings.enabled:
        report.add(_(CARD_READER), _("off in the config ([reader] enabled = false)"))
        return
    if settings.port is None:
        if ports:
            report.add(_(READER_PORT), _("automatic: would use {port}").format(port=_port_name(ports[0])),
                       "ok")
        else:
            # Asked for by a [reader] table: its absence is a fault; without one, just no reader.
            report.add(_(READER_PORT), _("automatic: no serial port found now (plugged in?)"),
                       "fault" if section else "info")
        return
    text = str(settings.port)
    if "://" in text:  # a pyserial URL (loop://, socket://): nothing to look for on disk
        report.add(_(READER_PORT), _("{port} (a pyserial URL)").format(port=text), "ok")
    elif Path(text).exists():
        _port_free(report, text, settings.baudrate, open_port, proc)
    else:
        report.add(_(READER_PORT),
                   _("{port} is MISSING (plugged in? the right name? see serial ports)").format(
            port=text), "fault")


def _ours(argv: Sequence[str]) -> bool:
    """Whether a command line is the companion app (``companion run``, ``python -m companion run``)."""
    names = [Path(arg).name for arg in argv]
    runs = "run" in argv
    return runs and ("companion" in names or any(a == "-m" and b == "companion" for a, b in
                                                  zip(argv, argv[1:], strict=False)))


def holders(device: str, proc: Path = Path("/proc")) -> list[tuple[int, list[str]]]:
    """The other processes that have ``device`` open: ``(pid, argv)`` each, read from ``/proc``.

    Processes of other users are not readable and so not listed; an unreadable ``/proc`` gives ``[]``.
    """
    try:
        target = os.path.realpath(device)
        pids = [entry for entry in proc.iterdir() if entry.name.isdigit() and int(entry.name) != os.getpid()]
    except OSError:
        return []
    found = []
    for entry in pids:
        try:
            links = [os.readlink(fd) for fd in (entry / "fd").iterdir()]
        except OSError:
            continue
        if target in links:
            try:
                raw = (entry / "cmdline").read_bytes()
            except OSError:
                raw = b""
            found.append((int(entry.name), [a.decode(errors="replace") for a in raw.split(b"\0") if a]))
    return found


def _port_free(report: Report, port: str, baudrate: int, open_port: Callable[..., Any] | None,
               proc: Path) -> None:
    """Open ``port`` exclusively as the card reader does, and say who holds it when that fails.

    Held by the companion app itself is no fault (it is running and reading); held by anything else, the
    reader could not read (or would share its bytes), so it is.
    """
    others = holders(port, proc)
    app = [pid for pid, argv in others if _ours(argv)]
    strangers = [(pid, argv) for pid, argv in others if not _ours(argv)]
    if app and not strangers:
        report.add(_(READER_PORT), _("{port} (present; in use by the companion app, pid {pid}: it is "
                                    "running and holds the reader; stop it before --listen)").format(
                                        port=port, pid=app[0]), "ok")
        return
    if strangers:
        who = ", ".join(f"{Path(argv[0]).name if argv else '?'} (pid {pid})" for pid, argv in strangers)
        report.add(_(READER_PORT), _("{port} is in use by another program: {who}; stop it, or the card "
                                    "reader cannot read").format(port=port, who=who), "fault")
        return
    if open_port is None:
        import serial

        open_port = serial.serial_for_url
    try:
        handle = open_port(port, baudrate=baudrate, timeout=0, exclusive=True)
    except Exception as exc:  # SerialException, OSError, ValueError: whatever stops the reader too
        text = str(exc) or type(exc).__name__
        errno = getattr(exc, "errno", None)
        if errno in (11, 16) or "lock" in text.lower() or "busy" in text.lower():
            report.add(_(READER_PORT), _("{port} is in use by another program (is the companion app running "
                                        "as another user? stop it and run doctor again)").format(port=port),
                       "fault")
        elif errno == 13 or "Permission denied" in text:
            report.add(_(READER_PORT), _("{port}: no permission to open it (is the user in the dialout "
                                        "group?)").format(port=port), "fault")
        else:
            report.add(_(READER_PORT), _("{port} cannot be opened: {error}").format(port=port, error=text),
                       "fault")
        return
    handle.close()
    report.add(_(READER_PORT), _("{port} (present, free)").format(port=port), "ok")


def _folder_problem(folder: Path) -> str | None:
    """Why the app could not keep files in ``folder`` (created on first write), or ``None``."""
    if folder.exists():
        if not folder.is_dir():
            return _("{folder} is a file, not a folder").format(folder=folder)
        if not os.access(folder, os.W_OK | os.X_OK):
            return _("the folder {folder} is not writable").format(folder=folder)
        return None
    above = folder.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        return _("{above} is a file, so the folder {folder} cannot be made").format(
            above=above, folder=folder)
    if not os.access(above, os.W_OK | os.X_OK):
        return _("the folder {folder} does not exist and cannot be made ({above} is not writable)").format(
            folder=folder, above=above)
    return None


def _storage(report: Report, data_dir: Path | None, database: Path | None) -> None:
    """Can the app keep its game history (and pairings, scan log) where the config says?  Nothing is
    created here."""
    if data_dir is None:
        return
    setting = _("set [store] data_dir (or database) in the config file to a writable place")
    problem = _folder_problem(Path(data_dir))
    if database is not None and problem is None:
        database = Path(database)
        problem = _folder_problem(database.parent)
        if problem is None and database.exists():
            if not database.is_file():
                problem = _("the game history {file} is not a file").format(file=database)
            elif not os.access(database, os.R_OK | os.W_OK):
                problem = _("the game history {file} cannot be written (no permission)").format(file=database)
    if problem is not None:
        report.add(_(DATA_DIR), _("{problem}: the game history cannot be kept; {what_to_do}").format(
            problem=problem, what_to_do=setting), "fault")
        return
    if database is not None:
        shown = _("{folder}, game history {file} (writable)").format(folder=data_dir, file=database)
    else:
        shown = _("{folder} (writable)").format(folder=data_dir)
    report.add(_(DATA_DIR), shown, "ok")


def _scans(report: Report, data_dir: Path | None, count: int) -> None:
    if data_dir is None:
        return
    log_file = ScanLog(Path(data_dir) / SCAN_LOG_NAME)
    lines = log_file.read(count)
    if not lines:
        report.add(_(LAST_SCANS), _("none logged yet ({file})").format(file=log_file.path))
        return
    report.add(_(LAST_SCANS), _("{n}, newest last ({file})").format(n=len(lines), file=log_file.path))
    for line in lines:
        report.add("", "  ".join(line.split("\t")))


def diagnose(config_file: Path | None, gpio_section: Mapping[str, Any], reader_section: Mapping[str, Any],
             data_dir: Path | None, *, scans: int = 10, on_pi: bool | None = None, pin_factory: Any = None,
             reader_module: Any = None, config_problems: Sequence[str] = (),
             display_problem: str | None = None, database: Path | None = None,
             open_port: Callable[..., Any] | None = None, proc: Path = Path("/proc")) -> Report:
    """Look at everything (module docstring).

    :param config_file: the config file read, or ``None`` (all defaults).
    :param gpio_section, reader_section: the config's ``[gpio]`` and ``[reader]`` tables.
    :param data_dir: where the app keeps :data:`SCAN_LOG_NAME` and its game history.
    :param scans: how many of the last scans to show.
    :param on_pi: whether this is a Raspberry Pi (default: :func:`hardware.panel.is_raspberry_pi`).
    :param pin_factory: a gpiozero pin factory to use instead of loading one (tests).
    :param reader_module: stands in for :mod:`hardware.reader` (tests).
    :param config_problems: the config file's bad settings (each a sentence), each a fault: the app
        starts with that setting's default instead.
    :param display_problem: why the ``[display]`` table is refused (validated by the caller), a fault.
    :param database: the game history file (its folder must be writable; it is not created).
    :param open_port: opens the reader's port as the reader does (default
        :func:`serial.serial_for_url`; tests).
    :param proc: the ``/proc`` to look in for programs that hold the reader's port (tests).
    """
    file = str(config_file) if config_file is not None else "<defaults>"
    pi = gpio.is_raspberry_pi() if on_pi is None else on_pi
    report = Report()
    report.add(_(CONFIG_FILE),
               file if config_file is not None else _("none found: every setting is a default"))
    for problem in config_problems:
        report.add(_(CONFIG), _("{problem} (the app uses the default instead)").format(
            problem=problem), "fault")
    if display_problem is not None:
        report.add(_(DISPLAY), display_problem, "fault")
    _gpio(report, gpio_section, file, pi, pin_factory)
    _reader(report, reader_section, file, reader_module, open_port, proc)
    _storage(report, data_dir, database)
    _scans(report, data_dir, scans)
    return report


def listen(reader_section: Mapping[str, Any], file: str, seconds: float, out: Callable[[str], None],
           reader_module: Any = None, sleep: Callable[[float], None] = time.sleep) -> int:
    """Open the card reader for ``seconds`` and hand each event to ``out`` as a line.

    :returns: how many scans were read.
    :raises ValueError: a bad ``[reader]`` table.
    """
    if reader_module is None:
        from . import reader as reader_module
    settings = reader_module.reader_settings(reader_section, file)
    if not settings.enabled:
        out(_("The card reader is off in the config ([reader] enabled = false): nothing to listen to."))
        return 0
    events: queue.Queue[Any] = queue.Queue()
    card_reader = reader_module.CardReader(settings, events)
    scans = 0
    card_reader.start()
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for event in _take(events):
                if event.kind == "scan":
                    scans += 1
                out(f"{event.kind:<12} {getattr(event, 'source', '') or '':<5} {event.text}".rstrip())
            sleep(0.05)
    finally:
        card_reader.stop()
    for event in _take(events):
        if event.kind == "scan":
            scans += 1
        out(f"{event.kind:<12} {getattr(event, 'source', '') or '':<5} {event.text}".rstrip())
    return scans


def _take(events: queue.Queue[Any]) -> Sequence[Any]:
    out = []
    while True:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            return out
