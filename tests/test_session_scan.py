"""Scanned cards in the table flow (the session's ``scan``, the physical Transmission deck)."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.transmission.cards import Card, all_cards
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import Phase
from companion.games.transmission.events import Placed, Refused
from companion.games.transmission.session import LEAVE_OUT, Session, Step
from companion.table.events import Event
from test_session import CONTENT, RandomChooser

CARDS = {(c.kind, c.id): c for c in all_cards(CONTENT)}


def card(kind: str, id: str) -> Card:
    return CARDS[(kind, id)]


def session_at(step: Step, seed: int = 5, physical_deck: bool = False,
               difficulty: str = "standard") -> tuple[Session, list[Event]]:
    session = Session(CONTENT, RandomChooser(seed), difficulty, "standard", seed, physical_deck=physical_deck)
    events: list[Event] = []
    session.subscribe(events.append)
    assert session.confirm()
    if step is Step.THINKING:
        return session, events
    assert session.choose_now()
    if step is Step.TRANSMISSION:
        return session, events
    if physical_deck:
        assert session.draw_transmission(session.drawable_transmissions()[0]), session.message
    assert session.confirm() and session.step is Step.DECODE
    return session, events


def refused(session: Session, events: list[Event], text: str) -> None:
    assert events and isinstance(events[-1], Refused), events[-1:]
    assert text in session.message, session.message


def test_command_cards_fill_the_free_registers_in_scan_order() -> None:
    session, events = session_at(Step.DECODE)
    hand = session.unplaced()
    free = [k for k in range(1, 6) if session.arrangement[k - 1] is None]
    for cid, k in zip(hand, free):
        assert session.scan(card("command", cid)), session.message
        assert session.arrangement[k - 1] == cid
        placed = events[-1]
        assert isinstance(placed, Placed) and placed.register == k
    assert session.order() is not None
    assert session.execute(), session.message


def test_a_card_of_a_command_held_twice_places_whichever_is_free() -> None:
    # Two Norths look the same at the table: scanning "N2" when the hand holds N1 places N1.
    # Seed 0 (a fixed seed, so a fixed hand) holds W2 without W1.
    session, _ = session_at(Step.DECODE, seed=0)
    held = [c for c in session.unplaced() if c in ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")]
    twins = [c for c in held if c[:-1] + ("2" if c.endswith("1") else "1") not in session.game.state.hand]
    assert twins, "seed 0 no longer deals a lone card of a doubled command: pick another seed"
    mine = twins[0]
    other = mine[:-1] + ("2" if mine.endswith("1") else "1")
    assert session.scan(card("command", other)), session.message
    assert mine in session.arrangement


def test_a_card_already_placed_is_refused_and_nothing_changes() -> None:
    session, events = session_at(Step.DECODE)
    first = session.unplaced()[0]
    assert session.scan(card("command", first))
    before = list(session.arrangement)
    twin_in_hand = sum(1 for c in session.unplaced() if card_command(c) is card_command(first))
    if twin_in_hand:
        assert session.scan(card("command", first))  # its twin goes next
        before = list(session.arrangement)
    assert not session.scan(card("command", first))
    refused(session, events, "is already placed (register")
    assert session.arrangement == before


def test_a_command_not_in_the_hand_is_refused() -> None:
    session, events = session_at(Step.DECODE)
    counts = Counter(card_command(c) for c in session.game.state.hand)
    fixed = {card_command(c) for c in session.game.state.registers if c}
    missing = next(c for c in CARDS.values() if c.kind == "command"
                   and card_command(c.id) not in counts and card_command(c.id) not in fixed)
    before = list(session.arrangement)
    assert not session.scan(missing)
    refused(session, events, "is not in the Cadet's hand")
    assert session.arrangement == before


def test_all_registers_full_is_refused() -> None:
    # Find a round with an error card: six cards for five registers.
    for seed in range(60):
        session, events = session_at(Step.DECODE, seed=seed, difficulty="hard")
        if session.game.state.leave_out:
            break
    else:
        pytest.fail("no hard game with an error in the first round")
    hand = list(session.unplaced())
    free = sum(1 for c in session.arrangement if c is None)
    for cid in hand[:free]:
        assert session.scan(card("command", cid)), session.message
    last = hand[free]
    before = list(session.arrangement)
    assert not session.scan(card("command", last))
    refused(session, events, "All 5 registers are full")
    assert session.arrangement == before
    # The leave-out slot still takes it by touch.
    assert session.place(last, LEAVE_OUT)


def test_command_cards_outside_decode_are_refused() -> None:
    session, events = session_at(Step.TRANSMISSION)
    assert not session.scan(card("command", "N1"))
    refused(session, events, "scanned while decoding")
    assert session.step is Step.TRANSMISSION


@pytest.mark.parametrize(("kind", "text"), [
    ("mission", "missions stay secret"),
    ("boost", "use it with the Boost button"),
    ("module", "it goes on the board"),
])
def test_other_kinds_get_a_clear_message(kind: str, text: str) -> None:
    session, events = session_at(Step.DECODE)
    other = next(c for c in CARDS.values() if c.kind == kind)
    before = (list(session.arrangement), len(session.game.actions))
    assert not session.scan(other)
    refused(session, events, text)
    assert (list(session.arrangement), len(session.game.actions)) == before


def test_a_transmission_card_without_the_physical_deck_is_refused() -> None:
    session, events = session_at(Step.DECODE)
    assert not session.scan(card("transmission", "L1-R1"))
    refused(session, events, "physical deck is off")


def test_the_physical_deck_waits_for_the_table_to_draw() -> None:
    session, events = session_at(Step.TRANSMISSION, physical_deck=True)
    assert session.awaiting_draw
    assert session.game.state.phase is Phase.REVEAL
    assert session.view().card is None
    assert not session.confirm()
    refused(session, events, "Draw the top Transmission card")
    # Only the levels of the deck's top part may come first (RULES.md; the pack's preset).
    top = set(CONTENT.difficulty("standard").levels[:3])
    drawable = session.drawable_transmissions()
    levels = {CONTENT.transmission(t).level for t in drawable}
    assert levels == top and len(drawable) == sum(len(CONTENT.transmissions_of_level(lv)) for lv in top)
    chosen = next(t for t in drawable if CONTENT.transmission(t).level == max(top))
    assert session.scan(card("transmission", chosen)), session.message
    state = session.game.state
    assert state.card == chosen and state.drawn == (chosen,)
    assert session.step is Step.TRANSMISSION and not session.awaiting_draw
    assert session.view().card is not None and session.view().card.id == chosen
    assert session.game.state.phase is Phase.DECODE
    assert session.confirm() and session.step is Step.DECODE


def test_the_physical_deck_refuses_a_card_not_in_this_deck() -> None:
    session, events = session_at(Step.TRANSMISSION, physical_deck=True)
    actions = len(session.game.actions)
    level4 = next(t.id for t in CONTENT.transmissions if t.level == 4)
    assert not session.scan(card("transmission", level4))
    refused(session, events, "cannot come next: the Transmission cards still to come")
    # Named by its face, as the table reads it: the card's id ("L4-a") means nothing to a family.
    assert session.message.startswith("Level 4 card: ") and level4 not in session.message, session.message
    assert session.awaiting_draw and len(session.game.actions) == actions
    assert not session.draw_transmission("no-such-card")
    refused(session, events, "Unknown Transmission card")


def test_the_physical_deck_refuses_a_card_already_drawn() -> None:
    session, events = session_at(Step.TRANSMISSION, physical_deck=True)
    # A card with no twin (its clear register is its own), so no other card can stand in for it.
    first = next(t for t in session.drawable_transmissions()
                 if sum(1 for o in CONTENT.transmissions if (o.level, o.clear_register, o.errors) == (
                     CONTENT.transmission(t).level, CONTENT.transmission(t).clear_register,
                     CONTENT.transmission(t).errors)) == 1)
    assert session.draw_transmission(first) and session.confirm()
    assert not session.scan(card("transmission", first))
    refused(session, events, "already drawn")
    # Play the round out, then draw the same card again: refused as drawn.
    state = session.game.state
    for k, cid in enumerate(state.intended, start=1):
        if state.registers[k - 1] is None:
            assert session.place(cid, k)
    for cid in session.unplaced():
        assert session.place(cid, LEAVE_OUT)
    assert session.execute(), session.message
    while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        assert session.confirm()
    assert not session.over, "a fixed seed: one round cannot end this game"
    assert session.choose_now() and session.awaiting_draw
    assert not session.draw_transmission(first)
    refused(session, events, "was already drawn")
    assert first not in session.message and session.message.startswith("Level ")
    assert first not in session.drawable_transmissions()


def test_a_physical_game_replays_from_its_record() -> None:
    from companion.games.transmission.engine.record import replay

    session, _ = session_at(Step.DECODE, physical_deck=True, seed=9)
    record = session.record()
    again = replay(record, CONTENT)
    assert again.state == session.game.state


def test_a_twin_of_a_drawn_transmission_card_stands_in_for_it() -> None:
    # Standard: the top part is L2 L2 L3, and the five level 2 cards read the same (nothing clear, no
    # error).  A card tapped on the screen in round 1 and the same card scanned in round 2 are one
    # face: the session takes an undrawn twin rather than refuse.
    assert CONTENT.difficulty("standard").levels[:3].count(2) == 2
    session, _ = session_at(Step.TRANSMISSION, physical_deck=True, difficulty="standard")
    level2 = [t.id for t in CONTENT.transmissions if t.level == 2]
    distinct = session.drawable_transmissions(distinct=True)
    assert sum(1 for t in distinct if t in level2) == 1
    assert len(distinct) < len(session.drawable_transmissions())
    first = level2[0]
    assert session.draw_transmission(first), session.message
    assert session.confirm()
    state = session.game.state
    for k, cid in enumerate(state.intended, start=1):
        if state.registers[k - 1] is None:
            assert session.place(cid, k)
    for cid in session.unplaced():
        assert session.place(cid, LEAVE_OUT)
    assert session.execute(), session.message
    while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        assert session.confirm()
    assert session.choose_now() and session.awaiting_draw
    assert session.scan(card("transmission", first)), session.message
    drawn = session.game.state.drawn
    assert drawn[0] == first and drawn[1] != first and drawn[1] in level2
