"""Stats, History and the resume offer on the touchscreen with games of several games (helper H).

Stats has a tab per game played, each with its own difficulties ("2 players" of The Six Actions is not
The Five Actions'); History's rows say each game's figures in its words; the offer at start names
another game's unfinished game and resumes it on that game's table, or gives it up on Start new.
Screenshots: ``tests/_screenshots/store_games_*.png``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import test_ui_game
from companion.games.five_actions.session import Session as FiveSession
from companion.games.five_actions.stored import KEEPER as FIVE
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX
from companion.table.store import GameSummary, Store
from companion.table.store_rows import PlayerStats
from five_support import CONTENT as FIVE_CONTENT
from test_stats_standings import finished_six
from test_store import lost_game
from test_ui_game import settle, tap_text, wait_screen
from ui import records
from ui.screens.stats import best_line, standings_summary

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors


@pytest.fixture
def store_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "companion.sqlite3"


def _six(seed: int) -> SixSession:
    return SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=seed)


def _five(seed: int) -> FiveSession:
    return FiveSession.new(FIVE_CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=seed)


def _mixed(path: Path) -> None:
    """The Six Actions finished three times (Ana wins with 120 and 150 Asset Value, Ben with 95) and
    The Five Actions once (a tie at 0: a win for each); then Incoming Transmission lost twice (training),
    The Six Actions left three times and The Five Actions once (each after one move: with none it would
    be abandoned, outside the figures), all at "2 players"; nothing unfinished."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Store.open(path) as store:
        for seed, (winner, total) in enumerate(((0, 120), (1, 95), (0, 150)), start=10):
            finished_six(store, seed, winner, total)
        five = _five(9)
        store.begin(five, FIVE)
        assert five.end_game() and five.over
        lost_game(store, 1)
        for seed in (1, 2, 3):
            six = _six(seed)
            game = store.begin(six, SIX)
            assert six.muster(2)
            store.abandon(game)
        lost_game(store, 2)
        five = _five(3)
        game = store.begin(five, FIVE)
        assert five.pass_turn()
        store.abandon(game)


def test_a_history_row_of_each_game_says_its_figures() -> None:
    at = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def row(game: str, used: int, done: int, total: int) -> dict[str, str]:
        return records.history_row(GameSummary(1, at, at, "2 players", "map", 1, "won", used, done, total,
                                               12, 60.0, 0, game), {})

    six, five = row("six-actions", 4, 2, 3), row("five-actions", 1, 2, 20)
    assert (six["missions"], six["transmissions"], six["score_label"]) == (
        "4 rounds", "Notes repaid: 2 of 3", "Highest Influence")
    assert (five["missions"], five["transmissions"], five["score_label"]) == (
        "1 round", "Locations held: 2 of 20", "Best total")
    assert row("five-actions", 3, 0, 0)["transmissions"] == ""  # the printed board: no Locations dealt
    assert six["detail"] == "The Six Actions · 2 players" and six["result"] == "Finished"


def test_a_toggle_of_a_game_played_against_each_other_names_its_winners_most_first() -> None:
    wins = (("Ana", 4), ("Ben", 2), ("Cleo", 1), ("Dev", 1), ("Eve", 1))
    stats = PlayerStats("five-actions", "4 players", 9, 2, wins, 61, ("Ben", "Cleo"), (61,) * 9)
    assert standings_summary(stats) == "9 finished · 2 left\nWins: Ana (4), Ben (2), Cleo (1) +2 more"
    assert best_line(stats) == "best total 61 (2 tied)"
    left = PlayerStats("five-actions", "4 players", 0, 1, (), None, (), ())
    assert standings_summary(left) == "0 finished · 1 left\nNone finished yet" and best_line(left) == ""
    old = replace(left, finished=2, unrecorded=2)
    assert standings_summary(old) == "2 finished · 1 left\nNo winner recorded yet"
    assert standings_summary(None) == "No games yet"


def test_stats_has_a_tab_per_game_played_and_history_says_each_games_figures(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    _mixed(store_file)
    h = ui_harness
    start_app(store_path=store_file)
    tap_text(h, "Stats")
    stats = wait_screen(h, "stats")
    tabs = list(reversed(stats.ids.games.children))
    assert [t.text for t in tabs] == ["Incoming Transmission", "The Six Actions", "The Five Actions"]
    assert stats.game == "transmission" and stats.difficulty == "training"  # the box's game, played
    assert [t.value for t in stats.toggles()][:2] == ["training", "standard"]
    assert next(t for t in stats.toggles() if t.value == "training").subtitle.startswith(
        "2 games · 0% won")
    h.screenshot("store_games_stats_transmission.png")
    tap_text(h, "The Six Actions")
    settle(h)
    toggles = stats.toggles()
    assert [t.title for t in toggles] == ["2 players"]
    # Played against each other: games finished and left and wins by name, no team win rate.
    assert toggles[0].subtitle == "3 finished · 3 left\nWins: Ana (2), Ben (1)"
    assert stats.chart_title == "2 players · best total 150 (Ana)"
    assert list(stats.ids.chart.scores) == [120, 95, 150] and stats.ids.chart.y_title == "Winning total"
    assert stats.ids.chart.x_title == "Finished games, oldest to newest · 3 left, no winner"
    h.screenshot("store_games_stats_six.png")
    tap_text(h, "The Five Actions")
    settle(h)
    toggles = stats.toggles()
    assert [t.title for t in toggles] == ["2 players", "3 players", "4 players"]
    assert toggles[0].subtitle == "1 finished · 1 left\nWins: Ana (1), Ben (1)"  # a tie: a win each
    assert toggles[1].subtitle == "No games yet"
    assert stats.chart_title == "2 players · best total 0 (2 tied)"
    h.screenshot("store_games_stats_five.png")
    tap_text(h, "Incoming Transmission")
    settle(h)
    assert stats.ids.chart.y_title == "Score" and stats.chart_title == "Training: score per game"
    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "History")
    history = wait_screen(h, "history")
    rows = history.ids.games.data
    assert [r["detail"].split(" · ")[0] for r in rows][:2] == ["The Five Actions", "Training"]
    assert rows[0]["transmissions"] == "Locations held: 2 of 20" and rows[0]["score_label"] == "Best total"
    assert rows[2]["missions"] == "1 round" and rows[2]["score_label"] == "Highest Influence"
    assert rows[1]["missions"].endswith("missions") and "used" in rows[1]["transmissions"]
    h.screenshot("store_games_history.png")


def test_the_offer_at_start_names_another_games_unfinished_game(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    store_file.parent.mkdir(parents=True)
    with Store.open(store_file) as store:
        lost_game(store, 1)
        store.begin(_six(4), SIX)
    h = ui_harness
    start_app(store_path=store_file)
    popup = h.find(cls="ChoicePopup")
    assert popup is not None
    h.screenshot("store_games_offer_six.png")
    texts = " ".join(str(getattr(w, "text", "")) for w in h.find_all(cls="Label"))
    assert "Resume The Six Actions from" in texts and "Ana, Ben" in texts
    tap_text(h, "Start new")
    h.pump_until(lambda: h.find_all(cls="ChoicePopup", where=lambda w: w.title == "Start a new game?"),
                 what="Start new to ask once more")
    settle(h)
    tap_text(h, "Start new game")
    wait_screen(h, "six_setup")  # a new game of the kind given up
    with Store.open(store_file) as store:
        assert [(g.game, g.result) for g in store.games()][0] == ("six-actions", "abandoned")
        assert store.unfinished() is None
    h.app.show("home")  # a Setup's name field left focused would outlive the app
    h.pump(frames=3)
