"""Every screen and popup the other German tours do not reach fits at 800x480 (issue 22, item 3).

Which test checks which screen is the table in ``docs/adding-a-language.md`` ("Which test checks
that each screen fits"); :func:`test_every_screen_and_popup_is_in_the_inventory` fails when a screen
or popup class of ``ui/`` is missing from it, so a new screen gets a line there and a walk here.

Each :data:`WALKS` entry starts the app in German (the real catalog, ``companion/locale/de``) and
drives it through the app's own methods, as a table would, to each state of its screens and popups;
at each one :func:`i18n_support.misfits` must find nothing (no label's text larger than its box,
shortened with "...", a word cut across two lines ("Reparier" / "en"), squeezed to nothing or over
another's), and a screenshot lands in ``tests/_screenshots/fit_de/<walk>/`` (look at them).  A new
screen: a walk (or a step of one) that reaches it and calls ``look("its_name")``.

- ``mc_seat`` (hard: 3 missions) and ``mc_seat_expert`` (4): a person as Mission Control (RULES.md,
  With a person as Mission Control): the Cadet's screens with the hold button, the Mission Control
  screen's cue, entering Mission cards with the longest titles (a refusal said), picking 5 commands
  (a refusal, the coach's advice), locked in, the error card, the hand-over, a Signal Boost's
  answer, watching.
- ``pairing``: the pairing popup of an unknown RFID tag, the Mission Control screen closed and open.
- ``debrief``: a hard game with errors, boosts and a changed order, every page; a page made as long
  as the rules allow (the longest mission titles completed, every boost answered, two errors and a
  clear signal, the planner's sentences for 4 missions with plural counts); a person's game; the
  refusal while no game is over.
- ``transmission_popups``: the Menu, Leave this game?, Fix the board and its two pickers, Decode
  with boosts held and its boost popups, the status strip at its fullest (:func:`_longest_strip`),
  Mission complete, End.
- ``phone``: Setup with Mission Control on a phone, the code screen, the hand-over question.
- ``shell``: History's longest rows (:func:`many_games`), Stats of the action games
  (:func:`standings`), Settings, the resume question of an
  unfinished game (Home behind it).
- ``action_popups``: The Five Actions' starting-Location picker, The Six Actions' pawn popup and a
  step's number pad.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from i18n_support import misfits, report

#: Where the inventory lives (every screen and popup, and the test that checks it fits).
INVENTORY = Path(__file__).resolve().parent.parent / "docs" / "adding-a-language.md"
SHOTS = "fit_de"

Look = Callable[[str], None]


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def dismiss_popups(h: Any) -> None:
    from kivy.uix.modalview import ModalView

    for widget in list(h.window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)
    h.pump(frames=3)


def top_popup(h: Any, cls: type) -> Any:
    found = [w for w in h.window.children if isinstance(w, cls)]
    assert found, f"no {cls.__name__} is open"
    return found[0]


# ---------------------------------------------------------------------------- a person as Mission Control

#: Hard, with this seed the deal has a Clear Signal or a Cross Check (test_ui_person_mc.SEED).
PERSON_SEED = 2024


def _person_app(h: Any, tmp_path: Path, **config: Any) -> Any:
    from companion.table.config import Config
    from test_ui_game import CONTENT, make_chooser
    from ui.app import CompanionApp

    settings = Config(mission_control="person", physical_missions=True, physical_deck=True,
                      private_boosts=True, coach=True, data_dir=tmp_path, **config)
    app = CompanionApp(config=settings, content=CONTENT, chooser_factory=make_chooser,
                       store_path=tmp_path / "store.sqlite3")
    h.start(app)
    i18n.set_language("de")
    settle(h)
    return app


def _open_seat(h: Any, app: Any, look: Look | None = None, name: str = "") -> Any:
    from ui.games.transmission.mc_seat import SeatScreen

    app.open_mission_control()
    h.pump_until(lambda: any(isinstance(w, SeatScreen) for w in h.window.children), timeout=3,
                 what="the Mission Control screen")
    seat = top_popup(h, SeatScreen)
    h.pump(frames=3)
    if look is not None:
        look(name)
    seat.show()
    h.pump(frames=3)
    assert seat.stage == "secrets"
    return seat


def _hide(h: Any, seat: Any) -> None:
    seat.hide()
    h.pump(frames=3)


def _scan(app: Any, h: Any, kind: str, card_id: str) -> bool:
    from companion.games.transmission.cards import all_cards

    card = next(c for c in all_cards(app.content) if (c.kind, c.id) == (kind, card_id))
    ok = bool(app.hardware.use_card(card))
    h.pump(frames=3)
    return ok


def walk_mc_seat(h: Any, tmp_path: Path, look: Look, difficulty: str = "hard") -> None:
    """The Mission Control screen of a person in each of its states, the missions entered being the
    longest titles (``difficulty`` "expert": 4 of them beside the board)."""
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.mission_control.planner import Planner
    from companion.games.transmission.session import Step
    from test_ui_game import wait_screen
    from test_ui_table import wait_step

    planner = Planner()
    app = _person_app(h, tmp_path)
    assert app.start_game(difficulty, "standard", PERSON_SEED)
    wait_screen(h, "board_setup")
    session = app.session
    assert app.intents.confirm()
    wait_screen(h, "thinking")
    look("thinking_person")
    seat = _open_seat(h, app, look, "mc_cue")
    look("mc_missions")
    # The longest titles are the ones to enter (they are listed on the left for the whole game).
    longest = sorted(app.content.missions, key=lambda m: len(i18n._(m.title)), reverse=True)
    assert session.enter_mission(longest[0].id)
    assert not session.enter_mission(longest[0].id)  # entered already: said on the screen
    h.pump(frames=3)
    look("mc_missions_refused")
    for mission in longest[1:seat.seat.seat_view().missions_needed]:
        assert session.enter_mission(mission.id), seat.message
    h.pump(frames=3)
    assert session.seat_view().task == "select"
    look("mc_select")
    bad = next((c for c in (Command.REPAIR, Command.DEPLOY, Command.COLLECT, Command.N, Command.W)
                if not session.pick(c)), None)
    if bad is None:
        assert session.clear_picks()
    h.pump(frames=3)
    look("mc_select_refused")
    session.clear_picks()
    pick = planner.choose(session.mission_control_view())
    for command in pick[:3]:
        assert session.pick(command), seat.message
    seat.ask_coach()
    h.pump_until(lambda: not seat.busy, timeout=90, what="the coach")
    h.pump(frames=3)
    look("mc_coach")
    for command in pick[3:]:
        assert session.pick(command), seat.message
    h.pump(frames=3)
    look("mc_select_full")
    assert session.lock_in(), seat.message
    h.pump(frames=3)
    look("mc_locked")
    _hide(h, seat)
    answered = False
    for _round in range(7):
        wait_step(h, Step.TRANSMISSION)
        wait_screen(h, "transmission")
        drawable = session.drawable_transmissions()
        card = next((c for c in drawable if app.content.transmission(c).errors), drawable[0])
        assert _scan(app, h, "transmission", card)
        if session.awaiting_error:
            look("transmission_person_waiting")
            seat = _open_seat(h, app)
            look("mc_error")
            choice = session.seat_view().error_choices[0]
            assert session.draw_error({Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY",
                                       Command.REPAIR: "REPAIR"}.get(choice, f"{choice.value}1"))
            h.pump(frames=3)
        else:
            seat = _open_seat(h, app)
        assert session.seat_view().task == "hand_over"
        look("mc_hand_over")
        _hide(h, seat)
        assert app.intents.confirm()
        wait_screen(h, "decode")
        look("decode_person")
        state = session.game.state
        spoken = ("CROSS_CHECK", "CLEAR_SIGNAL")
        boost = next((b for b in state.boosts if app.content.boost(b).kind.name in spoken), None)
        if boost is not None and not answered:
            if app.content.boost(boost).kind.name == "CLEAR_SIGNAL":
                free = next(k for k, r in enumerate(state.registers, start=1) if r is None)
                assert app.intents.use_boost(boost, register=free, card=state.hand[0])
            else:
                assert app.intents.use_boost(boost, card=state.hand[0])
            h.pump(frames=3)
            look("decode_person_answers")
            seat = _open_seat(h, app)
            assert session.seat_view().task == "answer"
            look("mc_answer")
            _hide(h, seat)
            answered = True
        seat = _open_seat(h, app)
        look("mc_watch")
        _hide(h, seat)
        if answered:
            break
        # On to the next transmission: the Cadet executes the intended order.
        for k, cid in enumerate(session.game.state.intended, start=1):
            if session.arrangement[k - 1] is None and cid in session.unplaced():
                session.place(cid, k)
        for k in range(1, 6):
            if session.arrangement[k - 1] is None:
                session.place(session.unplaced()[0], k)
        assert app.intents.execute(), session.message
        while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
            assert app.intents.confirm()
            h.pump(frames=2)
        if session.step is Step.END:
            break
        wait_step(h, Step.THINKING)
        seat = _open_seat(h, app)
        for command in planner.choose(session.mission_control_view()):
            assert session.pick(command), seat.message
        assert session.lock_in(), seat.message
        _hide(h, seat)
    assert answered or difficulty != "hard", \
        "no Clear Signal or Cross Check was dealt: pick another PERSON_SEED"


def walk_pairing(h: Any, tmp_path: Path, look: Look) -> None:
    """An unknown RFID tag with a person as Mission Control: the pairing popup with the screen closed
    (no mission listed) and open (every mission, the longest titles among them)."""
    from hardware.reader import ReaderEvent
    from test_ui_game import wait_screen
    from ui.table_hardware import PairingPopup

    sections = {"gpio": {"debounce_ms": 20},
                "reader": {"port": "loop://", "pairings": str(tmp_path / "pairings.toml")}}
    app = _person_app(h, tmp_path, sections=sections)
    assert app.start_game("hard", "standard", PERSON_SEED)
    wait_screen(h, "board_setup")
    assert app.intents.confirm()
    wait_screen(h, "thinking")

    def scan_tag(tag: str) -> Any:
        app.hardware.events.put(ReaderEvent("scan", tag, "rfid"))
        h.pump_until(lambda: h.find_all(cls=PairingPopup), timeout=3, what="the pairing popup")
        h.pump(0.5)
        return h.find(cls=PairingPopup)

    popup = scan_tag("04A1B2C3D4")
    look("pairing")
    popup.show_kind("mission")
    h.pump(frames=3)
    look("pairing_mission_closed")
    popup.dismiss(animation=False)
    h.pump(1.0)
    seat = _open_seat(h, app)
    popup = scan_tag("04A1B2C3D5")
    popup.show_kind("mission")
    h.pump(frames=3)
    look("pairing_mission_open")
    popup.show_kind("command")
    h.pump(frames=3)
    look("pairing_command")
    popup.dismiss(animation=False)
    h.pump(1.0)  # the list's scroll animation ends
    _hide(h, seat)


# ---------------------------------------------------------------------------- the debrief

def _stress_page(content: Any, debrief: Any) -> Any:
    """``debrief`` with one page as long as the rules allow: the longest German mission titles
    completed (a game has 4 at most), every boost answered, a clear signal and two errors, the board
    corrected, the planner's sentences for 4 missions with plural counts and "out of reach"."""
    from companion.games.transmission.debrief import Heading

    t = debrief.transmissions[-1]
    longest = sorted(content.missions, key=lambda m: len(i18n._(m.title)), reverse=True)[:4]
    said = max((b for t in debrief.transmissions for b in t.boosts), key=lambda b: len(b.answer))
    boosts = tuple(replace(said, boost=b.id, name=b.name) for b in content.boosts)
    heading = (Heading(longest[0].id, longest[0].title, True, 1, 0),
               Heading(longest[1].id, longest[1].title, False, 12, 11),
               Heading(longest[2].id, longest[2].title, False, 3, 3),
               Heading(longest[3].id, longest[3].title, False, None, None))
    worst = replace(t, number=len(debrief.transmissions), clear_register=5, errors_drawn=2, boosts=boosts,
                    completed=tuple((m.id, 5) for m in longest[:2]), corrected=True, heading=heading,
                    all_before=12, all_after=None, executed=t.executed or t.intended)
    return replace(debrief, transmissions=(*debrief.transmissions[:-1], worst))


