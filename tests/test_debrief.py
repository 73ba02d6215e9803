"""The debrief (companion/games/transmission/debrief.py): built from the record by replay, only once the
game is over, the same for a person as Mission Control (without what the companion was heading for)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import RecordError
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.debrief import (
    PERSON,
    DebriefRefused,
    build_debrief,
    debrief_json,
    debrief_lines,
    differences,
    hand_text,
    mission_control_of,
)
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Session, Step
from test_session import RandomChooser, arrange

CONTENT = default_content()
#: A hard game in which the Cadet earns and spends several Signal Boosts, Debug among them.
SEED = 1


def intended_game(difficulty: str = "training", seed: int = 1) -> Session:
    """The planner as Mission Control, the Cadet executing its intended orders."""
    session = Session(CONTENT, Planner(), difficulty, seed=seed)
    while not session.over:
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            state = session.game.state
            arrange(session, state.intended, [c for c in state.hand if c not in state.intended])
            assert session.execute(), session.message
        else:
            assert session.confirm()
    return session


def boosted_game(seed: int = SEED, store: Any = None) -> tuple[Session, bool]:
    """A hard game with errors in which the Cadet spends every Signal Boost it gets, takes one back
    with undo, and executes the intended order with the first two registers' commands swapped when
    that is legal."""
    session = Session(CONTENT, Planner(), "hard", seed=seed, undo="honor")
    if store is not None:
        from companion.games.transmission.stored import KEEPER

        store.begin(session, KEEPER)
    undone = False
    while not session.over:
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            state = session.game.state
            for boost in state.boosts:
                kind = CONTENT.boost(boost).kind
                state = session.game.state
                if kind is BoostKind.CLEAR_SIGNAL:
                    free = [k for k, r in enumerate(state.registers, start=1) if r is None]
                    assert session.use_boost(boost, register=free[0]), session.message
                elif kind is BoostKind.CROSS_CHECK:
                    assert session.use_boost(boost, card=state.hand[0]), session.message
                elif kind is BoostKind.DEBUG and state.errors:
                    assert session.use_boost(boost), session.message
                    if not undone:
                        assert session.undo(), session.message  # taken back: not in the debrief
                        undone = True
                        assert session.use_boost(boost), session.message
            state = session.game.state
            order = list(state.intended)
            swapped = order[1], order[0], *order[2:]
            rules = rules_for(CONTENT)
            if all(r is None for r in state.registers[:2]) and rules.viable(
                    state.position, [card_command(c) for c in swapped]):
                order = list(swapped)
            arrange(session, order, [c for c in state.hand if c not in order])
            assert session.execute(), session.message
        else:
            assert session.confirm()
    return session, undone


def test_no_debrief_before_the_game_is_over() -> None:
    session = Session(CONTENT, RandomChooser(2), "standard", seed=2)
    assert session.confirm() and session.choose_now()
    with pytest.raises(DebriefRefused, match="only once the game is over"):
        build_debrief(session.record(), CONTENT)
    with pytest.raises(RecordError):
        build_debrief({"format": 1}, CONTENT)


def test_each_transmission_as_the_record_played_it() -> None:
    session = intended_game()
    state = session.game.state
    debrief = build_debrief(session.record(), CONTENT)
    assert debrief.mission_control == "companion" == mission_control_of(session.record())
    assert (debrief.seed, debrief.difficulty, debrief.missions) == (1, "training", state.missions)
    assert debrief.victory and debrief.score == session.game.outcome().score  # type: ignore[union-attr]
    assert len(debrief.transmissions) == len(state.rounds) == len(state.drawn)
    for t, log in zip(debrief.transmissions, state.rounds):
        assert (t.number, t.card, t.intended, t.executed) == (log.number, log.card, log.intended, log.order)
        assert t.completed == tuple((c.mission, c.step) for c in log.completions)
        assert sorted(t.hand + tuple(c for c in t.fixed if c)) == sorted(t.intended)  # no error in training
        assert differences(t) == ()
        before = Position.from_rows(t.before.rows, t.before.cadet, t.before.carrying)
        run = rules_for(CONTENT).execute(before, [card_command(c) for c in t.executed or ()], {})
        assert run.end.rows() == list(t.after.rows) and run.end.cadet_cell == t.after.cadet
    for earlier, later in zip(debrief.transmissions, debrief.transmissions[1:]):
        assert later.before == earlier.after  # no correction: each starts where the last one ended


def test_the_companion_s_heading_is_checked_fact() -> None:
    session = intended_game()
    debrief = build_debrief(session.record(), CONTENT)
    for t in debrief.transmissions:
        assert t.heading is not None
        completed_now = {m for m, _ in t.completed}
        # The intended order was executed as intended, so "completes" is exactly what it completed.
        assert {h.mission for h in t.heading if h.completes} == completed_now
        for h in t.heading:
            if h.closer and not h.completes:
                assert h.after is not None and (h.before is None or h.after < h.before)
        assert t.all_before is not None and t.all_after is not None and t.all_after < t.all_before
    assert debrief.transmissions[-1].all_after == 0  # the last transmission won the game
    text = "\n".join(debrief_lines(CONTENT, debrief))
    assert "the companion as Mission Control" in text and "As intended it completes" in text
    # Each Transmission card in the table's words, never its content id ("L3-R3"): X1, F12.
    assert "Transmission 1 of " in text and ": the level " in text and " card: " in text
    assert not [t.card for t in debrief.transmissions if t.card in text.split() or f"{t.card}," in text]


def test_errors_boosts_undo_and_a_changed_order() -> None:
    session, undone = boosted_game()
    assert undone
    state = session.game.state
    debrief = build_debrief(session.record(), CONTENT)
    spent = [b for t in debrief.transmissions for b in t.boosts]
    assert len(spent) == len(state.boosts_used) > 1  # the undone Debug is not listed
    assert all(b.answer and b.name for b in spent)
    with_error = [t for t in debrief.transmissions if t.errors]
    assert with_error, "a hard game deals error cards"
    for t in with_error:
        assert len(t.hand) + sum(1 for c in t.fixed if c) == 5 + len(t.errors)
        assert "(error)" in hand_text(t)
    changed = [t for t in debrief.transmissions if differences(t)]
    assert changed and all(differences(t) == (1, 2) for t in changed)
    text = "\n".join(debrief_lines(CONTENT, debrief))
    assert "differs in registers 1, 2" in text and "Signal Boost" in text
    assert "[" not in text.replace("[x]", "").replace("[ ]", "")  # words, not Python values


def test_a_person_as_mission_control_gets_no_guess_at_their_meaning() -> None:
    session = intended_game("standard", 3)
    record: dict[str, Any] = {**session.record(), "mission_control": PERSON}
    debrief = build_debrief(record, CONTENT)
    assert debrief.mission_control == PERSON
    assert all(t.heading is None and t.all_before is None for t in debrief.transmissions)
    text = "\n".join(debrief_lines(CONTENT, debrief))
    assert "a person as Mission Control" in text and "closer" not in text
    assert [t.intended for t in debrief.transmissions] == [r.intended for r in session.game.state.rounds]
    data = debrief_json(debrief)
    assert data["mission_control"] == PERSON and len(data["transmissions"]) == len(debrief.transmissions)


def person_game(store: Any = None) -> Any:
    """A whole game with a person as Mission Control (:class:`PersonSession`): the person picks the
    planner's order on the Mission Control screen, the Cadet executes it; saved in ``store`` if given."""
    from companion.games.transmission.person import PersonSession
    from companion.games.transmission.stored import KEEPER

    planner = Planner()
    session = PersonSession(CONTENT, planner, "standard", "standard", 12)
    if store is not None:
        store.begin(session, KEEPER)
    assert session.confirm()
    while session.step is not Step.END:
        assert session.open_seat()
        for command in planner.choose(session.mission_control_view()):
            assert session.pick(command), session.seat_message
        assert session.lock_in(), session.seat_message
        assert session.close_seat()
        while session.step is not Step.DECODE:
            assert session.confirm(), session.message
        state = session.game.state
        arrange(session, state.intended, [c for c in state.hand if c not in state.intended])
        assert session.execute(), session.message
        while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
            assert session.confirm()
    return session


