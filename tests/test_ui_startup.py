"""Start-up (issue 10, item 4): the app builds Home alone at start and every other screen the first
time it is needed, as if all had been there; ``companion bench startup`` prints its table; the GPIO
panel does not import gpiozero on a machine that has no GPIO."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import test_ui_game
from test_ui_game import CONTENT, settle, tap_text, wait_screen

# The fixtures of test_ui_game, shared (the app in the window, errors logged by the app fail).
start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors

ROOT = Path(__file__).resolve().parent.parent


def test_only_home_is_built_at_start_and_every_screen_is_found_by_name(
        ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    from kivy.lang import Builder

    from ui.registry import all_screens, kv_file, screen_name

    app = start_app()
    manager = app.manager
    names = [screen_name(cls) for cls in all_screens()]
    assert [s.name for s in manager.screens] == ["home"] and manager.current == "home"
    assert str(kv_file(all_screens()[1])) not in Builder.files  # Setup's rules: not parsed yet
    assert all(manager.has_screen(name) for name in names) and not manager.has_screen("nowhere")
    assert sorted(manager.screen_names) == sorted(names)
    # Asked for by name (Fix the board does this), a screen is built then, with its rules.
    correction = manager.get_screen("correction")
    assert correction.name == "correction" and manager.built("correction")
    assert correction.ids, "its .kv rules were applied"
    # Shown, a screen is built: Home's New game opens Setup.
    tap_text(ui_harness, "New game")
    setup = wait_screen(ui_harness, "setup")
    assert setup.ids and manager.built("setup")
    settle(ui_harness)
    ui_harness.screenshot("startup_lazy_setup.png")


def test_every_registered_screen_is_named_as_the_registry_says(
        ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """:func:`ui.registry.screen_name` must match the name each screen gives itself, or the lazy
    manager could never find it (it refuses a mismatch when building)."""
    from ui.registry import all_screens, screen_name

    app = start_app()
    app.manager.build_all()
    built = {type(screen): screen.name for screen in app.manager.screens}
    assert built == {cls: screen_name(cls) for cls in all_screens()}


def test_a_screen_registered_under_a_wrong_name_is_refused(ui_harness: Any, start_app: Any) -> None:
    from kivy.uix.screenmanager import Screen, ScreenManagerException

    app = start_app()
    app.manager.add_lazy("somewhere", lambda: Screen(name="elsewhere"))
    with pytest.raises(ScreenManagerException, match='registered as "somewhere" is named "elsewhere"'):
        app.manager.get_screen("somewhere")
    with pytest.raises(ScreenManagerException, match="already registered"):
        app.manager.add_lazy("home", lambda: Screen(name="home"))


def test_a_whole_game_start_still_reaches_board_set_up(ui_harness: Any, start_app: Any,
                                                       no_ui_errors: None) -> None:
    app = start_app(content=CONTENT)
    tap_text(ui_harness, "New game")
    wait_screen(ui_harness, "setup")
    assert app.start_game("standard", "standard", 7)
    board = wait_screen(ui_harness, "board_setup")
    assert board.ids and app.manager.built("board_setup")


# --------------------------------------------------------------------------- companion bench startup


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "bench", "startup", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env=dict(os.environ))


def test_bench_startup_prints_both_apps_and_the_two_ratios(kivy_window: Any) -> None:
    """The shape of the output, never the figures (no timed tests)."""
    done = _bench("--runs", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Start-up to the first frame, median of 1 run each")
    assert "CPU s" in lines[1] and "peak RSS MiB" in lines[1] and "first frame s" in lines[1]
    for line, title in zip(lines[2:4], ("bare Kivy app (one Label)", "companion run")):
        assert line.strip().startswith(title)
        cpu, rss, frame = (float(x) for x in line.split()[-3:])
        assert cpu > 0 and rss > 20 and frame > 0
    assert lines[4].startswith("  CPU:") and "x the bare app (target <= 1.3x): " in lines[4]
    assert lines[5].startswith("  peak RSS:") and "(target <= 1.2x): " in lines[5]
    assert lines[4].endswith(("met", "NOT met")) and len(lines) == 6


def test_bench_startup_json(kivy_window: Any) -> None:
    done = _bench("--runs", "1", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures["runs"]) == {"bare", "companion"} and len(figures["runs"]["bare"]) == 1
    assert set(figures["median"]["companion"]) == {"cpu_s", "rss_mib", "first_frame_s"}
    assert figures["cpu_target"] == 1.3 and figures["rss_target"] == 1.2
    assert figures["cpu_ratio"] > 0 and isinstance(figures["met"], bool)


def test_bench_startup_refuses_bad_options_and_no_display() -> None:
    assert "--runs must be from 1 to 100, not 0" in _bench("--runs", "0").stderr
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "startup", "--runs", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1 and "No display found" in done.stderr and done.stdout == ""


def test_without_the_app_bench_startup_says_what_is_missing(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import bench
    from companion.entry import main

    monkeypatch.setattr(bench, "targets", lambda: ([], []))
    assert main(["bench", "startup", "--runs", "3"]) == 1
    assert "the start-up bench needs the Kivy app (ui/)" in capsys.readouterr().err


def test_first_frame_refuses_an_unknown_app() -> None:
    done = subprocess.run([sys.executable, "-m", "ui.first_frame", "nothing"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "usage: python -m ui.first_frame {bare,companion}" in done.stderr


def test_no_gpio_here_means_no_gpiozero_import() -> None:
    """On a desktop (no /dev/gpiochip*, nothing configured) the panel says "no GPIO" without importing
    gpiozero and trying four pin libraries (a tenth of the app's start-up)."""
    code = ("import queue, sys, glob\n"
            "from hardware import panel\n"
            "assert not glob.glob('/dev/gpiochip*'), 'this machine has GPIO'\n"
            "status = panel.open_panel(panel.PanelSettings(), queue.Queue(), on_pi=False)\n"
            "assert status.panel is None and status.message == panel.NO_GPIO and not status.fault\n"
            "assert 'gpiozero' not in sys.modules, 'gpiozero was imported'\n")
    if list(Path("/dev").glob("gpiochip*")):
        pytest.skip("this machine has a GPIO chip")
    env = {k: v for k, v in os.environ.items() if k not in ("GPIOZERO_PIN_FACTORY", "PIGPIO_ADDR")}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=env)
    assert done.returncode == 0, done.stderr


