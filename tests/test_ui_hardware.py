"""The physical table in the app (ui/table_hardware.py), in a real 800x480 Kivy window.

gpiozero's mock pins stand in for the arcade buttons and LEDs (pressed from a
background thread, as lgpio's callback thread would); scans are put on the
bridge's queue exactly as the card reader thread puts them.  Screenshots go to
``tests/_screenshots/hardware_*.png``; look at them.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import pytest

import test_ui_game
from companion.games.transmission.cards import all_cards, card_code
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.session import Step
from companion.table.config import Config
from hardware import panel as hw
from hardware.doctor import SCAN_LOG_NAME, ScanLog
from hardware.pairing import Pairings
from hardware.reader import ReaderEvent
from test_ui_game import CONTENT, message, screen, settle, tap_text, wait_screen
from test_ui_table import start_game, wait_step

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors

TRANSMIT, BACK, BOOST = 17, 27, 22
INCOMING = 6
TAG = "0415AB3C9F"


def config(tmp_path: Path, reader: bool = True, **game: Any) -> Config:
    sections: dict[str, Any] = {"gpio": {"debounce_ms": 20}}
    if reader:
        sections["reader"] = {"port": "loop://", "pairings": str(tmp_path / "pairings.toml")}
    return Config(data_dir=tmp_path, sections=sections, **game)


def press_from_a_thread(h: Any, factory: Any, pin: int) -> None:
    """Press and release a mock button on another thread (like lgpio's), then let the app drain."""

    def finger() -> None:
        factory.pin(pin).drive_low()
        factory.pin(pin).drive_high()

    worker = threading.Thread(target=finger)
    worker.start()
    worker.join()
    h.pump(0.15)


def scan(h: Any, text: str, source: str = "line") -> None:
    h.app.hardware.events.put(ReaderEvent("scan", text, source))
    h.pump(0.15)


def code_of(card_id: str) -> str:
    return card_code("command", card_id)


def shown_message(h: Any, words: str) -> bool:
    """A visible MessageBar of the current screen says ``words``."""
    return bool(h.find_all(h.app.manager.current_screen, cls="MessageBar",
                           where=lambda bar: words in bar.text and bar.opacity > 0 and not bar.disabled))


def to_transmission(h: Any) -> None:
    start_game(h, "standard")
    wait_step(h, Step.TRANSMISSION)
    wait_screen(h, "transmission")


def test_buttons_and_scans_play_a_decode(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                        mock_factory: Any, tmp_path: Path) -> None:
    h = ui_harness
    app = start_app(config=config(tmp_path), seed=517882)
    h.pump_until(lambda: app.hardware.reader_state == "connected", what="the loop:// reader to connect")
    to_transmission(h)
    assert app.status.hardware == "reader: connected · buttons: on"
    assert mock_factory.pin(INCOMING).state, "the incoming LED is on while the Transmission card is up"
    h.screenshot("hardware_transmission.png")

    press_from_a_thread(h, mock_factory, TRANSMIT)  # = Enter: Decode
    wait_screen(h, "decode")
    assert not mock_factory.pin(INCOMING).state

    session = app.session
    hand = list(session.unplaced())
    free = [k for k in range(1, 6) if session.arrangement[k - 1] is None]
    scan(h, code_of(hand[0]))
    assert session.arrangement[free[0] - 1] == hand[0]
    assert "Scanned:" in message(h) and f"register {free[0]}" in message(h)
    scan(h, code_of(hand[1]).lower() + "\r")  # any case, stray whitespace: the same card
    assert session.arrangement[free[1] - 1] == hand[1]
    registers = screen(h).ids
    assert registers is not None
    h.screenshot("hardware_decode_scanned.png")

    # Refusals go to the message bar: a foreign code, a card already placed.
    scan(h, "https://example.com/not-a-card")
    assert "not a card of this game" in message(h) and app.message_kind == "error"
    twin = any(card_command(c) is card_command(hand[0]) for c in session.unplaced())
    scan(h, code_of(hand[0]))
    # A second North in the hand goes next (two Norths are one at the table); else it is refused.
    assert ("Scanned: " if twin else "already placed") in message(h)
    h.screenshot("hardware_decode_refused.png")

    # Back takes the last card back; Boost opens the boosts (none yet: said so).
    placed = [c for c in session.arrangement if c]
    press_from_a_thread(h, mock_factory, BACK)
    assert len([c for c in session.arrangement if c]) == len(placed) - 1
    assert app.manager.current == "decode" and session is app.session
    press_from_a_thread(h, mock_factory, BOOST)
    assert "No Signal Boosts held yet" in message(h)

    lines = ScanLog(tmp_path / SCAN_LOG_NAME).read(10)
    assert any(code_of(hand[0]) in line for line in lines)
    assert any("refused: not a card of this game" in line for line in lines)


def test_an_unknown_rfid_tag_is_paired_on_the_screen(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                     mock_factory: Any, tmp_path: Path) -> None:
    from ui.table_hardware import PairingPopup

    h = ui_harness
    app = start_app(config=config(tmp_path))
    to_transmission(h)
    tap_text(h, "Decode")
    wait_screen(h, "decode")
    session = app.session
    wanted = session.unplaced()[0]
    free = next(k for k in range(1, 6) if session.arrangement[k - 1] is None)

    scan(h, TAG, "rfid")
    popup = h.find(cls=PairingPopup)
    assert popup.tag == TAG
    h.pump(0.5)
    h.screenshot("hardware_pairing_popup.png")
    card = next(c for c in all_cards(CONTENT) if c.kind == "command" and c.id == wanted)
    # The missions tab works too (scrolls; two columns), then back to the Command cards.
    h.tap(h.find(popup, text="Mission"))
    h.pump(0.2)
    assert popup.kind == "mission" and popup.ids.cards.cols == 2
    h.screenshot("hardware_pairing_missions.png")
    h.tap(h.find(popup, text="Command"))
    h.pump(0.2)
    h.tap(h.find(popup, text=card.name, cls="BigButton"))
    h.pump(0.5)
    assert not h.find_all(cls=PairingPopup)
    assert Pairings(tmp_path / "pairings.toml").lookup(TAG) == card.code
    assert session.arrangement[free - 1] == wanted

    # The same tag again is known: no popup, and the session says the card is placed already.
    scan(h, TAG, "rfid")
    assert not h.find_all(cls=PairingPopup)


def test_the_pairing_popup_cancels_with_back(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                             mock_factory: Any, tmp_path: Path) -> None:
    from ui.table_hardware import PairingPopup

    h = ui_harness
    app = start_app(config=config(tmp_path))
    scan(h, TAG, "rfid")
    assert h.find(cls=PairingPopup)
    settle(h)
    press_from_a_thread(h, mock_factory, BACK)  # the Back button cancels, like Escape
    h.pump(0.5)
    assert not h.find_all(cls=PairingPopup)
    assert Pairings(tmp_path / "pairings.toml").lookup(TAG) is None
    assert app.manager.current == "home"


def test_the_physical_deck_waits_for_a_drawn_card(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                  mock_factory: Any, tmp_path: Path) -> None:
    h = ui_harness
    app = start_app(config=config(tmp_path, physical_deck=True))
    to_transmission(h)
    session = app.session
    assert session.awaiting_draw and screen(h).drawing
    h.screenshot("hardware_physical_draw.png")
    press_from_a_thread(h, mock_factory, TRANSMIT)  # not yet: the card is not drawn
    assert "Draw the top Transmission card" in message(h)
    level4 = next(t.id for t in CONTENT.transmissions if t.level == 4)
    scan(h, card_code("transmission", level4))
    assert "cannot come next: the Transmission cards still to come" in message(h) and session.awaiting_draw
    assert shown_message(h, "cannot come next: the Transmission cards still to come"), \
        "the refusal is on the screen, not only beeped"
    drawn = session.drawable_transmissions()[-1]
    scan(h, card_code("transmission", drawn))
    assert session.game.state.card == drawn and not screen(h).drawing
    h.pump(0.2)
    h.screenshot("hardware_physical_drawn.png")
    scan(h, "https://example.com/not-a-card")  # on the card itself, too
    assert shown_message(h, "not a card of this game")
    # A table without a reader taps the card: next round.
    settle(h)
    tap_text(h, "Decode")
    wait_screen(h, "decode")


def test_a_table_without_a_reader_taps_the_drawn_card(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                      mock_factory: Any, tmp_path: Path) -> None:
    """physical_deck without a card reader: a tap on the drawn card's button draws it (the hidden card
    view once lay on top of the buttons, disabled, and swallowed every touch)."""
    h = ui_harness
    app = start_app(config=config(tmp_path, reader=False, physical_deck=True))
    to_transmission(h)
    session = app.session
    assert session.awaiting_draw and screen(h).drawing
    drawable = set(session.drawable_transmissions())
    h.pump(0.2)
    buttons = list(reversed(screen(h).ids.draw_cards.children))
    assert buttons, "one button per card that can come next"
    h.tap(buttons[0])
    h.pump(0.2)
    assert session.game.state.card in drawable and not screen(h).drawing
    h.screenshot("hardware_physical_tapped.png")
    tap_text(h, "Decode")
    wait_screen(h, "decode")


def test_a_table_without_hardware_runs_as_before(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                 monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(hw, "DEFAULT_FACTORIES", ("no-such-library",))
    hw._told.clear()
    h = ui_harness
    with caplog.at_level(logging.INFO, logger="hardware.panel"):
        app = start_app(config=Config(data_dir=tmp_path))
    assert app.hardware.panel is None and app.hardware.reader is None
    assert hw.NO_GPIO in caplog.text and message(h) == ""
    to_transmission(h)
    assert app.status.hardware == "reader: none · buttons: off"
    h.screenshot("hardware_none_status.png")
    tap_text(h, "Decode")
    wait_screen(h, "decode")


def test_a_failing_handler_is_logged_and_the_next_press_works(
        ui_harness: Any, start_app: Any, mock_factory: Any, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    from ui.table_hardware import TableHardware

    h = ui_harness
    app = start_app(config=config(tmp_path, reader=False))
    calls: list[str] = []

    def flaky(action: str) -> bool:
        calls.append(action)
        if len(calls) == 1:
            raise RuntimeError("a broken handler")
        return bool(TableHardware.press(app.hardware, action))

    app.hardware.press = flaky
    try:
        with caplog.at_level(logging.ERROR, logger="hardware.panel"):
            press_from_a_thread(h, mock_factory, TRANSMIT)
        assert "a broken handler" in caplog.text
        settle(h)
        tap_text(h, "New game")
        wait_screen(h, "setup")
        press_from_a_thread(h, mock_factory, TRANSMIT)  # Enter on Setup: Start
        wait_screen(h, "board_setup")
        assert calls == ["transmit", "transmit"]
    finally:
        del app.hardware.press
        caplog.clear()  # the logged traceback's frames hold the app: let it go with the test


def test_a_reader_problem_at_start_keeps_the_damaged_store_notice(ui_harness: Any, start_app: Any,
                                                                  mock_factory: Any, tmp_path: Path) -> None:
    """Both notices stay on Home, whole: where the damaged history was kept, and why the reader is off."""
    h = ui_harness
    store = tmp_path / "companion.sqlite3"
    store.write_bytes(b"not a database at all" * 200)
    bad = Config(data_dir=tmp_path, sections={"reader": {"baudrate": 0}})
    start_app(config=bad, store_path=store)
    assert "It is kept as" in message(h) and "The card reader is off" in message(h)
    ids = screen(h).ids
    assert ids.notice.opacity == 1
    assert ids.notice.height >= ids.measure.texture_size[1] > 2 * ids.notice.font_size
    h.screenshot("hardware_home_two_notices.png")


def test_many_bad_settings_fit_on_home(ui_harness: Any, start_app: Any, tmp_path: Path) -> None:
    """Six bad settings: Home's notice is whole and Home's own title stays on the screen (X2: the
    notice pushed the title off the top and was itself cut after five lines)."""
    from kivy.core.window import Window

    from ui.start import load_settings

    h = ui_harness
    # The notice quotes the file's path: a folder name of fixed length makes it four lines long
    # whatever pytest's own temporary folder is called (it was three, so the title stayed, in a short one).
    path = tmp_path / ("the-table-companion-settings-" * 2) / "config.toml"
    path.parent.mkdir()
    path.write_text('colour = "red"\n[game]\nmission_control = "banana"\nundo = 5\n'
                    'mission_control_seconds = 0\ncoach = "yes please"\n[store]\ndatabase = 42\n')
    config, notices = load_settings(path)
    start_app(config=Config(data_dir=tmp_path), notices=notices)
    h.pump(0.3)
    h.screenshot("home_bad_settings.png")
    assert "store.database = 42" in message(h)
    ids = screen(h).ids
    assert ids.notice.opacity == 1 and ids.notice.height >= ids.measure.texture_size[1]
    games, notice = ids.games, ids.notice
    assert games.to_window(*games.pos)[1] + games.height <= Window.height, "the games' tiles are whole"
    assert notice.to_window(*notice.pos)[1] >= 0, "the notice is whole"
    title = next(w for w in h.find_all(text="Table companion"))
    assert title.opacity == 0, "a long notice takes the title's room"


def test_the_pairing_popup_names_the_cards_in_german_and_each_fits(ui_harness: Any, start_app: Any,
                                                                    no_ui_errors: None, mock_factory: Any,
                                                                    tmp_path: Path) -> None:
    """Issue 22: a German table pairs a tag with "Nord (1 von 2)" or "Übertragung Stufe 3, klares
    Register 2", never the pack's English, and no card's button cuts its name (800x480)."""
    from companion import i18n
    from companion.games.transmission.cards import KINDS, shown_names
    from i18n_support import misfits
    from ui.table_hardware import PairingPopup

    h = ui_harness
    start_app(config=config(tmp_path))
    i18n.set_language("de")
    try:
        names = shown_names(CONTENT)
        if names == {c.code: c.name for c in all_cards(CONTENT)}:
            pytest.skip("no compiled German catalog (scripts/i18n compile)")
        scan(h, TAG, "rfid")
        popup = h.find(cls=PairingPopup)
        for kind in KINDS:
            popup.show_kind(kind)
            h.pump(0.3)
            shown = sorted(b.text for b in h.find_all(popup, cls="BigButton") if hasattr(b, "card"))
            assert shown == sorted(names[c.code] for c in all_cards(CONTENT) if c.kind == kind)
            assert not misfits(h.window), f"{kind}: {misfits(h.window)}"
            h.screenshot(f"hardware_pairing_{kind}_de.png")
        popup.dismiss()
        h.pump(1.5)  # the popup's fade and its list's scroll animation end
        assert not h.find_all(cls=PairingPopup)
    finally:
        i18n.set_language("en")
