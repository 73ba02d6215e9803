"""The Settings screen and the mute buttons (issue 22, items 5, 6 and 8), in a real 800x480 window:
every change applies at once and is kept in the config file's [table]; a game screen's mute button
shows and switches the table's sound; the cues of a game reach the speaker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.table.config import read_config
from test_sound import FakeLoader
from test_ui_game import make_chooser, settle, tap_text, wait_screen
from ui.sound import Speaker

pytestmark = pytest.mark.ui

CONFIG = """\
# The table by the window.
[game]
undo = "honor"   # the Undo button

[table]
volume = 80
"""


@pytest.fixture
def english() -> Iterator[None]:
    yield
    if i18n.language() != "en":
        i18n.set_language("en")  # the language is the process's: leave it as the next test expects


def start(h: Any, tmp_path: Path, text: str = CONFIG) -> tuple[Any, Path, FakeLoader]:
    """The app on a config file in ``tmp_path`` and a speaker whose sounds the test can count."""
    from ui.app import CompanionApp

    path = tmp_path / "config.toml"
    path.write_text(text)
    config, problems = read_config(path)
    assert problems == []
    app = CompanionApp(config=config, store_path=tmp_path / "store.sqlite3", chooser_factory=make_chooser)
    loader = FakeLoader()
    speaker = Speaker(config.table, load=loader, later=lambda play: play())
    speaker.load_all()
    app.sound.speaker = speaker
    speaker.on_change(lambda: setattr(app, "sound_muted", speaker.mute))
    h.start(app)
    settle(h)
    return app, path, loader


def fits(h: Any, widget: Any) -> None:
    """On screen whole, and a finger's target (48 px at least each way)."""
    x, y = widget.to_window(*widget.pos)
    assert widget.width >= 48 and widget.height >= 48, (widget, widget.size)
    assert 0 <= x and x + widget.width <= 800 and 0 <= y and y + widget.height <= 480, (widget, x, y)


def test_settings_from_home_apply_at_once_and_are_kept(ui_harness: Any, tmp_path: Path,
                                                        english: None) -> None:
    h = ui_harness
    app, path, loader = start(h, tmp_path)
    h.screenshot("settings/home_with_settings.png")
    tap_text(h, "Settings")
    s = wait_screen(h, "settings")
    h.screenshot("settings/settings_start.png")
    for name in ("lang_en", "lang_de", "volume_down", "volume_up", "sound_on", "sound_muted", "quiet_off",
                 "quiet_on", "from_down", "from_up", "to_down", "to_up"):
        fits(h, s.ids[name])
    assert s.volume == 80 and not s.mute and not s.quiet

    h.tap(s.ids.volume_up)
    settle(h)
    assert app.sound.speaker.volume == 90 and loader.sounds["turn"].plays == [0.9]  # a sample at 90 %
    h.tap(s.ids.sound_muted)
    settle(h)
    assert app.sound_muted and app.sound.speaker.silent()
    h.tap(s.ids.quiet_on)
    settle(h)
    h.tap(s.ids.from_up)
    settle(h)
    assert s.ids.quiet_from.text == "22:30" and s.ids.quiet_to.text == "07:00"
    assert str(path) in s.note and not s.note_error
    h.screenshot("settings/settings_changed.png")

    config, problems = read_config(path)
    assert problems == []
    table = config.table
    assert (table.volume, table.mute, str(table.quiet_hours)) == (90, True, "22:30-07:00")
    text = path.read_text()
    assert "# The table by the window." in text and 'undo = "honor"' in text  # the rest of the file stays

    h.tap(s.ids.lang_de)
    settle(h)
    assert i18n.language() == "de" and read_config(path)[0].table.language == "de"
    h.screenshot("settings/settings_deutsch.png")
    h.tap(s.ids.lang_en)
    settle(h)
    assert i18n.language() == "en"
    h.key(27)  # Escape: back where it was opened
    wait_screen(h, "home")


def test_an_unwritable_config_says_so_and_keeps_the_change(ui_harness: Any, tmp_path: Path) -> None:
    h = ui_harness
    app, path, _ = start(h, tmp_path)
    app.table_config = type(app.table_config)(path=tmp_path / "file" / "config.toml")
    (tmp_path / "file").write_text("")  # a file where the folder should be: nothing can be written
    tap_text(h, "Settings")
    s = wait_screen(h, "settings")
    h.tap(s.ids.volume_down)
    settle(h)
    assert s.note_error and "cannot be written" in s.note and "holds until the app stops" in s.note
    assert app.sound.speaker.volume == 70
    h.screenshot("settings/not_saved.png")


