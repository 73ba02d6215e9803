"""Never losing a game, on the touchscreen: the resume offer, History, Stats, Fix the board, Undo.

The window tests run the app in a real 800x480 Kivy window with its game store
in a temporary folder (``CompanionApp(store_path=...)``: nothing touches the
user's data dir), "restart" the app by stopping it and starting a new one on
the same file, and save screenshots to ``tests/_screenshots/store_*.png``;
look at them.  The first tests check the helpers behind those screens without
a window.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import test_ui_game
import test_ui_table
from companion.games.transmission.session import Step
from companion.table.config import Config
from companion.table.store import GameSummary, SavedGame
from test_ui_game import CONTENT, message, screen, settle, shown_hand, tap_text, wait_screen
from test_ui_table import arrange_intended, play_a_useless_order, wait_step
from ui import records
from ui.games.transmission.correction import board_problem, missing_modules
from ui.screens.stats import nice_top, summary, x_ticks

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors

TITLES = {d.name: d.title for d in CONTENT.difficulties}


# ---------------------------------------------------------------------------- helpers, no window


def summary_of(started: datetime, **fields: Any) -> GameSummary:
    """A :class:`GameSummary` as the store hands it out (a won Standard game unless told)."""
    values: dict[str, Any] = {
        "id": 1, "started": started, "ended": started + timedelta(minutes=12), "difficulty": "standard",
        "layout": "standard", "seed": 123456, "result": "won", "transmissions_used": 5,
        "missions_completed": 3, "missions_total": 3, "score": 450, "duration_s": 725.0, "undos": 0}
    values.update(fields)
    return GameSummary(**values)


def test_dates_read_in_local_time() -> None:
    moment = datetime(2026, 11, 28, 18, 42, tzinfo=UTC)
    local = moment.astimezone()
    assert records.when(moment) == f"{local:%a} {local.day} {local:%b}, {local:%H:%M}"
    assert records.when(moment.replace(tzinfo=None)) == records.when(moment)  # naive means UTC
    assert records.short_when(moment, now=moment + timedelta(days=2)) == f"{local:%a} {local:%H:%M}"
    assert records.short_when(moment, now=moment + timedelta(days=30)) == records.when(moment)


@pytest.mark.parametrize(("seconds", "text"), [
    (None, "–"), (-1, "–"), (0, "under 1 min"), (59, "under 1 min"), (60, "1 min"), (725, "12 min"),
    (3599, "1 h 00 min"), (3600, "1 h 00 min"), (3 * 3600 + 5 * 60, "3 h 05 min"),
])
def test_durations_read_in_minutes(seconds: float | None, text: str) -> None:
    assert records.duration_text(seconds) == text


def test_a_history_row_says_everything_about_a_game() -> None:
    row = records.history_row(summary_of(datetime(2026, 11, 28, 18, 42, tzinfo=UTC), undos=2), TITLES)
    assert row["detail"] == "Standard · seed 123456"
    assert (row["result"], row["result_kind"]) == ("Won", "won")
    assert row["missions"] == "3 of 3 missions"
    assert row["transmissions"] == "5 transmissions used · 2 undos"
    assert (row["score"], row["duration"]) == ("450", "12 min")
    lost = records.history_row(summary_of(datetime.now(UTC), result="abandoned", transmissions_used=1,
                                          missions_completed=0, score=0, duration_s=None), TITLES)
    assert lost["result"] == "Left" and lost["transmissions"] == "1 transmission used"  # given up: not won
    assert lost["result_kind"] == "left"
    assert lost["duration"] == "–" and lost["missions"] == "0 of 3 missions"
    never = records.history_row(summary_of(datetime.now(UTC), result="abandoned", transmissions_used=0),
                                TITLES)
    assert never["result"] == "Abandoned"  # left before its first transmission: not counted
    running = records.history_row(summary_of(datetime.now(UTC), result="unfinished", ended=None), TITLES)
    assert running["detail"] == "Standard" and "123456" not in str(running)  # the seed deals the missions


def test_the_resume_question_names_the_game() -> None:
    started = datetime(2026, 11, 28, 18, 42, tzinfo=UTC)
    local = started.astimezone()
    saved = SavedGame(7, summary_of(started, difficulty="hard", seed=42, result="unfinished"), "default",
                      "abc", {}, {"step": "decode"}, "transmission")
    question = records.resume_question(saved, TITLES, now=started + timedelta(hours=1))
    assert question == f"Resume the game from {local:%a %H:%M} (Hard, Decode)?"  # no seed
    no_table = SavedGame(7, saved.summary, "default", "abc", {}, None, "transmission")
    assert records.resume_question(no_table, TITLES, now=started).endswith("(Hard)?")


def test_exports_go_to_usb_sticks_and_the_data_folder(tmp_path: Path) -> None:
    media = tmp_path / "media"
    (media / "pi" / "STICK").mkdir(parents=True)
    (media / "usb0").mkdir()
    (media / "pi" / "notmounted").mkdir()
    mounts = {str(media / "pi" / "STICK"), str(media / "usb0")}
    folders = records.export_folders(tmp_path / "data", [media], lambda p: p in mounts)
    assert folders == [("USB stick STICK", media / "pi" / "STICK"), ("USB stick usb0", media / "usb0"),
                       ("The companion's data folder", tmp_path / "data" / "exports")]
    assert records.export_folders(tmp_path, [tmp_path / "no-media"])[:-1] == []


def test_the_chart_axis_and_ticks_are_round() -> None:
    assert [nice_top(v) for v in (0, 9, 11, 287, 450, 525, 1001)] == [100, 10, 12, 300, 500, 600, 1200]
    assert x_ticks(0) == [] and x_ticks(1) == [0] and x_ticks(3) == [0, 1, 2]
    assert x_ticks(14) == [0, 2, 4, 6, 8, 10, 13]
    ticks = x_ticks(40)
    assert len(ticks) <= 10 and ticks[0] == 0 and ticks[-1] == 39


def test_the_stats_summary_reads_as_sentences() -> None:
    @dataclass
    class Stats:
        games: int
        win_rate: float
        best_score: int
        streak: int
        best_streak: int
        abandoned: int = 0

    assert summary(None) == "No games yet" and summary(Stats(0, 0, 0, 0, 0)) == "No games yet"
    assert summary(Stats(0, 0, 0, 0, 0, 1)) == "No games counted\n1 abandoned before a transmission"
    assert summary(Stats(12, 7 / 12, 450, 2, 4)) == ("12 games · 58% won · best 450\n"
                                                    "Win streak 2 · best streak 4")


def test_the_editor_names_the_missing_modules() -> None:
    rows = list(CONTENT.beginner_layout)
    assert missing_modules(CONTENT, rows, None) == [] and board_problem(CONTENT, rows, None) == ""
    f_row = next(r for r, row in enumerate(rows) if "F" in row.upper())
    without_f = [row.replace("F", ".").replace("f", ".") if r == f_row else row for r, row in enumerate(rows)]
    assert board_problem(CONTENT, without_f, None).startswith("Fusion Core is missing")
    assert board_problem(CONTENT, without_f, "F") == ""
    bare = ["....."] * 5
    assert board_problem(CONTENT, bare, None).endswith("are missing: put them on cells (or carry a device).")


# ---------------------------------------------------------------------------- in the window


@pytest.fixture
def store_file(tmp_path: Path) -> Path:
    """The game store for one test, in its own temporary folder (never the user's data dir)."""
    return tmp_path / "data" / "companion.sqlite3"


def play_to_decode(h: Any, difficulty: str = "training") -> Any:
    """Home -> Setup -> Start -> Board is ready -> the Transmission card -> Decode, by touch."""
    test_ui_table.start_game(h, difficulty)
    wait_screen(h, "transmission")
    tap_text(h, "Decode")
    return wait_screen(h, "decode")


def play_to_the_end(h: Any) -> None:
    """From Decode, play Mission Control's intended orders (a test-only look at the secrets) until
    the game ends."""
    app = h.app
    while app.session.step is not Step.END:
        if app.session.step is not Step.DECODE:
            wait_step(h, Step.TRANSMISSION)
            assert app.intents.confirm()
            wait_screen(h, "decode")
        arrange_intended(h)
        assert app.intents.execute(), app.session.message
        while app.session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
            assert app.intents.confirm()
        h.pump_until(lambda: app.session.step is not Step.EXECUTE)
    wait_screen(h, "end")


def restart(h: Any, start_app: Any, **kwargs: Any) -> Any:
    """Stop the app (as a power cut or Quit would) and start a new one on the same store."""
    h.stop()
    return start_app(**kwargs)


def test_history_is_empty_at_first(ui_harness: Any, start_app: Any, store_file: Path,
                                   no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(store_path=store_file)
    assert app.store is not None and store_file.exists()
    assert not h.find_all(cls="ChoicePopup"), "nothing to resume in a new store"
    h.screenshot("store_home.png")
    tap_text(h, "History")
    s = wait_screen(h, "history")
    assert not s.has_games and s.empty_text == "No games yet — finished games appear here."
    assert h.find(text="Export").disabled
    h.screenshot("store_history_empty.png")
    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "Stats")
    s = wait_screen(h, "stats")
    assert s.ids.chart.scores == [] and s.ids.chart.instruction_count > 0  # "No Standard games yet."
    h.screenshot("store_stats_empty.png")


def test_without_a_store_the_game_is_still_playable(ui_harness: Any, start_app: Any,
                                                    tmp_path: Path) -> None:
    """A store that cannot be opened (here: its folder is a file) turns History off, says so once."""
    h = ui_harness
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    app = start_app(store_path=blocker / "companion.sqlite3")
    assert app.store is None
    assert message(h).startswith("History is off: ")
    h.screenshot("store_history_off_home.png")
    tap_text(h, "History")
    s = wait_screen(h, "history")
    assert s.empty_text.startswith("History is off: ") and not s.has_games
    tap_text(h, "Back")
    wait_screen(h, "home")
    play_to_decode(h)
    assert app.session is not None and app.game_id is None


def test_an_unfinished_game_resumes_mid_decode(ui_harness: Any, start_app: Any, store_file: Path,
                                               no_ui_errors: None) -> None:
    """Two cards in the registers, the app stops; started again it offers the game, and Resume
    lands on Decode with the same board, hand and arrangement."""
    h = ui_harness
    app = start_app(store_path=store_file, seed=31)
    s = play_to_decode(h)
    free = [k for k in range(1, 6) if not s.ids[f"register{k}"].fixed]
    for k in free[:2]:
        h.tap(next(c for c in s.ids.hand.children if c.card_id == shown_hand(h)[0]))
        h.tap(s.ids[f"register{k}"])
    before = app.session
    arrangement = list(before.arrangement)
    assert sum(1 for k in free if arrangement[k - 1]) == 2
    seen = (before.view().rows, before.view().hand, shown_hand(h))
    h.screenshot("store_before_restart.png")

    app = restart(h, start_app, store_path=store_file)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    offer = h.find(cls="ChoicePopup")
    assert offer.title == "Unfinished game"
    assert offer.text.startswith("Resume the game from ") and "(Training, Decode)" in offer.text
    assert h.find(offer, text="Resume").height >= 56 and h.find(offer, text="Start new").height >= 56
    h.screenshot("store_resume_offer.png")
    settle(h)
    tap_text(h, "Resume")
    s = wait_screen(h, "decode")
    session = app.session
    assert session is not before and session.seed == 31 and session.step is Step.DECODE
    assert list(session.arrangement) == arrangement
    assert (session.view().rows, session.view().hand, shown_hand(h)) == seen
    assert [s.ids[f"register{k}"].card_id or None for k in range(1, 6)] == arrangement
    h.screenshot("store_resumed_decode.png")

    # Started again, "Start new" (asked once more) abandons it and goes to a new game's Setup:
    # History says so, and nothing is offered any more.
    app = restart(h, start_app, store_path=store_file)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    settle(h)
    tap_text(h, "Start new")
    h.pump_until(lambda: h.find_all(cls="ChoicePopup", where=lambda w: w.title == "Start a new game?"),
                 what="Start new to ask once more")
    settle(h)
    tap_text(h, "Start new game")
    wait_screen(h, "setup")
    assert app.session is None
    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "History")
    history = wait_screen(h, "history")
    rows = history.ids.games.data
    # Given up after its first Transmission card: "Left", counted as not won (before it: "Abandoned").
    assert [r["result"] for r in rows] == ["Left"] and rows[0]["detail"] == "Training · seed 31"
    restart(h, start_app, store_path=store_file)
    h.pump(frames=3)
    assert not h.find_all(cls="ChoicePopup")


