"""The table's button panel: arcade buttons, status LEDs and a buzzer on the Pi's GPIO (gpiozero).

At a real table the companion is a box with a touchscreen, a few arcade buttons
and a card reader.  This module drives the buttons and lights and nothing else:
it imports nothing of ours, and it reaches the game only through a queue of
:class:`PanelEvent` s that the app drains on its main thread (``ui/table_hardware.py``).

Wiring (BCM numbers; ``hardware/WIRING.md`` draws it)::

    buttons, to GND, internal pull-up:   transmit 17   back 27   boost 22
    LEDs, through 330 ohm to GND:        reader 5      incoming 6   mission 13
    active buzzer:                       12

Config (``[gpio]`` in the table's config file; every key optional)::

    [gpio]
    enabled = true            # false: no GPIO at all (touch and keyboard only)
    pin_factory = "lgpio"     # gpiozero's pin library; default: gpiozero's own choice, logged
    debounce_ms = 50          # a press this soon after the button's last accepted edge is a bounce
    buzzer = 12               # or false: no buzzer

    [gpio.buttons]            # when given, exactly these buttons exist
    transmit = 17             # continue / execute   (key: Enter or Space)
    back = 27                 # back / take back     (key: Escape, Backspace)
    boost = 22                # the Signal Boosts    (key: B)

    [gpio.leds]               # when given, exactly these LEDs exist
    reader = 5                # on while the card reader is connected
    incoming = 6              # on while a Transmission card is on the screen
    mission = 13              # blinks when a mission completes

Threads: gpiozero calls ``when_pressed`` on its own thread (lgpio's callback
thread on a Pi; the caller's thread with the mock pins of the tests).  The
panel only timestamps the edge, debounces it and puts a :class:`PanelEvent`
on the queue; :func:`drain` hands the events to the app on the thread that
calls it (a Kivy ``Clock`` callback), so nothing touches a widget off the
main thread.

Debounce: gpiozero's mock pins ignore ``bounce_time`` and the lgpio debounce
acts differently per pin library, so the panel debounces on its own clock
(``time.monotonic``): an edge (press or release) within ``debounce_ms`` of
the button's previous *accepted* edge is dropped, and each accepted press is
one event, however the switch bounces.
"""

from __future__ import annotations

import functools
import glob
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.i18n import N_, _

from .exc import PanelConfigError, PanelError, PanelUnavailable

log = logging.getLogger(__name__)

__all__ = [
    "ACTIONS", "LIGHTS", "NO_GPIO", "SIGNALS", "Panel", "PanelConfigError", "PanelError", "PanelEvent",
    "PanelSettings", "PanelStatus", "PanelUnavailable", "Pattern", "drain", "factory_name",
    "is_raspberry_pi", "load_pin_factory", "open_panel", "panel_settings",
]

#: What a button can do (the app maps each to the key that does the same).
ACTIONS = ("transmit", "back", "boost")
#: The status LEDs.
LIGHTS = ("reader", "incoming", "mission")
DEFAULT_BUTTONS: Mapping[str, int] = MappingProxyType({"transmit": 17, "back": 27, "boost": 22})
DEFAULT_LEDS: Mapping[str, int] = MappingProxyType({"reader": 5, "incoming": 6, "mission": 13})
DEFAULT_BUZZER = 12
DEFAULT_DEBOUNCE_MS = 50
#: The BCM GPIO numbers a button, LED or buzzer may use (0 and 1 are the HAT EEPROM's I2C).
PIN_MIN, PIN_MAX = 2, 27
#: gpiozero's own preference when no pin factory is named (lgpio is the one that drives a Pi 5).
DEFAULT_FACTORIES = ("lgpio", "rpigpio", "pigpio", "native")
#: Said once when the panel cannot run on a machine that is not a Raspberry Pi.
NO_GPIO = N_("no GPIO: buttons and lights are off; touch and keyboard work")

_KEYS = ("enabled", "pin_factory", "debounce_ms", "buzzer", "buttons", "leds")


