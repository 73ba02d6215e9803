"""The Five Actions on the command line: ``referee --game five-actions`` (exit 0/2/3, JSON), the
documented examples (docs/five-actions.md), ``play --game five-actions`` in the terminal and the
store, ``content check --game five-actions``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from companion.entry import main
from companion.games.five_actions.session import Session
from companion.games.five_actions.terminal import MENU, Terminal
from companion.table.prompt import numbered
from companion.table.store import Store
from five_support import CONTENT

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "docs/examples/five-actions"
DOC = (ROOT / "docs/five-actions.md").read_text()


def _referee(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object], str]:
    code = main(["referee", "--game", "five-actions", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def test_the_documented_examples_run_with_their_documented_exit_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    documented = dict(re.findall(r"`docs/examples/five-actions/([\w-]+\.json)`[^\n]*exit (\d)", DOC))
    assert sorted(documented) == sorted(p.name for p in EXAMPLES.glob("*.json")), "each example is documented"
    for name, code in documented.items():
        got, data, _ = _referee(EXAMPLES / name, capsys)
        assert got == int(code), name
        assert data["ok"] is (got == 0)


def test_an_examples_comment_says_the_round_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """A comment that counts rounds matches the output: N rounds played print round N + 1 (issue 24)."""
    words = {"One": 1, "Two": 2, "Three": 3, "Four": 4}
    for path in sorted(EXAMPLES.glob("*.json")):
        comment = json.loads(path.read_text())["comment"]
        counted = re.match(r"(One|Two|Three|Four) rounds?\b", comment)
        if counted is None:
            continue
        code, data, _ = _referee(path, capsys)
        assert code == 0 and data["round"] == words[counted.group(1)] + 1, (path.name, data["round"])
        assert f"round {data['round']}" in comment, path.name


def test_referee_prints_the_state_after_the_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = _referee(EXAMPLES / "lost-signals.json", capsys)
    assert code == 0
    ana, ben = data["players"]  # type: ignore[misc]
    assert ana["tokens"] == ["mill"] and ana["boxed"] == 1  # the red arrow after Mill
    assert ben["tokens"] == ["works"] and ben["boxed"] == 1  # the V connection at Works
    assert data["census"]["money"] == 20  # type: ignore[index]


def test_four_players_use_the_3plus_and_4_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = _referee(EXAMPLES / "four-players-credit.json", capsys)
    assert code == 0 and data["credit_area"]["bank"] == [0, 1, 2, 3]  # type: ignore[index]


def test_a_refused_action_exits_3_with_its_index_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, err = _referee(EXAMPLES / "refused-basic.json", capsys)
    assert code == 3 and data["index"] == 2 and data["kind"] == "transmit"
    assert (
        "Basic Action only if both Locations are empty" in str(data["reason"])
        and "nothing was applied" in err
    )


PLAYERS = '[{"name": "Ana", "start": "harbour"}, {"name": "Ben", "start": "ridge"}]'


@pytest.mark.parametrize(
    ("scenario", "field"),
    [
        ("[1, 2]", "<scenario>"),
        ("{not json", "<json>"),
        ('{"players": "Ana"}', "players"),
        ('{"players": [{"name": "Ana"}, {"name": "Ben", "start": "ridge"}]}', "players[0].start"),
        ('{"players": [{"name": "Ana", "start": "bay"}, {"name": "Ben", "start": "ridge"}]}', "players"),
        ('{"players": [{"name": "Ana", "start": "x", "gold": 1}]}', "players[0].gold"),
        (f'{{"players": {PLAYERS}, "layout": "moon"}}', "layout"),
        (f'{{"players": {PLAYERS}, "seed": -1}}', "seed"),
        (
            '{"players": [{"name": "Ana", "start": "harbour", "money": -1}, '
            '{"name": "Ben", "start": "ridge"}]}',
            "players[0].money",
        ),
        (
            '{"players": [{"name": "Ana", "start": "harbour", "columns": {"radio": 1}}, '
            '{"name": "B", "start": "ridge"}]}',
            "players[0].columns.radio",
        ),
        (f'{{"players": {PLAYERS}, "actions": [{{"kind": "fly"}}]}}', "actions[0]"),
        (f'{{"players": {PLAYERS}, "actions": [{{"kind": "install", "box": "basic"}}]}}', "actions[0]"),
        (
            f'{{"players": {PLAYERS}, "actions": [{{"kind": "install", "location": 3, "box": "basic"}}]}}',
            "actions[0]",
        ),
        (f'{{"players": {PLAYERS}, "colour": "red"}}', "colour"),
        ("[" * 100_000 + "]" * 100_000, "<json>"),  # nested too deep for Python: said, not a crash
    ],
)
def test_a_malformed_scenario_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, field: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(scenario)
    code, data, err = _referee(path, capsys)
    assert code == 2 and data == {} and f"bad.json: {field}: " in err, err


def test_a_scenario_saved_with_a_byte_order_mark_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / "first-round.json").read_bytes())
    code, data, _ = _referee(path, capsys)
    assert code == 0 and data["ok"] is True


def test_a_refused_scenario_applies_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.five_actions.engine.scenario import load_scenario, run

    scenario = load_scenario(EXAMPLES / "second-patent.json", CONTENT)
    before = scenario.game.state.copy()
    refusal = run(scenario)
    assert refusal is not None and refusal.index == 2 and scenario.game.state == before


SCRIPT = [
    "1",
    "1",
    "1",  # Ana: Installation on Hill (the only Location next to hers), the Basic box
    "2",
    "1",
    "2",
    "1",
    "2",  # Ben: Transmission from Ridge, Advanced, the green line, back
    "4",
    "1",
    "c4",
    "bank",
    "",  # Ana: Funding, Basic, Credit token c4 on the bank row, no Tycoon
    "u",  # Ben undoes Ana's Funding: her turn again
    "p",  # Ana passes
    "99",  # not a choice
    "e",
    "y",  # Ben ends the game
]


def test_a_game_in_the_terminal() -> None:
    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)
    lines: list[str] = []
    answers = iter(SCRIPT)
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert session.over
    text = "\n".join(lines)
    assert "Ana builds on Hill" in text and "V connection" in text and "Undone" in text
    assert "'99' is not one of the 9 listed: type a number from 1 to 9" in text
    assert "Ana: 0 points + 0 Patent icons" in text
    assert session.game.state.players[0].money == 11  # the Funding was undone


def test_the_terminal_offers_only_the_boxes_it_may_take_and_nothing_changes() -> None:
    """FE 11: the Patent box was offered with no Patent waiting, its side asked, then refused."""
    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)
    lines: list[str] = []
    answers = iter(["1", "1", "3", "q"])  # Installation on Hill; a third box is not offered
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert lines[lines.index("Which box?") + 1:][:2] == ["   1. basic: $0", "   2. advanced: $3"]
    assert "'3' is not one of the 2 listed: type a number from 1 to 2, or the name of one of those listed." \
        in lines
    assert not any("Patent" in line and "box" in line for line in lines)
    assert session.game.state.players[0].stations == {"harbour": False} and not session.over
    assert "The game stays saved: `companion play --game five-actions` resumes it." in lines


def test_an_empty_or_unknown_answer_asks_again_without_the_whole_round() -> None:
    """X3: an accidental Enter reprinted the round's 9 lines each time."""
    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)
    lines: list[str] = []
    answers = iter(["", "", "xyzzy", "q"])
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert sum(line == "Ana, your action:" for line in lines) == 1, "the round and its menu once"
    assert sum(line == numbered(MENU)[0] for line in lines) == 1
    expected = "Type a number from 1 to 9, or the name of one of those listed."
    blank = f"Nothing typed: t{expected[1:]} (help shows the rules and the moves now)"
    assert lines.count(blank) == 2, "a blank Enter says what is expected"
    assert lines.count("'xyzzy' is not one of the 9 listed: t" + expected[1:]) == 1


