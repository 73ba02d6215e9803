"""A fourth game of actions in miniature, made only of a rules function, a pack and the table's floor
(``companion/table``): its engine is a :class:`PackGame`, its record a :class:`RecordFormat`, its
actions an :meth:`ActionCodec.of` its union, its session an :class:`ActionSession`; what the Six and
Five Actions share is tested here once, on a game that is neither (issue 24, item 1)."""

from __future__ import annotations

import copy
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.errors import IllegalAction, RecordError, ScenarioError
from companion.table.action_session import ActionSession, Changed, GameOver, Refused, progress_of
from companion.table.checked_game import EndGame, PackGame, Pass, Undo
from companion.table.events import ActionPlayed, Event
from companion.table.pack_fields import MapContent, by_id
from companion.table.record import ActionCodec, RecordFormat, field_reader
from companion.table.registry import HelpPlace, Reference, game_of_actions
from companion.table.scenario import scenario_actions, started_game

# --------------------------------------------------------------------------- the miniature game


@dataclass(frozen=True)
class Card:
    id: str
    points: int


@dataclass(frozen=True)
class Pack(MapContent):
    id: str
    digest: str
    cards: tuple[Card, ...]
    game_map: object = None


@dataclass(frozen=True)
class Options:
    double: bool = False


@dataclass(frozen=True, slots=True)
class Start:
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    card: str


@dataclass(frozen=True, slots=True)
class AddPoints:
    amount: int
    note: str | None = None
    tags: tuple[str, ...] = ()


Action = Start | Draw | AddPoints | Pass | EndGame | Undo


@dataclass
class State:
    options: Options
    pile: list[str]
    players: list[str] = field(default_factory=list)
    total: int = 0
    round: int = 1
    pending: int = 0
    over: bool = False

    def copy(self) -> State:
        return copy.deepcopy(self)


def new_state(content: Pack, layout: str, seed: int, options: Options) -> State:
    """The pile in the seed's order (a rotation is enough for a test)."""
    ids = [c.id for c in content.cards]
    turn = seed % len(ids)
    return State(options, ids[turn:] + ids[:turn])


def apply_action(content: Pack, state: State, action: Any) -> None:
    if isinstance(action, Start):
        state.players, state.pending = list(action.names), 1
    elif isinstance(action, Draw):
        if not state.pending or action.card not in state.pile:
            raise IllegalAction(f"no card {action.card} is to be drawn now")
        state.pile.remove(action.card)
        card = by_id(content.cards, action.card)
        state.total += card.points if card is not None else 0
        state.pending -= 1
    elif isinstance(action, AddPoints):
        if action.amount < 1:
            raise IllegalAction("an addition is at least 1 point")
        state.total += action.amount * (2 if state.options.double else 1)
        state.pending = 1 if state.pile else 0
    elif isinstance(action, Pass):
        state.round += 1
    elif isinstance(action, EndGame):
        state.over = True


@dataclass(frozen=True)
class Standing:
    name: str
    total: int


@dataclass(frozen=True)
class Outcome:
    standings: tuple[Standing, ...]


class Game(PackGame[Pack, Options, State, Action]):
    start_kind, draw_kind, options_kind = Start, Draw, Options
    setup = staticmethod(new_state)

    def run_action(self, state: State, action: Action) -> None:
        apply_action(self.content, state, action)

    def is_over(self) -> bool:
        return self.state.over

    def next_draw(self) -> Draw | None:
        return Draw(self.state.pile[0]) if self.state.pending and self.state.pile else None

    def outcome(self) -> Outcome | None:
        if not self.state.over:
            return None
        return Outcome(tuple(Standing(name, self.state.total) for name in self.state.players))


CODEC: ActionCodec[Action] = ActionCodec.of(Action, field_reader(longest=8, largest=100, most=2))
RECORDS: RecordFormat[Game] = RecordFormat(Game, CODEC, 1, "toy", logging.getLogger(__name__))