def test_the_status_strip_mute_button_and_the_menu_settings(ui_harness: Any, tmp_path: Path) -> None:
    """Incoming Transmission: the strip's mute button on every game screen; the Menu opens Settings,
    whose Back returns to the game; a transmission arriving plays its cue."""
    from ui.widgets.controls import MuteButton

    h = ui_harness
    app, path, loader = start(h, tmp_path)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    mute = h.find(cls=MuteButton)
    fits(h, mute)
    assert not mute.words and not app.sound_muted  # the strip is short of room: the drawn sign only
    from ui import theme

    assert tuple(mute.fill) == tuple(theme.SECONDARY)
    h.screenshot("settings/strip_sound_on.png")
    h.tap(mute)
    settle(h)
    assert app.sound_muted and tuple(mute.fill) == tuple(theme.DANGER) and read_config(path)[0].table.mute
    h.screenshot("settings/strip_muted.png")
    h.tap(mute)
    settle(h)
    assert not app.sound_muted

    tap_text(h, "Menu")
    settle(h)
    tap_text(h, "Settings")
    wait_screen(h, "settings")
    tap_text(h, "Back to the game")
    wait_screen(h, "board_setup")

    tap_text(h, "Board is ready")
    h.pump_until(lambda: app.manager.current in ("transmission", "decode"), timeout=20,
                 what="the first transmission")
    played = {name for name, sound in loader.sounds.items() if sound.plays}
    assert played & {"transmission", "interference"}
    h.screenshot("settings/transmission_with_mute.png")


def test_the_six_actions_table_has_a_mute_button_and_plays_turn_cues(ui_harness: Any, tmp_path: Path) -> None:
    from test_ui_six_actions import answer_popup, start_game, tap
    from ui.widgets.controls import MuteButton

    h = ui_harness
    app, _, loader = start(h, tmp_path)
    start_game(h)
    mute = h.find(cls=MuteButton)
    fits(h, mute)
    assert mute.text == "Sound"
    h.screenshot("settings/six_table_mute.png")
    tap(h, "Pass")
    answer_popup(h, "Pass")  # Pass asks first, as in The Five Actions
    settle(h)
    assert loader.sounds["turn"].plays or loader.sounds["round"].plays
    h.tap(mute)
    settle(h)
    assert app.sound_muted and mute.text == "Muted"
    h.screenshot("settings/six_table_muted.png")


def test_the_action_games_step_screens_and_the_five_actions_table_have_one(ui_harness: Any,
                                                                            tmp_path: Path) -> None:
    import test_ui_five_actions as five
    import test_ui_six_actions as six
    from ui.widgets.controls import MuteButton

    h = ui_harness
    start(h, tmp_path)
    six.start_game(h)
    six.tap(h, "Build")
    six.on(h, "six_step")
    fits(h, h.find(cls=MuteButton))
    h.screenshot("settings/six_step_mute.png")
    h.app.sound.speaker.set_mute(True)
    settle(h)
    h.screenshot("settings/six_step_muted.png")
    h.app.sound.speaker.set_mute(False)
    six.tap(h, "Cancel")
    six.on(h, "six_table")
    for label, name in (("Ledger", "six_ledger"), ("Merit cards", "six_merit")):
        six.tap(h, label)
        six.on(h, name)
        fits(h, h.find(cls=MuteButton))
        h.screenshot(f"settings/{name}_mute.png")
        six.tap(h, "Back")
        six.on(h, "six_table")
    h.app.manager.current_screen.open_menu()
    settle(h)
    tap_text(h, "Leave game")
    settle(h)
    tap_text(h, "Leave game")
    wait_screen(h, "home")
    five.start_game(h)
    five.on(h, "five_table")
    fits(h, h.find(cls=MuteButton))
    h.screenshot("settings/five_table_mute.png")
    h.app.manager.current_screen.open_menu()
    settle(h)
    tap_text(h, "End the game...")
    settle(h)
    tap_text(h, "End the game")
    five.on(h, "five_end")
    fits(h, h.find(cls=MuteButton))
    h.screenshot("settings/five_end_mute.png")


