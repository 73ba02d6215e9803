"""Drive a Kivy ``App`` in a real 800x480 window, frame by frame, like a finger.

How the window and the apps share one process
---------------------------------------------
Kivy allows one ``Window`` (one SDL window and GL context) per process, created
the moment ``kivy.core.window`` is first imported, and it cannot be re-created
after ``Window.close()``.  So:

* **one window per pytest session** (:func:`open_window`, used by the
  session-scoped ``kivy_window`` fixture in ``conftest.py``);
* **one app per test** (:meth:`KivyHarness.start` / :meth:`KivyHarness.stop`,
  the function-scoped ``ui_harness`` fixture).  ``start`` does what
  ``App.run()`` does before it blocks (``App._run_prepare()``: load kv, build,
  add the root to the window, ``on_start``) and then never enters Kivy's main
  loop: the test owns the loop and advances it with :meth:`~KivyHarness.pump`,
  which runs exactly the body of ``EventLoop.mainloop`` (``EventLoop.idle()``
  then ``Window.mainloop()``: clock tick, input dispatch, kv sync, draw,
  flip, SDL events).  Exceptions raised in callbacks surface in the test.
  ``stop`` dispatches ``on_stop``, clears the window, unloads the kv files the
  app loaded, cancels the clock events it scheduled, and restarts the event
  loop for the next app, so tests do not leak into each other.

We chose this over running each UI test in a subprocess (slow: ~1 s of Kivy
start-up per test, and assertions would have to cross a process boundary)
and over ``App.run()`` with the test scheduled on the ``Clock`` (the test
would run inside a callback, and a failing assert would have to unwind
through Kivy's exception manager).  The costs: the harness uses the private
but long-stable ``App._run_prepare``, and global Kivy state (Factory
registrations, ``Config``) persists across tests.

Acting like a finger
--------------------
Touches are real ``MotionEvent`` s fed through an input provider registered
with the ``EventLoop``, like the touchscreen's mtdev/hidinput provider on the
Pi: they pass the post-processing modules (double tap, dejitter, ...) and the
window's ``on_motion`` -> ``on_touch_down/move/up`` dispatch, so a tap lands
on whatever is drawn at that point (a modal overlay, a disabled button, a
ScrollView that delays the touch).  Coordinates are window pixels, origin
bottom left, as in Kivy.  Keys go through the same ``Window`` events that
SDL's keyboard handling dispatches (``on_key_down``, ``on_keyboard``,
``on_textinput``, ``on_key_up``).

If no window can be opened
--------------------------
Before opening the window in-process, a short subprocess opens one and reads
back a drawn pixel (Kivy calls ``sys.exit`` or crashes on some GL failures,
and a missing GL driver draws black).  If that fails, :class:`WindowUnavailable`
says why; the fixture turns it into ``pytest.skip``, or into a failure when
``COMPANION_REQUIRE_UI=1`` (``scripts/test`` sets it in CI).  With no
``DISPLAY`` the harness starts its own ``Xvfb`` when one is installed, so a
bare ``pytest`` works as well as ``scripts/test`` (which uses ``xvfb-run``).

Rules for app code under test: configure the window from ``deploy/`` (Kivy
config) rather than by ``Config.set`` at import time; bind window events with
methods (Kivy holds those weakly) or unbind them in ``on_stop``.

This module imports nothing from Kivy at import time: call
:func:`configure_environment` first (``conftest.py`` does, in
``pytest_configure``), since Kivy reads its environment once, on import.
"""

from __future__ import annotations

import atexit
import gc
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

WIDTH, HEIGHT = 800, 480
"""The Pi touchscreen's size in pixels, and so every test window's."""

SCREENSHOT_DIR = Path(__file__).resolve().parent / "_screenshots"
"""Where :meth:`KivyHarness.screenshot` puts relative paths (gitignored)."""

REQUIRE_UI_ENV = "COMPANION_REQUIRE_UI"

