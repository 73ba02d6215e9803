"""The debrief on the touchscreen (ui/games/transmission/debrief.py): from End, "What Mission Control
meant", stepped through with Previous and Next, back to End; from History, a finished game; with a
person as Mission Control (the table state says so) without what the companion was heading for.

Screenshots: ``tests/_screenshots/debrief_*.png`` (look at them).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import test_ui_game
from companion.games.transmission.debrief import build_debrief
from test_ui_game import CONTENT, DOCS, screen, tap_text, wait_screen
from test_ui_store import play_to_decode, play_to_the_end, store_file
from ui.games.transmission.debrief import page_texts

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors
__all__ = ["store_file"]


def publish(shots: dict[str, Path]) -> None:
    """The README's picture of the debrief, only with ``COMPANION_UPDATE_SCREENSHOTS=1`` (as
    ``test_ui_game.publish`` does for the other screens)."""
    if os.environ.get("COMPANION_UPDATE_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        for name, path in shots.items():
            shutil.copyfile(path, DOCS / f"{name}.png")


def wait_pages(h: Any) -> Any:
    s = wait_screen(h, "debrief")
    h.pump_until(lambda: not s.loading, timeout=30, what="the replay")
    h.pump(frames=3)
    return s


def test_the_debrief_steps_through_every_transmission_and_returns_to_end(
        ui_harness: Any, start_app: Any, store_file: Path, no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(store_path=store_file, seed=8)
    play_to_decode(h)
    play_to_the_end(h)
    state = app.session.game.state
    h.screenshot("debrief_end.png")
    tap_text(h, "What Mission Control meant")
    s = wait_pages(h)
    assert s.problem == "" and s.pages == len(state.rounds) > 1
    assert s.where == f"Transmission 1 of {s.pages}" and "companion" in s.heading
    first = state.rounds[0]
    assert list(s.intended) == [CONTENT_NAME(c) for c in first.intended]
    assert list(s.executed) == [CONTENT_NAME(c) for c in first.order]
    replayed = build_debrief(app.session.record(), CONTENT)
    assert s.ids.before.rows == list(replayed.transmissions[0].before.rows)
    assert "transmission" in s.meaning  # what the companion's order was heading for, in words
    h.screenshot("debrief_step1.png")
    tap_text(h, "Next")
    h.pump(frames=3)
    assert s.page == 1 and s.where == f"Transmission 2 of {s.pages}"
    h.screenshot("debrief_step2.png")
    for _ in range(s.pages):
        h.key(275)  # the right arrow steps on, and stops at the last
        h.pump(frames=2)
    assert s.page == s.pages - 1
    h.screenshot("debrief_last.png")
    tap_text(h, "Previous")
    h.pump(frames=2)
    assert s.page == s.pages - 2
    tap_text(h, "Back")
    wait_screen(h, "end")


def CONTENT_NAME(card: str) -> str:  # noqa: N802 - reads like the card's name on the screen
    from companion.games.transmission.debrief import card_name

    return card_name(card)


def test_a_person_s_game_from_history(ui_harness: Any, start_app: Any, store_file: Path,
                                      no_ui_errors: None) -> None:
    h = ui_harness
    start_app(store_path=store_file, seed=5)
    play_to_decode(h)
    play_to_the_end(h)
    tap_text(h, "Home")
    wait_screen(h, "home")
    h.stop()
    # The game as a person in the Mission Control seat leaves it: their seat in the saved table state.
    with sqlite3.connect(store_file) as conn:
        (text,) = conn.execute("SELECT state FROM table_state").fetchone()
        conn.execute("UPDATE table_state SET state = ?",
                     (json.dumps({**json.loads(text), "mission_control": "person"}),))
    start_app(store_path=store_file)
    tap_text(h, "History")
    wait_screen(h, "history")
    row = h.find(cls="HistoryRow")
    assert row.can_debrief
    h.tap(row)
    s = wait_pages(h)
    assert s.problem == "" and "a person" in s.heading
    assert s.meaning == "A person was Mission Control: ask them what they meant."
    h.screenshot("debrief_person.png")
    tap_text(h, "Back")
    wait_screen(h, "history")


def test_page_texts_mark_the_error_and_the_changed_registers() -> None:
    from test_debrief import boosted_game

    session, _ = boosted_game()
    debrief = build_debrief(session.record(), CONTENT)
    pages = [page_texts(CONTENT, debrief, k) for k in range(len(debrief.transmissions))]
    assert any("(error)" in p["hand"] for p in pages)
    assert any(p["changed"][:2] == [True, True] and "Outlined" in p["order_note"] for p in pages)
    assert all(p["where"].startswith("Transmission ") for p in pages)
    assert any("Signal Boosts: " in p["notes"] for p in pages)


def test_no_debrief_while_a_game_is_on(ui_harness: Any, start_app: Any, store_file: Path,
                                       no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(store_path=store_file, seed=3)
    play_to_decode(h)
    end = app.manager.get_screen("end")
    end.debrief()
    assert app.manager.current == "decode" and "once the game is over" in app.message
    debrief = app.manager.get_screen("debrief")
    debrief.open_finished("decode")
    s = screen(h)
    assert s.name == "debrief" and s.problem.startswith("The debrief comes once the game is over")
    debrief.open_game(None, "decode")
    assert s.problem.startswith("No game has been played to its end yet")
    h.screenshot("debrief_refused.png")


def test_errors_boosts_and_a_changed_order_on_screen(ui_harness: Any, start_app: Any, store_file: Path,
                                                     no_ui_errors: None) -> None:
    from companion.table.store import Store
    from test_debrief import boosted_game

    store_file.parent.mkdir(parents=True)
    with Store.open(store_file) as store:
        boosted_game(store=store)
    h = ui_harness
    start_app(store_path=store_file)
    tap_text(h, "History")
    wait_screen(h, "history")
    h.tap(h.find(cls="HistoryRow"))
    s = wait_pages(h)
    shots = {}
    for page in range(s.pages):
        s.show_page(page)
        h.pump(frames=3)
        if any(s.changed) or "(error)" in s.hand or "Signal Boosts:" in s.notes:
            shots[page] = h.screenshot(f"debrief_hard_{page + 1}.png")
            if any(s.changed) and "(error)" in s.hand and "Signal Boosts:" in s.notes:
                publish({"debrief": shots[page]})  # the README's: all three on one page
    assert shots, "a hard game with boosts, errors and a changed order shows them"


def test_a_game_of_another_game_has_no_debrief(ui_harness: Any, start_app: Any, store_file: Path,
                                               monkeypatch: Any, no_ui_errors: None) -> None:
    from dataclasses import replace

    from companion.table.store import Store
    from test_debrief import intended_game

    store_file.parent.mkdir(parents=True)
    with Store.open(store_file) as store:
        from companion.games.transmission.stored import KEEPER

        session = intended_game()
        store.begin(session, KEEPER)
        real = store.finished_game()
    assert real is not None
    other = replace(real, game="six-actions")

    class OtherGames:
        def finished_game(self, game_id: int | None = None) -> Any:
            return other

    app = start_app(store_path=store_file)
    monkeypatch.setattr(type(app), "history", property(lambda self: OtherGames()))
    debrief = app.manager.get_screen("debrief")
    debrief.open_game(other.id, "home")
    s = wait_screen(h := ui_harness, "debrief")
    assert s.problem == f"Game {other.id} is a game of six-actions, which has no debrief." and not s.pages
    h.screenshot("debrief_other_game.png")
    tap_text(h, "Back")
    wait_screen(h, "home")


def test_from_end_the_debrief_needs_no_game_history(ui_harness: Any, start_app: Any,
                                                               tmp_path: Path) -> None:
    h = ui_harness
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    app = start_app(store_path=blocker / "companion.sqlite3", seed=8)
    assert app.history is None
    play_to_decode(h)
    play_to_the_end(h)
    tap_text(h, "What Mission Control meant")  # from the app's own record of the game just over
    s = wait_pages(h)
    assert s.problem == "" and s.pages == len(app.session.game.state.rounds)
    tap_text(h, "Back")
    wait_screen(h, "end")
    tap_text(h, "Home")
    wait_screen(h, "home")
    tap_text(h, "History")
    wait_screen(h, "history")  # History is off: no row to open
    app.manager.get_screen("debrief").open_game(None, "history")
    s = wait_screen(h, "debrief")
    assert s.problem.startswith("The debrief replays the game from the game history, which is off: ")
