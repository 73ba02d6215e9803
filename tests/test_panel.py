"""The GPIO panel (hardware/panel.py) on gpiozero's mock pins: presses, bounces, threads, lights."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from hardware import panel as hw
from hardware.exc import HardwareConfigError
from hardware.panel import (
    NO_GPIO,
    Panel,
    PanelConfigError,
    PanelEvent,
    PanelSettings,
    drain,
    load_pin_factory,
    open_panel,
    panel_settings,
)

TRANSMIT, BACK, BOOST = 17, 27, 22
READER, INCOMING, MISSION, BUZZER = 5, 6, 13, 12


class FakeClock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.now

    def advance(self, ms: float) -> None:
        with self.lock:
            self.now += ms / 1000


def press(factory: Any, pin: int) -> None:
    factory.pin(pin).drive_low()  # wired to GND with a pull-up: low is pressed


def release(factory: Any, pin: int) -> None:
    factory.pin(pin).drive_high()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def board(mock_factory: Any, clock: FakeClock) -> Any:
    events: queue.Queue[Any] = queue.Queue()
    panel = Panel(PanelSettings(), events, mock_factory, clock)
    yield panel, events
    panel.close()


def events_of(events: queue.Queue[Any]) -> list[PanelEvent]:
    out: list[PanelEvent] = []
    drain(events, out.append)
    return out


def wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


# ---------------------------------------------------------------------------- config


def test_defaults_are_the_documented_wiring() -> None:
    settings = panel_settings({})
    assert settings.enabled and settings.pin_factory is None and not settings.configured
    assert dict(settings.buttons) == {"transmit": 17, "back": 27, "boost": 22}
    assert dict(settings.leds) == {"reader": 5, "incoming": 6, "mission": 13}
    assert settings.buzzer == 12 and settings.debounce == pytest.approx(0.05)


def test_a_full_gpio_table_is_read() -> None:
    settings = panel_settings({"enabled": True, "pin_factory": "LGPIO", "debounce_ms": 30, "buzzer": False,
                               "buttons": {"transmit": 23, "boost": 24}, "leds": {"reader": 25}},
                              "/etc/companion/config.toml")
    assert settings.configured and settings.pin_factory == "lgpio"
    assert dict(settings.buttons) == {"transmit": 23, "boost": 24}
    assert dict(settings.leds) == {"reader": 25} and settings.buzzer is None
    assert settings.debounce == pytest.approx(0.03)
    assert settings.pins() == [("button transmit", 23), ("button boost", 24), ("LED reader", 25)]


@pytest.mark.parametrize(("section", "key", "words"), [
    ({"pins": 3}, "gpio.pins", "unknown setting"),
    ({"enabled": "yes"}, "gpio.enabled", "true or false"),
    ({"pin_factory": "gpio-magic"}, "gpio.pin_factory", "unknown pin factory (known: lgpio"),
    ({"debounce_ms": -5}, "gpio.debounce_ms", "milliseconds"),
    ({"debounce_ms": True}, "gpio.debounce_ms", "milliseconds"),
    ({"buttons": {"transmit": 1}}, "gpio.buttons.transmit", "from 2 to 27"),
    ({"buttons": {"transmit": 28}}, "gpio.buttons.transmit", "from 2 to 27"),
    ({"buttons": {"transmit": "17"}}, "gpio.buttons.transmit", "BCM GPIO number"),
    ({"buttons": {"transmit": True}}, "gpio.buttons.transmit", "BCM GPIO number"),
    ({"buttons": {"fire": 17}}, "gpio.buttons.fire", "unknown action (known: transmit, back, boost)"),
    ({"leds": {"power": 5}}, "gpio.leds.power", "unknown light"),
    ({"buttons": 17}, "gpio.buttons", "must be a table"),
    ({"buttons": {"transmit": 17, "back": 17}}, "gpio.buttons.back", "already used by gpio.buttons.transmit"),
    ({"leds": {"reader": 17}}, "gpio.leds.reader", "already used by gpio.buttons.transmit"),
    ({"buzzer": 5}, "gpio.buzzer", "already used by gpio.leds.reader"),
])
def test_bad_config_is_refused_naming_file_key_and_value(
        section: dict[str, Any], key: str, words: str) -> None:
    with pytest.raises(PanelConfigError) as caught:
        panel_settings(section, "/etc/companion/config.toml")
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, HardwareConfigError)
    assert error.key == key and words in str(error)
    assert str(error).startswith(f"/etc/companion/config.toml: {key} = ")


# ---------------------------------------------------------------------------- presses


def test_a_press_is_one_event(board: Any, mock_factory: Any, clock: FakeClock) -> None:
    panel, events = board
    press(mock_factory, TRANSMIT)
    clock.advance(120)
    release(mock_factory, TRANSMIT)
    assert events_of(events) == [PanelEvent("transmit", 1000.0)]
    clock.advance(300)
    press(mock_factory, BOOST)
    got = events_of(events)
    assert [e.action for e in got] == ["boost"] and got[0].at == pytest.approx(1000.42)


def test_a_bounce_storm_is_one_press(board: Any, mock_factory: Any, clock: FakeClock) -> None:
    panel, events = board
    # 40 edges, 1 ms apart, all within the 50 ms debounce window of the first.
    for i in range(40):
        (press if i % 2 == 0 else release)(mock_factory, BACK)
        clock.advance(1)
    press(mock_factory, BACK)  # the contacts settle closed
    assert [e.action for e in events_of(events)] == ["back"]
    assert panel.bounces["back"] >= 39
    # Held, then let go: the release bounces too, and none of that is a press.
    clock.advance(400)
    for i in range(21):
        (release if i % 2 == 0 else press)(mock_factory, BACK)
        clock.advance(2)
    release(mock_factory, BACK)
    assert events_of(events) == []
    # The next real press, after the window, counts.
    clock.advance(200)
    press(mock_factory, BACK)
    assert [e.action for e in events_of(events)] == ["back"]


def test_buttons_are_debounced_each_on_its_own(board: Any, mock_factory: Any, clock: FakeClock) -> None:
    _, events = board
    press(mock_factory, TRANSMIT)
    clock.advance(5)
    press(mock_factory, BOOST)  # another button, 5 ms later: not a bounce of the first
    assert [e.action for e in events_of(events)] == ["transmit", "boost"]


def test_no_debounce_means_every_press(mock_factory: Any, clock: FakeClock) -> None:
    events: queue.Queue[Any] = queue.Queue()
    panel = Panel(panel_settings({"debounce_ms": 0}), events, mock_factory, clock)
    try:
        for _ in range(3):
            press(mock_factory, TRANSMIT)
            release(mock_factory, TRANSMIT)
        assert len(events_of(events)) == 3
    finally:
        panel.close()


def test_presses_from_a_background_thread_are_handled_on_the_draining_thread(
        board: Any, mock_factory: Any, clock: FakeClock) -> None:
    _, events = board
    main = threading.get_ident()
    pressed_on: list[int] = []

    def fingers() -> None:  # like lgpio's callback thread
        for pin in (TRANSMIT, BACK, BOOST, TRANSMIT):
            pressed_on.append(threading.get_ident())
            press(mock_factory, pin)
            clock.advance(30)
            release(mock_factory, pin)
            clock.advance(100)

    worker = threading.Thread(target=fingers)
    worker.start()
    handled: list[tuple[str, int]] = []
    end = time.monotonic() + 5
    while (worker.is_alive() or not events.empty()) and time.monotonic() < end:
        drain(events, lambda e: handled.append((e.action, threading.get_ident())))
        time.sleep(0.001)
    worker.join()
    drain(events, lambda e: handled.append((e.action, threading.get_ident())))
    assert [a for a, _ in handled] == ["transmit", "back", "boost", "transmit"]
    assert {t for _, t in handled} == {main}
    assert main not in pressed_on


def test_a_raising_handler_is_logged_and_the_next_press_works(
        board: Any, mock_factory: Any, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    _, events = board
    handled: list[str] = []

    def handle(event: PanelEvent) -> None:
        handled.append(event.action)
        if len(handled) == 1:
            raise RuntimeError("the screen was not ready")

    press(mock_factory, TRANSMIT)
    with caplog.at_level(logging.ERROR, logger="hardware.panel"):
        assert drain(events, handle) == 1
    assert "the screen was not ready" in caplog.text and "transmit" in caplog.text
    clock.advance(200)
    release(mock_factory, TRANSMIT)
    clock.advance(200)
    press(mock_factory, TRANSMIT)
    assert drain(events, handle) == 1
    assert handled == ["transmit", "transmit"]


def test_a_press_that_cannot_be_queued_is_logged_not_raised_into_gpiozero(
        mock_factory: Any, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    class Flaky(queue.Queue[Any]):
        fail = True

        def put_nowait(self, item: Any) -> None:
            if self.fail:
                self.fail = False
                raise queue.Full
            super().put_nowait(item)

    events = Flaky()
    panel = Panel(PanelSettings(), events, mock_factory, clock)
    try:
        with caplog.at_level(logging.ERROR, logger="hardware.panel"):
            press(mock_factory, TRANSMIT)  # would raise in the caller's (gpiozero's) thread if unguarded
        assert "button transmit: the press was lost" in caplog.text
        clock.advance(100)
        release(mock_factory, TRANSMIT)
        clock.advance(100)
        press(mock_factory, TRANSMIT)
        assert [e.action for e in events_of(events)] == ["transmit"]
    finally:
        panel.close()


# ---------------------------------------------------------------------------- lights and buzzer


def test_status_leds_follow_their_signals(board: Any, mock_factory: Any) -> None:
    panel, _ = board
    assert not any(mock_factory.pin(p).state for p in (READER, INCOMING, MISSION, BUZZER))
    panel.signal("reader")
    panel.signal("incoming")
    assert mock_factory.pin(READER).state and mock_factory.pin(INCOMING).state
    panel.signal("incoming_off")
    assert not mock_factory.pin(INCOMING).state and mock_factory.pin(READER).state
    panel.signal("victory")
    assert mock_factory.pin(MISSION).state
    panel.signal("incoming")
    panel.signal("game_off")
    assert not mock_factory.pin(MISSION).state and not mock_factory.pin(INCOMING).state
    assert mock_factory.pin(READER).state
    panel.signal("lights_off")
    assert not mock_factory.pin(READER).state


def beeps(pin: Any) -> int:
    """Rising edges recorded on a mock output pin."""
    return sum(1 for s in pin.states[1:] if s.state)


def patterns_playing() -> bool:
    """Whether a beep or blink pattern still plays: gpiozero plays each on a thread running the device's
    ``_blink_device`` (Python names a thread after its target), which ends with the pattern."""
    return any(t.name.endswith("(_blink_device)") and t.is_alive() for t in threading.enumerate())


def test_buzzer_and_led_patterns_are_observable(board: Any, mock_factory: Any) -> None:
    panel, _ = board
    buzzer, mission = mock_factory.pin(BUZZER), mock_factory.pin(MISSION)
    panel.signal("scan_ok")
    assert patterns_playing()
    wait_for(lambda: not patterns_playing())
    assert beeps(buzzer) == 1 and not buzzer.state  # one short beep, then quiet: the pattern is over
    on_time = buzzer.states[2].timestamp  # time from the rise to the fall
    assert on_time < 0.2
    buzzer.clear_states()
    panel.signal("refused")
    wait_for(lambda: beeps(buzzer) == 2 and not buzzer.state)
    assert all(s.timestamp >= 0.3 for s in buzzer.states[2::2])  # two long ("low") beeps
    buzzer.clear_states()
    panel.signal("mission_complete")
    wait_for(lambda: beeps(buzzer) == 3 and beeps(mission) == 6 and not mission.state, timeout=6)


def test_an_unknown_signal_is_refused(board: Any) -> None:
    panel, _ = board
    with pytest.raises(ValueError, match="unknown panel signal 'fanfare'"):
        panel.signal("fanfare")


def test_a_panel_without_leds_or_buzzer_plays_signals_silently(mock_factory: Any, clock: FakeClock) -> None:
    panel = Panel(panel_settings({"leds": {}, "buzzer": False}), queue.Queue(), mock_factory, clock)
    try:
        panel.signal("mission_complete")
        panel.signal("reader")
        assert not mock_factory.pin(BUZZER).state and not mock_factory.pin(READER).state
    finally:
        panel.close()


def test_close_releases_every_pin(mock_factory: Any) -> None:
    from gpiozero import Button

    panel = Panel(PanelSettings(), queue.Queue(), mock_factory)
    panel.signal("reader")
    panel.close()
    panel.close()  # idempotent
    assert not mock_factory.pin(READER).state
    Button(TRANSMIT, pin_factory=mock_factory).close()  # free again


# ---------------------------------------------------------------------------- opening


@pytest.fixture
def no_factories(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine where no pin library loads (as on a desktop), whatever is installed here."""
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(hw, "DEFAULT_FACTORIES", ("no-such-library",))
    hw._told.clear()


