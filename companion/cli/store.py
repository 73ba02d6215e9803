"""The game store in the terminal (issue 5): ``companion history``, ``companion stats``,
``companion export``, for every game on the box, and ``companion debrief`` (issue 10) for a game played
to its end.

Each reads the database of the table's config or ``--database FILE``
(:mod:`companion.cli.database`).  Reading commands never create or change a database: with none
there yet they say so, and a damaged or newer one is reported (exit 1) and left where it is, for the
app to set aside on its next start.  A game's ``play``
(:func:`companion.games.transmission.cli.play_stored`) sets it aside itself
(:meth:`companion.table.store.Store.open`), and its notice goes to stderr.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from companion.cli.database import database_option, database_path, none_yet, open_store
from companion.cli.output import EXIT_OK, EXIT_USAGE, Failure, out, positive, print_json
from companion.errors import CompanionError
from companion.i18n import N_, _, ngettext, percent, pgettext
from companion.table.record import difficulty_text
from companion.table.registry import AddSubcommand, GameInfo, ProgressNames
from companion.table.store import DifficultyStats, GameSummary, Store, StoreError
from companion.table.store_rows import PlayerStats, SavedGame, all_figures, said_names

__all__ = ["register", "difficulty_word", "result_word", "history_lines", "stats_lines", "sparkline",
           "difficulty_order", "title_of", "names_of", "figures_text", "game_order", "standings_lines",
           "read_figures"]

SPARKS = "▁▂▃▄▅▆▇█"

#: What ``history`` shows that needs a word (its ``--help``).
HISTORY_NOTE = N_("Results: won, lost, left (given up after a transmission: counted as not won), abandoned "
                "(left before the first transmission: outside the win rate and the streaks), unfinished. An "
                "unfinished game's seed shows as - until it ends: with the content pack it deals the "
                  "secret missions.")

T = TypeVar("T")
#: The registered games, as :func:`register` is given them (:func:`companion.cli.main.families`):
#: titles, history columns, difficulties and debriefs come from here, never from a game's import.
Registry = Sequence[GameInfo[Any]]


def register(add: AddSubcommand, pack: argparse.ArgumentParser, registry: Registry) -> None:
    """Add ``history``, ``stats``, ``export`` and ``debrief`` (:mod:`companion.cli.main` places them after the
    games' and the hardware's subcommands), each reading the games of ``registry`` (``args.registry``)."""
    history = add("history", _("list the games played, newest first, from the game store"), [])
    history.epilog = (textwrap.fill(_(HISTORY_NOTE), 100) + "\n\n" + (history.epilog or "")).strip()
    history.add_argument("--limit", type=positive, default=None, metavar="N",
                         help=_("only the newest N games"))
    history.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    database_option(history)
    history.set_defaults(handler=_cmd_history)

    stats = add("stats", _("games, wins, win rate, best score and streaks per game and difficulty; for the "
                  "Six and Five Actions games finished and left, wins by player and the best winning total"),
                [])
    stats.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    database_option(stats)
    stats.set_defaults(handler=_cmd_stats)

    export = add("export", _("write every game of the store to a CSV or a JSON file"), [])
    target = export.add_mutually_exclusive_group(required=True)
    target.add_argument("--csv", metavar="FILE", type=Path,
                        help=_("one row per game, for a spreadsheet: in the table's language, ';'-separated "
                               "in German, UTF-8 with a byte order mark, times in UTC"))
    target.add_argument("--json", metavar="FILE", type=Path,
                        help=_("every game; a finished game with its record, so it can be replayed"))
    export.add_argument("--machine", action="store_true",
                        help=_("with --csv: the store's own columns for scripts (English field names and "
                               "values, ',', no byte order mark), the same in every language"))
    database_option(export)
    export.set_defaults(handler=_cmd_export)

    debrief = add("debrief", _("what Mission Control meant: a finished game, transmission by transmission"),
                  [pack])
    debrief.add_argument("game", nargs="?", type=positive, default=None, metavar="GAME",
                         help=_("the game's number as `companion history` lists it (default: the last "
                                "game played to its end)"))
    debrief.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    database_option(debrief)
    debrief.set_defaults(handler=_cmd_debrief)
    for parser in (history, stats, export, debrief):
        parser.set_defaults(registry=tuple(registry))


# --------------------------------------------------------------------------- history


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def title_of(game: str, registry: Registry, translated: bool = True) -> str:
    """The game's title as the table reads it (``"The Six Actions"``, in the table's language); an
    unknown game's stored name.  ``translated`` false: the English title (``--json``)."""
    title = next((g.title for g in registry if g.name == game), None)
    if title is None:
        return game
    return _(title) if translated else title


