"""The kiosk's Kivy configuration, written from the table's ``[display]`` settings before Kivy loads.

Pure Python: this module never imports Kivy, so it is tested without a window
and can run before Kivy reads ``$KIVY_HOME/config.ini`` (Kivy reads it once,
when ``kivy.config`` is first imported).

What it writes (Kivy 2.3 config tokens, checked against Kivy's own sources):

* ``[graphics]`` ``fullscreen = auto`` (the panel's own resolution),
  ``show_cursor = 0``, ``allow_screensaver = 0`` (SDL2 window only: the screen
  is kept awake), ``rotation`` 0/90/180/270.
* ``[kivy]`` ``keyboard_mode`` (``system``: no on-screen keyboard pops up),
  ``log_enable = 0`` (no log files on the SD card; the app logs through Python
  logging to the journal), ``exit_on_escape = 0`` (Escape means "back").
* ``[input]``: Kivy's default entries are ``mouse = mouse`` and
  ``%(name)s = probesysfs``.  On a Pi under KMS/DRM the touchscreen would then
  reach the app twice, once from SDL (as a mouse) and once read straight from
  ``/dev/input/event*``: a double tap for every tap.  Worse, probesysfs without
  ``match=`` takes *every* input device on a Pi (``select_all`` defaults to 1
  there), so a USB QR scanner, which is a keyboard, would be read as a second
  keyboard too.  So the kiosk writes exactly one ``probesysfs`` entry per
  touchscreen name, anchored on that exact name (``use_regex=1``,
  ``match=^name$``), with no ``mouse`` entry; see :func:`input_entries`.

Touch follows rotation by itself: Kivy maps every touch through
``Window.transform_motion_event_2d`` with ``Window.rotation``, whatever the
provider, so the provider's own ``rotation`` parameter stays 0 unless the
picture is rotated *outside* Kivy while the touch panel is not
(``touch_rotation``).  ``invert_x``/``invert_y`` are always written: hidinput's
default is ``invert_y=1``, which on Pi touchscreens turns the Y axis upside down.

Kivy skips its own defaults only when ``config_version`` is current, so the
file holds every key of Kivy's default config (:data:`KIVY_DEFAULTS`, Kivy
2.3's config version 27) with ours on top; a test compares it with the file
Kivy itself writes.
"""

from __future__ import annotations

import logging
import os
import re
import struct
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

log = logging.getLogger(__name__)

__all__ = [
    "DisplaySettings", "InputDevice", "KIVY_CONFIG_VERSION", "KIVY_DEFAULTS", "ROTATIONS",
    "display_settings", "input_devices", "input_entries", "input_mode", "kiosk_environment",
    "kivy_config", "prepare_kiosk", "touch_devices", "usable_kivy_home", "write_kivy_config",
]

ROTATIONS = (0, 90, 180, 270)
TOUCH_PROVIDERS = ("hidinput", "mtdev")
INPUT_MODES = ("auto", "evdev", "compositor")
KEYBOARD_MODES = ("", "system", "dock", "multi", "systemanddock", "systemandmulti")

#: ``kivy.config.KIVY_CONFIG_VERSION`` of Kivy 2.3.
KIVY_CONFIG_VERSION = 27

#: Kivy 2.3's default config on Linux (what it writes to a new ``config.ini``), in its order.
KIVY_DEFAULTS: dict[str, dict[str, str]] = {
    "kivy": {
        "keyboard_repeat_delay": "300", "keyboard_repeat_rate": "30", "log_dir": "logs",
        "log_enable": "1", "log_level": "info", "log_name": "kivy_%y-%m-%d_%_.txt", "window_icon": "",
        "keyboard_mode": "", "keyboard_layout": "qwerty", "desktop": "1", "exit_on_escape": "1",
        "pause_on_minimize": "0", "kivy_clock": "default",
        "default_font": "['Roboto', 'data/fonts/Roboto-Regular.ttf', 'data/fonts/Roboto-Italic.ttf', "
                        "'data/fonts/Roboto-Bold.ttf', 'data/fonts/Roboto-BoldItalic.ttf']",
        "log_maxfiles": "100", "window_shape": "data/images/defaultshape.png",
        "config_version": str(KIVY_CONFIG_VERSION),
    },
    "graphics": {
        "display": "-1", "fullscreen": "0", "height": "600", "left": "0", "maxfps": "60",
        "multisamples": "2", "position": "auto", "rotation": "0", "show_cursor": "1", "top": "0",
        "width": "800", "resizable": "1", "borderless": "0", "window_state": "visible",
        "minimum_width": "0", "minimum_height": "0", "min_state_time": ".035", "allow_screensaver": "1",
        "shaped": "0", "vsync": "", "verify_gl_main_thread": "1", "custom_titlebar": "0",
        "custom_titlebar_border": "5", "always_on_top": "0", "show_taskbar_icon": "1",
    },
    "input": {"mouse": "mouse", "%(name)s": "probesysfs"},
    "postproc": {
        "double_tap_distance": "20", "double_tap_time": "250", "ignore": "[]", "jitter_distance": "0",
        "jitter_ignore_devices": "mouse,mactouch,", "retain_distance": "50", "retain_time": "0",
        "triple_tap_distance": "20", "triple_tap_time": "375",
    },
    "widgets": {
        "scroll_timeout": "250", "scroll_distance": "20", "scroll_friction": "1.", "scroll_stoptime": "300",
        "scroll_moves": "5",
    },
    "modules": {},
    "network": {"useragent": "curl", "implementation": "default"},
}

