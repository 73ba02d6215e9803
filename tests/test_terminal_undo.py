"""Undo and Fix the board in the Transmission terminal games (issue 24, item 5): the window's limits and
refusals, a correction that changes the board as the editor's moves do, the store keeping both, and a
person as Mission Control whose secrets an undo never shows the Cadet's side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations
from pathlib import Path

import pytest

from companion.games.transmission.board_draft import BoardDraft
from companion.games.transmission.content.loader import content_to_resume, default_content
from companion.games.transmission.engine.actions import CorrectBoard, Execute, Undo
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.record import replay
from companion.games.transmission.person import PersonSession
from companion.games.transmission.session import Session, Step
from companion.games.transmission.stored import KEEPER
from companion.games.transmission.terminal import Terminal
from companion.games.transmission.terminal_person import PersonTerminal
from companion.table.store import Store
from test_session import RandomChooser, to_decode

CONTENT = default_content()
RULES = rules_for(CONTENT)
SEED = 3

Answer = str | Callable[[Session], str]


def honor(seed: int = SEED, undo: str = "honor") -> Session:
    return Session(CONTENT, RandomChooser(seed), "standard", "beginner", seed, undo=undo)


def legal_orders(session: Session) -> list[str]:
    """Every executable order on the Decode step, as the hand numbers a Cadet types."""
    state = session.game.state
    ids = [c.id for c in session.view().hand]
    free = [k for k in range(5) if state.registers[k] is None]
    found: list[str] = []
    for pick in permutations(range(len(ids)), len(free)):
        program = [card_command(c) if c else None for c in state.registers]
        for k, i in zip(free, pick):
            program[k] = card_command(ids[i])
        if RULES.viable(state.position, program):
            found.append(" ".join(str(i + 1) for i in pick))
    return found


def two_orders() -> tuple[str, str]:
    """Two different orders the Cadet of seed ``SEED`` may execute in the first transmission."""
    probe = honor()
    to_decode(probe)
    orders = legal_orders(probe)
    return orders[0], orders[-1]


class Script:
    """Scripted lines (strings or functions of the session); input ends (EOF) when they run out."""

    def __init__(self, session: Session, answers: Sequence[Answer]) -> None:
        self.session = session
        self.answers = list(answers)
        self.out: list[str] = []

    def input(self, prompt: str) -> str:
        self.out.append(prompt)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        return answer if isinstance(answer, str) else answer(self.session)

    def run(self) -> int:
        return Terminal(self.session, self.input, self.out.append).run()

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def test_undo_then_play_on_is_the_same_as_never_having_played_the_undone_action() -> None:
    first, second = two_orders()
    undone = honor()
    table = Script(undone, ["", first, "undo", second, ""])
    assert table.run() == 0
    never = honor()
    assert Script(never, ["", second, ""]).run() == 0
    text = table.text
    assert "Undone: the order is back in the registers; change it and execute again." in text
    assert f"The order taken back, as hand numbers: {first}." in text
    assert undone.game.state == never.game.state and undone.step is never.step is Step.DECODE
    assert undone.view() == never.view()  # the next Transmission card and hand too
    kinds, never_kinds = ([type(a) for a in g.actions] for g in (undone.game, never.game))
    assert kinds.count(Undo) == 1 and kinds.count(Execute) == never_kinds.count(Execute) + 1  # both kept
    assert replay(undone.record(), CONTENT).state == never.game.state


def test_the_pause_after_an_execute_offers_undo_and_fix() -> None:
    first, _ = two_orders()
    table = Script(honor(), ["", first])
    table.run()
    pause = "Press Enter when the table matches (or undo, fix, help, quit)"
    assert any(p.startswith(pause) for p in table.out)
    assert "End of input: leaving the game." in table.text


def test_refused_undos_say_why_and_change_nothing() -> None:
    first, _ = two_orders()
    off = honor(undo="off")
    table = Script(off, ["", first, "undo"])
    table.run()
    assert '! Undo is off at this table (the setting [game] undo = "honor" turns it on).' in table.text
    assert off.step is Step.EXECUTE and isinstance(off.game.actions[-1], Execute)

    session = honor()
    table = Script(session, ["undo", "", "undo"])
    table.run()
    assert "! Nothing can be undone: nothing the table did is left to undo." in table.text
    assert "! Nothing can be undone: the Transmission card is already revealed." in table.text
    actions = list(session.game.actions)
    to_decode(reference := honor())
    assert session.game.state == reference.game.state and actions == reference.game.actions


def _fixed_rows(session: Session) -> tuple[list[str], tuple[int, int], str | None]:
    """The window editor's moves for the edits the terminal test types (its BoardDraft)."""
    position = session.view().position
    draft = BoardDraft(CONTENT, position.rows(), position.cadet_cell, position.carrying or "")
    device = sorted(CONTENT.devices)[0]
    station = next(m.letter for m in CONTENT.modules if not m.is_device)
    draft.put_module((0, 0), station)   # "1 1 <station>": swaps with what was on row 1, column 1
    draft.flip((0, 0))                  # "flip 1 1"
    draft.cadet_here((4, 4))            # "cadet 5 5"
    draft.set_carrying(device)          # "carry <device>"
    return draft.board()