def test_history_stats_and_export_after_a_finished_game(ui_harness: Any, start_app: Any, store_file: Path,
                                                        no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(store_path=store_file, seed=8)
    play_to_decode(h)
    play_to_the_end(h)
    outcome = app.session.view().outcome
    assert outcome is not None
    tap_text(h, "Home")
    wait_screen(h, "home")
    tap_text(h, "History")
    s = wait_screen(h, "history")
    assert s.has_games and len(s.ids.games.data) == 1
    row = s.ids.games.data[0]
    assert row["result"] == ("Won" if outcome.victory else "Lost")
    assert row["score"] == str(outcome.score) and row["detail"] == "Training · seed 8"
    assert row["missions"] == f"{len(outcome.completed)} of {len(outcome.missions)} missions"
    assert row["transmissions"].startswith(f"{outcome.transmissions_used} transmission")
    shown = h.find(cls="HistoryRow")
    assert shown.height >= 72 and shown.date == row["date"]
    h.screenshot("store_history.png")

    settle(h)
    tap_text(h, "Export")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the export choices")
    h.screenshot("store_export_choices.png")
    settle(h)
    tap_text(h, "The companion's data folder")
    h.pump_until(lambda: "Exported" in message(h), what="the export's message")
    exports = store_file.parent / "exports"
    written = sorted(exports.iterdir())
    assert [p.suffix for p in written] == [".csv", ".json"]
    assert f"{written[0].name} and .json, in {exports}" in message(h)
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the popup to fade")
    with written[0].open(encoding="utf-8-sig", newline="") as f:  # for a spreadsheet, in the table's language
        assert [row["Result"] for row in csv.DictReader(f)] == [row["result"]]
    data = json.loads(written[1].read_text(encoding="utf-8"))
    games = data["games"] if isinstance(data, dict) else data
    assert len(games) == 1
    h.screenshot("store_exported.png")

    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "Stats")
    stats = wait_screen(h, "stats")
    assert stats.difficulty == "training"
    chart = stats.ids.chart
    assert chart.scores == [outcome.score]
    assert chart.instruction_count > 10, "bars, axes and labels drawn on the canvas"
    toggle = next(t for t in stats.ids.difficulties.children if t.value == "training")
    assert toggle.state == "down" and toggle.subtitle.startswith("1 game · ")
    h.screenshot("store_stats.png")
    h.tap(next(t for t in stats.ids.difficulties.children if t.value == "expert"))
    assert stats.difficulty == "expert" and chart.scores == []
    assert stats.chart_title == "Expert: score per game"