# linux/input-event-codes.h
ABS_X, ABS_Y, ABS_MT_POSITION_X = 0x00, 0x01, 0x35
INPUT_PROP_POINTER, INPUT_PROP_DIRECT = 0x00, 0x01

#: Names the Raspberry Pi touchscreens register under (substrings, for the docs and the tests):
#: the 7" display under KMS (``edt-ft5x06``; newer kernels prefix the I2C bus and address, e.g.
#: ``10-0038 generic ft5x06 (79)``), the same display through the firmware (``raspberrypi-ts``),
#: and Touch Display 2 (``4-005d Goodix Capacitive TouchScreen`` on a Pi 5).
KNOWN_TOUCHSCREENS = ("generic ft5x06", "raspberrypi-ts", "FT5406 memory based driver",
                      "Goodix Capacitive TouchScreen")


# ---------------------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class DisplaySettings:
    """The validated ``[display]`` table (``deploy/config.toml`` documents each key).

    :param rotation: degrees, 0/90/180/270: Kivy turns the picture (and the touch with it).
    :param fullscreen: fill the panel at its own resolution.
    :param show_cursor: show the mouse pointer (off on a touchscreen).
    :param keep_awake: never blank the screen (Kivy ``allow_screensaver = 0``, SDL's screensaver off).
    :param input: ``"evdev"`` (Kivy reads the touchscreens itself: the console kiosk), ``"compositor"``
        (touches come from the desktop as pointer events: labwc), ``"auto"`` (evdev unless a display
        server is running).
    :param touch_devices: exact kernel names of the touchscreens; empty: found in sysfs at start.
    :param touch_provider: ``"hidinput"`` (pure Python) or ``"mtdev"`` (libmtdev).
    :param touch_invert_x, touch_invert_y: the panel's touch axes are mirrored relative to its picture.
    :param touch_rotation: degrees the touch must turn when the picture is turned outside Kivy.
    :param mouse: also take a USB mouse (evdev mode; the mouse is ignored while a finger is down).
    :param keyboard_mode: Kivy ``[kivy] keyboard_mode`` (``"system"``: no on-screen keyboard).
    """

    rotation: int = 0
    fullscreen: bool = True
    show_cursor: bool = False
    keep_awake: bool = True
    input: str = "auto"
    touch_devices: tuple[str, ...] = ()
    touch_provider: str = "hidinput"
    touch_invert_x: bool = False
    touch_invert_y: bool = False
    touch_rotation: int = 0
    mouse: bool = False
    keyboard_mode: str = "system"


_BOOL_KEYS = ("fullscreen", "show_cursor", "keep_awake", "touch_invert_x", "touch_invert_y", "mouse")
_CHOICES: dict[str, tuple[Any, ...]] = {
    "rotation": ROTATIONS, "touch_rotation": ROTATIONS, "input": INPUT_MODES,
    "touch_provider": TOUCH_PROVIDERS, "keyboard_mode": KEYBOARD_MODES,
}
_KEYS = frozenset(DisplaySettings.__dataclass_fields__)