def test_a_real_person_s_game_and_its_debrief_from_the_store(tmp_path: Any,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from companion.entry import main
    from companion.table.store import Store

    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = person_game(store)
        saved = store.finished_game()
        assert saved is not None and saved.table is not None
    direct = build_debrief(session.record(), CONTENT)  # the session's record says so ...
    assert direct.mission_control == PERSON and all(t.heading is None for t in direct.transmissions)
    assert "mission_control" not in saved.record  # ... the store's says it in the table state
    assert build_debrief(saved.record, CONTENT, table=saved.table) == direct
    assert main(["debrief", "--database", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a person as Mission Control" in out and "closer" not in out and "Intended:" in out


def test_debrief_of_a_game_the_store_has_not_got_is_bad_input_exit_2_and_no_store_is_1(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.entry import main
    from companion.table.store import Store

    path = tmp_path / "companion.sqlite3"
    assert main(["debrief", "99", "--database", str(path)]) == 1  # no store yet: as `debrief` alone
    assert "There is no game 99" in capsys.readouterr().err
    assert main(["debrief", "--database", str(path)]) == 1
    assert "No games yet" in capsys.readouterr().err
    with Store.open(path) as store:
        person_game(store)
    assert main(["debrief", "99", "--database", str(path)]) == 2
    assert "There is no game 99" in capsys.readouterr().err
