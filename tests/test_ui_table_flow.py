"""The shell's and Incoming Transmission's flow as a fresh German family met it (helper UX; the
fresh-eyes findings 4b, 11, 12, 14, 16, 17, 19), in a real 800x480 window, English and German:

- Mission Control on a phone with no network: Board set-up and Thinking say so in full, beside the
  key, for as long as the game is on (not once in a message bar the next screen clears);
- Settings opened from a game's Menu stays up when a language is tapped, its Back says "Back to the
  game", and its "Saved in ..." line outlives the switch;
- the unfinished game's Start new asks once more, names the game given up (and the other game's
  when another game is started), then goes to the new game's Setup;
- the quiet hours and a missing sound device are shown on Settings and on the mute buttons;
- while Mission Control chooses, the status strip names the transmission Thinking names.

Screenshots: ``tests/_screenshots/flow/*.png`` (look at them).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import time
from pathlib import Path
from typing import Any

import pytest

import test_ui_game
from companion import i18n
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.session import Seat
from companion.games.six_actions.session import Session as SixSession
from companion.games.six_actions.stored import KEEPER as SIX
from companion.games.transmission.session import Step
from companion.table.config import Config
from companion.table.store import Store
from companion.table.table_settings import QuietHours
from i18n_support import misfits, report
from test_ui_game import CONTENT, settle, tap_text, wait_screen

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors

pytestmark = pytest.mark.ui

SHOTS = "flow"


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The table's language for the test (German from the worktree's compiled catalog): the app
    sets its own at start, so :func:`begin` switches to it once the app runs."""
    try:
        yield request.param
    finally:
        i18n.set_language("en")


def begin(h: Any, start_app: Any, language: str, **kwargs: Any) -> Any:
    """The app started, then switched to ``language`` (as Settings would)."""
    app = start_app(**kwargs)
    i18n.set_language(language)
    h.pump(frames=3)
    settle(h)
    return app


def tr(text: str) -> str:
    """``text`` in the table's language now (what the screen shows for it)."""
    return i18n._(text)


def fits(h: Any, name: str) -> None:
    """No label of the window is cut, broken mid-word or overlapping (``tests/i18n_support.py``)."""
    h.pump(frames=3)
    h.screenshot(f"{SHOTS}/{name}.png")
    lines = misfits(h.window)
    assert not lines, report(lines)


def popup(h: Any) -> Any:
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="a question")
    h.pump(0.4)  # its fade-in
    settle(h)
    return h.find(cls="ChoicePopup")


# ---------------------------------------------------------------------------- 4b: the phone is off


