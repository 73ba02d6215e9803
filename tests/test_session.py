"""The table flow (companion.games.transmission.session): screens in order, intents refused cleanly."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Sequence

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.events import BoostAnswered, Defeat, Executed, Refused, Victory
from companion.games.transmission.session import LEAVE_OUT, Session, Step
from companion.table.events import Event

CONTENT = default_content()
RULES = rules_for(CONTENT)
DECK = [c for c, n in CONTENT.command_deck.items() for _ in range(n)]


class RandomChooser:
    """A viable but aimless Mission Control, enough to drive the flow."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        while True:
            pick = self.rng.sample(DECK, 5)
            if RULES.viable(view.position, pick):
                return pick


def new_session(difficulty: str = "standard", seed: int = 5) -> tuple[Session, list[Event]]:
    session = Session(CONTENT, RandomChooser(seed), difficulty, "standard", seed)
    events: list[Event] = []
    session.subscribe(events.append)
    return session, events


def to_decode(session: Session) -> None:
    assert session.confirm() and session.step is Step.THINKING
    assert session.choose_now() and session.step is Step.TRANSMISSION
    assert session.confirm() and session.step is Step.DECODE


def fill(session: Session) -> None:
    free = list(session.unplaced())
    for k in range(1, 6):
        if session.arrangement[k - 1] is None:
            assert session.place(free.pop(0), k)


def arrange(session: Session, order: Sequence[str], left_out: Sequence[str] = ()) -> None:
    """Put ``order`` in the registers (fixed cards stay) and ``left_out`` aside, as the Cadet would:
    through the place intent."""
    assert session.clear_arrangement(), session.message
    fixed = session.game.state.registers
    for k, card in enumerate(order, start=1):
        if fixed[k - 1] is None:
            assert session.place(card, k), session.message
    for card in left_out:
        assert session.place(card, LEAVE_OUT), session.message


def test_a_whole_game_walks_the_screens_in_order() -> None:
    session, events = new_session()
    seen = [session.step]
    while not session.over:
        step = session.step
        if step is Step.THINKING:
            assert session.choose_now()
        elif step is Step.DECODE:
            fill(session)
            if not session.execute():
                # Refused: the arrangement stays, the game is unchanged; let the test peek to finish.
                assert session.message.startswith("Impossible order, step")
                state = session.game.state
                arrange(session, state.intended,
                        [c for c in state.hand if c not in state.intended][: state.leave_out])
                assert session.execute()
        elif step is Step.EXECUTE:
            while session.next_step():
                pass
            assert session.confirm()
        else:
            assert session.confirm()
        if session.step is not seen[-1]:
            seen.append(session.step)
    assert seen[:4] == [Step.BOARD_SETUP, Step.THINKING, Step.TRANSMISSION, Step.DECODE]
    assert seen[-1] is Step.END and session.view().outcome is not None
    assert session.view().all_missions  # every mission revealed at the end
    assert any(isinstance(e, (Victory, Defeat)) for e in events)


def test_refused_intents_leave_the_game_unchanged_and_say_why() -> None:
    session, events = new_session()
    state = session.game.state
    assert not session.place("N1", 1) and "only while decoding" in session.message
    assert not session.execute()
    assert not session.choose_now()
    assert session.game.state is state
    assert isinstance(events[-1], Refused)
    to_decode(session)
    state = session.game.state
    card = session.unplaced()[0]
    assert not session.place("NOPE", 1) and "not in the Cadet's hand" in session.message
    assert "NOPE" not in session.message  # a card's id is never shown at the table (issue 24, item 6)
    assert not session.take_back("NOPE")
    assert "NOPE" not in session.message and "cannot be moved" in session.message
    assert not session.place(card, 9) and "registers are 1 to 5" in session.message
    assert not session.execute() and "Fill every register" in session.message
    assert not session.use_boost("nonexistent") and "Unknown Signal Boost" in session.message
    assert not session.confirm()
    assert session.game.state is state