class Session(ActionSession[Game]):
    records = RECORDS
    physical_key = "physical_pile"

    def played(self, action: Action, before: Any) -> str:
        self.draw_all()
        return f"The total is {self.game.state.total}."

    def ranking(self, standing: Standing) -> tuple[int, ...]:
        return (standing.total,)


PACK = Pack("toy@1", "abc", (Card("one", 1), Card("ten", 10), Card("hundred", 100)))


def started(options: Options | None = None, physical: bool = False) -> tuple[Session, list[Event]]:
    session = Session(Game(PACK, "printed", 1, options), physical)
    session.game.play(Start(("Ana", "Ben")))
    session.draw_all()
    events: list[Event] = []
    session.subscribe(events.append)
    return session, events


# --------------------------------------------------------------------------- the record


def test_each_kind_is_its_class_name_in_snake_case_in_the_unions_order() -> None:
    assert list(CODEC.kinds) == ["start", "draw", "add_points", "pass", "end_game", "undo"]
    assert CODEC.to_json(AddPoints(3, tags=("a",))) == {"kind": "add_points", "amount": 3, "note": None,
                                                       "tags": ["a"]}


@pytest.mark.parametrize(("data", "said"), [
    ({"kind": "add_points", "amount": 101}, "add_points.amount must be a whole number, not 101"),
    ({"kind": "add_points", "amount": True}, "add_points.amount must be a whole number, not True"),
    ({"kind": "add_points", "amount": 1, "note": "x" * 9}, "add_points.note must be a text of at most 8"),
    ({"kind": "add_points", "amount": 1, "tags": ["a", "b", "c"]},
     "add_points.tags must be a list of at most 2"),
    ({"kind": "add_points", "amount": 1, "tags": ["a", 7]}, "add_points.tags[1] must be a text of at most 8"),
    ({"kind": "add_points"}, "add_points.amount is missing"),
    ({"kind": "subtract"}, "unknown action kind 'subtract'"),
])
def test_a_field_outside_the_games_limits_is_named(data: dict[str, Any], said: str) -> None:
    with pytest.raises(RecordError, match=said.replace("[", r"\[").replace("]", r"\]")):
        CODEC.from_json(data)


def test_a_record_replays_to_itself_and_names_its_options_only_when_not_the_defaults() -> None:
    session, _ = started()
    session.play(AddPoints(5))
    record = session.record()
    assert record["game"] == "toy" and "options" not in record and record["difficulty"] == "2 players"
    assert [a["kind"] for a in record["actions"]] == ["start", "draw", "add_points", "draw"]
    assert json.dumps(RECORDS.record_of(RECORDS.replay(record, PACK))) == json.dumps(record)
    doubled, _ = started(Options(double=True))
    assert doubled.record()["options"] == {"double": True}
    assert RECORDS.replay(doubled.record(), PACK).options == Options(double=True)


@pytest.mark.parametrize(("change", "said"), [
    ({"game": "six-actions"}, "a game of 'six-actions', not of toy"),
    ({"layout": "map"}, "has no map"),
    ({"options": {"triple": True}}, "there is no table option 'triple'"),
    ({"actions": [{"kind": "pass"}]}, "action 0 .pass.: a record starts with one start action"),
    ({"difficulty": "3 players"}, "difficulty '3 players' is not the record's '2 players'"),
])
def test_a_record_that_is_not_this_games_is_refused_in_words(change: dict[str, Any], said: str) -> None:
    session, _ = started()
    with pytest.raises(RecordError, match=said):
        RECORDS.replay({**session.record(), **change}, PACK)


# --------------------------------------------------------------------------- the engine


def test_the_game_is_set_up_from_its_pack_layout_seed_and_options() -> None:
    game = Game(PACK, "printed", 1)
    assert game.options == Options() and game.state.pile == ["ten", "hundred", "one"]
    with pytest.raises(ValueError, match="has no map: play on the printed board"):
        Game(PACK, "map", 1)
    with pytest.raises(ValueError, match="is none of map, printed"):
        Game(PACK, "moon", 1)
    assert not PACK.has_map and Pack("x", "d", (), game_map=()).has_map


