"""How fast The Six Actions' referee answers a tap, at the length a long game reaches.

``python -m companion.games.six_actions.bench [ACTIONS]`` plays a seeded 4-player game of ``ACTIONS``
actions (default 1,000: several evenings' rounds, most of them ledger adjustments, which grow the
ledger fastest) and prints, with :func:`time.perf_counter`:

- one checked :meth:`Game.play` at the end (the state is copied, the action tried on the copy);
- one :meth:`Session.view` (the table's redraw; it checks Pass and End turn);
- one :meth:`Game.preview` of a Build (the confirmation screen's "who pays whom");
- :func:`replay` of the whole record (a resume after a power cut);
- the peak of Python allocations while replaying (:mod:`tracemalloc`, untimed pass).

Each figure is the median of 21 runs.  Figures depend on the machine; they belong in the notes with
this command, not in docstrings.
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable

from companion.cli.output import out
from companion.games.six_actions.content.loader import default_content
from companion.games.six_actions.engine.actions import Adjust, Build, EndTurn, Pass
from companion.games.six_actions.engine.record import record_of, replay
from companion.games.six_actions.session import Seat, Session

__all__ = ["main"]


def _median_ms(run: Callable[[], object], times: int = 21) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent) * 1000


def main(argv: list[str] | None = None) -> int:
    """Print the figures.  :returns: 0."""
    args = sys.argv[1:] if argv is None else argv
    count = int(args[0]) if args else 1000
    content = default_content()
    seats = [Seat(n, c) for n, c in (("Ana", "red"), ("Ben", "blue"), ("Cleo", "green"), ("Dev", "yellow"))]
    session = Session.new(content, seats, seed=1)
    game = session.game
    while len(game.actions) < count:
        state = game.state
        if state.phase.value == "round_end":
            session.new_round((state.tycoon + 1) % 4)
        elif len(game.actions) % 9 == 0 and state.current is not None:
            session.muster(1) or session.pass_turn() or session.end_turn()
        else:
            session.adjust(len(game.actions) % 4, "Revenue", money=3)
    card = next((c for p in game.state.players for c in p.industries), "mine")
    rows = len(game.state.ledger)
    out(f"The Six Actions, a 4-player game of {len(game.actions)} actions, {rows} ledger rows")
    figures = {
        "play (checked, one action)": _median_ms(lambda: game.reason(Adjust(0, "Revenue", money=1))),
        "view (the table's redraw)": _median_ms(session.view),
        "preview of a Build": _median_ms(lambda: game.preview(Build(card, "coldwell"))),
        "is_legal(Pass), is_legal(End turn)": _median_ms(
            lambda: (game.is_legal(Pass()), game.is_legal(EndTurn()))
        ),
    }
    for what, ms in figures.items():
        out(f"  {what + ':':36} {ms:.3f} ms")
    record = record_of(game)
    out(f"  {'replay of the whole record:':36} {_median_ms(lambda: replay(record, content), times=5):.1f} ms")
    tracemalloc.start()
    replay(record, content)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out(f"  {'allocation peak of the replay:':36} {peak / 1e6:.1f} MB (tracemalloc)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
