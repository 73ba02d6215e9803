"""The Six and Five Actions' terminal games ask every question the same way (issue 24, item 14):
``quit`` and ``help`` at every prompt, set-up included; ``help`` shows the rules in short and the
moves possible now; every choice list is numbered; a blank Enter says what is expected; the end of
input during set-up says that nothing was saved.  The prompt loop itself is
:mod:`companion.table.prompt`, one for both games."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.entry import main
from companion.games.five_actions import summary as five_summary
from companion.games.five_actions.session import Session as FiveSession
from companion.games.five_actions.terminal import Terminal as FiveTerminal
from companion.games.six_actions import summary as six_summary
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.terminal import Terminal as SixTerminal
from companion.table.prompt import Back, EndOfInput, Prompt, Quit, match, numbered
from companion.table.store import Store
from five_support import CONTENT as FIVE
from six_support import CONTENT as SIX

NUMBERED = re.compile(r"^\s+\d+\. \S")


# --------------------------------------------------------------------------- the prompt loop


def _prompt(answers: Sequence[str], **kwargs: object) -> tuple[Prompt, list[str]]:
    said: list[str] = []
    feed = iter(answers)

    def read(question: str) -> str:
        said.append(f"<{question}>")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return Prompt(read, said.append, **kwargs), said  # type: ignore[arg-type]


def test_quit_and_the_end_of_input_leave_from_any_question() -> None:
    for word in ("quit", "Q", " exit "):
        prompt, _ = _prompt([word])
        with pytest.raises(Quit) as left:
            prompt.read("Name? ", "Type a name.")
        assert not left.value.end_of_input
    prompt, _ = _prompt([])
    with pytest.raises(EndOfInput) as ended:
        prompt.number("How many? ", 1, 3)
    assert ended.value.end_of_input and isinstance(ended.value, Quit) and isinstance(ended.value, EOFError)


def test_help_shows_the_summary_the_moves_now_and_the_question_then_asks_again() -> None:
    prompt, said = _prompt(["help", "2"], summary=["The rules, short."], now=lambda: ["Build", "Pass"])
    assert prompt.choose("Which?", [("a", "Alpha"), ("b", "Beta")]) == "b"
    text = "\n".join(said)
    assert "The rules, short.\nPossible now:\n  Build\n  Pass\n" in text
    assert "This question: Type a number from 1 to 2, or the name of one of those listed." in text
    assert "   1. Alpha\n   2. Beta\nType help: this text; quit: leave." in text
    assert said.count("<> >") == 2


def test_a_blank_answer_says_what_is_expected_unless_it_means_something() -> None:
    prompt, said = _prompt(["", "  ", "7"])
    assert prompt.number("How many? ", 1, 9) == 7
    blank = "Nothing typed: type a whole number from 1 to 9. (help shows the rules and the moves now)"
    assert said.count(blank) == 2
    prompt, said = _prompt([""])
    assert prompt.choose("Which Patent?", ["x", "y"], blank="none") is None
    assert "  (Enter alone: none)" in said
    prompt, _ = _prompt([""])
    assert prompt.number("Bonus? ", 0, 20, blank=0) == 0


def test_a_choice_is_its_number_its_word_its_name_or_the_start_of_just_one() -> None:
    options = [("pass", "Pass"), ("undo", "Undo"), ("end", "End the game"), ("modulation", "Modulation"),
               ("muster", "Muster")]
    assert match("2", options) == 1 and match(" END THE  game ", options) == 2 and match("p", options) == 0
    assert match("m", options) is None, "two start with m"
    assert match("6", options) is None and match("0", options) is None and match("", options) is None
    prompt, said = _prompt(["m", "mod"])
    assert prompt.choose("Your action:", options) == "modulation"
    assert "'m' is not one of the 5 listed: type a number from 1 to 5, or the name of one of those listed." \
        in said


def test_a_long_list_is_numbered_in_columns() -> None:
    lines = numbered([(str(i), f"City {i}") for i in range(1, 11)])
    assert lines[0] == "   1. City 1    2. City 2    3. City 3" and lines[-1] == "  10. City 10"
    assert numbered([("a", "Alpha")]) == ["   1. Alpha"]


def test_back_only_where_the_game_has_a_menu_and_nothing_to_choose_goes_back() -> None:
    prompt, _ = _prompt(["b"], back=("back", "b"))
    with pytest.raises(Back):
        prompt.read("City? ", "Type a city.")
    prompt, _ = _prompt(["b"])
    assert prompt.read("City? ", "Type a city.") == "b"
    prompt, said = _prompt([])
    with pytest.raises(Back):
        prompt.choose("Which card?", [])
    assert said == ["Which card? There is nothing to choose from."]


def test_yes_or_no() -> None:
    prompt, said = _prompt(["maybe", "Y"])
    assert prompt.yes("End the game now?") is True
    assert "<End the game now? [y/n] >" in said and "Please answer y or n." in said
    prompt, _ = _prompt([""])
    assert prompt.yes_or_blank("Resume it? [Y/n/q] ", "Type y or n.") is True


# --------------------------------------------------------------------------- the two games, scripted

#: The Six Actions: a whole game (test_six_cli's script without its own "back").
SIX_SCRIPT = ["muster", "2", "cards", "1", "merit", "1", "1", "politics", "loan", "muster", "9", "1", "pass",
              "end", "y", "1"]
#: The Five Actions: a whole game (test_five_cli's script).
FIVE_SCRIPT = ["1", "1", "1", "2", "1", "2", "1", "2", "4", "1", "c4", "bank", "u", "p", "99", "e", "y"]
#: Its prompts where a blank Enter is an answer: none since Funding without an active Tycoon asks for no tile.
FIVE_BLANK_MEANS: set[int] = set()


class Table:
    """Scripted input: before each answer, optionally ``help`` and a blank Enter; records each
    question with what was said since the last answer."""

    def __init__(self, answers: Sequence[str], extra: Callable[[int], Sequence[str]] = lambda i: ()) -> None:
        self.said: list[str] = []
        self.asked: list[tuple[str, list[str]]] = []
        self.feed: Iterator[str] = iter([x for i, a in enumerate(answers) for x in (*extra(i), a)])
        self.since: list[str] = []

    def say(self, line: str) -> None:
        self.said.append(line)
        self.since.extend(line.split("\n"))

    def read(self, question: str) -> str:
        self.asked.append((question, self.since))
        try:
            answer = next(self.feed)
        except StopIteration:
            raise EOFError from None
        if answer not in ("help", ""):
            self.since = []
        return answer

    @property
    def text(self) -> str:
        return "\n".join(self.said)


def _six(table: Table) -> SixSession:
    session = SixSession.new(SIX, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1)
    assert SixTerminal(session, table.read, table.say).run() == 0
    return session


def _five(table: Table) -> FiveSession:
    session = FiveSession.new(FIVE, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)
    assert FiveTerminal(session, table.read, table.say).run() == 0
    return session


def test_both_whole_games_still_play() -> None:
    six = _six(table := Table(SIX_SCRIPT))
    assert six.over and "1 of 1 notes repaid" in table.text
    five = _five(table := Table(FIVE_SCRIPT))
    assert five.over and "Ana: 0 points + 0 Patent icons" in table.text


def test_help_and_a_blank_enter_at_every_prompt_change_nothing_and_say_what_is_wanted() -> None:
    plain_six, plain_five = _six(Table(SIX_SCRIPT)), _five(Table(FIVE_SCRIPT))
    six_table = Table(SIX_SCRIPT, lambda i: ("help", ""))
    six = _six(six_table)
    five_table = Table(FIVE_SCRIPT, lambda i: ("help",) if i in FIVE_BLANK_MEANS else ("help", ""))
    five = _five(five_table)
    assert six.record() == plain_six.record() and six.over
    assert five.record() == plain_five.record() and five.over
    for table, rules, answers in ((six_table, six_summary.RULES, SIX_SCRIPT), (five_table, five_summary.RULES,
                                                                              FIVE_SCRIPT)):
        assert table.text.count(rules[0]) == len(answers), "help at every prompt shows the rules"
        assert table.text.count("Possible now:") == len(answers)
        assert table.text.count("This question: Type") == len(answers)
        blanks = len(answers) - (len(FIVE_BLANK_MEANS) if table is five_table else 0)
        assert table.text.count("Nothing typed: type") == blanks


def test_help_shows_the_moves_possible_now() -> None:
    table = Table(["help", "muster", "2", "help", "quit"])
    _six(table)
    first, second = table.text.split("Possible now:")[1:3]
    assert "  Ana: Build, Share, Muster, Strategy, Politics, Loan, Pass\n" in first
    assert "  Ana has 3 action tokens and 0 +1 Action tokens left\n" in first
    assert "  Ben: Build, Share, Muster, Strategy, Politics, Loan, Pass\n" in second
    assert "Undo the last action" in second and "Undo the last action" not in first
    table = Table(["help", "quit"])
    _five(table)
    now = table.text.split("Possible now:")[1]
    assert "  Ana's turn, one of:\n  Installation: basic $0" in now and "Supply (6 Credit tokens" in now


@pytest.mark.parametrize("game", ["six", "five"])
def test_every_choice_list_is_numbered(game: str) -> None:
    table = Table(SIX_SCRIPT if game == "six" else FIVE_SCRIPT)
    _six(table) if game == "six" else _five(table)
    choices = [since for question, since in table.asked if question == "> "]
    assert len(choices) >= 10
    for since in choices:  # the list, or (after a wrong answer) the sentence naming it
        assert any(NUMBERED.match(x) or " listed: type a number from 1 to " in x for x in since), since
    assert all(question == "> " or not any(NUMBERED.match(x) for x in since[-2:])
               for question, since in table.asked), "a list is always answered at the '> ' prompt"


@pytest.mark.parametrize("game", ["six", "five"])
@pytest.mark.parametrize("leave", ["quit", None])
def test_quit_or_the_end_of_input_at_every_prompt_of_the_game(game: str, leave: str | None) -> None:
    script = SIX_SCRIPT if game == "six" else FIVE_SCRIPT
    for k in range(len(script)):
        table = Table([*script[:k], leave] if leave else script[:k])
        session = _six(table) if game == "six" else _five(table)
        assert not session.over
        assert table.said[-1] in ("This game was not saved.",
                                  "The game stays saved: `companion play --game five-actions` resumes it.")
        assert table.said[-2] == ("You left the game." if leave else "End of input: leaving the game.")


# --------------------------------------------------------------------------- the set-up, on the command line

SETUP = {
    "six-actions": ["2", "Ana", "Ben"],
    "five-actions": ["2", "Ana", "harbour", "Ben", "ridge"],
}
SUMMARY = {"six-actions": six_summary.RULES[0], "five-actions": five_summary.RULES[0]}


def _play(game: str, typed: Sequence[str], database: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{x}\n" for x in typed)))
    code = main(["play", "--game", game, "--seed", "3", "--database", str(database)])
    return code, capsys.readouterr().out


def _nothing_saved(database: Path) -> bool:
    store = Store.open(database)
    try:
        return store.unfinished() is None and not store.games()
    finally:
        store.close()


@pytest.mark.parametrize("game", sorted(SETUP))
def test_quit_at_each_set_up_question_leaves_and_saves_nothing(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for k in range(len(SETUP[game])):
        database = tmp_path / f"quit{k}.sqlite3"
        code, out = _play(game, [*SETUP[game][:k], "quit"], database, monkeypatch, capsys)
        assert code == 0
        assert out.endswith("Leaving before the game started: nothing was saved.\n"), out
        assert "Please type a number" not in out
        assert _nothing_saved(database)


@pytest.mark.parametrize("game", sorted(SETUP))
def test_the_end_of_input_at_each_set_up_question_says_nothing_was_saved(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for k in range(len(SETUP[game])):
        database = tmp_path / f"eof{k}.sqlite3"
        code, out = _play(game, SETUP[game][:k], database, monkeypatch, capsys)
        assert code == 0, "as the end of input always left"
        assert out.endswith("End of input before the game started: nothing was saved.\n"), out
        assert _nothing_saved(database)


@pytest.mark.parametrize("game", sorted(SETUP))
def test_help_and_a_blank_enter_at_each_set_up_question(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = [x for answer in SETUP[game] for x in ("help", "", answer)]
    code, out = _play(game, [*typed, "quit"], tmp_path / "help.sqlite3", monkeypatch, capsys)
    assert code == 0
    answers = len(SETUP[game])
    assert out.count(SUMMARY[game]) == answers
    assert out.count("Setting up: answer each question") == answers
    assert out.count("This question: Type how many players there are, from 2 to ") == 1
    assert out.count("This question: Type Player 2's name (at most 20 characters).") == 1
    assert out.count("Nothing typed: type") == answers
    assert "Ana, your" in out, "the game began after the set-up"


def test_the_starting_locations_are_a_numbered_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _play("five-actions", ["2", "Ana", "1", "Ben", "ridge", "quit"], tmp_path / "n.sqlite3",
                      monkeypatch, capsys)
    assert code == 0
    assert "Ana's starting Location:\n   1. Harbour " in out
    assert "Ben's starting Location:\n   1. Harbour " in out
    assert "Ana, your action:" in out


def test_quit_or_the_end_of_input_at_the_resume_question_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "resume.sqlite3"
    _play("six-actions", [*SETUP["six-actions"], "muster", "2", "quit"], database, monkeypatch, capsys)
    cases = [
        (["quit"], "Leaving: the game stays saved."),
        ([], "End of input: the game stays saved."),
        (["what", "help", "n", "quit"], "Leaving: the game stays saved."),  # n, then leaving the set-up
    ]
    for typed, said in cases:
        code, out = _play("six-actions", typed, database, monkeypatch, capsys)
        assert code == 0 and said in out, out
        store = Store.open(database)
        saved = store.unfinished()
        store.close()
        assert saved is not None and saved.game == "six-actions" and len(saved.record["actions"]) > 2


def _draws(session: SixSession | FiveSession, answer: Callable[[], str], count: int) -> list[str]:
    """Answer ``count`` draws of the table's own decks by number (``answer``: the number of the card
    the seeded pile would give), then leave; returns what was said."""
    said: list[str] = []
    answers = iter([*(None for _ in range(count)), "quit"])

    def read(question: str) -> str:
        return next(answers) or answer()

    terminal = SixTerminal(session, read, said.append) if isinstance(session, SixSession) else \
        FiveTerminal(session, read, said.append)
    assert terminal.run() == 0
    return said


def test_the_table_says_a_card_of_its_own_six_actions_deck_from_a_numbered_list() -> None:
    session = SixSession.new(SIX, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1, physical_decks=True)
    game = session.game
    pending = len(game.state.pending)
    assert pending >= 2

    def top() -> str:
        draw = game.next_draw()
        assert draw is not None
        decks: dict[str, tuple[Any, ...]] = {"industry": SIX.industries, "policy": SIX.policies,
                                             "merit": SIX.merits}
        cards = decks[draw.pile]
        names = sorted((c.name, c.id) for c in cards)
        return str(1 + [card for _, card in names].index(draw.card))

    said = _draws(session, top, 2)
    assert len(game.state.pending) == pending - 2, "each numbered answer drew its card"
    assert any(line.startswith("Which industry card did the table draw?") for line in said)
    assert any(NUMBERED.match(line) for line in said)


def test_the_table_says_a_tycoon_tile_of_its_own_stack_from_a_numbered_list() -> None:
    session = FiveSession.new(FIVE, ["Ana", "Ben"], ["harbour", "ridge"], seed=1, physical_stacks=True)
    game = session.game

    def top() -> str:
        draw = game.next_draw()
        assert draw is not None
        shown = {t for _, tiles in session.view().display for t in tiles}
        tiles = [t.id for t in FIVE.tycoons if t.level == draw.level and t.id not in shown]
        return str(1 + tiles.index(draw.tycoon))

    assert session.view().pending_draw == 1
    before = len(game.state.pending)
    said = _draws(session, top, 2)
    assert len(game.state.pending) == before - 2, "each numbered answer drew its tile"
    assert "Which Tycoon tile was drawn from the level-1 stack?" in said
    assert not any(line.startswith("Refused") for line in said), said


def test_back_at_the_tycoon_draw_asks_the_draw_again_and_draws_nothing() -> None:
    """``back`` while the table says which Tycoon tile it drew goes back to the turn's menu like any
    other question (companion.table.action_terminal.ActionTerminal.play_turns), where it used to leave
    the terminal game with the exception; nothing is drawn."""
    session = FiveSession.new(FIVE, ["Ana", "Ben"], ["harbour", "ridge"], seed=1, physical_stacks=True)
    before = len(session.game.state.pending)
    said: list[str] = []
    answers = iter(["back", "quit"])
    assert FiveTerminal(session, lambda question: next(answers), said.append, saved=False).run() == 0
    assert said.count("Which Tycoon tile was drawn from the level-1 stack?") == 2
    assert "Back to the action menu: nothing was played." in said
    assert said[-2:] == ["You left the game.", "This game was not saved."]
    assert len(session.game.state.pending) == before and session.view().pending_draw == 1
