"""Signal Boost answers come from Mission Control's intended order (RULES.md, 4. Decode; issue 3, item 4).

Complements tests/test_game.py: Abort's "same completions" half, Abort with an error in the hand,
every Clear Signal register, and Cross Check once a command's registers are all fixed.
"""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.actions import DrawError, Reveal, Select, UseBoost
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command as C
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import Game, Phase, rules_for

CONTENT = default_content()
BOOST = {b.kind: b.id for b in CONTENT.boosts}
L1 = {t.clear_register: t.id for t in CONTENT.transmissions if t.level == 1}
L2 = [t.id for t in CONTENT.transmissions if t.level == 2]
L3 = {t.clear_register: t.id for t in CONTENT.transmissions if t.level == 3}
L4 = [t.id for t in CONTENT.transmissions if t.level == 4]

# M01: Android (A, a device) next to Science Lab (S, a station).  The other two missions name modules
# that are not on this board, so they can never complete here.
MISSION = "M01"
ELSEWHERE = ("M06", "M11")
# Science Lab at (0, 0); hallways everywhere else; the Cadet at (1, 0) carrying the Android.
BOARD = "S" + "." * 24


def decode(commands: tuple[C, ...], card: str, errors: tuple[str, ...] = (),
           boost: BoostKind = BoostKind.ABORT, difficulty: str = "training") -> Game:
    """A game in the Decode phase from the board above, with ``boost`` in the Cadet's hand."""
    game = Game(CONTENT, difficulty, "standard", seed=5)
    game.play_chance()
    assert game.state.phase is Phase.SELECT
    game.state = dataclasses.replace(game.state, position=Position(BOARD, 5, "A"),
                                     missions=(MISSION, *ELSEWHERE))
    game.play(Select(commands))
    game.play(Reveal(card))
    for e in errors:
        game.play(DrawError(e))
    game.play_chance()  # the scramble
    assert game.state.phase is Phase.DECODE
    game.state = dataclasses.replace(game.state, boosts=(BOOST[boost],), dealt=(BOOST[boost],))
    return game


# Deploy beside the Science Lab (completes M01), pick the Android up again, walk to (2, 2).
INTENDED = (C.DEPLOY, C.COLLECT, C.E, C.S, C.E)


def abort(game: Game, order: tuple[str, ...]) -> bool | None:
    game.play(UseBoost(BOOST[BoostKind.ABORT], order=order))
    return game.state.answers[-1].yes


def test_abort_no_when_the_end_state_matches_but_the_completions_differ() -> None:
    game = decode(INTENDED, L2[0])
    # E E DEPLOY COLLECT S: deploys at (1, 2), away from the Science Lab, and ends exactly where the
    # intended order ends (same board, same cell, carrying the Android) -- but completes nothing.
    other = ("E1", "E2", "DEPLOY", "COLLECT", "S1")
    rules = rules_for(CONTENT)
    missions = {MISSION: ("A", "S")}
    mine = rules.execute(game.state.position, [card_command(c) for c in other], missions)
    theirs = rules.execute(game.state.position, INTENDED, missions)
    assert mine.end == theirs.end == Position(BOARD, 12, "A")
    assert not mine.completions and [c.mission for c in theirs.completions] == [MISSION]
    assert abort(game, other) is False
    again = decode(INTENDED, L2[0])
    assert abort(again, ("DEPLOY", "COLLECT", "E2", "S1", "E1")) is True  # identical cards swapped
    third = decode(INTENDED, L2[0])
    assert abort(third, ("DEPLOY", "COLLECT", "S1", "E1", "E2")) is True  # another route, same completion


def test_abort_with_an_error_card_yes_only_when_the_error_is_left_out() -> None:
    game = decode(INTENDED, L4[0], errors=("N1",), difficulty="expert")
    assert game.state.leave_out == 1
    assert abort(game, ("DEPLOY", "COLLECT", "E1", "S1", "E2")) is True
    game = decode(INTENDED, L4[0], errors=("N1",), difficulty="expert")
    # Uses the error North instead of the last East: legal, but it ends elsewhere.
    assert abort(game, ("DEPLOY", "COLLECT", "E1", "S1", "N1")) is False


def test_abort_refuses_an_order_that_breaks_a_fixed_register_and_keeps_the_boost() -> None:
    game = decode(INTENDED, L1[1])  # register 1 (Deploy) fixed by the clear signal
    with pytest.raises(ValueError, match="register 1 is fixed"):
        game.play(UseBoost(BOOST[BoostKind.ABORT], order=("COLLECT", "DEPLOY", "E1", "S1", "E2")))
    assert game.state.boosts == (BOOST[BoostKind.ABORT],) and game.state.answers == ()


@pytest.mark.parametrize("register", [1, 2, 3, 4, 5])
def test_clear_signal_fixes_the_intended_command_of_any_register(register: int) -> None:
    game = decode(INTENDED, L2[0], boost=BoostKind.CLEAR_SIGNAL)
    game.play(UseBoost(BOOST[BoostKind.CLEAR_SIGNAL], register=register))
    state = game.state
    fixed = state.registers[register - 1]
    assert fixed is not None and card_command(fixed) is INTENDED[register - 1]
    assert fixed not in state.hand and len(state.hand) == 4
    assert state.answers[-1].register == register


def test_clear_signal_refuses_a_register_already_fixed() -> None:
    game = decode(INTENDED, L3[3], errors=("N1",), boost=BoostKind.CLEAR_SIGNAL, difficulty="expert")
    with pytest.raises(ValueError, match="register 3 is already fixed"):
        game.play(UseBoost(BOOST[BoostKind.CLEAR_SIGNAL], register=3))


def test_cross_check_answers_each_command_from_the_intended_order() -> None:
    for card, register in (("DEPLOY", 1), ("COLLECT", 2), ("S1", 4)):
        game = decode(INTENDED, L2[0], boost=BoostKind.CROSS_CHECK)
        game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card=card))
        assert game.state.answers[-1].register == register, card
    # Both Easts: identical cards, so either names the lowest East register not fixed (3).
    for east in ("E1", "E2"):
        game = decode(INTENDED, L2[0], boost=BoostKind.CROSS_CHECK)
        game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card=east))
        assert game.state.answers[-1].register == 3


def test_cross_check_once_every_register_of_the_command_is_fixed_says_not_part() -> None:
    # Register 3 (East) is fixed by the clear signal, and an error West joins the hand.
    program = (C.DEPLOY, C.COLLECT, C.E, C.S, C.W)
    game = decode(program, L3[3], errors=("W2",), boost=BoostKind.CROSS_CHECK, difficulty="expert")
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card="W2"))
    # The error is a West like the intended one in register 5, and the table cannot tell them apart.
    assert game.state.answers[-1].register == 5
    game = decode(program, L3[3], errors=("E2",), boost=BoostKind.CROSS_CHECK, difficulty="expert")
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card="E2"))
    answer = game.state.answers[-1]
    assert answer.register is None and "not part of the transmission" in answer.text


def test_debug_removes_exactly_the_error_card() -> None:
    game = decode(INTENDED, L4[0], errors=("W1",), boost=BoostKind.DEBUG, difficulty="expert")
    before = list(game.state.hand)
    game.play(UseBoost(BOOST[BoostKind.DEBUG]))
    after = list(game.state.hand)
    assert sorted(before) == sorted(after + ["W1"])
    assert game.state.errors == () and game.state.leave_out == 0
    assert sorted(card_command(c).value for c in after) == sorted(c.value for c in INTENDED)
