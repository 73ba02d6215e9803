"""Board correction (engine.correction, Session.correct_board): the table's board is the truth."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.actions import CorrectBoard, UseBoost
from companion.games.transmission.engine.board import NEIGHBOURS, Position
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.correction import some_order_possible
from companion.games.transmission.engine.game import Game, GameState, Phase, rules_for
from companion.games.transmission.engine.record import replay
from companion.games.transmission.engine.rules import pair_complete
from companion.games.transmission.session import Session, Step
from test_session import RandomChooser, to_decode

CONTENT = default_content()
RULES = rules_for(CONTENT)
BEGINNER = list(CONTENT.beginner_layout)  # c.f.r / .S.B. / o.A.d / .E.M. / h.t.l


def beginner(seed: int = 1) -> Session:
    return Session(CONTENT, RandomChooser(seed), "standard", "beginner", seed)


def with_row(rows: list[str], r: int, text: str) -> list[str]:
    out = list(rows)
    out[r] = text
    return out


def test_a_correction_sets_the_cadet_the_carried_device_and_each_module() -> None:
    session = beginner()
    # Android (A) carried, Reactor (r) turned intact, Fusion Core (f) moved to (0, 1) damaged.
    rows = ["cf..R", ".S.B.", "o...d", ".E.M.", "h.t.l"]
    assert session.correct_board(rows, (4, 4), "a")
    position = session.game.state.position
    assert position.rows() == rows and position.cadet_cell == (4, 4) and position.carrying == "A"
    # Counted from 1 for the table, as Fix the board and the terminal number the grid.
    assert session.message == ("Board corrected: the Cadet to row 5, column 5; carrying the Android (A); "
                               "the Reactor (R) intact; the Fusion Core (F) to row 1, column 2, damaged.")
    assert session.game.actions[-1] == CorrectBoard(tuple(rows), (4, 4), "A")
    assert replay(session.record(), CONTENT).state == session.game.state
    assert session.step is Step.BOARD_SETUP


@pytest.mark.parametrize(("rows", "cadet", "carrying", "why"), [
    (BEGINNER[:4], (2, 2), None, "a board is 5 rows of 5 characters"),
    (with_row(BEGINNER, 0, "c.f.r."), (2, 2), None, "a board is 5 rows of 5 characters"),
    (with_row(BEGINNER, 0, "c.f.?"), (2, 2), None, "cell (0, 4) holds '?'"),
    (with_row(BEGINNER, 0, "c.fAr"), (2, 2), None, "the Android (A) is on the board 2 times"),
    (with_row(BEGINNER, 0, "c.f.."), (2, 2), None, "the Reactor (R) is neither"),
    (with_row(BEGINNER, 2, "o...d"), (2, 2), None, "the Android (A) is neither"),
    (with_row(BEGINNER, 1, "...B."), (2, 2), "S", "the Science Lab (S) is a station"),
    (with_row(BEGINNER, 2, "o...d"), (2, 2), "Q", "'Q' is not a module letter"),
    (BEGINNER, (2, 2), "A", "cannot be both on the board and carried"),
    (BEGINNER, (5, 0), None, "the Cadet's cell (5, 0) is off the 5 x 5 grid"),
    (BEGINNER, (2, 2), None, "that is the board the app already has"),
])
def test_a_board_that_breaks_the_rules_is_refused_and_nothing_changes(
        rows: list[str], cadet: tuple[int, int], carrying: str | None, why: str) -> None:
    session = beginner()
    before = (session.game.state, len(session.game.actions))
    assert not session.correct_board(rows, cadet, carrying)
    assert why.lower() in session.message.lower() and session.message[0].isupper()
    assert (session.game.state, len(session.game.actions)) == before


def test_a_lower_case_carried_device_is_refused_in_a_record() -> None:
    game = Game(CONTENT, layout="beginner", seed=1)
    game.play_chance()
    action = CorrectBoard(tuple(with_row(BEGINNER, 2, "o...d")), (2, 2), "a")
    assert "a carried device is intact" in (game.reason(action) or "")


def test_nonsense_from_a_screen_is_refused_not_raised() -> None:
    session = beginner()
    assert not session.correct_board("c.f.r.S.B.", (2, 2), None)  # type: ignore[arg-type]
    assert not session.correct_board(BEGINNER, (2,), None)
    assert not session.correct_board(BEGINNER, (2, "2"), None)  # type: ignore[arg-type]
    assert not session.correct_board(BEGINNER, (2, 2), 7)  # type: ignore[arg-type]
    assert not session.correct_board([1, 2, 3, 4, 5], (2, 2), None)  # type: ignore[list-item]
    assert len(session.game.actions) == 2


def test_when_the_board_may_be_corrected() -> None:
    session = beginner(2)
    rows = list(session.view().rows)
    assert session.confirm() and session.step is Step.THINKING
    assert not session.correct_board(rows, (0, 0), None) and "Mission Control is choosing" in session.message
    assert session.choose_now() and session.step is Step.TRANSMISSION
    state = session.game.state
    cell = next(cell for cell in ((r, c) for r in range(5) for c in range(5)) if cell != (2, 2)
                and some_order_possible(CONTENT, state, replace(state.position, cadet=cell[0] * 5 + cell[1])))
    assert session.correct_board(rows, cell, None)  # while decoding (Decode phase)
    game = Game(CONTENT, layout="beginner", seed=2)
    game.play_chance()
    game.state = replace(game.state, phase=Phase.REVEAL)
    assert "not in the reveal phase" in (game.reason(CorrectBoard(tuple(rows), (0, 0), None)) or "")
    game.state = replace(game.state, phase=Phase.OVER)
    why = game.reason(CorrectBoard(tuple(rows), (0, 0), None))
    assert why == "the game is over: there is no board to correct"


def test_a_correction_never_completes_a_mission_by_itself() -> None:
    """RULES.md completes a mission after a command; a correction is not one."""
    session = beginner(3)
    mission = CONTENT.mission(session.game.state.missions[0])
    a, b = mission.pair
    board = list("".join(BEGINNER))
    ia = next(i for i, ch in enumerate(board) if ch.upper() == a)
    ib = next(i for i, ch in enumerate(board) if ch.upper() == b)
    near = NEIGHBOURS[ia][0]
    board[near], board[ib] = board[ib], board[near]  # b next to a (a swap keeps every count)
    board[ia], board[near] = a, b  # both intact
    rows = ["".join(board[i:i + 5]) for i in range(0, 25, 5)]
    assert session.correct_board(rows, (2, 2), None), session.message
    assert pair_complete(session.game.state.position.board, a, b)
    assert session.game.state.completed == ()


def test_a_correction_while_decoding_must_leave_some_order_possible() -> None:
    for seed in range(60):  # a round whose five cards include Repair and no error to leave out
        session = Session(CONTENT, RandomChooser(seed), "training", "standard", seed)
        to_decode(session)
        state = session.game.state
        cards = list(state.hand) + [c for c in state.registers if c is not None]
        if state.leave_out == 0 and any(card_command(c) is Command.REPAIR for c in cards):
            break
    else:  # pragma: no cover - the seeds above contain one
        pytest.fail("no round with a Repair and no error in 60 seeds")
    view = session.view()
    all_intact = [row.upper() for row in view.rows]  # nothing left to repair: no order is possible
    before = session.game.state
    assert not session.correct_board(all_intact, view.cadet, view.carrying)
    assert "no order of the Cadet's cards could be executed" in session.message
    assert session.game.state == before


def test_abort_answers_no_when_a_correction_made_the_intended_order_impossible() -> None:
    for seed in range(60):
        session = Session(CONTENT, RandomChooser(seed), "training", "standard", seed)
        to_decode(session)
        state = session.game.state
        commands = [card_command(c) for c in state.intended]
        for cell in ((r, c) for r in range(5) for c in range(5)):
            corrected = replace(state.position, cadet=cell[0] * 5 + cell[1])
            order = legal_order(state, corrected)
            if not RULES.viable(corrected, commands) and order is not None:
                break
        else:
            continue
        break
    else:  # pragma: no cover
        pytest.fail("no round where moving the Cadet breaks the intended order")
    assert session.correct_board(list(session.view().rows), cell, state.position.carrying)
    game = session.game
    game.state = replace(game.state, boosts=("abort",))  # as if dealt earlier
    game.play(UseBoost("abort", order=order))
    assert game.state.answers[-1].yes is False


def legal_order(state: GameState, position: Position) -> tuple[str, ...] | None:
    """An arrangement of the Cadet's cards (fixed registers kept) that is legal from ``position``."""
    free = [k for k, c in enumerate(state.registers) if c is None]
    for pick in permutations(state.hand, len(free)):
        order = list(state.registers)
        for k, card in zip(free, pick):
            order[k] = card
        cards = tuple(c for c in order if c is not None)
        if RULES.viable(position, [card_command(c) for c in cards]):
            return cards
    return None


def test_the_first_command_after_a_correction_completes_a_pair_it_left_side_by_side() -> None:
    """RULES.md, Missions: the correction completes nothing; the next command (a move here) does, at
    step 1; the planner's search agrees (its plan completes the mission this transmission)."""
    from companion.games.transmission.engine.actions import Execute
    from companion.games.transmission.engine.views import mission_control_view
    from companion.games.transmission.mission_control.planner import Planner
    from test_game import L2, MISSION_AE, make_game, to_decode

    game = make_game()  # the Fusion Core at (0, 2), the Energy Pack under the Cadet at (2, 2)
    rows = ("s...b", ".cFr.", "m.E.h", ".l.A.", "o.D.T")  # the Fusion Core set beside the Energy Pack
    game.play(CorrectBoard(rows, (2, 2), None))
    assert game.state.completed == ()
    plan = Planner().plan(mission_control_view(CONTENT, game.state))
    assert MISSION_AE in plan.completes
    program = (Command.W, Command.E, Command.N, Command.S, Command.S)
    to_decode(game, program, L2[0])
    game.play(Execute(game.state.intended))
    game.play_chance()
    assert [(c.mission, c.step) for c in game.state.completed] == [(MISSION_AE, 1)]
