"""The action games' seeded bots and balance commands (companion/lab/seat_balance.py,
companion/games/{six,five}_actions/lab/): legal moves only, every game ends, the same seed the same
figures, and the rows the commands promise (issue 24, item 10)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.games.five_actions.content.loader import default_content as five_content
from companion.games.five_actions.engine.actions import EndGame as FiveEndGame
from companion.games.five_actions.engine.actions import Pass as FivePass
from companion.games.five_actions.engine.actions import Start as FiveStart
from companion.games.five_actions.engine.game import Game as FiveGame
from companion.games.five_actions.lab import balance as five_balance
from companion.games.five_actions.lab import bots as five_bots
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.engine.actions import EndGame, NewRound, Start
from companion.games.six_actions.engine.game import Game as SixGame
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.lab import balance as six_balance
from companion.games.six_actions.lab import bots as six_bots
from companion.lab.seat_balance import (
    SEATINGS,
    Cell,
    GameResult,
    begin_marker,
    end_marker,
    parser,
    replace_section,
    run_cell,
    tally,
    wilson,
)

SIX = six_content()
FIVE = five_content()


# --------------------------------------------------------------------------- the tally


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tie_counts_a_win_for_each_tied_seat_and_a_capped_game_none() -> None:
    results = [
        GameResult((0,), ("greedy", "random"), 10, 2, False, (5, 1)),
        GameResult((0, 1), ("random", "greedy"), 12, 2, False, (3, 3)),
        GameResult((), ("greedy", "random"), 99, 9, True, ()),
    ]
    f = tally(results, 2)
    assert (f.games, f.finished, f.capped, f.ties, f.wins) == (3, 2, 1, 1, (2, 1))
    assert f.bot_wins == {"greedy": 2, "random": 1} and f.bot_seats == {"greedy": 2, "random": 2}
    assert f.mean_actions == pytest.approx(121 / 3)
    with pytest.raises(ValueError, match="3-player game in a 2-player cell"):
        tally([GameResult((0,), ("random",) * 3, 1, 1, False, (0, 0, 0))], 2)


def test_the_rotating_seating_moves_the_greedy_bot_one_seat_a_game() -> None:
    assert [SEATINGS["greedy vs random"](3, g).index("greedy") for g in range(4)] == [0, 1, 2, 0]
    assert SEATINGS["all random"](2, 7) == ("random", "random")


def test_a_section_replaces_only_its_own_part_of_the_page() -> None:
    page = "# Balance\n\nIncoming Transmission table\n"
    once = replace_section(page, "six-actions", "## Six\nrow 1")
    assert once.startswith(page) and begin_marker("six-actions") in once and "row 1" in once
    both = replace_section(once, "five-actions", "## Five")
    again = replace_section(both, "six-actions", "## Six\nrow 2")
    assert "row 1" not in again and "row 2" in again and "## Five" in again
    assert again.startswith(page) and again.count(end_marker("six-actions")) == 1
    assert replace_section("", "x", "s") == f"{begin_marker('x')}\ns\n{end_marker('x')}\n"


# --------------------------------------------------------------------------- The Six Actions


def _six_game_by_bots(seed: int, bots: tuple[str, ...], rounds: int = 2) -> SixGame:
    """A game driven as :func:`six_bots.play_game` drives it, checking each bot's move first."""
    players = [six_bots.BOTS[b](seed + s) for s, b in enumerate(bots)]
    game = SixGame(SIX, "map", seed)
    game.play(Start(tuple(f"P{i}" for i in range(len(bots))), six_bots.COLOURS[: len(bots)], 0))
    while not game.is_over():
        state = game.state
        draw = game.next_draw()
        if draw is not None:
            game.play(draw)
        elif state.phase is Phase.ROUND_END:
            game.play(NewRound((state.tycoon + 1) % len(bots)) if state.round < rounds else EndGame())
        else:
            seat = state.current if state.phase is Phase.TURN else next(
                i for i, p in enumerate(state.players) if not p.settled)
            assert seat is not None
            legal = six_bots.moves(game, seat)
            assert legal and all(game.is_legal(a) for a, _ in legal)
            action = players[seat].choose(game, seat, legal)
            assert game.reason(action) is None
            game.play(action)
    return game


