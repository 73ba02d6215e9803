"""Stats of the games played against each other (The Six and Five Actions): who won, by name, and the
winning total, recorded in a finished game's table state; games finished and left per number of
players; old stored games stay readable (helper W)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cli.store import stats_lines
from companion.entry import main
from companion.games.catalog import registered
from companion.games.five_actions.session import Session as FiveSession
from companion.games.five_actions.stored import KEEPER as FIVE
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX
from companion.table.store import GameSummary, Store
from companion.table.store_rows import all_figures, final_of, final_state, player_figures
from five_support import CONTENT as FIVE_CONTENT
from test_store import lost_game


def finished_six(store: Store, seed: int, winner: int, asset_value: int) -> None:
    """A game of Ana and Ben's of The Six Actions played to the end of its settlement, seat ``winner``
    the richest (``asset_value``: The Six Actions' end screen ranks by Asset Value)."""
    six = SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=seed)
    store.begin(six, SIX)
    assert six.adjust(winner, "Revenue", asset_value=asset_value), six.message
    assert six.pass_turn() and six.pass_turn() and six.end_game(), six.message
    for seat in (0, 1):
        assert six.over or six.settle(seat, 0), six.message
    assert six.over


def _summary(gid: int, result: str, players: str = "2 players", winners: tuple[str, ...] = (),
             total: int | None = None, used: int = 1, game: str = "six-actions") -> GameSummary:
    at = datetime(2026, 12, 1, 12, gid, tzinfo=UTC)
    return replace(GameSummary(gid, at, at, players, "map", gid, result, used, 0, 0, 0, 60.0, 0, game),
                   winners=winners, winning_total=total)


def test_the_winner_is_the_best_ranked_and_a_tie_shares_the_win() -> None:
    assert final_state([("Ana", (120, 3, 40)), ("Ben", (95, 9, 90))]) == {"winners": ["Ana"], "total": 120}
    assert final_state([("Ana", (90, 3)), ("Ben", (90, 5)), ("Cleo", (2, 0))]) == {
        "winners": ["Ben"], "total": 90}  # the next figure breaks the tie
    assert final_state([("Ana", (7, 1)), ("Ben", (7, 1))]) == {"winners": ["Ana", "Ben"], "total": 7}


@pytest.mark.parametrize("value", [None, "", "not json", "[]", '{"winners": []}', '{"winners": ["A"]}',
                                   '{"winners": [1], "total": 3}', '{"winners": ["A"], "total": "3"}',
                                   '{"winners": ["A"], "total": true}', '{"winners": "A", "total": 3}'])
def test_a_final_entry_that_cannot_be_read_is_no_winner(value: object) -> None:
    assert final_of(value) == ((), None)


def test_the_figures_count_wins_by_name_per_number_of_players() -> None:
    games = [_summary(1, "won", winners=("Ana",), total=120),
             _summary(2, "won", winners=("Ben",), total=150),
             _summary(3, "abandoned"),  # left after a move: counted as left
             _summary(4, "abandoned", used=0),  # given up before any move: not counted
             _summary(5, "won", winners=("Ana", "Ben"), total=150),  # a tie at the best: Ben was first
             _summary(6, "won"),  # finished before winners were recorded
             _summary(7, "unfinished"),
             _summary(8, "won", "3 players", ("Cleo",), 80),
             _summary(9, "won", "10 players", ("Dev",), 5),
             _summary(10, "won", winners=("Eve",), total=999, game="five-actions")]
    rows = player_figures(reversed(games), "six-actions")
    assert [(p.difficulty, p.finished, p.left, p.wins, p.best_total, p.best_by, p.totals, p.unrecorded)
            for p in rows] == [
        ("2 players", 4, 1, (("Ana", 2), ("Ben", 2)), 150, ("Ben",), (120, 150, 150), 1),
        ("3 players", 1, 0, (("Cleo", 1),), 80, ("Cleo",), (80,), 0),
        ("10 players", 1, 0, (("Dev", 1),), 5, ("Dev",), (5,), 0),  # by number, not as text
    ]
    assert player_figures([_summary(1, "abandoned", used=0)], "six-actions") == []


