"""The transmission round, Signal Boosts, the deck, the score and the record (RULES.md)."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from companion.errors import IllegalAction, RecordError
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.actions import (
    DealBoost,
    DrawError,
    DrawMissions,
    Execute,
    Layout,
    Reveal,
    Scramble,
    Select,
    UseBoost,
    from_json,
    to_json,
)
from companion.games.transmission.engine.board import module_cells
from companion.games.transmission.engine.commands import Command as C
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import Actor, Game, Phase, outcome
from companion.games.transmission.engine.record import dumps, loads, record_of, replay
from companion.games.transmission.engine.views import cadet_view

CONTENT = default_content()
BOOST = {b.kind: b.id for b in CONTENT.boosts}
L1 = {t.clear_register: t.id for t in CONTENT.transmissions if t.level == 1}
L2 = [t.id for t in CONTENT.transmissions if t.level == 2]
L3 = {t.clear_register: t.id for t in CONTENT.transmissions if t.level == 3}
L4 = [t.id for t in CONTENT.transmissions if t.level == 4]

# The Fusion Core intact at (0, 2), the Energy Pack intact at (2, 2) under the Cadet; 5 intact in all.
ROWS = ("s.F.b", ".c.r.", "m.E.h", ".l.A.", "o.D.T")
MISSION_AE = next(m.id for m in CONTENT.missions if set(m.pair) == {"F", "E"})
OTHERS = [m.id for m in CONTENT.missions if m.id != MISSION_AE][:3]  # expert deals four missions


def intact_layout() -> tuple[str, ...]:
    return ROWS


def make_game(difficulty: str = "training", missions: tuple[str, ...] | None = None) -> Game:
    game = Game(CONTENT, difficulty, "standard", seed=3)
    game.play(Layout(intact_layout()))
    dealt = CONTENT.difficulty(difficulty).missions
    game.play(DrawMissions(missions or (MISSION_AE, *OTHERS[:dealt - 1])))
    return game


def to_decode(game: Game, commands: tuple[C, ...], card: str, errors: tuple[str, ...] = (),
              hand: tuple[str, ...] | None = None) -> None:
    game.play(Select(commands))
    game.play(Reveal(card))
    for e in errors:
        game.play(DrawError(e))
    state = game.state
    default = tuple(c for c in state.intended if c not in state.registers) + state.errors
    game.play(Scramble(hand if hand is not None else tuple(reversed(default))))


# The program that completes F-next-to-E from the centre: N N COLLECT S DEPLOY (F lands on (1, 2)).
WIN_AE = (C.N, C.N, C.COLLECT, C.S, C.DEPLOY)


def test_layout_has_five_intact_and_modules_on_even_cells() -> None:
    for seed in range(20):
        game = Game(CONTENT, "standard", "standard", seed)
        game.play_chance()
        board = game.state.position.board
        assert sum(ch.isupper() for ch in board) == CONTENT.standard_intact
        assert all(board[r * 5 + c] != "." for r, c in module_cells())
        assert board.count(".") == 12
        assert game.state.position.cadet_cell == CONTENT.start
        assert game.state.phase is Phase.SELECT


def test_beginner_layout_is_the_packs() -> None:
    game = Game(CONTENT, "training", "beginner", 1)
    game.play_chance()
    assert tuple(game.state.position.rows()) == CONTENT.beginner_layout
    with pytest.raises(IllegalAction):
        Game(CONTENT, "training", "beginner", 1).play(Layout(ROWS))


def test_select_must_be_viable_and_from_the_deck() -> None:
    game = make_game()
    before = game.state
    with pytest.raises(IllegalAction, match="not viable: step 2"):
        game.play(Select((C.N, C.REPAIR, C.S, C.S, C.E)))  # the Android at (1,2) is intact
    with pytest.raises(IllegalAction, match="only 2 North"):
        game.play(Select((C.N, C.S, C.N, C.S, C.N)))
    with pytest.raises(IllegalAction, match="exactly 5"):
        game.play(Select((C.N, C.S)))
    assert game.state == before and len(game.actions) == 2


@pytest.mark.parametrize("register", [1, 2, 3, 4, 5])
def test_level_1_fixes_the_intended_card_in_its_register(register: int) -> None:
    game = make_game()
    to_decode(game, WIN_AE, L1[register])
    state = game.state
    assert state.registers[register - 1] == state.intended[register - 1]
    assert card_command(state.registers[register - 1] or "") is WIN_AE[register - 1]
    assert len(state.hand) == 4 and state.leave_out == 0


def test_level_2_hands_over_all_five_scrambled() -> None:
    game = make_game()
    to_decode(game, WIN_AE, L2[0])
    assert game.state.registers == (None,) * 5 and len(game.state.hand) == 5


def test_level_3_and_4_add_an_error_from_the_six_unselected_cards() -> None:
    game = make_game("expert")
    game.play(Select(WIN_AE))
    game.play(Reveal(L3[2]))
    assert game.state.phase is Phase.ERROR
    with pytest.raises(IllegalAction, match="not one of the unselected"):
        game.play(DrawError(game.state.intended[0]))
    unselected = {"E1", "E2", "S2", "W1", "W2", "REPAIR"}
    outcomes = set()
    for seed in range(60):
        g = make_game("expert")
        g.seed = seed
        g.play(Select(WIN_AE))
        g.play(Reveal(L4[0]))
        g.play_chance()
        outcomes.add(g.state.errors_drawn[0])
        assert g.state.leave_out == 1 and len(g.state.hand) == 6
    assert outcomes == unselected


def test_scramble_must_hold_exactly_the_unfixed_cards_and_errors() -> None:
    game = make_game()
    game.play(Select(WIN_AE))
    game.play(Reveal(L1[1]))
    with pytest.raises(IllegalAction):
        game.play(Scramble(("N1", "N2", "COLLECT", "S1", "DEPLOY")))  # N1 is fixed in register 1


def test_transmission_deck_levels_follow_the_difficulty() -> None:
    for difficulty in ("training", "standard", "hard", "expert"):
        preset = CONTENT.difficulty(difficulty)
        for seed in range(10):
            game = Game(CONTENT, difficulty, "standard", seed)
            game.play_chance()
            while game.state.phase is not Phase.OVER:
                game.play(Select((C.E, C.W, C.E, C.W, C.S if game.state.position.cadet < 20 else C.N)))
                game.play_chance()
                game.play(Execute(_order_of_intended(game)))
                game.play_chance()
            levels = [CONTENT.transmission(c).level for c in game.state.drawn]
            assert len(levels) == len(preset.levels)
            assert Counter(levels[:3]) == Counter(preset.top)
            assert Counter(levels[3:]) == Counter(preset.bottom)


def _order_of_intended(game: Game) -> tuple[str, ...]:
    return game.state.intended


def test_a_revealed_card_must_fit_the_deck() -> None:
    game = Game(CONTENT, "training", "standard", 0)
    game.play_chance()
    game.play(Select(WIN_AE[:0] + (C.E, C.W, C.E, C.W, C.N)))
    with pytest.raises(IllegalAction) as refused:
        game.play(Reveal(L4[0]))
    # Training difficulty: the top of the deck holds levels 1, 1 and 2; said in words a family reads.
    assert str(refused.value) == (f"Transmission card {L4[0]} is level 4 and cannot come next: "
                                  "the Transmission cards still to come in this part of the deck "
                                  "are level 1, 1 and 2")


def test_execute_refuses_an_impossible_order_and_changes_nothing() -> None:
    game = make_game()
    to_decode(game, WIN_AE, L2[0])
    before = game.state
    n_actions = len(game.actions)
    # DEPLOY first is impossible: the Cadet's hands are empty.
    bad = ("DEPLOY", "N1", "N2", "COLLECT", "S1")
    with pytest.raises(IllegalAction) as info:
        game.play(Execute(bad))
    assert info.value.step == 1 and info.value.command == "DEPLOY"
    assert game.state == before and len(game.actions) == n_actions


def test_execute_must_respect_fixed_registers_and_the_hand() -> None:
    game = make_game()
    to_decode(game, WIN_AE, L1[1])
    with pytest.raises(IllegalAction, match="register 1 is fixed"):
        game.play(Execute(("COLLECT", "N1", "N2", "S1", "DEPLOY")))
    with pytest.raises(IllegalAction, match="not in the Cadet's hand"):
        game.play(Execute(("N1", "N2", "COLLECT", "S1", "REPAIR")))
    with pytest.raises(IllegalAction, match="twice"):
        game.play(Execute(("N1", "COLLECT", "COLLECT", "S1", "DEPLOY")))


def test_completing_a_mission_deals_a_boost_and_reveals_it() -> None:
    game = make_game()
    to_decode(game, WIN_AE, L2[0])
    game.play(Execute(game.state.intended))
    assert game.state.phase is Phase.DEAL
    game.play_chance()
    state = game.state
    assert state.completed_ids == (MISSION_AE,) and len(state.boosts) == 1
    assert state.phase is Phase.SELECT
    view = cadet_view(CONTENT, state)
    assert [m.id for m in view.completed] == [MISSION_AE]
    assert view.last_execution is not None and view.last_execution.completions[0].step == 5


def _decode_with(boost_kind: BoostKind, card: str = L4[0], errors: tuple[str, ...] = ("E2",)) -> Game:
    game = make_game("expert" if errors else "standard")
    game.play(Select(WIN_AE))
    game.play(Reveal(card))
    for e in errors:
        game.play(DrawError(e))
    game.play_chance()
    # Hand the Cadet the boost (as if earned earlier) by patching the state: boosts are state.
    game.state = dataclasses.replace(game.state, boosts=(BOOST[boost_kind],), dealt=(BOOST[boost_kind],))
    return game


def test_clear_signal_boost_fixes_the_named_register() -> None:
    game = _decode_with(BoostKind.CLEAR_SIGNAL)
    with pytest.raises(IllegalAction, match="register from 1 to 5"):
        game.play(UseBoost(BOOST[BoostKind.CLEAR_SIGNAL], register=6))
    game.play(UseBoost(BOOST[BoostKind.CLEAR_SIGNAL], register=3))
    state = game.state
    assert state.registers[2] == "COLLECT" and "COLLECT" not in state.hand
    assert state.answers[-1].text == "Register 3: Collect." and not state.boosts


def test_cross_check_names_the_register_and_the_error_card() -> None:
    game = _decode_with(BoostKind.CROSS_CHECK)
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card="DEPLOY"))
    assert game.state.answers[-1].register == 5
    game = _decode_with(BoostKind.CROSS_CHECK)
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card="E2"))
    answer = game.state.answers[-1]
    assert answer.register is None and "not part of the transmission" in answer.text


def test_cross_check_on_a_duplicate_names_the_lowest_unfixed_register() -> None:
    game = make_game()
    program = (C.N, C.S, C.N, C.S, C.E)
    game.play(Select(program))
    game.play(Reveal(L1[1]))  # register 1 (North) fixed
    game.play_chance()
    game.state = dataclasses.replace(game.state, boosts=(BOOST[BoostKind.CROSS_CHECK],))
    north_in_hand = next(c for c in game.state.hand if card_command(c) is C.N)
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card=north_in_hand))
    assert game.state.answers[-1].register == 3


def test_debug_removes_the_error_and_only_when_there_is_one() -> None:
    game = _decode_with(BoostKind.DEBUG)
    game.play(UseBoost(BOOST[BoostKind.DEBUG]))
    assert "E2" not in game.state.hand and game.state.leave_out == 0 and len(game.state.hand) == 5
    clean = _decode_with(BoostKind.DEBUG, card=L2[0], errors=())
    with pytest.raises(IllegalAction, match="only be used when an error"):
        clean.play(UseBoost(BOOST[BoostKind.DEBUG]))
    assert clean.state.boosts == (BOOST[BoostKind.DEBUG],)


def test_abort_says_yes_for_an_equivalent_order_and_no_otherwise() -> None:
    game = _decode_with(BoostKind.ABORT, card=L2[0], errors=())
    game.play(UseBoost(BOOST[BoostKind.ABORT], order=game.state.intended))
    assert game.state.answers[-1].yes is True
    game = _decode_with(BoostKind.ABORT, card=L2[0], errors=())
    game.play(UseBoost(BOOST[BoostKind.ABORT], order=("S1", "N1", "COLLECT", "N2", "DEPLOY")))  # elsewhere
    assert game.state.answers[-1].yes is False
    game = _decode_with(BoostKind.ABORT, card=L2[0], errors=())
    game.play(UseBoost(BOOST[BoostKind.ABORT], order=("DEPLOY", "N1", "N2", "COLLECT", "S1")))  # impossible
    assert game.state.answers[-1].yes is False and not game.state.boosts


def test_abort_yes_when_a_different_order_reaches_the_same_state() -> None:
    game = make_game()
    program = (C.E, C.N, C.W, C.S, C.S)
    game.play(Select(program))
    game.play(Reveal(L2[0]))
    game.play_chance()
    game.state = dataclasses.replace(game.state, boosts=(BOOST[BoostKind.ABORT],))
    game.play(UseBoost(BOOST[BoostKind.ABORT], order=("N1", "E1", "S1", "W1", "S2")))
    assert game.state.answers[-1].yes is True


def test_the_cadet_view_holds_no_secret() -> None:
    game = make_game("expert")
    to_decode(game, WIN_AE, L3[2], errors=("E2",))
    view = cadet_view(CONTENT, game.state)
    text = repr(view)
    for secret in (MISSION_AE, *OTHERS):
        assert secret not in text
    assert "intended" not in text
    fields = {f.name for f in dataclasses.fields(view)}
    assert not fields & {"intended", "missions", "errors", "errors_drawn"}
    assert {f.name for f in dataclasses.fields(view.hand[0])} == {"id", "command"}  # error cards look alike
    assert view.leave_out == 1 and view.all_missions == ()
    assert view.missions_total == 4  # expert deals four (pack version 3)


def test_victory_and_score() -> None:
    game = make_game("standard", missions=(MISSION_AE,) + tuple(OTHERS[:2]))
    # Complete the one mission we can in transmission 1 and end the game by forcing the others done.
    to_decode(game, WIN_AE, L2[0])
    game.play(Execute(game.state.intended))
    game.play(DealBoost(game.state.boosts[0] if game.state.boosts else CONTENT.boosts[0].id))
    state = game.state
    assert state.phase is Phase.SELECT
    # A finished state: all missions completed after 1 card, 1 boost held.
    from companion.games.transmission.engine.rules import Completion

    done = dataclasses.replace(state, completed=tuple(Completion(m, 1) for m in state.missions),
                               phase=Phase.OVER)
    result = outcome(CONTENT, done)
    assert result is not None and result.victory
    # 3 x 100 + 6 unused Transmission cards x 50 + 1 boost x 25, times 1 (standard).
    assert result.score == 300 + 6 * 50 + 25


def test_defeat_scores_only_missions_and_rounds_down() -> None:
    game = make_game("training")
    to_decode(game, WIN_AE, L1[1])
    game.play(Execute(game.state.registers[:1] + tuple(c for c in game.state.intended[1:])))
    game.play_chance()
    state = dataclasses.replace(game.state, phase=Phase.OVER)
    result = outcome(CONTENT, state)
    assert result is not None and not result.victory
    assert result.score == 50  # 1 mission x 100 x 0.5


def test_actions_round_trip_through_json() -> None:
    actions = [Layout(ROWS), DrawMissions(("M01", "M02", "M03")), Select(WIN_AE), Reveal("x"),
               DrawError("E2"), Scramble(("N1", "W1")), UseBoost("b", register=2),
               UseBoost("c", card="N1"), UseBoost("d", order=("a", "b", "c", "d", "e")), UseBoost("e"),
               Execute(("N1", "E1", "S1", "W1", "DEPLOY")), DealBoost("b")]
    for action in actions:
        assert from_json(json.loads(json.dumps(to_json(action)))) == action


@pytest.mark.parametrize("bad", [None, [], {"kind": "fly"}, {"kind": "select", "commands": ["UP"]},
                                 {"kind": "reveal"}, {"kind": "boost", "boost": "x", "register": "2"}])
def test_malformed_actions_are_record_errors(bad: object) -> None:
    with pytest.raises(RecordError):
        from_json(bad)


def test_record_replays_to_the_identical_state_and_refuses_tampering() -> None:
    game = make_game("expert")
    to_decode(game, WIN_AE, L3[4], errors=("E2",))
    game.play(Execute(tuple(c for c in game.state.intended)))
    game.play_chance()
    again = loads(dumps(game), CONTENT)
    assert again.state == game.state and again.actions == game.actions
    record = record_of(game)
    record["actions"][2] = {"kind": "select", "commands": ["S", "S", "S", "S", "S"]}
    with pytest.raises(RecordError, match="action 2"):
        replay(record, CONTENT)
    with pytest.raises(RecordError, match="not JSON"):
        loads("{", CONTENT)
    with pytest.raises(RecordError, match="content"):
        replay({**record_of(game), "content": "other@1"}, CONTENT)


def test_actor_sequence_of_a_round() -> None:
    game = make_game()
    assert game.actor is Actor.MISSION_CONTROL
    game.play(Select(WIN_AE))
    assert game.actor is Actor.CHANCE
    game.play_chance()
    assert game.actor is Actor.CADET


def test_cross_check_on_an_error_identical_to_an_intended_card_answers_for_the_command() -> None:
    """Two Norths look alike at the table: the answer is about North, not about one card id."""
    game = make_game("expert")
    game.play(Select((C.N, C.S, C.E, C.W, C.COLLECT)))  # intended North is N1 in register 1
    game.play(Reveal(L4[0]))
    game.play(DrawError("N2"))
    game.play_chance()
    game.state = dataclasses.replace(game.state, boosts=(BOOST[BoostKind.CROSS_CHECK],))
    game.play(UseBoost(BOOST[BoostKind.CROSS_CHECK], card="N2"))
    assert game.state.answers[-1].register == 1


def test_the_same_seed_deals_the_same_cards_whatever_the_cadet_does() -> None:
    """Layout, missions and Transmission cards come from the seed alone (Game.rng)."""
    def deal(spend_boosts: bool) -> tuple[object, ...]:
        game = Game(CONTENT, "standard", "standard", seed=77)
        game.play_chance()
        if spend_boosts:  # the Cadet holds (without it being dealt) boosts to spend each round
            game.state = dataclasses.replace(game.state, boosts=(BOOST[BoostKind.CLEAR_SIGNAL],) * 7)
        while game.actor is not Actor.NONE:
            if game.actor is Actor.MISSION_CONTROL:
                game.play(Select((C.E, C.W, C.E, C.W, C.S if game.state.position.cadet < 20 else C.N)))
            elif game.actor is Actor.CADET:
                state = game.state
                if spend_boosts and len(state.boosts) > 7 - len(state.drawn):
                    free = next(k for k, r in enumerate(state.registers, start=1) if r is None)
                    game.play(UseBoost(state.boosts[0], register=free))
                else:
                    game.play(Execute(game.state.intended))
            else:
                game.play_chance()
        return (game.state.position.board, game.state.missions, game.state.drawn)

    assert deal(False) == deal(True)
    assert len(deal(True)[2]) == 7  # type: ignore[arg-type]