def cell_point(board: Any, row: int, col: int) -> tuple[float, float]:
    """Window coordinates of a board cell's centre."""
    x, y = board.cell_origin(row, col)
    s = board.cell_size
    wx, wy = board.parent.to_window(x + s / 2, y + s / 2)
    return float(wx), float(wy)


def open_fix_the_board(h: Any) -> Any:
    h.tap(h.find(text="Menu"))
    h.pump(0.2)
    assert not h.find_all(text="Undo"), "Undo is offered only when the table turned it on"
    settle(h)
    tap_text(h, "Fix the board")
    return wait_screen(h, "correction")


def test_fix_the_board_saves_a_correction_and_cancel_changes_nothing(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(store_path=store_file, seed=14)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    session = app.session
    rows = list(session.view().rows)
    actions = len(session.record()["actions"])
    # Cancel: a module made a hallway is "missing", Save waits; Cancel leaves the game as it was.
    s = open_fix_the_board(h)
    board = s.ids.board
    r, c = next((r, c) for r in range(5) for c in range(5) if rows[r][c] != ".")
    h.tap_at(*cell_point(board, r, c))
    assert s.selected == [r, c]
    # People count from 1 (row 1 north, column 1 west), as the terminal does; the JSON from 0.
    assert s.selection_text.startswith(f"Row {r + 1}, column {c + 1}: ")
    tap_text(h, "Hallway")
    name = CONTENT.module(rows[r][c].upper()).name
    assert s.problem.startswith(f"{name} is missing") and h.find(text="Save").disabled
    h.screenshot("store_fix_missing.png")
    tap_text(h, "Cancel")
    wait_screen(h, "board_setup")
    assert list(session.view().rows) == rows and len(session.record()["actions"]) == actions
    # Save: the module flipped is recorded as a correction.
    s = open_fix_the_board(h)
    assert list(s.ids.board.rows) == rows, "the editor starts again from the game's board"
    h.tap_at(*cell_point(s.ids.board, r, c))
    tap_text(h, "Flip side")
    flipped = rows[r][c].swapcase()
    assert s.rows[r][c] == flipped and s.changed and not s.problem
    h.tap_at(*cell_point(s.ids.board, 0, 0) if (r, c) != (0, 0) else cell_point(s.ids.board, 0, 1))
    tap_text(h, "Cadet here")
    h.screenshot("store_fix_flipped.png")
    tap_text(h, "Save")
    wait_screen(h, "board_setup")
    assert session.view().rows[r][c] == flipped
    assert list(screen(h).ids.board.rows) == list(session.view().rows), "Board set-up redrawn"
    assert session.record()["actions"][-1]["kind"] == "correct"
    assert message(h).startswith("Board corrected: the Cadet to row 1, column ")  # counted from 1
    h.screenshot("store_fix_saved.png")  # the sentence fits the message bar


def pick_carrying(h: Any, s: Any, label: str) -> None:
    """Open the Carrying… picker and tap ``label`` ("Nothing" or "X  Name")."""
    h.tap(h.find(text=s.carrying_text + "  ▾"))
    h.pump(0.2)
    settle(h)
    tap_text(h, label)
    h.pump_until(lambda: not h.find_all(cls="TilePicker"), what="the picker to close")
    h.pump(frames=2)


def test_fix_the_board_puts_down_a_device_no_longer_carried(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    """Carrying a device, then "Nothing": the device goes onto the Cadet's cell when it is a hallway;
    on a module's cell it is missing and the message says where to put it (it never just vanishes)."""
    h = ui_harness
    start_app(store_path=store_file, seed=14)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    s = open_fix_the_board(h)
    rows = list(s.rows)
    cadet = next((r, c) for r in range(5) for c in range(5) if rows[r][c] == ".")
    h.tap_at(*cell_point(s.ids.board, *cadet))
    tap_text(h, "Cadet here")
    assert tuple(s.cadet) == cadet
    device, at = next((ch, (r, c)) for r, row in enumerate(rows) for c, ch in enumerate(row)
                      if ch != "." and ch.upper() in s.devices)
    name = CONTENT.module(device.upper()).name
    pick_carrying(h, s, f"{device.upper()}  {name}")
    assert s.carrying == device.upper() and s.rows[at[0]][at[1]] == "."
    pick_carrying(h, s, "Nothing")
    assert s.carrying == "" and s.rows[cadet[0]][cadet[1]] == device.upper()
    assert not s.problem and not missing_modules(CONTENT, s.rows, None)
    assert message(h) == f"{name} put down where the Cadet stands."
    assert h.find_all(s, cls="MessageBar", where=lambda bar: "put down" in bar.text and bar.opacity > 0)
    h.screenshot("store_fix_put_down.png")
    # The Cadet on a module's cell: the device cannot go there, so it is missing and the table is told.
    station = next((r, c) for r in range(5) for c in range(5)
                   if s.rows[r][c] != "." and s.rows[r][c].upper() not in s.devices)
    h.tap_at(*cell_point(s.ids.board, *station))
    tap_text(h, "Cadet here")
    pick_carrying(h, s, f"{device.upper()}  {name}")
    pick_carrying(h, s, "Nothing")
    assert s.problem.startswith(f"{name} is missing") and h.find(text="Save").disabled
    assert message(h) == f"{name} is missing: tap the cell it is on, then Module…"
    h.screenshot("store_fix_still_missing.png")


def shows_message(h: Any, text: str) -> bool:
    """``text`` is on the current screen's MessageBar: drawn, every line inside the bar, and the bar
    inside the 800x480 window (not pushed off by the screen's content)."""
    window = h.app.root_window

    def fits(bar: Any) -> bool:
        x, y = bar.to_window(bar.x, bar.y)
        right, top = bar.to_window(bar.right, bar.top)
        drawn = bar.text == text and bar.opacity > 0 and 0 < bar.texture_size[1] <= bar.height
        return drawn and x >= 0 and y >= 0 and right <= window.width and top <= window.height
    return bool(h.find_all(h.app.manager.current_screen, cls="MessageBar", where=fits))


def test_screens_without_a_bar_of_their_own_show_a_refusal(ui_harness: Any, start_app: Any,
                                                           no_ui_errors: None) -> None:
    """Board set-up, Mission complete and the End screen show a refused Undo or scan, within the screen."""
    h = ui_harness
    app = start_app(seed=12, difficulty="training", config=Config(undo="honor"))
    refusal = ("Nothing can be undone: a Signal Boost has already been dealt for a mission "
               "completed.")
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    h.tap(next(t for t in setup.ids.difficulties.children if t.value == "training"))
    tap_text(h, "Start")
    s = wait_screen(h, "board_setup")
    app.show_message(refusal, "error")
    h.pump(frames=3)
    assert shows_message(h, refusal), "Board set-up shows the refusal"
    top = app.manager.to_window(0, app.manager.top)[1]
    heading = h.find(text="Set up the board")
    assert heading.to_window(0, heading.top)[1] <= top, "nothing pushed up under the status strip"
    assert s.ids.key.opacity == 0 and h.find(text="Board is ready").y >= 0
    h.screenshot("message_board_setup.png")
    app.clear_message()
    h.pump(frames=3)
    assert s.ids.key.opacity == 1 and heading.to_window(0, heading.top)[1] <= top, "the key is back"
    tap_text(h, "Board is ready")
    test_ui_table.decode_until_a_mission_completes(h)
    arrange_intended(h)
    test_ui_table.finish_round_until(h, Step.MISSION_COMPLETE)
    wait_screen(h, "mission_complete")
    app.show_message(refusal, "error")
    h.pump(frames=3)
    assert shows_message(h, refusal), "Mission complete shows the refusal"
    h.screenshot("message_mission_complete.png")
    app.clear_message()
    h.pump(frames=2)
    assert h.find(text=screen(h).done_text).opacity == 1, "the missions count is back"
    assert app.intents.confirm()
    wait_step(h, Step.TRANSMISSION)
    assert app.intents.confirm()
    wait_screen(h, "decode")
    play_to_the_end(h)
    refused_scan = "That card is not part of this game: it belongs to another set of cards."
    app.show_message(refused_scan, "error")
    h.pump(frames=3)
    assert shows_message(h, refused_scan), "the End screen shows the refusal"
    h.screenshot("message_end.png")


def menu_undo(h: Any) -> None:
    h.tap(h.find(text="Menu"))
    h.pump(0.2)
    settle(h)
    tap_text(h, "Undo")
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the menu to close")
    h.pump(frames=2)


def test_undo_on_the_honour_system(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """Undo (``[game] undo = "honor"``) in the Menu: refused right after the Transmission card was
    revealed (a chance draw), and an Execute undone puts its order back into the registers."""
    h = ui_harness
    app = start_app(seed=21, config=Config(undo="honor"))
    s = play_to_decode(h)
    session = app.session
    actions = len(session.record()["actions"])
    menu_undo(h)
    assert message(h).startswith("Nothing can be undone: "), message(h)
    assert len(session.record()["actions"]) == actions and session.step is Step.DECODE
    h.screenshot("store_undo_refused.png")
    play_a_useless_order(h)
    order = list(session.arrangement)
    assert app.intents.execute(), session.message
    wait_screen(h, "execute")
    # A refusal here (Undo once a Signal Boost is dealt) is on the screen, not only in app.message.
    app.show_message("Nothing can be undone: a Signal Boost has already been dealt for a mission "
                     "completed.", "error")
    h.pump(frames=2)
    assert h.find_all(app.manager.current_screen, cls="MessageBar",
                      where=lambda bar: "been dealt" in bar.text and bar.opacity > 0 and bar.height > 0)
    app.clear_message()
    h.tap(h.find(text="Menu"))
    h.pump(0.2)
    assert h.find(text="Undo") and h.find(text="Fix the board")
    h.screenshot("store_menu_with_undo.png")
    settle(h)
    tap_text(h, "Undo")
    s = wait_screen(h, "decode")
    assert session.step is Step.DECODE and list(session.arrangement) == order
    assert [s.ids[f"register{k}"].card_id for k in range(1, 6)] == order
    assert message(h) and not message(h).startswith("Nothing")
    record = session.record()["actions"]
    assert record[-1]["kind"] == "undo" and record[-2]["kind"] == "execute"
    h.screenshot("store_undone_execute.png")
    # Exactly one action: a second undo goes back no further than the chance draws (refused).
    menu_undo(h)
    assert message(h).startswith("Nothing can be undone: ") and session.record()["actions"] == record


def test_escape_on_the_offer_leaves_the_game_and_new_game_asks_before_it_is_lost(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    """Issue 14, fault 2: Escape (or the panel's Back, the same key) closes the resume offer as
    "not now"; New game then asks again before the unfinished game is given up, and Resume from
    there still lands on the game.  Nothing is marked abandoned without a decision."""
    h = ui_harness
    start_app(store_path=store_file, seed=31)
    play_to_decode(h)
    app = restart(h, start_app, store_path=store_file)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    settle(h)
    h.key("escape")
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the offer to close")
    assert app.manager.current == "home" and app.session is None
    assert app.store is not None and app.store.unfinished() is not None, "Escape decides nothing"

    tap_text(h, "New game")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="New game to ask first")
    offer = h.find(cls="ChoicePopup")
    assert offer.title == "Unfinished game" and "(Training, Decode)" in offer.text
    assert app.manager.current == "home"
    h.pump(0.5)  # let the popup's fade-in finish before the picture
    h.screenshot("store_new_game_asks.png")
    settle(h)
    h.key("escape")  # not now, again: still nothing lost
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the question to close")
    assert app.manager.current == "home" and app.store.unfinished() is not None

    tap_text(h, "New game")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="New game to ask again")
    settle(h)
    tap_text(h, "Resume")
    wait_screen(h, "decode")
    assert app.session is not None and app.session.seed == 31

    # Asked and answered "Start new": only then is the old game given up, and Setup follows.
    app = restart(h, start_app, store_path=store_file)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    settle(h)
    h.key("escape")
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the offer to close")
    tap_text(h, "New game")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="New game to ask first")
    settle(h)
    tap_text(h, "Start new")
    h.pump_until(lambda: h.find_all(cls="ChoicePopup", where=lambda w: w.title == "Start a new game?"),
                 what="Start new to ask once more")
    settle(h)
    assert app.store is not None and app.store.unfinished() is not None  # asked: nothing given up yet
    tap_text(h, "Start new game")
    wait_screen(h, "setup")
    assert app.store is not None and app.store.unfinished() is None
    assert [g.result for g in app.store.games()] == ["abandoned"]


def test_exports_find_sticks_under_media_run_media_and_mnt(tmp_path: Path) -> None:
    """Issue 14, fault 17: the console kiosk's udev rule mounts a stick under /run/media/system/LABEL
    (systemd-mount), udisks under /media/<user>/LABEL, a hand under /mnt: the export offers each."""
    roots = (tmp_path / "media", tmp_path / "run" / "media", tmp_path / "mnt")
    sticks = [roots[0] / "pi" / "A", roots[1] / "system" / "B", roots[2] / "usb"]
    for folder in (*sticks, roots[1] / "system" / "not-mounted"):
        folder.mkdir(parents=True)
    mounts = {str(p) for p in sticks}
    folders = records.export_folders(tmp_path / "data", roots, lambda p: p in mounts)
    assert [folder for _, folder in folders] == [*sticks, tmp_path / "data" / "exports"]
    assert [label for label, _ in folders][:3] == ["USB stick A", "USB stick B", "USB stick usb"]
    assert records.MEDIA_ROOTS == (Path("/media"), Path("/run/media"), Path("/mnt"))


def every_text(h: Any) -> str:
    """Every text on the window now: the screen, the status strip, any popup."""
    return " | ".join(str(w.text) for w in h.find_all() if isinstance(getattr(w, "text", None), str))


def test_an_unfinished_game_shows_its_seed_on_no_screen(ui_harness: Any, start_app: Any, store_file: Path,
                                                        no_ui_errors: None) -> None:
    """The seed deals the secret missions: shown on Setup (where the table may type it) and on End,
    never on a screen of the game in progress, the resume offer, or its History row."""
    h = ui_harness
    seed = 86421  # digits that appear in no other text of these screens
    app = start_app(store_path=store_file, seed=seed)
    test_ui_table.start_game(h, "training")
    seen = []
    for step in (Step.TRANSMISSION, Step.DECODE, Step.EXECUTE):
        if step is Step.DECODE:
            tap_text(h, "Decode")
        if step is Step.EXECUTE:
            arrange_intended(h)
            assert app.intents.execute(), app.session.message
        wait_screen(h, step.value)
        seen.append(step.value)
        assert str(seed) not in every_text(h), f"the seed shows on {step.value}"
    tap_text(h, "Menu")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the menu")
    assert str(seed) not in every_text(h), "the seed shows in the menu"
    settle(h)
    h.key(27)  # the menu closes; the game goes on
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the menu to close")
    app = restart(h, start_app, store_path=store_file)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    assert str(seed) not in every_text(h), "the seed shows in the resume offer"
    h.key(27)  # Escape: the offer closes, the game stays unfinished
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the offer to close")
    settle(h)
    tap_text(h, "History")
    wait_screen(h, "history")
    row = h.find(cls="HistoryRow")
    assert row.result == "Unfinished" and not row.can_debrief
    assert str(seed) not in every_text(h), "the seed shows in History"
    h.screenshot("store_unfinished_no_seed.png")
    assert seen == ["transmission", "decode", "execute"]


def test_stats_and_history_leave_a_game_abandoned_before_its_first_transmission_out(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    from companion.games.transmission.mission_control.planner import Planner
    from companion.games.transmission.session import Session
    from companion.games.transmission.stored import KEEPER
    from companion.table.store import Store
    from test_session import RandomChooser
    from test_store import won_game

    store_file.parent.mkdir(parents=True)
    with Store.open(store_file) as store:
        won_game(store, Planner(), 4)
        left = store.begin(Session(CONTENT, RandomChooser(2), "training", seed=2), KEEPER)
        store.abandon(left)  # before its first transmission
        won_game(store, Planner(), 5)
    h = ui_harness
    start_app(store_path=store_file)
    tap_text(h, "Stats")
    stats = wait_screen(h, "stats")
    toggle = next(t for t in stats.ids.difficulties.children if t.value == "training")
    assert toggle.subtitle.startswith("2 games · 100% won") and "Win streak 2" in toggle.subtitle
    assert stats.chart_title == "Training: score per game"
    assert stats.ids.chart.x_title == "Games, oldest to newest · 1 abandoned, not counted"
    assert stats.ids.chart.scores and len(stats.ids.chart.scores) == 2
    h.screenshot("store_stats_abandoned.png")
    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "History")
    history = wait_screen(h, "history")
    assert [r["result"] for r in history.ids.games.data] == ["Won", "Abandoned", "Won"]
    assert [r["can_debrief"] for r in history.ids.games.data] == [True, False, True]
    h.screenshot("store_history_abandoned.png")
