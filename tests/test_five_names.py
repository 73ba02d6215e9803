"""The Five Actions shows the printed names of its tiles and tokens, never their ids (X2's finding):
the pack's optional, checked ``name`` of Tycoon tiles, Patent tiles and Credit tokens (a Credit
token is "Credit token 2" by its board space without one), in the window's steps, the sentence
after an action and the terminal; records and the referee's JSON keep the ids, and naming a tile
is no new revision of the pack (a saved game still resumes)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from companion.entry import main
from companion.games.five_actions.content.loader import (
    DEFAULT_FILE,
    check_content,
    default_content,
    parse_content,
    rules_digest,
)
from companion.games.five_actions.engine.record import record_of
from companion.games.five_actions.session import Session
from ui.games.five_actions.flows import next_question

CONTENT = default_content()
PACK = (Path(__file__).parent.parent / "companion/games/five_actions/content" / DEFAULT_FILE).read_bytes()
ID = re.compile(r"\b(?:t[123]-[a-z]+|p-[a-z]+-\d+b?|c\d)\b")


def _problems(text: str, tmp_path: Path) -> list[str]:
    """Every problem ``content check`` says of the pack ``text`` (as mypack.toml)."""
    path = tmp_path / "mypack.toml"
    path.write_text(text)
    return [str(e).replace(str(tmp_path) + "/", "") for e in check_content(path)]


def test_the_sample_pack_names_its_tiles_and_its_credit_tokens_by_their_space() -> None:
    assert CONTENT.tycoon_name("t1-gear") == "Gear Mill"
    assert CONTENT.patent_name("p-transmit-1b") == "Corner Relay II"
    assert CONTENT.credit_name("c5") == "Credit token 5"
    assert all(t.name for t in CONTENT.tycoons) and all(p.name for p in CONTENT.patents)
    assert CONTENT.tycoon_name("nope") == "nope"


def test_a_name_is_optional_and_checked(tmp_path: Path) -> None:
    text = PACK.decode()
    no_names = re.sub(r'(?m)^name = "[^"]*"\n(?=level|type)', "", text)
    assert no_names.count("\nname = ") == text.count("\nname = ") - 19
    pack = parse_content(no_names.encode(), "mypack.toml")
    assert pack.tycoon_name("t1-gear") == "t1-gear" and pack.patent_name("p-fund-1") == "p-fund-1"
    assert pack.digest == CONTENT.digest
    errors = _problems(text.replace('name = "Gear Mill"', 'name = "Wire Works"'), tmp_path)
    assert errors == ["mypack.toml: tycoons[2].name = 'Wire Works': is the name of t1-wire too"]
    errors = _problems(text.replace('name = "Long Reach"', 'name = ""'), tmp_path)
    assert errors == ["mypack.toml: patents[0].name = '': must be a non-empty string"]
    errors = _problems(text.replace('name = "Long Reach"', "name = 5"), tmp_path)
    assert errors == ["mypack.toml: patents[0].name = 5: must be a non-empty string"]
    errors = _problems(text.replace('id = "c4"\n', 'id = "c4"\nname = "' + "x" * 25 + '"\n'), tmp_path)
    assert len(errors) == 1 and errors[0].startswith("mypack.toml: board.credits[3].name = 'xxx")


def test_names_are_no_new_revision_of_the_pack_but_every_other_byte_is() -> None:
    assert CONTENT.digest == "2828ab92f3205739"  # the revision before the tiles were named
    renamed = PACK.replace(b'name = "Gear Mill"', b'name = "Cog Works"')
    assert rules_digest(renamed) == CONTENT.digest
    assert rules_digest(PACK.replace(b"factories = 1\n", b"factories = 2\n", 1)) != CONTENT.digest
    assert rules_digest(PACK.replace(b'name = "Antenna"', b'name = "Aerial"')) != CONTENT.digest  # a track


def _supplied() -> Session:
    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=7)
    return session


def test_the_windows_steps_and_the_sentence_name_the_tiles() -> None:
    session = _supplied()
    credit = next_question("supply", session.view(), {}, CONTENT)
    assert credit is not None
    assert [o.label for o in credit.options][:2] == ["Credit token 1", "Credit token 2"]
    assert [o.value for o in credit.options][:2] == ["c1", "c2"]
    needs = session.supply_needs("c3", "lab")
    answers: dict[str, object] = {"credit": "c3", "row": "lab", "tile_1": "funding", "tile_2": "installation"}
    patent = next_question("supply", session.view(), answers, CONTENT, needs)
    assert patent is not None and patent.key == "patent"
    labels = [o.label for o in patent.options]
    assert "Long Reach" in labels and not any(ID.search(label) for label in labels)
    assert session.supply("c3", "lab", ["funding", "installation"], "p-fund-1")
    assert "the Patent Bank Charter waits above the funding column" in session.message
    assert record_of(session.game)["actions"][-1]["patent"] == "p-fund-1"  # the record keeps the id
    funding = next_question("fund", session.view(), {"credit": "c1", "row": "bank"}, CONTENT)
    assert funding is not None and not any(ID.search(o.label) for o in funding.options)


def test_the_terminal_shows_names_and_takes_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "2\nAnn\nharbour\nBen\nridge\n5\nCredit token 3\nlab\nfunding, installation\nbank charter\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["play", "--game", "five-actions", "--no-store", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Tycoon display: level 1: " in out and not ID.search(out), ID.findall(out)
    assert "the Patent Bank Charter waits above the funding column" in out
    assert "(the Patent Bank Charter waits)" in out