#: What `companion run` may import of the games before one is chosen (issue 24, item 4): the catalog
#: and each game's registration (``info``, and the names it declares), Incoming Transmission's `run`
#: options (``options``: the command line's --difficulty, --layout, --seed) and the empty package the
#: planner check looks into (``mission_control``, found with ``importlib.util.find_spec``).
START_GAME_MODULES = frozenset({
    "companion.games", "companion.games.catalog",
    "companion.games.transmission", "companion.games.transmission.info",
    "companion.games.transmission.names", "companion.games.transmission.options",
    "companion.games.transmission.mission_control",
    "companion.games.six_actions", "companion.games.six_actions.info",
    "companion.games.five_actions", "companion.games.five_actions.info"})

#: A child that runs `companion run` to its first frame and prints the modules imported by then.
_FIRST_FRAME_MODULES = """
import os, sys
from kivy.base import EventLoop
from kivy.clock import Clock

def done(_dt):
    sys.stdout.write(" ".join(sorted(sys.modules)) + "\\n")
    sys.stdout.flush()
    os._exit(0)

def flipped(*_):
    EventLoop.window.unbind(on_flip=flipped)
    Clock.schedule_once(done, 0)

EventLoop.bind(on_start=lambda *_: EventLoop.window.bind(on_flip=flipped))
from companion.entry import main
main(["run"])
"""


def test_the_app_imports_no_game_before_one_is_chosen(kivy_window: Any, tmp_path: Path) -> None:
    """At the first frame of `companion run` no game's rules, session, screens or table are imported,
    only the registrations Home lists (:data:`START_GAME_MODULES`); the first use of Incoming
    Transmission's table imports it."""
    from ui.bench_startup import child_environment

    env = child_environment(tmp_path)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", _FIRST_FRAME_MODULES], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(done.stdout.split())
    assert "ui.app" in modules and "ui.screens.home" in modules  # the app did start
    games = {m for m in modules if m.startswith("companion.games")}
    assert games <= START_GAME_MODULES, sorted(games - START_GAME_MODULES)
    assert not {m for m in modules if m.startswith("ui.games.") and m != "ui.games.transmission.start"
                and m.count(".") > 2}, "a game's screens or table were imported"


def test_transmissions_table_is_made_when_it_is_first_needed(ui_harness: Any, tmp_path: Path) -> None:
    from ui.app import CompanionApp

    app = ui_harness.start(CompanionApp(store_path=tmp_path / "store.sqlite3"))
    assert app.shelf.strip_table(make=False) is None  # Home is up: no game's table yet
    assert app.table_view() is None and app.shelf.playing() is None
    table = app.transmission
    assert type(table).__module__ == "ui.games.transmission.game" and app.shelf.strip_table() is table
    assert not table.playing and app.game_table("transmission") is table