def test_a_starting_location_already_taken_is_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nharbour\nBen\nHarbour\nridge\n"))
    assert main(["play", "--game", "five-actions", "--seed", "3", "--no-store"]) == 0
    out = capsys.readouterr().out
    assert "Harbour is Ana's starting Location: each player starts on their own." in out


def test_play_in_the_terminal_is_saved_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nharbour\nBen\nridge\n1\n1\n1\n"))
    argv = ["play", "--game", "five-actions", "--seed", "3", "--database", str(database)]
    assert main(argv) == 0
    assert "The game stays saved" in capsys.readouterr().out
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None and saved.game == "five-actions"
    assert [a["kind"] for a in saved.record["actions"]][-1] == "install"
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "An unfinished game is saved: 2 players" in out and "Ben, your action" in out  # Ana had played


def test_content_check_of_a_five_actions_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = ROOT / "companion/games/five_actions/content/default.toml"
    assert main(["content", "check", "--game", "five-actions", str(pack)]) == 0
    assert "OK: five-actions-sample (a sample)" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(pack.read_text().replace("money = 10 ", "money = -5 "))
    assert main(["content", "check", "--game", "five-actions", str(bad)]) == 1
    assert "setup.money = -5: must be from 0 to 99" in capsys.readouterr().out


def test_another_games_unfinished_game_is_given_up_only_when_the_table_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.games.six_actions.content.loader import default_content as six_content
    from companion.games.six_actions.session import Seat
    from companion.games.six_actions.session import Session as SixSession
    from companion.games.six_actions.stored import KEEPER as SIX_KEEPER

    database = tmp_path / "store.sqlite3"
    store = Store.open(database)
    store.begin(SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1), SIX_KEEPER)
    store.close()
    argv = ["play", "--game", "five-actions", "--database", str(database)]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(argv) == 0
    assert ("An unfinished game of The Six Actions"
            " is saved (`companion play --game six-actions`") in capsys.readouterr().out
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None and saved.game == "six-actions"
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n2\nAna\nharbour\nBen\nridge\n"))
    assert main(argv) == 0
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None and saved.game == "five-actions"
    store.close()


def test_q_at_the_resume_question_leaves_the_game_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    argv = ["play", "--game", "five-actions", "--seed", "3", "--database", str(database)]
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nAna\nharbour\nBen\nridge\n1\n1\n1\n"))
    assert main(argv) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(argv) == 0
    assert "Leaving: the game stays saved." in capsys.readouterr().out
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None and saved.game == "five-actions"
    store.close()
