"""The history's spreadsheet (``companion export --csv``, History's Export) in the table's language
(issue 22, item 1): German headers and words from the catalog with ``;`` and a byte order mark,
English with ``,``; times, durations and figures a spreadsheet reads the same in both; a path that
cannot be written says so and leaves nothing (helper EX)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.entry import main
from companion.games.catalog import registered
from companion.games.transmission.mission_control.planner import Planner
from companion.table import store_sheet
from companion.table.store import GameSummary, Store, StoreError
from companion.table.store_sheet import ENCODING, list_separator, sheet
from test_store import lost_game, won_game
from ui import records

CATALOG = Path(i18n.__file__).with_name("locale") / "de" / "LC_MESSAGES" / "companion.po"
AT = datetime(2026, 12, 1, 19, 42, 5, tzinfo=UTC)


def _catalog() -> Catalog:
    with CATALOG.open("rb") as handle:
        return read_po(handle, locale="de")


@pytest.fixture
def german(tmp_path: Path) -> Iterator[Catalog]:
    """The table in German (the project's catalog, compiled into ``tmp_path``); English afterwards."""
    catalog = _catalog()
    target = tmp_path / "locale" / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    target.write_bytes(buffer.getvalue())
    i18n.set_language("de", localedir=tmp_path / "locale")
    try:
        yield catalog
    finally:
        i18n.set_language("en")


def _german(catalog: Catalog, english: str, context: str | None = None) -> str:
    entry = catalog.get(english, context=context)
    assert entry is not None and entry.string, f"{english!r} has no German in the catalog"
    return str(entry.string)


def _games() -> list[GameSummary]:
    """An Incoming Transmission game won (a person as Mission Control), one unfinished, and a game of
    The Six Actions that Ana and Ben tied, on a printed board."""
    won = GameSummary(1, AT, AT.replace(minute=59), "hard", "beginner", 8, "won", 6, 3, 3, 287, 4125.4, 2,
                      mission_control="person")
    unfinished = GameSummary(2, AT, None, "standard", "standard", 9, "unfinished", 2, 0, 3, 0, None, 0)
    six = GameSummary(3, AT, AT, "2 players", "printed", 4, "won", 5, 1, 2, 30, 61.0, 0, "six-actions")
    return [won, unfinished, replace(six, winners=("=Ben", "Ana"), winning_total=95)]


def test_the_english_sheet_has_english_words_and_plain_values() -> None:
    header, rows = sheet(_games(), registered())
    assert header == ["No.", "Game", "Started (UTC)", "Ended (UTC)", "Difficulty / Players", "Layout",
                      "Result", "Score / Highest Influence", "Transmissions / Rounds",
                      "Missions / Notes repaid", "Missions dealt / Notes taken", "Duration (h:mm:ss)",
                      "Undos", "Seed", "Mission Control", "Winners", "Winning total"]
    assert rows[0] == ["1", "Incoming Transmission", "2026-12-01 19:42:05", "2026-12-01 19:59:05", "Hard",
                       "Beginner", "Won", "287", "6", "3", "3", "1:08:45", "2", "8", "a person", "", ""]
    assert rows[1][3:8] == ["", "Standard", "Standard", "Unfinished", "0"]
    assert rows[1][11:15] == ["", "0", "", "the companion"]  # no seed while unfinished: it deals the missions
    # a game played against each other is finished (its winners say who won), with no Mission Control
    assert rows[2][1:7] == ["The Six Actions", "2026-12-01 19:42:05", "2026-12-01 19:42:05", "2 players",
                            "Printed board", "Finished"]
    assert rows[2][14:] == ["", "'=Ben; Ana", "95"]  # a name that reads as a formula is never run
    assert list_separator() == ","


def test_one_game_only_has_its_own_words_and_no_winner_columns() -> None:
    header, _rows = sheet(_games()[:2], registered())
    assert header[4] == "Difficulty"
    assert header[7:11] == ["Score", "Transmissions", "Missions", "Missions dealt"]
    assert header[-1] == "Mission Control"
    assert sheet([], registered())[0] == header  # nothing played yet: Incoming Transmission's columns


def test_the_german_sheet_takes_every_word_from_the_catalog(german: Catalog) -> None:
    header, rows = sheet(_games(), registered())
    words = [("No.", "number"), ("Game", None), ("Started (UTC)", None), ("Ended (UTC)", None),
             ("Layout", None), ("Result", None), ("Duration (h:mm:ss)", None), ("Undos", None),
             ("Seed", None), ("Mission Control", None), ("Winners", None), ("Winning total", None)]
    for english, context in words:
        assert _german(german, english, context) in header, english
    assert header[4] == f"{_german(german, 'Difficulty')} / {_german(german, 'Players')}"
    assert header[:2] == ["Nr.", "Spiel"] and header[4] == "Schwierigkeit / Spieler"
    assert rows[0][4:7] == ["Schwer", "Einsteiger", "Gewonnen"]
    assert rows[0][14] == _german(german, "a person", "Mission Control")
    assert rows[1][6] == _german(german, "Unfinished") and rows[1][14] == "Spielbegleiter"
    assert rows[2][4:7] == ["2 Spieler", "Gedruckter Spielplan", _german(german, "Finished")]
    assert rows[2][0] == "3" and rows[0][2] == "2026-12-01 19:42:05" and rows[0][11] == "1:08:45"
    assert rows[2][15] == "'=Ben, Ana"  # names joined with a comma: the cells are split at ';'
    assert list_separator() == ";"


def test_a_translation_that_is_no_separator_falls_back_to_a_comma(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_sheet, "pgettext", lambda context, message: "Semikolon")
    assert list_separator() == ","


@pytest.fixture
def played(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "companion.sqlite3") as store:
        won_game(store, Planner(), 5)
        lost_game(store, 6)
        yield store


def test_the_file_in_german_is_semicolon_separated_utf8_with_a_byte_order_mark(
        german: Catalog, played: Store, tmp_path: Path) -> None:
    target = tmp_path / "Verlauf.csv"
    assert played.export_sheet(target, registered()) == 2
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfNr.;Spiel;Begonnen (UTC);") and data.endswith(b"\r\n")
    with target.open(encoding=ENCODING, newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter=";"))
    assert [row["Ergebnis"] for row in rows] == ["Gewonnen", "Verloren"]  # oldest first
    assert [row["Startwert"] for row in rows] == ["5", "6"]
    assert all(row["Übertragungen"].isdigit() and row["Punkte"].isdigit() for row in rows)