def test_on_a_desktop_without_gpio_the_app_says_so_once(
        no_factories: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="hardware.panel"):
        first = open_panel(PanelSettings(), queue.Queue(), on_pi=False)
        second = open_panel(PanelSettings(), queue.Queue(), on_pi=False)
    assert first.panel is None and first.message == NO_GPIO and not first.fault
    assert second.message == NO_GPIO
    assert caplog.text.count(NO_GPIO) == 1


def test_gpio_asked_for_in_the_config_but_missing_is_a_fault(no_factories: None) -> None:
    status = open_panel(panel_settings({"enabled": True}), queue.Queue(), on_pi=False)
    assert status.panel is None and status.fault and status.message == NO_GPIO


def test_on_a_pi_a_missing_pin_library_is_an_error_and_never_a_mock(
        no_factories: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="hardware.panel"):
        status = open_panel(PanelSettings(), queue.Queue(), on_pi=True)
    assert status.panel is None and status.fault and status.factory is None
    assert "no GPIO on this Raspberry Pi" in status.message and "no-such-library" in status.message
    assert "touch and keyboard work" in caplog.text


def test_a_named_pin_factory_that_does_not_load_is_reported(no_factories: None) -> None:
    status = open_panel(panel_settings({"pin_factory": "pigpio"}), queue.Queue(), on_pi=False)
    assert status.panel is None and status.fault  # asked for in the config