def test_a_correction_changes_the_board_as_the_window_s_editor_does() -> None:
    session = honor()
    device = sorted(CONTENT.devices)[0]
    station = next(m.letter for m in CONTENT.modules if not m.is_device)
    rows, cadet, carrying = _fixed_rows(honor())
    table = Script(session, ["fix", f"1 1 {station.lower()}", "flip 1 1", "cadet 5 5", f"carry {device}",
                             "save", ""])
    table.run()
    position = session.game.state.position
    assert (position.rows(), position.cadet_cell, position.carrying) == (rows, cadet, carrying)
    assert CorrectBoard(tuple(rows), cadet, carrying) in session.game.actions
    assert "Board corrected: the Cadet to row 5, column 5" in table.text
    assert replay(session.record(), CONTENT).state.position == position
    assert session.step is Step.DECODE  # Enter started the game after the correction


def test_a_correction_is_undone_at_the_next_prompt() -> None:
    session = honor()
    before = session.game.state
    table = Script(session, ["fix", "cadet 1 1", "save", "undo"])
    table.run()
    assert "Undone: the board correction; the board is as it was before it." in table.text
    assert session.game.state == before and session.step is Step.BOARD_SETUP


@pytest.mark.parametrize(("line", "said"), [
    ("9 9 F", "! There is no row 9, column 9: rows and columns are 1 to 5."),
    ("2 2 Q", "! 'Q' is not a module letter: the modules are"),
    ("jump", "! 'jump' is not a fix: type a row, a column and a module letter"),
    ("flip 3 3", "! A hallway has no sides: name a module's cell to flip."),
    ("carry", "! Say what the Cadet carries"),
])
def test_a_bad_fix_line_is_refused_and_the_board_kept(line: str, said: str) -> None:
    session = honor()
    before = (session.game.state, list(session.game.actions))
    rows = session.view().position.rows()
    hallway = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
    line = line.replace("flip 3 3", f"flip {hallway[0] + 1} {hallway[1] + 1}")
    table = Script(session, ["fix", line, "save", "cancel"])
    table.run()
    assert said in table.text
    assert "Nothing was changed: the board is as it was." in table.text
    assert (session.game.state, list(session.game.actions)) == before


def test_an_illegal_correction_is_refused_with_the_window_s_sentence() -> None:
    session = honor()
    before = (session.game.state, list(session.game.actions))
    station = next(m.letter for m in CONTENT.modules if not m.is_device)
    cell = session.view().position.find(station)
    assert cell is not None
    table = Script(session, ["fix", f"hallway {cell[0] + 1} {cell[1] + 1}", "save", f"carry {station}",
                             "cancel", "fix", "quit"])
    assert table.run() == 0
    name = CONTENT.module(station).name
    assert f"! {name} is missing: put it on a cell, or let the Cadet carry it." in table.text
    assert "is a station: stations are never carried." in table.text
    assert "Fix the board cancelled: the board is as it was." in table.text
    assert "You left the game." in table.text
    assert (session.game.state, list(session.game.actions)) == before


