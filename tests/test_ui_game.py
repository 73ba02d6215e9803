"""The companion's screens in a real 800x480 Kivy window, driven by touches and keys.

The main test plays whole games to their end like a table would: it reads
only what the screen shows (the board, the cards in hand, the registers, the
message bar), taps cards then registers, Execute, Next step and Continue,
and saves a screenshot of every screen to ``tests/_screenshots/``; the
curated ones are copied to ``docs/screenshots/`` for the README when
``COMPANION_UPDATE_SCREENSHOTS=1``.

The Cadet here reasons from the visible board with the public referee
(``companion.games.transmission.engine.game.rules_for``), as a player would with the rules sheet: it
never reads Mission Control's view or the game state's secrets.
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.session import Step

CONTENT = default_content()
RULES = rules_for(CONTENT)
NAME_TO_LETTER = {m.name: m.letter for m in CONTENT.modules}
DEVICES = CONTENT.devices
DOCS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


# ---------------------------------------------------------------------------- Mission Control


class SearchChooser:
    """A stand-in Mission Control until ``companion.games.transmission.mission_control.planner`` lands: the
    viable 5-command
    order that completes the most missions, else the one that gets closest (tests only)."""

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        deck = view.deck
        commands = [c for c in Command if deck.get(c, 0)]
        best: tuple[float, tuple[Command, ...]] | None = None
        for seq in itertools.product(commands, repeat=5):
            if any(seq.count(c) > deck[c] for c in set(seq)) or not RULES.viable(view.position, seq):
                continue
            run = RULES.execute(view.position, seq, view.missions)
            score = 1000 * len(run.completions) + _closeness(run.end, view.missions)
            if best is None or score > best[0]:
                best = (score, seq)
        assert best is not None
        return best[1]


def _closeness(pos: Position, missions: Any) -> float:
    total = 0.0
    for pair in missions.values():
        for letter in pair:
            cell = pos.find(letter)
            if cell is None:
                total += 6
                continue
            i = cell[0] * 5 + cell[1]
            total += 5 if pos.board[i].isupper() else 0
            total -= 0.5 * (abs(cell[0] - pos.cadet // 5) + abs(cell[1] - pos.cadet % 5))
    return total


def make_chooser() -> Any:
    try:
        from companion.games.transmission.mission_control.planner import Planner
    except ImportError:
        return SearchChooser()
    return Planner()


class SlowChooser:
    """Takes at least ``delay`` seconds on its first pick, so the Thinking screen shows; with ``gate``,
    its first pick waits until the test sets it (60 s at most), however slow the machine."""

    def __init__(self, inner: Any, delay: float = 0.6, gate: threading.Event | None = None) -> None:
        self.inner, self.delay, self.gate = inner, delay, gate
        self.started = threading.Event()
        self.calls = 0

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        self.calls += 1
        self.started.set()
        t0 = time.perf_counter()
        pick = self.inner.choose(view)
        if self.calls == 1 and self.gate is not None:
            self.gate.wait(timeout=60)  # a hang guard only: the test opens it once Thinking is shot
        elif self.calls == 1:
            time.sleep(max(0.0, self.delay - (time.perf_counter() - t0)))
        return pick


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture
def start_app(ui_harness: Any) -> Iterator[Any]:
    from ui.app import CompanionApp

    def start(**kwargs: Any) -> Any:
        kwargs.setdefault("chooser_factory", make_chooser)
        kwargs.setdefault("content", CONTENT)
        app = ui_harness.start(CompanionApp(**kwargs))
        settle(ui_harness)  # Home has just appeared
        return app

    yield start


@pytest.fixture
def no_ui_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Errors logged by the app fail the test (the app logs rather than crash)."""
    caplog.set_level(logging.ERROR, logger="ui")
    yield
    errors = [r for r in caplog.records if r.name.startswith("ui") and r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


# ---------------------------------------------------------------------------- reading the screen


def screen(h: Any) -> Any:
    return h.app.manager.current_screen


def wait_screen(h: Any, name: str, timeout: float = 10.0) -> Any:
    """Wait for screen ``name``, then for the double-tap guard after it appeared (a player's pace)."""
    try:
        h.pump_until(lambda: h.app.manager.current == name, timeout=timeout, what=f"the {name} screen")
    except AssertionError as exc:
        h.screenshot(f"failed_waiting_for_{name}.png")
        raise AssertionError(f"{exc}; on {h.app.manager.current!r}, message {message(h)!r}") from None
    h.pump(frames=2)
    settle(h)
    return screen(h)


def settle(h: Any) -> None:
    """Let the double-tap guard (``ui.theme.ACTION_GUARD``) pass: taps and Enter count again."""
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")


def message(h: Any) -> str:
    return str(h.app.message)


def shown_board(h: Any) -> Position:
    """The position as the Decode screen draws it: the mini board and the 'Carrying' line."""
    s = screen(h)
    carried = s.carrying.removeprefix("Carrying: ")
    letter = NAME_TO_LETTER.get(carried)
    return Position.from_rows(list(s.ids.board.rows), tuple(s.ids.board.cadet), letter)


def shown_registers(h: Any) -> list[tuple[str, bool]]:
    s = screen(h)
    return [(s.ids[f"register{k}"].card_id, s.ids[f"register{k}"].fixed) for k in range(1, 6)]


def shown_hand(h: Any) -> list[str]:
    return [c.card_id for c in reversed(screen(h).ids.hand.children)]


def boost_button(h: Any, name: str) -> Any:
    found = [b for b in screen(h).ids.boosts.children if b.text in (name, f"Cancel {name}")]
    return found[0] if found else None


# ---------------------------------------------------------------------------- the Cadet's reasoning


def arrangements(h: Any) -> Iterator[tuple[str, ...]]:
    """Every way to fill the registers from the cards shown (fixed ones stay), leaving out as needed."""
    registers = shown_registers(h)
    hand = [cid for cid, fixed in registers if cid and not fixed] + shown_hand(h)
    free = [k for k, (cid, fixed) in enumerate(registers) if not fixed]
    seen: set[tuple[Command, ...]] = set()
    for chosen in itertools.permutations(hand, len(free)):
        order = [cid if fixed else "" for cid, fixed in registers]
        for k, cid in zip(free, chosen):
            order[k] = cid
        key = tuple(card_command(c) for c in order)
        if key not in seen:
            seen.add(key)
            yield tuple(order)


def visible_progress(before: Position, order: Sequence[str]) -> float:
    """How promising an order looks on the open board: repairs, and intact modules newly side by
    side with an intact device (every mission pairs a device with a module)."""
    commands = [card_command(c) for c in order]
    run = RULES.execute(before, commands)
    after = run.end

    def pairs(p: Position) -> int:
        n = 0
        for i, ch in enumerate(p.board):
            if ch.isupper() and ch in DEVICES:
                r, c = divmod(i, 5)
                for j in (i - 5, i + 5, i - 1 if c else -1, i + 1 if c < 4 else -1):
                    if 0 <= j < 25 and p.board[j].isupper():
                        n += 1
        return n

    repairs = sum(1 for a, b in zip(before.board, after.board) if a.islower() and b.isupper())
    return 3 * (pairs(after) - pairs(before)) + 2 * repairs + commands.count(Command.DEPLOY)


def best_order(h: Any) -> tuple[str, ...]:
    position = shown_board(h)
    legal = [o for o in arrangements(h) if RULES.viable(position, [card_command(c) for c in o])]
    assert legal, "no legal order from the cards shown"
    return max(legal, key=lambda o: visible_progress(position, o))


def impossible_order(h: Any) -> tuple[str, ...] | None:
    position = shown_board(h)
    for order in arrangements(h):
        if not RULES.viable(position, [card_command(c) for c in order]):
            return order
    return None


# ---------------------------------------------------------------------------- acting


class Shots(dict[str, Path]):
    """Screenshots taken so far, by screen; ``prefix`` keeps each test's files apart."""

    def __init__(self, prefix: str = "") -> None:
        super().__init__()
        self.prefix = prefix


def shoot(h: Any, shots: Shots, name: str) -> None:
    """Save the first screenshot of ``name`` (later ones of the same screen are skipped)."""
    if name not in shots:
        shots[name] = h.screenshot(f"{shots.prefix}{name}.png")


def tap_text(h: Any, text: str) -> None:
    h.tap(h.find(text=text))


def answer_popup(h: Any, text: str) -> None:
    """Tap a popup's button and wait until the popup has faded away."""
    from kivy.uix.modalview import ModalView

    settle(h)  # a popup ignores taps for a moment after it opens
    tap_text(h, text)
    h.pump_until(lambda: not any(isinstance(w, ModalView) for w in h.window.children),
                 what="the popup to close")


def arrange(h: Any, order: Sequence[str]) -> None:
    """Tap each card, then its register, as a player would (``""`` skips a register)."""
    s = screen(h)
    for k, cid in enumerate(order, start=1):
        slot = s.ids[f"register{k}"]
        if not cid or slot.card_id == cid:
            continue
        card = next(c for c in s.ids.hand.children if c.card_id == cid)
        h.tap(card)
        h.tap(slot)
    h.pump(frames=2)


def use_boosts(h: Any, shots: Shots, used: list[str]) -> None:
    """Spend the boosts held, each through its own touch flow; each answer shows in the bar and panel."""
    s = screen(h)
    if s.has_boosts and "decode_boost_menu" not in shots:  # B lists the boosts held; Escape closes it
        h.key("b")
        h.pump(0.3)
        assert h.find(text="Use a Signal Boost")
        shoot(h, shots, "decode_boost_menu")
        h.key("escape")
        h.pump_until(lambda: not h.find_all(text="Use a Signal Boost"), what="the boost menu to close")
    if boost_button(h, "Abort") and "abort_refused" not in used:  # with empty registers: refused, kept
        h.tap(boost_button(h, "Abort"))
        h.pump(0.3)
        assert message(h) == "Abort: fill all five registers first.", message(h)
        assert h.find(cls="MessageBar").kind == "error"
        assert boost_button(h, "Abort") and not h.find_all(cls="ChoicePopup")
        used.append("abort_refused")
    if boost_button(h, "Debug") and not s.needs_leave_out and "debug_refused" not in used:
        h.tap(boost_button(h, "Debug"))  # no error to remove: refused at once, no question, kept
        h.pump(frames=2)
        assert message(h) == "Debug: there is no error card this time, so nothing to remove.", message(h)
        assert not h.find_all(cls="ChoicePopup") and boost_button(h, "Debug")
        used.append("debug_refused")
    if boost_button(h, "Debug") and s.needs_leave_out:
        h.tap(boost_button(h, "Debug"))
        h.pump(0.3)
        shoot(h, shots, "decode_boost_popup")
        answer_popup(h, "Use Debug")
        assert message(h).startswith("Debug: ") and message(h).endswith("was the error; it is removed.")
        assert not s.needs_leave_out
        used.append("Debug")
    if boost_button(h, "Clear Signal"):
        free = [k for k, (_, fixed) in enumerate(shown_registers(h), start=1) if not fixed]
        h.tap(boost_button(h, "Clear Signal"))
        assert "tap the register" in message(h)
        h.tap(s.ids[f"register{free[0]}"])
        assert s.ids[f"register{free[0]}"].fixed
        assert message(h).startswith(f"Clear Signal: Register {free[0]}: ")
        used.append("Clear Signal")
    if boost_button(h, "Cross Check") and shown_hand(h):
        h.tap(boost_button(h, "Cross Check"))
        assert "tap the card" in message(h)
        h.tap(next(iter(s.ids.hand.children)))
        assert "goes in register" in message(h) or "not part of the transmission" in message(h)
        used.append("Cross Check")
    view = h.app.session.view()
    if not view.boosts and view.completed:  # all spent: "in hand", not "yet"
        assert s.boosts_note == "No Signal Boosts in hand"
    if s.answers_text != "No answers yet." and h.find(cls="MessageBar").kind == "answer":
        name, answer = message(h).split(": ", 1)
        assert f"[b]{name}:[/b] {answer}" in s.answers_text
        shoot(h, shots, "decode_answer")


def play_round(h: Any, shots: Shots, used: list[str]) -> None:
    """One transmission from the Transmission screen to the next Thinking/End."""
    session = h.app.session
    t = wait_screen(h, "transmission")
    shoot(h, shots, "transmission")
    shoot(h, shots, f"transmission_level{t.level}")
    tap_text(h, "Decode")
    s = wait_screen(h, "decode")
    shoot(h, shots, "decode_start")
    view = session.view()
    if view.boosts:
        assert s.boosts_note == "Boosts"
    elif view.completed:  # earned and spent: not "yet"
        assert s.boosts_note == "No Signal Boosts in hand"
    else:
        assert s.boosts_note == "No Signal Boosts yet: complete a mission to earn one"
    if "decode_refused" not in shots and impossible_order(h) is not None:  # the first round that can
        refuse_an_impossible_order(h)
        shoot(h, shots, "decode_refused")
        tap_text(h, "Clear all")
    use_boosts(h, shots, used)
    order = best_order(h)
    if "decode" not in shots:
        # The curated picture: some cards placed, one selected, its registers lit up.
        free = [k for k, (_, fixed) in enumerate(shown_registers(h), start=1) if not fixed]
        last = free[-1]
        arrange(h, [c if k != last else "" for k, c in enumerate(order, start=1)])
        h.tap(next(c for c in s.ids.hand.children if c.card_id == order[last - 1]))
        assert s.selected == order[last - 1]
        shoot(h, shots, "decode")
        h.tap(s.ids[f"register{last}"])
    arrange(h, order)
    if boost_button(h, "Abort"):
        h.tap(boost_button(h, "Abort"))
        answer_popup(h, "Use Abort")
        assert message(h) in ("Abort: Yes: proceed with that order.", "Abort: No."), message(h)
        assert message(h).replace("Abort:", "[b]Abort:[/b]") in s.answers_text
        used.append("Abort")
        shoot(h, shots, "decode_answer")
    if s.needs_leave_out:  # the cards left over go to the leave-out slots, one each
        leftovers = [c.card_id for c in s.ids.hand.children]
        assert len(leftovers) == len(s.leave_slots) == s.leave_count
        for cid, slot in zip(leftovers, s.leave_slots):
            h.tap(next(c for c in s.ids.hand.children if c.card_id == cid))
            h.tap(slot)
            assert slot.card_id == cid
        shoot(h, shots, "decode_leave_out")
    assert not s.ids.hand.children
    execute = h.find(text="Execute")
    assert not execute.disabled
    h.tap(execute)
    s = wait_screen(h, "execute")
    steps = 0
    while not s.at_end:
        h.tap(h.find(text="Next step"))
        steps += 1
        if steps == 3:
            shoot(h, shots, "execute")
        if s.banner:
            shoot(h, shots, "execute_mission")
    assert steps == 5
    assert s.heading.startswith("Step 5 of 5")
    settle(h)  # "Next step" has just turned into "Done" under the finger
    tap_text(h, "Done")
    h.pump(frames=3)
    if session.step is Step.MISSION_COMPLETE:
        wait_screen(h, "mission_complete")
        shoot(h, shots, "mission_complete")
        tap_text(h, "Continue")
        h.pump(frames=2)


def refuse_an_impossible_order(h: Any) -> None:
    """An impossible order is refused with its step and reason, and nothing changes."""
    session = h.app.session
    order = impossible_order(h)
    assert order is not None, "every order is legal here: pick another seed"
    arrange(h, order)
    # The table's view but its message (the refusal is said there): nothing else may change.
    before = (replace(session.view(), message=""), list(session.arrangement), session.step,
              len(session.record()["actions"]))
    h.tap(h.find(text="Execute"))
    h.pump(frames=2)
    text = message(h)
    assert text.startswith("Impossible order, step "), text
    step = int(text.split("step ")[1].split(" ")[0])
    assert card_command(order[step - 1]).title in text
    bar = h.find(cls="MessageBar")
    assert bar.text == text and bar.kind == "error"
    after = (replace(session.view(), message=""), list(session.arrangement), session.step,
             len(session.record()["actions"]))
    assert after == before
    assert h.app.manager.current == "decode"


# ---------------------------------------------------------------------------- the tests


#: Seeded games played in turn until every screen has been seen: a Mission complete screen
#: needs a completed mission, and which seeds give one depends on the planner.
GAMES = (("standard", 2035), ("standard", 2021), ("training", 2023))
REQUIRED = {"home", "help", "setup", "board_setup", "thinking", "transmission", "decode_start", "decode",
            "decode_refused", "execute", "mission_complete", "end"}


# Three whole games by touch (each screen waits out the 0.45 s double-tap guard): about a minute on a quiet
# machine, several on a loaded one; the timeout only guards against a hang.
@pytest.mark.timeout(480)
def test_whole_games_through_every_screen(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """Home -> Setup -> Board set-up -> Thinking -> (Transmission -> Decode -> Execute
    -> Mission complete?)* -> End -> Play again ..., by touch only, with a screenshot of every screen."""
    h = ui_harness
    thought = threading.Event()  # the first pick waits for the Thinking screenshot (set once, stays set)
    app = start_app(chooser_factory=lambda: SlowChooser(make_chooser(), gate=thought))
    shots = Shots()
    used: list[str] = []
    wait_screen(h, "home")
    shoot(h, shots, "home")
    tap_text(h, "How to play")
    wait_screen(h, "help")
    shoot(h, shots, "help")
    tap_text(h, "Back")
    wait_screen(h, "home")
    tap_text(h, "New game")
    for difficulty, seed in GAMES:
        s = wait_screen(h, "setup")
        h.tap(next(t for t in s.ids.difficulties.children if t.value == difficulty))
        assert s.difficulty == difficulty
        s.ids.seed.seed = str(seed)
        h.pump(frames=2)
        shoot(h, shots, "setup")
        tap_text(h, "Start")
        wait_screen(h, "board_setup")
        assert app.session.seed == seed
        shoot(h, shots, "board_setup")
        tap_text(h, "Board is ready")
        if "thinking" not in shots:  # Mission Control's first pick waits for this picture: Thinking stays
            h.pump_until(lambda: app.manager.current == "thinking" and not app.manager.transition.is_active,
                         timeout=10, what="the thinking screen")
            h.pump(frames=2)
            assert h.find_all(where=lambda w: "is choosing 5 commands" in str(getattr(w, "text", "")))
            shoot(h, shots, "thinking")
        thought.set()
        rounds = 0
        while app.session.step is not Step.END:
            play_round(h, shots, used)
            rounds += 1
            assert rounds <= 7
        end = wait_screen(h, "end")
        outcome = app.session.view().outcome
        shoot(h, shots, "end" if outcome.victory else "end_defeat")
        assert end.headline == ("Victory!" if outcome.victory else "Defeat")
        assert end.score == f"Score {outcome.score}"
        assert len(end.ids.missions.children) == 3
        tap_text(h, "Play again")
        if REQUIRED <= set(shots):
            break
    if "end" not in shots and "end_defeat" in shots:
        shots["end"] = shots["end_defeat"]
    assert REQUIRED <= set(shots), f"not seen in {len(GAMES)} games: {sorted(REQUIRED - set(shots))}"
    s = wait_screen(h, "setup")
    assert s.difficulty == difficulty and s.ids.seed.seed != str(seed)  # same settings, a new seed
    publish(shots)


def test_signal_boosts_answer_on_screen(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    """Boosts earned by completing missions are spent by touch and Mission Control's answers shown."""
    h = ui_harness
    app = start_app(seed=2023, difficulty="training")
    shots = Shots("boosts_")
    used: list[str] = []
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    tap_text(h, "Board is ready")
    while app.session.step is not Step.END:
        play_round(h, shots, used)
    spent = set(used) - {"abort_refused"}
    assert spent, "no Signal Boost was spent before the last transmission: pick another seed"
    shoot(h, shots, "end")
    publish({k: v for k, v in shots.items() if k == "decode_answer"})


CURATED = ("home", "setup", "board_setup", "thinking", "transmission", "decode", "decode_refused",
           "decode_answer", "execute", "mission_complete", "end", "help")


def publish(shots: dict[str, Path]) -> None:
    """Copy the curated screenshots to docs/screenshots/ (committed, shown in the README).

    Only with ``COMPANION_UPDATE_SCREENSHOTS=1`` (``COMPANION_UPDATE_SCREENSHOTS=1 scripts/test -k ui``),
    so an ordinary test run never changes tracked files; every run still saves every screen to
    ``tests/_screenshots/``.
    """
    if os.environ.get("COMPANION_UPDATE_SCREENSHOTS") != "1":
        return
    DOCS.mkdir(parents=True, exist_ok=True)
    for name in CURATED:
        if name in shots:
            shutil.copyfile(shots[name], DOCS / f"{name}.png")


def test_keyboard_shortcuts_play_a_transmission(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(seed=31, difficulty="hard")
    h.key("enter")  # Home: New game
    wait_screen(h, "setup")
    h.key("enter")  # Setup: Start
    wait_screen(h, "board_setup")
    h.key("spacebar")  # Board is ready
    wait_screen(h, "transmission")
    h.key("enter")  # Decode
    s = wait_screen(h, "decode")
    order = best_order(h)
    free = [k for k, (_, fixed) in enumerate(shown_registers(h), start=1) if not fixed]
    # Right arrow moves the selection along the hand; a digit puts it in that register.
    for k in free:
        want = order[k - 1]
        for _ in range(len(shown_hand(h)) + 1):
            if s.selected == want:
                break
            h.key("right")
        assert s.selected == want
        h.key(str(k))
    assert s.ids[f"register{free[-1]}"].card_id == order[free[-1] - 1]
    h.key("backspace")  # takes the last card back
    assert s.ids[f"register{free[-1]}"].card_id == ""
    assert shown_hand(h)[0] in order or s.needs_leave_out
    while s.ids[f"register{free[-1]}"].card_id != order[free[-1] - 1]:
        h.key("right")
        if s.selected == order[free[-1] - 1]:
            h.key(str(free[-1]))
    if s.needs_leave_out:
        h.key("0")  # the remaining card to the leave-out slot
        assert s.leave_slots[0].card_id
    h.key("b")  # no boosts yet: a hint, nothing else
    assert "No Signal Boosts" in message(h)
    h.key("enter")  # Execute
    wait_screen(h, "execute")
    assert app.session.shown_steps == 0
    h.screenshot("execute_start.png")
    h.key("right")
    h.key("right")
    assert app.session.shown_steps == 2
    h.key("left")
    assert app.session.shown_steps == 1
    h.key("escape")  # asks before abandoning
    h.pump(0.3)
    assert h.find(text="Leave this game?")
    h.screenshot("leave_game_popup.png")
    h.key("enter")  # too soon after the popup opened: a double press, ignored
    assert h.find(text="Leave this game?")
    settle(h)
    h.key("enter")  # the default answer keeps playing
    h.pump(0.5)
    assert h.find_all(text="Leave this game?") == [] and app.session is not None
    h.key("escape")
    h.pump(frames=2)
    answer_popup(h, "Leave game")
    wait_screen(h, "home")
    assert app.session is None


def test_drag_a_card_onto_a_register(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    h = ui_harness
    app = start_app(seed=5, difficulty="standard")
    tap_text(h, "New game")
    setup = wait_screen(h, "setup")
    h.tap(next(t for t in setup.ids.layouts.children if t.value == "beginner"))
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    assert app.session.view().layout == "beginner"
    h.screenshot("board_setup_beginner.png")
    tap_text(h, "Board is ready")
    wait_screen(h, "transmission")
    tap_text(h, "Decode")
    s = wait_screen(h, "decode")
    free = next(k for k, (_, fixed) in enumerate(shown_registers(h), start=1) if not fixed)
    card = next(iter(s.ids.hand.children))
    cid = card.card_id
    h.drag(card, s.ids[f"register{free}"])
    h.pump(frames=2)
    assert app.session.arrangement[free - 1] == cid
    assert cid not in shown_hand(h)
    h.tap(s.ids[f"register{free}"])  # a tap on a placed card takes it back
    assert app.session.arrangement[free - 1] is None and cid in shown_hand(h)
    # Refusals show in the bar and change nothing: a fixed register, or no card selected.
    fixed = [k for k, (_, f) in enumerate(shown_registers(h), start=1) if f]
    if fixed:
        h.tap(card := next(iter(s.ids.hand.children)))
        h.tap(s.ids[f"register{fixed[0]}"])
        assert "fixed by a clear signal" in message(h)
        assert h.find(cls="MessageBar").kind == "error"


class FailingOnceChooser:
    """Mission Control that fails its first pick (a bug, a lost connection to a human MC...)."""

    def __init__(self) -> None:
        self.inner = make_chooser()
        self.calls = 0

    def choose(self, view: MissionControlView) -> Sequence[Command]:
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("the planner tripped")
        return self.inner.choose(view)


def test_a_failing_mission_control_is_shown_and_retried(ui_harness: Any, start_app: Any,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    h = ui_harness
    chooser = FailingOnceChooser()
    app = start_app(seed=8, chooser_factory=lambda: chooser)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    wait_screen(h, "board_setup")
    tap_text(h, "Board is ready")
    s = wait_screen(h, "thinking")
    h.pump_until(lambda: s.error, what="the error on the Thinking screen")
    assert "Mission Control could not choose: RuntimeError: the planner tripped" in s.error
    assert any("Mission Control failed to choose" in r.getMessage() for r in caplog.records)
    caplog.clear()  # the logged traceback's frames would keep the app alive after the test
    h.screenshot("thinking_failed.png")
    tap_text(h, "Try again")
    wait_screen(h, "transmission")
    assert chooser.calls == 2 and app.session.step is Step.TRANSMISSION
