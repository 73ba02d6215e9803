"""A phone game after a power cut, and a hand-over question closed without an answer (issue 23).

A game started with Mission Control on a phone is played through one transmission, the app stops (as a
power cut would), and a new app resumes it from the store: the game is a phone game again, the server
runs with a new code (the old one gets 403), the QR code is up, nothing secret is on the touchscreen,
and a phone joining by the new code sees the same missions and hand and can lock in.  With the port
in use the resumed game goes on on the touchscreen, said once.  Every socket is on 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Step
from phone_browser import free_port, phones, wait_for
from test_ui_game import settle, start_app, tap_text, wait_screen
from test_ui_phone import (
    PLANNER,
    click,
    code_screen,
    decode_qr,
    phone_config,
    phone_state,
    start_phone_game,
    touchscreen_leaks,
)

__all__ = ["phones", "start_app"]

pytestmark = pytest.mark.ui


def resume_from_store(h: Any, start_app: Any, tmp_path: Path, port: int) -> Any:
    """Stop the app (a power cut) and start a new one on the same store; tap Resume."""
    h.stop()
    app = start_app(config=phone_config(tmp_path, port), difficulty="training", seed=7,
                    store_path=tmp_path / "store.sqlite3")
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    settle(h)
    tap_text(h, "Resume")
    return app


def play_one_transmission(h: Any, phone: Any, session: PhoneSession) -> None:
    """Mission Control picks the planner's five on the phone; the Cadets decode and execute."""
    from test_ui_phone import _place

    pump = lambda: h.pump(frames=1)  # noqa: E731
    wait_for(phone, lambda d: phone_state(d)["task"] == "select", pump=pump)
    for k, command in enumerate(PLANNER.choose(session.mission_control_view()), start=1):
        click(phone, command.title)
        wait_for(phone, lambda d, k=k: len(phone_state(d)["picks"]) == k, pump=pump)
    click(phone, "Lock in")
    h.pump_until(lambda: session.step is not Step.THINKING, timeout=10, what="the lock-in")
    wait_screen(h, "transmission")
    tap_text(h, "Decode")
    wait_screen(h, "decode")
    for k, cid in enumerate(session.game.state.intended, start=1):
        if session.game.state.registers[k - 1] is None:
            assert _place(h, session, cid), str(h.app.message)
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


