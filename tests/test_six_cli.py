"""The Six Actions on the command line: ``referee --game six-actions`` (exit 0/2/3, JSON), the
documented examples (docs/six-actions.md), ``play --game six-actions`` in the terminal, and
``--game`` leaving Incoming Transmission's commands as they were."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from companion.cli.games import chosen_game
from companion.entry import main
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.stored import KEEPER as KEEPER_SIX
from companion.games.six_actions.terminal import Terminal
from companion.table.store import Store
from six_support import CONTENT

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "docs/examples/six-actions"
DOC = (ROOT / "docs/six-actions.md").read_text()


def _referee(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object], str]:
    code = main(["referee", "--game", "six-actions", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def test_the_documented_examples_run_with_their_documented_exit_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    documented = dict(re.findall(r"`docs/examples/six-actions/([\w-]+\.json)`[^\n]*exit (\d)", DOC))
    assert sorted(documented) == sorted(p.name for p in EXAMPLES.glob("*.json")), "each example is documented"
    for name, code in documented.items():
        got, data, _ = _referee(EXAMPLES / name, capsys)
        assert got == int(code), name
        assert data["ok"] is (got == 0)


def test_referee_prints_the_state_after_the_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = _referee(EXAMPLES / "forced-loan.json", capsys)
    assert code == 0
    ben = data["players"][1]  # type: ignore[index]
    assert (ben["money"], ben["notes"], ben["plants"]) == (26, 1, ["Millbrook"])
    assert data["bank"] == -25
    money = sum(p["money"] for p in data["players"]) + data["bank"]  # type: ignore[union-attr, operator, attr-defined]
    assert money == data["supply_net_paid_out"] and "supply" not in data  # what the supply paid out


def test_a_refused_action_exits_3_with_its_index_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, err = _referee(EXAMPLES / "refused-second-token.json", capsys)
    assert code == 3 and data["index"] == 2 and data["kind"] == "muster"
    assert "only a +1 Action token can repeat" in str(data["reason"]) and "nothing was applied" in err


@pytest.mark.parametrize(
    ("scenario", "field"),
    [
        ("[1, 2]", "<scenario>"),
        ("{not json", "<json>"),
        ('{"players": "Ana"}', "players"),
        ('{"players": ["Ana", "Ben"], "tycoon": 4}', "tycoon"),
        ('{"players": ["Ana", "Ana"]}', "players"),
        ('{"players": ["Ana", "Ben"], "layout": "moon"}', "layout"),
        ('{"players": [{"name": "Ana", "money": -1}, "Ben"]}', "players[0].money"),
        ('{"players": [{"name": "Ana", "gold": 1}, "Ben"]}', "players[0].gold"),
        ('{"players": ["Ana", "Ben"], "actions": [{"kind": "fly"}]}', "actions[0]"),
        ('{"players": ["Ana", "Ben"], "actions": [{"kind": "muster"}]}', "actions[0]"),
        ('{"players": ["Ana", "Ben"], "pawn": "millbrook"}', "pawn"),
        ('{"players": ["Ana", "Ben"], "colour": "red"}', "colour"),
    ],
)
def test_a_malformed_scenario_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, field: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(scenario)
    code, data, err = _referee(path, capsys)
    assert code == 2 and data == {} and f"bad.json: {field}: " in err


def test_game_is_read_from_the_command_line() -> None:
    assert chosen_game(["play", "--game", "six-actions"]) == "six-actions"
    assert chosen_game(["play", "--game=six-actions", "-v"]) == "six-actions"
    assert chosen_game(["play"]) is None and chosen_game(["referee", "--", "--game"]) is None


def test_without_game_referee_is_still_incoming_transmissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["referee", str(EXAMPLES / "build-and-share.json")])
    assert code == 2 and "board" in capsys.readouterr().err  # Transmission's scenario wants a board
    assert main(["plan", "--game", "six-actions", "x.json"]) == 2
    assert "`plan` is a subcommand of transmission, not of six-actions" in capsys.readouterr().err


SCRIPT = [
    "strategy",
    "b",  # Ana changes her mind
    "muster",
    "2",  # Ana musters 2 Promoters (and draws a Merit card)
    "cards",
    "1",  # Ana looks at her own cards
    "merit",
    "1",
    "1",  # Ana plays her Merit card (its effect is an adjustment)
    "politics",  # Ben
    "loan",  # Ana: 30 Cr and a note
    "muster",
    "9",
    "1",  # Ben: 9 is out of range, asked again
    "pass",  # Ana
    "end",  # the round is over: end the game
    "y",  # asked first (a number typed for the turn's menu must not end it)
    "1",  # Ana repays her note
]


def test_a_whole_game_in_the_terminal() -> None:
    session = Session.new(CONTENT, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1)
    lines: list[str] = []
    answers = iter(SCRIPT)
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert session.over
    text = "\n".join(lines)
    assert "Merit cards: " in text and "Please type a whole number from 1 to 6." in text
    assert "Back to the menu: nothing was played." in text and "Enter its effect as an adjustment" in text
    assert "Ana: 0 Cr" in text and "1 of 1 notes repaid" in text


def test_play_in_the_terminal_is_saved_and_leaves_on_end_of_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("muster\n2\n"))
    argv = [
        "play",
        "--game",
        "six-actions",
        "--players",
        "Ana:green,Ben",
        "--seed",
        "3",
        "--database",
        str(database),
    ]
    assert main(argv) == 0
    assert "The game stays saved: `companion play --game six-actions` resumes it." in capsys.readouterr().out
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None and saved.game == "six-actions" and len(saved.record["actions"]) > 2
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(argv) == 0
    assert "2 players, started" in capsys.readouterr().out


def test_content_check_of_a_six_actions_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = ROOT / "companion/games/six_actions/content/default.toml"
    assert main(["content", "check", "--game", "six-actions", str(pack)]) == 0
    assert "OK: six-actions-sample@1 (a sample)" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(pack.read_text().replace("money = 20 ", "money = -5 "))
    assert main(["content", "check", "--game", "six-actions", str(bad)]) == 1
    assert "setup.money = -5: must be from 0 to 500" in capsys.readouterr().out


def test_another_games_unfinished_game_is_given_up_only_when_the_table_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "store.sqlite3"
    store = Store.open(database)
    store.begin(Session.new(CONTENT, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1), KEEPER_SIX)
    store.close()
    store = Store.open(database)
    saved = store.unfinished()
    assert saved is not None
    store.abandon(saved.id)
    from companion.games.transmission.content.loader import default_content as transmission_content
    from companion.games.transmission.session import Session as TransmissionSession
    from companion.games.transmission.stored import KEEPER as TRANSMISSION
    from test_session import RandomChooser

    store.begin(
        TransmissionSession(transmission_content(), RandomChooser(1), "standard", "beginner", 1), TRANSMISSION
    )
    store.close()
    argv = ["play", "--game", "six-actions", "--players", "Ana,Ben", "--database", str(database)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert main(argv) == 0
    assert ("An unfinished game of Incoming Transmission"
            " is saved (`companion play --game transmission`") in capsys.readouterr().out
    store = Store.open(database)
    latest = store.unfinished()
    assert latest is not None and latest.game == "transmission"
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(argv) == 0
    store = Store.open(database)
    latest = store.unfinished()
    assert latest is not None and latest.game == "six-actions"
    store.close()


def test_the_scenario_shown_in_the_doc_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC, re.S)
    assert blocks
    for i, block in enumerate(blocks):
        path = tmp_path / f"doc{i}.json"
        path.write_text(block)
        code, data, _ = _referee(path, capsys)
        assert code == 0 and data["ok"] is True
