"""Progress of the long commands (:mod:`companion.lab.progress`, issue 10, item 3): a bar on a terminal,
nothing extra when piped, and never on stdout."""

from __future__ import annotations

import fcntl
import io
import itertools
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.lab.progress import note, progress, progress_bar, quiet, shown

ROOT = Path(__file__).resolve().parent.parent

LOOP = textwrap.dedent("""
    import logging, sys
    from companion.lab.progress import note, progress, progress_bar
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    total = 0
    for i in progress(range(5), desc="games", unit="game"):
        total += i
        if i == 2:
            note("a line above the bar")
            logging.getLogger("lab").info("a log record above the bar")
    with progress_bar(3, "trials") as advance:
        for _ in range(3):
            advance(1)
    print("total", total)
""")


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("TQDM_DISABLE", None)
    return env


def _run_on_a_terminal(code: str, columns: int = 0, lines: int = 0) -> tuple[str, str]:
    """Run ``code`` with stderr on a pseudo-terminal (as in a shell) of ``columns`` x ``lines`` (0: not
    sized) and stdout on a pipe; return (stdout, what the terminal showed)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    try:
        child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=_env(), stdout=subprocess.PIPE,
                                 stderr=follower, stdin=subprocess.DEVNULL)
        os.close(follower)
        follower = -1
        shown_text = b""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                shown_text += chunk
            elif child.poll() is not None:
                break
        out, _ = child.communicate(timeout=60)
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert child.returncode == 0, shown_text.decode(errors="replace")
    return out.decode(), shown_text.decode(errors="replace")


def test_piped_a_loop_prints_exactly_what_it_did_before() -> None:
    done = subprocess.run([sys.executable, "-c", LOOP], cwd=ROOT, env=_env(), capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout == "a line above the bar\ntotal 10\n"
    assert done.stderr == "a log record above the bar\n"  # the log as before, no bar


@pytest.mark.parametrize("columns, lines", [(0, 0), (100, 0), (120, 40)])
def test_on_a_terminal_the_bar_shows_on_stderr_only(columns: int, lines: int) -> None:
    out, terminal = _run_on_a_terminal(LOOP, columns, lines)
    assert out == "a line above the bar\ntotal 10\n"  # stdout (--json) untouched
    assert "games: 100%" in terminal and "5/5" in terminal and "game/s" in terminal
    assert "trials: 100%" in terminal and "3/3" in terminal
    assert "a log record above the bar" in terminal


def test_tqdm_disable_switches_it_off_on_a_terminal_too() -> None:
    code = "import os; os.environ['TQDM_DISABLE'] = '1'\n" + LOOP
    _, terminal = _run_on_a_terminal(code)
    assert "games:" not in terminal and "%|" not in terminal


def test_in_process_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert not shown()  # pytest captures stderr
    assert list(progress(iter([1, 2, 3]), desc="x")) == [1, 2, 3]  # no len(): still every item
    with progress_bar(None, "x") as advance:
        assert advance is quiet
        advance(5)
    note("said")
    assert capsys.readouterr() == ("said\n", "")


def test_simulate_piped_prints_its_figures_and_no_bar() -> None:
    """A real long command: ``companion simulate --json`` into a pipe is one JSON object, nothing else."""
    done = subprocess.run([sys.executable, "-m", "companion", "simulate", "--games", "3", "--jobs", "1",
                           "--json"], cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 3
    assert "%|" not in done.stderr and "\r" not in done.stderr


class _Terminal(io.StringIO):
    """A stream that says it is a terminal (of no size: the bar takes 80 columns)."""

    def isatty(self) -> bool:
        return True


def test_a_range_longer_than_len_can_say_is_counted_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tester X4: ``simulate --games 99999999999999999999 --jobs 1`` ended in an OverflowError here."""
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    huge = range(10**20)
    with pytest.raises(OverflowError):
        len(huge)
    assert list(itertools.islice(progress(huge, desc="games"), 3)) == [0, 1, 2]  # not shown: stderr captured
    terminal = _Terminal()
    assert shown(terminal)
    items = progress(range(5, 10**20, 7), desc="games", unit="game", file=terminal)
    assert list(itertools.islice(items, 2)) == [5, 12]
    items.close()  # type: ignore[attr-defined]
    assert "/14285714285714285714" in terminal.getvalue()  # the exact total, however large

    class Endless:
        def __len__(self) -> int:
            return 10**20  # len() raises OverflowError

        def __iter__(self) -> Iterator[int]:
            return itertools.count()

    terminal = _Terminal()
    items = progress(Endless(), desc="games", file=terminal)
    assert list(itertools.islice(items, 3)) == [0, 1, 2]
    items.close()  # type: ignore[attr-defined]
    assert "games: " in terminal.getvalue() and "it [" in terminal.getvalue()  # counted without a total