def result_word(result: str) -> str:
    """A history row's result (:attr:`GameSummary.shown_result`) in the table's language."""
    words = {"won": pgettext("result", "won"), "lost": pgettext("result", "lost"),
             "left": pgettext("result", "left"), "abandoned": pgettext("result", "abandoned"),
             "unfinished": pgettext("result", "unfinished")}
    return words.get(result, result)


def difficulty_word(difficulty: str) -> str:
    """A difficulty as the table reads it, in its language (:func:`companion.table.record.difficulty_text`:
    Incoming Transmission's ``training`` ... ``expert``, the action games' ``"3 players"``)."""
    return difficulty_text(difficulty, capital=False)


def _head(words: Sequence[tuple[str, int, str]]) -> tuple[str, list[int]]:
    """A table's head from ``(word, width, align)`` columns and the widths its rows use: each column
    as wide as its width or its word (in the table's language), whichever is wider."""
    widths = [max(width, len(word)) for word, width, _align in words]
    return "  ".join(f"{word:{align}{width}}" for (word, _w, align), width in zip(words, widths)), widths


def _row(cells: Sequence[object], columns: Sequence[tuple[str, int, str]], widths: Sequence[int]) -> str:
    """A table's row: each cell aligned as its column of :func:`_head`, as wide as it."""
    return "  ".join(f"{cell:{align}{width}}"
                     for cell, (_word, _w, align), width in zip(cells, columns, widths))


def names_of(game: str, registry: Registry) -> ProgressNames:
    """What the game's history figures are (:attr:`~companion.table.registry.Keeper.names`); an unknown
    game's (one no longer installed) read as Incoming Transmission's columns were named."""
    return next((g.keeper.names for g in registry if g.name == game), ProgressNames())


def figures_text(game: GameSummary, registry: Registry) -> str:
    """A history row's figures in its game's words: ``"transmissions 5, missions 2/3"``, ``"rounds 4,
    notes repaid 3/5"`` (a game with no goals dealt, e.g. The Five Actions on the printed board, shows
    its rounds only); a game with a person as Mission Control says so (RULES.md, With a person as
    Mission Control): ``"transmissions 7, missions 3/3, a person as Mission Control"``."""
    names = names_of(game.game, registry)
    text = f"{_(names.rounds)} {game.transmissions_used}"
    if game.missions_total or names == ProgressNames():
        text += f", {_(names.goals)} {game.missions_completed}/{game.missions_total}"
    if game.mission_control == "person":
        text += _(", a person as Mission Control")
    return text


