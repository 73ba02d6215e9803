"""The command line in German (issue 22): ``companion --help``, argparse's own words, a refusal, a
failure of the store, the history's table and the doctor's report, with the German catalog.

The catalog is the project's (``companion/locale/de/LC_MESSAGES/companion.po``), compiled into a
temporary folder here, so the test does not depend on a compiled ``.mo`` being current.
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.cli.main import run
from companion.cli.other_game import give_up_other
from companion.cli.store import history_lines
from companion.games.catalog import registered
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.session import Session
from companion.games.transmission.stored import KEEPER
from companion.table.store import SavedGame, Store
from hardware.doctor import Report
from test_session import RandomChooser
from test_store import lost_game

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "companion.po"
@pytest.fixture
def german(tmp_path: Path) -> Iterator[None]:
    """The table in German, from a catalog compiled into ``tmp_path``; English again afterwards."""
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    target = tmp_path / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    target.write_bytes(buffer.getvalue())
    i18n.set_language("de", localedir=tmp_path)
    try:
        yield
    finally:
        i18n.set_language("en")


def companion(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run(registered(), list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_whole_help_is_german_argparse_words_included(german: None,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = companion(capsys, "--help")
    assert code == 0
    assert out.startswith("Aufruf: companion")
    assert "\nOptionen:\n" in out and "diese Hilfe zeigen und beenden" in out
    assert "die Versionsnummer zeigen und beenden" in out
    assert "Der Spielbegleiter: die Box neben dem Spielplan" in out
    assert "Exit-Codes:" in out and "abgebrochen (Strg-C)" in out
    assert "die gespielten Spiele auflisten" in out  # a subcommand's one line
    for english in ("usage:", "options:", "show this help", "exit codes:", "The table companion"):
        assert english not in out


def test_a_subcommands_help_and_refusals_are_german(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = companion(capsys, "history", "--help")
    assert code == 0 and out.startswith("Aufruf: companion history")
    assert "nur die neuesten N Spiele" in out and "Ergebnisse: gewonnen, verloren" in out
    code, _, err = companion(capsys, "history", "--limit", "0")
    assert code == 2
    assert "companion history: Fehler: Argument --limit: muss mindestens 1 sein, nicht 0" in err
    code, _, err = companion(capsys, "history", "--no-such-option")
    assert code == 2 and "Fehler: unbekannte Argumente: --no-such-option" in err


def test_a_failure_of_the_store_is_german(german: None, capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "companion.sqlite3"
    code, _, err = companion(capsys, "history", "--database", str(missing))
    assert code == 2
    assert err == (f"companion history: --database {missing}: den Ordner {missing.parent} gibt es nicht "
                   "(die Spieldatenbank liegt in einem Ordner, den es gibt: lege ihn zuerst an oder gib eine "
                   "Datei in einem anderen an)\n")


def test_the_history_table_is_german_and_its_columns_fit_the_longer_words(german: None,
                                                                         tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        lost_game(store, 1)
        store.begin(Session(default_content(), RandomChooser(3), "expert", "beginner", 3), KEEPER)
        games = store.games()
    head, *rows = history_lines(games, registered())
    assert head.split()[:5] == ["#", "Datum", "(UTC)", "Schwierigkeit", "Ergebnis"]
    at = head.index("Ergebnis")  # "Schwierigkeit" is wider than the English column: the rows follow it
    assert [row[at:].split()[0] for row in rows] == ["unbeendet", "verloren"]
    assert rows[1].endswith("Übertragungen 7, Missionen 0/3")


def test_the_doctors_report_is_german(german: None) -> None:
    report = Report()
    assert report.text() == "Alles gut: Alles Konfigurierte ist da."
    report.add("x", "y", "fault")
    report.add("z", "w", "fault")
    assert report.text().endswith("2 Probleme: x: y; z: w")


@pytest.mark.parametrize(("answer", "given_up"),
                         [("j", True), ("ja", True), ("y", True), ("n", False), ("", False)])
def test_the_other_games_question_takes_a_german_yes_too(german: None, answer: str, given_up: bool) -> None:
    said: list[str] = []
    asked: list[str] = []
    saved = cast(SavedGame, SimpleNamespace(game="six-actions"))

    def ask(question: str) -> str:
        asked.append(question)
        return answer

    assert give_up_other(saved, "Incoming Transmission", ask, said.append) is given_up
    assert asked == ["Trotzdem ein neues Spiel beginnen? [j/N] "]
    assert said[0].startswith("Eine unbeendete Partie „six-actions“ ist gespeichert")
    assert said[1:] == ([] if given_up else ["Verlassen: Das andere Spiel bleibt gespeichert."])


def test_the_other_games_question_names_the_new_game_in_german(german: None) -> None:
    said: list[str] = []
    saved = cast(SavedGame, SimpleNamespace(game="transmission"))
    titles = {"transmission": "Incoming Transmission"}
    assert give_up_other(saved, "The Six Actions", lambda _question: "n", said.append, titles) is False
    assert "ein neues Spiel „Die sechs Aktionen“ gibt sie auf" in said[0], said[0]
    assert "The Six Actions" not in said[0]


@pytest.mark.parametrize("game", ["six-actions", "five-actions"])
def test_help_while_an_action_game_is_set_up_is_german(german: None, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    code, out, _ = companion(capsys, "play", "--game", game, "--no-store")
    assert code == 0
    assert "Einrichtung: Beantworte jede Frage" in out and "Setting up" not in out, out


def test_english_again_after_a_switch_back(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    i18n.set_language("en")
    code, out, _ = companion(capsys, "--help")
    assert code == 0 and out.startswith("usage: companion") and "\noptions:\n" in out
    with pytest.raises(argparse.ArgumentTypeError, match="must be at least 1, not 0"):
        from companion.cli.output import positive
        positive("0")


# --------------------------------------------------------------------------- issue 22: the tester's list

GAMES = ROOT / "companion" / "games"


def test_a_bad_scenario_field_is_german_on_stderr_and_its_english_is_kept(
        german: None, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Incoming Transmission's ``referee``: a malformed ``commands``, ``board`` and ``cadet`` field is
    refused in the table's language on stderr, nothing on stdout; the problem keeps its English words
    for machine output (``english``)."""
    from companion.errors import ScenarioError, english
    from companion.games.transmission.engine.scenario import parse_scenario
    from test_scenario import BEGINNER, changed

    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(changed(BEGINNER, commands=["N", "JUMP", "S", "S", "S"])), "utf-8")
    code, out, err = companion(capsys, "referee", str(scenario))
    assert (code, out) == (2, "")
    assert "commands[1]: unbekannter Befehl 'JUMP' (erwartet: N E S W COLLECT DEPLOY REPAIR oder C D R) " \
           "(Schritt 2)" in err, err
    scenario.write_text(json.dumps(changed(BEGINNER, board=["....."])), "utf-8")
    code, out, err = companion(capsys, "referee", str(scenario))
    assert (code, out) == (2, "") and "board: muss eine Liste von 5 Texten zu je 5 Zeichen sein" in err, err
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(changed(BEGINNER, cadet=[9, 0]), default_content())
    assert caught.value.problem == "[9, 0] liegt außerhalb des Rasters: row und col reichen von 0 bis 4"
    assert english(caught.value.problem) == "[9, 0] is off the grid: row and col go from 0 to 4"


