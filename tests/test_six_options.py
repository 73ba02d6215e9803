"""The Six Actions' table options (docs/table-options.md): each read both ways, kept in the record,
shown in the referee's JSON, and refused by name when wrong."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.entry import main
from companion.errors import RecordError, ScenarioError
from companion.games.six_actions.engine.actions import (
    Build,
    EndGame,
    EndTurn,
    Loan,
    Muster,
    NewRound,
    Pass,
    Politics,
)
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.options import SixOptions, read_six_options
from companion.games.six_actions.engine.record import record_of, replay
from companion.games.six_actions.engine.scenario import state_json
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.stored import KEEPER
from companion.table.store import Store
from six_support import CONTENT, game_at, play, refused, total_money

SHORT = [{"name": "Ana", "steps": {"minerals": 4}}, {"name": "Ben", "money": 3, "industries": ["quarry"]}]


@pytest.mark.parametrize(("reading", "money"), [("full", 3 + 25 - 4), ("shortfall", 0)])
def test_the_forced_loan_is_the_full_25_or_only_the_shortfall(reading: str, money: int) -> None:
    game = game_at(SHORT, tycoon=1, options={"forced_loan": reading})
    play(game, Build("quarry", "wheatfield"))
    ben = game.state.players[1]
    assert (ben.money, ben.notes) == (money, 1)
    assert total_money(game.state) == 0


def test_the_default_is_the_full_loan_and_an_old_record_replays_with_it() -> None:
    game = game_at(SHORT, tycoon=1)
    assert game.options == SixOptions()
    assert state_json(game)["options"] == {
        "forced_loan": "full", "loan_at_top": "top_level", "passing": "final", "round_end": "plus_included",
        "last_round": "table",
    }
    assert "options" not in record_of(game)  # a game at the defaults writes the record it always did


def test_the_record_keeps_the_options_and_a_record_without_them_takes_the_defaults() -> None:
    game = game_at(["Ana", "Ben"], options={"forced_loan": "shortfall"})
    record = record_of(game)
    assert record["options"] == {**state_json(game)["options"], "forced_loan": "shortfall"}
    assert replay(record, CONTENT).options.forced_loan == "shortfall"
    del record["options"]
    assert replay(record, CONTENT).options == SixOptions()


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"forced_loan": "half"}, "forced_loan is one of 'full', 'shortfall', not 'half'"),
        ({"forced_loan": 25}, "forced_loan is one of"),
        ({"loan": "full"}, "no table option 'loan'"),
        ("full", "must be an object"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options: object, match: str) -> None:
    with pytest.raises(ScenarioError, match=match):
        game_at(["Ana", "Ben"], options=options)
    with pytest.raises(RecordError, match=match):
        read_six_options(options, RecordError)


def test_play_takes_the_options_and_the_saved_game_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    argv = ["play", "--game", "six-actions", "--players", "Ana,Ben", "--database", str(database)]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([*argv, "--options", '{"forced_loan": "shortfall"}']) == 0
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None
    assert store.resume(saved, KEEPER, CONTENT, None).game.options.forced_loan == "shortfall"
    store.close()
    argv[-1] = str(tmp_path / "other.sqlite3")
    assert main([*argv, "--options", '{"forced_loan": "half"}']) == 2
    assert "table option forced_loan is one of 'full', 'shortfall', not 'half'" in capsys.readouterr().err


def test_the_referee_json_carries_the_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"players": ["Ana", "Ben"], "options": {"forced_loan": "shortfall"}}))
    assert main(["referee", "--game", "six-actions", str(path)]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert options == {**json.loads(json.dumps(SixOptions().__dict__)), "forced_loan": "shortfall"}


@pytest.mark.parametrize("reading", ["top_level", "refused"])
def test_a_loan_with_the_finance_disc_at_the_top_gives_the_top_level_or_is_refused(reading: str) -> None:
    top = len(CONTENT.finance)
    game = game_at([{"name": "Ana", "finance_step": top}, "Ben"], options={"loan_at_top": reading})
    if reading == "refused":
        refused(game, Loan(), "Finance disc is at the top: a Loan would be worth no more than the last")
    else:
        play(game, Loan())
        ana = game.state.players[0]
        assert (ana.money, ana.notes, ana.finance) == (20 + CONTENT.finance[-1], 1, top)


def test_below_the_top_a_loan_is_the_same_either_way() -> None:
    for reading in ("top_level", "refused"):
        game = game_at([{"name": "Ana", "finance_step": 1}, "Ben"], options={"loan_at_top": reading})
        play(game, Loan())
        assert game.state.players[0].money == 20 + CONTENT.finance[0]


def test_a_pass_is_final_for_the_round_or_only_for_the_turn() -> None:
    """Ana passes and Ben acts: a final pass gives Ben the next turn again; a pass for the turn
    gives it back to Ana.  Either way the round ends when both have passed (docs/table-options.md)."""
    final = play(game_at(["Ana", "Ben"]), Pass(), Muster(1))
    assert (final.state.current, final.state.players[0].passed) == (1, True)
    turn = play(game_at(["Ana", "Ben"], options={"passing": "this_turn"}), Pass(), Muster(1))
    assert (turn.state.current, turn.state.players[0].passed) == (0, False)
    play(turn, Pass(), Pass())
    assert turn.state.phase is Phase.ROUND_END
    play(final, Pass())
    assert final.state.phase is Phase.ROUND_END


def test_with_passes_for_the_turn_a_round_ends_only_after_a_whole_circle_of_passes() -> None:
    game = play(game_at(["Ana", "Ben"], options={"passing": "this_turn"}), Pass(), Muster(1), Pass())
    assert (game.state.phase, game.state.current) == (Phase.TURN, 1)  # Ana passed after Ben acted
    play(game, Pass())
    assert game.state.phase is Phase.ROUND_END


@pytest.mark.parametrize(
    ("reading", "phase"), [("plus_included", Phase.TURN), ("action_tokens", Phase.ROUND_END)]
)
def test_a_player_holding_only_a_plus_token_plays_on_or_the_round_ends(reading: str, phase: Phase) -> None:
    """Ben has placed both action tokens and holds a +1 Action token; Ana has passed."""
    game = game_at(["Ana", {"name": "Ben", "plus_tokens": 1}], options={"round_end": reading})
    play(game, Pass(), Politics(), EndTurn(), Loan(), EndTurn())
    assert game.state.phase is phase
    if phase is Phase.TURN:
        assert game.state.current == 1
        play(game, Muster(1, plus=True))
        assert game.state.phase is Phase.ROUND_END


def _round_over(game: Game) -> Game:
    return play(game, Pass(), Pass())


def test_the_table_ends_the_game_at_any_rounds_end_by_default() -> None:
    game = _round_over(game_at(["Ana", "Ben"]))
    assert game.is_legal(EndGame()) and game.is_legal(NewRound(1))


def test_a_fixed_number_of_rounds_refuses_an_early_end_and_a_round_too_many() -> None:
    game = _round_over(game_at(["Ana", "Ben"], options={"last_round": 4}))
    refused(game, EndGame(), "the game has 4 rounds .table option last_round. and this is round 1")
    for _ in range(3):
        _round_over(play(game, NewRound(0)))
    assert game.state.round == 4
    refused(game, NewRound(1), "round 4 was the last of 4 .table option last_round.: end the game")
    play(game, EndGame())
    assert game.state.phase is Phase.SETTLEMENT
    assert record_of(game)["options"]["last_round"] == 4
    assert replay(record_of(game), CONTENT).state == game.state


def test_the_new_options_are_read_from_json_and_refused_by_name() -> None:
    chosen = {"passing": "this_turn", "round_end": "action_tokens", "last_round": 6}
    options = read_six_options(chosen, RecordError)
    assert (options.passing, options.round_end, options.last_round) == ("this_turn", "action_tokens", 6)
    with pytest.raises(RecordError, match="last_round is one of 'table', 4, 5, 6, 7, 8, not 3"):
        read_six_options({"last_round": 3}, RecordError)
    with pytest.raises(RecordError, match="not '5'"):
        read_six_options({"last_round": "5"}, RecordError)


def test_play_takes_the_new_options_and_refuses_a_round_count_it_does_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    argv = ["play", "--game", "six-actions", "--players", "Ana,Ben", "--database", str(database)]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    chosen = '{"passing": "this_turn", "round_end": "action_tokens", "last_round": 6}'
    assert main([*argv, "--options", chosen]) == 0
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None
    options = store.resume(saved, KEEPER, CONTENT, None).game.options
    assert (options.passing, options.round_end, options.last_round) == ("this_turn", "action_tokens", 6)
    store.close()
    argv[-1] = str(tmp_path / "other.sqlite3")
    assert main([*argv, "--options", '{"last_round": 9}']) == 2
    assert "table option last_round is one of 'table', 4, 5, 6, 7, 8, not 9" in capsys.readouterr().err
