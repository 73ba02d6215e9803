"""What a real table does to the companion's screens, in a real 800x480 Kivy window.

Double taps (the second tap must not act on the screen the first one opened),
a Transmission card with two errors (seven cards in the hand, two leave-out
slots), a touch-only table (the Menu, the seed's number pad), the Signal
Boosts that cannot be used, and the Defeat screen.  Screenshots go to
``tests/_screenshots/``; look at them.

Some tests play the Cadet from Mission Control's intended order (a secret of
the game state, read here only to reach a wanted moment quickly); the Cadet
of ``test_ui_game`` reasons from the screen alone.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import time
from collections.abc import Iterator
from typing import Any

import pytest

import test_ui_game
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.session import LEAVE_OUT, Step
from test_ui_game import CONTENT, RULES, message, screen, settle, shown_hand, tap_text, wait_screen
from ui import theme

# The fixtures of test_ui_game, shared (the app in the window, errors logged by the app fail).
start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors

#: The gap between the two taps of a double tap, in seconds (a quick finger).
DOUBLE_TAP_GAP = 0.12


class AppClock:
    """The clock ``ui.app`` reads for its double-tap guard (``time.monotonic``), driven by the test: real
    time, except that :meth:`frozen` stops it, so a double tap is ``gap`` seconds apart *for the app*
    however long a loaded machine takes to build and draw the screen the first tap opened."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.stopped_at: float | None = None

    def monotonic(self) -> float:
        return self.stopped_at if self.stopped_at is not None else time.monotonic() - self.offset

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        self.stopped_at = self.monotonic()
        try:
            yield
        finally:
            self.offset = time.monotonic() - self.stopped_at
            self.stopped_at = None

    def advance(self, seconds: float) -> None:
        assert self.stopped_at is not None, "advance only a frozen clock"
        self.stopped_at += seconds

    def __getattr__(self, name: str) -> Any:  # the rest of the time module
        return getattr(time, name)


@pytest.fixture
def app_clock(monkeypatch: pytest.MonkeyPatch) -> AppClock:
    import ui.app

    clock = AppClock()
    monkeypatch.setattr(ui.app, "time", clock)
    return clock


def double_tap(h: Any, widget: Any, clock: AppClock, opened: str, gap: float = DOUBLE_TAP_GAP) -> None:
    """Two quick taps on the spot where ``widget`` is now, ``gap`` seconds apart (down to down) on the
    app's clock, whatever the frames in between cost: the second lands once the screen named ``opened``,
    which the first tap opens, is up and drawn (a condition waited on, not a number of frames)."""
    x, y = h.window_point(widget)
    with clock.frozen():
        touch = h.touch_down(x, y)
        h.pump(frames=2)
        h.touch_up(touch)
        h.pump_until(lambda: h.app.manager.current == opened and h.app.manager.current_screen is not None,
                     timeout=10, what=f"the first tap to open {opened}")
        h.pump(frames=2)  # ... and drawn
        clock.advance(gap)
        touch = h.touch_down(x, y)
        h.pump(frames=2)
        h.touch_up(touch)
        h.pump(frames=3)


def with_boosts(content: ContentPack, *kinds: str) -> ContentPack:
    """The pack with only these Signal Boosts, so the one a completed mission deals is known."""
    return dataclasses.replace(content, boosts=tuple(b for b in content.boosts if b.kind.value in kinds))


def two_error_pack(content: ContentPack) -> ContentPack:
    """Every level 3 and 4 Transmission card adds two errors and clears nothing: seven cards in hand."""
    cards = tuple(dataclasses.replace(t, clear_register=None, errors=2) if t.level >= 3 else t
                  for t in content.transmissions)
    return dataclasses.replace(content, transmissions=cards)


def wait_step(h: Any, step: Step, timeout: float = 10.0) -> None:
    h.pump_until(lambda: h.app.session is not None and h.app.session.step is step, timeout=timeout,
                 what=f"the session's {step.value} step")