def test_a_phone_without_a_network_is_said_whole_all_game(ui_harness: Any, start_app: Any, tmp_path: Path,
                                                          language: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.games.transmission.phone_link as phone_link

    monkeypatch.setattr(phone_link, "lan_address", lambda: None)  # a box with no network
    h = ui_harness
    app = begin(h, start_app, language, config=Config(mission_control="person", data_dir=tmp_path),
                difficulty="training", seed=7, store_path=tmp_path / "store.sqlite3")
    tap_text(h, tr("New game"))
    s = wait_screen(h, "setup")
    h.tap(next(t for t in s.ids.seats.children if t.value == "phone"))
    tap_text(h, tr("Start"))
    board = wait_screen(h, "board_setup")
    said = board.ids.phone_off
    button = tr("Hold: Mission Control")
    assert said.text == app.phone_off and button in said.text and said.text.endswith(".")
    assert said.opacity == 1 and said.height >= said.texture_size[1]
    assert board.ids.key.opacity == 1 and board.ids.key.height > 0, "the key stays beside it"
    fits(h, f"phone_off_board_{language}")

    tap_text(h, tr("Board is ready"))
    thinking = wait_screen(h, "thinking")
    assert app.session.step is Step.THINKING and thinking.person
    assert thinking.ids.phone_off.text == app.phone_off and thinking.ids.phone_off.opacity == 1
    fits(h, f"phone_off_thinking_{language}")
    before = app.phone_off
    i18n.set_language("de" if language == "en" else "en")  # Settings, mid-game: the notice follows
    h.pump(frames=6)
    assert thinking.ids.phone_off.text == app.phone_off != before
    assert tr("Hold: Mission Control") in app.phone_off

    app.transmission.abandon()  # the game is left: nothing is said of a phone any more
    wait_screen(h, "home")
    assert app.phone_off == ""


# ---------------------------------------------------------------------------- 12, 19: Settings in a game


def test_settings_from_the_menu_stays_up_when_a_language_is_tapped(ui_harness: Any, start_app: Any,
                                                                   tmp_path: Path, language: str) -> None:
    h = ui_harness
    app = begin(h, start_app, language, config=Config(path=tmp_path / "config.toml", data_dir=tmp_path),
                seed=3, store_path=tmp_path / "store.sqlite3")
    tap_text(h, tr("New game"))
    wait_screen(h, "setup")
    tap_text(h, tr("Start"))
    wait_screen(h, "board_setup")
    tap_text(h, tr("Menu"))
    settle(h)
    tap_text(h, tr("Settings"))
    s = wait_screen(h, "settings")
    other = "de" if language == "en" else "en"
    h.tap(s.ids[f"lang_{other}"])
    h.pump(frames=6)
    settle(h)
    assert i18n.language() == other
    assert app.manager.current == "settings", "a language tapped keeps Settings up"
    assert str(tmp_path / "config.toml") in s.note, "the line saying where it was kept stays"
    h.tap(s.ids[f"lang_{language}"])
    h.pump(frames=6)
    settle(h)
    assert s.ids.back.text == tr("Back to the game")
    fits(h, f"settings_from_game_{language}")

    h.tap(s.ids[f"lang_{other}"])
    h.pump(frames=6)
    settle(h)
    assert s.ids.back.text == i18n._("Back to the game")
    fits(h, f"settings_switched_{other}")
    h.tap(s.ids.volume_up)
    settle(h)
    assert app.manager.current == "settings"
    h.tap(s.ids[f"lang_{language}"])
    h.pump(frames=6)
    settle(h)
    assert app.manager.current == "settings" and i18n.language() == language
    h.tap(s.ids.back)
    wait_screen(h, "board_setup")

    app.transmission.abandon()
    wait_screen(h, "home")
    tap_text(h, tr("Settings"))
    s = wait_screen(h, "settings")
    assert s.ids.back.text == tr("Back") and s.note == ""


# ---------------------------------------------------------------------------- 14: quiet hours, no device


def test_quiet_hours_now_and_no_sound_device_are_shown(ui_harness: Any, start_app: Any, tmp_path: Path,
                                                       language: str) -> None:
    from ui.widgets.controls import MuteButton

    h = ui_harness
    app = begin(h, start_app, language, config=Config(path=tmp_path / "config.toml", data_dir=tmp_path),
                seed=3, store_path=tmp_path / "store.sqlite3")
    speaker = app.sound.speaker
    speaker.clock = lambda: time(23, 15)
    speaker.problem = ""
    speaker.apply(replace(app.sound.settings(), quiet_hours=QuietHours(time(22, 0), time(7, 0))))
    assert app.sound_quiet_until == "07:00"
    tap_text(h, tr("Settings"))
    s = wait_screen(h, "settings")
    assert s.ids.sound_state.text == tr("Quiet hours now: no sound until {time}.").format(time="07:00")
    assert s.ids.sound_state.opacity == 1
    fits(h, f"settings_quiet_now_{language}")
    h.tap(s.ids.quiet_off)
    settle(h)
    assert s.sound_state == "" and app.sound_quiet_until == ""
    h.tap(s.ids.quiet_on)
    settle(h)
    assert app.sound_quiet_until == "07:00"

    h.tap(s.ids.back)
    wait_screen(h, "home")
    tap_text(h, tr("New game"))
    setup = wait_screen(h, "setup")
    button = h.find(setup, cls=MuteButton)
    assert button.quiet_until == "07:00" and button.moon and not button.waves
    assert button.text == tr("Quiet")
    fits(h, f"setup_quiet_now_{language}")
    tap_text(h, tr("Start"))
    wait_screen(h, "board_setup")
    strip = h.find(app.status, cls=MuteButton)
    assert strip.moon and not strip.muted
    h.tap(strip)  # muted, in the quiet hours: the crossed-out speaker
    settle(h)
    assert strip.muted and not strip.moon
    h.tap(strip)  # heard again, but not before 07:00: the table says so
    settle(h)
    assert strip.moon and "07:00" in str(app.message)
    fits(h, f"strip_quiet_now_{language}")

    speaker.give_up("the audio device could not be opened (no sound card?)")
    tap_text(h, tr("Menu"))
    settle(h)
    tap_text(h, tr("Settings"))
    s = wait_screen(h, "settings")
    assert s.sound_state == tr("No sound here: this box has no working sound device. The settings are kept "
                               "for when it has one.")
    fits(h, f"settings_no_device_{language}")


# ---------------------------------------------------------------------------- 11: Start new


def _unfinished_six(path: Path) -> None:
    """A store holding an unfinished game of The Six Actions, one move in (left if given up)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Store.open(path) as store:
        six = SixSession.new(six_content(), [Seat("Ana", "red"), Seat("Ben", "blue")], seed=4)
        store.begin(six, SIX)
        assert six.muster(2)


def test_start_new_asks_once_then_goes_to_the_new_games_setup(ui_harness: Any, start_app: Any,
                                                               tmp_path: Path, language: str) -> None:
    store_file = tmp_path / "data" / "companion.sqlite3"
    _unfinished_six(store_file)
    h = ui_harness
    app = begin(h, start_app, language, store_path=store_file)
    popup(h)
    h.key("escape")  # the offer at start came in English: asked again in the table's language
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the offer to close")
    app.offer_resume()
    offer = popup(h)
    tap_text(h, tr("Start new"))
    ask = popup(h)
    assert ask is not offer and ask.title == tr("Start a new game?")
    six = tr("The Six Actions")
    assert f"\u201c{six}\u201d" in ask.text or f"\u201e{six}\u201c" in ask.text
    left = tr("The unfinished game of \u201c{game}\u201d will be marked as left: it counts as not won and "
              "cannot be resumed.")
    assert ask.text.startswith(left.format(game=six))
    fits(h, f"start_new_asks_{language}")
    tap_text(h, tr("No, back"))  # not given up: the offer again
    offer = popup(h)
    assert offer.title == tr("Unfinished game")
    assert app.store is not None and app.store.unfinished() is not None
    tap_text(h, tr("Start new"))
    popup(h)
    tap_text(h, tr("Start new game"))
    h.pump_until(lambda: app.manager.current not in ("home", ""), what="the new game's Setup")
    assert app.manager.current == app.shelf.choose(None).screens.start and app.shelf.chosen == "six-actions"
    assert app.store.unfinished() is None
    assert [(g.game, g.result) for g in app.store.games()] == [("six-actions", "abandoned")]
    app.show("home")  # a Setup's name field left focused would outlive the app
    h.pump(frames=3)


def test_another_games_new_game_says_it_gives_the_unfinished_one_up(ui_harness: Any, start_app: Any,
                                                                     tmp_path: Path, language: str) -> None:
    store_file = tmp_path / "data" / "companion.sqlite3"
    _unfinished_six(store_file)
    h = ui_harness
    app = begin(h, start_app, language, store_path=store_file, content=CONTENT)
    popup(h)
    h.key("escape")  # not now
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the offer to close")
    app.shelf.choose("transmission")
    tap_text(h, tr("New game"))
    offer = popup(h)
    transmission = tr("Incoming Transmission")
    assert offer.text.endswith(tr("A new game of \u201c{game}\u201d gives it up.").format(game=transmission))
    fits(h, f"new_game_gives_up_{language}")
    tap_text(h, tr("Start new"))
    ask = popup(h)
    assert ask.text.endswith(tr("Start a new game of \u201c{game}\u201d?").format(game=transmission))
    fits(h, f"new_game_confirm_{language}")
    tap_text(h, tr("Start new game"))
    wait_screen(h, "setup")
    assert app.store is not None and app.store.unfinished() is None


# ---------------------------------------------------------------------------- 17: strip and Thinking agree


def test_while_mission_control_chooses_the_strip_names_the_coming_transmission(
        ui_harness: Any, start_app: Any, tmp_path: Path) -> None:
    from ui.games.transmission.status import fill_status

    h = ui_harness
    app = start_app(config=Config(mission_control="person", data_dir=tmp_path), seed=7,
                    store_path=tmp_path / "store.sqlite3")
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    tap_text(h, "Board is ready")
    thinking = wait_screen(h, "thinking")
    view = app.session.view()
    for done in (0, 1, 6):
        later = replace(view, transmission=done)
        fill_status(app.status, later, CONTENT, ())
        thinking.refresh(later)
        strip = app.status.transmission
        assert strip == f"Transmission {done + 1} of {view.transmissions_total}", strip
        assert thinking.subtitle.startswith(strip), (strip, thinking.subtitle)
