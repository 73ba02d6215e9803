"""Undo on the honour system (engine.undo, Session.undo): exactly one action, never a random draw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalAction, RecordError
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.actions import (
    CorrectBoard,
    Execute,
    Undo,
    UseBoost,
    from_json,
    is_chance,
    to_json,
)
from companion.games.transmission.engine.game import Game, Phase
from companion.games.transmission.engine.record import replay
from companion.games.transmission.engine.undo import UNDOABLE, undo_reason, undo_target
from companion.games.transmission.events import Undone
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Chooser, Session, Step
from companion.table.events import Event
from kill_resume import new_session, reference
from test_session import RandomChooser, arrange, to_decode

CONTENT = default_content()


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner()


def honor(seed: int = 3, chooser: Chooser | None = None, difficulty: str = "standard",
          layout: str = "standard") -> tuple[Session, list[Event]]:
    session = Session(CONTENT, chooser or RandomChooser(seed), difficulty, layout, seed, undo="honor")
    events: list[Event] = []
    session.subscribe(events.append)
    return session, events


def arrange_intended(session: Session) -> tuple[str, ...]:
    state = session.game.state
    arrange(session, state.intended, [c for c in state.hand if c not in state.intended][: state.leave_out])
    return tuple(state.intended)


def until(session: Session, wanted: Step) -> None:
    """Play Mission Control's intended orders until the session is on ``wanted``."""
    while session.step is not wanted:
        assert not session.over, f"the game ended before {wanted}"
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            arrange_intended(session)
            assert session.execute()
        elif session.step is Step.EXECUTE:
            while session.next_step():
                pass
            assert session.confirm()
        else:
            assert session.confirm()


def test_undo_is_off_unless_the_table_turns_it_on() -> None:
    session = Session(CONTENT, RandomChooser(1), seed=1)
    to_decode(session)
    arrange_intended(session)
    assert session.execute()
    before = (session.game.state, len(session.game.actions))
    assert not session.can_undo and not session.undo()
    assert 'undo = "honor"' in session.message
    assert (session.game.state, len(session.game.actions)) == before
    with pytest.raises(ValueError, match="undo is one of off, honor"):
        Session(CONTENT, RandomChooser(1), seed=1, undo="sometimes")


def test_an_execute_is_reverted_and_exactly_one_action() -> None:
    session, events = honor()
    to_decode(session)
    before_state = session.game.state
    actions_before = list(session.game.actions)
    order = arrange_intended(session)
    assert session.execute() and session.step is Step.EXECUTE
    assert session.next_step()
    assert session.undo()
    assert session.game.state == before_state
    assert session.game.actions == [*actions_before, Execute(order), Undo(len(actions_before))]
    assert session.step is Step.DECODE and tuple(session.arrangement) == order and session.shown_steps == 0
    assert session.message.startswith("Undone: the order is back in the registers")
    undo_event = [e for e in events if isinstance(e, Undone)][-1]
    assert (undo_event.undone, undo_event.index) == (to_json(Execute(order)), len(actions_before))
    assert replay(session.record(), CONTENT).state == session.game.state
    assert session.execute()  # and the Cadet may execute again


def test_nothing_random_is_undone_or_redrawn() -> None:
    session, _ = honor()
    assert not session.undo() and "nothing the table did is left to undo" in session.message
    to_decode(session)
    assert not session.undo() and "the Transmission card is already revealed" in session.message
    arrange_intended(session)
    assert session.execute() and session.confirm() and session.confirm()
    assert session.step is Step.THINKING
    assert not session.undo() and "Mission Control is choosing" in session.message
    assert session.choose_now()
    card = session.game.state.card
    length = len(session.game.actions)
    assert not session.undo() and "the Transmission card is already revealed" in session.message
    assert session.game.state.card == card and len(session.game.actions) == length


def test_a_dealt_signal_boost_stays_dealt(planner: Planner) -> None:
    session, _ = honor(seed=0, chooser=planner, difficulty="training", layout="beginner")
    while True:  # to the first execution that completed a mission
        until(session, Step.EXECUTE)
        if session.game.state.dealt:
            break
        until(session, Step.DECODE)
    dealt = session.game.state.dealt
    length = len(session.game.actions)
    assert undo_reason(session.game) == "a Signal Boost has already been dealt for a mission completed"
    assert not session.undo() and "Signal Boost has already been dealt" in session.message
    assert session.game.state.dealt == dealt and len(session.game.actions) == length


def test_an_execute_that_revealed_a_mission_stays(planner: Planner) -> None:
    no_boosts = replace(CONTENT, boosts=())  # nothing to deal, so the Execute is the last action
    session = Session(no_boosts, planner, "training", "beginner", 0, undo="honor")
    while not session.game.state.completed:
        until(session, Step.DECODE)
        arrange_intended(session)
        assert session.execute()
    assert isinstance(session.game.actions[-1], Execute)
    assert not session.undo() and "the mission it completed is already revealed" in session.message