# ---------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class PanelSettings:
    """The validated ``[gpio]`` table.

    :param enabled: False: the app does not touch GPIO.
    :param pin_factory: gpiozero's pin factory name (``"lgpio"``, ``"mock"``...), or ``None`` for
        gpiozero's default choice (:data:`DEFAULT_FACTORIES`, or ``$GPIOZERO_PIN_FACTORY``).
    :param debounce: seconds within which a button's edge is a bounce (``debounce_ms`` / 1000).
    :param buttons: action -> BCM pin.
    :param leds: light -> BCM pin.
    :param buzzer: BCM pin of the active buzzer, or ``None``.
    :param configured: the config file has a ``[gpio]`` table, so GPIO is expected: a missing pin
        factory is then a fault (``companion doctor`` exits 1), not just a desktop without GPIO.
    :param file: the config file the settings came from, for messages.
    """

    enabled: bool = True
    pin_factory: str | None = None
    debounce: float = DEFAULT_DEBOUNCE_MS / 1000
    buttons: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_BUTTONS))
    leds: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_LEDS))
    buzzer: int | None = DEFAULT_BUZZER
    configured: bool = False
    file: str = "<defaults>"

    def pins(self) -> list[tuple[str, int]]:
        """``("button transmit", 17)``, ... every configured pin with what it is, buttons first."""
        out = [(_("button {action}").format(action=a), p) for a, p in self.buttons.items()]
        out += [(_("LED {light}").format(light=n), p) for n, p in self.leds.items()]
        if self.buzzer is not None:
            out.append((_("buzzer"), self.buzzer))
        return out


def known_factories() -> tuple[str, ...]:
    """The pin factory names gpiozero can load here (its ``gpiozero_pin_factories`` entry points)."""
    from importlib.metadata import entry_points

    return tuple(sorted({ep.name for ep in entry_points(group="gpiozero_pin_factories")}))


def panel_settings(section: Mapping[str, Any], file: str | os.PathLike[str] | None = None) -> PanelSettings:
    """Validate the config's ``[gpio]`` table (module docstring) into :class:`PanelSettings`.

    :param section: the table (``Config.section("gpio")``); empty means all defaults.
    :param file: the config file, named in messages.
    :raises PanelConfigError: an unknown key, a value of the wrong type, a pin outside BCM 2-27, a pin
        used twice, an unknown action or light, an unknown pin factory; naming file, key and value.
    """
    where = str(file) if file is not None else "<defaults>"

    def bad(key: str, value: object, problem: str) -> PanelConfigError:
        return PanelConfigError(where, f"gpio.{key}", value, problem)

    for key, value in section.items():
        if key not in _KEYS:
            raise bad(key, value, _("unknown setting (known: {known})").format(known=", ".join(_KEYS)))
    enabled = section.get("enabled", True)
    if not isinstance(enabled, bool):
        raise bad("enabled", enabled, _("must be true or false"))
    factory = section.get("pin_factory")
    if factory is not None:
        names = known_factories()
        if not isinstance(factory, str) or factory.strip().lower() not in names:
            raise bad("pin_factory", factory,
                      _("unknown pin factory (known: {known})").format(known=", ".join(names)))
        factory = factory.strip().lower()
    debounce = section.get("debounce_ms", DEFAULT_DEBOUNCE_MS)
    if isinstance(debounce, bool) or not isinstance(debounce, int | float) or not 0 <= debounce <= 1000:
        raise bad("debounce_ms", debounce, _("must be a number of milliseconds from 0 to 1000"))

    def pin(key: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not PIN_MIN <= value <= PIN_MAX:
            raise bad(key, value, _("must be a BCM GPIO number from {low} to {high} (the GPIO number, not "
                                    "the header's physical pin number)").format(low=PIN_MIN, high=PIN_MAX))
        return value

    def table(name: str, known: tuple[str, ...], default: Mapping[str, int], unknown: str) -> dict[str, int]:
        if name not in section:
            return dict(default)
        given = section[name]
        if not isinstance(given, Mapping):
            raise bad(name, given, _("must be a table, e.g. [gpio.{name}] with {key} = {value}").format(
                name=name, key=known[0], value=default[known[0]]))
        out = {}
        for key, value in given.items():
            if key not in known:
                raise bad(f"{name}.{key}", value, unknown.format(known=", ".join(known)))
            out[key] = pin(f"{name}.{key}", value)
        return out

    buttons = table("buttons", ACTIONS, DEFAULT_BUTTONS, _("unknown action (known: {known})"))
    leds = table("leds", LIGHTS, DEFAULT_LEDS, _("unknown light (known: {known})"))
    buzzer_value = section.get("buzzer", DEFAULT_BUZZER)
    buzzer = None if buzzer_value is False else pin("buzzer", buzzer_value)
    used: dict[int, str] = {}
    keyed = [(f"buttons.{a}", p) for a, p in buttons.items()] + [(f"leds.{n}", p) for n, p in leds.items()]
    keyed += [("buzzer", buzzer)] if buzzer is not None else []
    for key, number in keyed:
        if number in used:
            raise bad(key, number, _("pin {number} is already used by gpio.{key}").format(
                number=number, key=used[number]))
        used[number] = key
    return PanelSettings(enabled=enabled, pin_factory=factory, debounce=debounce / 1000, buttons=buttons,
                         leds=leds, buzzer=buzzer, configured=bool(section), file=where)


# ---------------------------------------------------------------------------- events and signals


@dataclass(frozen=True)
class PanelEvent:
    """One accepted button press.

    :param action: one of :data:`ACTIONS`.
    :param at: when, in seconds of the panel's clock (``time.monotonic`` unless injected).
    """

    action: str
    at: float


@dataclass(frozen=True)
class Pattern:
    """What a signal does: ``beep`` is ``(on seconds, off seconds, count)`` of the buzzer; ``lights``
    sets LEDs: ``"on"``, ``"off"`` or ``(on seconds, off seconds, count)`` to blink."""

    beep: tuple[float, float, int] | None = None
    lights: tuple[tuple[str, str | tuple[float, float, int]], ...] = ()


#: The signals the app plays (:meth:`Panel.signal`).  The buzzer is an active one (one pitch), so a
#: "low" refusal is two long beeps, unlike the short beep of a good scan.
SIGNALS: Mapping[str, Pattern] = MappingProxyType({
    "scan_ok": Pattern(beep=(0.08, 0.05, 1)),
    "refused": Pattern(beep=(0.35, 0.15, 2)),
    "mission_complete": Pattern(beep=(0.12, 0.1, 3), lights=(("mission", (0.25, 0.25, 6)),)),
    "victory": Pattern(beep=(0.12, 0.1, 5), lights=(("mission", "on"),)),
    "game_off": Pattern(lights=(("incoming", "off"), ("mission", "off"))),
    "incoming": Pattern(lights=(("incoming", "on"),)),
    "incoming_off": Pattern(lights=(("incoming", "off"),)),
    "reader": Pattern(lights=(("reader", "on"),)),
    "reader_off": Pattern(lights=(("reader", "off"),)),
    "lights_off": Pattern(lights=tuple((name, "off") for name in LIGHTS)),
})


def drain(events: queue.Queue[Any], handle: Callable[[Any], object], limit: int = 100) -> int:
    """Hand up to ``limit`` waiting events to ``handle``, on the calling thread (a Kivy ``Clock``
    callback), without waiting.  An exception from ``handle`` is logged and the next event is still
    handled.  Returns how many events were taken."""
    taken = 0
    while taken < limit:
        try:
            event = events.get_nowait()
        except queue.Empty:
            break
        taken += 1
        try:
            handle(event)
        except Exception:
            log.exception("handling %r failed; the next event is handled as usual", event)
    return taken


# ---------------------------------------------------------------------------- pin factories


def is_raspberry_pi() -> bool:
    """True on a Raspberry Pi (its device tree names the model)."""
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="replace") as f:
            return "Raspberry Pi" in f.read()
    except OSError:
        return False


