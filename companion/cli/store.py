"""The game store in the terminal (issue 5): ``companion history``, ``companion stats``,
``companion export``, and the store's part in ``companion play`` (save every move, offer to resume).

Each reads the database of the table's config (``Config.database_path``:
``[store] database``, else ``<data_dir>/companion.sqlite3``) or ``--database FILE``.
Reading commands never create or change a database: with none there yet they say
so, and a damaged or newer one is reported (exit 1) and left where it is, for the
app to set aside on its next start.  ``companion play`` sets it aside itself
(:meth:`companion.table.store.Store.open`), and its notice goes to stderr.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from companion.table.store import DifficultyStats, GameSummary, Store, StoreError, describe_saved

__all__ = ["register", "play_stored", "history_lines", "stats_lines", "sparkline"]

Add = Callable[[str, str, Sequence[argparse.ArgumentParser]], argparse.ArgumentParser]
SPARKS = "▁▂▃▄▅▆▇█"


def database_option(parser: argparse.ArgumentParser) -> None:
    """``--database FILE``, for every command that uses the store."""
    parser.add_argument("--database", metavar="FILE", type=Path, default=None,
                        help="the game store (SQLite) instead of the config's [store] database")


def register(add: Add, pack: argparse.ArgumentParser) -> None:
    from companion.cli.main import _positive

    """Add ``history``, ``stats`` and ``export`` (companion.cli.main's ``EXTENSIONS`` hook)."""
    history = add("history", "list the games played, newest first, from the game store", [])
    history.add_argument("--limit", type=_positive, default=None, metavar="N", help="only the newest N games")
    history.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    database_option(history)
    history.set_defaults(handler=_cmd_history)

    stats = add("stats", "games, wins, win rate, best score and streaks per difficulty", [])
    stats.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    database_option(stats)
    stats.set_defaults(handler=_cmd_stats)

    export = add("export", "write every game of the store to a CSV or a JSON file", [])
    target = export.add_mutually_exclusive_group(required=True)
    target.add_argument("--csv", metavar="FILE", type=Path, help="one row per game (the History columns)")
    target.add_argument("--json", metavar="FILE", type=Path,
                        help="every game; a finished game with its record, so it can be replayed")
    database_option(export)
    export.set_defaults(handler=_cmd_export)


# --------------------------------------------------------------------------- opening


def database_path(args: argparse.Namespace) -> Path:
    """``--database`` or the config's database.  :raises _Failure: an unusable config file."""
    from companion.cli.main import _Failure
    from companion.table.config import read_config

    if getattr(args, "database", None) is not None:
        return Path(args.database).expanduser()
    config, problems = read_config()
    # A bad [game] setting does not matter here; one that decides where the database is, or a file
    # that could not be read at all, would point at the wrong history.
    for problem in problems:
        if problem.field == "" or problem.field.startswith("store"):
            raise _Failure(f"config: {problem}")
    return config.database_path


def _open(args: argparse.Namespace, create: bool = False) -> Store | None:
    """The store, or ``None`` when there is none yet and ``create`` is false."""
    from companion.cli.main import _err, _Failure

    path = database_path(args)
    if not create and not path.exists():
        return None
    try:
        # Reading commands only read: a damaged file stays put for the app to set aside, with its notice.
        store = Store.open(path, read_only=not create)
    except StoreError as exc:
        raise _Failure(str(exc)) from None
    if store.notice:
        _err(store.notice)
    return store


def _none_yet(args: argparse.Namespace) -> str:
    return f"No games yet: there is no game store at {database_path(args)}."


# --------------------------------------------------------------------------- history


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def history_lines(games: Sequence[GameSummary]) -> list[str]:
    """The History table: date (UTC), difficulty, result, Transmission cards used, missions, score,
    seed, duration (and undos)."""
    head = (f"{'#':>4}  {'date (UTC)':16}  {'difficulty':10}  {'result':10}  {'transmissions':>13}  "
            f"{'missions':>8}  {'score':>5}  {'seed':>9}  {'duration':>8}  {'undos':>5}")
    lines = [head]
    for g in games:
        lines.append(f"{g.id:>4}  {g.started:%Y-%m-%d %H:%M}  {g.difficulty:10}  {g.result:10}  "
                     f"{g.transmissions_used:>13}  {f'{g.missions_completed}/{g.missions_total}':>8}  "
                     f"{g.score:>5}  {g.seed:>9}  {_duration(g.duration_s):>8}  {g.undos:>5}")
    return lines


def _summary_json(game: GameSummary) -> dict[str, Any]:
    data = asdict(game)
    data["started"] = game.started.isoformat()
    data["ended"] = game.ended.isoformat() if game.ended else None
    return data


def _cmd_history(args: argparse.Namespace) -> int:
    from companion.cli.main import EXIT_OK, _json, _out

    store = _open(args)
    games = [] if store is None else store.games(args.limit)
    if store is not None:
        store.close()
    if args.json:
        _json({"database": str(database_path(args)), "games": [_summary_json(g) for g in games]})
    elif not games:
        _out(_none_yet(args) if store is None else "No games yet.")
    else:
        for line in history_lines(games):
            _out(line)
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


def stats_lines(stats: Sequence[DifficultyStats]) -> list[str]:
    lines = [f"{'difficulty':10}  {'games':>5}  {'wins':>4}  {'win rate':>8}  {'best score':>10}  "
             f"{'streak':>6}  {'best streak':>11}  scores (oldest to newest)"]
    for s in stats:
        rate = f"{s.win_rate:.0%}" if s.games else "-"
        lines.append(f"{s.difficulty:10}  {s.games:>5}  {s.wins:>4}  {rate:>8}  {s.best_score:>10}  "
                     f"{s.streak:>6}  {s.best_streak:>11}  {sparkline(s.scores)}")
    return lines


def _cmd_stats(args: argparse.Namespace) -> int:
    from companion.cli.main import EXIT_OK, _json, _out

    store = _open(args)
    stats = [] if store is None else store.stats()
    if store is not None:
        store.close()
    if args.json:
        _json({"database": str(database_path(args)),
               "difficulties": [{**asdict(s), "scores": list(s.scores)} for s in stats]})
    elif store is None:
        _out(_none_yet(args))
    else:
        for line in stats_lines(stats):
            _out(line)
    return EXIT_OK


# --------------------------------------------------------------------------- export


def _cmd_export(args: argparse.Namespace) -> int:
    from companion.cli.main import EXIT_OK, _Failure, _out

    store = _open(args)
    if store is None:
        raise _Failure(_none_yet(args) + " Nothing to export.")
    try:
        if args.csv is not None:
            count, target = store.export_csv(args.csv), args.csv
        else:
            count, target = store.export_json(args.json), args.json
    except StoreError as exc:
        raise _Failure(str(exc)) from None
    finally:
        store.close()
    _out(f"{count} game{'s' if count != 1 else ''} written to {target}")
    return EXIT_OK


# --------------------------------------------------------------------------- companion play


def play_stored(args: argparse.Namespace, content: Any, chooser: Any,
                input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print) -> int:
    """``companion play`` with the store: offer to resume the unfinished game, save every move.

    An unusable store is said on stderr and the game is played without saving.
    """
    from companion.cli.main import EXIT_ERROR, _err
    from companion.games.transmission.session import Session
    from companion.games.transmission.terminal import Terminal

    path = database_path(args)
    try:
        store = Store.open(path)
    except StoreError as exc:
        _err(f"{exc} This game will not be saved.")
        unsaved = Session(content, chooser, args.difficulty, args.layout, args.seed)
        return Terminal(unsaved, input_fn, output_fn).run()
    if store.notice:
        _err(store.notice)
    try:
        session: Session | None = None
        saved = store.unfinished()
        if saved is not None:
            output_fn(f"An unfinished game is saved: {describe_saved(saved)}")
            try:
                answer = input_fn("Resume it? [Y/n] (n starts a new game; the old one is kept as abandoned) ")
            except EOFError:
                output_fn("End of input: leaving (the game stays saved).")
                return 0
            if answer.strip().lower() in ("", "y", "yes"):
                try:
                    session = store.resume(saved, content, chooser)
                except StoreError as exc:
                    _err(f"{exc} Use --content with that pack, or answer n to start a new game.")
                    return EXIT_ERROR
                output_fn("Resuming where the game stopped.")
            else:
                store.abandon(saved.id)
        if session is None:
            session = Session(content, chooser, args.difficulty, args.layout, args.seed)
            store.begin(session)
        return Terminal(session, input_fn, output_fn).run()
    finally:
        store.close()
