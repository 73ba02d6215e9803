"""The phone page's state and its intents, without a server or a window (issue 23, items 3 and 4):
one guard for the secrets (the seat view), every bad message refused with words and nothing changed,
PhoneSession's table words and card routing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games.transmission.cards import all_cards
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Step
from ui.phone.state import MAX_ID, apply_intent, phone_state

CONTENT = default_content()


def session() -> PhoneSession:
    s = PhoneSession(CONTENT, Planner(), "training", "standard", 7, coach=True)
    s.confirm()  # Board set-up: the board is ready; Thinking
    assert s.step is Step.THINKING
    return s


def titles(s: PhoneSession) -> list[str]:
    return [CONTENT.mission(m).title for m in s.game.state.missions]


def test_nothing_secret_until_the_phone_holds_the_seat() -> None:
    s = session()
    closed = json.dumps(phone_state(s))
    assert not any(t in closed for t in titles(s))
    assert s.hold_seat() and s.seat_open
    shown = phone_state(s)
    assert [m["title"] for m in shown["missions"]] == titles(s)
    assert shown["task"] == "select" and len(shown["pad"]) == 7 and shown["coach_on"]
    # The table's view says where Mission Control chooses, and names no mission.
    view = s.view()
    assert "on their phone" in view.waiting_for and view.seat_open
    assert not any(t in repr(view) for t in titles(s))


@pytest.mark.parametrize("message, words", [
    ({"type": "fly"}, "Unknown request"),
    ({"type": 3}, "Unknown request"),
    ({}, "Unknown request"),
    ({"type": "pick"}, "must be a short text"),
    ({"type": "pick", "command": 7}, "must be a short text"),
    ({"type": "pick", "command": "N" * (MAX_ID + 1)}, "must be a short text"),
    ({"type": "pick", "command": "NW"}, "Unknown command"),
    ({"type": "pick", "command": "N", "also": 1}, "Unexpected field"),
    ({"type": "lock_in", "now": True}, "Unexpected field"),
    ({"type": "mission", "id": ""}, "must be a short text"),
])
def test_a_bad_message_is_refused_in_words_and_changes_nothing(message: dict[str, Any], words: str) -> None:
    s = session()
    s.hold_seat()
    before = (s.game.state, phone_state(s))
    problem = apply_intent(s, message)
    assert problem is not None and words in problem
    assert (s.game.state, phone_state(s)) == before


def test_picks_and_lock_in_from_the_phone() -> None:
    s = session()
    s.hold_seat()
    pick = Planner().choose(s.mission_control_view())
    for k, command in enumerate(pick, start=1):
        assert apply_intent(s, {"type": "pick", "command": command.value}) is None
        assert len(phone_state(s)["picks"]) == k
    assert apply_intent(s, {"type": "back"}) is None and len(phone_state(s)["picks"]) == 4
    assert apply_intent(s, {"type": "pick", "command": pick[-1].value}) is None
    assert apply_intent(s, {"type": "lock_in"}) is None
    assert s.step is Step.TRANSMISSION and tuple(s.game.state.intended)
    state = phone_state(s)
    assert state["task"] == "hand_over" and state["round"]
    assert not s.view().seat_open  # the Cadet's screens are not held behind a phone only watching
    # Decoding: the Cadet's scanned Command card goes to a register, not to the phone's seat.
    assert s.confirm() and s.step is Step.DECODE
    first = next(c for c in s.game.state.hand)
    card = next(c for c in all_cards(CONTENT) if c.kind == "command" and c.id == first)
    assert s.scan(card), s.view().message
    assert first in s.view().arrangement


def test_a_pick_that_is_not_viable_is_refused_on_the_phone_only() -> None:
    s = session()
    s.hold_seat()
    rules = rules_for(CONTENT)
    bad = next(c for c in (Command.REPAIR, Command.DEPLOY, Command.COLLECT, Command.N, Command.W)
               if rules.reason(s.game.state.position, c) is not None)
    assert apply_intent(s, {"type": "pick", "command": bad.value}) is None
    assert "Not viable: step 1" in phone_state(s)["message"]
    assert "Not viable" not in s.view().message and not phone_state(s)["picks"]


def test_cards_of_the_table_go_to_the_table_while_the_phone_holds_the_seat() -> None:
    s = session()
    s.hold_seat()
    card = next(c for c in all_cards(CONTENT) if c.kind == "command" and c.id == "N1")
    # On Thinking a Command card is Mission Control's pick (the seat is open on the phone) ...
    assert s.scan(card)
    assert phone_state(s)["picks"] == [Command.N.title]
    # ... and the seat is released when the link goes: the table's own screen takes over.
    assert s.release_seat() and not s.seat_open
    assert "press and hold" in s.waiting_for()


def test_the_phone_seat_is_kept_with_the_game_and_resumes_as_a_phone_game() -> None:
    """The table state says the seat is a phone; the store's resume makes a PhoneSession again, with the
    seat closed until a phone joins (issue 23: nothing lost at a power cut)."""
    from companion.games.transmission.person import PersonSession
    from companion.games.transmission.stored import resume

    s = session()
    s.hold_seat()
    table = s.table_state()
    assert table["mission_control"] == "person" and table["seat"] == "phone"
    back = resume(CONTENT, Planner(), s.record(), json.loads(json.dumps(table)), None, None)
    assert type(back) is PhoneSession and not back.seat_open and back.coach
    assert back.step is Step.THINKING and back.game.state.missions == s.game.state.missions
    person = PersonSession(CONTENT, Planner(), "training", "standard", 7)
    assert "seat" not in person.table_state()
    again = resume(CONTENT, Planner(), person.record(), person.table_state(), None, None)
    assert type(again) is PersonSession