def history_lines(games: Sequence[GameSummary], registry: Registry) -> list[str]:
    """The History table: date (UTC), the game's title (when the rows are of more than one game),
    difficulty, result (:attr:`GameSummary.shown_result`), score, seed (``-`` while unfinished),
    duration, undos and the game's figures in its own words (:func:`figures_text`); ``history --help``
    says what ``left``, ``abandoned`` and ``-`` mean."""
    titles = {g.game: title_of(g.game, registry) for g in games}
    width = max((len(t) for t in titles.values()), default=0) if len(titles) > 1 else 0
    columns = [("#", 4, ">"), (_("date (UTC)"), 16, "<")]
    if width:
        columns.append((_("game"), width, "<"))
    columns += [(_("difficulty"), 10, "<"), (_("result"), 10, "<"), (_("score"), 5, ">"), (_("seed"), 9, ">"),
                (_("duration"), 8, ">"), (_("undos"), 5, ">"), (_("figures"), 0, "<")]
    head, widths = _head(columns)
    lines = [head.rstrip()]
    for g in games:
        seed = "-" if g.public_seed is None else g.public_seed
        cells: list[object] = [g.id, f"{g.started:%Y-%m-%d %H:%M}", *([titles[g.game]] if width else []),
                               difficulty_word(g.difficulty), result_word(g.shown_result), g.score, seed,
                               _duration(g.duration_s), g.undos]
        lines.append(f"{_row(cells, columns, widths)}  {figures_text(g, registry)}")
    return lines


def _summary_json(game: GameSummary, registry: Registry) -> dict[str, Any]:
    data = asdict(game)
    if not any(g.standings for g in registry if g.name == game.game):  # no winner by name
        del data["winners"], data["winning_total"]
    data["seed"] = game.public_seed  # null while unfinished: the seed deals the secret missions
    data["counted"] = game.counted
    data["started"] = game.started.isoformat()
    data["ended"] = game.ended.isoformat() if game.ended else None
    data["title"] = title_of(game.game, registry, translated=False)
    names = names_of(game.game, registry)  # what this game's figures are: its columns' words
    data["figures"] = {"transmissions_used": names.rounds, "missions_completed": names.goals,
                       "missions_total": names.goals_total, "score": names.score}
    return data


def _read(store: Store | None, read: Callable[[Store], T]) -> T | None:
    """``read(store)`` and close it; a store that cannot be read (a value changed outside the
    companion) is a :class:`Failure` with the store's sentence.  ``None`` with no store."""
    if store is None:
        return None
    try:
        return read(store)
    except StoreError as exc:
        raise Failure(str(exc)) from None
    finally:
        store.close()


def _cmd_history(args: argparse.Namespace) -> int:
    store = open_store(args)
    games = _read(store, lambda opened: opened.games(args.limit)) or []
    if args.json:
        print_json({"database": str(database_path(args)),
                    "games": [_summary_json(g, args.registry) for g in games]})
    elif not games:
        out(none_yet(args) if store is None else _("No games yet."))
    else:
        for line in history_lines(games, args.registry):
            out(line)
    return EXIT_OK


# --------------------------------------------------------------------------- stats