def display_settings(section: Mapping[str, Any], file: str) -> DisplaySettings:
    """Validate a ``[display]`` table.

    :param section: the table as read from TOML (``Config.section("display")``).
    :param file: the config file's path, for messages.
    :raises ConfigError: an unknown key or a bad value, naming the file, ``display.<key>`` and the value.
    """
    values: dict[str, Any] = {}
    for key, value in section.items():
        where = f"display.{key}"
        if key not in _KEYS:
            raise ConfigError(file, where, value, f"unknown setting (known: {', '.join(sorted(_KEYS))})")
        if key in _BOOL_KEYS:
            if not isinstance(value, bool):
                raise ConfigError(file, where, value, "must be true or false")
        elif key in _CHOICES:
            choices = _CHOICES[key]
            if isinstance(value, bool) or value not in choices:
                shown = ", ".join(repr(c) if isinstance(c, str) else str(c) for c in choices)
                raise ConfigError(file, where, value, f"must be one of {shown}")
        elif key == "touch_devices":
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                raise ConfigError(file, where, value,
                                  'must be a list of device names, e.g. ["generic ft5x06 (79)"]')
            bad = [v for v in value if "," in v or "\n" in v]
            if bad:
                raise ConfigError(file, where, bad[0], "a device name cannot hold a comma or a line break "
                                  "(Kivy splits its input settings on commas)")
            value = tuple(v.strip() for v in value)
        values[key] = value
    return DisplaySettings(**values)


# ---------------------------------------------------------------------------------------- sysfs


@dataclass(frozen=True)
class InputDevice:
    """One ``/sys/class/input/event*`` device.

    :param event: ``"event3"`` (its node is ``/dev/input/event3``).
    :param name: the kernel's name for it (what ``match=`` compares with).
    :param touch: it is a touchscreen (see :func:`input_devices`).
    """

    event: str
    name: str
    touch: bool


def _bits(text: str) -> set[int]:
    """The set bits of a sysfs bitmap: hex words of a C ``long``, most significant word first."""
    width = struct.calcsize("l") * 8
    bits: set[int] = set()
    for index, word in enumerate(reversed(text.split())):
        try:
            value = int(word, 16)
        except ValueError:
            return set()
        bits.update(index * width + bit for bit in range(width) if value >> bit & 1)
    return bits


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""


def input_devices(root: Path | str = "/") -> list[InputDevice]:
    """The input devices under ``<root>/sys/class/input``, in event-number order.

    A touchscreen reports absolute positions (``ABS_MT_POSITION_X``, or ``ABS_X`` and ``ABS_Y``)
    and is not a pointer (``INPUT_PROP_POINTER``: a touchpad): either it says it is a direct
    input device (``INPUT_PROP_DIRECT``) or it is multi-touch.  A keyboard, a USB QR scanner (a
    keyboard), a mouse or a gamepad is not.

    :param root: a filesystem root; a test passes a fake sysfs tree.
    """
    base = Path(root) / "sys" / "class" / "input"
    found = []
    def number(path: Path) -> int:
        digits = path.name[len("event"):]
        return int(digits) if digits.isdigit() else -1

    for event in sorted(base.glob("event*"), key=number):
        device = event / "device"
        name = _read(device / "name")
        abs_bits = _bits(_read(device / "capabilities" / "abs"))
        props = _bits(_read(device / "properties"))
        positions = ABS_MT_POSITION_X in abs_bits or {ABS_X, ABS_Y} <= abs_bits
        touch = (positions and INPUT_PROP_POINTER not in props
                 and (INPUT_PROP_DIRECT in props or ABS_MT_POSITION_X in abs_bits))
        found.append(InputDevice(event=event.name, name=name, touch=touch and bool(name)))
    return found


def touch_devices(root: Path | str = "/") -> list[str]:
    """The distinct names of the touchscreens under ``root`` (see :func:`input_devices`)."""
    names: list[str] = []
    for device in input_devices(root):
        if device.touch and device.name not in names:
            names.append(device.name)
    return names


# ---------------------------------------------------------------------------------------- the config


def input_mode(settings: DisplaySettings, env: Mapping[str, str]) -> str:
    """``"evdev"`` or ``"compositor"``: ``auto`` is evdev on the console (KMS/DRM), else under X/Wayland
    compositor."""
    if settings.input != "auto":
        return settings.input
    if env.get("SDL_VIDEODRIVER", "").strip().lower() == "kmsdrm":
        return "evdev"
    return "compositor" if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") else "evdev"


