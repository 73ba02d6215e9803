"""The terminal game (transmission.terminal): whole scripted games, bad input, boosts, quitting."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Sequence

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import CadetView, MissionControlView
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Chooser, Session, Step
from companion.games.transmission.terminal import OrderError, Terminal, parse_order, render_board

CONTENT = default_content()
NAMES = {m.letter: m.name for m in CONTENT.modules}

Answer = str | Callable[[CadetView], str]


def free_registers(view: CadetView) -> list[int]:
    return [k for k, card in enumerate(view.registers, start=1) if card is None]


class Table:
    """Runs a :class:`Terminal` with scripted answers and keeps everything it printed.

    ``answers`` are strings or functions of the Cadet view; when they run out, input ends (EOF).
    """

    def __init__(self, session: Session, answers: Sequence[Answer] = ()) -> None:
        self.session = session
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.chunks: list[tuple[str, frozenset[str]]] = []  # text, missions completed when printed

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        return answer if isinstance(answer, str) else answer(self.session.view())

    def output(self, text: str) -> None:
        self.chunks.append((text, frozenset(self.session.game.state.completed_ids)))

    def run(self) -> int:
        return Terminal(self.session, self.input, self.output).run()

    @property
    def text(self) -> str:
        return "\n".join(text for text, _ in self.chunks)


class ScriptedCadet(Table):
    """A Cadet that sees only the Cadet view: it spends its first Signal Boost each round, then tries
    hand permutations in order until one executes (the intended order always does)."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.round: object = None
        self.tries: Iterator[tuple[int, ...]] = iter(())
        self.key: object = None
        self.refused = 0
        self.boosts_used = 0

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Press Enter"):
            return ""
        view = self.session.view()
        free = free_registers(view)
        if view.transmission != self.round:
            self.round = view.transmission
            spend = self._boost(view, free)
            if spend:
                self.round = None  # look again once the boost has changed the hand
                self.boosts_used += 1
                return spend
        if not free:
            return "go"
        key = (view.hand, view.registers)
        if key != self.key:
            self.key = key
            self.tries = itertools.permutations(range(1, len(view.hand) + 1), len(free))
        else:
            self.refused += 1
        return " ".join(str(n) for n in next(self.tries))

    @staticmethod
    def _boost(view: CadetView, free: list[int]) -> str | None:
        if not view.boosts:
            return None
        kind = view.boosts[0].kind
        if kind is BoostKind.CLEAR_SIGNAL and free:
            return f"boost 1 {free[0]}"
        if kind is BoostKind.CROSS_CHECK and view.hand:
            return "boost 1 1"
        if kind is BoostKind.DEBUG and view.leave_out:
            return "boost 1"
        if kind is BoostKind.ABORT and free:
            return "boost 1 " + " ".join(str(n) for n in range(1, len(free) + 1))
        return None


@pytest.mark.parametrize(("difficulty", "layout", "seed"), [
    ("training", "beginner", 1), ("standard", "standard", 2),
    ("hard", "standard", 3), ("expert", "standard", 4),
])
def test_a_scripted_cadet_plays_a_whole_game_to_its_end(difficulty: str, layout: str, seed: int) -> None:
    session = Session(CONTENT, Planner(), difficulty, layout, seed)
    cadet = ScriptedCadet(session)
    assert cadet.run() == 0
    assert session.step is Step.END
    view = session.view()
    assert view.outcome is not None
    text = cadet.text
    assert ("=== Victory!" in text) == view.outcome.victory
    assert ("=== Defeat" in text) != view.outcome.victory
    assert f"Score: {view.outcome.score}" in text
    assert len(view.all_missions) == view.missions_total
    ending = cadet.chunks[-1][0]
    for mission in view.all_missions:  # every mission revealed at the end
        assert mission.title in ending
    assert text.count("=== Transmission") == view.outcome.transmissions_used
    assert text.count("Executing, step by step") == view.outcome.transmissions_used


def test_the_terminal_never_shows_a_mission_before_it_is_completed() -> None:
    session = Session(CONTENT, Planner(), "hard", "standard", 11)
    cadet = ScriptedCadet(session)
    cadet.run()
    secret = {m: CONTENT.mission(m) for m in session.game.state.missions}
    for text, completed in cadet.chunks[:-1]:  # the last chunk is the end, which reveals all
        for mission_id, mission in secret.items():
            if mission_id not in completed:
                assert mission.title not in text
                assert mission.flavour not in text


def test_a_scripted_game_that_uses_signal_boosts() -> None:
    # Seeds until the Cadet earns and spends a boost: the boost paths run end to end.
    for seed in range(20):
        session = Session(CONTENT, Planner(), "hard", "beginner", seed)
        cadet = ScriptedCadet(session)
        assert cadet.run() == 0
        if cadet.boosts_used:
            assert "Mission Control (" in cadet.text
            return
    pytest.fail("no seed in 0-19 earned a Signal Boost")