Point = tuple[float, float]


class WindowUnavailable(RuntimeError):
    """No Kivy window can be opened here; the message says why."""


class AppLeak(AssertionError):
    """A stopped app is still alive, so its handlers may fire in later tests (a test error, not a
    warning: 19 of them once went unread in the store UI tests, issue 24)."""


def holder_chain(target: object, limit: int = 200_000) -> str:
    """The shortest chain of references from a module's globals, a class or a frame down to
    ``target``, as ``holder -> ... -> target`` type names (what keeps it alive), or ``""``."""
    import types

    came_from: dict[int, int | None] = {id(target): None}
    seen: dict[int, object] = {id(target): target}
    queue: deque[object] = deque([target])
    own = {id(came_from), id(seen), id(queue)}
    root: object | None = None
    while queue and root is None and len(seen) < limit:
        obj = queue.popleft()
        for ref in gc.get_referrers(obj):
            if id(ref) in came_from or id(ref) in own or ref is queue:
                continue
            came_from[id(ref)], seen[id(ref)] = id(obj), ref
            if isinstance(ref, (type, types.ModuleType)) or (isinstance(ref, dict) and "__builtins__" in ref):
                root = ref
                break
            queue.append(ref)
    if root is None:
        return ""
    names = [root.__qualname__ if isinstance(root, type) else f"module {getattr(root, '__name__', None)}"
             if isinstance(root, types.ModuleType) else f"module {root.get('__name__', '?')}"]  # type: ignore[union-attr]
    at = came_from[id(root)]
    while at is not None:
        obj = seen[at]
        name = getattr(obj, "__qualname__", None) if isinstance(obj, types.FunctionType) else None
        names.append(name or type(obj).__name__)
        at = came_from[at]
    return " -> ".join(names)


def ui_required() -> bool:
    """True when a UI test that cannot open a window must fail, not skip."""
    return os.environ.get(REQUIRE_UI_ENV, "") not in ("", "0")


def configure_environment() -> None:
    """Set the environment Kivy reads on import.  Idempotent; imports no Kivy.

    Values already in the environment win, except ``KIVY_HOME``, which is
    always a fresh temporary directory so no developer's ``~/.kivy`` leaks in.
    """
    if "_COMPANION_KIVY_HOME" not in os.environ:
        home = tempfile.mkdtemp(prefix="kivy-home-")
        atexit.register(shutil.rmtree, home, ignore_errors=True)
        os.environ["_COMPANION_KIVY_HOME"] = home
    os.environ["KIVY_HOME"] = os.environ["_COMPANION_KIVY_HOME"]
    defaults = {
        "KIVY_NO_ARGS": "1",  # do not parse pytest's argv
        "KIVY_LOG_MODE": "PYTHON",  # logs go to `logging` (pytest shows them); stderr left alone
        "KIVY_NO_CONSOLELOG": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONFIG": "1",  # neither read nor write a config.ini
        "KIVY_WINDOW": "sdl2",
        # The cues play into SDL's dummy audio device: no sound card needed, no sound in the room.
        "SDL_AUDIODRIVER": "dummy",
        "KCFG_GRAPHICS_WIDTH": str(WIDTH),
        "KCFG_GRAPHICS_HEIGHT": str(HEIGHT),
        "KCFG_GRAPHICS_RESIZABLE": "0",
        "KCFG_GRAPHICS_FULLSCREEN": "0",
        "KCFG_GRAPHICS_MAXFPS": "60",
        # Escape would otherwise close the one window every later test needs.
        "KCFG_KIVY_EXIT_ON_ESCAPE": "0",
    }
    for key, value in defaults.items():
        os.environ.setdefault(key, value)


# ----------------------------------------------------------------- display


_xvfb: subprocess.Popen[bytes] | None = None


