"""The child program of ``companion bench startup``: start one app, stop it at its first frame.

``python -m ui.first_frame bare`` runs a bare Kivy app with one Label; ``python -m ui.first_frame
companion`` runs ``companion run`` (:func:`companion.entry.main`, the console script's own path:
its parser, the display check, :func:`ui.app.main`).  Both watch Kivy's event loop the same way: once
the loop has started, the first ``on_flip`` of the window (the first frame drawn and shown) schedules
the end on the next clock tick, which prints one line, ``first-frame SECONDS`` (wall time from the
interpreter's start, from ``/proc/self/stat``), and leaves with ``os._exit(0)`` so that neither app's
shutdown is measured.  The parent (:mod:`ui.bench_startup`) reads the CPU time and peak RSS of the
whole child from ``os.wait4``.

Nothing is imported here before the app itself needs it, so both children start from the same
interpreter state: only :mod:`kivy.base` (which both apps import anyway) is imported to watch the loop.
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["KINDS", "main"]

#: What a child can run.
KINDS = ("bare", "companion")

#: The line the child prints at its first frame (then a number of seconds).
FIRST_FRAME = "first-frame"


def _started_at() -> float:
    """This process's start, in ``time.monotonic()`` seconds (Linux: ``/proc/self/stat`` field 22)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as file:
            uptime = float(file.read().split()[0])
        ticks = os.sysconf("SC_CLK_TCK")
        return time.monotonic() - (uptime - int(fields[19]) / ticks)
    except (OSError, ValueError, IndexError):
        return time.monotonic()


def _watch_first_frame(started: float) -> None:
    """Print :data:`FIRST_FRAME` and exit on the clock tick after the window's first flip."""
    from kivy.base import EventLoop
    from kivy.clock import Clock

    def done(_dt: float) -> None:
        sys.stdout.write(f"{FIRST_FRAME} {time.monotonic() - started:.3f}\n")
        sys.stdout.flush()
        os._exit(0)

    def flipped(*_: object) -> None:
        window = EventLoop.window
        if window is not None:
            window.unbind(on_flip=flipped)
        Clock.schedule_once(done, 0)

    def loop_started(*_: object) -> None:
        window = EventLoop.window
        if window is None:
            sys.stderr.write("no window was opened\n")
            os._exit(3)
        window.bind(on_flip=flipped)

    EventLoop.bind(on_start=loop_started)


def _bare() -> int:
    from kivy.app import App
    from kivy.uix.label import Label

    class Bare(App):
        def build(self) -> Label:
            return Label(text="Hello")

    Bare().run()
    return 0


def _companion() -> int:
    from companion.entry import main as companion_main

    return companion_main(["run"])


def main(argv: list[str] | None = None) -> int:
    """Run the app named by ``argv[0]`` (one of :data:`KINDS`) to its first frame."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in KINDS:
        sys.stderr.write(f"usage: python -m ui.first_frame {{{','.join(KINDS)}}}\n")
        return 2
    started = _started_at()
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    _watch_first_frame(started)
    status = _bare() if args[0] == "bare" else _companion()
    sys.stderr.write("the app ended before its first frame\n")
    return status or 4


if __name__ == "__main__":
    sys.exit(main())
