"""A whole game with Mission Control on a phone, the phone a real browser (issue 23, item 6).

The app runs in the 800x480 window; the phone is Debian's Chromium, headless, 360 pixels wide,
driven by Selenium.  The test decodes the QR code the touchscreen shows (pyzbar), opens its URL on
the phone, plays every transmission's selection on the phone page (the planner's pick, tapped), and
checks the touchscreen at each step for the unrevealed missions.  Also: a wrong token, an old token
replayed, a second phone and the hand-over, the page's debrief, the phone reloading mid-game, and a
port in use.  Every socket is on 127.0.0.1 (``[phone] address``).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import PIL.Image
import pytest

from companion.games.transmission.engine.commands import Command
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Step
from companion.table.config import Config
from phone_browser import free_port, phones, wait_for
from readme_pictures import publish
from test_ui_game import CONTENT, no_ui_errors, settle, start_app, tap_text, wait_screen

__all__ = ["no_ui_errors", "phones", "start_app"]

pytestmark = pytest.mark.ui

# Pillow imports its plugins once, logging each that fails with the exception: done here, so that no
# log record's traceback reaches the frames of a game being started (it would keep the app alive).
PIL.Image.init()

PLANNER = Planner()


def _texts(widget: Any) -> list[str]:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        text = getattr(w, "text", None)
        if isinstance(text, str) and text:
            out.append(text)
        stack.extend(w.children)
    return out


def touchscreen_leaks(h: Any) -> list[str]:
    """Unrevealed missions' titles anywhere on the touchscreen (every window child, popups too)."""
    session: PhoneSession = h.app.session
    state = session.game.state
    secret = [CONTENT.mission(m).title for m in state.missions if m not in state.completed_ids]
    shown = _texts(h.window) + [str(h.app.message)]
    return [f"{title!r} in {text!r}" for text in shown for title in secret if title in text]


def decode_qr(path: Path) -> str:
    from PIL import Image
    from pyzbar.pyzbar import decode

    found = decode(Image.open(path))
    assert len(found) == 1, f"no single QR code on {path}"
    return str(found[0].data.decode())


def code_screen(h: Any) -> Any:
    from ui.games.transmission.phone_link import CodeScreen

    return next((w for w in h.window.children if isinstance(w, CodeScreen)), None)


def phone_config(tmp_path: Path, port: int) -> Config:
    return Config(mission_control="person", coach=True, data_dir=tmp_path,
                  sections={"phone": {"address": "127.0.0.1", "port": port}})


def start_phone_game(h: Any, start: Any, tmp_path: Path, port: int) -> Any:
    app = start(config=phone_config(tmp_path, port), difficulty="training", seed=7,
                store_path=tmp_path / "store.sqlite3")
    tap_text(h, "New game")
    s = wait_screen(h, "setup")
    h.tap(next(t for t in s.ids.seats.children if t.value == "phone"))
    assert s.seat == "phone"
    h.screenshot("phone_setup.png")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    h.pump_until(lambda: code_screen(h) is not None, what="the QR code")
    h.pump(0.5)
    return app


def phone_state(driver: Any) -> Any:
    return driver.execute_script("return window.mcState && window.mcState();")


def click(driver: Any, text: str) -> None:
    """Tap the phone page's button whose text starts with ``text``."""
    from selenium.webdriver.common.by import By

    for button in driver.find_elements(By.TAG_NAME, "button"):
        if button.text.startswith(text) and button.is_enabled():
            button.click()
            return
    shown = [b.text for b in driver.find_elements(By.TAG_NAME, "button")]
    raise AssertionError(f"no enabled button {text!r} on the phone: {shown}")