def walk_debrief(h: Any, tmp_path: Path, look: Look) -> None:
    import json
    import sqlite3

    from companion.table.store import Store
    from test_debrief import boosted_game
    from test_ui_debrief import wait_pages
    from test_ui_game import CONTENT, make_chooser, wait_screen
    from ui.app import CompanionApp

    path = tmp_path / "data" / "companion.sqlite3"
    path.parent.mkdir(parents=True)
    with Store.open(path) as store:
        boosted_game(store=store)
    app = CompanionApp(content=CONTENT, chooser_factory=make_chooser, store_path=path)
    h.start(app)
    i18n.set_language("de")
    settle(h)
    debrief = app.manager.get_screen("debrief")
    debrief.open_game(None, "home")
    s = wait_pages(h)
    assert s.problem == "" and s.pages > 1
    for page in range(s.pages):
        s.show_page(page)
        h.pump(frames=3)
        look(f"debrief_{page + 1}")
    s.debrief = _stress_page(CONTENT, s.debrief)
    s.pages = len(s.debrief.transmissions)
    s.show_page(s.pages - 1)
    h.pump(frames=3)
    look("debrief_longest")
    # A person's game: the same record, the table state saying a person was Mission Control.
    s.back()
    wait_screen(h, "home")
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT state FROM table_state").fetchone()
        conn.execute("UPDATE table_state SET state = ?",
                     (json.dumps({**json.loads(text), "mission_control": "person"}),))
    debrief.open_game(None, "home")
    s = wait_pages(h)
    look("debrief_person")
    debrief.open_finished("home")
    h.pump(frames=3)
    look("debrief_not_over")