def test_no_correction_where_no_order_of_the_cards_could_run() -> None:
    """While decoding, the rules' own refusal (RULES.md; engine.correction) is said word for word."""
    for seed in range(1, 40):
        session = honor(seed)
        to_decode(session)
        position = session.view().position
        rows = position.rows()
        cells = [(r, c) for r in range(5) for c in range(5)]
        stuck = next((cell for cell in cells if "no order of the Cadet's cards"
                      in (session.correction_problem(rows, cell, position.carrying) or "")), None)
        if stuck is None:
            continue
        before = (session.game.state, list(session.game.actions))
        table = Script(session, ["fix", f"cadet {stuck[0] + 1} {stuck[1] + 1}", "save"])
        table.run()
        assert ("! With that board no order of the Cadet's cards could be executed; correct the board "
                "after this transmission's Execute instead.") in table.text
        assert (session.game.state, list(session.game.actions)) == before
        return
    pytest.fail("no seed in 1-39 had a cell that leaves no order possible")


def test_a_game_resumed_after_an_undo_and_a_correction_is_the_same(tmp_path: Path) -> None:
    first, second = two_orders()
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = honor()
        store.begin(session, KEEPER)
        Script(session, ["", first, "undo", "fix", "flip 5 5", "save"]).run()
    assert session.step is Step.DECODE and isinstance(session.game.actions[-1], CorrectBoard)
    with Store.open(path) as store:
        saved = store.unfinished()
        assert saved is not None
        played_with = content_to_resume(saved.content_id, saved.content_digest, CONTENT)
        again = store.resume(saved, KEEPER, played_with, RandomChooser(SEED))
        assert again.game.actions == session.game.actions
        assert again.game.state == session.game.state and again.view() == session.view()
        table = Script(again, ["undo", second, ""])  # and play goes on from there
        table.run()
        assert "Undone: the board correction" in table.text


def test_with_a_person_as_mission_control_undo_shows_the_cadet_s_side_no_secret() -> None:
    """The Execute undone at the hand-over prompt, before Mission Control selects again: what the
    Cadet's side reads (outside the private steps) names no mission and no intended order."""
    session = PersonSession(CONTENT, RandomChooser(SEED), "standard", "beginner", SEED, undo="honor")
    out: list[str] = []
    state = {"executed": 0, "undone": False}

    def answer(prompt: str) -> str:
        out.append(prompt)
        if "Your 5 commands" in prompt:
            return " ".join(str(c) for c in RandomChooser(len(out)).choose(session.mission_control_view()))
        if "Order for registers" in prompt:
            state["executed"] += 1
            if state["executed"] > 2:
                raise EOFError
            return legal_orders(session)[0]
        if "press Enter when only you can see" in prompt and state["executed"] == 1 and not state["undone"]:
            state["undone"] = True
            return "undo"
        if "Fix the board" in prompt:
            return "cancel"
        return ""

    assert PersonTerminal(session, answer, out.append, clear_fn=lambda: out.append("<cleared>")).run() == 0
    text = "\n".join(out)
    assert "Undone: the order is back in the registers" in text
    public, private = [], False
    for line in out:
        if "press Enter when only you can see" in line:
            private = True
        if "The Mission Control screen is hidden" in line:
            private = False
        if not private:
            public.append(line)
    titles = [CONTENT.mission(m).title for m in session.game.state.missions]
    leaks = [line for line in public if any(t in line for t in titles) or "intended order" in line]
    assert not leaks, leaks
    assert state["executed"] == 3  # the undone order was executed again, then input ended


def test_at_mission_control_s_private_prompts_undo_is_the_table_s() -> None:
    session = PersonSession(CONTENT, RandomChooser(SEED), "standard", "beginner", SEED, undo="honor")
    out: list[str] = []
    typed = ["", "", "undo"]

    def answer(prompt: str) -> str:
        out.append(prompt)
        if not typed:
            raise EOFError
        return typed.pop(0)

    PersonTerminal(session, answer, out.append, clear_fn=lambda: None).run()
    assert "! Undo and Fix the board are the table's: lock in, hand the terminal back" in "\n".join(out)
    assert not session.seat_open