def ensure_display(timeout: float = 10.0) -> None:
    """Make sure ``DISPLAY`` names an X server, starting ``Xvfb`` if needed.

    :raises WindowUnavailable: no ``DISPLAY`` and no usable ``Xvfb``.
    """
    global _xvfb
    if os.environ.get("DISPLAY"):
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise WindowUnavailable(
            "no DISPLAY and no Xvfb: run scripts/test, or apt-get install xvfb, or run under xvfb-run"
        )
    read_fd, write_fd = os.pipe()
    try:
        proc = subprocess.Popen(
            [xvfb, "-displayfd", str(write_fd), "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
            pass_fds=(write_fd,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_fd)
        ready, _, _ = select.select([read_fd], [], [], timeout)
        number = os.read(read_fd, 16).decode().strip() if ready else ""
    finally:
        os.close(read_fd)
    if not number.isdigit():
        proc.kill()
        raise WindowUnavailable(f"Xvfb did not report a display within {timeout} s")
    _xvfb = proc
    atexit.register(proc.terminate)
    os.environ["DISPLAY"] = f":{number}"


# ------------------------------------------------------------------- probe

_PROBE_COLOUR = (255, 0, 0)


def _probe() -> int:
    """Subprocess body: open the window, draw red, read the centre pixel back."""
    configure_environment()
    from kivy.core.window import Window

    if Window is None:
        print("Kivy found no usable window provider (see the log above)", file=sys.stderr)
        return 2
    from kivy.base import EventLoop
    from kivy.graphics import Color, Rectangle
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    with Window.canvas:
        Color(*(c / 255 for c in _PROBE_COLOUR))
        Rectangle(pos=(0, 0), size=Window.size)
    EventLoop.idle()
    Window.dispatch("on_draw")
    pixel = tuple(glReadPixels(Window.width // 2, Window.height // 2, 1, 1, GL_RGB, GL_UNSIGNED_BYTE))
    if pixel != _PROBE_COLOUR:
        print(
            f"drew {_PROBE_COLOUR}, read back {pixel}: is Mesa (libgl1-mesa-dri) installed?", file=sys.stderr
        )
        return 3
    print(f"ok {Window.size[0]}x{Window.size[1]}")
    return 0


def probe_window(timeout: float = 60.0) -> None:
    """Open a window in a throwaway process and check it draws.

    :raises WindowUnavailable: with the probe's own words.
    """
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--probe"],
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "KIVY_LOG_MODE": "MIXED", "KIVY_NO_CONSOLELOG": ""},
        )
    except subprocess.TimeoutExpired:
        raise WindowUnavailable(f"opening a Kivy window took over {timeout} s") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        display = os.environ.get("DISPLAY")
        raise WindowUnavailable(
            f"cannot open a Kivy window (DISPLAY={display!r}, probe exit {done.returncode}):\n{tail}"
        )


# ------------------------------------------------------------------ harness


def _finger_classes() -> tuple[type, type]:
    """Kivy-dependent classes, defined once Kivy may be imported."""
    from kivy.input.motionevent import MotionEvent
    from kivy.input.provider import MotionEventProvider

    class Finger(MotionEvent):  # type: ignore[misc]
        """One fingertip on the glass: a touch with a position and nothing else."""

        def depack(self, args: tuple[float, float]) -> None:
            self.sx, self.sy = args
            self.profile = ["pos"]
            super().depack(args)

    class FingerProvider(MotionEventProvider):  # type: ignore[misc]
        """An input provider the test feeds, as the touchscreen feeds mtdev."""

        def __init__(self) -> None:
            super().__init__("harness", "")
            self.queue: deque[tuple[str, Any]] = deque()

        def update(self, dispatch_fn: Callable[..., None]) -> None:
            while self.queue:
                dispatch_fn(*self.queue.popleft())

    return Finger, FingerProvider


class KivyHarness:
    """The session's window, the app under test, and a finger and keyboard.

    Usage (via the ``ui_harness`` fixture)::

        app = ui_harness.start(MyApp())
        ui_harness.tap(ui_harness.find(text="Start"))
        ui_harness.pump_until(lambda: app.root.current == "decode")
        ui_harness.screenshot("decode.png")
    """

    def __init__(self) -> None:
        from kivy.base import EventLoop, runTouchApp
        from kivy.config import Config
        from kivy.core.window import Window

        if Window is None:
            raise WindowUnavailable("Kivy found no usable window provider")
        self.window = Window
        self._loop = EventLoop
        # Only our finger touches the app: no mouse provider (under Xvfb the
        # pointer could still produce hover/motion events).
        for name, _ in Config.items("input"):
            Config.remove_option("input", name)
        if tuple(Window.size) != (WIDTH, HEIGHT):
            Window.size = (WIDTH, HEIGHT)
        runTouchApp(embedded=True)  # input providers, post-processing, EventLoop.start()
        finger, provider = _finger_classes()
        self._finger_class = finger
        self._fingers = provider()
        EventLoop.add_input_provider(self._fingers)
        self._fingers.start()
        self._providers = list(EventLoop.input_providers)
        self._next_touch_id = 1
        self._clearcolor = tuple(Window.clearcolor)
        self.app: Any = None
        self._kv_files: set[str] = set()
        self._clock_events: set[Any] = set()
        self._stopped_apps: list[weakref.ref[Any]] = []

    # -- the app ------------------------------------------------------------

    def start(self, app: Any, frames: int = 3) -> Any:
        """Start ``app`` in the window (build, ``on_start``) and draw ``frames`` frames.

        :returns: ``app``, for chaining.
        :raises RuntimeError: if another app is still running.
        """
        from kivy.app import App
        from kivy.clock import Clock
        from kivy.lang import Builder

        # App.__init__ already made ``app`` the running app.
        if self.app is not None or App.get_running_app() not in (None, app):
            raise RuntimeError("an app is already running in the window: stop() it first")
        self._ensure_loop_running()
        self._kv_files = set(Builder.files)
        self._clock_events = set(Clock.get_events())
        self.app = app
        app._run_prepare()  # App.run() minus runTouchApp(): see the module docstring
        if app.root is None or app.root.get_root_window() is not self.window:
            raise RuntimeError("the app did not put a root widget in the window")
        self.pump(frames=frames)
        return app

    def stop(self) -> None:
        """Stop the app (``on_stop``) and leave the window as the next test expects."""
        from kivy.app import App
        from kivy.clock import Clock
        from kivy.lang import Builder

        app, self.app = self.app, None
        try:
            if app is not None and App.get_running_app() is app:
                app.stop()  # on_stop, stopTouchApp(), clears the window
        finally:
            window = self.window
            for child in list(window.children):
                window.remove_widget(child)
            window.clearcolor = self._clearcolor
            window.release_all_keyboards()
            for filename in set(Builder.files) - self._kv_files:
                Builder.unload_file(filename)
            for event in set(Clock.get_events()) - self._clock_events:
                event.cancel()
            self._loop.me_list.clear()
            self._loop.input_events.clear()
            for module in self._loop.postproc_modules:  # double-tap memory, retained touches
                for attr in ("touches", "last_touches"):
                    remembered = getattr(module, attr, None)
                    if remembered is not None:
                        remembered.clear()
            self._fingers.queue.clear()
            self._ensure_loop_running()
            self.pump(frames=2)
        if app is not None:
            self._stopped_apps.append(weakref.ref(app))

    def check_released(self, chain: bool = True) -> None:
        """Fail if an app stopped since the last call is still alive.

        Kivy holds bound methods weakly, so a live app means something holds
        it strongly (a lambda bound to the Window, a running Animation, a log
        record keeping an exception's frames) and its handlers may still fire
        in later tests.  Call when the test's own references are gone (the
        ``ui_harness`` fixture does, after a pass).

        :param chain: search what holds it (slow: seconds to minutes on a big heap).
        :raises AppLeak: naming what holds the app.
        """
        refs, self._stopped_apps = self._stopped_apps, []
        gc.collect()
        alive = [ref() for ref in refs if ref() is not None]
        if alive:
            found = holder_chain(alive[0]) if chain else ""
            raise AppLeak(f"{alive[0]!r} is still referenced after stop()"
                          f"{': ' + found if found else ''}; its handlers may fire in later tests")

    def _ensure_loop_running(self) -> None:
        """Restart the event loop that ``App.stop()`` -> ``stopTouchApp()`` closed."""
        loop = self._loop
        if loop.status == "started" and not loop.quit:
            return
        for provider in self._providers:
            loop.add_input_provider(provider)
        loop.stopping = False
        loop.start()  # resets quit, starts the clock and the providers

    @property
    def root(self) -> Any:
        """The running app's root widget."""
        if self.app is None:
            raise RuntimeError("no app is running: call start() first")
        return self.app.root

    # -- time -----------------------------------------------------------------

    def frame(self) -> None:
        """Advance one frame: what one turn of Kivy's main loop does (at most 60 a second)."""
        self._loop.idle()
        self.window.mainloop()

    def pump(self, seconds: float | None = None, *, frames: int | None = None) -> None:
        """Advance ``frames`` frames, or frames for ``seconds`` of real time (default: 1 frame).

        Animations and ``Clock`` timers run on real time, so ``pump(0.5)``
        lets a 0.4 s screen transition finish.
        """
        if seconds is not None and frames is not None:
            raise TypeError("pass seconds or frames, not both")
        if seconds is None:
            for _ in range(1 if frames is None else frames):
                self.frame()
            return
        end = time.perf_counter() + seconds
        self.frame()
        while time.perf_counter() < end:
            self.frame()

    def pump_until(self, condition: Callable[[], object], timeout: float = 5.0, what: str = "") -> None:
        """Advance frames until ``condition()`` is true.

        :raises AssertionError: if it is still false after ``timeout`` seconds.
        """
        end = time.perf_counter() + timeout
        while not condition():
            if time.perf_counter() > end:
                raise AssertionError(f"timed out after {timeout} s waiting for {what or condition!r}")
            self.frame()

    # -- the finger -------------------------------------------------------------

    def window_point(self, target: Any) -> Point:
        """Window coordinates of ``target``: a widget's centre, or an ``(x, y)`` as given."""
        if isinstance(target, tuple):
            x, y = target
            return float(x), float(y)
        if target.get_root_window() is None:
            raise LookupError(f"{_describe(target)} is not on screen (not attached to the window)")
        x, y = target.to_window(*target.center)
        return float(x), float(y)

    def touch_down(self, x: float, y: float) -> Any:
        """Put a new finger down at window ``(x, y)`` and run one frame; returns the touch."""
        self._check_on_glass(x, y)
        touch = self._finger_class(
            "harness", self._next_touch_id, self._normalise(x, y), is_touch=True, type_id="touch"
        )
        self._next_touch_id += 1
        self._fingers.queue.append(("begin", touch))
        self.frame()
        return touch

    def touch_move(self, touch: Any, x: float, y: float) -> None:
        """Slide ``touch`` to window ``(x, y)`` and run one frame."""
        self._check_on_glass(x, y)
        touch.move(self._normalise(x, y))
        self._fingers.queue.append(("update", touch))
        self.frame()

    def touch_up(self, touch: Any) -> None:
        """Lift ``touch`` and run one frame."""
        self._fingers.queue.append(("end", touch))
        self.frame()

    def tap_at(self, x: float, y: float, hold: float = 0.05) -> None:
        """Tap the glass at window ``(x, y)``: down, ``hold`` seconds, up, one more frame."""
        touch = self.touch_down(x, y)
        if hold:
            self.pump(hold)
        self.touch_up(touch)
        self.frame()

    def tap(self, widget: Any, hold: float = 0.05) -> None:
        """Tap the centre of ``widget`` as drawn (whatever is on top there gets the touch).

        :raises LookupError: if the widget is not on screen.
        """
        self.tap_at(*self.window_point(widget), hold=hold)

    def drag(
        self, source: Any, target: Any, duration: float = 0.3, steps: int = 10, hold: float = 0.0
    ) -> None:
        """Press on ``source``, slide to ``target`` in ``steps`` moves over ``duration`` s, lift.

        ``source`` and ``target`` are widgets (their centres) or window
        ``(x, y)`` points; ``hold`` seconds of stillness first makes a long press.
        """
        x0, y0 = self.window_point(source)
        x1, y1 = self.window_point(target)
        touch = self.touch_down(x0, y0)
        if hold:
            self.pump(hold)
        for i in range(1, steps + 1):
            step_end = time.perf_counter() + duration / steps
            self.touch_move(touch, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            while time.perf_counter() < step_end:
                self.frame()
        self.touch_up(touch)
        self.frame()

    def _normalise(self, x: float, y: float) -> tuple[float, float]:
        # The inverse of MotionEvent.scale_for_screen (x = sx * (width - 1)).
        width, height = self.window.size
        return x / (width - 1), y / (height - 1)

    def _check_on_glass(self, x: float, y: float) -> None:
        width, height = self.window.size
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"({x:.0f}, {y:.0f}) is off the {width}x{height} screen")

    # -- the keyboard -------------------------------------------------------------

    def key(self, key: int | str, modifiers: Iterable[str] = (), text: str | None = None) -> None:
        """Press and release one key, as SDL reports it to the window.

        ``key`` is a Kivy keycode or its name (``"escape"``, ``"enter"``,
        ``"f1"``, ``"a"``; see ``kivy.core.window.Keyboard.keycodes``);
        ``modifiers`` from ``"shift"``, ``"ctrl"``, ``"alt"``, ``"meta"``.
        """
        from kivy.core.window import Keyboard

        if isinstance(key, str):
            name = "spacebar" if key == " " else key.lower()
            if name not in Keyboard.keycodes:
                raise ValueError(f"unknown key name {key!r}")
            code = Keyboard.keycodes[name]
        else:
            code = key
        mods = list(modifiers)
        unknown = set(mods) - {"shift", "ctrl", "alt", "meta"}
        if unknown:
            raise ValueError(f"unknown modifiers {sorted(unknown)}")
        if text is None and 32 <= code < 127:
            text = chr(code).upper() if "shift" in mods else chr(code)
        window = self.window
        if not window.dispatch("on_key_down", code, 0, text, mods):
            window.dispatch("on_keyboard", code, 0, text, mods)
        if text and not {"ctrl", "alt", "meta"} & set(mods):
            window.dispatch("on_textinput", text)
        self.frame()
        window.dispatch("on_key_up", code, 0)
        self.frame()

    # -- looking ------------------------------------------------------------------

    def find_all(
        self,
        root: Any = None,
        *,
        id: str | None = None,
        text: str | None = None,
        cls: type | str | None = None,
        where: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        """Every widget under ``root`` (default: the whole window) that matches all filters.

        Searches what is attached to the window, so it finds what a player
        could see: the current Screen of a ScreenManager, not the others.
        ``id`` is a kv ``id`` (looked up in the ``ids`` of the widgets
        searched), ``text`` the exact ``text`` property, ``cls`` a class or a
        class name (subclasses match).
        """
        found = []
        for widget in _walk(self.window if root is None else root):
            if id is not None and not _has_id(widget, id):
                continue
            if text is not None and getattr(widget, "text", None) != text:
                continue
            if cls is not None and not _is_a(widget, cls):
                continue
            if where is not None and not where(widget):
                continue
            found.append(widget)
        return found

    def find(
        self,
        root: Any = None,
        *,
        id: str | None = None,
        text: str | None = None,
        cls: type | str | None = None,
        where: Callable[[Any], bool] | None = None,
    ) -> Any:
        """The one widget that :meth:`find_all` matches.

        :raises LookupError: if none or several match (the message lists what is on screen).
        """
        found = self.find_all(root, id=id, text=text, cls=cls, where=where)
        wanted = ", ".join(
            f"{k}={v!r}" for k, v in (("id", id), ("text", text), ("cls", cls), ("where", where)) if v
        )
        if len(found) == 1:
            return found[0]
        if not found:
            shown = "\n  ".join(_describe(w) for w in _walk(self.window if root is None else root))
            raise LookupError(f"no widget with {wanted}; on screen:\n  {shown}")
        raise LookupError(f"{len(found)} widgets with {wanted}: {[_describe(w) for w in found]}")

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Save what the window shows now as a PNG and return its path.

        A relative ``path`` goes under ``tests/_screenshots/``.
        """
        target = Path(path)
        if not target.is_absolute():
            target = SCREENSHOT_DIR / target
        target.parent.mkdir(parents=True, exist_ok=True)
        self.frame()  # let pending layout and kv rules settle
        # Draw into the back buffer and read it before any flip, so the
        # picture cannot be a stale or undefined buffer.
        self.window.canvas.ask_update()
        self.window.dispatch("on_draw")
        with tempfile.TemporaryDirectory() as tmp:
            written = self.window.screenshot(name=str(Path(tmp) / "shot.png"))
            if not written or not Path(written).exists():
                raise RuntimeError(f"Kivy did not write a screenshot (got {written!r})")
            shutil.move(written, target)
        self.window.dispatch("on_flip")
        return target

    def close(self) -> None:
        """End of session: stop any app and close the window (it cannot be reopened)."""
        if self.app is not None:
            self.stop()
        self.window.close()


def open_window() -> KivyHarness:
    """Open the session's window (starting Xvfb if needed) and return the harness.

    :raises WindowUnavailable: with the reason, if no working window can be had.
    """
    configure_environment()
    ensure_display()
    probe_window()
    try:
        return KivyHarness()
    except SystemExit as exc:  # Kivy exits on some GL failures
        raise WindowUnavailable(f"Kivy exited while opening the window (status {exc.code})") from None


# ----------------------------------------------------------------- helpers


def _walk(root: Any) -> Iterable[Any]:
    """Breadth-first over ``root`` and its descendants, front-most children first."""
    queue = deque([root])
    while queue:
        widget = queue.popleft()
        yield widget
        queue.extend(getattr(widget, "children", ()))


def _has_id(widget: Any, wanted: str) -> bool:
    """True if a kv rule above ``widget`` (or on it) names it ``wanted``."""
    node = widget
    while node is not None:
        ids = getattr(node, "ids", None)
        ref = ids.get(wanted) if ids else None
        # kv ids hold WeakProxy objects; __self__ is the widget itself.
        if ref is not None and getattr(ref, "__self__", ref) is widget:
            return True
        parent = getattr(node, "parent", None)
        node = None if parent is node else parent
    return False


def _is_a(widget: Any, cls: type | str) -> bool:
    if isinstance(cls, str):
        return any(k.__name__ == cls for k in type(widget).__mro__)
    return isinstance(widget, cls)


def _describe(widget: Any) -> str:
    text = getattr(widget, "text", None)
    label = f" text={text!r}" if isinstance(text, str) and text else ""
    name = getattr(widget, "name", None)
    label += f" name={name!r}" if isinstance(name, str) and name else ""
    pos = getattr(widget, "pos", None)
    size = getattr(widget, "size", None)
    where = f" at {tuple(int(v) for v in pos)} size {tuple(int(v) for v in size)}" if pos and size else ""
    return f"{type(widget).__name__}{label}{where}"


if __name__ == "__main__" and sys.argv[1:] == ["--probe"]:
    sys.exit(_probe())