def test_the_file_in_english_is_comma_separated(played: Store, tmp_path: Path) -> None:
    target = tmp_path / "history.csv"
    assert played.export_sheet(target, registered()) == 2
    assert target.read_bytes().startswith(b"\xef\xbb\xbfNo.,Game,Started (UTC),")
    with target.open(encoding=ENCODING, newline="") as stream:
        assert [row["Result"] for row in csv.DictReader(stream)] == ["Won", "Lost"]


@pytest.mark.parametrize("name", ["missing-folder/history.csv", "a-folder", "x" * 300 + ".csv"])
def test_a_path_that_cannot_be_written_says_so_and_leaves_nothing(played: Store, tmp_path: Path,
                                                                  name: str) -> None:
    (tmp_path / "a-folder").mkdir()
    before = sorted(p.name for p in tmp_path.rglob("*"))
    with pytest.raises(StoreError, match=r"^Cannot write .+: .+\.$"):
        played.export_sheet(tmp_path / name, registered())
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # no partial file, no temporary one


def test_a_name_the_system_cannot_take_is_a_clear_error(played: Store, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="Cannot write .*history"):
        played.export_sheet(tmp_path / "history\x00.csv", registered())
    with pytest.raises(StoreError, match="Cannot write"):
        played.export_csv(tmp_path / "history\x00.csv")


def test_the_command_line_writes_the_tables_language_and_the_machine_columns_on_request(
        played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    database = ["--database", str(played.path)]
    monkeypatch.setenv("COMPANION_LANG", "de")  # the command line takes the table's language from here
    try:
        assert main(["export", "--csv", str(tmp_path / "de.csv"), *database]) == 0
    finally:
        i18n.set_language("en")
    assert (tmp_path / "de.csv").read_bytes().startswith("\ufeffNr.;Spiel;".encode())
    assert main(["export", "--csv", str(tmp_path / "machine.csv"), "--machine", *database]) == 0
    assert (tmp_path / "machine.csv").read_text(encoding="utf-8").startswith("id,started,ended,difficulty,")
    capsys.readouterr()
    assert main(["export", "--json", str(tmp_path / "x.json"), "--machine", *database]) == 2
    assert "--machine" in capsys.readouterr().err and not (tmp_path / "x.json").exists()


def test_historys_export_writes_the_csv_in_the_language_of_the_table_now(german: Catalog, played: Store,
                                                                         tmp_path: Path) -> None:
    csv_path, json_path, count = records.export_history(played, tmp_path / "stick",
                                                        now=datetime(2026, 12, 4, 20, 0))
    assert count == 2 and csv_path.name == "companion-history-20261204-200000.csv"
    text = csv_path.read_text(encoding=ENCODING)
    assert text.startswith("Nr.;Spiel;") and ";Gewonnen;" in text
    assert '"result": "won"' in json_path.read_text(encoding="utf-8")  # the JSON stays the machine's
    i18n.set_language("en")
    csv_path, _json, _count = records.export_history(played, tmp_path / "stick",
                                                     now=datetime(2026, 12, 4, 20, 1))
    assert csv_path.read_text(encoding=ENCODING).startswith("No.,Game,")


def test_a_stored_difficulty_reads_in_the_tables_language_everywhere(german: Catalog) -> None:
    """The one wording of a stored difficulty (record.difficulty_text) that the sheet, History, Stats
    and ``companion history`` share: the action games' "3 players" as a German plural, Incoming
    Transmission's named ones from the catalog, with a capital."""
    from companion.cli.store import difficulty_word
    from companion.table.record import difficulty_text, players_difficulty

    assert difficulty_text(players_difficulty(3)) == "3 Spieler"
    assert difficulty_text(players_difficulty(1)) == "1 Spieler"
    hard = _german(german, "hard")
    assert difficulty_text("hard") == hard[:1].upper() + hard[1:] != "Hard"
    assert difficulty_word("2 players") == "2 Spieler"
    assert difficulty_text("") == ""