def test_a_boost_then_the_execute_are_undone_one_at_a_time(planner: Planner) -> None:
    session, _ = honor(seed=0, chooser=planner, difficulty="training", layout="beginner")
    until(session, Step.DECODE)
    while not session.game.state.boosts:
        arrange_intended(session)
        assert session.execute()
        until(session, Step.DECODE)
    state = session.game.state
    [boost, *_] = [b for b in state.boosts if CONTENT.boost(b).kind is not BoostKind.DEBUG]
    kind = CONTENT.boost(boost).kind
    before_boost = state
    if kind is BoostKind.ABORT:
        arrange_intended(session)
        assert session.use_boost(boost)
    elif kind is BoostKind.CLEAR_SIGNAL:
        assert session.use_boost(boost, register=state.registers.index(None) + 1)
    else:
        assert session.use_boost(boost, card=state.hand[0])
    after_boost = session.game.state
    arrange_intended(session)
    assert session.execute()
    assert session.undo() and session.game.state == after_boost
    assert session.undo() and session.game.state == before_boost and boost in session.game.state.boosts
    assert session.message == f"Undone: {CONTENT.boost(boost).name} is back in the Cadet's hand."
    assert not session.undo() and "the Transmission card is already revealed" in session.message
    undos = [a for a in session.game.actions if isinstance(a, Undo)]
    assert [type(session.game.actions[u.index]) for u in undos] == [Execute, UseBoost]
    assert replay(session.record(), CONTENT).state == session.game.state


def test_a_board_correction_is_undone() -> None:
    session, _ = honor()
    view = session.view()
    assert session.correct_board(list(view.rows), (0, 0), None)
    assert session.game.state.position.cadet_cell == (0, 0)
    assert session.undo() and session.step is Step.BOARD_SETUP
    assert session.game.state.position == view.position
    assert isinstance(session.game.actions[-2], CorrectBoard)
    assert replay(session.record(), CONTENT).state.position == view.position


def test_no_undo_once_the_game_is_over() -> None:
    session, _ = honor(seed=4)
    until(session, Step.END)
    assert not session.undo() and "the game is over" in session.message


def test_every_undo_in_the_scripted_games_reverts_exactly_one_table_action() -> None:
    """Over the kill/resume script's games: each undo's target is a table action, and the state after
    the undo is the state before that action (replays of the record's prefixes)."""
    undos = 0
    for seed in range(12):
        actions = list(reference(seed)[-1].actions)
        record = new_session(seed).record()
        for position, data in enumerate(actions):
            if data["kind"] != "undo":
                continue
            undos += 1
            target = from_json(actions[data["index"]])
            assert isinstance(target, UNDOABLE) and not is_chance(target)
            after = replay({**record, "actions": actions[: position + 1]}, CONTENT).state
            before = replay({**record, "actions": actions[: data["index"]]}, CONTENT).state
            assert after == before
    assert undos >= 20


def test_the_game_refuses_an_undo_that_names_another_action() -> None:
    game = Game(CONTENT, seed=1)
    game.play_chance()
    assert undo_target(game) == 1 and game.reason(Undo(1)) == "nothing the table did is left to undo"
    session, _ = honor(seed=1)
    to_decode(session)
    arrange_intended(session)
    assert session.execute()
    game = session.game
    index = undo_target(game)
    assert index is not None and game.reason(Undo(index)) is None
    with pytest.raises(IllegalAction, match=f"reverts action {index}, not 0"):
        game.play(Undo(0))
    assert game.reason(Undo(0)) == f"an undo now reverts action {index}, not 0"


def test_undo_and_correction_round_trip_through_json() -> None:
    for action in (Undo(7), CorrectBoard(("c.f.r", ".S.B.", "o.A.d", ".E.M.", "h.t.l"), (2, 2), None),
                   CorrectBoard(("c.f.r", ".S.B.", "o...d", ".E.M.", "h.t.l"), (0, 4), "A")):
        assert from_json(to_json(action)) == action
    for bad, field in (({"kind": "undo"}, "index"), ({"kind": "undo", "index": -1}, "index"),
                       ({"kind": "undo", "index": True}, "index"),
                       ({"kind": "correct", "rows": ["....."], "cadet": [1]}, "cadet"),
                       ({"kind": "correct", "rows": [], "cadet": [1, "2"]}, "cadet"),
                       ({"kind": "correct", "rows": [], "cadet": [1, 2], "carrying": 5}, "carrying")):
        with pytest.raises(RecordError, match=field):
            from_json(bad)


def test_the_phase_after_an_undone_execute_is_decode_again() -> None:
    session, _ = honor(seed=9)
    to_decode(session)
    arrange_intended(session)
    assert session.execute()
    assert session.game.state.phase in (Phase.SELECT, Phase.OVER)
    assert session.undo() and session.game.state.phase is Phase.DECODE