def start_game(h: Any, difficulty: str, subtitle: str | None = None) -> None:
    """Home -> Setup (pick ``difficulty``, check its ``subtitle``) -> Start -> Board is ready, by touch."""
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    toggle = next(t for t in setup.ids.difficulties.children if t.value == difficulty)
    if subtitle is not None:
        assert toggle.subtitle == subtitle
    h.tap(toggle)
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    tap_text(h, "Board is ready")


def arrange_intended(h: Any) -> None:
    """Put Mission Control's intended order in the registers and the errors out (session intents)."""
    app = h.app
    state = app.session.game.state
    for k, cid in enumerate(state.intended, start=1):
        if state.registers[k - 1] is None:
            assert app.intents.place(cid, k), app.session.message
    for cid in app.session.unplaced():
        assert app.intents.place(cid, LEAVE_OUT), app.session.message
    h.pump(frames=2)


def completes_a_mission(h: Any) -> bool:
    """Whether the intended order completes a mission now (from the secrets: a test-only look)."""
    state = h.app.session.game.state
    missions = {m: CONTENT.mission(m).pair for m in state.remaining_missions}
    run = RULES.execute(state.position, [card_command(c) for c in state.intended], missions)
    return bool(run.completions)


def finish_round(h: Any) -> None:
    """Execute the arranged order and leave the Execute (and Mission complete) screens."""
    app = h.app
    assert app.intents.execute(), app.session.message
    while app.session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        assert app.intents.confirm()
    h.pump(frames=2)


def decode_until_a_mission_completes(h: Any) -> None:
    """Play intended orders until the one on the Decode screen completes a mission."""
    for _ in range(7):
        wait_step(h, Step.TRANSMISSION)
        assert h.app.intents.confirm()
        wait_screen(h, "decode")
        if completes_a_mission(h):
            return
        arrange_intended(h)
        finish_round(h)
    pytest.fail("no intended order completed a mission: pick another seed")


# ---------------------------------------------------------------------------- double taps


def test_a_double_tap_does_not_skip_a_screen(ui_harness: Any, start_app: Any, no_ui_errors: None,
                                             app_clock: AppClock) -> None:
    """A double tap on Execute shows the first execute view; one on Done shows Mission complete (the
    taps 0.12 s apart on the app's clock, :class:`AppClock`, not on a loaded machine's)."""
    h = ui_harness
    app = start_app(seed=12, difficulty="training", content=with_boosts(CONTENT, "debug"))
    start_game(h, "training")
    decode_until_a_mission_completes(h)
    arrange_intended(h)
    decode = screen(h)
    assert decode.can_execute
    double_tap(h, h.find(text="Execute"), app_clock, "execute")
    assert app.manager.current == "execute"
    assert app.session.shown_steps == 0, "the second tap went on to step 1"
    h.screenshot("double_tap_execute.png")
    s = screen(h)
    settle(h)
    while not s.at_end:
        h.tap(h.find(text="Next step"))
    assert h.find(text="Done")
    settle(h)
    double_tap(h, h.find(text="Done"), app_clock, "mission_complete")
    assert app.session.step is Step.MISSION_COMPLETE, app.session.step
    assert app.manager.current == "mission_complete"
    complete = screen(h)
    assert complete.heading.endswith("complete!") and complete.ids.missions.children
    assert "earned" in complete.boost_text and "Debug" in complete.boost_text
    h.screenshot("double_tap_mission_complete.png")
    # Enter twice, quickly, on the same kind of moment: the second press is ignored too.
    settle(h)
    tap_text(h, "Continue")
    wait_step(h, Step.TRANSMISSION)
    t = wait_screen(h, "transmission")
    assert t.level >= 1
    with app_clock.frozen():  # the two presses 0.1 s apart for the app, however slow Decode's first frame
        h.key("enter")
        h.pump_until(lambda: app.manager.current == "decode", timeout=10, what="Enter to open Decode")
        h.pump(frames=2)
        app_clock.advance(0.1)
        h.key("enter")  # on Decode this would be Execute (refused with empty registers): ignored
        h.pump(frames=2)
    assert app.manager.current == "decode" and app.session.step is Step.DECODE
    assert message(h) == ""
    # Debug held with no error in the hand (training has none): dimmed, and a tap says why.
    s = wait_screen(h, "decode")
    assert s.boosts_note == "Boosts"
    debug = h.find(text="Debug")
    assert list(debug.color[:3]) == pytest.approx(list(theme.DISABLED_TEXT[:3]))
    settle(h)  # Decode opened a moment ago: a tap within the guard time would be taken for an echo
    h.tap(debug)
    h.pump_until(lambda: message(h) != "", timeout=5, what="the tap on Debug to be answered")
    assert message(h) == "Debug: there is no error card this time, so nothing to remove."
    assert not h.find_all(cls="ChoicePopup")
    assert [b.name for b in app.session.view().boosts] == ["Debug"]
    h.screenshot("decode_debug_refused.png")