@pytest.mark.timeout(600)
def test_a_whole_game_with_mission_control_on_a_phone(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                                      phones: Any, tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    h = ui_harness
    for name in ("companion", "ui", "hardware", "aiohttp", "asyncio"):  # ours and the server's
        caplog.set_level(logging.DEBUG, logger=name)  # (not PIL's: its records keep tracebacks)
    port = free_port()
    app = start_phone_game(h, start_app, tmp_path, port)
    session: PhoneSession = app.session
    assert isinstance(session, PhoneSession)
    shot = h.screenshot("phone_qr.png")
    url = decode_qr(shot)
    assert url.startswith(f"http://127.0.0.1:{port}/?t=") and len(url.split("t=", 1)[1]) >= 22  # >= 128 bits
    assert not touchscreen_leaks(h)
    pump = lambda: h.pump(frames=1)  # noqa: E731 - the Kivy window keeps running while the phone waits

    # A page without the token only says to scan; a wrong token gets 403 (the page says so).
    phone = phones()
    phone.get(f"http://127.0.0.1:{port}/")
    wait_for(phone, lambda d: "Scan the code" in d.page_source)
    phone.get(f"http://127.0.0.1:{port}/?t=not-the-token")
    assert "not valid" in phone.page_source
    # The phone joins by the QR's URL: the seat opens, the code closes, the missions show.
    phone.get(url)
    wait_for(phone, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    h.pump_until(lambda: code_screen(h) is None and session.seat_open, what="the phone to hold the seat")
    titles = [CONTENT.mission(m).title for m in session.game.state.missions]
    missions = titles + list(session.game.state.missions)
    page = phone.find_element("id", "missions").text
    assert all(t in page for t in titles), (titles, page)
    assert not touchscreen_leaks(h)
    tap_text(h, "Board is ready")
    wait_screen(h, "thinking")
    assert not touchscreen_leaks(h)
    assert "on their phone" in str(session.view().waiting_for)

    rounds = 0
    reloaded = coached = refused = False
    while session.step is not Step.END:
        rounds += 1
        assert rounds <= 8
        h.pump_until(lambda: session.step is Step.THINKING, timeout=10, what="Thinking")
        wait_for(phone, lambda d: phone_state(d)["task"] == "select", pump=pump)
        if not coached:  # the planner's five commands and the transmissions it expects
            click(phone, "Ask the coach")
            wait_for(phone, lambda d: "Fewest transmissions" in phone_state(d)["coach_text"]
                     or "cannot be won" in phone_state(d)["coach_text"], timeout=90, pump=pump)
            coached = True
        pick = PLANNER.choose(session.mission_control_view())
        if not refused:  # the viability check of the person's own pick: refused, the reason on the phone
            bad = next((c for c in (Command.REPAIR, Command.DEPLOY, Command.COLLECT)
                        if _illegal_first(session, c)), None)
            if bad is not None:
                click(phone, bad.title)
                wait_for(phone, lambda d: "Not viable: step 1" in phone_state(d)["message"], pump=pump)
                assert "Not viable" not in str(app.message) and not touchscreen_leaks(h)
                refused = True
        for k, command in enumerate(pick, start=1):
            click(phone, command.title)
            wait_for(phone, lambda d, k=k: len(phone_state(d)["picks"]) == k, pump=pump)
            if k == 2 and not reloaded:  # the phone reloads mid-pick: it rejoins at the current state
                phone.refresh()
                wait_for(phone, lambda d: phone_state(d) and len(phone_state(d)["picks"]) == 2, pump=pump)
                reloaded = True
        if rounds == 1:
            pick = h.screenshot("phone_touch_before_lock.png").with_name("phone_pick.png")
            phone.save_screenshot(str(pick))
            publish(pick, "phone_page")
        click(phone, "Lock in")
        h.pump_until(lambda: session.step is not Step.THINKING, timeout=10, what="the lock-in")
        assert tuple(session.game.state.intended) and not touchscreen_leaks(h)
        # The touchscreen follows: the Transmission card, the Cadets' step; the phone says what to hand over.
        wait_screen(h, "transmission")
        wait_for(phone, lambda d: phone_state(d)["task"] in ("hand_over", "watch"), pump=pump)
        if rounds == 1:
            h.screenshot("phone_touch_transmission.png")
            assert phone_state(phone)["round"], "the hand-over lines"
        assert not touchscreen_leaks(h)
        tap_text(h, "Decode")
        wait_screen(h, "decode")
        assert not touchscreen_leaks(h)
        state = session.game.state
        for k, cid in enumerate(state.intended, start=1):
            if session.game.state.registers[k - 1] is None:
                placed = _place(h, session, cid)
                assert placed, str(app.message)
        tap_text(h, "Execute")
        s = wait_screen(h, "execute")
        while not s.at_end:
            h.tap(h.find(text="Next step"))
        settle(h)
        tap_text(h, "Done")
        h.pump(frames=3)
        if session.step is Step.MISSION_COMPLETE:
            wait_screen(h, "mission_complete")
            tap_text(h, "Continue")
            h.pump(frames=3)
    wait_screen(h, "end")
    # After the game: the same debrief on the phone (every mission, each transmission).
    wait_for(phone, lambda d: phone_state(d)["over"] and phone_state(d)["debrief"], pump=pump)
    assert len(phone_state(phone)["debrief"]) == rounds
    phone.save_screenshot(str(h.screenshot("phone_end.png").with_name("phone_debrief.png")))
    assert reloaded and coached
    # Nothing the phone showed reached a log line while the game ran, nor the token.
    logged = "\n".join(r.getMessage() for r in caplog.records
                        if not r.name.startswith(("selenium", "urllib3")))  # the test's own driver
    assert url.split("t=", 1)[1] not in logged
    assert not [m for m in missions if m in logged]
    # The token died with the game: the URL is refused now.
    other = phones()
    other.get(url)
    assert "not valid" in other.page_source
    tap_text(h, "Home")
    wait_screen(h, "home")


def _illegal_first(session: PhoneSession, command: Command) -> bool:
    from companion.games.transmission.engine.game import rules_for

    return rules_for(CONTENT).reason(session.game.state.position, command) is not None


def _place(h: Any, session: PhoneSession, card: str) -> bool:
    """The Cadet puts ``card`` in the next free register (as a scanned Command card does)."""
    from companion.games.transmission.cards import all_cards
    from companion.games.transmission.intents import ScannedCard

    found = next(c for c in all_cards(CONTENT) if c.kind == "command" and c.id == card)
    ok = h.app.hardware.use_card(found) if getattr(h.app, "hardware", None) else session.scan(
        ScannedCard("command", card, found.name))
    h.pump(frames=3)
    return bool(ok)


@pytest.mark.timeout(300)
def test_a_second_phone_and_an_old_code(ui_harness: Any, start_app: Any, no_ui_errors: None, phones: Any,
                                        tmp_path: Path) -> None:
    h = ui_harness
    port = free_port()
    app = start_phone_game(h, start_app, tmp_path, port)
    session: PhoneSession = app.session
    url = decode_qr(h.screenshot("phone_qr_second.png"))
    pump = lambda: h.pump(frames=1)  # noqa: E731
    first = phones()
    first.get(url)
    wait_for(first, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    # A second phone scans the same code: it waits, and the touchscreen asks to confirm.
    second = phones()
    second.get(url)
    wait_for(second, lambda d: "Another phone holds" in d.find_element("id", "notice").text, pump=pump)
    from ui.popups import ChoicePopup

    h.pump_until(lambda: any(isinstance(w, ChoicePopup) for w in h.window.children),
                 what="the hand-over question")
    h.pump(0.5)
    h.screenshot("phone_handover.png")
    assert not touchscreen_leaks(h)
    settle(h)
    tap_text(h, "Hand over")
    wait_for(second, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    wait_for(first, lambda d: "went to another phone" in d.find_element("id", "notice").text, pump=pump)
    # A new code: the old URL is refused (replayed token), the holder is sent away.
    h.app.transmission.open_mission_control()  # the hold button: the code again, never the secrets
    h.pump_until(lambda: code_screen(h) is not None, what="the code")
    code_screen(h).new_code()
    h.pump(0.3)
    new_url = decode_qr(h.screenshot("phone_qr_new.png"))
    assert new_url != url
    wait_for(second, lambda d: "not valid" in d.find_element("id", "notice").text, pump=pump)
    second.get(url)
    assert "not valid" in second.page_source
    second.get(new_url)
    wait_for(second, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    assert session.seat_open
    # Malformed and oversized messages from the phone's own browser: a clear error, then a closed
    # socket for the oversized one (1009); the game is untouched and the page rejoins.
    picks = session.seat_view().picks
    second.execute_script("""
        const url = "ws://" + location.host + "/ws" + location.search + "&phone="
            + localStorage.getItem("mc-phone");
        const ws = new WebSocket(url);
        const got = window.junkReplies = [];
        let errors = 0;
        ws.onmessage = (e) => {
            const data = JSON.parse(e.data);
            if (data.type === "state") {
                if (!got.length) { got.push("state:"); ws.send("{not json"); }
                return;
            }
            got.push(data.type + ":" + (data.message || ""));
            errors += 1;
            if (errors === 1) { ws.send(JSON.stringify({type: "pick", command: "NORTHWEST"})); }
            else if (errors === 2) { ws.send(JSON.stringify({type: "pick", command: "N".repeat(5000)})); }
        };
        ws.onclose = (e) => { got.push("close:" + e.code); };
    """)
    replies = wait_for(second, lambda d: (lambda r: r if r and r[-1].startswith("close:") else None)(
        d.execute_script("return window.junkReplies;")), pump=pump)
    h.pump(frames=5)
    assert replies[0].startswith("state:"), replies
    assert replies[1].startswith("error:") and "JSON" in replies[1], replies
    assert replies[2].startswith("error:") and "NORTHWEST" in replies[2], replies
    assert replies[-1] == "close:1009", replies
    assert session.seat_view().picks == picks and "Traceback" not in " ".join(replies)
    h.pump(0.5)
    assert code_screen(h) is None and not any(isinstance(w, ChoicePopup) for w in h.window.children)


def test_a_port_in_use_leaves_the_game_on_the_touchscreen(ui_harness: Any, start_app: Any,
                                                          tmp_path: Path) -> None:
    import socket

    h = ui_harness
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        app = start_app(config=phone_config(tmp_path, port), difficulty="training", seed=7,
                        store_path=tmp_path / "store.sqlite3")
        tap_text(h, "New game")
        s = wait_screen(h, "setup")
        h.tap(next(t for t in s.ids.seats.children if t.value == "phone"))
        tap_text(h, "Start")
        wait_screen(h, "board_setup")
        assert f"Phone off: port {port} is in use." in app.phone_off  # kept on Board set-up, Thinking
        assert code_screen(h) is None
        h.screenshot("phone_port_in_use.png")
        session = app.session
        assert isinstance(session, PhoneSession) and not session.seat_open
        # The touchscreen's own Mission Control screen still works.
        app.transmission.open_mission_control()
        h.pump(frames=3)
        from ui.games.transmission.mc_seat import SeatScreen

        seat = next(w for w in h.window.children if isinstance(w, SeatScreen))
        seat.hide()
        h.pump(frames=3)

