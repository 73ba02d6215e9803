"""The Six Actions' table options (docs/table-options.md): each read both ways, kept in the record,
shown in the referee's JSON, and refused by name when wrong."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.entry import main
from companion.errors import RecordError, ScenarioError
from companion.games.six_actions.engine.actions import Build, Loan
from companion.games.six_actions.engine.options import SixOptions, read_six_options
from companion.games.six_actions.engine.record import record_of, replay
from companion.games.six_actions.engine.scenario import state_json
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
    assert state_json(game)["options"] == {"forced_loan": "full", "loan_at_top": "top_level"}
    assert "options" not in record_of(game)  # a game at the defaults writes the record it always did


def test_the_record_keeps_the_options_and_a_record_without_them_takes_the_defaults() -> None:
    game = game_at(["Ana", "Ben"], options={"forced_loan": "shortfall"})
    record = record_of(game)
    assert record["options"] == {"forced_loan": "shortfall", "loan_at_top": "top_level"}
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
    assert options == {"forced_loan": "shortfall", "loan_at_top": "top_level"}


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
