"""Seeded bot tournaments for the action games' balance figures (issue 24, item 10): who wins by seat.

A game's lab (``companion.games.six_actions.lab.balance``, ``companion.games.five_actions.lab.balance``)
plays whole games through its checked engine with seeded bots and hands each finished game here as a
:class:`GameResult`; :func:`tally` gathers a cell's games into a :class:`CellFigures` and
:func:`table_rows` writes the Markdown rows.  Win rates carry a 95% Wilson score interval.

A game that reaches its lab's action cap is stopped there, counted in the ``capped`` column and
left out of the win rates (never hidden): a cap that is reached says a bot or a rule loops.

Ties: the excerpts define no winner, so each lab ranks as the game's end screen does (the history's
winners); a tie shares the win, so every tied seat counts one win and the seats' rates may add up to
more than 100% (the ``ties`` column counts those games).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from companion.cli.output import err, out, positive, whole_number
from companion.lab.intervals import wilson
from companion.lab.progress import progress

__all__ = ["GameResult", "CellFigures", "Cell", "CellRun", "wilson", "tally", "run_cell", "table_rows",
           "percent", "HEADER", "begin_marker", "end_marker", "replace_section", "keep_sections", "SEATINGS",
           "Lab", "parser", "command_line", "section", "main", "reading_cells",
           "best_at_random", "seat_bots", "ranking_note"]



@dataclass(frozen=True)
class GameResult:
    """One seeded game played to its end.

    :param winners: the winning seats (0-based; more than one: a tie shares the win); ``()`` when capped.
    :param bots: the bot in each seat, in seat order (``"random"``, ``"greedy"``).
    :param actions: the actions in the record (the table's and chance draws included).
    :param rounds: the rounds played.
    :param capped: the game hit the lab's action cap before its end (no winner then).
    :param scores: each seat's first ranking figure at the end (Asset Value, total points).
    """

    winners: tuple[int, ...]
    bots: tuple[str, ...]
    actions: int
    rounds: int
    capped: bool
    scores: tuple[int, ...]


@dataclass(frozen=True)
class CellFigures:
    """A cell's games (one player count, one seating of bots, one table option reading).

    :param wins: wins (ties included) by seat; :param bot_wins: wins by bot name (every seat of it).
    :param bot_seats: seats each bot name filled over all finished games (the denominator of its rate).
    """

    games: int
    finished: int
    capped: int
    ties: int
    wins: tuple[int, ...]
    bot_wins: dict[str, int]
    bot_seats: dict[str, int]
    mean_actions: float
    mean_rounds: float
    mean_score: float


def tally(results: Sequence[GameResult], players: int) -> CellFigures:
    """The figures of a cell's ``results`` (each a ``players``-player game).

    :raises ValueError: a result of another player count.
    """
    wins = [0] * players
    bot_wins: dict[str, int] = {}
    bot_seats: dict[str, int] = {}
    finished = [r for r in results if not r.capped]
    for r in results:
        if len(r.bots) != players:
            raise ValueError(f"a {len(r.bots)}-player game in a {players}-player cell")
    for r in finished:
        for seat in r.winners:
            wins[seat] += 1
        for bot in set(r.bots):
            bot_seats[bot] = bot_seats.get(bot, 0) + r.bots.count(bot)
            bot_wins[bot] = bot_wins.get(bot, 0) + sum(1 for s in r.winners if r.bots[s] == bot)
    return CellFigures(
        games=len(results),
        finished=len(finished),
        capped=len(results) - len(finished),
        ties=sum(1 for r in finished if len(r.winners) > 1),
        wins=tuple(wins),
        bot_wins=bot_wins,
        bot_seats=bot_seats,
        mean_actions=statistics.fmean(r.actions for r in results) if results else 0.0,
        mean_rounds=statistics.fmean(r.rounds for r in results) if results else 0.0,
        mean_score=statistics.fmean(s for r in finished for s in r.scores) if finished else 0.0,
    )


@dataclass(frozen=True)
class Cell:
    """One row of a balance table: ``games`` seeded games of one seating at one player count.

    :param seating: what sits where, as the row says it (``"all random"``, ``"greedy vs random"``).
    :param option: the table option reading of the row (``"default"``, ``"forced_loan=shortfall"``).
    :param bots: game number -> the bot of each seat (a rotating seating changes with the game).
    :param play: ``(seed, bots) ->`` the finished :class:`GameResult`.
    :param games: the cell's own number of games (``None``: the command's ``--games``).
    """

    players: int
    seating: str
    option: str
    bots: Callable[[int], tuple[str, ...]]
    play: Callable[[int, tuple[str, ...]], GameResult]
    games: int | None = None


def _same(bot: str, players: int, game: int) -> tuple[str, ...]:
    return (bot,) * players


def _rotating(players: int, game: int) -> tuple[str, ...]:
    return tuple("greedy" if seat == game % players else "random" for seat in range(players))


#: Each seating of a ``random`` and a ``greedy`` bot: ``(players, game number) ->`` each seat's bot.
#: ``greedy vs random``: one greedy bot, in seat 1 in game 0, seat 2 in game 1, and so on.
SEATINGS: dict[str, Callable[[int, int], tuple[str, ...]]] = {
    "all random": partial(_same, "random"),
    "all greedy": partial(_same, "greedy"),
    "greedy vs random": _rotating,
}


A = TypeVar("A")


def best_at_random(rng: random.Random, keyed: Sequence[tuple[tuple[int, ...], A]]) -> A:
    """A greedy bot's pick: of ``keyed`` (``(rank key, move)`` pairs, not empty) a move with the
    highest key, ties drawn with ``rng`` (one ``choice`` call, so a seeded bot stays reproducible).

    :raises ValueError: ``keyed`` is empty.
    """
    best = max(k for k, _ in keyed)
    return rng.choice([a for k, a in keyed if k == best])


B = TypeVar("B")


def seat_bots(kinds: Mapping[str, Callable[[int], B]], bots: Sequence[str], seed: int) -> list[B]:
    """Each seat's bot: seat ``i`` gets ``kinds[bots[i]]`` seeded with ``seed * 10 + i``.

    :raises ValueError: a name in ``bots`` that is not in ``kinds`` (the first such).
    """
    unknown = [b for b in bots if b not in kinds]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} (bots: {', '.join(kinds)})")
    return [kinds[b](seed * 10 + seat) for seat, b in enumerate(bots)]


def ranking_note(ranking: str, score: str, cap: int) -> str:
    """The notes' sentences on what this module decides for every game: the winner by the end
    screen's ``ranking`` (words), ties, the ``greedy vs random`` seating, the fair share, the mean
    ``score`` (words) and the ``cap`` (actions)."""
    return (f"A game wins by the end screen's ranking ({ranking}); a tie shares the win (every tied seat "
            f"counts a win, so a row's seats can add up to more than 100%). `greedy vs random`: one greedy "
            f"bot, in seat 1 in game 0, seat 2 in game 1, and so on; its rate is per game, a random bot's "
            f"per seat it filled. Fair share: 1/players. Mean score: the mean {score} at the end. A game "
            f"is stopped at {cap} actions and counted as capped, never as a win.")


#: ``(players, reading) ->`` the cell's ``(seed, bots) ->`` :class:`GameResult`.
Player = Callable[[int, str], Callable[[int, tuple[str, ...]], GameResult]]


def reading_cells(args: argparse.Namespace, title: str, low: int, high: int, play: Player) -> list[Cell]:
    """The cells ``args`` asks for (``--players``, ``--options``, ``--seatings``, ``--option-games``),
    by player count, then reading, then seating; a reading other than ``default`` plays
    ``--option-games`` games.

    :param title: the game, as the refusal names it.
    :param low: the fewest players the pack takes; ``high`` the most.
    :param play: ``(players, reading) ->`` how a game of that cell is played.
    :raises ValueError: a player count outside ``low`` to ``high``.
    """
    players: Sequence[int] = args.players or range(low, high + 1)
    bad = [n for n in players if not low <= n <= high]
    if bad:
        raise ValueError(f"{title} takes {low} to {high} players, not {bad[0]}")
    out = []
    for n in players:
        for reading in args.options:
            games = args.option_games if reading != "default" else None
            game = play(n, reading)
            for seating in args.seatings:
                out.append(Cell(n, seating, reading, partial(SEATINGS[seating], n), game, games))
    return out


@dataclass(frozen=True)
class CellRun:
    """A played :class:`Cell`: its figures and the wall-clock seconds it took."""

    cell: Cell
    figures: CellFigures
    seconds: float


def run_cell(cell: Cell, games: int, seed: int) -> CellRun:
    """Play ``games`` games of ``cell`` (or the cell's own number), game ``i`` with seed ``seed + i``
    (every cell plays the same seeds), and :func:`tally` them."""
    start = time.perf_counter()
    games = cell.games if cell.games is not None else games
    results = [cell.play(seed + i, cell.bots(i)) for i in range(games)]
    return CellRun(cell, tally(results, cell.players), time.perf_counter() - start)


def percent(wins: int, games: int) -> str:
    """``"51.2% (48.1-54.3)"``: the rate and its 95% Wilson interval, in percent."""
    if games <= 0:
        return "-"
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


#: The columns of :func:`table_rows` (Markdown).
HEADER = (
    "| players | seating | option | games | capped | ties | win rate by seat (seat 1 plays first), 95% CI "
    "| win rate by bot (per seat it filled), 95% CI | mean actions | mean rounds | mean score | games/s |",
    "|---:|---|---|---:|---:|---:|---|---|---:|---:|---:|---:|",
)


def table_rows(runs: Sequence[CellRun]) -> list[str]:
    """:data:`HEADER` and one Markdown row per run."""
    out = list(HEADER)
    for run in runs:
        c, f = run.cell, run.figures
        seats = "; ".join(f"{i + 1}: {percent(w, f.finished)}" for i, w in enumerate(f.wins))
        bots = "; ".join(f"{b}: {percent(f.bot_wins[b], f.bot_seats[b])}" for b in sorted(f.bot_seats))
        speed = f.games / run.seconds if run.seconds > 0 else 0.0
        out.append(
            f"| {c.players} | {c.seating} | {c.option} | {f.games} | {f.capped} | {f.ties} | {seats} "
            f"| {bots} | {f.mean_actions:.0f} | {f.mean_rounds:.1f} | {f.mean_score:.1f} | {speed:.1f} |"
        )
    return out


def begin_marker(name: str) -> str:
    """The line that opens game ``name``'s section of a shared Markdown page."""
    return f"<!-- {name} balance: written by its lab command, from here to its end marker -->"


def end_marker(name: str) -> str:
    """The line that closes game ``name``'s section."""
    return f"<!-- end of the {name} balance -->"


def replace_section(text: str, name: str, section: str) -> str:
    """``text`` with game ``name``'s section (between its markers) replaced by ``section``, or with
    it added at the end; the rest of the page stays as it is."""
    begin, end = begin_marker(name), end_marker(name)
    block = f"{begin}\n{section.rstrip()}\n{end}\n"
    if begin in text and end in text.split(begin, 1)[1]:
        head, rest = text.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        return head + block + ("\n" + tail if tail else "")
    return text.rstrip("\n") + "\n\n" + block if text.strip() else block


@dataclass(frozen=True)
class Lab:
    """A game's balance command: its name (the section markers), the section's title and notes, and
    its cells for the parsed arguments.

    :param cells: ``args ->`` the cells to play, in table order.
    :param notes: ``args ->`` the lines under the title (the bots, the table, the seating).
    :param readings: the game's table readings (``--options``, all by default; ``default`` first).
    :param cap: the default of ``--cap``: actions before a game is stopped.
    """

    name: str
    title: str
    module: str
    cells: Callable[[argparse.Namespace], list[Cell]]
    notes: Callable[[argparse.Namespace], list[str]]
    readings: tuple[str, ...]
    cap: int


def parser(lab: Lab) -> argparse.ArgumentParser:
    """The command line of ``lab``: ``--games``, ``--seed``, ``--players``, ``--seatings``, ``--out``,
    ``--options`` (the game's readings) and ``--cap``."""
    p = argparse.ArgumentParser(prog=f"python -m {lab.module}",
                                description=f"{lab.title}: win rates by seat and by bot, seeded bots.")
    p.add_argument("--games", type=positive, default=1000, help="games per cell (default 1000)")
    p.add_argument("--option-games", type=positive, default=None,
                   help="games per cell of a reading other than the default (default: --games)")
    p.add_argument("--seed", type=whole_number, default=0, help="game i of every cell has seed SEED + i")
    p.add_argument("--players", type=positive, nargs="+", default=None, help="player counts (default: all)")
    p.add_argument("--seatings", nargs="+", choices=list(SEATINGS), default=list(SEATINGS),
                   help="the seatings to play (default: all)")
    p.add_argument("--out", type=Path, default=None,
                   help="also write the section into this Markdown page (between its markers; the rest "
                        "stays), after each cell (a partial section says so)")
    p.add_argument("--options", nargs="+", choices=list(lab.readings), default=list(lab.readings),
                   help="the table readings to play (default: all)")
    p.add_argument("--cap", type=positive, default=lab.cap,
                   help=f"actions before a game is stopped ({lab.cap})")
    return p


def command_line(lab: Lab, argv: Sequence[str]) -> str:
    """The command that gives these figures, as the page quotes it."""
    return " ".join(["python -m", lab.module, *argv])


def section(lab: Lab, args: argparse.Namespace, runs: Sequence[CellRun], command: str) -> list[str]:
    """The Markdown section: title, the command, the notes, the table and the speed."""
    seconds = sum(r.seconds for r in runs)
    games = sum(r.figures.games for r in runs)
    capped = sum(r.figures.capped for r in runs)
    return [
        f"## {lab.title}: seats, bots and table options",
        "",
        "Regenerate with:",
        "",
        "```",
        command,
        "```",
        "",
        *lab.notes(args),
        "",
        *table_rows(runs),
        "",
        f"{games} games in {seconds:.0f} s wall-clock, one process on a shared machine "
        f"({games / seconds if seconds else 0:.1f} games/s); {capped} stopped at the action cap.",
    ]


def main(lab: Lab, argv: Sequence[str] | None = None) -> int:
    """Run ``lab``'s command: play every cell, print the section (and write it with ``--out``).

    :returns: 0; 2 for a bad argument (argparse's).
    """
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser(lab).parse_args(given)
    try:
        cells = lab.cells(args)
    except ValueError as exc:
        err(f"error: {exc}")
        return 2
    runs: list[CellRun] = []
    command = command_line(lab, given)
    for cell in progress(cells, desc="cells", unit="cell"):
        runs.append(run_cell(cell, args.games, args.seed))
        if args.out is not None and len(runs) < len(cells):
            partial_note = f"**Partial: {len(runs)} of {len(cells)} cells played so far.**"
            _write(args.out, lab.name, [*section(lab, args, runs, command), "", partial_note])
    lines = section(lab, args, runs, command)
    for line in lines:
        out(line)
    if args.out is not None:
        _write(args.out, lab.name, lines)
    return 0


def _write(path: Path, name: str, lines: list[str]) -> None:
    """Write the section into ``path`` atomically (a temporary file beside it, then renamed over it)."""
    page = path.read_text(encoding="utf-8") if path.exists() else ""
    tmp = path.with_suffix(path.suffix + f".{name}.tmp")
    tmp.write_text(replace_section(page, name, "\n".join(lines)), encoding="utf-8")
    tmp.replace(path)


_SECTION = re.compile(r"^<!-- (\S+) balance: written by its lab command.*?^<!-- end of the \1 balance -->\n?",
                      re.DOTALL | re.MULTILINE)


def keep_sections(path: Path, page: str) -> str:
    """``page`` with every game's section that the Markdown file at ``path`` holds (between the markers
    of :func:`begin_marker` and :func:`end_marker`) added at its end: so a command that writes the whole
    page (Incoming Transmission's balance table) keeps the action games' sections."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    for match in _SECTION.finditer(old):
        if match.group(0) not in page:
            page = page.rstrip("\n") + "\n\n" + match.group(0).rstrip("\n") + "\n"
    return page