# --------------------------------------------------------------------------- the session


def test_a_played_intent_is_announced_then_ends_with_changed_in_the_games_words() -> None:
    session, events = started()
    assert session.play(AddPoints(5))
    assert [type(e) for e in events] == [ActionPlayed, ActionPlayed, Changed]
    assert session.message == "The total is 115."  # 10 drawn at the start, 5 added, 100 drawn after
    assert session.play(EndGame(), done="The end.") and session.over
    assert [type(e) for e in events[3:]] == [ActionPlayed, GameOver, Changed]
    assert session.message == "The end."


def test_a_refusal_changes_nothing_and_says_the_rule_as_a_sentence() -> None:
    session, events = started()
    before = session.game.state.copy()
    assert not session.play(AddPoints(0))
    assert events == [Refused("An addition is at least 1 point.")] and session.game.state == before


def test_the_undo_is_the_tables_and_refused_in_the_same_words_for_every_game() -> None:
    session, events = started()
    assert not session.undo()
    assert events == [Refused("Nothing can be undone: nothing has been played yet.")]
    session.play(AddPoints(5))
    assert session.undo() and session.game.state.total == 10 and session.game.undos() == 1
    assert isinstance(session.game.actions[-1], Undo)


def test_the_table_state_keeps_the_sentence_the_piles_the_options_and_the_winners() -> None:
    session, _ = started(Options(double=True), physical=True)
    session.play(AddPoints(2))
    session.play(Draw("hundred"))
    session.play(EndGame())
    table = session.table_state()
    assert table["physical_pile"] is True and table["options"] == {"double": True} and "final" in table
    record = {k: v for k, v in session.record().items() if k != "options"}  # the store keeps no column
    again = Session.from_record(PACK, record, table)
    assert again.physical and again.message == session.message and again.game.options == Options(True)
    assert Session.resume(PACK, None, record, table, None, False).physical is False
    with pytest.raises(RecordError, match="no start action"):
        Session.from_record(PACK, {**record, "actions": []}, table)


def test_the_history_row_counts_the_round_reached_once_a_move_is_in_effect() -> None:
    session, _ = started()
    assert progress_of(session, 1, 2, 3).transmissions_used == 0
    session.play(AddPoints(1))
    session.play(Pass())
    row = progress_of(session, 1, 2, 3)
    assert (row.transmissions_used, row.missions_completed, row.missions_total, row.score) == (2, 1, 2, 3)
    assert row.undos == 0 and row.result is None
    session.play(EndGame())
    assert progress_of(session, 1, 2, 3).result == "won"


# --------------------------------------------------------------------------- scenario and registration


def test_a_scenario_starts_the_game_and_reads_its_actions() -> None:
    game = started_game(Game, PACK, "printed", 2, {"double": True}, Start(("Ana",)))
    assert game.options.double and game.state.pending == 0 and game.state.total == 100  # seed 2: hundred
    with pytest.raises(ScenarioError, match="options: there is no table option 'x'"):
        started_game(Game, PACK, "printed", 2, {"x": 1}, Start(("Ana",)))
    with pytest.raises(ScenarioError, match="actions: must be a list of actions"):
        scenario_actions({}, CODEC)
    with pytest.raises(ScenarioError, match=r"actions\[1\]: the scenario's players start the game"):
        scenario_actions([{"kind": "pass"}, {"kind": "start", "names": []}], CODEC, refused=Start)
    assert scenario_actions([{"kind": "pass"}], CODEC) == [Pass()]


def test_a_game_of_actions_registers_its_standings_and_its_three_subcommands() -> None:
    parts: tuple[Reference[Any], Reference[Any], Reference[Any]] = (
        Reference("a:b"), Reference("c:d"), Reference("e:f"))
    info = game_of_actions("toy", "Toy", parts, ("2 players",))
    assert info.standings and info.difficulties == ("2 players",) and info.content == Reference("a:b")
    assert [(c.place, c.names) for c in info.cli] == [(HelpPlace.GAME, ("play", "referee", "content"))]