# ---------------------------------------------------------------------------- Incoming Transmission's popups

def _german_app(h: Any, tmp_path: Path, store: Path | None = None, **config: Any) -> Any:
    """The app started in German by the config's ``[table] language`` (a popup opened at the start
    is in German too)."""
    from companion.table.config import Config
    from companion.table.table_settings import TableSettings
    from test_ui_game import CONTENT, make_chooser
    from ui.app import CompanionApp

    settings = Config(table=TableSettings(language="de"), data_dir=tmp_path, **config)
    app = CompanionApp(config=settings, content=CONTENT, chooser_factory=make_chooser,
                       store_path=store or tmp_path / "store.sqlite3")
    h.start(app)
    settle(h)
    assert i18n.language() == "de"
    return app


def _popup(h: Any, look: Look, name: str, open_it: Callable[[], object]) -> None:
    open_it()
    h.pump(0.3)
    look(name)
    dismiss_popups(h)


def _play_transmission(h: Any, app: Any, look: Look) -> None:
    """From Decode, the intended order executed (a test-only look at the secrets), to the next
    Decode or the End; Mission complete looked at when a mission is, and a boost's "Use it?" once
    one is held that asks (Abort and Debug ask; the others want a register or a card first)."""
    from companion.games.transmission.session import Step
    from test_ui_table import arrange_intended, wait_step
    from ui.popups import ChoicePopup

    arrange_intended(h)
    decode = app.manager.current_screen
    for boost in app.session.view().boosts:
        decode.use_boost(boost.id)
        h.pump(0.3)
        if any(isinstance(w, ChoicePopup) for w in h.window.children):
            look("decode_boost_use_it")
            dismiss_popups(h)
        decode.pending = ""
    assert app.intents.execute(), app.session.message
    while app.session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        if app.session.step is Step.MISSION_COMPLETE:
            h.pump_until(lambda: app.manager.current == "mission_complete", timeout=10,
                         what="Mission complete")
            look("mission_complete")
        assert app.intents.confirm()
    h.pump_until(lambda: app.session.step is not Step.EXECUTE)
    if app.session.step is not Step.END:
        wait_step(h, Step.TRANSMISSION)
        assert app.intents.confirm()
        h.pump_until(lambda: app.manager.current == "decode", timeout=10, what="Decode")
        settle(h)


