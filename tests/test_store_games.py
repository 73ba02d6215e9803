"""The store's history and stats across the games on the box (helper H): ``companion stats`` per game and
difficulty under each game's title, only the games played; ``companion history`` saying each row's
figures in its game's words (:class:`~companion.table.registry.ProgressNames`), in text and JSON."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cli.store import figures_text, history_lines, stats_lines
from companion.entry import main
from companion.games.catalog import registered
from companion.games.five_actions.session import Session as FiveSession
from companion.games.five_actions.stored import KEEPER as FIVE
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX
from companion.table.store import GameSummary, Store
from companion.table.store_rows import game_figures
from five_support import CONTENT as FIVE_CONTENT
from test_store import lost_game


def _six(seed: int) -> SixSession:
    return SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=seed)


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """Incoming Transmission lost (training, standard), The Six Actions left at 2 players, The Five
    Actions left at 2 players, and an unfinished Six Actions game; each of the last three after one
    move (a game given up with none is abandoned, outside the figures)."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        lost_game(store, 1)
        six = _six(1)
        game = store.begin(six, SIX)
        assert six.muster(2)
        store.abandon(game)
        lost_game(store, 2, "standard")
        five = FiveSession.new(FIVE_CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=3)
        game = store.begin(five, FIVE)
        assert five.pass_turn()
        store.abandon(game)
        six = _six(2)
        store.begin(six, SIX)
        assert six.muster(2)
    return path


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out: str = capsys.readouterr().out
    return out


def test_stats_are_per_game_and_difficulty_under_each_games_title(
        capsys: pytest.CaptureFixture[str], mixed: Path) -> None:
    lines = cli(capsys, "stats", "--database", str(mixed)).splitlines()
    titles = [k for k, line in enumerate(lines) if line in ("Incoming Transmission", "The Six Actions",
                                                             "The Five Actions")]
    assert [lines[k] for k in titles] == ["Incoming Transmission", "The Six Actions", "The Five Actions"]
    it, six, five = (lines[a + 2:b] for a, b in zip(titles, titles[1:] + [len(lines)]))
    assert [row[:10].strip() for row in it if row] == ["training", "standard", "hard", "expert"]
    # "2 players" is a row of each of the two games, each with its own one game left (not two mixed);
    # played against each other: games finished and left, no win rate (test_stats_standings.py).
    assert [row.split()[:4] for row in six if row[:1].isdigit()] == [["2", "players", "0", "1"]]
    assert [row.split()[:4] for row in five if row[:1].isdigit()] == [["2", "players", "0", "1"]]
    assert lines[titles[1] + 1].split()[:3] == ["players", "finished", "left"]
    data = json.loads(cli(capsys, "stats", "--json", "--database", str(mixed)))
    assert {d["game"] for d in data["difficulties"]} == {"transmission"}
    two = [(d["game"], d["title"], d["finished"], d["left"]) for d in data["standings"]]
    assert two == [("six-actions", "The Six Actions", 0, 1), ("five-actions", "The Five Actions", 0, 1)]


def test_a_game_never_played_is_not_listed_and_an_empty_store_says_so_once(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        store.begin(_six(1), SIX)  # unfinished: not in the figures yet
    assert cli(capsys, "stats", "--database", str(path)) == "No finished games yet.\n"  # history lists it
    empty = json.loads(cli(capsys, "stats", "--json", "--database", str(path)))
    assert (empty["difficulties"], empty["standings"]) == ([], [])
    path = tmp_path / "other.sqlite3"
    with Store.open(path) as store:
        lost_game(store, 4, "hard")
        store.begin(_six(1), SIX)
    out = cli(capsys, "stats", "--database", str(path))
    assert out.startswith("Incoming Transmission\n") and "players" not in out and "Six Actions" not in out


def test_history_says_each_games_figures_in_its_words(capsys: pytest.CaptureFixture[str],
                                                      mixed: Path) -> None:
    header, *rows = cli(capsys, "history", "--database", str(mixed)).splitlines()
    assert header.split()[3] == "game" and header.split()[-1] == "figures"
    by_title = {title: [r for r in rows if f"  {title}  " in r]
                for title in ("Incoming Transmission", "The Six Actions", "The Five Actions")}
    assert [len(found) for found in by_title.values()] == [2, 2, 1]
    assert all(r.endswith("  transmissions 7, missions 0/3") for r in by_title["Incoming Transmission"])
    assert all("transmissions" not in r and "missions" not in r and " rounds 1" in r
               for r in by_title["The Six Actions"] + by_title["The Five Actions"])
    assert by_title["The Five Actions"][0].endswith("rounds 1, Locations held 2/20")  # the two start stations
    games = json.loads(cli(capsys, "history", "--json", "--database", str(mixed)))["games"]
    six = next(g for g in games if g["game"] == "six-actions")
    assert six["title"] == "The Six Actions" and six["figures"] == {
        "transmissions_used": "rounds", "missions_completed": "notes repaid",
        "missions_total": "notes taken", "score": "highest Influence"}
    five = next(g for g in games if g["game"] == "five-actions")
    assert five["figures"]["missions_completed"] == "Locations held"
    assert five["figures"]["missions_total"] == "Locations on the map"


def _summary(gid: int, game: str, difficulty: str, result: str, score: int = 0, used: int = 1,
             done: int = 0, total: int = 0) -> GameSummary:
    at = datetime(2026, 12, 1, 12, gid, tzinfo=UTC)
    return GameSummary(gid, at, at, difficulty, "map", gid, result, used, done, total, score, 60.0, 0, game)


def test_game_figures_keep_the_games_apart_in_the_order_given() -> None:
    games = [_summary(4, "six-actions", "2 players", "won", 30),
             _summary(1, "five-actions", "2 players", "won", 9),
             _summary(2, "five-actions", "2 players", "lost", 5),
             _summary(3, "transmission", "hard", "unfinished"),
             _summary(5, "elsewhere", "solo", "won", 1)]
    order = {"transmission": ("standard", "hard"), "six-actions": (),
             "five-actions": ("2 players", "3 players")}
    stats = game_figures(reversed(games), order)  # newest first, as Store.games hands them
    assert [(s.game, s.difficulty, s.games, s.wins, s.scores) for s in stats] == [
        ("six-actions", "2 players", 1, 1, (30,)),
        ("five-actions", "2 players", 2, 1, (9, 5)),  # oldest first
        ("five-actions", "3 players", 0, 0, ()),
        ("elsewhere", "solo", 1, 1, (1,)),  # a game no longer on the box: its stored name, last
    ]
    assert stats_lines(stats, (), registered())[0] == "The Six Actions"
    assert "elsewhere" in stats_lines(stats, (), registered())
    assert stats_lines([], (), registered()) == ["No finished games yet."]


def test_a_history_of_one_game_has_no_game_column_and_the_printed_board_shows_rounds_only() -> None:
    printed = _summary(1, "five-actions", "3 players", "lost", used=6)
    assert figures_text(printed, registered()) == "rounds 6"
    assert figures_text(_summary(2, "transmission", "hard", "lost", used=7, total=3), registered()) == \
        "transmissions 7, missions 0/3"
    six = _summary(3, "six-actions", "2 players", "won", used=5, done=2, total=4)
    assert figures_text(six, registered()) == \
        "rounds 5, notes repaid 2/4"
    header = history_lines([printed], registered())[0]
    assert "game" not in header.split() and header.split()[-1] == "figures"