def decode_session(chooser: Chooser | None = None, difficulty: str = "standard", seed: int = 2,
                   layout: str = "beginner") -> Session:
    """A session on its Decode step, the Transmission already shown."""
    session = Session(CONTENT, chooser or Planner(), difficulty, layout, seed)
    session.confirm()
    assert session.choose_now()
    session.confirm()
    assert session.step is Step.DECODE
    return session


def test_bad_input_gets_a_message_and_changes_nothing() -> None:
    session = decode_session()
    before = session.game.state
    actions = len(session.game.actions)
    free = len(free_registers(session.view()))
    numbers = " ".join(str(n) for n in range(1, free + 1))
    table = Table(session, [
        "",
        "1 1" + numbers[3:],                  # a card twice
        "9" + numbers[1:],                    # no such card
        "jump " + numbers[2:],                # neither number nor command
        "1 2",                                # too few
        numbers + " 1",                       # too many
        "boost",                              # no boosts held
        "go",                                 # registers still open
        "board",
        "help",
    ])
    assert table.run() == 0
    text = table.text
    assert "Type an order" in text
    assert "is used twice" in text
    assert "There is no card 9" in text
    assert "'jump' is neither a card number nor a command name" in text
    assert f"Give {free} cards, one for each open register" in text
    assert "You hold no Signal Boost yet" in text
    assert "Give the order first" in text
    assert "How to decode" in text
    assert "End of input" in text
    assert session.game.state == before
    assert len(session.game.actions) == actions
    assert session.step is Step.DECODE


class FixedChooser:
    """Mission Control with one program in mind, whatever happens."""

    def __init__(self, commands: Sequence[Command]) -> None:
        self.commands = tuple(commands)

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        return self.commands


#: From the Beginner Layout's centre: step off and back onto the Android, collect it, deploy it west.
PROGRAM = (Command.N, Command.S, Command.COLLECT, Command.W, Command.DEPLOY)


def words_for(program: Sequence[Command]) -> Callable[[CadetView], str]:
    """The program's commands for the open registers, as command names."""
    def answer(view: CadetView) -> str:
        return " ".join(str(program[k - 1]) for k in free_registers(view))
    return answer


def test_an_impossible_order_is_refused_with_its_step_and_the_right_one_executes() -> None:
    session = decode_session(FixedChooser(PROGRAM), "training", seed=1)
    before = session.game.state
    names = words_for(PROGRAM)(session.view()).split()
    assert "DEPLOY" in names  # this seed's clear signal is not on register 5
    wrong = " ".join(["DEPLOY"] + [n for n in names if n != "DEPLOY"])  # Deploy before Collect
    table = Table(session, [wrong])
    table.run()
    assert "Impossible order, step" in table.text
    assert "the Cadet carries nothing to deploy" in table.text
    assert "Nothing was executed" in table.text
    assert session.game.state == before

    table = Table(session, [words_for(PROGRAM)])
    table.run()
    text = table.text
    assert "1. North: the Cadet moves north to row 2, column 3." in text
    # Cells as people count them, from 1 (row 1 north, column 1 west), as on Fix the board.
    assert "3. Collect: the Cadet picks up the Android (A) at row 3, column 3" in text
    assert "5. Deploy: the Cadet sets down the Android (A) at row 3, column 2" in text
    assert session.view().rows[2] == "oA..d"


def with_boosts(session: Session) -> None:
    """Hand the Cadet one of each Signal Boost (a test shortcut past earning them)."""
    session.game.state = dataclasses.replace(session.game.state, boosts=tuple(b.id for b in CONTENT.boosts))


def boost_number(kind: BoostKind) -> Callable[[CadetView], int]:
    def number(view: CadetView) -> int:
        return next(i for i, b in enumerate(view.boosts, start=1) if b.kind is kind)
    return number