def _longest_strip(app: Any, h: Any) -> None:
    """The status strip as full as a game makes it: the last of 7 transmissions, 3 of 4 missions,
    every Signal Boost held, expert with its seed, the reader disconnected."""
    from companion.games.transmission.content.words import pack_text
    from companion.games.transmission.engine.views import BoostView
    from ui.games.transmission.status import fill_status
    from ui.table_hardware import status_text

    boosts = tuple(BoostView(id=b.id, kind=b.kind, name=pack_text(b.name), text=pack_text(b.text))
                   for b in app.content.boosts)
    view = replace(app.session.view(), transmission=7, transmissions_total=7, boosts=boosts,
                   difficulty="expert", seed=999999, missions_total=4)
    fill_status(app.status, view, app.content, ())
    app.status.hardware = status_text("disconnected", "on")
    h.pump(frames=4)


def walk_transmission_popups(h: Any, tmp_path: Path, look: Look) -> None:
    from companion.games.transmission.session import Step
    from test_ui_game import wait_screen

    app = _german_app(h, tmp_path)
    assert app.start_game("training", "standard", 2023)  # test_ui_game's seed that earns boosts
    wait_screen(h, "board_setup")
    table = app.shelf.table("transmission")
    _popup(h, look, "menu", app.open_menu)
    _popup(h, look, "leave", table.ask_leave)
    table.show_correction()
    correction = wait_screen(h, "correction")
    look("fix_the_board")
    view = app.session.view()
    r, c = next((r, c) for r in range(5) for c in range(5) if view.rows[r][c] != ".")
    correction.select(r, c)
    h.pump(frames=3)
    look("fix_the_board_selected")
    _popup(h, look, "fix_module_picker", correction.choose_module)
    _popup(h, look, "fix_carrying_picker", correction.choose_carrying)
    table.close_correction()
    wait_screen(h, "board_setup")
    assert app.intents.confirm()
    h.pump_until(lambda: app.session.step is Step.TRANSMISSION, timeout=30, what="the Transmission card")
    assert app.intents.confirm()
    decode = wait_screen(h, "decode")
    while app.session.step is not Step.END and not app.session.view().boosts:
        _play_transmission(h, app, look)
    assert app.session.step is not Step.END, "no Signal Boost was earned: pick another seed"
    decode = wait_screen(h, "decode")
    look("decode_with_boosts")
    _longest_strip(app, h)
    look("status_strip_longest")
    _popup(h, look, "decode_boost_menu", decode.choose_boost)
    from ui.popups import ChoicePopup

    for boost in app.session.view().boosts:
        decode.use_boost(boost.id)
        h.pump(0.3)
        if any(isinstance(w, ChoicePopup) for w in h.window.children):
            look(f"decode_boost_{boost.id}")
            dismiss_popups(h)
        else:
            look(f"decode_boost_{boost.id}_refused")
        decode.pending = ""
    while app.session.step is not Step.END:
        _play_transmission(h, app, look)
    wait_screen(h, "end")
    look("end")