@pytest.mark.parametrize("bots", [("random", "random", "random"), ("greedy", "random")])
def test_six_bots_play_only_legal_moves_to_the_settlement(bots: tuple[str, ...]) -> None:
    game = _six_game_by_bots(3, bots)
    outcome = game.outcome()
    assert outcome is not None and len(outcome.standings) == len(bots)


@pytest.mark.parametrize("players", [2, 5])
def test_every_seeded_six_game_ends_and_a_cap_is_reported(players: int) -> None:
    for seed in range(3):
        for bots in (("random",) * players, ("greedy",) * players):
            result = six_bots.play_game(SIX, seed, bots)
            assert not result.capped and result.winners and result.rounds == 6
    capped = six_bots.play_game(SIX, 0, ("random",) * players, cap=10)
    assert capped.capped and capped.winners == () and capped.actions == 10


def test_six_play_game_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        six_bots.play_game(SIX, 0, ("random", "clever"))
    with pytest.raises(ValueError, match="at least 1 round"):
        six_bots.play_game(SIX, 0, ("random", "random"), rounds=0)
    with pytest.raises(ValueError, match="2 to 5 players"):
        six_bots.play_game(SIX, 0, ("random",))


def test_the_greedy_six_bot_ranks_as_the_end_screen_after_repaying() -> None:
    game = _six_game_by_bots(1, ("greedy", "greedy"), rounds=1)
    p = game.state.players[0]
    assert six_bots.rank_key(p, settle=False) == (p.asset_value, p.influence, p.money)


def test_the_same_seed_gives_the_same_six_figures() -> None:
    cell = six_balance.cells(parser(six_balance.LAB).parse_args(["--players", "3", "--options", "default",
                                                                "--seatings", "greedy vs random"]), SIX)[0]
    first, second = run_cell(cell, 6, 11), run_cell(cell, 6, 11)
    assert first.figures == second.figures
    assert run_cell(cell, 6, 12).figures != first.figures


# --------------------------------------------------------------------------- The Five Actions


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random", "greedy")])
def test_five_bots_play_only_legal_moves_until_everyone_is_stuck(bots: tuple[str, ...]) -> None:
    players = [five_bots.BOTS[b](s) for s, b in enumerate(bots)]
    game = FiveGame(FIVE, "map", 4)
    game.play(FiveStart(tuple(f"P{i}" for i in range(len(bots))), ("hill", "market", "ridge")[: len(bots)]))
    passes = 0
    while passes < len(bots):
        draw = game.next_draw()
        if draw is not None:
            game.play(draw)
            continue
        seat = game.state.current
        if seat == 0 and game.state.turns < 3 * len(bots):
            assert all(game.is_legal(a) for a, _ in five_bots.moves(game))
        action = players[seat].choose(game)
        assert game.reason(action) is None, action
        game.play(action)
        passes = passes + 1 if isinstance(action, FivePass) else 0
    # Stuck for good: nobody has a legal move but Pass.
    assert all(type(a) is FivePass for a, _ in five_bots.moves(game))
    game.play(FiveEndGame())
    assert game.outcome() is not None


def test_every_seeded_five_game_ends_and_a_cap_is_reported() -> None:
    for seed in range(2):
        for bots in (("random",) * 3, ("greedy", "random")):
            result = five_bots.play_game(FIVE, seed, bots)
            assert not result.capped and result.winners and result.actions < five_bots.DEFAULT_CAP
    capped = five_bots.play_game(FIVE, 0, ("random", "random"), cap=12)
    assert capped.capped and capped.winners == ()


def test_five_play_game_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        five_bots.play_game(FIVE, 0, ("random", "human"))
    with pytest.raises(ValueError, match="2 to 4 players"):
        five_bots.play_game(FIVE, 0, ("random",) * 5)


