"""Issue 22, item 6: a mute button on every game screen of all three games, and a tap on any of them
mutes the table (the Speaker and the saved config follow)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.table.config import read_config
from test_ui_game import settle, tap_text, wait_screen
from test_ui_settings import fits, start


def mute_buttons(widget: Any) -> list[Any]:
    from ui.widgets.controls import MuteButton

    return [w for w in widget.walk(restrict=True) if isinstance(w, MuteButton)]


def test_every_game_screen_has_a_mute_button_that_mutes(ui_harness: Any, tmp_path: Path) -> None:
    from ui.registry import GAMES, screen_name

    h = ui_harness
    app, path, _ = start(h, tmp_path)
    assert len(GAMES) == 3
    strip = mute_buttons(app.status)
    assert len(strip) == 1  # the status strip's, shown on the screens of a game under way
    checked = []
    for game in GAMES.values():
        for reference in game.screens:
            name = screen_name(reference)
            app.manager.build_screen(name)
            own = mute_buttons(app.manager.get_screen(name))
            if name in game.in_game:
                assert not own, f"{name}: the status strip's button is its mute button"
                own = strip
            assert len(own) >= 1, f"{game.game}: {name} has no mute button"
            for button in own:
                assert button.height >= 48, (name, button.size)
                muted = app.sound_muted
                button.dispatch("on_release")
                settle(h)
                assert app.sound_muted is (not muted), name
                assert app.sound.speaker.mute is (not muted), name
                assert read_config(path)[0].table.mute is (not muted), name
                assert button.muted is (not muted), name
            checked.append(name)
    assert {"setup", "correction", "debrief", "six_setup", "five_setup"} <= set(checked)


def test_a_tap_on_setups_button_mutes_and_it_fits(ui_harness: Any, tmp_path: Path) -> None:
    """A real tap on Incoming Transmission's Setup, which had none (it is not under the strip)."""
    h = ui_harness
    app, path, _ = start(h, tmp_path)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    (mute,) = mute_buttons(app.manager.get_screen("setup"))
    fits(h, mute)
    h.tap(mute)
    settle(h)
    assert app.sound_muted and app.sound.speaker.mute and read_config(path)[0].table.mute
    assert mute.text == "Muted"
    h.screenshot("settings/setup_muted.png")
    h.tap(mute)
    settle(h)
    assert not app.sound_muted and not read_config(path)[0].table.mute


def test_fix_the_board_keeps_its_column_on_the_screen_in_german(ui_harness: Any, tmp_path: Path) -> None:
    """Fix the board's column was full already: with the header's 48 px button all of it stays on the
    screen, in English and in German (whose title is longer), and no label is cut or overlaps."""
    from companion import i18n
    from i18n_support import misfits
    from test_ui_store import open_fix_the_board

    h = ui_harness
    app, _, _ = start(h, tmp_path, text="[table]\nvolume = 80\n")  # no Undo in the Menu
    try:
        tap_text(h, "New game")
        wait_screen(h, "setup")
        tap_text(h, "Start")
        wait_screen(h, "board_setup")
        screen = open_fix_the_board(h)
        for language in ("en", "de"):
            i18n.set_language(language)
            settle(h)
            h.pump(0.3)
            h.screenshot(f"i18n/{language}_fix_the_board.png")
            (mute,) = mute_buttons(screen)
            fits(h, mute)
            column = mute.parent.parent
            for child in column.children:
                x, y = child.to_window(*child.pos)
                assert y >= 0 and y + child.height <= 480, (language, child, y, child.height)
            assert not misfits(h.window), (language, misfits(h.window))
            h.tap(mute)
            settle(h)
            assert app.sound_muted is (language == "en")
    finally:
        i18n.set_language("en")