def walk_phone(h: Any, tmp_path: Path, look: Look) -> None:
    """Mission Control on a phone: the code screen (its QR code and the address), and the question
    when a second phone asks for the seat."""
    from phone_browser import free_port
    from test_ui_game import wait_screen
    from test_ui_phone import code_screen

    app = _german_app(h, tmp_path, mission_control="person", coach=True,
                      sections={"phone": {"address": "127.0.0.1", "port": free_port()}})
    app.new_game()
    setup = wait_screen(h, "setup")
    h.tap(next(t for t in setup.ids.seats.children if t.value == "phone"))
    settle(h)
    look("setup_phone")
    setup.start()
    wait_screen(h, "board_setup")
    h.pump_until(lambda: code_screen(h) is not None, what="the QR code")
    h.pump(0.5)
    look("phone_code")
    code = code_screen(h)
    code.dismiss()
    h.pump(0.5)
    table = app.shelf.table("transmission")
    table.phone.hand_over_asked("second phone")
    h.pump(0.5)
    look("phone_hand_over")
    dismiss_popups(h)
    table.phone.stop()


# ---------------------------------------------------------------------------- the shell

def many_games() -> list[Any]:
    """History's longest rows: every result, Incoming Transmission with the companion and with a person
    as Mission Control, expert with 4 missions, hours long, many undos, the action games' winners."""
    from datetime import UTC, datetime, timedelta

    from companion.table.store import GameSummary

    now = datetime.now(UTC)
    base: dict[str, Any] = {
        "id": 1, "started": now, "ended": now + timedelta(hours=3), "difficulty": "expert",
        "layout": "standard", "seed": 999999, "result": "won", "transmissions_used": 7,
        "missions_completed": 4, "missions_total": 4, "score": 1250, "duration_s": 3 * 3600 + 59 * 60.0,
        "undos": 12, "mission_control": "person"}
    rows = [GameSummary(**{**base, "id": k + 1, "result": result, "started": now - timedelta(days=k * 40),
                           "mission_control": seat, "missions_completed": 4 if result == "won" else 3})
            for k, (result, seat) in enumerate([("won", "person"), ("lost", "person"), ("left", "companion"),
                                                ("abandoned", "person"), ("unfinished", "companion"),
                                                ("won", "companion"), ("lost", "companion")])]
    for k, game in enumerate(("six-actions", "five-actions")):
        rows.append(GameSummary(**{**base, "id": 20 + k, "game": game, "difficulty": "5 players",
                                   "winners": ("Maximiliane", "Konstantin", "Friedericke"),
                                   "winning_total": 1234}))
    return rows


