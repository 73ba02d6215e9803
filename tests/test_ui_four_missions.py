"""Expert deals four missions (content pack version 3, docs/balance.md): every screen that lists the
missions shows all four, whole, at 800x480 (issue 24, item 10)."""

from __future__ import annotations

from typing import Any

import test_ui_game
from companion.games.transmission.session import Step
from companion.table.config import Config
from test_ui_game import tap_text, wait_screen
from test_ui_person_mc import hold
from test_ui_table import arrange_intended, finish_round, start_game

start_app = test_ui_game.start_app  # the fixtures
no_ui_errors = test_ui_game.no_ui_errors


def inside(widget: Any, box: tuple[float, float, float, float]) -> bool:
    """``widget``'s window rectangle lies within ``box`` (x, y, right, top)."""
    x, y = widget.to_window(*widget.pos)
    return box[0] <= x and box[1] <= y and x + widget.width <= box[2] and y + widget.height <= box[3]


def test_four_missions_fit_the_end_screen(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """Four mission rows between the headline and the buttons, under the status strip."""
    h = ui_harness
    app = start_app(difficulty="expert", seed=78)
    start_game(h, "expert", subtitle="4 missions · 7 errors · score ×2")
    for _ in range(7):
        h.pump_until(lambda: app.session.step in (Step.TRANSMISSION, Step.END), timeout=60,
                     what="the next transmission")
        if app.session.step is Step.END:
            break
        assert app.intents.confirm()
        wait_screen(h, "decode")
        arrange_intended(h)
        finish_round(h)
    end = wait_screen(h, "end")
    h.pump(frames=5)
    rows = end.ids.missions.children
    assert len(rows) == 4 and all(row.compact for row in rows)
    buttons = h.find(text="Play again")
    strip_bottom = app.status.to_window(*app.status.pos)[1]
    bottom = buttons.to_window(*buttons.pos)[1] + buttons.height
    for row in rows:
        assert inside(row, (0, bottom, h.app.root.width, strip_bottom)), row.title
    h.screenshot("end_four_missions.png")


def test_four_missions_fit_mission_controls_screen(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                   tmp_path: Any) -> None:
    """With a person as Mission Control, the secret screen lists all four missions above the board."""
    h = ui_harness
    start_app(config=Config(mission_control="person", data_dir=tmp_path), difficulty="expert", seed=77)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    tap_text(h, "Board is ready")
    wait_screen(h, "thinking")
    seat = hold(h)
    tap_text(h, "Only I can see it: show")
    h.pump(frames=5)
    assert seat.stage == "secrets"
    session = h.app.session
    titles = [session.content.mission(m).title for m in session.game.state.missions]
    assert len(titles) == 4
    labels = [w for w in h.find_all(cls="Label") if any(t in str(w.text) for t in titles)]
    assert {t for t in titles if any(t in str(w.text) for w in labels)} == set(titles)
    for label in labels:  # each whole on the screen, none cut short
        assert inside(label, (0, 0, h.app.root.width, h.app.root.height)), label.text
        assert label.texture_size[1] <= label.height + 1, label.text
    h.screenshot("mc_secret_four_missions.png")
