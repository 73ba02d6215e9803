"""``companion bench startup``: the app's start-up against a bare Kivy app, CPU and peak memory to the
first frame, side by side in one run.

Source: issue 10, item 4 (target: at most 1.3x the CPU and 1.2x the peak RSS of a bare Kivy app with
one Label).  Each run starts a fresh interpreter, ``python -m ui.first_frame bare`` or ``... companion``
(:mod:`ui.first_frame`: the bare app, or ``companion run`` itself, each stopped on the clock tick after
its first frame is shown), and reads the child's CPU time (user + system) and peak resident set
(``ru_maxrss``) from ``os.wait4``, and its wall time to the first frame from the child.  The two
alternate (bare, companion, companion, bare, ...) so that a machine getting busier or quieter weighs
on both alike; the figures are medians.

What the children share, so that only the apps differ:

- the display of this process (``DISPLAY``; Xvfb in the tests);
- a private Kivy folder (``KIVY_HOME``) and config file (``COMPANION_CONFIG``: a private data folder,
  so no table's history is read or written), no Kivy log file or console log;
- a private bytecode cache (``PYTHONPYCACHEPREFIX``), filled by one warm-up run of each that is not
  counted: a table starts from cached bytecode every time but the first (and ``pip install``
  compiles Kivy's), so a process that may not write ``__pycache__`` (``PYTHONDONTWRITEBYTECODE``)
  would otherwise charge the companion alone for compiling its own modules at every start.

Registered with ``companion bench`` through the entry-point group
:data:`companion.cli.bench.TARGETS_GROUP` (``pyproject.toml``: :data:`STARTUP`); this module imports
nothing of Kivy, and its own imports only when the bench runs, since ``companion`` loads it to build
its parser whenever the ``bench`` family is built (``companion bench ...``, ``companion --help``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from companion.cli.bench import AddTarget, BenchTarget
from companion.cli.output import EXIT_OK, EXIT_USAGE, Failure, out, print_json
from companion.i18n import N_, _, number

__all__ = ["CPU_TARGET", "RSS_TARGET", "KINDS", "Run", "Startup", "STARTUP", "measure", "register",
           "report_lines", "run_once"]

#: The targets of issue 10, item 4: the companion's figure over the bare app's, at most.
CPU_TARGET = 1.3
RSS_TARGET = 1.2

#: ``bench startup``'s line in ``bench --help`` (the words of :data:`companion.cli.bench.MISSING_TARGETS`).
STARTUP_HELP = N_("the app's start-up against a bare Kivy app: CPU and peak memory to the first frame")

#: The two apps, in :mod:`ui.first_frame`'s names, and how the table calls them.
KINDS = {"bare": "bare Kivy app (one Label)", "companion": "companion run"}

FIRST_FRAME = "first-frame"  # the line ui.first_frame prints (then seconds)
FIELDS = ("cpu_s", "rss_mib", "first_frame_s")


@dataclass(frozen=True)
class Run:
    """One child, started and stopped at its first frame.

    :param cpu_s: user + system CPU seconds of the whole child (``os.wait4``).
    :param rss_mib: its peak resident set, MiB (``ru_maxrss``, KiB on Linux).
    :param first_frame_s: wall seconds from the interpreter's start to the first frame (the child's own).
    """

    cpu_s: float
    rss_mib: float
    first_frame_s: float


@dataclass(frozen=True)
class Startup:
    """The runs of both apps (warm-up runs left out) and their medians and ratios."""

    runs: dict[str, list[Run]]
    display: str

    def median(self, kind: str, field: str) -> float:
        """The median of ``field`` (a :class:`Run` field) over ``kind``'s runs."""
        import statistics  # with decimal and fractions: only when the figures are read

        return float(statistics.median(getattr(run, field) for run in self.runs[kind]))

    @property
    def cpu_ratio(self) -> float:
        return self.median("companion", "cpu_s") / max(self.median("bare", "cpu_s"), 1e-9)

    @property
    def rss_ratio(self) -> float:
        return self.median("companion", "rss_mib") / max(self.median("bare", "rss_mib"), 1e-9)

    def to_json(self) -> dict[str, object]:
        return {
            "runs": {kind: [run.__dict__ for run in runs] for kind, runs in self.runs.items()},
            "median": {kind: {field: self.median(kind, field) for field in FIELDS} for kind in self.runs},
            "cpu_ratio": self.cpu_ratio, "rss_ratio": self.rss_ratio,
            "cpu_target": CPU_TARGET, "rss_target": RSS_TARGET,
            "met": self.cpu_ratio <= CPU_TARGET and self.rss_ratio <= RSS_TARGET,
            "display": self.display,
        }


# --------------------------------------------------------------------------- measuring