def sparkline(scores: Sequence[int], width: int = 30) -> str:
    """The last ``width`` scores as block characters, lowest to highest (a chart for the terminal)."""
    recent = list(scores)[-width:]
    if not recent:
        return ""
    low, high = min(recent), max(recent)
    span = high - low
    return "".join(SPARKS[0 if span == 0 else (s - low) * (len(SPARKS) - 1) // span] for s in recent)


def stats_lines(stats: Sequence[DifficultyStats], standings: Sequence[PlayerStats],
                registry: Registry) -> list[str]:
    """The Stats tables, one per game played (titled by the game's title, a blank line between): a row
    per difficulty (:func:`companion.table.store_rows.game_figures`), or for a game played against each
    other a row per number of players (:func:`standings_lines`); ``["No finished games yet."]`` with
    none (an unfinished game, which ``history`` lists, is not in the figures yet)."""
    if not stats and not standings:
        return [_("No finished games yet.")]
    lines: list[str] = []
    for game in dict.fromkeys([s.game for s in stats] + [p.game for p in standings]):
        if lines:
            lines.append("")
        rows = [s for s in stats if s.game == game]
        if not rows:
            lines.extend(standings_lines([p for p in standings if p.game == game], registry))
            continue
        lines.append(title_of(game, registry))
        columns = [(_("difficulty"), 10, "<"), (_("games"), 5, ">"), (_("wins"), 4, ">"),
                   (_("win rate"), 8, ">"),
                   (_("best score"), 10, ">"), (_("streak"), 6, ">"), (_("best streak"), 11, ">"),
                   (_("abandoned"), 9, ">"), (_("scores (oldest to newest)"), 0, "<")]
        head, widths = _head(columns)
        lines.append(head.rstrip())
        for s in rows:
            rate = percent(round(s.win_rate, 2)) if s.games else "-"
            cells: list[object] = [difficulty_word(s.difficulty), s.games, s.wins, rate, s.best_score,
                                   s.streak, s.best_streak, s.abandoned]
            lines.append(f"{_row(cells, columns, widths)}  {sparkline(s.scores)}")
    if any(s.abandoned for s in stats):
        lines.append(_("Abandoned: left before the first transmission or round, outside the games, the win "
                       "rate and the streaks."))
    return lines


def wins_text(stats: PlayerStats) -> str:
    """Wins by player, most first: ``"Ann 2, Bob 1"`` (``"-"`` with none recorded)."""
    return ", ".join(f"{name} {count}" for name, count in stats.wins) or "-"


def best_text(stats: PlayerStats) -> str:
    """The best winning total and who reached it: ``"145 (Ann)"``, ``"90 (Ann and Bob)"``, or ``"-"``."""
    if stats.best_total is None:
        return "-"
    return f"{stats.best_total} ({said_names(stats.best_by)})"


def standings_lines(rows: Sequence[PlayerStats], registry: Registry) -> list[str]:
    """One game played against each other (every row of one game): its title, then a row per number of
    players: games finished and left, the best winning total and by whom, wins by player name, and
    the winning totals (the game's own: The Six Actions' Asset Value, The Five Actions' total)."""
    if not rows:
        return []
    best = [best_text(p) for p in rows]
    wins = [wins_text(p) for p in rows]
    columns = [(_("players"), 10, "<"), (_("finished"), 8, ">"), (pgettext("stats", "left"), 4, ">"),
               (_("best winning total"), max(map(len, best)), "<"),  # the columns fit the longest names
               (_("wins by player"), max(map(len, wins)), "<"),
               (_("winning totals (oldest to newest)"), 0, "<")]
    head, widths = _head(columns)
    lines = [title_of(rows[0].game, registry), head.rstrip()]
    for p, b, w in zip(rows, best, wins):
        cells: list[object] = [p.difficulty, p.finished, p.left, b, w]
        lines.append(f"{_row(cells, columns, widths)}  {sparkline(p.totals)}")
    unrecorded = sum(p.unrecorded for p in rows)
    if unrecorded:
        lines.append(ngettext("{n} finished game from before winners were recorded: counted as finished, "
                              "without a winner.",
                              "{n} finished games from before winners were recorded: counted as finished, "
                              "without a winner.", unrecorded).format(n=unrecorded))
    lines.append(_("Left: given up after the first move. A tie is a win for each tied player."))
    return lines


def difficulty_order(registry: Registry) -> tuple[str, ...]:
    """Every registered game's difficulties, in the games' order."""
    order: dict[str, None] = {}
    for game in registry:
        order.update(dict.fromkeys(game.difficulties))
    return tuple(order)


def game_order(registry: Registry) -> dict[str, tuple[str, ...]]:
    """Each registered game's name to its difficulties, in the games' order (the rows ``stats`` lists
    for a game once it has been played)."""
    return {game.name: tuple(game.difficulties) for game in registry}


def read_figures(games: Sequence[GameSummary],
                 registry: Registry) -> tuple[list[DifficultyStats], list[PlayerStats]]:
    """The history's figures for every registered game (:func:`companion.table.store_rows.all_figures`)."""
    return all_figures(games, game_order(registry), [g.name for g in registry if g.standings])


def _standing_json(p: PlayerStats, registry: Registry) -> dict[str, Any]:
    return {"game": p.game, "title": title_of(p.game, registry, translated=False), "players": p.difficulty,
            "finished": p.finished, "left": p.left,
            "wins": [{"name": name, "wins": count} for name, count in p.wins],
            "best_total": p.best_total, "best_by": list(p.best_by), "totals": list(p.totals),
            "unrecorded": p.unrecorded}


def _cmd_stats(args: argparse.Namespace) -> int:
    store = open_store(args)
    team, against = _read(store, lambda opened: read_figures(opened.games(), args.registry)) or ([], [])
    if args.json:
        print_json({"database": str(database_path(args)),
                    "difficulties": [{**asdict(s), "title": title_of(s.game, args.registry, translated=False),
                                      "scores": list(s.scores)}
                                     for s in team],
                    "standings": [_standing_json(p, args.registry) for p in against]})
    elif store is None:
        out(none_yet(args))
    else:
        for line in stats_lines(team, against, args.registry):
            out(line)
    return EXIT_OK


# --------------------------------------------------------------------------- export


def _cmd_export(args: argparse.Namespace) -> int:
    if args.machine and args.csv is None:
        raise Failure(_("--machine goes with --csv: the JSON export is always the machine's."), EXIT_USAGE)
    store = open_store(args)
    if store is None:
        raise Failure(none_yet(args) + _(" Nothing to export."))
    try:
        if args.csv is not None and args.machine:
            count, target = store.export_csv(args.csv), args.csv
        elif args.csv is not None:
            count, target = store.export_sheet(args.csv, args.registry), args.csv
        else:
            count, target = store.export_json(args.json), args.json
    except StoreError as exc:
        raise Failure(str(exc)) from None
    finally:
        store.close()
    out(ngettext("{n} game written to {file}", "{n} games written to {file}", count).format(
        n=count, file=target))
    return EXIT_OK


# --------------------------------------------------------------------------- debrief


def _finished_game(store: Store, game_id: int | None) -> SavedGame | None:
    """:meth:`Store.finished_game`; an unknown ``game_id`` is bad input (exit 2, as for any bad
    argument), not an error of the store.

    :raises Failure: with :data:`EXIT_USAGE` for a game number the store has not got."""
    if game_id is not None and store.saved_game(game_id) is None:
        raise Failure(_("There is no game {number} in {path}; `companion history` lists them.").format(
            number=game_id, path=store.path), EXIT_USAGE)
    return store.finished_game(game_id)


def _cmd_debrief(args: argparse.Namespace) -> int:
    """The debrief of a finished game, from its record: its game's
    (:attr:`~companion.table.registry.GameInfo.debrief`, Incoming Transmission's
    :mod:`companion.games.transmission.debrief`).  Exit 1 with no store yet (with a game number or
    without) or no finished game; exit 2 for a number the store has not got (bad input)."""
    store = open_store(args)
    if store is None and args.game is not None:  # no store yet: exit 1 as without a number (not bad input)
        raise Failure(_("{no_store} There is no game {number}.").format(
            no_store=none_yet(args), number=args.game))
    saved = _read(store, lambda opened: _finished_game(opened, args.game))
    if saved is None:
        raise Failure((none_yet(args) if store is None else _("No game has been played to its end yet."))
                      + _(" A debrief comes after a game's End screen."))
    game = next((g for g in args.registry if g.name == saved.game), None)
    if game is None or game.debrief is None:
        raise Failure(_("Game {number} is a game of {game}, which has no debrief.").format(
            number=saved.id, game=saved.game))
    try:
        debriefing = game.debrief.load()(args, saved.record, saved.table)
    except CompanionError as exc:
        raise Failure(_("Game {number} cannot be debriefed: {problem}.").format(
            number=saved.id, problem=exc)) from None
    if args.json:
        print_json({"database": str(database_path(args)), "game": saved.id, **debriefing.json})
    else:
        out(_("Game {number}, {started} UTC.").format(
            number=saved.id, started=f"{saved.summary.started:%Y-%m-%d %H:%M}"))
        for line in debriefing.lines:
            out(line)
    return EXIT_OK