def test_place_take_back_and_fixed_registers() -> None:
    session, _ = new_session(seed=11)
    to_decode(session)
    view = session.view()
    card = session.unplaced()[0]
    fixed = [k for k, c in enumerate(view.registers, start=1) if c is not None]
    free = [k for k in range(1, 6) if k not in fixed]
    assert session.place(card, free[0]) and session.arrangement[free[0] - 1] == card
    assert session.place(card, free[1]) and session.arrangement[free[0] - 1] is None
    assert session.take_back(card) and card in session.unplaced()
    for k in fixed:
        assert not session.place(card, k) and "fixed by a clear signal" in session.message


def test_leave_out_slot_only_with_an_error() -> None:
    # Expert's first cards are level 3 or 4: always one error.
    session, _ = new_session("expert", seed=2)
    to_decode(session)
    assert session.view().leave_out == 1
    a, b = session.unplaced()[:2]
    assert session.place(a, LEAVE_OUT) and session.left_out == [a]
    assert session.place(b, LEAVE_OUT) and session.left_out == [b]  # the slot holds one card
    training, _ = new_session("training", seed=2)
    to_decode(training)
    assert not training.place(training.unplaced()[0], LEAVE_OUT)
    assert "every card must be used" in training.message


def test_boost_through_the_session_updates_the_arrangement() -> None:
    session, events = new_session("expert", seed=4)
    to_decode(session)
    debug = next(b.id for b in CONTENT.boosts if b.kind is BoostKind.DEBUG)
    import dataclasses

    session.game.state = dataclasses.replace(session.game.state, boosts=(debug,))
    for card in session.unplaced():
        session.place(card, LEAVE_OUT)
    assert session.use_boost(debug)
    assert session.view().leave_out == 0 and session.left_out == []
    answered = events[-1]
    assert isinstance(answered, BoostAnswered) and "was the error" in answered.message


def test_abort_needs_a_full_arrangement() -> None:
    session, _ = new_session(seed=8)
    to_decode(session)
    abort = next(b.id for b in CONTENT.boosts if b.kind is BoostKind.ABORT)
    import dataclasses

    session.game.state = dataclasses.replace(session.game.state, boosts=(abort,))
    assert not session.use_boost(abort) and "fill all five registers" in session.message
    fill(session)
    assert session.use_boost(abort) and session.message in ("Yes: proceed with that order.", "No.")


def test_a_listener_that_raises_does_not_break_the_game(caplog: pytest.LogCaptureFixture) -> None:
    session, _ = new_session()

    def broken(event: Event) -> None:
        raise RuntimeError("boom")

    session.subscribe(broken)
    assert session.confirm() and session.step is Step.THINKING
    assert "event listener failed" in caplog.text


def test_events_carry_what_screens_and_lights_need() -> None:
    session, events = new_session(seed=5)
    to_decode(session)
    assert not session.place("NOPE", 1)
    fill(session)
    state = session.game.state
    order = session.order()
    assert order is not None
    if session.execute():
        executed = next(e for e in events if isinstance(e, Executed))
        assert executed.order == order and isinstance(executed.dealt, tuple)
    else:
        refused = events[-1]
        assert isinstance(refused, Refused)
        assert refused.step is not None and refused.command is not None and refused.reason is not None
        assert session.game.state is state
    assert not Session(CONTENT, RandomChooser(), seed=1).clear_arrangement()


class BrokenChooser:
    """A Mission Control that picks an impossible program (a planner bug)."""

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        return (Command.DEPLOY,) * 5


def test_a_refused_selection_reveals_no_command_on_screen_or_in_the_log(
        caplog: pytest.LogCaptureFixture) -> None:
    session = Session(CONTENT, BrokenChooser(), seed=9)
    session.confirm()
    with caplog.at_level("DEBUG"):
        assert not session.choose_now()
    assert session.step is Step.THINKING
    for text in (session.message, caplog.text):
        assert "DEPLOY" not in text.upper() and "step" not in text