def test_disabled_gpio_is_not_touched(mock_factory: Any) -> None:
    status = open_panel(panel_settings({"enabled": False}), queue.Queue())
    assert status.panel is None and not status.fault and "off in the config" in status.message


def test_open_panel_uses_the_mock_factory_and_names_it(mock_factory: Any) -> None:
    events: queue.Queue[Any] = queue.Queue()
    status = open_panel(PanelSettings(), events, on_pi=False)
    assert status.panel is not None and status.factory == "mock" and status.message == ""
    try:
        assert status.panel.factory is mock_factory
        assert "pin factory mock" in status.panel.describe()
        press(mock_factory, BOOST)
        assert [e.action for e in events_of(events)] == ["boost"]
    finally:
        status.panel.close()


def test_a_pin_in_use_is_a_fault_with_a_message(mock_factory: Any) -> None:
    from gpiozero import LED

    hw._told.clear()
    busy = LED(TRANSMIT, pin_factory=mock_factory)
    try:
        status = open_panel(PanelSettings(), queue.Queue(), on_pi=False)
        assert status.panel is None and status.fault
        assert "GPIO pins cannot be used" in status.message
        LED(READER, pin_factory=mock_factory).close()  # nothing left reserved by the failed panel
    finally:
        busy.close()


def test_the_environment_can_name_the_mock_factory(no_factories: None) -> None:
    factory, name, owned = load_pin_factory(None, env={"GPIOZERO_PIN_FACTORY": "mock"})
    try:
        assert name == "mock" and owned
    finally:
        factory.close()
