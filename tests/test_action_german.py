"""The Six Actions and The Five Actions in German: the words follow the table's language, the machine's
stay English (issue 22).

A catalog compiled from ``tests/data/de_action_sample.po`` (a few messages) stands in for the table's:
a rule's refusal, help's rules in short and the moves possible now come out German, while the referee's
``--json`` keeps the English reason and ledger (DESIGN.md: "the core returns reason codes and
arguments; the words are chosen where they are shown").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.entry import main
from companion.errors import IllegalAction, english
from companion.games.five_actions import summary as five_summary
from companion.games.five_actions.content.loader import default_content as five_content
from companion.games.five_actions.engine.actions import Start as FiveStart
from companion.games.five_actions.engine.game import Game as FiveGame
from companion.games.six_actions import summary as six_summary
from companion.games.six_actions.engine.actions import Muster
from companion.games.six_actions.engine.scenario import load_scenario, run
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.views import card_view
from companion.table.pack_words import extract_six_pack
from six_support import CONTENT

SAMPLE = Path(__file__).parent / "data" / "de_action_sample.po"
REFUSED = Path(__file__).parents[1] / "docs" / "examples" / "six-actions" / "refused-second-token.json"
FORCED = Path(__file__).parents[1] / "docs" / "examples" / "six-actions" / "forced-loan.json"
SECOND_TOKEN_EN = ("Ana's token is already on Muster this round: each token goes on a different action, "
                   "and only a +1 Action token can repeat one")
SECOND_TOKEN_DE = ("ein Marker von Ana liegt in dieser Runde schon auf Mustern: jeder Marker kommt auf eine "
                   "andere Aktion, nur ein +1-Aktionsmarker darf eine wiederholen")


@pytest.fixture
def german(tmp_path: Path) -> Iterator[None]:
    """The table speaks German (the sample catalog) for one test, English again after it."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with SAMPLE.open("rb") as po, (folder / f"{i18n.DOMAIN}.mo").open("wb") as mo:
        write_mo(mo, read_po(po, locale="de"))
    assert i18n.set_language("de", localedir=tmp_path / "locale") == "de"
    try:
        yield
    finally:
        i18n.set_language("en")


def _session() -> Session:
    return Session.new(CONTENT, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=3)


def test_a_rule_refuses_in_german_and_keeps_its_english(german: None) -> None:
    refusal = run(load_scenario(REFUSED, CONTENT))
    assert refusal is not None and refusal.index == 2
    assert refusal.reason == SECOND_TOKEN_EN  # the machine's words
    assert refusal.words == SECOND_TOKEN_DE  # the table's


def test_the_session_says_the_refusal_in_german(german: None) -> None:
    session = _session()
    assert session.muster(2) and session.pass_turn()  # Ana musters (and draws), Ben passes
    assert not session.muster(2)
    assert session.message == SECOND_TOKEN_DE[0].upper() + SECOND_TOKEN_DE[1:] + "."
    with pytest.raises(IllegalAction) as caught:
        session.game.play(Muster(2))
    assert english(caught.value.reason) == SECOND_TOKEN_EN and caught.value.reason == SECOND_TOKEN_DE


def test_the_referee_json_stays_english(german: None, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    session = _session()
    assert "Startgeld" in {row.reason for row in session.view().ledger}
    monkeypatch.setenv("COMPANION_LANG", "de")  # a command line that sets the table's language keeps German
    code = main(["referee", "--game", "six-actions", str(REFUSED)])
    out, _ = capsys.readouterr()
    assert code == 3
    data = json.loads(out)
    assert set(data) == {"ok", "index", "kind", "reason"} and data["reason"] == SECOND_TOKEN_EN
    assert main(["referee", "--game", "six-actions", str(FORCED)]) == 0
    ledger = json.loads(capsys.readouterr().out)["ledger"]
    assert "starting money" in {row["reason"] for row in ledger}  # German at the table: "Startgeld"


def test_help_says_the_rules_and_the_moves_in_german(german: None) -> None:
    assert six_summary.RULES[0] == "Die sechs Aktionen, kurz:"
    assert five_summary.RULES[0] == "Die fünf Aktionen, kurz:"
    assert len(six_summary.RULES) == len(list(six_summary.RULES)) > 5
    moves = six_summary.moves_now(_session().view())
    assert moves[0] == "Ana: Bauen, Anteil, Mustern, Strategie, Politik, Kredit, Passen"
    assert moves[1] == "Ana hat noch 3 Aktionsmarker und 0 +1-Aktionsmarker"
    assert moves[2].startswith("Freie Aktionen: Notkredit")


def test_the_five_actions_refuse_in_german(german: None) -> None:
    game = FiveGame(five_content(), "map", 1)
    with pytest.raises(IllegalAction) as caught:
        game.play(FiveStart(("Ana",), ("harbour",)))
    assert caught.value.reason == "dieses Paket ist für 2 bis 4 Spieler, nicht 1"
    assert english(caught.value.reason) == "this pack is for 2 to 4 players, not 1"
    game.play(FiveStart(("Ana", "Ben"), ("harbour", "ridge")))
    assert game.state.last == "Ana beginnt."  # the table's announcement
    assert game.state.to_json()["last"] == "Ana plays first."  # the referee's JSON


def test_english_again_after_german() -> None:
    assert six_summary.RULES[0] == "The Six Actions, in short:"
    moves = six_summary.moves_now(_session().view())
    assert moves[0] == "Ana: Build, Share, Muster, Strategy, Politics, Loan, Pass"
    refusal = run(load_scenario(REFUSED, CONTENT))
    assert refusal is not None and refusal.words == refusal.reason == SECOND_TOKEN_EN


def test_a_packs_names_are_extracted_and_shown_in_german(german: None) -> None:
    pack = Path(__file__).parents[1] / "companion" / "games" / "six_actions" / "content" / "default.toml"
    with pack.open("rb") as file:
        words = list(extract_six_pack(file, None, None, None))
    found = {word: (line, comments) for line, _, word, comments in words}
    assert {c.name for c in CONTENT.industries} | {p.name for p in CONTENT.policies} <= set(found)
    line, comments = found["Granite Quarry"]
    assert pack.read_text("utf-8").splitlines()[line - 1] == 'name = "Granite Quarry"'
    assert comments == ["content pack: industries[0].name"]
    assert card_view(CONTENT, "quarry").name == "Granitsteinbruch"
    assert english(card_view(CONTENT, "quarry").name) == "Granite Quarry"