def test_each_signal_boost_from_the_prompt() -> None:
    session = decode_session(FixedChooser(PROGRAM), "training", seed=1)
    with_boosts(session)
    clear, cross = boost_number(BoostKind.CLEAR_SIGNAL), boost_number(BoostKind.CROSS_CHECK)
    debug, abort = boost_number(BoostKind.DEBUG), boost_number(BoostKind.ABORT)
    target = free_registers(session.view())[-1]
    table = Table(session, [
        "boost 9",
        lambda v: f"boost {clear(v)}",
        lambda v: f"boost {clear(v)} 7",
        lambda v: f"boost {clear(v)} {target}",
        lambda v: f"boost {cross(v)} 1",
        lambda v: f"boost {debug(v)}",
        lambda v: f"boost {abort(v)} 1",
        lambda v: f"boost {abort(v)} " + words_for(PROGRAM)(v),
    ])
    table.run()
    text = table.text
    assert "Name a Signal Boost by its number, 1 to 4" in text
    assert "Clear Signal needs one register number" in text
    assert "needs a register from 1 to 5" in text.lower()
    assert f"Mission Control (Clear Signal): Register {target}: {PROGRAM[target - 1].title}." in text
    assert session.view().registers[target - 1] is not None
    assert f"Mission Control (Cross Check): {session.view().hand[0].title} goes in register" in text
    assert "Debug can only be used when an error card is in the hand" in text
    assert f"Give {len(free_registers(session.view()))} cards, one for each open register" in text
    assert "Mission Control (Abort): Yes" in text
    # The refused uses kept their boosts; the three answered ones are spent.
    assert [b.kind for b in session.view().boosts] == [BoostKind.DEBUG]
    assert session.step is Step.DECODE


def test_quit_and_end_of_input_leave_cleanly() -> None:
    session = Session(CONTENT, Planner(), "standard", "standard", 4)
    table = Table(session, ["quit"])
    assert table.run() == 0
    assert "You left the game." in table.text and "(seed 4)" not in table.text  # the seed deals the missions
    session = Session(CONTENT, Planner(), "standard", "standard", 4)
    table = Table(session, [])
    assert table.run() == 0
    assert "End of input" in table.text
    assert session.step is Step.BOARD_SETUP
    table = Table(decode_session(), ["q"])
    assert table.run() == 0


def test_setup_prompt_answers_anything_but_enter() -> None:
    session = Session(CONTENT, Planner(), "standard", "standard", 4)
    table = Table(session, ["what", "help"])
    table.run()
    assert "Just press Enter" in table.text
    assert "How to decode" in table.text
    assert session.step is Step.BOARD_SETUP


def test_render_board_marks_damage_the_cadet_and_the_carried_device() -> None:
    position = Position.from_rows(["c.f.r", ".S.B.", "o...d", ".E.M.", "h.t.l"], (2, 2), "A")
    lines = render_board(position, NAMES)
    assert lines[0].split() == ["1", "2", "3", "4", "5"]  # counted from 1, as people do
    row1 = next(line for line in lines if line.startswith("  1 |"))
    assert "c!" in row1 and "f!" in row1 and "r!" in row1
    row3 = next(line for line in lines if line.startswith("  3 |"))
    assert ". @" in row3 and "at row 3, column 3" in lines[-2]
    assert "carries the Android (A)" in lines[-2]
    assert "spare" not in lines[-2]


def test_parse_order_takes_numbers_and_command_names() -> None:
    session = decode_session(FixedChooser(PROGRAM), "training", seed=1)
    view = session.view()
    free = free_registers(view)
    names = [str(PROGRAM[k - 1]) for k in free]
    cards = parse_order(names, view)
    by_id = {h.id: h.command for h in view.hand}
    assert [by_id[c] for c in cards] == [PROGRAM[k - 1] for k in free]
    numbers = [str(n) for n in range(1, len(free) + 1)]
    assert parse_order(numbers, view) == [h.id for h in view.hand[:len(free)]]
    with pytest.raises(OrderError, match="Your hand holds 0 Repair card"):
        parse_order(["REPAIR"] + names[1:], view)


@pytest.mark.parametrize(("words", "expected"), [
    (["²", "1", "2", "3"], "neither a card number nor a command"),
    (["9" * 5000], "neither a card number nor a command"),
    (["asdf"], "neither a card number nor a command"),
])
def test_odd_words_in_an_order_get_a_message_not_a_crash(words: list[str], expected: str) -> None:
    session = Session(default_content(), Planner(), "standard", "standard", 3)
    session.confirm()
    session.choose_now()
    session.confirm()
    state = session.game.state
    with pytest.raises(OrderError, match=expected):
        parse_order(words, session.view())
    assert session.game.state is state


def test_no_boost_in_hand_says_whether_one_was_ever_earned() -> None:
    """Issue 10, snag: "Signal Boosts: none yet" after a boost was earned and spent is not true."""
    from companion.games.transmission.engine.views import mission_view
    from companion.games.transmission.terminal import no_boosts

    session = Session(CONTENT, Planner(), "standard", "standard", 5)
    view = session.view()
    assert not view.boosts and not view.completed
    assert no_boosts(view) == "Signal Boosts: none yet (complete a mission to earn one)."
    done = dataclasses.replace(view, completed=(mission_view(CONTENT, CONTENT.missions[0].id),))
    assert no_boosts(done) == "Signal Boosts: none left (each one earned has been used)."