def child_environment(folder: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment both children run in (see the module docstring), with its files in ``folder``."""
    env = dict(os.environ if base is None else base)
    config = folder / "config.toml"
    if not config.exists():
        data = folder / "data"
        config.write_text(f"[store]\ndata_dir = {json.dumps(str(data))}\n", encoding="utf-8")
    env.update({
        "COMPANION_CONFIG": str(config),
        "KIVY_HOME": str(folder / "kivy"),
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "PYTHONPYCACHEPREFIX": str(folder / "pycache"),
    })
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(kind: str, env: dict[str, str], folder: Path, timeout: float = 60.0) -> Run:
    """Start ``python -m ui.first_frame KIND`` in ``folder`` and wait for it to stop at its first frame.

    :raises Failure: the child did not reach its first frame (its last words are in the message), or
        took longer than ``timeout`` seconds (it is killed).
    """
    import subprocess

    with tempfile.TemporaryFile("w+") as output:
        child = subprocess.Popen([sys.executable, "-m", "ui.first_frame", kind], env=env, cwd=folder,
                                 stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                child.wait()
                raise Failure(f"the {KINDS[kind]} showed no frame within {timeout:g} s")
            time.sleep(0.01)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        output.seek(0)
        said = output.read()
    frame = [line.split()[1] for line in said.splitlines() if line.startswith(FIRST_FRAME + " ")]
    if child.returncode != 0 or not frame:
        last = " | ".join(said.strip().splitlines()[-3:]) or "nothing"
        raise Failure(f"the {KINDS[kind]} stopped before its first frame (exit {child.returncode}): {last}")
    rss_kib = usage.ru_maxrss / (1024 if sys.platform == "darwin" else 1)
    return Run(usage.ru_utime + usage.ru_stime, rss_kib / 1024, float(frame[0]))


def measure(runs: int, timeout: float = 60.0, folder: Path | None = None) -> Startup:
    """One warm-up run of each app, then ``runs`` of each, alternating (see the module docstring).

    :raises ValueError: for fewer than 1 run.
    :raises Failure: a child did not reach its first frame.
    """
    if runs < 1:
        raise ValueError(f"the number of runs must be at least 1, not {runs}")
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        where = Path(tmp) if folder is None else folder
        env = child_environment(where)
        for kind in KINDS:
            run_once(kind, env, where, timeout)  # fills the bytecode cache and Kivy's folder: not counted
        measured: dict[str, list[Run]] = {kind: [] for kind in KINDS}
        for n in range(runs):
            order = list(KINDS) if n % 2 == 0 else list(reversed(KINDS))
            for kind in order:
                measured[kind].append(run_once(kind, env, where, timeout))
    return Startup(measured, os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                   or os.environ.get("SDL_VIDEODRIVER", ""))


def report_lines(result: Startup) -> list[str]:
    """The table, the two ratios against their targets, and a verdict."""
    count = len(result.runs["bare"])
    lines = [f"Start-up to the first frame, median of {count} run{'s' if count != 1 else ''} each "
             f"(alternating, after one warm-up; display {result.display or 'none'}):",
             f"  {'':28} {'CPU s':>7} {'peak RSS MiB':>13} {'first frame s':>14}"]
    for kind, title in KINDS.items():
        cpu, rss, frame = (result.median(kind, field) for field in FIELDS)
        lines.append(f"  {title:28} {cpu:7.2f} {rss:13.0f} {frame:14.2f}")
    cpu_ok, rss_ok = result.cpu_ratio <= CPU_TARGET, result.rss_ratio <= RSS_TARGET
    lines.append(f"  CPU:      {result.cpu_ratio:.2f}x the bare app (target <= {CPU_TARGET:g}x): "
                 f"{'met' if cpu_ok else 'NOT met'}")
    lines.append(f"  peak RSS: {result.rss_ratio:.2f}x the bare app (target <= {RSS_TARGET:g}x): "
                 f"{'met' if rss_ok else 'NOT met'}")
    return lines


# --------------------------------------------------------------------------- the command line


def _cmd_bench_startup(args: argparse.Namespace) -> int:
    from ui.cli import display_problem  # the check `companion run` makes, without Kivy

    if args.runs < 1 or args.runs > 100:
        raise Failure(_("--runs must be from 1 to 100, not {runs}").format(runs=args.runs), EXIT_USAGE)
    problem = display_problem(os.environ)
    if problem is not None:
        raise Failure(problem)
    result = measure(args.runs, args.timeout)
    if args.json:
        print_json(result.to_json())
    else:
        for line in report_lines(result):
            out(line)
    return EXIT_OK


def register(add: AddTarget) -> None:
    """Add ``bench startup``."""
    # The help is translated; the report stays a developer's English (as `bench planner`'s).
    startup = add("startup", _(STARTUP_HELP),
                  _("Start a bare Kivy app with one Label and the companion (`companion run`) to their first "
                    "frame on the current display, each in a fresh process, alternating, and print the "
                    "medians of their CPU time and peak memory and the two ratios against the targets "
                    "(at most {cpu}x the CPU and {memory}x the memory).").format(
                      cpu=number(CPU_TARGET), memory=number(RSS_TARGET)))
    startup.add_argument("--runs", type=int, default=7, metavar="N",
                         help=_("runs of each app after one warm-up run of each (default 7)"))
    startup.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                         help=_("seconds a run may take to its first frame before it counts as failed "
                                "(default 60)"))
    startup.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    startup.set_defaults(handler=_cmd_bench_startup)


#: ``bench startup`` (entry point ``startup`` of ``companion.bench_targets``).
STARTUP = BenchTarget(register)
