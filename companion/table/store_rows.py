"""What the game store hands out, and reading its ``games`` rows (:mod:`companion.table.store`).

A value that cannot be read (a file changed outside the companion) is a :class:`StoreError` naming
the game, the column and what to do, not a bare ``ValueError``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.i18n import _, ngettext
from companion.table.store_db import StoreError

__all__ = ["export_row", "RESULTS", "MAX_SEED", "SUMMARY_COLUMNS", "SEAT_COLUMN", "seat_of", "GameSummary",
           "DifficultyStats", "SavedGame", "describe_saved", "stamp", "parse_moment", "bad_value", "integer",
           "summary_of", "streaks", "counts", "figures", "game_figures", "FINAL_COLUMN", "final_state",
           "final_of", "PlayerStats", "player_figures", "LISTED_COLUMNS", "listed_summary",
           "all_figures", "said_names"]

#: The values of :attr:`GameSummary.result`.
RESULTS = ("won", "lost", "abandoned", "unfinished")


# --------------------------------------------------------------------------- what the store hands out


def counts(result: str, transmissions_used: int) -> bool:
    """Whether a game with this result is in the figures: won, lost, or abandoned after its first
    Transmission card was drawn (given up: not won).  See :attr:`GameSummary.counted`."""
    return result in ("won", "lost") or (result == "abandoned" and transmissions_used > 0)


@dataclass(frozen=True)
class GameSummary:
    """One game in the history.

    :param started, ended: UTC, timezone-aware; ``ended`` is ``None`` while unfinished.
    :param result: ``"won"``, ``"lost"``, ``"abandoned"`` or ``"unfinished"``.
    :param transmissions_used: Transmission cards drawn.
    :param score: RULES.md, Score (for an unfinished or abandoned game, its missions' points so far).
    :param duration_s: seconds the game was open in the companion, resumes added up; ``None`` while
        unfinished.
    :param undos: undos in its record.
    :param game: the game's name (:attr:`~companion.table.registry.GameInfo.name`); the other columns
        hold that game's figures (:class:`~companion.table.registry.Progress`).
    :param mission_control: who was Mission Control: ``"companion"`` or ``"person"`` (RULES.md, With a
        person as Mission Control), as the game's last saved table state says (:data:`SEAT_COLUMN`).
    """

    id: int
    started: datetime
    ended: datetime | None
    difficulty: str
    layout: str
    seed: int
    result: str
    transmissions_used: int
    missions_completed: int
    missions_total: int
    score: int
    duration_s: float | None
    undos: int
    game: str = "transmission"
    mission_control: str = "companion"
    #: A game played against each other: who won (several on a tie) and the winning total, as its
    #: last saved table state recorded them (:func:`final_state`); empty and ``None`` for a game not
    #: over, of Incoming Transmission, or finished before the companion recorded them.
    winners: tuple[str, ...] = ()
    winning_total: int | None = None

    @property
    def counted(self) -> bool:
        """True when the game is in the figures (:class:`DifficultyStats`): won, lost, or left after
        its first Transmission card was drawn (a game given up: not won).  A game left before its
        first transmission was never played; it is outside the win rate and the streaks, and so is
        an unfinished one (until it ends)."""
        return counts(self.result, self.transmissions_used)

    @property
    def shown_result(self) -> str:
        """The result as the table reads it: ``won``, ``lost``, ``left`` (given up after a transmission:
        counted as not won), ``abandoned`` (left before its first transmission: not counted) or
        ``unfinished``."""
        return "left" if self.result == "abandoned" and self.counted else self.result

    @property
    def public_seed(self) -> int | None:
        """The seed, or ``None`` while the game is unfinished: with the content pack the seed deals the
        secret missions, so nothing about a game still to be played shows it."""
        return None if self.result == "unfinished" else self.seed


@dataclass(frozen=True)
class DifficultyStats:
    """The figures of one difficulty, over its counted games (:attr:`GameSummary.counted`).

    :param games: games counted: won, lost, or given up after a transmission.
    :param win_rate: ``wins / games`` (0.0 with no games).
    :param streak: the current winning streak (wins since the last counted game not won).
    :param scores: every counted game's score, oldest first (the chart).
    :param abandoned: games left before their first transmission (not counted).
    :param game: the game's name (:attr:`~companion.table.registry.GameInfo.name`) whose difficulty it is.
    """

    difficulty: str
    games: int
    wins: int
    win_rate: float
    best_score: int
    streak: int
    best_streak: int
    scores: tuple[int, ...]
    abandoned: int = 0
    game: str = "transmission"


@dataclass(frozen=True)
class SavedGame:
    """A game with its record, as :meth:`Store.resume` needs it.

    :param record: the game record as its session gave it (``format``, ``content``, ``digest``,
        ``seed``, ``difficulty``, ``layout``, ``actions``).
    :param table: the last table state saved (the session's ``table_state()``), or ``None``.
    :param game: the game's name (:attr:`~companion.table.registry.GameInfo.name`).
    """

    id: int
    summary: GameSummary
    content_id: str
    content_digest: str
    record: Mapping[str, Any] = field(hash=False)
    table: Mapping[str, Any] | None = field(hash=False)
    game: str


def describe_saved(saved: SavedGame) -> str:
    """A line for a resume offer, e.g. ``"Standard, started 2026-11-30 14:49 UTC:
    Transmission card 3 of 7 drawn, 1 of 3 missions complete."``"""
    s = saved.summary  # no seed: with the content pack it deals the unfinished game's secret missions
    drawn = ngettext("{n} Transmission card drawn", "{n} Transmission cards drawn", s.transmissions_used)
    return _("{difficulty}, started {started} UTC: {drawn}, {done} of {total} missions complete.").format(
        difficulty=_(s.difficulty.title()) if s.difficulty else "", started=f"{s.started:%Y-%m-%d %H:%M}",
        drawn=drawn.format(n=s.transmissions_used), done=s.missions_completed, total=s.missions_total)


def export_row(game: GameSummary) -> dict[str, Any]:
    """One game as the machine exports write it (``Store.export_csv``/``export_json``): the
    :class:`GameSummary` fields, times as :func:`stamp` text, the seed only once the game is over (while
    unfinished it deals the secret missions), ``winners`` as a list."""
    row = asdict(game)
    row["seed"] = game.public_seed
    row["started"] = stamp(game.started)
    row["ended"] = stamp(game.ended) if game.ended else None
    row["winners"] = list(game.winners)
    return row


def stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def parse_moment(text: str | None) -> datetime | None:
    if text is None:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


SUMMARY_COLUMNS = ("id, started, ended, difficulty, layout, seed, result, transmissions_used, "
                    "missions_completed, missions_total, score, played_s, undos")


_COLUMN_NAMES = tuple(name.strip() for name in SUMMARY_COLUMNS.split(","))

#: Who was Mission Control, as a column of a ``SELECT ... FROM games``: the ``mission_control`` of the
#: game's last saved table state (``null`` for a state that is not JSON, or a game saved before it).
SEAT_COLUMN = ("(SELECT CASE WHEN json_valid(state) THEN state ->> '$.mission_control' END "
               "FROM table_state WHERE table_state.game_id = games.id)")


def seat_of(value: object) -> str:
    """:data:`SEAT_COLUMN`'s value as :attr:`GameSummary.mission_control`: ``"person"`` or ``"companion"``
    (anything else, a missing state included, was the companion: the only seat before a person's)."""
    return "person" if value == "person" else "companion"

#: A game's winners and winning total, as a column of a ``SELECT ... FROM games``: the ``final`` of its
#: last saved table state (:func:`final_state`) as JSON text, ``null`` when there is none.
FINAL_COLUMN = ("(SELECT CASE WHEN json_valid(state) THEN state -> '$.final' END "
                "FROM table_state WHERE table_state.game_id = games.id)")


def final_state(ranked: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, Any]:
    """The ``final`` entry of a finished game's table state, for its history (:data:`FINAL_COLUMN`).

    :param ranked: each player's name and the figures the game ranks by, best highest (the first is
        the winning total, e.g. The Five Actions' ``(total, money)``); at least one player.
    :returns: ``{"winners": [names], "total": n}``: every player whose figures are the best (a tie
        shares the win), and the first figure.
    """
    best = max(key for _, key in ranked)
    return {"winners": [name for name, key in ranked if key == best], "total": int(best[0])}


def final_of(value: object) -> tuple[tuple[str, ...], int | None]:
    """:data:`FINAL_COLUMN`'s value as ``(winners, winning_total)``; ``((), None)`` when it is missing
    or cannot be read (a game stored before it was recorded: its other figures still count)."""
    if not isinstance(value, str):
        return (), None
    try:
        final = json.loads(value)
        names = final["winners"]
        total = final["total"]
    except (ValueError, TypeError, KeyError):
        return (), None
    if (not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names)
            or isinstance(total, bool) or not isinstance(total, int)):
        return (), None
    return tuple(names), total


#: The columns of a listed game (:func:`listed_summary`).
LISTED_COLUMNS = f"{SUMMARY_COLUMNS}, {FINAL_COLUMN}, {SEAT_COLUMN}, game"


def listed_summary(row: Sequence[Any], path: Path) -> GameSummary:
    """One row of ``SELECT {LISTED_COLUMNS} FROM games`` as a :class:`GameSummary`, with its game, its
    seat and its winners.  :raises StoreError: a value that cannot be read."""
    winners, total = final_of(row[-3])
    return replace(summary_of(row[:-3], path), game=str(row[-1]), mission_control=seat_of(row[-2]),
                   winners=winners, winning_total=total)


#: The largest seed SQLite's INTEGER holds (signed 64 bits).
MAX_SEED = 2**63 - 1


def bad_value(path: Path, game: object, column: str, value: object) -> StoreError:
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    return StoreError(f"The game history {path} holds a value that cannot be read for game {game} "
                      f"({column} = {shown}): the file was changed outside the companion. Correct or delete "
                      f"that row with an SQLite tool, or move the file away to start a fresh history.")


def integer(value: Any) -> int:
    """An INTEGER column's value; a fraction or text is refused (:raises ValueError:)."""
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(value)
    return int(value)


def summary_of(row: Sequence[Any], path: Path) -> GameSummary:
    """One ``games`` row as a :class:`GameSummary`.  :raises StoreError: a value that cannot be read."""
    values = dict(zip(_COLUMN_NAMES, row))
    gid = values["id"]

    def read(column: str, convert: Callable[[Any], Any]) -> Any:
        value = values[column]
        try:
            converted = convert(value)
        except (TypeError, ValueError, OverflowError, AssertionError):
            raise bad_value(path, gid, column, value) from None
        return converted

    def moment(value: Any) -> datetime:
        parsed = parse_moment(value)
        assert parsed is not None
        return parsed

    begun = read("started", moment)
    finished = None if values["ended"] is None else read("ended", moment)
    played = read("played_s", lambda v: float(v or 0))
    duration: float | None = None
    if finished is not None:
        duration = played if played else max(0.0, (finished - begun).total_seconds())
    return GameSummary(read("id", integer), begun, finished, str(values["difficulty"]), str(values["layout"]),
                       read("seed", integer), str(values["result"]), read("transmissions_used", integer),
                       read("missions_completed", integer), read("missions_total", integer),
                       read("score", integer), duration, read("undos", integer))


def streaks(wins: Iterable[bool]) -> tuple[int, int]:
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best




def figures(rows: Iterable[tuple[str, str, bool, int]], order: Sequence[str] = ()) -> list[DifficultyStats]:
    """The figures per difficulty (``order`` first, each listed even with no game) from ``(difficulty,
    result, counted, score)`` per finished or abandoned game, oldest first (:attr:`GameSummary.counted`)."""
    by: dict[str, list[tuple[bool, int]]] = {name: [] for name in order}
    left: dict[str, int] = {}
    for difficulty, result, counted, score in rows:
        if counted:
            by.setdefault(difficulty, []).append((result == "won", score))
        else:
            by.setdefault(difficulty, [])
            left[difficulty] = left.get(difficulty, 0) + 1
    out = []
    for name, games in by.items():
        wins = sum(1 for won, _ in games if won)
        streak, best_streak = streaks(won for won, _ in games)
        scores = tuple(score for _, score in games)
        out.append(DifficultyStats(name, len(games), wins, wins / len(games) if games else 0.0,
                                   max(scores, default=0), streak, best_streak, scores, left.get(name, 0)))
    return out


def game_figures(games: Iterable[GameSummary],
                 order: Mapping[str, Sequence[str]] | None = None) -> list[DifficultyStats]:
    """The figures per game and difficulty (:class:`DifficultyStats` with its ``game``), from every game
    of the history in any order (:meth:`Store.games <companion.table.store.Store.games>`).

    A game is listed once one of its games is won, lost or left; then all of its difficulties in
    ``order`` (a game's name to its difficulties), each even with no game, and any other it was played
    at.  Games never played are left out (the caller says "no games yet").  The games follow
    ``order``'s, then the others by name; the games in a row are in the order they were begun (row id).
    """
    order = order or {}
    rows: dict[str, list[tuple[str, str, bool, int]]] = {}
    for g in sorted(games, key=lambda g: g.id):
        if g.result != "unfinished":
            rows.setdefault(g.game, []).append((g.difficulty, g.result, g.counted, g.score))
    names = [name for name in order if name in rows] + sorted(name for name in rows if name not in order)
    return [replace(stats, game=name) for name in names for stats in figures(rows[name], order.get(name, ()))]



# --------------------------------------------------------------------------- games played against each other


@dataclass(frozen=True)
class PlayerStats:
    """The figures of a game played against each other (:attr:`GameInfo.standings
    <companion.table.registry.GameInfo.standings>`) for one number of players (its ``difficulty``).

    :param finished: games played to their end.
    :param left: games given up after the first move (a game given up before it is not counted).
    :param wins: each winner's name and games won, most first (a tie is a win for each tied player).
    :param best_total: the best winning total, and ``best_by`` who reached it (first time it was).
    :param totals: each finished game's winning total, oldest first (the chart); a game finished
        before the companion recorded its winner is counted in ``finished`` only (``unrecorded``).
    """

    game: str
    difficulty: str
    finished: int
    left: int
    wins: tuple[tuple[str, int], ...]
    best_total: int | None
    best_by: tuple[str, ...]
    totals: tuple[int, ...]
    unrecorded: int = 0


def player_figures(games: Iterable[GameSummary], game: str) -> list[PlayerStats]:
    """``game``'s figures per number of players (:class:`PlayerStats`), from the history in any order;
    a number of players is listed once a game at it is finished or given up after the first move, fewest
    players first.  Names are counted as the table typed them (``Ann`` and ``ann`` differ)."""
    rows: dict[str, list[GameSummary]] = {}
    for g in sorted(games, key=lambda g: g.id):
        if g.game == game and (g.result in ("won", "lost") or (g.result == "abandoned" and g.counted)):
            rows.setdefault(g.difficulty, []).append(g)
    def by_players(name: str) -> tuple[int, str]:
        first = name.split(" ", 1)[0]
        return (int(first) if first.isdigit() else 10**6, name)

    out = []
    for players, played in sorted(rows.items(), key=lambda kv: by_players(kv[0])):
        finished = [g for g in played if g.result != "abandoned"]
        recorded = [g for g in finished if g.winners and g.winning_total is not None]
        wins: dict[str, int] = {}
        for g in recorded:
            for name in g.winners:
                wins[name] = wins.get(name, 0) + 1
        totals = tuple(int(g.winning_total or 0) for g in recorded)
        best = max(totals, default=None)
        first_best = next((g for g in recorded if g.winning_total == best), None)
        out.append(PlayerStats(game, players, len(finished), len(played) - len(finished),
                               tuple(sorted(wins.items(), key=lambda kv: (-kv[1], kv[0].casefold()))),
                               best, first_best.winners if first_best else (), totals,
                               len(finished) - len(recorded)))
    return out


def all_figures(games: Sequence[GameSummary], order: Mapping[str, Sequence[str]],
                against: Sequence[str]) -> tuple[list[DifficultyStats], list[PlayerStats]]:
    """The history's figures: the games played as a team (Incoming Transmission) per difficulty
    (:func:`game_figures`, ``order`` as there), and each game of ``against`` (the names of the games
    played against each other, :attr:`GameInfo.standings <companion.table.registry.GameInfo.standings>`)
    per number of players (:func:`player_figures`), in ``against``'s order."""
    team = game_figures([g for g in games if g.game not in against], order)
    return team, [p for name in against for p in player_figures(games, name)]


def said_names(names: Sequence[str]) -> str:
    """Names as the table says them: ``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cleo"``."""
    if len(names) < 2:
        return names[0] if names else ""
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