def _broken(tmp_path: Path, game: str, old: str, new: str) -> str:
    text = (GAMES / game / "content" / "default.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / f"{game}.toml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return str(path)


def test_a_bad_pack_of_each_game_is_german(german: None, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """``content check``: each problem of a table's own pack and their count in German, the field
    names and values as the file writes them."""
    pack = _broken(tmp_path, "transmission", "standard_intact = 5", "standard_intact = 99")
    code, out, err = companion(capsys, "content", "check", pack)
    assert code == 1
    assert f"{pack}: board.standard_intact = 99: muss von 0 bis 13 reichen (die Zahl der Module)" in out, out
    assert err == f"{pack}: 1 Problem\n"
    pack = _broken(tmp_path, "six_actions", "steps = { minerals = 2 }", "steps = { minerals = 9 }")
    code, out, err = companion(capsys, "content", "check", "--game", "six-actions", pack)
    assert code == 1 and "steps.minerals = 9: muss eine ganze Zahl von 1 bis 5 sein" in out, out
    assert "1 Problem" in err
    five = tmp_path / "five.toml"
    sample = (GAMES / "five_actions" / "content" / "default.toml").read_text("utf-8")
    five.write_text('colour = "red"\n' + sample, "utf-8")
    code, out, err = companion(capsys, "content", "check", "--game", "five-actions", str(five))
    assert code == 1
    assert out == f"{five}: colour = 'red': ist kein Abschnitt eines Inhaltspakets für „Die fünf Aktionen“\n"


def test_the_hardware_and_content_helps_are_german(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in ((("run", "--help"), "den ganzen Bildschirm füllen"),
                        (("labels", "--help"), "Papierformat (Standard: a4)"),
                        (("doctor", "--help"), "wie viele der letzten Scans gezeigt werden"),
                        (("content", "check", "--help"), "das zu prüfende Inhaltspaket")):
        code, out, _ = companion(capsys, *argv)
        assert code == 0 and words in out, (argv, out)
    code, out, _ = companion(capsys, "content", "--help")
    assert code == 0 and "jedes Problem eines Inhaltspakets (TOML) auflisten" in out, out


@pytest.mark.parametrize(("argv", "said"), [
    (("plan", "--seconds", "soon", "x.json"), "Argument --seconds: keine Anzahl Sekunden: 'soon'"),
    (("plan", "--seconds", "7200", "x.json"),
     "Argument --seconds: muss 0 (keine Grenze) bis 3600 Sekunden sein, nicht 7200"),
    (("simulate", "--games", "0"), "Argument --games: muss mindestens 1 sein, nicht 0"),
    (("simulate", "--games", "10000001"), "Argument --games: darf höchstens 10.000.000 sein, nicht 10000001"),
    (("simulate", "--games", "viele"), "Argument --games: keine ganze Zahl: 'viele'"),
    (("simulate", "--seed", "-1"),
     "Argument --seed: ein Startwert ist eine ganze Zahl von 0 bis 999.999.999, nicht '-1'"),
    (("play", "--game", "six-actions", "--seed", "x"),
     "Argument --seed: ein Startwert ist eine ganze Zahl von 0 bis "),
    (("simulate", "--jobs", "65"), "Argument --jobs: muss 0 (jeder Kern) bis 64 sein, nicht 65"),
])
def test_each_bad_option_value_is_refused_in_german(german: None, capsys: pytest.CaptureFixture[str],
                                                    argv: tuple[str, ...], said: str) -> None:
    """Each option's type refuses a bad value in German, large numbers with German separators."""
    code, _, err = companion(capsys, *argv)
    assert code == 2
    assert f"companion {argv[0]}: Fehler: {said}" in err, err
    assert "must" not in err and "not a" not in err and "10,000,000" not in err


def test_the_simulations_report_is_german(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = companion(capsys, "simulate", "--games", "2", "--jobs", "1", "--difficulty", "training")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("2 Spiele mit Schwierigkeit Training, Startwert 0, Missionskontrolle "
                               "shortest, Kadett perfect, in "), lines
    assert " s auf 1 Prozess (" in lines[0] and lines[0].endswith("Spiele pro Minute und Kern)")
    assert lines[1].startswith("Gewinnquote:") and "% (" in lines[1] and " von 2)" in lines[1]
    assert [line.split(":")[0] for line in lines[2:]] == ["Übertragungen im Mittel", "Punkte im Mittel",
                                                            "Suche"]
    assert lines[-1].split(":", 1)[1].strip().startswith(("nativer Kern", "reines Python (")), lines[-1]
    # The labels are aligned: every value starts in one column.
    assert len({len(line.split(":")[0]) + len(line.split(":")[1]) - len(line.split(":")[1].lstrip())
                for line in lines[1:]}) == 1


@pytest.mark.parametrize(("argv", "said"), [
    (("labels", "--out", "sheet.txt"),
     "companion labels: --out muss auf .pdf (ein PDF) oder .png (ein PNG je Seite) enden, nicht 'sheet.txt'"),
    (("doctor", "--scans", "-1"), "companion doctor: --scans muss 0 oder mehr sein, nicht -1"),
    (("doctor", "--listen", "7200"), "companion doctor: --listen muss 0 bis 3600 Sekunden sein, nicht 7200"),
])
def test_the_hardware_commands_refuse_in_german(german: None, capsys: pytest.CaptureFixture[str],
                                                argv: tuple[str, ...], said: str) -> None:
    code, _, err = companion(capsys, *argv)
    assert code == 2 and err == said + "\n", err
