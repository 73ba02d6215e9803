"""Progress for the long developer commands (``bench planner``, ``simulate``, the balance run,
``scripts/kill-resume``): a tqdm bar on a terminal, nothing at all otherwise.

Source: issue 10, item 3 ("Long commands print nothing until they finish").  The bar goes to stderr
only, so ``--json`` figures on stdout stay clean, and only when stderr is a terminal (tqdm's own
``disable=None``): piped into a file or another program, or under the test runner, a command prints
exactly what it printed before.  ``TQDM_DISABLE=1`` switches it off on a terminal too (tqdm's own
variable).

Two shapes, for the two kinds of loop:

* :func:`progress` wraps an iterable: ``for cell in progress(cells, desc="cells")``;
* :func:`progress_bar` gives an ``advance(n)`` callback for a loop that is not one iterable (work
  reported from a callback, a pool's results): ``with progress_bar(200, "trials") as advance: ...``.

While a bar is up, log records go through tqdm (above the bar, not through it), and a line the
loop prints should go through :func:`note`.

Nested bars (the balance run's cells, each a :func:`companion.games.transmission.lab.simulate.simulate`
of many games)
stack: the outer one stays, an inner one is cleared when it ends.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Never, TypeVar

from tqdm import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm

__all__ = ["Advance", "note", "progress", "progress_bar", "quiet", "shown"]

T = TypeVar("T")

#: ``advance(n)``: ``n`` more steps are done (the callback a long loop reports to).
Advance = Callable[[int], None]


def quiet(_n: int = 1) -> None:
    """An :data:`Advance` that shows nothing (the default where a caller passes none)."""


def shown(file: IO[str] | None = None) -> bool:
    """True when a bar would be drawn on ``file`` (default: stderr): it is a terminal and
    ``$TQDM_DISABLE`` is unset (or 0)."""
    if os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false", "no"):
        return False
    stream = sys.stderr if file is None else file
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _size(stream: IO[str]) -> tuple[int, int]:
    """The terminal's columns and lines, each 0 when it reports none (a pseudo-terminal nobody sized)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return 0, 0
    return size.columns, size.lines


def _bar(total: int | None, desc: str, unit: str, file: IO[str] | None) -> tqdm[Never]:
    stream = sys.stderr if file is None else file
    # tqdm draws nothing on a terminal that reports 0 columns or 0 lines (a pseudo-terminal nobody
    # sized, `stty cols 100` alone): such a one gets 80 columns and 24 lines.
    columns, lines = _size(stream)
    sized = columns > 0 and lines > 0
    bar: tqdm[Never] = tqdm(total=total, desc=desc, unit=unit, file=stream, disable=not shown(stream),
                           leave=None, dynamic_ncols=sized, ncols=None if sized else (columns or 80),
                           nrows=None if sized else (lines or 24), smoothing=0.1)
    return bar


def progress(iterable: Iterable[T], *, total: int | None = None, desc: str = "", unit: str = "it",
             file: IO[str] | None = None) -> Iterator[T]:
    """Yield ``iterable``'s items, with a bar on stderr when it is a terminal.

    :param total: how many items (default ``len(iterable)`` when it has one, a ``range``'s length however
        large; else the bar counts up without a total).
    :param desc: what is counted, before the bar (``"positions"``).
    :param unit: one item's name in the rate (``"game"`` -> ``12.3game/s``).
    :param file: where the bar goes (default stderr; a test passes a pseudo-terminal).
    """
    if total is None:
        total = _length(iterable)
    if not shown(file):
        yield from iterable
        return
    with _bar(total, desc, unit, file) as bar, logging_redirect_tqdm():
        for item in iterable:
            yield item
            bar.update(1)


def _length(iterable: Iterable[object]) -> int | None:
    """``len(iterable)``, or ``None`` when it has none; a ``range`` longer than ``len()`` can say
    (more than ``sys.maxsize`` items: ``OverflowError``) is counted by its bounds."""
    try:
        return len(iterable)  # type: ignore[arg-type]
    except TypeError:
        return None
    except OverflowError:
        if isinstance(iterable, range):
            step = iterable.step
            span = iterable.stop - iterable.start if step > 0 else iterable.start - iterable.stop
            return max(0, (span + abs(step) - 1) // abs(step))
        return None


@contextmanager
def progress_bar(total: int | None, desc: str = "", unit: str = "it",
                 file: IO[str] | None = None) -> Iterator[Advance]:
    """A bar of ``total`` steps for the ``with`` block; yields its :data:`Advance` callback
    (:func:`quiet` when stderr is not a terminal).  Parameters as in :func:`progress`."""
    if not shown(file):
        yield quiet
        return
    with _bar(total, desc, unit, file) as bar, logging_redirect_tqdm():
        def advance(n: int = 1) -> None:
            bar.update(n)

        yield advance


def note(text: str, file: IO[str] | None = None) -> None:
    """Print one line (default to stdout) above any bar that is up, as ``print(text, flush=True)``
    does when none is."""
    stream = sys.stdout if file is None else file
    tqdm.write(text, file=stream)
    stream.flush()
