"""Properties of The Six Actions' engine, over random games (hypothesis).

- money is conserved between the players, the bank and the supply after every action;
- a refused action changes nothing;
- a record replays to the identical state (undos included), through its JSON;
- every action round-trips through its JSON form.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.six_actions.engine.actions import from_json, to_json
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.record import record_of, replay
from companion.games.six_actions.engine.state import Phase
from six_support import CONTENT, game_at, refused, total_money

SETTINGS = settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _random_game(data: st.DataObject, layout: str, players: int) -> Game:
    names = ["Ana", "Ben", "Cleo", "Dev", "Eli"][:players]
    game = game_at(names, layout=layout, seed=data.draw(st.integers(0, 999), label="seed"))
    for _ in range(data.draw(st.integers(5, 80), label="length")):
        if game.state.phase is Phase.OVER:
            break
        # Mostly a legal action (so games go far), now and then any candidate (so refusals are tried).
        choices = (
            list(game.candidates())
            if data.draw(st.integers(0, 4), label="any") == 0
            else game.legal_actions()
        )
        if not choices:
            break
        action = choices[data.draw(st.integers(0, len(choices) - 1), label="pick")]
        reason = game.reason(action)
        if reason is not None:
            refused(game, action, ".")  # a refusal changes nothing
            continue
        game.play(action)
        assert total_money(game.state) == 0, f"money not conserved after {action}"
        assert all(p.money >= 0 for p in game.state.players)
        assert all(0 <= p.notes <= 10 for p in game.state.players)
    return game


@SETTINGS
@given(st.data(), st.sampled_from(["map", "printed"]), st.integers(2, 5))
def test_money_is_conserved_and_refusals_change_nothing(
    data: st.DataObject, layout: str, players: int
) -> None:
    _random_game(data, layout, players)


@SETTINGS
@given(st.data(), st.sampled_from(["map", "printed"]))
def test_a_record_replays_to_the_identical_state(data: st.DataObject, layout: str) -> None:
    game = _random_game(data, layout, 3)
    # The test's games start from a scenario position; a record replays from the start action, so
    # compare a game made from the record of the same actions played from the start.
    fresh = Game(CONTENT, layout, game.seed)
    for action in game.actions:
        fresh.play(action)
    record = json.loads(json.dumps(record_of(fresh)))
    again = replay(record, CONTENT)
    assert again.state == fresh.state and again.actions == fresh.actions


@SETTINGS
@given(st.data())
def test_every_action_round_trips_through_json(data: st.DataObject) -> None:
    game = _random_game(data, "map", 2)
    for action in [*game.actions, *game.candidates()]:
        assert from_json(json.loads(json.dumps(to_json(action)))) == action


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.text(max_size=8)
    | st.sampled_from(["build", "muster", "share", "capital", "mine", "Ana", "strategy", "sales_3"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kind",
                    "players",
                    "actions",
                    "card",
                    "city",
                    "promoters",
                    "name",
                    "money",
                    "space",
                    "amount",
                    "opponent",
                    "seed",
                    "layout",
                    "tycoon",
                    "plus",
                    "steps",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(JSON)
def test_any_json_scenario_is_run_or_refused_in_words(data: object) -> None:
    from companion.errors import ScenarioError
    from companion.games.six_actions.engine.scenario import parse_scenario, run

    try:
        scenario = parse_scenario(data, CONTENT)
    except ScenarioError:
        return
    before = scenario.game.state.copy()
    if run(scenario) is not None:
        assert scenario.game.state == before


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(JSON, max_size=4))
def test_any_json_record_replays_or_is_refused_in_words(actions: list[object]) -> None:
    from companion.errors import RecordError

    start = {"kind": "start", "names": ["Ana", "Ben"], "colours": ["red", "blue"], "tycoon": 0}
    record = {
        "format": 1,
        "content": CONTENT.id,
        "digest": CONTENT.digest,
        "seed": 1,
        "difficulty": "2 players",
        "layout": "map",
        "actions": [start, *actions],
    }
    try:
        replay(record, CONTENT)
    except RecordError:
        pass
