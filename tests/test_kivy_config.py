"""The kiosk's Kivy config (``ui/kivy_config.py``): settings, the sysfs scan, and what Kivy makes of the file.

The strongest checks run Kivy's own code in a subprocess: ``kivy.config`` reads the written file
(and must not "upgrade" it, which would bring back the default ``mouse`` and ``probesysfs`` lines),
then Kivy's real ``probesysfs`` probe runs each ``[input]`` line against a fake sysfs tree with a
touchscreen, a USB QR scanner, a mouse, a touchpad and a gamepad, recording the providers it would
create.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import MappingProxyType

import pytest

import ui
from companion.errors import ConfigError
from ui import kivy_config as kc

ROOT = Path(__file__).resolve().parents[1]

# Bits of linux/input-event-codes.h used by the fake devices.
ABS_X, ABS_Y, ABS_Z, ABS_RX, ABS_RY, ABS_RZ, ABS_HAT0X, ABS_HAT0Y = 0, 1, 2, 3, 4, 5, 0x10, 0x11
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
PROP_POINTER, PROP_DIRECT, PROP_BUTTONPAD = 0, 1, 2

PI_7INCH = "10-0038 generic ft5x06 (79)"
PI_7INCH_OLD = "generic ft5x06 (79)"
TOUCH_DISPLAY_2 = "4-005d Goodix Capacitive TouchScreen"
SCANNER = "Netum USB Barcode Scanner"
MT = {ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID}


def bitmap(bits: set[int]) -> str:
    """A sysfs bitmap: 64-bit hex words, most significant first."""
    value = sum(1 << b for b in bits)
    words = []
    while True:
        words.append(f"{value & (2**64 - 1):x}")
        value >>= 64
        if not value:
            break
    return " ".join(reversed(words))


def fake_sysfs(root: Path, devices: list[tuple[str, set[int], set[int]]]) -> Path:
    """``<root>/sys/class/input/eventN/device/{name,capabilities/abs,properties}`` for each device."""
    for number, (name, abs_bits, props) in enumerate(devices):
        device = root / "sys" / "class" / "input" / f"event{number}" / "device"
        (device / "capabilities").mkdir(parents=True)
        (device / "name").write_text(name + "\n")
        (device / "capabilities" / "abs").write_text(bitmap(abs_bits) + "\n")
        (device / "properties").write_text(bitmap(props) + "\n")
    return root


#: The Pi's 7" panel, a scanner, a mouse, a touchpad, a gamepad, and the panel under its older name.
TABLE = [
    (PI_7INCH, MT, {PROP_DIRECT}),
    (SCANNER, set(), set()),
    ("Logitech USB Optical Mouse", set(), set()),
    ("SynPS/2 Synaptics TouchPad", MT | {ABS_X, ABS_Y}, {PROP_POINTER, PROP_BUTTONPAD}),
    ("Microsoft X-Box 360 pad", {ABS_X, ABS_Y, ABS_Z, ABS_RX, ABS_RY, ABS_RZ, ABS_HAT0X, ABS_HAT0Y}, set()),
    ("ADS7846 Touchscreen", {ABS_X, ABS_Y}, {PROP_DIRECT}),  # single-touch resistive
]


# --------------------------------------------------------------------------------------- settings


def test_defaults_are_a_fullscreen_kiosk_without_cursor_that_stays_awake() -> None:
    s = kc.display_settings({}, "config.toml")
    assert (s.rotation, s.fullscreen, s.show_cursor, s.keep_awake, s.input) == (0, True, False, True, "auto")
    assert s.touch_provider == "hidinput" and s.keyboard_mode == "system" and s.touch_devices == ()


def test_every_setting_is_read() -> None:
    s = kc.display_settings(MappingProxyType({
        "rotation": 270, "fullscreen": False, "show_cursor": True, "keep_awake": False, "input": "evdev",
        "touch_devices": [PI_7INCH], "touch_provider": "mtdev", "touch_invert_x": True,
        "touch_invert_y": True, "touch_rotation": 180, "mouse": True, "keyboard_mode": "dock"}), "c.toml")
    assert s == kc.DisplaySettings(270, False, True, False, "evdev", (PI_7INCH,), "mtdev", True, True, 180,
                                   True, "dock")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("rotation", 45, "must be one of 0, 90, 180, 270"),
    ("rotation", "90", "must be one of"),
    ("rotation", True, "must be one of"),
    ("touch_rotation", 360, "must be one of"),
    ("fullscreen", "yes", "must be true or false"),
    ("input", "x11", "'auto', 'evdev', 'compositor'"),
    ("touch_provider", "mouse", "'hidinput', 'mtdev'"),
    ("touch_devices", "ft5x06", "list of device names"),
    ("touch_devices", ["a,b"], "comma"),
    ("touch_devices", [""], "list of device names"),
    ("rotate", 90, "unknown setting"),
])
def test_a_bad_setting_names_the_file_the_key_and_the_value(key: str, value: object, words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        kc.display_settings({key: value}, "/etc/companion/config.toml")
    message = str(caught.value)
    assert message.startswith(f"/etc/companion/config.toml: display.{key} = ")
    assert words in message


# --------------------------------------------------------------------------------------- sysfs


def test_only_touchscreens_are_found_never_a_scanner_mouse_touchpad_or_gamepad(tmp_path: Path) -> None:
    root = fake_sysfs(tmp_path, TABLE)
    found = {d.event: (d.name, d.touch) for d in kc.input_devices(root)}
    assert found["event0"] == (PI_7INCH, True)
    assert found["event5"] == ("ADS7846 Touchscreen", True)
    assert not any(touch for event, (_, touch) in found.items() if event not in ("event0", "event5"))
    assert kc.touch_devices(root) == [PI_7INCH, "ADS7846 Touchscreen"]


def test_identical_panels_give_one_name_and_a_missing_sysfs_gives_none(tmp_path: Path) -> None:
    root = fake_sysfs(tmp_path / "two", [(PI_7INCH, MT, {PROP_DIRECT}), (PI_7INCH, MT, {PROP_DIRECT})])
    assert kc.touch_devices(root) == [PI_7INCH]
    assert kc.touch_devices(tmp_path / "empty") == []


def test_bitmaps_over_several_words_are_read_least_significant_word_last() -> None:
    assert kc._bits("1 0") == {64}
    assert kc._bits(bitmap(MT)) == MT
    assert kc._bits("zz") == set()


# --------------------------------------------------------------------------------------- the file


def parse(text: str) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    parser.read_string(text)
    return parser


def probesysfs_args(value: str) -> dict[str, list[str]]:
    """A probesysfs line as Kivy's ProbeSysfsHardwareProbe splits it (on commas, then the first '=')."""
    provider, _, rest = value.partition(",")
    assert provider == "probesysfs"
    args: dict[str, list[str]] = {}
    for arg in rest.split(","):
        key, _, val = arg.partition("=")
        args.setdefault(key, []).append(val)
    return args


