"""Home with several games (a big toggle per game; New game starts the chosen one) and with one (as it
always was), in a real 800x480 window, by touch and by key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def toggle(h: Any, title: str) -> Any:
    from ui.widgets.controls import BigToggle

    return h.find(cls=BigToggle, where=lambda w: w.title == title)


def start(h: Any, tmp_path: Path) -> Any:
    from ui.app import CompanionApp

    app = h.start(CompanionApp(store_path=tmp_path / "store.sqlite3"))
    settle(h)
    return app


def test_home_lists_both_games_and_new_game_starts_the_chosen_one(ui_harness: Any, tmp_path: Path) -> None:
    h = ui_harness
    app = start(h, tmp_path)
    screen = app.manager.current_screen
    assert screen.several
    assert h.find(text="Table companion")
    transmission, six = toggle(h, "Incoming Transmission"), toggle(h, "The Six Actions")
    from kivy.uix.label import Label

    keys = h.find(cls=Label, where=lambda w: w.text.startswith("Keys:"))
    assert "1–5 put the card in a register" in keys.text and "B boosts" in keys.text
    assert transmission.state == "down" and six.state == "normal"  # the first game, as New game always did
    for widget in (transmission, six):
        assert widget.height >= 48 and widget.width >= 48
    h.screenshot("home/two_games.png")
    h.tap(six)
    settle(h)
    assert six.state == "down" and transmission.state == "normal" and app.shelf.chosen == "six-actions"
    keys = h.find(cls=Label, where=lambda w: w.text.startswith("Keys:"))
    # The Six Actions' own keys: no registers, no Signal Boost (issue 24, item 16).
    assert "register" not in keys.text and "boost" not in keys.text.lower() and "undo" in keys.text
    h.screenshot("home/six_actions_keys.png")
    h.tap(h.find(text="New game"))
    h.pump_until(lambda: app.manager.current == "six_setup", timeout=5, what="the Six Actions' Setup")
    settle(h)
    h.key(27)  # Back: Home again, the choice kept
    h.pump_until(lambda: app.manager.current == "home", timeout=5, what="Home")
    settle(h)
    assert toggle(h, "The Six Actions").state == "down"
    h.key(276)  # <-: the other game
    settle(h)
    assert app.shelf.chosen == "transmission"
    assert "1–5 put the card in a register" in app.manager.current_screen.keys_text
    h.key(13)  # Enter: New game
    h.pump_until(lambda: app.manager.current == "setup", timeout=5, what="Incoming Transmission's Setup")


def test_with_one_game_home_is_as_it_was(ui_harness: Any, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.shelf
    from ui.registry import playable

    monkeypatch.setattr(ui.shelf, "playable", lambda: playable()[:1])
    h = ui_harness
    app = start(h, tmp_path)
    assert not app.manager.current_screen.several
    assert h.find(text="Mission Control") and h.find(text="The companion for Incoming Transmission")
    from ui.widgets.controls import BigToggle

    assert not [w for w in h.find_all(cls=BigToggle) if w.opacity > 0]
    h.screenshot("home/one_game.png")
    h.tap(h.find(text="New game"))
    h.pump_until(lambda: app.manager.current == "setup", timeout=5, what="Incoming Transmission's Setup")


def test_an_unknown_game_keeps_the_choice(ui_harness: Any, tmp_path: Path) -> None:
    app = start(ui_harness, tmp_path)
    app.shelf.choose("six-actions")
    assert app.shelf.choose("chess") is not None and app.shelf.chosen == "six-actions"


def test_home_shows_the_five_actions_keys_when_it_is_chosen(ui_harness: Any, tmp_path: Path) -> None:
    h = ui_harness
    app = start(h, tmp_path)
    h.tap(toggle(h, "The Five Actions"))
    settle(h)
    assert app.shelf.chosen == "five-actions"
    keys = app.manager.current_screen.keys_text
    assert "register" not in keys and "boost" not in keys.lower() and "confirm" in keys
    h.screenshot("home/five_actions_keys.png")
