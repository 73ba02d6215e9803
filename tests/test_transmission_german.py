"""Incoming Transmission in German: the words follow the table's language, the machine's stay English.

A catalog compiled from ``tests/data/de_transmission_sample.po`` (a few messages) stands in for the
table's: a rule's refusal, the table flow's refusal and a terminal line come out German, while the
referee's ``--json`` keeps the English reason (DESIGN.md: "the words are chosen where they are
shown").  With ``COMPANION_PO`` naming a PO file, its translations are also checked to keep every
placeholder of their message.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.entry import main
from companion.errors import IllegalAction, english
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.words import extract_pack
from companion.games.transmission.deck import face_words
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.views import MissionControlView, mission_view
from companion.games.transmission.session import Session
from companion.games.transmission.terminal import no_boosts
from test_scenario import CARRYING, changed

SAMPLE = Path(__file__).parent / "data" / "de_transmission_sample.po"
DEFAULT_PACK = Path(__file__).parents[1] / "companion" / "games" / "transmission" / "content" / "default.toml"


class _NeverAsked:
    """A Mission Control seat these tests never reach."""

    def choose(self, view: MissionControlView) -> Sequence[Command]:  # pragma: no cover - not reached
        raise AssertionError("Mission Control is not asked here")


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table speaks German (the sample catalog) for one test, English again after it; a command
    line started in the test (which sets the table's language itself) finds the sample too."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with SAMPLE.open("rb") as po, (folder / f"{i18n.DOMAIN}.mo").open("wb") as mo:
        write_mo(mo, read_po(po, locale="de"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert i18n.set_language("de") == "de"
    try:
        yield
    finally:
        i18n.set_language("en")


def test_a_rule_refuses_in_german_and_keeps_its_english(german: None) -> None:
    start = Position.from_rows(CARRYING["board"], tuple(CARRYING["cadet"]), CARRYING["carrying"])
    with pytest.raises(IllegalAction) as caught:
        rules_for(default_content()).execute(start, [Command.N, Command.COLLECT])
    reason = caught.value.reason
    assert reason == "der Kadett trägt bereits Modul Androide (A)"  # the pack's name too
    assert english(reason) == "the Cadet already carries the Android (A)"


def test_the_referee_says_it_in_german_and_its_json_stays_english(
        german: None, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(changed(CARRYING, commands=["N", "c", "DEPLOY", "S", "S"])), "utf-8")
    code = main(["referee", str(scenario)])
    out, err = capsys.readouterr()
    assert code == 3
    result = json.loads(out)
    assert set(result) == {"ok", "step", "command", "reason"}  # the keys: the machine's words
    assert result["reason"] == "the Cadet already carries the Android (A)"
    assert "Schritt 2 (COLLECT) ist unmöglich: der Kadett trägt bereits Modul Androide (A)" in err
    assert "nichts wurde ausgeführt" in err


def test_the_table_flow_and_the_terminal_speak_german(german: None) -> None:
    session = Session(default_content(), _NeverAsked(), layout="beginner", seed=7)
    assert not session.place("COLLECT", 1)
    assert session.message == "Karten werden nur beim Entschlüsseln gelegt."
    assert no_boosts(session.view()) == ("Signalverstärker: noch keiner (erfülle eine Mission, um einen zu "
                                         "bekommen).")
    one = next(t for t in default_content().transmissions if t.errors == 1)
    assert face_words(one).endswith(", 1 Fehler")  # ngettext: "1 error" in English


def test_a_packs_words_are_extracted_and_shown_in_german(german: None) -> None:
    content = default_content()
    with DEFAULT_PACK.open("rb") as pack:
        method: Any = extract_pack  # Babel's alias types the method's tuples loosely
        found = {message: (line, comments) for line, message, comments, _ in extract(method, pack)}
    for mission in content.missions:
        assert mission.title in found and mission.flavour in found
    assert {m.name for m in content.modules} | {b.text for b in content.boosts} <= set(found)
    line, comments = found["Lab Assistant"]
    assert DEFAULT_PACK.read_text("utf-8").splitlines()[line - 1] == 'title = "Lab Assistant"'
    assert comments == ["content pack: missions[0].title"]
    view = mission_view(content, content.missions[0].id)
    assert view.title == "Laborassistenz" and "Androide" in view.names


def test_english_again_after_german(german: None) -> None:
    i18n.set_language("en")
    session = Session(default_content(), _NeverAsked(), layout="beginner", seed=7)
    assert not session.place("COLLECT", 1)
    assert session.message == "Cards are placed only while decoding."


_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


@pytest.mark.parametrize("path", [SAMPLE, *([Path(os.environ["COMPANION_PO"])]
                                           if os.environ.get("COMPANION_PO") else [])])
def test_every_translation_keeps_its_placeholders(path: Path) -> None:
    with path.open("rb") as po:
        catalog = read_po(po, locale="de")
    wrong: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(_placeholders(i) for i in ids))
        for text in strings:
            if text and _placeholders(text) - wanted:
                wrong.append((ids[0], text))
            if text and len(ids) == 1 and _placeholders(text) != wanted:
                wrong.append((ids[0], text))
    assert not wrong, wrong


_IN_FSTRING = re.compile(r"""\bf(['"]).*\{[^}]*(?<![\w.])(?:_|N_|ngettext|pgettext)\(\s*['"]""")


def test_no_message_is_written_inside_an_f_string() -> None:
    """Babel cannot see a message inside an f-string's braces: it would never be translated."""
    root = Path(__file__).parents[1] / "companion"
    hidden = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
              for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
              if _IN_FSTRING.search(line)]
    assert not hidden, hidden