def standings() -> list[Any]:
    """Stats of the action games at their longest: 2 to 5 players, winners with long names, ties."""
    from companion.table.store_rows import PlayerStats

    names = ("Maximiliane", "Konstantin", "Friedericke")
    return [PlayerStats(game=game, difficulty=f"{n} players", finished=12, left=3,
                        wins=tuple((name, 4) for name in names), best_total=1234, best_by=names[:2],
                        totals=(900, 1100, 1234, 1000), unrecorded=2)
            for game in ("six-actions", "five-actions") for n in range(2, 6)]


def walk_shell(h: Any, tmp_path: Path, look: Look) -> None:
    """Settings (from Home, its every choice shown), History's longest rows, then the resume question
    of an unfinished game."""
    from test_ui_game import wait_screen

    store = tmp_path / "data" / "companion.sqlite3"
    app = _german_app(h, tmp_path, store=store)
    app.show("history")
    history = wait_screen(h, "history")
    history.show_games(many_games())
    history.can_export = True
    h.pump(0.3)
    look("history_long_rows")
    app.show("stats")
    stats = wait_screen(h, "stats")
    stats.show_stats([], standings())
    for game in ("six-actions", "five-actions"):
        stats.choose_game(game)
        h.pump(0.3)
        look(f"stats_{game}")
    app.show("settings")
    settings = wait_screen(h, "settings")
    look("settings")
    for name in ("quiet_on", "sound_muted"):
        if name in settings.ids:
            h.tap(settings.ids[name])
            settle(h)
    look("settings_quiet_muted")
    app.show("home")
    wait_screen(h, "home")
    assert app.start_game("expert", "standard", 8)
    wait_screen(h, "board_setup")
    assert app.intents.confirm()
    wait_screen(h, "transmission", timeout=60)  # no screen change left running when the app stops
    h.pump(0.5)
    h.stop()
    _german_app(h, tmp_path, store=store)
    h.pump_until(lambda: bool(h.find_all(cls="ChoicePopup")), what="the resume offer")
    h.pump(0.3)
    look("resume_offer")
    dismiss_popups(h)


# ---------------------------------------------------------------------------- the action games' popups

def walk_action_popups(h: Any, tmp_path: Path, look: Look) -> None:
    """The popups the action games' tours (tests/test_ui_action_games_i18n.py) do not open: The Five
    Actions' starting-Location picker, The Six Actions' pawn and a step's number pad."""
    from companion.games.six_actions.session import Seat
    from test_ui_action_games_i18n import MOST_STEPS, NAMES, SEED
    from ui.games.five_actions.setup import FiveSeatRow
    from ui.games.six_actions.table import table_of

    app = _german_app(h, tmp_path)
    app.show("five_setup")
    settle(h)
    setup = app.manager.current_screen
    row = h.find_all(cls=FiveSeatRow)[0]
    _popup(h, look, "five_start_picker", lambda: setup.pick_start(row))
    app.show("six_setup")
    settle(h)
    assert table_of(app).start([Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], 0, "map", SEED)
    settle(h)
    screen = app.manager.current_screen
    _popup(h, look, "six_pawn", screen.ask_pawn)
    padded = False
    for kind in ("loan", "adjust", "emergency_loan", "build"):
        screen.open_flow(kind)
        settle(h)
        step = app.manager.current_screen
        for _ in range(MOST_STEPS):
            question = step.question
            if question is None:
                break
            if question.number is not None:
                _popup(h, look, f"six_{kind}_number_pad", step.open_pad)
                padded = True
                break
            choice = next((o for o in question.options if o.enabled), None)
            if choice is None:
                break
            step.answer(choice.value, choice.label)
            settle(h)
        step.cancel()
        settle(h)
        if padded:
            break
    assert padded, "no step asked for a number"