@pytest.mark.timeout(400)
def test_a_phone_game_resumes_with_the_phone_and_a_new_code(ui_harness: Any, start_app: Any, phones: Any,
                                                             tmp_path: Path) -> None:
    h = ui_harness
    port = free_port()
    app = start_phone_game(h, start_app, tmp_path, port)
    session: PhoneSession = app.session
    pump = lambda: h.pump(frames=1)  # noqa: E731
    old_url = decode_qr(h.screenshot("phone_resume_first_qr.png"))
    phone = phones()
    phone.get(old_url)
    wait_for(phone, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    h.pump_until(lambda: code_screen(h) is None and session.seat_open, what="the phone to hold the seat")
    h.pump(0.5)
    settle(h)
    tap_text(h, "Board is ready")
    wait_screen(h, "thinking")
    play_one_transmission(h, phone, session)
    assert session.step is Step.THINKING and not session.over, session.step
    wait_for(phone, lambda d: phone_state(d)["task"] == "select", pump=pump)
    before = phone_state(phone)
    drawn = len(session.game.state.drawn)

    app = resume_from_store(h, start_app, tmp_path, port)
    h.pump_until(lambda: isinstance(app.session, PhoneSession) and code_screen(h) is not None,
                 what=f"the resumed phone game's code ({app.session!r}, {app.message!r})")
    session = app.session
    h.pump(0.5)
    assert len(session.game.state.drawn) == drawn and session.step is Step.THINKING
    assert app.transmission.initial.mission_control == "phone"  # play again offers the phone again
    assert not session.seat_open and not touchscreen_leaks(h)
    new_url = decode_qr(h.screenshot("phone_resumed_qr.png"))
    assert new_url != old_url and new_url.startswith(f"http://127.0.0.1:{port}/?t=")
    # The code from before the cut is refused (the page and the socket: 403).
    stale = phones()
    stale.get(old_url)
    assert "not valid" in stale.page_source
    status = stale.execute_script("""
        const r = new XMLHttpRequest(); r.open("GET", arguments[0], false); r.send(); return r.status;""",
        old_url)
    assert status == 403
    # The phone that held the seat sees the old code die; scanning the new one, it rejoins as it was.
    phone.get(new_url)
    wait_for(phone, lambda d: phone_state(d) and phone_state(d)["task"] == "select", pump=pump)
    h.pump_until(lambda: session.seat_open and code_screen(h) is None, what="the phone to rejoin")
    after = phone_state(phone)
    assert after["missions"] == before["missions"] and after["pad"] == before["pad"]
    assert not touchscreen_leaks(h)
    h.screenshot("phone_resumed_thinking.png")
    phone.save_screenshot(str(h.screenshot("phone_resumed_touch.png").with_name("phone_resumed_page.png")))
    for k, command in enumerate(PLANNER.choose(session.mission_control_view()), start=1):
        click(phone, command.title)
        wait_for(phone, lambda d, k=k: len(phone_state(d)["picks"]) == k, pump=pump)
    click(phone, "Lock in")
    h.pump_until(lambda: session.step is not Step.THINKING, timeout=10, what="the lock-in after resume")
    wait_screen(h, "transmission")
    assert len(session.game.state.drawn) == drawn + 1 and not touchscreen_leaks(h)


def test_a_resumed_phone_game_with_the_port_in_use_goes_on_on_the_touchscreen(
        ui_harness: Any, start_app: Any, tmp_path: Path) -> None:
    import socket

    h = ui_harness
    port = free_port()
    app = start_phone_game(h, start_app, tmp_path, port)
    code_screen(h).dismiss()
    h.pump(0.5)
    settle(h)
    tap_text(h, "Board is ready")
    wait_screen(h, "thinking")
    with socket.socket() as busy:
        h.stop()
        busy.bind(("127.0.0.1", port))
        busy.listen()
        app = start_app(config=phone_config(tmp_path, port), difficulty="training", seed=7,
                        store_path=tmp_path / "store.sqlite3")
        h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
        settle(h)
        tap_text(h, "Resume")
        wait_screen(h, "thinking")
        session = app.session
        assert isinstance(session, PhoneSession) and not session.seat_open
        assert code_screen(h) is None and app.transmission.phone is None
        said = app.phone_off  # kept on Thinking for the whole game
        assert said.startswith(f"Phone off: port {port} is in use.") and "Hold: Mission Control" in said, said
        assert h.app.manager.current_screen.ids.phone_off.text == said
        assert not touchscreen_leaks(h)
        h.screenshot("phone_resumed_port_in_use.png")
        # The touchscreen's own Mission Control screen serves the person.
        app.transmission.open_mission_control()
        h.pump(frames=3)
        from ui.games.transmission.mc_seat import SeatScreen

        assert any(isinstance(w, SeatScreen) for w in h.window.children)


@pytest.mark.timeout(300)
def test_a_hand_over_question_closed_unanswered_keeps_the_seat(ui_harness: Any, start_app: Any,
                                                               phones: Any, tmp_path: Path) -> None:
    from ui.popups import ChoicePopup

    h = ui_harness
    port = free_port()
    app = start_phone_game(h, start_app, tmp_path, port)
    session: PhoneSession = app.session
    url = decode_qr(h.screenshot("phone_dismiss_qr.png"))
    pump = lambda: h.pump(frames=1)  # noqa: E731
    first = phones()
    first.get(url)
    wait_for(first, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    second = phones()
    second.get(url)
    wait_for(second, lambda d: "Another phone holds" in d.find_element("id", "notice").text, pump=pump)

    def question() -> Any:
        return next((w for w in h.window.children if isinstance(w, ChoicePopup)), None)

    h.pump_until(lambda: question() is not None, what="the hand-over question")
    settle(h)
    question().handle_key("back")  # Escape (a tap outside is the same): no answer
    wait_for(second, lambda d: "kept the seat with the other phone" in d.find_element("id", "notice").text,
             timeout=5, pump=pump)
    again = second.find_element("id", "again")
    assert again.is_displayed() and again.text == "Ask again"
    assert not second.find_element("id", "seat").is_displayed()
    second.save_screenshot(str(h.screenshot("phone_kept_touch.png").with_name("phone_kept_page.png")))
    h.pump(0.5)
    assert phone_state(first)["missions"] and session.seat_open  # the first phone keeps the seat
    # Asking again asks the table again; this time it hands over.
    again.click()
    wait_for(second, lambda d: "Another phone holds" in d.find_element("id", "notice").text, pump=pump)
    assert not second.find_element("id", "again").is_displayed()
    h.pump_until(lambda: question() is not None, what="the question asked again")
    settle(h)
    tap_text(h, "Hand over")
    wait_for(second, lambda d: phone_state(d) and phone_state(d)["missions"], pump=pump)
    wait_for(first, lambda d: "went to another phone" in d.find_element("id", "notice").text, pump=pump)
    h.pump(0.5)
    assert session.seat_open and question() is None
    assert not first.find_element("id", "again").is_displayed()  # handed over: no asking back
