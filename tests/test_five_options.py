"""The Five Actions' table options (docs/table-options.md): each read both ways, kept in the
record, shown in the referee's JSON, and refused by name when wrong."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.entry import main
from companion.errors import RecordError, ScenarioError
from companion.games.five_actions.engine.actions import Start, Transmit
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.record import record_of, replay
from companion.games.five_actions.engine.scenario import parse_scenario, state_json
from companion.games.five_actions.stored import KEEPER
from companion.table.store import Store
from five_support import CONTENT, NAMES, draw_all, play, refused

SIGNAL = Transmit("harbour", "advanced", line="red", direction="forward")


def started(options: FiveOptions, starts: tuple[str, ...] = ("harbour", "ridge")) -> Game:
    game = Game(CONTENT, "map", 1, options)
    game.play(Start(NAMES[:2], starts))
    return draw_all(game)


def test_by_default_the_advanced_box_may_be_chosen_with_both_locations_empty() -> None:
    game = play(started(FiveOptions()), SIGNAL)
    assert sorted(game.state.players[0].tokens) == ["hill", "tower"]


def test_the_other_reading_refuses_the_advanced_box_when_both_locations_are_empty() -> None:
    game = started(FiveOptions(advanced_needs_occupied=True))
    refused(game, SIGNAL, "Advanced Action only if at least one Location is occupied", "(table option")
    occupied = started(FiveOptions(advanced_needs_occupied=True), ("harbour", "hill"))
    play(occupied, SIGNAL)  # Hill holds Ben's station: the Advanced box is the answer
    assert occupied.state.players[0].ready == 0


def test_the_record_keeps_the_options_and_a_record_without_them_takes_the_defaults() -> None:
    game = started(FiveOptions(advanced_needs_occupied=True))
    record = record_of(game)
    assert record["options"] == {"advanced_needs_occupied": True}
    assert replay(record, CONTENT).options.advanced_needs_occupied is True
    del record["options"]
    assert replay(record, CONTENT).options == FiveOptions()


def test_the_scenario_takes_options_and_the_referee_json_shows_them() -> None:
    data = {"players": [{"name": "Ana", "start": "harbour"}, {"name": "Ben", "start": "ridge"}]}
    assert state_json(parse_scenario(data, CONTENT).game)["options"] == {"advanced_needs_occupied": False}
    data["options"] = {"advanced_needs_occupied": True}  # type: ignore[assignment]
    assert state_json(parse_scenario(data, CONTENT).game)["options"] == {"advanced_needs_occupied": True}


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"advanced_needs_occupied": "yes"}, "advanced_needs_occupied is one of False, True, not 'yes'"),
        ({"advanced_needs_occupied": 1}, "advanced_needs_occupied is one of"),
        ({"advanced": True}, "no table option 'advanced'"),
        ([], "must be an object"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options: object, match: str) -> None:
    players = [{"name": "Ana", "start": "harbour"}, {"name": "Ben", "start": "ridge"}]
    data = {"players": players, "options": options}
    with pytest.raises(ScenarioError, match=match):
        parse_scenario(data, CONTENT)
    record = record_of(started(FiveOptions()))
    record["options"] = options
    with pytest.raises(RecordError, match=match):
        replay(record, CONTENT)


def test_play_takes_the_options_and_a_resumed_game_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--game", "five-actions", "--layout", "printed", "--database", str(tmp_path / "a.db")]
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nOld Mill\nBen\nQuarry\n"))
    assert main([*argv, "--options", '{"advanced_needs_occupied": true}']) == 0
    store = Store.open(tmp_path / "a.db")
    saved = store.unfinished()
    assert saved is not None
    assert store.resume(saved, KEEPER, CONTENT, None).game.options.advanced_needs_occupied is True
    store.close()
    argv[-1] = str(tmp_path / "b.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nOld Mill\nBen\nQuarry\n"))
    assert main([*argv, "--options", '{"advanced_needs_occupied": "no"}']) == 2
    assert "table option advanced_needs_occupied is one of False, True, not 'no'" in capsys.readouterr().err