# ---------------------------------------------------------------------------- the walks

#: name -> walk(harness, tmp_path, look): a walk looks at each state it reaches.
WALKS: dict[str, Callable[[Any, Path, Look], None]] = {
    "mc_seat": walk_mc_seat,
    "mc_seat_expert": partial(walk_mc_seat, difficulty="expert"),
    "pairing": walk_pairing,
    "debrief": walk_debrief,
    "transmission_popups": walk_transmission_popups,
    "phone": walk_phone,
    "shell": walk_shell,
    "action_popups": walk_action_popups,
}


@pytest.fixture
def german() -> Iterator[None]:
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.mark.timeout(420)
@pytest.mark.parametrize("walk", sorted(WALKS))
def test_every_screen_fits_in_german(ui_harness: Any, tmp_path: Path, german: None, walk: str) -> None:
    h = ui_harness
    found: dict[str, list[str]] = {}

    def look(name: str) -> None:
        settle(h)
        assert i18n.language() == "de"
        h.screenshot(f"{SHOTS}/{walk}/{name}.png")
        found.setdefault(name, misfits(h.window))

    WALKS[walk](h, tmp_path, look)
    assert found, "the walk looked at nothing"
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)


def test_every_screen_and_popup_is_in_the_inventory() -> None:
    """Every Screen and popup class under ``ui/`` is named in the table of ``docs/adding-a-language.md``
    (with the test that checks it fits): a new one cannot be forgotten."""
    root = Path(__file__).resolve().parent.parent / "ui"
    pattern = re.compile(r"^class (\w+)\((?:BaseScreen|SeatsSetupScreen|ActionStepScreen|ActionTableScreen|"
                         r"GuardedPopup|ChoicePopup|ModalView|Screen)\b", re.M)
    classes = {name for path in root.rglob("*.py") for name in pattern.findall(path.read_text())}
    table = INVENTORY.read_text()
    missing = sorted(name for name in classes if f"`{name}`" not in table)
    assert not missing, f"not in {INVENTORY.name}'s inventory: {missing}"
    assert {"SeatScreen", "DebriefScreen", "HomeScreen", "ChoicePopup"} <= classes


def test_misfits_sees_a_broken_word_an_ellipsis_and_a_spill(ui_harness: Any) -> None:
    """The measure itself can fail: three labels that do not fit, as the walks found them (a word
    broken after "Einstellunge", "Rep...eren", three lines in a box of two)."""
    from kivy.uix.label import Label

    h = ui_harness
    labels = [Label(text="Einstellungen", font_size=18, size_hint=(None, None), size=(80, 60), pos=(10, 10),
                    text_size=(80, None), halign="center"),
              Label(text="Reparieren", font_size=15, size_hint=(None, None), size=(40, 30), pos=(10, 100),
                    text_size=(40, 30), shorten=True),
              Label(text="Nur für die Missionskontrolle: Gleich kommen deine Missionen", font_size=18,
                    size_hint=(None, None), size=(200, 30), pos=(10, 200), text_size=(200, None))]
    for label in labels:
        h.window.add_widget(label)
    try:
        h.pump(frames=3)
        found = misfits(h.window)
    finally:
        for label in labels:
            h.window.remove_widget(label)
    assert any("'Einstellungen'" in line and "broken" in line for line in found), found
    assert any("'Reparieren'" in line and "shortened" in line for line in found), found
    assert any("'Nur für" in line and "larger than its box" in line for line in found), found
    assert len(found) == 3, found