def test_two_missions_at_once_fit_mission_complete(ui_harness: Any, start_app: Any,
                                                   no_ui_errors: None) -> None:
    """Two missions and two boosts at once: every line on the screen, none under the status strip."""
    h = ui_harness
    app = start_app(seed=8, difficulty="training")
    start_game(h, "training")
    decode_until_a_mission_completes(h)
    arrange_intended(h)
    finish_round_until(h, Step.MISSION_COMPLETE)
    s = wait_screen(h, "mission_complete")
    assert s.heading == "2 missions complete!", "seed 8 no longer completes two at once: pick another"
    top = app.manager.to_window(0, app.manager.top)[1]
    heading = h.find(text="2 missions complete!")
    assert heading.to_window(0, heading.top)[1] <= top
    boost = s.ids.boost
    assert boost.text.startswith("[b]Signal Boosts earned:[/b]") and boost.text.count("\n") == 2
    assert boost.texture_size[1] <= boost.parent.height
    h.screenshot("mission_complete_two.png")


def finish_round_until(h: Any, step: Step) -> None:
    """Execute the arranged order and confirm until the session reaches ``step``."""
    app = h.app
    assert app.intents.execute(), app.session.message
    while app.session.step is not step:
        assert app.session.step is Step.EXECUTE, app.session.step
        assert app.intents.confirm()
    h.pump(frames=2)


# ---------------------------------------------------------------------------- two errors