def test_a_language_switch_skips_the_text_of_widgets_that_are_gone(ui_harness: Any, tmp_path: Path,
                                                                    english: None) -> None:
    """A closed popup's kv text stays bound to the translator until it is collected; a switch after
    that must still redraw every living screen (ui.i18n.Translator drops the dead ones)."""
    import gc

    from ui.i18n import tr

    h = ui_harness
    app, _, _ = start(h, tmp_path)
    tap_text(h, "Settings")
    s = wait_screen(h, "settings")
    dead = type("Gone", (), {})()
    import weakref

    proxy = weakref.proxy(dead)
    gone = tr.fbind("_", lambda *_: proxy.anything)
    del dead
    gc.collect()
    h.tap(s.ids.lang_de)
    settle(h)
    assert gone not in tr.observers and i18n.language() == "de"
    assert s.ids.lang_de.text.startswith("\u2713")  # the screen was redrawn after the dead one
    h.tap(s.ids.lang_en)
    settle(h)
    assert i18n.language() == "en" and app.manager.current == "settings"


def test_the_settings_screen_in_german_fits(ui_harness: Any, tmp_path: Path, english: None) -> None:
    """The Settings screen in German (the project's catalog) fits at 800x480: the screen, and the
    words of a mute button; ``misfits`` finds no clipped or overlapping label."""
    from i18n_support import misfits

    assert (i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "companion.mo").exists(), "run scripts/i18n compile"
    h = ui_harness
    start(h, tmp_path)
    i18n.set_language("de")
    settle(h)
    h.tap(h.find(text="Einstellungen"))
    s = wait_screen(h, "settings")
    assert s.ids.sound_muted.text.endswith("Stumm")
    h.tap(s.ids.quiet_on)
    settle(h)
    h.screenshot("settings/settings_german.png")
    assert not misfits(h.window), misfits(h.window)


def test_the_strip_with_its_mute_button_still_shows_four_boosts(ui_harness: Any, tmp_path: Path) -> None:
    """The widest strip a game can have: the last transmission, four boosts, the reader's state."""
    from kivy.uix.label import Label

    h = ui_harness
    app, _, _ = start(h, tmp_path)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    status = app.status
    status.transmission, status.missions = "Transmission 7 of 7", "Missions done 3 of 4"
    status.boosts = "Boosts: Clear Signal, Cross Check, Debug, Abort"
    status.game, status.hardware = "Expert", "reader: disconnected · buttons: on"
    h.pump(frames=4)
    h.screenshot("settings/strip_four_boosts.png")
    boosts = h.find(status, cls=Label, where=lambda w: w.text == status.boosts)
    assert boosts.texture_size[1] <= boosts.height + 1  # two lines at most, none cut off
    hardware = h.find(status, cls=Label, where=lambda w: "reader" in w.text)
    assert hardware.opacity == 1 and hardware.text == "reader: disconnected\nbuttons: on", (
        hardware.text, hardware.size, hardware.pos, hardware.opacity, status.hardware)
    assert boosts.width >= 150, [(type(w).__name__, w.width) for w in reversed(status.children)]


def test_the_app_loads_its_cues_on_the_main_thread_a_cue_a_frame(ui_harness: Any, tmp_path: Path) -> None:
    """SDL opens the audio device in the first load; off the main thread that deadlocked now and then
    against the window's event pump, so the app loads on the main thread, one cue per frame, after the
    first frames (ui.table_sound.LOAD_AFTER): no frame waits for more than one file."""
    import threading

    from ui.app import CompanionApp
    from ui.sound import CUES

    h = ui_harness
    path = tmp_path / "config.toml"
    path.write_text(CONFIG)
    config, _ = read_config(path)
    app = CompanionApp(config=config, store_path=tmp_path / "store.sqlite3", chooser_factory=make_chooser)
    loader = FakeLoader()
    threads: list[threading.Thread] = []
    frames: list[int] = []

    def load(where: str) -> Any:
        from kivy.clock import Clock

        threads.append(threading.current_thread())
        frames.append(Clock.frames)
        return loader(where)

    app.sound.speaker = Speaker(config.table, load=load, later=lambda play: play())
    h.start(app)
    h.pump_until(lambda: len(app.sound.speaker.loaded()) == len(CUES), timeout=10, what="every cue loaded")
    assert threads and all(t is threading.main_thread() for t in threads)
    assert len(set(frames)) == len(frames) == len(CUES), frames  # one file a frame
    assert app.sound.speaker.problem == ""