def test_the_planner_logs_no_secret(caplog: pytest.LogCaptureFixture) -> None:
    from companion.games.transmission.mission_control.planner import Planner

    session = Session(CONTENT, Planner(), seed=9)
    session.confirm()
    with caplog.at_level("DEBUG"):
        assert session.choose_now()
    secrets = set(session.game.state.missions) | {m.title for m in
                                                  map(CONTENT.mission, session.game.state.missions)}
    assert not any(s in caplog.text for s in secrets)
    assert "COLLECT" not in caplog.text and "DEPLOY" not in caplog.text and "REPAIR" not in caplog.text


class NotViableChooser:
    """A broken Mission Control: five Repairs, which no deck holds (a bug to report)."""

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        return [Command.REPAIR] * 5


def test_a_refused_selection_is_logged_without_the_seed(
        caplog: pytest.LogCaptureFixture, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI's own selection refused as not viable: a bug report in the log that names the
    transmission, content and difficulty, but not the seed, which deals the secret missions of a game
    still being played (issue 10), nor the commands; the saved record keeps both."""
    import logging
    import stat

    from companion.table import seed_report

    monkeypatch.setattr(seed_report, "REPORT_DIR", tmp_path)
    seed = 873_421
    session = Session(CONTENT, NotViableChooser(), "standard", "standard", seed)
    events: list[Event] = []
    session.subscribe(events.append)
    assert session.confirm() and session.step is Step.THINKING
    with caplog.at_level(logging.DEBUG):
        assert not session.choose_now()
    assert isinstance(events[-1], Refused) and "please report it" in session.message
    assert session.step is Step.THINKING and not session.game.state.intended
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors and "transmission 1" in errors[0].getMessage() and CONTENT.id in errors[0].getMessage()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert str(seed) not in logged and "Repair" not in logged and "REPAIR" not in logged
    assert session.record()["seed"] == seed
    digest = seed_report.seed_digest(seed)
    assert f"seed {digest}" in errors[0].getMessage()
    report = tmp_path / seed_report.REPORT_NAME
    assert stat.S_IMODE(report.stat().st_mode) == 0o600
    assert report.read_text() == f"{digest} {seed}\n"


@pytest.mark.parametrize("mission_control", ["companion", "person"])
def test_the_seed_report_goes_to_the_tables_data_dir(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, mission_control: str) -> None:
    """A table with its own ``[store] data_dir`` keeps a refused selection's seed there, not in the
    default user data folder (issue 24, item 8)."""
    from companion.games.transmission.person import table_session
    from companion.table import seed_report
    from companion.table.config import Config

    default = tmp_path / "default"
    monkeypatch.setattr(seed_report, "REPORT_DIR", default)
    table = tmp_path / "table"
    session = table_session(CONTENT, NotViableChooser(), "standard", "standard", 5150,
                            Config(data_dir=table), mission_control)
    assert session.seed_reports == table
    if mission_control == "companion":
        assert session.confirm() and not session.choose_now()
        assert (table / seed_report.REPORT_NAME).read_text() == f"{seed_report.seed_digest(5150)} 5150\n"
        assert not default.exists()


def test_companion_play_keeps_the_seed_report_in_the_configured_data_dir(tmp_path: pathlib.Path) -> None:
    """``companion play``'s session (new or resumed) names the config's data_dir as the report's folder."""
    import argparse

    from companion.games.transmission.cli import new_session
    from companion.table.config import Config

    args = argparse.Namespace(difficulty="standard", layout="standard", seed=5, mc=None)
    for seat in ("companion", "person"):
        config = Config(data_dir=tmp_path, mission_control=seat)
        session = new_session(args, CONTENT, NotViableChooser(), config)
        assert session.seed_reports == tmp_path, seat
