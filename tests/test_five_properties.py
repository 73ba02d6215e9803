"""Properties of The Five Actions' engine, over random games (hypothesis): every piece and every
dollar is accounted for after every action, a refused action changes nothing, a record replays to
the identical game, and an undo puts back the state before the action."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import COLUMNS
from companion.games.five_actions.engine import economy as eco
from companion.games.five_actions.engine.actions import (
    Action,
    Fund,
    Install,
    Modulate,
    Pass,
    Supply,
    Transmit,
    Undo,
)
from companion.games.five_actions.engine.board import distance
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.record import record_of, replay
from companion.games.five_actions.engine.state import census
from five_support import CONTENT, draw_all, game_at

BOXES = ("basic", "advanced", "patent")


def candidates(game: Game) -> list[list[Action]]:
    """Actions worth trying now, legal or not (map layout), by kind: a pick takes a kind, then one."""
    state = game.state
    p = state.players[state.current]
    game_map = CONTENT.game_map
    assert game_map is not None
    mine = [game_map.location(k) for k in [*p.stations, *p.tokens]]
    near = [loc for loc in game_map.locations if any(m is not None and distance(loc, m) <= 2 for m in mine)]
    installs: list[Action] = [
        Install(loc.id, box, "A" if box == "patent" else None) for loc in near for box in BOXES
    ]
    signals: list[Action] = []
    for station in p.stations:
        for line in game_map.lines:
            if all(s.location != station for s in line.path):
                continue
            for direction in ("forward", "back"):
                for box in BOXES:
                    side = "B" if box == "patent" else None
                    signals.append(Transmit(station, box, line=line.id, direction=direction, side=side))
                    signals.append(Modulate(station, box, line=line.id, direction=direction, side=side))
    rows = [r.id for r in CONTENT.credit_rows]
    offered = [t for tiles in state.display.values() for t in tiles]
    funds: list[Action] = []
    supplies: list[Action] = []
    for credit in p.credits:
        for row in rows:
            funds.append(Fund(credit, row, "basic"))
            funds += [Fund(credit, row, "basic", tycoon=t) for t in offered]
            funds.append(Fund(credit, row, "advanced", face_down=1))
            due = 2 + eco.active(CONTENT, state, state.current, "factory") + (row == "industry")
            tiles = tuple(c for c in COLUMNS for _ in range(p.supply[c]))[:due]
            supplies.append(Supply(credit, row, tiles))
            supplies += [Supply(credit, row, tiles, patent=i) for i in state.pool]
    target = game.undo_target()
    table: list[Action] = [Pass()] + ([Undo(target)] if target is not None else [])
    return [kind for kind in (installs, signals, funds, supplies, table) if kind]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 999), st.lists(st.integers(0, 10**6), min_size=5, max_size=40))
def test_pieces_and_money_are_conserved_refusals_change_nothing_and_records_replay(
    players: int, seed: int, picks: list[int]
) -> None:
    game = game_at(players, seed=seed)
    start = census(game.state)
    for pick in picks:
        kinds = candidates(game)
        options = kinds[pick % len(kinds)]
        action = options[pick // len(kinds) % len(options)]
        before = game.state.copy()
        count = len(game.actions)
        try:
            game.play(action)
        except IllegalAction:
            assert game.state == before and len(game.actions) == count
            continue
        draw_all(game)
        assert census(game.state) == start
        for p in game.state.players:
            assert p.money >= 0 and p.ready >= 0 and all(n >= 0 for n in p.tracks.values())
            assert len(set(p.tokens)) == len(p.tokens)  # one Signal token per player per Location
        if isinstance(action, Undo):
            continue
        target = game.undo_target()
        if target is not None and target == count:
            trial = replay(record_of(game), CONTENT)
            trial.play(Undo(target))
            assert trial.state.players == before.players and trial.state.credit_area == before.credit_area
    again = replay(record_of(game), CONTENT)
    assert again.state == game.state and again.actions == game.actions


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.sampled_from(
        ["hill", "harbour", "red", "forward", "back", "basic", "advanced", "patent", "A", "c1", "bank", "x"]
    ),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=4,
)
FIELDS = [
    "location",
    "box",
    "side",
    "empty",
    "reward",
    "bonus",
    "station",
    "line",
    "direction",
    "locations",
    "credit",
    "row",
    "tycoon",
    "face_down",
    "tiles",
    "patent",
    "level",
    "index",
    "names",
    "starts",
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(
        ["install", "transmit", "modulate", "fund", "supply", "pass", "draw", "undo", "start", "end_game"]
    ),
    st.dictionaries(st.sampled_from(FIELDS), JSONISH, max_size=6),
)
def test_any_json_action_is_played_or_refused_in_words_never_a_crash(
    kind: str, fields: dict[str, object]
) -> None:
    from companion.errors import RecordError
    from companion.games.five_actions.engine.actions import from_json

    game = game_at()
    before = game.state.copy()
    try:
        action = from_json({"kind": kind, **fields})
    except RecordError as exc:
        assert str(exc)
        return
    try:
        game.play(action)
    except IllegalAction as exc:
        assert exc.reason and game.state == before