def _no_gpio_here(env: Mapping[str, str] | None = None) -> bool:
    """True when no pin factory could work here, known without importing gpiozero (a desktop: that
    import and four failing pin libraries were a tenth of the app's start-up): no GPIO chip device,
    no factory named by ``$GPIOZERO_PIN_FACTORY`` or a remote pigpio (``$PIGPIO_ADDR``), and none set on
    ``gpiozero.Device`` already (the tests' mock)."""
    env = os.environ if env is None else env
    if env.get("GPIOZERO_PIN_FACTORY") or env.get("PIGPIO_ADDR"):
        return False
    gpiozero = sys.modules.get("gpiozero")
    if gpiozero is not None and getattr(gpiozero.Device, "pin_factory", None) is not None:
        return False
    return not glob.glob("/dev/gpiochip*")


def factory_name(factory: Any) -> str:
    """The entry-point name of a gpiozero pin factory object (``"lgpio"``, ``"mock"``), else its class."""
    from importlib.metadata import entry_points

    cls = type(factory)
    where = f"{cls.__module__}:{cls.__qualname__}"
    for ep in entry_points(group="gpiozero_pin_factories"):
        if ep.value == where:
            return ep.name
    return cls.__name__


def _load(name: str) -> Any:
    from importlib.metadata import entry_points

    for ep in entry_points(group="gpiozero_pin_factories"):
        if ep.name == name.lower():
            return ep.load()()
    raise PanelUnavailable(_("gpiozero has no pin factory {name} (known: {known})").format(
        name=repr(name), known=", ".join(known_factories())))