@pytest.mark.parametrize("rotation", kc.ROTATIONS)
def test_each_rotation_turns_the_picture_and_leaves_the_touch_to_kivy(rotation: int) -> None:
    settings = kc.DisplaySettings(rotation=rotation)
    config = parse(kc.kivy_config(settings, [PI_7INCH]))
    assert config["graphics"]["rotation"] == str(rotation)
    assert config["graphics"]["fullscreen"] == "auto" and config["graphics"]["show_cursor"] == "0"
    assert config["graphics"]["allow_screensaver"] == "0"
    assert config["kivy"]["log_enable"] == "0" and config["kivy"]["keyboard_mode"] == "system"
    entries = dict(config["input"])
    assert list(entries) == ["touch0_%(name)s"], "exactly one provider, and no mouse"
    args = probesysfs_args(entries["touch0_%(name)s"])
    assert args["provider"] == ["hidinput"] and args["select_all"] == ["1"] and args["use_regex"] == ["1"]
    # Window.transform_motion_event_2d rotates every touch by Window.rotation: the provider must not.
    assert args["param"] == ["invert_x=0", "invert_y=0", "rotation=0"]
    assert re.match(args["match"][0], PI_7INCH, re.IGNORECASE)
    for other in (SCANNER, PI_7INCH_OLD, PI_7INCH + " extra", "ADS7846 Touchscreen"):
        assert not re.match(args["match"][0], other, re.IGNORECASE)


@pytest.mark.parametrize(("invert_x", "invert_y", "touch_rotation"), [(True, False, 0), (False, True, 90),
                                                                      (True, True, 270)])
def test_a_mirrored_or_turned_panel_gets_its_own_parameters(invert_x: bool, invert_y: bool,
                                                             touch_rotation: int) -> None:
    settings = kc.DisplaySettings(rotation=180, touch_invert_x=invert_x, touch_invert_y=invert_y,
                                  touch_rotation=touch_rotation, touch_provider="mtdev")
    args = probesysfs_args(kc.input_entries(settings, [TOUCH_DISPLAY_2], "evdev")["touch0_%(name)s"])
    assert args["provider"] == ["mtdev"]
    assert args["param"] == [f"invert_x={int(invert_x)}", f"invert_y={int(invert_y)}",
                             f"rotation={touch_rotation}"]


