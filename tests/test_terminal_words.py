"""The words the terminal game reads, in the table's language and in English (issue 22; FE finding HIGH 4).

The terminal prints the Command cards by their names in the table's language ("1. Nord 2. Reparieren",
"Coach: Reparieren Nord Nord Ost Ost"); these tests type those names back, each short form, the English
ones, and the words that could mean two commands (refused, naming both, nothing changed).  The German
comes from the project's catalog, compiled into a temporary folder.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.cli.other_game import give_up_other
from companion.games.transmission.cli import _resume_answer
from companion.games.transmission.command_words import CommandWordError, accepted_words, read_command
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.person import PersonSession
from companion.games.transmission.session import Session, Step
from companion.games.transmission.terminal import Terminal, help_text
from companion.games.transmission.terminal_fix import table_word
from companion.games.transmission.terminal_person import PersonTerminal, select_help
from companion.i18n import _, ngettext
from companion.table.answers import is_no, is_yes
from companion.table.prompt import Prompt
from companion.table.store import SavedGame

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "companion.po"
CONTENT = default_content()


def _install(catalog: Catalog, folder: Path) -> None:
    target = folder / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    target.write_bytes(buffer.getvalue())
    assert i18n.set_language("de", localedir=folder) == "de"


@pytest.fixture
def german(tmp_path: Path) -> Iterator[None]:
    """The table in German (the project's catalog); English again afterwards."""
    with CATALOG.open("rb") as handle:
        _install(read_po(handle, locale="de"), tmp_path)
    try:
        yield
    finally:
        i18n.set_language("en")


# --------------------------------------------------------------------------- one word


@pytest.mark.parametrize(("word", "command"), [
    ("N", Command.N), ("n", Command.N), ("North", Command.N), ("NORTH", Command.N), ("nor", Command.N),
    ("E", Command.E), ("east", Command.E), ("S", Command.S), ("South", Command.S), ("W", Command.W),
    ("C", Command.COLLECT), ("COLLECT", Command.COLLECT), ("collect", Command.COLLECT),
    ("D", Command.DEPLOY), ("Deploy", Command.DEPLOY), ("R", Command.REPAIR), ("repair", Command.REPAIR),
])
def test_english_names_and_short_forms(word: str, command: Command) -> None:
    assert read_command(word) is command


@pytest.mark.parametrize("word", ["A", "O", "Nord", "Reparieren", "x", "", "N1", "Norths"])
def test_english_refuses_a_word_naming_no_command_and_says_what_works(word: str) -> None:
    with pytest.raises(CommandWordError) as caught:
        read_command(word)
    assert not caught.value.ambiguous
    assert str(caught.value) == (f"{word!r} is not a command: type North East South West Collect Deploy "
                                 "Repair, or short N E S W C D R.")


@pytest.mark.parametrize(("word", "command"), [
    ("Nord", Command.N), ("nord", Command.N), ("NORD", Command.N), ("Norden", Command.N), ("N", Command.N),
    ("North", Command.N),
    ("Ost", Command.E), ("Osten", Command.E), ("O", Command.E), ("o", Command.E), ("E", Command.E),
    ("East", Command.E),
    ("Süd", Command.S), ("süd", Command.S), ("Sued", Command.S), ("Sud", Command.S), ("Süden", Command.S),
    ("Sueden", Command.S), ("S", Command.S), ("South", Command.S),
    ("West", Command.W), ("Westen", Command.W), ("W", Command.W),
    ("Aufnehmen", Command.COLLECT), ("aufnehmen", Command.COLLECT), ("Auf", Command.COLLECT),
    ("auf", Command.COLLECT), ("C", Command.COLLECT), ("Collect", Command.COLLECT),
    ("COLLECT", Command.COLLECT),
    ("Absetzen", Command.DEPLOY), ("Ab", Command.DEPLOY), ("ab", Command.DEPLOY), ("D", Command.DEPLOY),
    ("Deploy", Command.DEPLOY),
    ("Reparieren", Command.REPAIR), ("reparieren", Command.REPAIR), ("R", Command.REPAIR),
    ("Repair", Command.REPAIR), ("REPAIR", Command.REPAIR),
])
def test_german_names_short_forms_umlauts_and_english(german: None, word: str, command: Command) -> None:
    assert read_command(word) is command


def test_german_a_is_refused_naming_both_readings(german: None) -> None:
    for word in ("A", "a"):
        with pytest.raises(CommandWordError) as caught:
            read_command(word)
        assert caught.value.ambiguous
        assert str(caught.value) == (f"{word!r} kann Aufnehmen oder Absetzen heißen: Tippe mehr vom Namen "
                                     "(Auf, Ab).")


@pytest.mark.parametrize("word", ["x", "Nordost", "Q", "Aufheben", ""])
def test_german_refuses_an_unknown_word_naming_the_german_words(german: None, word: str) -> None:
    with pytest.raises(CommandWordError) as caught:
        read_command(word)
    assert str(caught.value) == (f"{word!r} ist kein Befehl: Tippe Nord Ost Süd West Aufnehmen Absetzen "
                                 "Reparieren, kurz N O S W Auf Ab R; Englisch geht auch: N E S W C D R.")


def test_a_letter_two_languages_read_differently_is_refused_naming_both(tmp_path: Path) -> None:
    """A language whose Deploy begins with E: "E" is East in English and Deploy in that language, so it
    is refused naming both; the whole names still work."""
    catalog = Catalog(locale="de")
    catalog.add("East", "Ost")
    catalog.add("Deploy", "Entladen")
    catalog.add("Deploy", "Entladen", context="typed words for a command")
    catalog.add("D", "Ent", context="short form of a command")
    catalog.add("North", "Nord")
    catalog.add("North", "Nord Oben", context="typed words for a command")
    _install(catalog, tmp_path)
    try:
        with pytest.raises(CommandWordError) as caught:
            read_command("E")
        assert caught.value.ambiguous
        assert str(caught.value) == ("'E' could be Ost (English: East) or Entladen: type more of the name "
                                     "(E, Ent).")
        assert read_command("Ent") is Command.DEPLOY and read_command("Ost") is Command.E
        assert read_command("Os") is Command.E and read_command("East") is Command.E
        with pytest.raises(CommandWordError) as caught:
            read_command("o")  # Oben (North's other word) or Ost: both the table's words
        assert str(caught.value) == "'o' could be Nord or Ost: type more of the name (N, E)."
    finally:
        i18n.set_language("en")


def test_the_help_names_the_words_in_the_tables_language(german: None) -> None:
    accepted = "Nord Ost Süd West Aufnehmen Absetzen Reparieren, kurz N O S W Auf Ab R"
    assert accepted_words().startswith(accepted)
    for text in (help_text(), select_help()):
        assert "z. B.  Nord Ost Aufnehmen Süd West" in text and accepted in text, text
        assert "COLLECT" not in text
    assert "Fehlersuche: Die Fehlerkarte wird entfernt" in help_text()
    i18n.set_language("en")
    assert "e.g.  North East Collect South West" in help_text()
    assert "(North East South West Collect Deploy Repair, or short N E S W C D R)" in help_text()


# --------------------------------------------------------------------------- at the terminal


class FixedChooser:
    """Mission Control with one program in mind, whatever happens."""

    def __init__(self, commands: Sequence[Command]) -> None:
        self.commands = tuple(commands)

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        return self.commands


#: From the Beginner Layout's centre: step off and back onto the Android, collect it, deploy it west.
PROGRAM = (Command.N, Command.S, Command.COLLECT, Command.W, Command.DEPLOY)


def decode_session() -> Session:
    session = Session(CONTENT, FixedChooser(PROGRAM), "training", "beginner", 1)
    session.confirm()
    assert session.choose_now()
    session.confirm()
    assert session.step is Step.DECODE
    return session


def _play(session: Session, answers: list[str]) -> str:
    out: list[str] = []

    def answer(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    Terminal(session, answer, out.append).run()
    return "\n".join(out)


def _open_words(session: Session, word: dict[Command, str]) -> str:
    view = session.view()
    return " ".join(word[PROGRAM[k - 1]] for k, card in enumerate(view.registers, start=1) if card is None)


def test_the_order_typed_as_the_hand_prints_it_executes(german: None) -> None:
    session = decode_session()
    printed = _play(session, ["board"])
    typed = _open_words(session, {c: _(c.title) for c in Command})
    for name in typed.split():
        assert f". {name}" in printed  # the hand's own words
    text = _play(session, [typed])
    assert session.step is Step.EXECUTE, text
    assert "Aufnehmen: Der Kadett nimmt in Zeile 3, Spalte 3 das Modul Androide (A) auf; leg das " \
           "Ersatz-Korridorplättchen an seine Stelle." in text, text


@pytest.mark.parametrize("word", [
    {Command.N: "n", Command.S: "sued", Command.W: "westen", Command.COLLECT: "auf", Command.DEPLOY: "ab"},
    {Command.N: "N", Command.S: "S", Command.W: "W", Command.COLLECT: "C", Command.DEPLOY: "D"},
])
def test_short_and_english_forms_execute_in_german(german: None, word: dict[Command, str]) -> None:
    session = decode_session()
    _play(session, [_open_words(session, word)])
    assert session.step is Step.EXECUTE


def test_an_ambiguous_or_unknown_word_is_refused_and_changes_nothing(german: None) -> None:
    session = decode_session()
    before, actions = session.game.state, len(session.game.actions)
    good = _open_words(session, {c: _(c.title) for c in Command}).split()
    text = _play(session, [" ".join(["A", *good[1:]]), " ".join(["Norden2", *good[1:]])])
    assert "! 'A' kann Aufnehmen oder Absetzen heißen: Tippe mehr vom Namen (Auf, Ab)." in text
    assert "! 'Norden2' ist weder eine Kartennummer noch ein Befehlsname" in text
    assert session.game.state == before and len(session.game.actions) == actions
    assert session.step is Step.DECODE
    assert all(card is None for card in session.view().arrangement)


def test_the_coachs_line_typed_back_verbatim_is_locked_in(german: None) -> None:
    session = PersonSession(CONTENT, Planner(), "training", "standard", 3, coach=True)
    out: list[str] = []
    typed: list[str] = []

    def answer(prompt: str) -> str:
        if "Festgelegt:" in "\n".join(out):
            raise EOFError
        if prompt.startswith("Deine 5 Befehle"):
            coach = [line for line in out if line.startswith("Coach: ")]
            if not coach:
                return "coach"
            typed.append(coach[-1].removeprefix("Coach: ").split(";")[0])
            return typed[-1]
        return ""

    PersonTerminal(session, answer, out.append, clear_fn=lambda: None).run()
    text = "\n".join(out)
    assert typed and f"Festgelegt: {typed[0]}." in text, text
    assert "Übertragung(en)" not in text and " Übertragungen, diese mitgezählt, können noch gewinnen" in text
    assert not [line for line in out if line.startswith("!")]


def test_the_person_refuses_an_ambiguous_pick_naming_both(german: None) -> None:
    session = PersonSession(CONTENT, Planner(), "training", "standard", 3)
    out: list[str] = []
    answers = ["", "", "A N N O O"]

    def answer(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    PersonTerminal(session, answer, out.append, clear_fn=lambda: None).run()
    assert "! 'A' kann Aufnehmen oder Absetzen heißen: Tippe mehr vom Namen (Auf, Ab)." in out
    assert not any(line.startswith("Festgelegt") for line in out)


def test_a_count_of_one_says_it_in_the_singular(german: None) -> None:
    assert ngettext("{n} transmission, this one included, can still win",
                    "{n} transmissions, this one included, can still win", 1).format(n=1) \
        == "1 Übertragung, diese mitgezählt, kann noch gewinnen"


# --------------------------------------------------------------------------- undo, fix, yes and no


@pytest.mark.parametrize(("word", "means"), [
    ("undo", "undo"), ("Rückgängig", "undo"), ("rueckgaengig", "undo"), ("fix", "fix"), ("correct", "fix"),
    ("korrigieren", "fix"), ("help", None), ("r", None),
])
def test_undo_and_fix_in_german_and_english(german: None, word: str, means: str | None) -> None:
    assert table_word(word) == means


@pytest.mark.parametrize(("answer", "yes", "no"), [
    ("j", True, False), ("Ja", True, False), ("y", True, False), ("yes", True, False),
    ("n", False, True), ("nein", False, True), ("no", False, True), ("x", False, False), ("", False, False),
])
def test_yes_and_no_in_german_and_english(german: None, answer: str, yes: bool, no: bool) -> None:
    assert (is_yes(answer), is_no(answer)) == (yes, no)


def test_english_yes_is_not_german(german: None) -> None:
    i18n.set_language("en")
    assert not is_yes("j") and not is_no("nein") and is_yes("Y")


def test_the_questions_say_j_in_german(german: None) -> None:
    asked: list[str] = []
    said: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "ja"

    saved = cast(SavedGame, SimpleNamespace(game="six-actions"))
    assert give_up_other(saved, "Incoming Transmission", ask, said.append) is True
    assert asked[0].endswith("[j/N] ")
    replies = iter(["vielleicht", "nein"])
    assert _resume_answer(lambda q: asked.append(q) or next(replies), said.append) is False
    assert "[J/n/q]" in asked[-1] and any("Bitte antworte mit j (fortsetzen)" in line for line in said)
    assert _resume_answer(lambda q: "J", said.append) is True


def test_the_action_games_yes_no_questions_take_j_and_nein(german: None) -> None:
    asked: list[str] = []
    said: list[str] = []
    replies = iter(["vielleicht", "ja", "Nein", ""])

    def read(question: str) -> str:
        asked.append(question)
        return next(replies)

    prompt = Prompt(read, said.append)
    assert prompt.yes("Jetzt beenden?") is True
    assert asked[0] == "Jetzt beenden? [j/n] " and said == ["Bitte antworte mit j oder n."]
    assert prompt.yes_or_blank("Fortsetzen? [J/n] ", "x") is False
    assert prompt.yes_or_blank("Fortsetzen? [J/n] ", "x") is True


def test_signal_boosts_take_german_command_names(german: None) -> None:
    """Cross Check names a card by its German name; Abort's order is typed in German short forms; an
    ambiguous card name spends nothing."""
    session = decode_session()
    session.game.state = dataclasses.replace(session.game.state, boosts=tuple(b.id for b in CONTENT.boosts))
    kinds = [b.kind for b in session.view().boosts]
    cross = kinds.index(BoostKind.CROSS_CHECK) + 1
    text = _play(session, [f"boost {cross} A", f"boost {cross} Aufnehmen"])
    assert "! 'A' kann Aufnehmen oder Absetzen heißen" in text
    assert "Missionskontrolle (Gegenprobe): Aufnehmen" in text, text
    abort = [b.kind for b in session.view().boosts].index(BoostKind.ABORT) + 1
    short = {Command.N: "n", Command.S: "s", Command.W: "w", Command.COLLECT: "auf", Command.DEPLOY: "ab"}
    text = _play(session, [f"boost {abort} " + _open_words(session, short)])
    assert "Missionskontrolle (Abbruch): Ja" in text, text
    assert BoostKind.ABORT not in [b.kind for b in session.view().boosts]