def test_a_game_played_against_each_other_has_no_team_figures() -> None:
    against = [g.name for g in registered() if g.standings]
    assert against == ["six-actions", "five-actions"]  # the registrations say so, not the store
    games = [_summary(1, "won", winners=("Ana",), total=12),
             _summary(2, "lost", "standard", game="transmission")]
    team, standings = all_figures(games, {"transmission": ("standard",)}, against)
    assert [(s.game, s.games) for s in team] == [("transmission", 1)]
    assert [(p.game, p.wins) for p in standings] == [("six-actions", (("Ana", 1),))]
    lines = stats_lines(team, standings, registered())
    assert lines[0] == "Incoming Transmission" and "The Six Actions" in lines
    row = next(line for line in lines if line.startswith("2 players"))
    assert row.split()[:4] == ["2", "players", "1", "0"] and "12 (Ana)" in row and "Ana 1" in row
    assert not any("win rate" in line for line in lines[lines.index("The Six Actions"):])


def _played(path: Path) -> None:
    with Store.open(path) as store:
        finished_six(store, 1, 0, 120)
        finished_six(store, 2, 1, 95)
        five = FiveSession.new(FIVE_CONTENT, ["Ana", "Ben", "Cleo"], ["harbour", "ridge", "mill"], seed=3)
        store.begin(five, FIVE)
        assert five.end_game()
        lost_game(store, 1)


def test_a_finished_game_records_its_winners_and_the_stats_command_says_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "store.sqlite3"
    _played(path)
    with Store.open(path) as store:
        games = {g.id: g for g in store.games()}
    assert [(g.game, g.winners, g.winning_total) for _, g in sorted(games.items())] == [
        ("six-actions", ("Ana",), 120), ("six-actions", ("Ben",), 95),
        ("five-actions", ("Ana", "Ben", "Cleo"), 0), ("transmission", (), None)]
    assert main(["stats", "--database", str(path)]) == 0
    text = capsys.readouterr().out
    six = text[text.index("The Six Actions"):text.index("The Five Actions")]
    assert "best winning total" in six and "120 (Ana)" in six and "Ana 1, Ben 1" in six
    assert "win rate" not in six and "streak" not in six
    five = text[text.index("The Five Actions"):].splitlines()
    assert five[2].startswith("3 players") and "0 (Ana, Ben and Cleo)" in five[2]
    assert five[1].index("wins by player") == five[2].index("Ana 1, Ben 1, Cleo 1")  # the columns fit
    assert text.startswith("Incoming Transmission") and "win rate" in text  # its figures as they were
    assert main(["stats", "--database", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["game"] for d in data["difficulties"]] == ["transmission"] * 4
    six_json = data["standings"][0]
    assert (six_json["game"], six_json["players"], six_json["finished"], six_json["left"]) == (
        "six-actions", "2 players", 2, 0)
    assert six_json["wins"] == [{"name": "Ana", "wins": 1}, {"name": "Ben", "wins": 1}]
    assert (six_json["best_total"], six_json["best_by"], six_json["totals"]) == (120, ["Ana"], [120, 95])


def test_a_game_finished_before_winners_were_recorded_is_still_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "store.sqlite3"
    _played(path)
    conn = sqlite3.connect(path)
    with conn:  # as an older companion left them: no final entry; and a state that is not JSON
        conn.execute("UPDATE table_state SET state = json_remove(state, '$.final') WHERE game_id = 1")
        conn.execute("UPDATE table_state SET state = 'garbage' WHERE game_id = 2")
    conn.close()
    with Store.open(path) as store:
        six = [g for g in store.games() if g.game == "six-actions"]
    assert [(g.result, g.winners, g.winning_total) for g in six] == [("won", (), None)] * 2
    assert main(["stats", "--database", str(path)]) == 0
    text = capsys.readouterr().out
    assert "2 finished games from before winners were recorded" in text


def test_the_exports_say_who_won(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    _played(path)
    with Store.open(path) as store:
        store.export_csv(tmp_path / "games.csv")
        store.export_json(tmp_path / "games.json")
    csv_rows = (tmp_path / "games.csv").read_text().splitlines()
    assert csv_rows[0].endswith(",winners,winning_total")
    assert csv_rows[1].endswith(",Ana,120") and csv_rows[3].endswith(",Ana; Ben; Cleo,0")
    assert csv_rows[4].endswith(",,")  # Incoming Transmission: played as a team
    games = json.loads((tmp_path / "games.json").read_text())["games"]
    assert [(g["winners"], g["winning_total"]) for g in games] == [
        (["Ana"], 120), (["Ben"], 95), (["Ana", "Ben", "Cleo"], 0), ([], None)]