def load_pin_factory(name: str | None, env: Mapping[str, str] | None = None) -> tuple[Any, str, bool]:
    """The pin factory to use: ``(factory, its name, whether we created it and must close it)``.

    ``name`` when given; else the one already set as ``gpiozero.Device.pin_factory`` (the tests'
    ``MockFactory``); else ``$GPIOZERO_PIN_FACTORY``; else the first of :data:`DEFAULT_FACTORIES` that
    loads.  Never a mock unless one was asked for by name.

    :raises PanelUnavailable: naming each factory tried and why it failed.
    """
    env = os.environ if env is None else env
    if name is None:
        from gpiozero import Device

        if Device.pin_factory is not None:
            return Device.pin_factory, factory_name(Device.pin_factory), False
        name = env.get("GPIOZERO_PIN_FACTORY") or None
    names = (name,) if name else DEFAULT_FACTORIES
    reasons = []
    for candidate in names:
        try:
            factory = _load(candidate)
        except Exception as exc:  # ImportError, BadPinFactory, PinUnknownPi, OSError from the pin library
            reasons.append(f"{candidate}: {exc}")
            continue
        if candidate == "native":
            log.warning("pin factory 'native' (gpiozero's fallback; no lgpio): buttons work, PWM does not")
        return factory, factory_name(factory), True
    raise PanelUnavailable(_("no pin factory works ({reasons})").format(reasons="; ".join(reasons)))


# ---------------------------------------------------------------------------- the panel


