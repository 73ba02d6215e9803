"""``companion doctor`` (hardware/doctor.py, companion/cli_doctor.py): what it reports, when it exits 1."""

from __future__ import annotations

import queue
import types
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
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


def test_an_unwritable_scan_log_never_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    ScanLog(blocker / SCAN_LOG_NAME).add("rfid", "0123456789", "paired")  # a file where a folder should be


# ---------------------------------------------------------------------------- the report


def test_all_well_with_the_mock_pins_and_a_present_port(mock_factory: Any, tmp_path: Path) -> None:
    port = tmp_path / "ttyACM0"
    port.write_text("")
    ScanLog(tmp_path / SCAN_LOG_NAME).add("line", "IT1-C-N1-8", "North (1 of 2)")
    report = diagnose(tmp_path / "config.toml", {"debounce_ms": 20}, {"port": str(port)}, tmp_path,
                      on_pi=False, reader_module=fake_reader([str(port)]))
    assert report.ok, report.text()
    assert line(report, "pin factory").text.startswith("mock (gpiozero's choice): loads")
    assert line(report, "button transmit").text == "GPIO17  released"
    assert line(report, "LED mission").text == "GPIO13" and line(report, "buzzer").text == "GPIO12"
    assert line(report, "debounce").text == "20 ms"
    assert line(report, "reader port").text == f"{port} (present)"
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
    assert out.rstrip().endswith("0 scan(s) read.")


def test_the_command_refuses_a_bad_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[gpio\n")
    assert main(["doctor", "--config", str(config)]) == 1
    assert "is not valid TOML" in capsys.readouterr().err
    assert main(["doctor", "--config", str(config), "--scans", "-1"]) == 2