def _match(name: str) -> str:
    # probesysfs: use_regex=1 compares with re.match(pattern, name, IGNORECASE); anchor both ends so
    # "generic ft5x06 (79)" does not also take "10-0038 generic ft5x06 (79)".  re.escape never adds a
    # comma, and names with commas are refused earlier (Kivy splits the line on commas).
    return "^" + re.escape(name) + "$"


def input_entries(settings: DisplaySettings, touch_names: Sequence[str], mode: str) -> dict[str, str]:
    """The ``[input]`` section: exactly one provider per touchscreen, and the mouse only where safe.

    * ``evdev``: one ``probesysfs`` line per distinct name (several identical panels share a name, and
      one anchored line takes each of them once), reading ``/dev/input/eventN`` with ``hidinput`` or
      ``mtdev``; ``select_all=1`` so a single-touch panel counts too (``match`` alone decides).  No
      ``mouse`` line: SDL turns each touch into a mouse click as well.  With no touchscreen at all,
      or ``mouse = true``, a ``mouse`` line (``disable_on_activity`` while fingers are down).
    * ``compositor``: only ``mouse``: the desktop already maps each touch onto the rotated screen.
    """
    if mode == "compositor":
        return {"mouse": "mouse,multitouch_on_demand"}
    entries: dict[str, str] = {}
    params = (f"param=invert_x={int(settings.touch_invert_x)},param=invert_y={int(settings.touch_invert_y)},"
              f"param=rotation={settings.touch_rotation}")
    for index, name in enumerate(dict.fromkeys(touch_names)):
        entries[f"touch{index}_%(name)s"] = (f"probesysfs,provider={settings.touch_provider},use_regex=1,"
                                            f"match={_match(name)},select_all=1,{params}")
    if settings.mouse or not entries:
        entries["mouse"] = "mouse,multitouch_on_demand" + (",disable_on_activity" if entries else "")
    return entries


def kivy_config(settings: DisplaySettings, touch_names: Sequence[str], mode: str = "evdev",
                log_level: str = "info") -> str:
    """The whole ``config.ini`` text: Kivy's defaults (:data:`KIVY_DEFAULTS`) with the kiosk's settings.

    :param touch_names: the touchscreens' kernel names (:func:`touch_devices`, or ``[display]
        touch_devices``).
    :param mode: ``"evdev"`` or ``"compositor"`` (:func:`input_mode`).
    """
    if mode not in ("evdev", "compositor"):
        raise ValueError(f"input mode must be 'evdev' or 'compositor', not {mode!r}")
    sections = {name: dict(values) for name, values in KIVY_DEFAULTS.items()}
    sections["kivy"].update({
        "log_enable": "0", "log_level": log_level, "exit_on_escape": "0",
        "keyboard_mode": settings.keyboard_mode,
    })
    sections["graphics"].update({
        "fullscreen": "auto" if settings.fullscreen else "0",
        "show_cursor": str(int(settings.show_cursor)),
        "allow_screensaver": "0" if settings.keep_awake else "1",
        "rotation": str(settings.rotation),
        "resizable": "0",
        "width": "800", "height": "480",
    })
    sections["input"] = input_entries(settings, touch_names, mode)
    lines = ["# Written by the companion at each start from [display] in its config.toml;",
             "# edits here are overwritten.  See deploy/README.md."]
    for name, values in sections.items():
        lines.append(f"\n[{name}]")
        for key, value in values.items():
            if "\n" in key or "\n" in value:
                raise ValueError(f"[{name}] {key}: a value cannot hold a line break")
            lines.append(f"{key} = {value}".rstrip() if value else f"{key} = ")
    return "\n".join(lines) + "\n"