class Panel:
    """The buttons, LEDs and buzzer of :class:`PanelSettings`, as gpiozero devices.

    :param events: where accepted presses go, as :class:`PanelEvent` (from gpiozero's thread).
    :param pin_factory: the gpiozero pin factory for every device (``None``: gpiozero's default).
    :param clock: seconds, monotonic; the debounce and :attr:`PanelEvent.at` use it.
    :param owns_factory: close ``pin_factory`` in :meth:`close`.
    :raises gpiozero.GPIOZeroError: a pin that cannot be used (in use, not on this board); the
        devices made so far are closed.
    """

    def __init__(self, settings: PanelSettings, events: queue.Queue[Any], pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic, *, owns_factory: bool = False) -> None:
        from gpiozero import LED, Button, Buzzer

        self.settings = settings
        self.events = events
        self.clock = clock
        self.factory = pin_factory
        self.factory_name = factory_name(pin_factory) if pin_factory is not None else "gpiozero default"
        self._owns_factory = owns_factory
        self.buttons: dict[str, Any] = {}
        self.leds: dict[str, Any] = {}
        self.buzzer: Any = None
        #: Edges dropped as bounces, per action (for logs and ``companion doctor``).
        self.bounces: dict[str, int] = {action: 0 for action in settings.buttons}
        self._accepted: dict[str, float] = {}
        self._lock = threading.Lock()
        self._closed = False
        try:
            for action, number in settings.buttons.items():
                button = Button(number, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self.buttons[action] = button
                button.when_pressed = functools.partial(self._edge, action, True)
                button.when_released = functools.partial(self._edge, action, False)
            for light, number in settings.leds.items():
                self.leds[light] = LED(number, initial_value=False, pin_factory=pin_factory)
            if settings.buzzer is not None:
                self.buzzer = Buzzer(settings.buzzer, initial_value=False, pin_factory=pin_factory)
        except Exception:
            self.close()
            raise

    def _edge(self, action: str, pressed: bool) -> None:
        """gpiozero's callback (its thread): debounce, then queue a press.  Never raises into gpiozero."""
        try:
            at = self.clock()
            with self._lock:
                last = self._accepted.get(action)
                if last is not None and at - last < self.settings.debounce:
                    self.bounces[action] = self.bounces.get(action, 0) + 1
                    return
                self._accepted[action] = at
            if pressed:
                self.events.put_nowait(PanelEvent(action, at))
        except Exception:
            log.exception("button %s: the press was lost", action)

    def signal(self, name: str, beep: bool = True) -> None:
        """Play signal ``name`` of :data:`SIGNALS` in the background (LEDs and buzzer the panel lacks are
        skipped).  A failing LED or buzzer is logged, never raised: lights must not stop the game.

        :param beep: ``False``: the lights only (the table is muted, or in its quiet hours: the buzzer
            follows the speaker's mute, issue 22 item 6).

        :raises ValueError: an unknown signal name.
        """
        pattern = SIGNALS.get(name)
        if pattern is None:
            raise ValueError(f"unknown panel signal {name!r} (known: {', '.join(SIGNALS)})")
        if self._closed:
            return
        try:
            if beep and pattern.beep is not None and self.buzzer is not None:
                on, off, n = pattern.beep
                self.buzzer.beep(on_time=on, off_time=off, n=n, background=True)
            for light, mode in pattern.lights:
                led = self.leds.get(light)
                if led is None:
                    continue
                if isinstance(mode, tuple):
                    led.blink(on_time=mode[0], off_time=mode[1], n=mode[2], background=True)
                elif mode == "on":
                    led.on()
                else:
                    led.off()
        except Exception:
            log.exception("panel signal %s failed", name)

    def describe(self) -> str:
        """One line for the log: factory, pins, debounce."""
        pins = ", ".join(f"{what} {number}" for what, number in self.settings.pins())
        return (f"pin factory {self.factory_name}; {pins}; "
                f"debounce {round(self.settings.debounce * 1000)} ms")

    def close(self) -> None:
        """Release every pin (LEDs and buzzer off) and, if it is ours, the pin factory.  Idempotent."""
        if self._closed:
            return
        self._closed = True
        for output in [*self.leds.values(), *([self.buzzer] if self.buzzer is not None else [])]:
            try:
                output.off()  # stops a blink or beep; a closed pin is left as it was
            except Exception:
                log.exception("switching %r off failed", output)
        devices: Iterable[Any] = [*self.buttons.values(), *self.leds.values(),
                                  *([self.buzzer] if self.buzzer is not None else [])]
        for device in devices:
            try:
                device.close()
            except Exception:
                log.exception("closing %r failed", device)
        if self._owns_factory and self.factory is not None:
            try:
                self.factory.close()
            except Exception:
                log.exception("closing the pin factory failed")


# ---------------------------------------------------------------------------- opening


@dataclass(frozen=True)
class PanelStatus:
    """What :func:`open_panel` found.

    :param panel: the running panel, or ``None`` (buttons and lights off).
    :param message: a sentence for the table and the log ("" when the panel runs).
    :param fault: something configured is missing (GPIO expected but not working): shown as an error.
    :param factory: the pin factory's name when one loaded.
    """

    panel: Panel | None
    message: str = ""
    fault: bool = False
    factory: str | None = None


_told: set[str] = set()


def _tell_once(level: int, message: str) -> None:
    if message not in _told:
        _told.add(message)
        log.log(level, "%s", message)


def open_panel(settings: PanelSettings, events: queue.Queue[Any], *, pin_factory: Any = None,
               clock: Callable[[], float] = time.monotonic, on_pi: bool | None = None) -> PanelStatus:
    """Start the panel, or say once why there is none; never raises, never falls back to a mock.

    On a desktop without GPIO the message is :data:`NO_GPIO` (information, not a fault, unless the
    config asks for GPIO).  On a Raspberry Pi a pin factory that does not load is a fault, logged as
    an error, and the app runs on touch and keyboard.

    :param pin_factory: use this factory (tests); default :func:`load_pin_factory`.
    :param on_pi: whether this is a Raspberry Pi; default :func:`is_raspberry_pi`.
    """
    if not settings.enabled:
        message = _("GPIO is off in the config: buttons and lights are off; touch and keyboard work")
        _tell_once(logging.INFO, message)
        return PanelStatus(None, message)
    pi = is_raspberry_pi() if on_pi is None else on_pi
    owned = False
    try:
        if pin_factory is not None:
            factory, name = pin_factory, factory_name(pin_factory)
        elif not pi and not settings.configured and _no_gpio_here():
            raise PanelUnavailable(_("not a Raspberry Pi, no /dev/gpiochip*, no pin factory named"))
        else:
            factory, name, owned = load_pin_factory(settings.pin_factory)
    except PanelUnavailable as exc:
        if pi:
            message = _("no GPIO on this Raspberry Pi ({problem}): buttons and lights are off; "
                        "touch and keyboard work").format(problem=exc)
        else:
            message = _(NO_GPIO)
            log.debug("no GPIO: %s", str(exc))
        fault = pi or settings.configured
        _tell_once(logging.ERROR if fault else logging.WARNING, message)
        return PanelStatus(None, message, fault=fault)
    if pi and name == "mock":
        log.warning("pin factory 'mock' on a Raspberry Pi (asked for by name): the real buttons and lights "
                    "are not used")
    try:
        panel = Panel(settings, events, factory, clock, owns_factory=owned)
    except Exception as exc:
        if owned:
            try:
                factory.close()
            except Exception:
                log.exception("closing the pin factory failed")
        message = _("GPIO pins cannot be used ({problem}): buttons and lights are off; touch and keyboard "
                    "work").format(problem=f"{type(exc).__name__}: {exc}")
        _tell_once(logging.ERROR, message)
        return PanelStatus(None, message, fault=True, factory=name)
    log.info("GPIO panel: %s", panel.describe())
    return PanelStatus(panel, "", factory=name)