def test_an_illegal_choice_would_stop_the_game() -> None:
    game = FiveGame(FIVE, "map", 0)
    game.play(FiveStart(("A", "B"), ("hill", "market")))
    with pytest.raises(IllegalAction):
        game.play(FivePass())  # the Tycoon display is still to be drawn


def test_the_same_seed_gives_the_same_five_figures() -> None:
    args = parser(five_balance.LAB).parse_args(["--players", "2", "--options", "advanced_needs_occupied",
                                               "--seatings", "all random"])
    cell: Cell = five_balance.cells(args, FIVE)[0]
    assert cell.option == "advanced_needs_occupied"
    assert run_cell(cell, 5, 3).figures == run_cell(cell, 5, 3).figures


# --------------------------------------------------------------------------- the commands

_ROW = re.compile(r"^\| (\d) \| (all random|all greedy|greedy vs random) \| ([\w=_]+) \| (\d+) \| (\d+) \|")


def _rows(text: str) -> list[tuple[str, ...]]:
    return [m.groups() for line in text.splitlines() if (m := _ROW.match(line))]


def test_the_six_command_prints_a_row_per_cell_and_writes_its_section(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "balance.md"
    page.write_text("# Balance\n\nThe Incoming Transmission table stays.\n", encoding="utf-8")
    argv = ["--games", "2", "--option-games", "1", "--players", "2", "3", "--out", str(page)]
    assert six_balance.run(argv) == 0
    printed = capsys.readouterr().out
    rows = _rows(printed)
    assert len(rows) == 2 * 4 * 3
    assert {r[2] for r in rows} == set(six_balance.READINGS)
    assert all(r[3] == ("2" if r[2] == "default" else "1") for r in rows)
    assert "python -m companion.games.six_actions.lab.balance --games 2" in printed
    assert "win rate by seat" in printed and "games/s" in printed
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Balance\n\nThe Incoming Transmission table stays.\n")
    assert _rows(text) == rows and "Partial" not in text


def test_the_five_command_prints_a_row_per_cell(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--players", "2", "--seatings", "all random", "greedy vs random"]
    assert five_balance.run(argv) == 0
    rows = _rows(capsys.readouterr().out)
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("2", s, o) for o in five_balance.READINGS for s in ("all random", "greedy vs random")]


def test_a_player_count_the_game_does_not_take_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert five_balance.run(["--games", "1", "--players", "5"]) == 2
    assert "takes 2 to 4 players, not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        six_balance.run(["--games", "0"])


def test_the_transmission_balance_run_keeps_the_action_games_sections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.games.transmission.content.loader import default_content as transmission_content
    from companion.games.transmission.lab import balance as transmission_balance
    from companion.games.transmission.lab.simulate import SimulationResult

    def fake(content: object, games: int, difficulty: str, seed: int, *, cadet: str, mc: str,
             jobs: int, first: int = 0) -> SimulationResult:
        return SimulationResult(games, games // 2, 0.5, 6.0, 100.0, 1.0, 1)

    monkeypatch.setattr(transmission_balance, "simulate", fake)
    out, cache = tmp_path / "balance.md", tmp_path / "balance.json"
    transmission_balance.run(transmission_content(), 2, 0, 1, cache, out, cadets=("reasoning",))
    first = out.read_text(encoding="utf-8")
    out.write_text(replace_section(first, "six-actions", "## Six\nrow"), encoding="utf-8")
    transmission_balance.run(transmission_content(), 3, 0, 1, cache, out, cadets=("reasoning",))
    again = out.read_text(encoding="utf-8")
    assert again.count(begin_marker("six-actions")) == 1
    assert "## Six\nrow\n" + end_marker("six-actions") in again
    table = transmission_balance.render(json.loads(cache.read_text(encoding="utf-8")))
    assert again.startswith(table.rstrip()) and again != first


@pytest.mark.parametrize("argv", [["--cap", "0"], ["--games", "-1"], ["--players", "x"]])
def test_bad_numbers_are_refused_by_the_command_line(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        parser(six_balance.LAB).parse_args(argv)
    assert exc.value.code == 2