def test_two_panels_two_entries_no_touch_a_mouse_and_the_desktop_only_the_mouse() -> None:
    settings = kc.DisplaySettings()
    two = kc.input_entries(settings, [PI_7INCH, "ILITEK ILITEK-TP", PI_7INCH], "evdev")
    assert list(two) == ["touch0_%(name)s", "touch1_%(name)s"]
    assert kc.input_entries(settings, [], "evdev") == {"mouse": "mouse,multitouch_on_demand"}
    with_mouse = kc.input_entries(kc.DisplaySettings(mouse=True), [PI_7INCH], "evdev")
    assert with_mouse["mouse"] == "mouse,multitouch_on_demand,disable_on_activity"
    assert kc.input_entries(settings, [PI_7INCH], "compositor") == {"mouse": "mouse,multitouch_on_demand"}


def test_input_mode_follows_the_video_driver() -> None:
    auto = kc.DisplaySettings()
    assert kc.input_mode(auto, {"SDL_VIDEODRIVER": "kmsdrm", "DISPLAY": ":0"}) == "evdev"
    assert kc.input_mode(auto, {"WAYLAND_DISPLAY": "wayland-0"}) == "compositor"
    assert kc.input_mode(auto, {}) == "evdev"
    assert kc.input_mode(kc.DisplaySettings(input="evdev"), {"DISPLAY": ":0"}) == "evdev"


def test_prepare_kiosk_sets_the_environment_and_writes_kivy_home(tmp_path: Path) -> None:
    class Cfg:
        path = tmp_path / "config.toml"
        data_dir = tmp_path / "data"

        def section(self, name: str) -> dict[str, object]:
            return {"rotation": 90} if name == "display" else {}

    env = {"SDL_VIDEODRIVER": "kmsdrm", "KIVY_LOG_MODE": "MIXED"}
    path = kc.prepare_kiosk(Cfg(), env, root=fake_sysfs(tmp_path / "root", TABLE))
    assert path == tmp_path / "data" / "kivy" / "config.ini" and env["KIVY_HOME"] == str(path.parent)
    assert env["KIVY_LOG_MODE"] == "MIXED", "a value already set wins"
    assert env["KIVY_NO_FILELOG"] == "1" and env["SDL_VIDEO_ALLOW_SCREENSAVER"] == "0"
    config = parse(path.read_text())
    assert config["graphics"]["rotation"] == "90" and len(config["input"]) == 2  # the 7" and the ADS7846
    assert not list(path.parent.glob(".*.tmp"))


def test_prepare_kiosk_refuses_a_bad_display_table(tmp_path: Path) -> None:
    class Cfg:
        path = Path("/etc/companion/config.toml")
        data_dir = tmp_path

        def section(self, name: str) -> dict[str, object]:
            return {"rotation": 45}

    with pytest.raises(ConfigError, match=r"config.toml: display.rotation = 45"):
        kc.prepare_kiosk(Cfg(), {}, root=tmp_path)
    assert not (tmp_path / "kivy").exists()


# --------------------------------------------------------------------------------------- Kivy itself

KIVY_PROBE = textwrap.dedent("""
    import json, sys
    from glob import glob
    import kivy.config
    from kivy.config import Config, KIVY_CONFIG_VERSION
    from kivy.input.providers import probesysfs as ps
    from kivy.input.factory import MotionEventFactory

    fake = sys.argv[1]
    ps._cache_xinput = []
    ps._cache_input = [ps.Input(p) for p in sorted(glob(fake + "/sys/class/input/event*"))]
    made = []
    MotionEventFactory.get = lambda name: (lambda device, args: made.append([name, device, args]))
    for key, value in Config.items("input"):
        provider, _, args = value.partition(",")
        if provider == "probesysfs":
            ps.ProbeSysfsHardwareProbe(key, args)
        else:
            made.append([provider, key, args])
    print(json.dumps({"made": made, "version": KIVY_CONFIG_VERSION,
                      "graphics": dict(Config.items("graphics")), "kivy": dict(Config.items("kivy"))}))
""")