def test_two_error_cards_fit_the_decode_screen(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """A card with two errors: said in words, seven cards in the hand, two leave-out slots, Debug."""
    h = ui_harness
    content = with_boosts(two_error_pack(CONTENT), "debug")
    app = start_app(seed=4, difficulty="expert", content=content)
    start_game(h, "expert", subtitle="4 missions · 14 errors · score ×2")  # 7 cards, each adding two
    t = wait_screen(h, "transmission")
    card = app.session.view().card
    assert card is not None and card.errors == 2 and card.clear_register is None
    assert t.headline == "Interference"
    assert "Interference: two error cards were added — leave two cards out." in t.explanation
    assert t.errors_text == "2 error cards"
    h.screenshot("transmission_two_errors.png")
    tap_text(h, "Decode")
    s = wait_screen(h, "decode")
    view = app.session.view()
    assert len(view.hand) == 7 and view.leave_out == 2
    # Every card whole, on screen and clear of the mini board; two red slots after register 5.
    board_left = s.ids.board.to_window(*s.ids.board.pos)[0]
    cards = list(s.ids.hand.children)
    assert len(cards) == 7
    for c in cards:
        x, _ = c.to_window(*c.pos)
        assert 0 <= x and x + c.width <= board_left - 4, (x, c.width, board_left)
        assert c.width >= 64
    for a, b in itertools.pairwise(sorted(cards, key=lambda c: c.x)):
        assert a.right <= b.x
    assert len(s.leave_slots) == 2 and s.hint.startswith("Tap a card, then a register. Leave two cards out")
    for slot in s.leave_slots:
        assert slot.label == "Leave out" and slot.get_root_window() is not None and slot.width >= 64
    right = s.leave_slots[-1].to_window(s.leave_slots[-1].right, 0)[0]
    assert right <= board_left
    h.screenshot("decode_two_errors.png")
    # Place by touch: the five registers, then the two leftovers into the two slots.
    state = app.session.game.state
    for k, cid in enumerate(state.intended, start=1):
        h.tap(next(c for c in s.ids.hand.children if c.card_id == cid))
        h.tap(s.ids[f"register{k}"])
    leftovers = shown_hand(h)
    assert len(leftovers) == 2
    for cid, slot in zip(leftovers, s.leave_slots):
        h.tap(next(c for c in s.ids.hand.children if c.card_id == cid))
        h.tap(slot)
    assert [slot.card_id for slot in s.leave_slots] == leftovers == app.session.left_out
    assert not s.ids.hand.children and s.can_execute
    # A card tapped onto a full leave-out slot swaps with that slot's card.
    first = s.ids.register1.card_id
    h.tap(s.ids.register1)  # back to the hand
    h.tap(next(c for c in s.ids.hand.children if c.card_id == first))
    h.tap(s.leave_slots[1])
    assert s.leave_slots[1].card_id == first and shown_hand(h) == [leftovers[1]]
    h.tap(next(iter(s.ids.hand.children)))
    h.tap(s.ids.register1)
    assert not s.ids.hand.children and s.can_execute
    h.screenshot("decode_two_errors_placed.png")
    tap_text(h, "Clear all")
    assert len(shown_hand(h)) == 7 and not app.session.left_out
    # On to a completed mission: the Debug it earns removes one of the next card's two errors.
    debug_one_of_two_errors(h)


def debug_one_of_two_errors(h: Any) -> None:
    """Play intended orders until a mission earns Debug, then spend it on the next two-error card."""
    app = h.app
    decode_until_a_mission_completes_from_decode(h)
    wait_step(h, Step.TRANSMISSION)
    assert app.intents.confirm()
    s = wait_screen(h, "decode")
    assert app.session.view().leave_out == 2 and len(s.leave_slots) == 2
    assert [b.name for b in app.session.view().boosts] == ["Debug"]
    h.tap(h.find(text="Debug"))
    h.pump(0.2)
    assert h.find(text="Use Debug?")
    settle(h)
    tap_text(h, "Use Debug")
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the popup to close")
    h.pump(frames=2)
    assert message(h).startswith("Debug: ") and message(h).endswith("was the error; it is removed.")
    assert app.session.view().leave_out == 1 and len(s.leave_slots) == 1 and len(shown_hand(h)) == 6
    assert s.boosts_note == "No Signal Boosts in hand"
    assert "Leave one card out: it goes in the red slot." in s.hint
    h.screenshot("decode_two_errors_debugged.png")


def decode_until_a_mission_completes_from_decode(h: Any) -> None:
    """From a Decode screen: play intended orders until one completes a mission, and execute it."""
    app = h.app
    for _ in range(7):
        arrange_intended(h)
        done = completes_a_mission(h)
        finish_round(h)
        if done:
            assert app.session.step is not Step.END, "the game ended with that mission: pick another seed"
            return
        wait_step(h, Step.TRANSMISSION)
        assert app.intents.confirm()
        wait_screen(h, "decode")
    pytest.fail("no intended order completed a mission: pick another seed")


# ---------------------------------------------------------------------------- touch only


def test_the_menu_leaves_a_game_by_touch(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """A table with no keyboard: Menu -> How to play and back, Keep playing, Leave game (asked)."""
    h = ui_harness
    app = start_app(seed=9)
    assert not h.find_all(text="Menu"), "no Menu outside a game"
    start_game(h, "standard")
    wait_screen(h, "transmission", timeout=10)
    session = app.session
    menu = h.find(text="Menu")
    assert menu.width >= 48 and menu.height >= 48
    h.tap(menu)
    h.pump(0.2)
    for text in ("How to play", "Leave game", "Keep playing"):
        assert h.find(text=text)
    h.screenshot("menu_popup.png")
    settle(h)
    tap_text(h, "How to play")
    help_screen = wait_screen(h, "help")
    rules = help_screen.rules_text
    assert "has three secret missions" in rules and "Complete all three" in rules
    assert "3 secret" not in rules
    h.screenshot("help_in_game.png")
    tap_text(h, "Back to the game")
    wait_screen(h, "transmission")
    assert app.session is session and session.step is Step.TRANSMISSION
    h.tap(h.find(text="Menu"))
    settle(h)
    tap_text(h, "Keep playing")
    h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the menu to close")
    assert app.manager.current == "transmission"
    h.tap(h.find(text="Menu"))
    settle(h)
    tap_text(h, "Leave game")
    h.pump_until(lambda: bool(h.find_all(text="Leave this game?")), what="the confirmation")
    settle(h)
    tap_text(h, "Leave game")
    wait_screen(h, "home")
    assert app.session is None and not h.find_all(text="Menu")


def test_the_seed_pad_types_a_seed_by_touch(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """Tap the seed: a number pad (0-9, Delete, Clear, OK, Cancel); a keyboard works on it too."""
    h = ui_harness
    app = start_app(seed=77)
    tap_text(h, "New game")
    s = wait_screen(h, "setup")
    field = s.ids.seed
    assert field.seed == "77"
    assert "Same seed, same deal: the same layout, missions and Transmission cards." in h.find(
        cls="MessageBar").text
    h.tap(field)
    h.pump(0.2)
    pad = h.find(cls="SeedPad")
    assert pad.text == "77"
    for label in ("0", "1", "5", "9", "Delete", "Clear", "OK", "Cancel"):
        button = h.find(pad, text=label)
        assert button.height >= 48 and button.width >= 48
    settle(h)
    tap_text(h, "Clear")
    for digit in "1234":
        h.tap(h.find(pad, text=digit))
    tap_text(h, "Delete")
    assert pad.text == "123"
    h.screenshot("setup_seed_pad.png")
    for digit in "456789":
        h.tap(h.find(pad, text=digit))
    assert pad.text == "123456789"
    h.tap(h.find(pad, text="1"))  # a tenth digit: refused, said
    assert pad.text == "123456789" and pad.problem == "At most 9 digits."
    h.screenshot("setup_seed_pad_full.png")
    tap_text(h, "OK")
    h.pump_until(lambda: not h.find_all(cls="SeedPad"), what="the pad to close")
    assert field.seed == "123456789"
    # Cancel keeps the seed; OK with nothing typed is refused in the pad.
    h.tap(field)
    settle(h)
    tap_text(h, "Clear")
    tap_text(h, "OK")
    pad = h.find(cls="SeedPad")  # still open: nothing typed
    assert pad.problem.startswith("Type a seed"), pad.problem
    tap_text(h, "Cancel")
    h.pump_until(lambda: not h.find_all(cls="SeedPad"), what="the pad to close")
    assert field.seed == "123456789"
    # A keyboard: a digit on Setup opens the pad with it; letters are refused; Enter is OK.
    h.key("4")
    h.pump(frames=2)
    pad = h.find(cls="SeedPad")
    assert pad.text == "4"
    h.key("x")
    assert pad.text == "4" and "Digits only" in pad.problem
    settle(h)
    for key in ("2", "backspace", "0", "0", "7"):
        h.key(key)
    assert pad.text == "4007"
    h.key("enter")
    h.pump_until(lambda: not h.find_all(cls="SeedPad"), what="the pad to close")
    assert field.seed == "4007"
    settle(h)
    tap_text(h, "New seed")
    assert field.seed.isdigit() and field.seed != "4007"
    h.tap(field)
    settle(h)
    tap_text(h, "Clear")
    for digit in "2026":
        h.tap(h.find(h.find(cls="SeedPad"), text=digit))
    tap_text(h, "OK")
    h.pump_until(lambda: not h.find_all(cls="SeedPad"), what="the pad to close")
    settle(h)
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    assert app.session.seed == 2026


# ---------------------------------------------------------------------------- defeat


def test_defeat_shows_unfinished_missions_plainly(ui_harness: Any, start_app: Any,
                                                  no_ui_errors: None) -> None:
    """A lost game: the missions not done have plain sample tiles (no tick), the done ones ticks."""
    h = ui_harness
    app = start_app(seed=21, difficulty="training")
    start_game(h, "training")
    while app.session.step is not Step.END:
        wait_step(h, Step.TRANSMISSION)
        assert app.intents.confirm()
        wait_screen(h, "decode")
        play_a_useless_order(h)
        assert app.intents.execute(), app.session.message
        while app.session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
            assert app.intents.confirm()
        h.pump_until(lambda: app.session.step is not Step.EXECUTE)
    end = wait_screen(h, "end")
    outcome = app.session.view().outcome
    assert outcome is not None and not outcome.victory
    assert end.headline == "Defeat"
    panels = list(end.ids.missions.children)
    assert len(panels) == 3 and any(not p.done for p in panels)
    for panel in panels:
        tiles = [w for w in panel.children if type(w).__name__ == "TileView"]
        assert len(tiles) == 2 and all(t.plain is (not panel.done) for t in tiles)
        assert panel.status == ("✓\nDone" if panel.done else "✗\nNot done")
    h.screenshot("end_defeat.png")


def play_a_useless_order(h: Any) -> None:
    """Arrange a legal order that completes no mission (a Cadet heading for Defeat)."""
    app = h.app
    session = app.session
    state = session.game.state
    missions = {m: CONTENT.mission(m).pair for m in state.remaining_missions}
    free = [k for k in range(1, 6) if state.registers[k - 1] is None]
    hand = list(session.unplaced())
    fallback = None
    for chosen in itertools.permutations(hand, len(free)):
        order = list(state.registers)
        for k, cid in zip(free, chosen):
            order[k - 1] = cid
        commands = [card_command(c) for c in order if c]
        if not RULES.viable(state.position, commands):
            continue
        fallback = fallback or chosen
        if not RULES.execute(state.position, commands, missions).completions:
            break
    else:
        chosen = fallback
    assert chosen is not None
    for k, cid in zip(free, chosen):
        assert app.intents.place(cid, k)
    for cid in session.unplaced():
        assert app.intents.place(cid, LEAVE_OUT)
    h.pump(frames=2)


# ---------------------------------------------------------------------------- the command line


def test_main_without_the_planner_exits_with_1(monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture) -> None:
    """``companion run`` without Mission Control: an error, exit status 1 as the CLI help says (the
    planner's module is looked up, not imported: ``ui.start.planner_missing``)."""
    import ui.app as app_module
    import ui.start

    # leave the test window be
    monkeypatch.setattr(app_module, "configure", lambda fullscreen, kiosk=False: None)
    monkeypatch.setattr(ui.start, "PLANNER", "companion.games.transmission.mission_control.no_planner")
    assert app_module.main() == 1
    assert "Mission Control (the planner) is missing: No module named" in caplog.text
    monkeypatch.setattr(ui.start, "PLANNER", "companion.no_such_package.planner")  # a parent missing
    assert ui.start.planner_missing() is not None
    monkeypatch.undo()
    assert ui.start.planner_missing() is None


def test_how_to_play_counts_the_missions_from_the_pack() -> None:
    """The number of secret missions comes from the pack's difficulty, never a hard-coded 3."""
    from ui.games.transmission.rules import rules_text

    three = dataclasses.replace(CONTENT, difficulties=tuple(dataclasses.replace(d, missions=3)
                                                            for d in CONTENT.difficulties))
    assert "has three secret missions" in rules_text(three, None)
    expert = rules_text(CONTENT, "expert")  # pack version 3: expert deals four
    assert "has four secret missions" in expert and "Complete all four" in expert
    assert "has three secret missions" in rules_text(CONTENT, "hard")
    assert "has the secret missions" in rules_text(CONTENT, None)  # presets differ: no one number


def test_a_new_game_gets_a_fresh_seed_and_leaving_says_history_keeps_it(
        ui_harness: Any, start_app: Any, no_ui_errors: None, tmp_path: Any) -> None:
    """Issue 10, snags: after End -> Home -> New game, and after Menu -> Leave game -> New game, Setup
    offers a fresh seed (the last one deals missions the table has seen) unless the table types one;
    the Leave question says the game stays in History as abandoned (it does), not that it is lost, and
    once a transmission is played, that it stays as left and counts as not won (F10: History says so)."""
    h = ui_harness
    app = start_app(seed=4242, store_path=tmp_path / "store.sqlite3")
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    assert setup.ids.seed.seed == "4242"  # the command line's seed, typed by the table
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    assert app.session.seed == 4242
    h.tap(h.find(text="Menu"))
    settle(h)
    tap_text(h, "Leave game")
    h.pump_until(lambda: bool(h.find_all(text="Leave this game?")), what="the confirmation")
    h.pump_until(lambda: len(h.find_all(cls="ChoicePopup")) == 1, what="the Menu to fade out")
    popup = next(p for p in h.find_all(cls="ChoicePopup") if p.title == "Leave this game?")
    assert "stays in History as abandoned: no transmission yet" in popup.text and "lost" not in popup.text
    h.screenshot("leave_game_question.png")
    settle(h)
    h.tap(h.find(text="Leave game", where=lambda w: _inside(w, popup)))
    wait_screen(h, "home")
    assert [g.result for g in app.history.games()] == ["abandoned"]
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    assert setup.ids.seed.seed != "4242"
    # End -> Home -> New game: a finished game's seed is not offered again either.
    setup.ids.seed.seed = "777"
    h.pump(frames=2)
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    assert app.session.seed == 777
    tap_text(h, "Board is ready")
    for round_ in range(7):  # the intended orders, to the End
        h.pump_until(lambda: app.session.step in (Step.TRANSMISSION, Step.END), timeout=20,
                     what="the next transmission")
        if app.session.step is Step.END:
            break
        assert app.intents.confirm()
        wait_step(h, Step.DECODE)
        if round_ == 0:  # a Transmission card is drawn: leaving now would be "left", counted as not won
            h.tap(h.find(text="Menu"))
            settle(h)
            tap_text(h, "Leave game")
            h.pump_until(lambda: len(h.find_all(cls="ChoicePopup")) == 1, what="the Menu to fade out")
            popup = next(p for p in h.find_all(cls="ChoicePopup") if p.title == "Leave this game?")
            assert "stays in History as left: it counts as not won" in popup.text, popup.text
            h.screenshot("leave_game_question_left.png")
            settle(h)
            h.tap(h.find(text="Keep playing", where=functools.partial(_inside, parent=popup)))
            h.pump_until(lambda: not h.find_all(cls="ChoicePopup"), what="the question to close")
            assert app.session.step is Step.DECODE
        arrange_intended(h)
        finish_round(h)
    wait_screen(h, "end")
    tap_text(h, "Home")
    wait_screen(h, "home")
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    assert setup.ids.seed.seed not in ("777", "4242")


def _inside(widget: Any, parent: Any) -> bool:
    while widget is not None:
        if widget is parent:
            return True
        widget = widget.parent
    return False
