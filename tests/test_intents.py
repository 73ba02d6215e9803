"""GuardedIntents (companion/games/transmission/intents.py): each intent reaches the game on the table,
none without one, and an exception from the core is logged and reported instead of raised."""

from __future__ import annotations

import logging

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.intents import GuardedIntents, Intents
from companion.games.transmission.session import LEAVE_OUT, Session, Step
from test_session import RandomChooser, to_decode

CONTENT = default_content()


def test_without_a_game_every_intent_is_refused() -> None:
    failures: list[tuple[str, Exception]] = []
    intents = GuardedIntents(lambda: None, lambda name, exc: failures.append((name, exc)))
    assert not intents.confirm()
    assert not intents.place("N1", 1)
    assert not intents.use_boost("debug")
    assert not intents.execute()
    assert intents.correction_problem(["....."] * 5, (2, 2), None) is None
    assert failures == []


def test_each_intent_reaches_the_session_with_its_arguments() -> None:
    session = Session(CONTENT, RandomChooser(5), seed=5)
    intents: Intents = GuardedIntents(lambda: session, lambda name, exc: pytest.fail(f"{name}: {exc}"))
    assert intents.confirm() and session.step is Step.THINKING
    assert session.choose_now() and intents.confirm() and session.step is Step.DECODE
    card = session.unplaced()[0]
    free = session.arrangement.index(None) + 1
    assert intents.place(card, free) and session.arrangement[free - 1] == card
    assert intents.take_back(card) and card in session.unplaced()
    assert not intents.place(card, LEAVE_OUT) or session.left_out == [card]
    assert not intents.next_step() and "Nothing is being executed" in session.message


class Broken:
    """A game whose every intent raises (a bug in the core)."""

    def __getattr__(self, name: str) -> object:
        def fail(*args: object, **kwargs: object) -> bool:
            raise RuntimeError(f"{name} broke")
        return fail


def test_an_exception_from_the_core_is_logged_reported_and_refused(caplog: pytest.LogCaptureFixture) -> None:
    failures: list[tuple[str, str]] = []
    broken = Broken()
    intents = GuardedIntents(lambda: broken,  # type: ignore[arg-type, return-value]
                             lambda name, exc: failures.append((name, str(exc))))
    with caplog.at_level(logging.ERROR):
        assert not intents.execute()
        assert not intents.place("N1", 2)
        assert intents.correction_problem(["....."] * 5, (2, 2), None) is None
    assert failures == [("execute", "execute broke"), ("place", "place broke"),
                        ("correction_problem", "correction_problem broke")]
    assert "the execute intent failed" in caplog.text


def test_the_view_holds_the_table_and_no_secret() -> None:
    session = Session(CONTENT, RandomChooser(3), seed=3)
    to_decode(session)
    card = session.unplaced()[0]
    free = session.arrangement.index(None) + 1
    assert session.place(card, free)
    view = session.view()
    assert view.step is Step.DECODE and list(view.arrangement) == session.arrangement
    assert view.unplaced == session.unplaced() and view.order is None
    assert view.seed is None  # with the content pack the seed deals the missions: not while they are secret
    names = set(vars(view))
    state = session.game.state
    # Mission Control's order, the errors and the remaining missions are not in it, under any name.
    assert not names & {"intended", "errors", "errors_drawn", "missions", "remaining_missions"}
    shown = repr(view)
    assert state.remaining_missions and all(f"'{m}'" not in shown for m in state.remaining_missions)
    assert f"'{state.missions[0]}'" in repr(state)  # the check above would see a mission id