def write_kivy_config(path: Path | str, text: str) -> Path:
    """Write ``text`` to ``path`` (``$KIVY_HOME/config.ini``) atomically, making its folder.

    :raises OSError: the folder cannot be made or the file written (a read-only ``KIVY_HOME``).
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, target)
    return target


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be made or written (``"Permission denied"``), or ``None``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def private_temporary_folder() -> Path:
    """``<tmp>/companion-kivy-<uid>``, this user's own (mode 0700), else a fresh ``mkdtemp`` one.

    :raises OSError: no temporary folder can be made.
    """
    folder = Path(tempfile.gettempdir()) / f"companion-kivy-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        status = folder.lstat()
        if folder.is_symlink() or status.st_uid != os.getuid() or status.st_mode & 0o077:
            raise PermissionError(f"{folder} is not this user's own")
        if folder_problem(folder) is None:
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="companion-kivy-"))


def usable_kivy_home(env: dict[str, str] | os._Environ[str], default: Path) -> Path:
    """Make sure Kivy's folder (``KIVY_HOME``, else ``default``) can be written before Kivy is imported.

    Kivy makes that folder and writes its ``config.ini`` (and icons, logs) there when first imported,
    and a read-only one ends the app with a bare ``PermissionError``.  When it cannot be written, the
    log says which folder and why, and this run uses a private temporary folder instead (Kivy's
    defaults; the kiosk writes its ``config.ini`` there).  ``env["KIVY_HOME"]`` is set to the folder.

    :param env: the environment (default ``os.environ`` in the caller); updated.
    :param default: the folder when ``KIVY_HOME`` is unset (``~/.kivy`` is Kivy's own; the kiosk's
        is ``<data_dir>/kivy``).
    :returns: the folder Kivy will use.
    :raises OSError: neither that folder nor a temporary one can be written (the message says so).
    """
    wanted = Path(env.get("KIVY_HOME") or default).expanduser()
    problem = folder_problem(wanted)
    if problem is None:
        env["KIVY_HOME"] = str(wanted)
        return wanted
    try:
        fallback = private_temporary_folder()
    except OSError as exc:
        raise OSError(f"Kivy's folder {wanted} cannot be written ({problem}) and no temporary folder "
                      f"can be made ({exc.strerror or exc}): set KIVY_HOME to a folder this user may write"
                      ) from None
    log.warning("Kivy's folder %s cannot be written (%s): this run uses %s instead, with Kivy's default "
                "settings; make it writable or set KIVY_HOME to a folder this user may write",
                wanted, problem, fallback)
    env["KIVY_HOME"] = str(fallback)
    return fallback


def kiosk_environment(settings: DisplaySettings) -> dict[str, str]:
    """Environment for Kivy and SDL in the kiosk (set before Kivy is imported; a set value wins).

    ``KIVY_LOG_MODE=PYTHON``: Kivy logs through Python logging (to stderr, so to the journal) and
    leaves ``sys.stderr`` alone; ``KIVY_NO_FILELOG``: no log files on the SD card.
    """
    env = {"KIVY_LOG_MODE": "PYTHON", "KIVY_NO_FILELOG": "1", "KIVY_WINDOW": "sdl2", "KIVY_NO_ARGS": "1"}
    if settings.keep_awake:
        env["SDL_VIDEO_ALLOW_SCREENSAVER"] = "0"
    return env


def prepare_kiosk(config: Any, env: dict[str, str] | os._Environ[str] | None = None,
                  root: Path | str = "/") -> Path:
    """Set the kiosk's environment and write ``$KIVY_HOME/config.ini``; call before Kivy is imported.

    :param config: a :class:`companion.table.config.Config` (its ``[display]`` table and ``data_dir``).
    :param env: the environment to read and update (default ``os.environ``).  ``KIVY_HOME`` defaults
        to ``<data_dir>/kivy`` so a desktop's own ``~/.kivy`` is never overwritten.
    :param root: filesystem root for the sysfs scan (tests).
    :returns: the config file written.
    :raises ConfigError: a bad ``[display]`` table.
    :raises OSError: the file cannot be written.
    """
    env = os.environ if env is None else env
    where = str(config.path) if getattr(config, "path", None) is not None else "<defaults>"
    settings = display_settings(config.section("display"), where)
    for key, value in kiosk_environment(settings).items():
        env.setdefault(key, value)
    env.setdefault("KIVY_HOME", str(Path(config.data_dir) / "kivy"))
    mode = input_mode(settings, env)
    names: Iterable[str] = settings.touch_devices or (touch_devices(root) if mode == "evdev" else ())
    names = list(names)
    if mode == "evdev" and not names:
        log.warning("no touchscreen found in /sys/class/input: taking a mouse instead "
                    "(name the panel in [display] touch_devices if it is not detected)")
    text = kivy_config(settings, names, mode)
    path = write_kivy_config(Path(env["KIVY_HOME"]).expanduser() / "config.ini", text)
    log.info("kiosk: Kivy config %s, rotation %d, input %s, touchscreens %s", path, settings.rotation, mode,
             ", ".join(repr(n) for n in names) or "none")
    return path
