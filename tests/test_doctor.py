"""``companion doctor`` (hardware/doctor.py, ui/cli.py): what it reports, when it exits 1."""

from __future__ import annotations

import fcntl
import logging
import os
import queue
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.entry import main
from hardware import doctor
from hardware import panel as hw
from hardware.doctor import SCAN_LOG_NAME, ScanLog, diagnose
from hardware.reader import ReaderEvent, reader_settings


def fake_reader(ports: list[str], scans: tuple[str, ...] = ()) -> Any:
    """Stands in for hardware.reader: its ports, settings, and a reader that 'reads' ``scans``."""

    class Reader:
        def __init__(self, settings: Any, events: queue.Queue[Any]) -> None:
            self.events = events

        def start(self) -> None:
            self.events.put(ReaderEvent("connected", "/dev/ttyACM0"))
            for text in scans:
                self.events.put(ReaderEvent("scan", text, "line"))

        def stop(self) -> None:
            self.events.put(ReaderEvent("disconnected", "stopped"))

    return types.SimpleNamespace(find_ports=lambda: list(ports), reader_settings=reader_settings,
                                 CardReader=Reader)


def line(report: doctor.Report, label: str) -> doctor.Line:
    return next(x for x in report.lines if x.label == label)


@pytest.fixture
def no_factories(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(hw, "DEFAULT_FACTORIES", ("no-such-library",))


# ---------------------------------------------------------------------------- the scan log


def test_the_scan_log_keeps_the_last_scans(tmp_path: Path) -> None:
    log = ScanLog(tmp_path / "data" / SCAN_LOG_NAME, keep=3)
    assert log.read() == []
    for i in range(5):
        log.add("line", f"IT1-C-N{i}-X\n", f"card {i}", at=0)
    lines = log.read()
    assert len(lines) == 3 and lines[-1].endswith("line\tIT1-C-N4-X\tcard 4")
    assert log.read(1) == lines[-1:]


def test_an_unwritable_scan_log_never_raises(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    scans = ScanLog(blocker / SCAN_LOG_NAME)  # a file where a folder should be
    with caplog.at_level(logging.WARNING, logger="hardware.doctor"):
        scans.add("rfid", "0123456789", "paired")  # must not raise
    assert scans.read() == [] and blocker.read_text() == ""  # nothing written, the blocker untouched
    [warning] = caplog.records  # said once, in the log
    assert warning.getMessage().startswith(f"cannot write the scan log {blocker / SCAN_LOG_NAME}: [Errno ")


# ---------------------------------------------------------------------------- the report


@pytest.fixture
def pty_port() -> Iterator[str]:
    """A real serial-like device (a pseudo-terminal) the reader's exclusive open works on."""
    controller, device = os.openpty()
    try:
        yield os.ttyname(device)
    finally:
        os.close(device)
        os.close(controller)


def test_all_well_with_the_mock_pins_and_a_present_port(mock_factory: Any, tmp_path: Path,
                                                         pty_port: str) -> None:
    port = Path(pty_port)
    ScanLog(tmp_path / SCAN_LOG_NAME).add("line", "IT1-C-N1-8", "North (1 of 2)")
    report = diagnose(tmp_path / "config.toml", {"debounce_ms": 20}, {"port": str(port)}, tmp_path,
                      on_pi=False, reader_module=fake_reader([str(port)]))
    assert report.ok, report.text()
    assert line(report, "pin factory").text.startswith("mock (gpiozero's choice): loads")
    assert line(report, "button transmit").text == "GPIO17  released"
    assert line(report, "LED mission").text == "GPIO13" and line(report, "buzzer").text == "GPIO12"
    assert line(report, "debounce").text == "20 ms"
    assert line(report, "reader port").text == f"{port} (present, free)"
    assert str(port) in line(report, "serial ports").text
    assert "IT1-C-N1-8" in report.text() and "North (1 of 2)" in report.text()
    assert report.text().endswith("All well: everything configured is there.")


def test_a_configured_port_that_is_missing_is_a_fault(mock_factory: Any, tmp_path: Path) -> None:
    report = diagnose(None, {}, {"port": "/dev/ttyUSB9"}, tmp_path, on_pi=False,
                      reader_module=fake_reader([]))
    assert not report.ok
    assert line(report, "reader port").status == "fault"
    assert "/dev/ttyUSB9 is MISSING" in report.text() and "1 problem(s)" in report.text()


def test_a_pyserial_url_is_not_looked_for_on_disk(mock_factory: Any) -> None:
    report = diagnose(None, {}, {"port": "loop://"}, None, on_pi=False, reader_module=fake_reader([]))
    assert report.ok and line(report, "reader port").text == "loop:// (a pyserial URL)"


def test_an_automatic_port_reports_what_it_would_use(mock_factory: Any) -> None:
    found = diagnose(None, {}, {"baudrate": 9600}, None, on_pi=False,
                     reader_module=fake_reader(["/dev/serial/by-id/usb-Scanner-if00"]))
    assert found.ok and "would use /dev/serial/by-id/usb-Scanner-if00" in line(found, "reader port").text
    # A [reader] table with no port found: the reader asked for is missing.
    missing = diagnose(None, {}, {"baudrate": 9600}, None, on_pi=False, reader_module=fake_reader([]))
    assert line(missing, "reader port").status == "fault"
    # No [reader] table at all and nothing plugged in: a desktop, not a fault.
    absent = diagnose(None, {}, {}, None, on_pi=False, reader_module=fake_reader([]))
    assert absent.ok and line(absent, "serial ports").text == "none found"


def test_no_gpio_on_a_desktop_without_gpio_config_is_not_a_fault(no_factories: None) -> None:
    report = diagnose(None, {}, {}, None, on_pi=False, reader_module=fake_reader([]))
    assert report.ok, report.text()
    assert "does not load" in line(report, "pin factory").text
    assert line(report, "button back").text == "GPIO27 (not checked: no pin factory)"


@pytest.mark.parametrize(("section", "on_pi"), [({"enabled": True}, False), ({}, True)])
def test_gpio_expected_but_no_pin_factory_is_a_fault(no_factories: None, section: dict[str, Any],
                                                     on_pi: bool) -> None:
    report = diagnose(None, section, {}, None, on_pi=on_pi, reader_module=fake_reader([]))
    assert not report.ok and line(report, "pin factory").status == "fault"
    assert "no-such-library" in line(report, "pin factory").text


def test_a_mock_pin_factory_on_a_pi_is_a_fault(mock_factory: Any) -> None:
    report = diagnose(None, {}, {}, None, on_pi=True, reader_module=fake_reader([]))
    assert not report.ok and "MOCK" in line(report, "pin factory").text


def test_gpio_off_in_the_config_is_reported_and_not_checked(no_factories: None) -> None:
    report = diagnose(None, {"enabled": False}, {}, None, on_pi=True, reader_module=fake_reader([]))
    assert report.ok and line(report, "GPIO").text.startswith("off in the config")


def test_bad_tables_are_faults_naming_the_key(mock_factory: Any) -> None:
    report = diagnose(Path("/etc/companion/config.toml"), {"buttons": {"transmit": 40}}, {"baudrate": "fast"},
                      None, on_pi=False, reader_module=fake_reader([]))
    faults = [x.text for x in report.faults]
    assert any("gpio.buttons.transmit = 40" in f for f in faults)
    assert any("reader.baudrate = 'fast'" in f for f in faults)


def test_pins_in_use_are_reported(mock_factory: Any) -> None:
    from gpiozero import LED

    busy = LED(5, pin_factory=mock_factory)
    try:
        report = diagnose(None, {}, {}, None, on_pi=False, reader_module=fake_reader([]))
    finally:
        busy.close()
    assert "cannot be opened" in line(report, "pins").text


def test_listen_prints_what_the_reader_reads() -> None:
    lines: list[str] = []
    count = doctor.listen({}, "<defaults>", 0.05, lines.append,
                          reader_module=fake_reader([], ("IT1-C-N1-8", "IT1-T-L1-R1-0")))
    assert count == 2
    assert lines[0].startswith("connected") and "IT1-C-N1-8" in lines[1]
    assert lines[-1].startswith("disconnected")


def test_listen_to_a_reader_that_is_off_reads_nothing() -> None:
    lines: list[str] = []
    assert doctor.listen({"enabled": False}, "<defaults>", 5, lines.append,
                         reader_module=fake_reader([], ("IT1-C-N1-8",))) == 0
    assert lines == ["The card reader is off in the config ([reader] enabled = false): nothing to listen to."]


# ---------------------------------------------------------------------------- the command


def test_the_command_exits_1_when_a_configured_port_is_missing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, mock_factory: Any) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[reader]\nport = "{tmp_path}/ttyNOPE"\n[store]\ndata_dir = "{tmp_path}"\n')
    code = main(["doctor", "--config", str(config)])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert f"config file      {config}" in out
    assert "ttyNOPE is MISSING" in out and out.rstrip().splitlines()[-1].startswith("1 problem(s)")
    assert f"none logged yet ({tmp_path}/last-scans.txt)" in out


def test_the_command_exits_0_when_all_is_well(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               mock_factory: Any) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[gpio]\ndebounce_ms = 40\n[reader]\nport = "loop://"\n')
    code = main(["doctor", "--config", str(config), "--listen", "0.1"])
    out, _ = capsys.readouterr()
    assert code == 0, out
    assert "All well" in out and "Listening to the card reader for 0.1 s" in out
    assert out.rstrip().endswith("0 scans read.")


# ------------------------------------------------------------------ what is not well (issue 4 review)


def test_a_port_locked_by_another_program_is_a_fault(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     mock_factory: Any, pty_port: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[reader]\nport = "{pty_port}"\n[store]\ndata_dir = "{tmp_path}"\n')
    held = os.open(pty_port, os.O_RDWR | os.O_NOCTTY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as pyserial's exclusive=True does
    try:
        code = main(["doctor", "--config", str(config)])
    finally:
        os.close(held)
    out = capsys.readouterr().out
    assert code == 1, out
    assert f"{pty_port} is in use by another program" in out and "All well" not in out
    assert main(["doctor", "--config", str(config)]) == 0  # let go: free again
    assert f"{pty_port} (present, free)" in capsys.readouterr().out


def _proc(tmp_path: Path, port: str, argv: list[str]) -> Path:
    proc = tmp_path / "proc"
    (proc / "4242" / "fd").mkdir(parents=True)
    (proc / "4242" / "fd" / "3").symlink_to(port)
    (proc / "4242" / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    return proc


def test_who_holds_the_port_decides_whether_it_is_a_fault(mock_factory: Any, tmp_path: Path,
                                                          pty_port: str) -> None:
    def locked(*_a: Any, **_k: Any) -> Any:
        raise OSError(11, "Could not exclusively lock port: Resource temporarily unavailable")

    ours = _proc(tmp_path / "a", pty_port, ["/opt/companion/venv/bin/python3",
                                            "/opt/companion/venv/bin/companion", "run", "--kiosk"])
    report = diagnose(None, {}, {"port": pty_port}, None, on_pi=False, reader_module=fake_reader([]),
                      open_port=locked, proc=ours)
    assert report.ok, report.text()
    assert "in use by the companion app, pid 4242" in line(report, "reader port").text
    other = _proc(tmp_path / "b", pty_port, ["/usr/sbin/ModemManager"])
    report = diagnose(None, {}, {"port": pty_port}, None, on_pi=False, reader_module=fake_reader([]),
                      open_port=locked, proc=other)
    assert line(report, "reader port").status == "fault"
    assert "in use by another program: ModemManager (pid 4242)" in line(report, "reader port").text


@pytest.mark.parametrize("table, named", [("[display]\nrotation = 45\n", "display.rotation = 45"),
                                          ('[game]\nundo = "maybe"\n', "game.undo = 'maybe'")])
def test_a_bad_setting_is_a_fault_in_the_report(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                mock_factory: Any, table: str, named: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'{table}[store]\ndata_dir = "{tmp_path}"\n')
    code = main(["doctor", "--config", str(config)])
    out = capsys.readouterr().out
    assert code == 1, out
    assert named in out and "All well" not in out and "1 problem(s)" in out


def test_a_data_dir_that_cannot_hold_the_history_is_a_fault(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path, mock_factory: Any) -> None:
    config = tmp_path / "config.toml"
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for data_dir, why in ((blocker, "is a file, not a folder"), (blocker / "sub", "cannot be made")):
        config.write_text(f'[store]\ndata_dir = "{data_dir}"\n')
        assert main(["doctor", "--config", str(config)]) == 1
        out = capsys.readouterr().out
        assert why in out and "the game history cannot be kept" in out and "All well" not in out
    config.write_text(f'[store]\ndata_dir = "{tmp_path / "new"}"\n')
    assert main(["doctor", "--config", str(config)]) == 0, capsys.readouterr().out
    assert not (tmp_path / "new").exists()  # looked at, not made


def test_an_unwritable_data_dir_is_a_fault(tmp_path: Path, mock_factory: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.access
    monkeypatch.setattr(doctor.os, "access", lambda p, mode: Path(p) != tmp_path and real(p, mode))
    report = diagnose(None, {}, {}, tmp_path, on_pi=False, reader_module=fake_reader([]),
                      database=tmp_path / "companion.sqlite3")
    assert line(report, "data dir").status == "fault" and "is not writable" in line(report, "data dir").text
    monkeypatch.setattr(doctor.os, "access", lambda p, mode: Path(p).name != "h.sqlite3" and real(p, mode))
    (tmp_path / "h.sqlite3").write_bytes(b"")
    report = diagnose(None, {}, {}, tmp_path, on_pi=False, reader_module=fake_reader([]),
                      database=tmp_path / "h.sqlite3")
    assert "cannot be written (no permission)" in line(report, "data dir").text


def test_the_command_refuses_a_bad_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[gpio\n")
    assert main(["doctor", "--config", str(config)]) == 1
    assert "is not valid TOML" in capsys.readouterr().err
    assert main(["doctor", "--config", str(config), "--scans", "-1"]) == 2
