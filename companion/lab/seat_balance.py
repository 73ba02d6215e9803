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

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["GameResult", "CellFigures", "wilson", "tally", "run_cell", "table_rows", "percent", "HEADER"]

_Z = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


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


def wilson(wins: int, games: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval of ``wins / games`` (``(0.0, 1.0)`` for no games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


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


def run_cell(play: Callable[[int], GameResult], seeds: Sequence[int], players: int) -> CellFigures:
    """Play one game per seed (``play(seed)``) and :func:`tally` them."""
    return tally([play(seed) for seed in seeds], players)


def percent(wins: int, games: int) -> str:
    """``"51.2% (48.1-54.3)"``: the rate and its 95% Wilson interval, in percent."""
    if games <= 0:
        return "-"
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


#: The columns of :func:`table_rows` (Markdown).
HEADER = (
    "| players | seats (seat 1 first) | option | games | capped | ties | win rate by seat, 95% CI | "
    "mean actions | mean rounds | mean score |\n|---:|---|---|---:|---:|---:|---|---:|---:|---:|"
)


def table_rows(rows: Sequence[tuple[int, str, str, CellFigures]]) -> list[str]:
    """One Markdown row per ``(players, seating, option, figures)`` under :data:`HEADER`."""
    out = []
    for players, seating, option, f in rows:
        seats = "; ".join(f"{i + 1}: {percent(w, f.finished)}" for i, w in enumerate(f.wins))
        out.append(
            f"| {players} | {seating} | {option} | {f.games} | {f.capped} | {f.ties} | {seats} | "
            f"{f.mean_actions:.0f} | {f.mean_rounds:.1f} | {f.mean_score:.1f} |"
        )
    return out