def kivy_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "KCFG_"))}
    env.update(KIVY_HOME=str(home), KIVY_NO_ARGS="1", KIVY_LOG_MODE="PYTHON", KIVY_NO_FILELOG="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


@pytest.mark.parametrize("rotation", kc.ROTATIONS)
def test_kivy_reads_the_file_as_written_and_probes_only_the_touchscreens(tmp_path: Path,
                                                                         rotation: int) -> None:
    root = fake_sysfs(tmp_path / "root", TABLE)
    home = tmp_path / "kivy"
    text = kc.kivy_config(kc.DisplaySettings(rotation=rotation), kc.touch_devices(root))
    path = kc.write_kivy_config(home / "config.ini", text)
    done = subprocess.run([sys.executable, "-c", KIVY_PROBE, str(root)], env=kivy_env(home),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert path.read_text() == text, "Kivy upgraded (rewrote) the file: its default inputs came back"
    assert "Older configuration version" not in done.stderr
    assert result["graphics"]["rotation"] == str(rotation) and result["graphics"]["show_cursor"] == "0"
    assert result["kivy"]["log_enable"] == "0"
    # One hidinput per touchscreen, on its own event node, with the explicit axes; nothing else.
    made = sorted((name, args.split(",")[0], args.split(",", 1)[1]) for name, _, args in result["made"])
    params = "invert_x=0,invert_y=0,rotation=0"
    assert made == [("hidinput", "/dev/input/event0", params), ("hidinput", "/dev/input/event5", params)]


def test_our_defaults_are_kivys_own(tmp_path: Path) -> None:
    """Kivy's default config (written into an empty KIVY_HOME) has exactly :data:`KIVY_DEFAULTS`'s keys."""
    home = tmp_path / "kivy"
    home.mkdir()
    done = subprocess.run([sys.executable, "-c", "import kivy.config"], env=kivy_env(home),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    theirs = parse((home / "config.ini").read_text())
    assert theirs.sections() == list(kc.KIVY_DEFAULTS)
    for section in theirs.sections():
        assert dict(theirs[section]) == kc.KIVY_DEFAULTS[section], section


# --------------------------------------------------------------------------------------- `companion run`


def test_kms_needs_a_card_it_may_open_and_a_connected_screen(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.cli import display_problem, kms_problem

    assert "no /dev/dri/card*" in (kms_problem(str(tmp_path)) or "")
    (tmp_path / "dev" / "dri").mkdir(parents=True)
    (tmp_path / "dev" / "dri" / "card1").write_text("")
    drm = tmp_path / "sys" / "class" / "drm"
    for name, status in (("card1-HDMI-A-1", "disconnected"), ("card1-HDMI-A-2", "disconnected"),
                         ("card1-Writeback-1", "unknown")):
        (drm / name).mkdir(parents=True)
        (drm / name / "status").write_text(status + "\n")
    problem = kms_problem(str(tmp_path)) or ""
    assert problem.startswith("no display: no screen is connected")
    assert "card1-HDMI-A-1 disconnected" in problem
    (drm / "card1-DSI-1").mkdir()
    (drm / "card1-DSI-1" / "status").write_text("connected\n")
    assert kms_problem(str(tmp_path)) is None
    monkeypatch.setattr(os, "access", lambda *_: False)
    assert "video group" in (kms_problem(str(tmp_path)) or "")
    monkeypatch.setattr("ui.cli.kms_problem", lambda: "no display: test")
    assert display_problem({"SDL_VIDEODRIVER": "kmsdrm", "DISPLAY": ":0"}) == "no display: test"


@pytest.mark.skipif(Path("/dev/dri").exists(), reason="this machine has a DRM device")
def test_run_under_kmsdrm_without_a_card_exits_1_at_once_without_kivy(tmp_path: Path) -> None:
    code = ("import sys\nfrom companion.entry import main\nrc = main(['run', '--kiosk'])\n"
            "sys.exit(rc if 'kivy' not in sys.modules else 99)")
    env = kivy_env(tmp_path)
    env.update(SDL_VIDEODRIVER="kmsdrm", COMPANION_CONFIG=str(DEPLOY_CONFIG))
    env.pop("DISPLAY", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "companion run: no display: SDL_VIDEODRIVER=kmsdrm but there is no /dev/dri/card*" in done.stderr


DEPLOY_CONFIG = ROOT / "deploy" / "config.toml"
KIOSK_ENV = ("KIVY_HOME", "KIVY_LOG_MODE", "KIVY_NO_FILELOG", "KIVY_WINDOW", "KIVY_NO_ARGS",
             "SDL_VIDEO_ALLOW_SCREENSAVER", "COMPANION_CONFIG", "SDL_VIDEODRIVER")


def run_cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, config: str,
            *args: str) -> list[dict[str, object]]:
    import types

    from companion.entry import main

    for key in KIOSK_ENV:
        monkeypatch.delenv(key, raising=False)
    path = tmp_path / "config.toml"
    path.write_text(config)
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    monkeypatch.setenv("KIVY_HOME", str(tmp_path / "kivy"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    calls: list[dict[str, object]] = []
    fake = types.SimpleNamespace(main=lambda **kw: calls.append(kw) or 0)
    monkeypatch.setitem(sys.modules, "ui.app", fake)
    monkeypatch.setattr(ui, "app", fake, raising=False)  # `from ui import app` reads the package first
    assert main(["run", *args]) == 0
    return calls


def test_run_with_a_display_table_writes_kivys_config_first(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    text = DEPLOY_CONFIG.read_text().replace("rotation = 0 ", "rotation = 90 ").replace(
        'data_dir = "/var/lib/companion"', f'data_dir = "{tmp_path}"')
    calls = run_cli(monkeypatch, tmp_path, text)
    assert len(calls) == 1 and calls[0]["kiosk"] is True and calls[0]["fullscreen"] is True
    config = parse((tmp_path / "kivy" / "config.ini").read_text())
    assert config["graphics"]["rotation"] == "90"
    assert os.environ["KIVY_LOG_MODE"] == "PYTHON" and os.environ["KIVY_NO_FILELOG"] == "1"


def test_run_without_a_display_table_is_no_kiosk_and_a_bad_one_falls_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    calls = run_cli(monkeypatch, tmp_path, "[game]\nundo = \"off\"\n")
    assert "kiosk" not in calls[0] and not (tmp_path / "kivy" / "config.ini").exists()
    calls = run_cli(monkeypatch, tmp_path, f'[store]\ndata_dir = "{tmp_path}"\n[display]\nrotation = 45\n')
    assert calls[-1]["kiosk"] is True
    assert "display.rotation = 45" in caplog.text and "default display settings" in caplog.text
    assert parse((tmp_path / "kivy" / "config.ini").read_text())["graphics"]["rotation"] == "0"


def unwritable_folder(tmp_path: Path, how: str) -> Path:
    """A KIVY_HOME this process cannot make or write (root too: /sys takes no new folders)."""
    if how == "below a file":
        (tmp_path / "a-file").write_text("x")
        return tmp_path / "a-file" / "kivy"
    if os.geteuid() == 0:
        folder = Path("/sys/companion-kivy-test")
    else:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        folder = locked / "kivy"
    try:
        folder.mkdir()
    except OSError:
        return folder
    folder.rmdir()
    pytest.skip(f"{folder} is writable here")


@pytest.mark.parametrize("kiosk", [False, True], ids=["manual", "kiosk"])
@pytest.mark.parametrize("how", ["read-only", "below a file"])
def test_run_with_an_unwritable_kivy_home_says_so_and_uses_a_temporary_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        how: str, kiosk: bool) -> None:
    """Issue 14, fault 8: a read-only KIVY_HOME ended a manual ``companion run`` with "internal error:
    PermissionError" (Kivy makes its folder when imported).  Now the log says which folder and why,
    and Kivy gets a private temporary folder for this run; the kiosk writes its config.ini there."""
    import types

    from companion.entry import main

    for key in KIOSK_ENV:
        monkeypatch.delenv(key, raising=False)
    blocked = unwritable_folder(tmp_path, how)
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\ndata_dir = "{tmp_path}"\n' + ("[display]\nrotation = 90\n" if kiosk else ""))
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    monkeypatch.setenv("KIVY_HOME", str(blocked))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    homes: list[str] = []
    fake = types.SimpleNamespace(main=lambda **kw: homes.append(os.environ["KIVY_HOME"]) or 0)
    monkeypatch.setitem(sys.modules, "ui.app", fake)
    monkeypatch.setattr(ui, "app", fake, raising=False)
    assert main(["run"]) == 0
    home = Path(homes[0])
    assert home != blocked and home.is_dir() and os.access(home, os.W_OK)
    assert f"Kivy's folder {blocked} cannot be written" in caplog.text and str(home) in caplog.text
    if kiosk:
        assert parse((home / "config.ini").read_text())["graphics"]["rotation"] == "90"


def test_kivy_starts_in_the_temporary_folder(tmp_path: Path) -> None:
    """The fallback is a folder Kivy itself accepts: imported there, it makes its files in it."""
    blocked = unwritable_folder(tmp_path, "below a file")
    code = ("import os\nfrom pathlib import Path\nfrom ui import kivy_config\n"
            "home = kivy_config.usable_kivy_home(os.environ, Path('~/.kivy'))\n"
            "import kivy\nprint(home, kivy.kivy_home_dir)\n")
    done = subprocess.run([sys.executable, "-c", code], env=kivy_env(blocked), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    home, kivy_home = done.stdout.split()
    assert home == kivy_home and Path(home, "config.ini").exists()
