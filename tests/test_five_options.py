"""The Five Actions' table options (docs/table-options.md): each read both ways, kept in the
record, shown in the referee's JSON, and refused by name when wrong."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.entry import main
from companion.errors import RecordError, ScenarioError
from companion.games.five_actions.engine.actions import EndGame, Fund, Install, Pass, Start, Transmit
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.options import FiveOptions, read_five_options
from companion.games.five_actions.engine.record import record_of, replay
from companion.games.five_actions.engine.scenario import parse_scenario, state_json
from companion.games.five_actions.engine.state import Phase
from companion.games.five_actions.stored import KEEPER
from companion.games.five_actions.views import table_view
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
    assert record["options"] == {**vars(FiveOptions()), "advanced_needs_occupied": True}
    assert replay(record, CONTENT).options.advanced_needs_occupied is True
    del record["options"]
    assert replay(record, CONTENT).options == FiveOptions()


def test_the_scenario_takes_options_and_the_referee_json_shows_them() -> None:
    data = {"players": [{"name": "Ana", "start": "harbour"}, {"name": "Ben", "start": "ridge"}]}
    defaults = {
        "advanced_needs_occupied": False, "own_token_site": "adjacent", "box_cost": "before_taking",
        "face_down_level": "up_to_count", "game_end": "any_turn",
    }
    assert state_json(parse_scenario(data, CONTENT).game)["options"] == defaults
    data["options"] = {"advanced_needs_occupied": True}  # type: ignore[assignment]
    shown = state_json(parse_scenario(data, CONTENT).game)["options"]
    assert shown == {**defaults, "advanced_needs_occupied": True}


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


#: Ana's station on Beach sends a signal along the grey line: Field, then Forge past the Lagoon, so
#: Ana's Signal token on Forge has no piece of hers next to it.
GREY = Transmit("beach", "basic", line="grey", direction="forward")


@pytest.mark.parametrize("reading", ["adjacent", "foothold"])
def test_building_on_an_own_signal_token_needs_a_neighbour_or_the_token_is_enough(reading: str) -> None:
    options = read_five_options({"own_token_site": reading}, ValueError)
    game = play(started(options, ("beach", "ridge")), GREY, Pass())
    assert "forge" in game.state.players[0].tokens
    build = Install("forge", "basic")
    assert ("forge" in table_view(game).reachable) is (reading == "foothold")
    if reading == "adjacent":
        refused(game, build, "Forge is not orthogonally adjacent to a Location where Ana has a station")
        return
    play(game, build)
    ana = game.state.players[0]
    assert ana.stations["forge"] is False and "forge" in ana.tokens  # the token stays; no bonus again
    assert "no bonus: the Signal token there had it already" in game.state.last


def scenario(options: dict[str, object], money: int = 10) -> Game:
    players = [{"name": "Ana", "start": "harbour", "money": money}, {"name": "Ben", "start": "ridge"}]
    return parse_scenario({"players": players, "options": options}, CONTENT).game


@pytest.mark.parametrize(("reading", "basic", "advanced"), [("before_taking", 0, 3), ("after_taking", 1, 4)])
def test_the_space_a_taken_tile_leaves_is_free_or_paid(reading: str, basic: int, advanced: int) -> None:
    """Ana's Installation column holds 2 tiles, spaces $0 $1 | $1 $2 | $2 $3 (Basic after 2, Advanced
    after 4): taking the top tile leaves the $1 space, paid or not."""
    game = scenario({"box_cost": reading})
    quotes = {q.box: q.dollars for q in table_view(game).quotes if q.column == "installation"}
    assert (quotes["basic"], quotes["advanced"]) == (basic, advanced)
    play(game, Install("hill", "advanced"))
    assert game.state.players[0].money == 10 + 1 - advanced  # Hill's bonus is $1
    broke = scenario({"box_cost": reading}, money=0)
    if basic:
        refused(broke, Install("hill", "basic"), "the basic box costs an Action tile and $1", "has $0")
    else:
        play(broke, Install("hill", "basic"))


@pytest.mark.parametrize("reading", ["up_to_count", "any"])
def test_a_face_down_tycoon_tile_is_of_a_level_up_to_the_count_or_any(reading: str) -> None:
    """Ana's Credit token from c1 uncovers her first Tycoon icon: 1 active Tycoon, so face up level
    1 only; the face-down level-2 tile is hers only when any level's stack may be taken."""
    game = scenario({"face_down_level": reading})
    fund = Fund("c1", "bank", "basic", face_down=2)
    if reading == "up_to_count":
        refused(game, fund, "a face-down tile from a stack of level 1 that still has tiles")
        return
    play(game, fund)
    kept = [t for column in game.state.players[0].tycoons.values() for t in column]
    tile = CONTENT.tycoon(kept[0])
    assert len(kept) == 1 and tile is not None and tile.level == 2


def test_a_face_down_tile_is_never_taken_with_no_active_tycoon() -> None:
    game = scenario({"face_down_level": "any"})
    refused(game, Fund("c2", "bank", "basic", face_down=1), "Ana has no active Tycoon")


@pytest.mark.parametrize("reading", ["any_turn", "round_end"])
def test_the_table_ends_the_game_after_any_turn_or_only_at_a_rounds_end(reading: str) -> None:
    game = play(scenario({"game_end": reading}), Pass())
    if reading == "round_end":
        refused(game, EndGame(), "the game ends at a round's end (table option game_end)", "Ben plays on")
        play(game, Pass())
    play(game, EndGame())
    assert game.state.phase == Phase.OVER
    assert replay(record_of(game), CONTENT).state == game.state


def test_play_takes_the_new_options_and_a_resumed_game_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--game", "five-actions", "--layout", "printed", "--database", str(tmp_path / "a.db")]
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nOld Mill\nBen\nQuarry\n"))
    chosen = '{"own_token_site": "foothold", "box_cost": "after_taking", "face_down_level": "any", ' \
             '"game_end": "round_end"}'
    assert main([*argv, "--options", chosen]) == 0
    store = Store.open(tmp_path / "a.db")
    saved = store.unfinished()
    assert saved is not None
    options = store.resume(saved, KEEPER, CONTENT, None).game.options
    assert options == FiveOptions(own_token_site="foothold", box_cost="after_taking", face_down_level="any",
                                  game_end="round_end")
    store.close()
    argv[-1] = str(tmp_path / "b.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nOld Mill\nBen\nQuarry\n"))
    assert main([*argv, "--options", '{"box_cost": "after"}']) == 2
    said = capsys.readouterr().err
    assert "table option box_cost is one of 'before_taking', 'after_taking', not 'after'" in said
