"""No English rule or content word on Incoming Transmission's touchscreen in German (issue 22).

A German player found the screens mixing languages: "Schritt 3 von 5: Collect", "Trägt: Android",
the board's tiles "Fusion Core", "Med Bay", Mission Control's "Geplant: 1.North", a boost's hint
"Clear Signal: Tippe das Register an ..." (helpers/FE_findings.md, HIGH 1).  Here a German game with
a person as Mission Control (RULES.md, With a person as Mission Control) is played through every
screen, Board set-up, Fix the board and its pickers, Mission Control's screen (missions, the pick, the
error card, the hand-over), Transmission, Decode with a Signal Boost spent, every step of Execute,
Mission complete, to the End, and at each one no visible text holds an English name of the content
pack (modules, missions, Signal Boosts, difficulties) or of the rules (the Command cards, the phases)
whose German differs: neither a label's text nor a module name the board draws on its canvas.

The names come from the content pack and :class:`Command` (English, the catalog's ids); a name that
German writes the same way ("Standard", "Training", "West") is no finding.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from i18n_support import misfits, plain, report, shown, visible_labels

SHOTS = "german_names"
#: Hard, with this seed the deal has a Clear Signal or a Cross Check (test_ui_person_mc's seed).
SEED = 2024


def english_names(content: Any) -> dict[str, str]:
    """Each English name a player could read (pack and rules) -> its German, where the two differ."""
    from companion.games.transmission.content.words import pack_text
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.engine.state import Phase
    from companion.table.words import phase_word

    words = ([c.title for c in Command] + [m.name for m in content.modules]
             + [m.title for m in content.missions] + [b.name for b in content.boosts]
             + [d.title for d in content.difficulties])
    assert i18n.language() == "de"
    german = {word: pack_text(word) for word in words}
    german |= {phase.value: str(phase_word(phase.value)) for phase in Phase}  # "not in the layout phase"
    return {word: de for word, de in german.items() if de.casefold() != word.casefold()}


def drawn_names(window: Any) -> list[str]:
    """The module names the boards and tiles on the glass draw on their canvas (no Label holds them)."""
    from ui.games.transmission.board import HALLWAY_TILE, BoardView, TileView

    found: list[str] = []
    stack = [window]
    while stack:
        widget = stack.pop()
        stack.extend(widget.children)
        if isinstance(widget, BoardView) and widget.show_names and shown(widget):
            found += [widget.names.get(tile.upper(), "") for row in widget.rows for tile in row
                      if tile != HALLWAY_TILE]
        elif isinstance(widget, TileView) and widget.show_name and widget.show_letter and shown(widget) \
                and widget.tile not in ("", HALLWAY_TILE):
            found.append(widget.names.get(widget.tile.upper(), ""))
    return [name for name in found if name]


class Look:
    """What the walk saw: English names found (one line each), the screens looked at, the names drawn."""

    def __init__(self, h: Any, names: dict[str, str]) -> None:
        self.h = h
        self.patterns = [(word, re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")) for word in names]
        self.found: list[str] = []
        self.seen: list[str] = []
        self.drawn: set[str] = set()
        self.misfits: list[str] = []

    def __call__(self, name: str) -> None:
        h = self.h
        h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
        h.pump(frames=3)
        assert i18n.language() == "de"
        h.screenshot(f"{SHOTS}/{name}.png")
        self.seen.append(name)
        texts = [(f"label {label.text[:60]!r}", plain(label.text)) for label in visible_labels(h.window)]
        drawn = drawn_names(h.window)
        self.drawn.update(drawn)
        texts += [(f"drawn on the board {text!r}", text) for text in drawn]
        self.misfits += [f"{name}: {line}" for line in misfits(h.window)]
        for where, text in texts:
            for word, pattern in self.patterns:
                if pattern.search(text):
                    self.found.append(f"{name}: {where}: English {word!r}")


def _app(h: Any, tmp_path: Path) -> Any:
    from companion.table.config import Config
    from test_ui_game import CONTENT, make_chooser
    from ui.app import CompanionApp

    settings = Config(mission_control="person", physical_missions=True, physical_deck=True,
                      private_boosts=False, coach=True, data_dir=tmp_path)
    app = CompanionApp(config=settings, content=CONTENT, chooser_factory=make_chooser,
                       store_path=tmp_path / "store.sqlite3")
    h.start(app)
    i18n.set_language("de")  # a switch while the app runs: every later screen is filled in German
    h.pump(frames=3)
    return app


def _popups(h: Any) -> list[Any]:
    from kivy.uix.modalview import ModalView

    return [w for w in h.window.children if isinstance(w, ModalView)]


def _dismiss(h: Any) -> None:
    for popup in _popups(h):
        popup.dismiss(animation=False)
    h.pump(frames=3)


def _fix_the_board(h: Any, app: Any, look: Look) -> None:
    """Fix the board: a module selected, both pickers, the Cadet carrying a device; then Cancel."""
    from test_ui_game import wait_screen

    table = app.shelf.table("transmission")
    table.show_correction()
    correction = wait_screen(h, "correction")
    look("fix_the_board")
    view = app.session.view()
    device = sorted(app.content.devices)[0]
    r, c = next((r, c) for r in range(5) for c in range(5) if view.rows[r][c].upper() == device)
    correction.select(r, c)
    h.pump(frames=3)
    look("fix_the_board_selected")
    correction.choose_module()
    look("fix_module_picker")
    _dismiss(h)
    correction.choose_carrying()
    look("fix_carrying_picker")
    _dismiss(h)
    correction.set_carrying(device)
    h.pump(frames=3)
    look("fix_the_board_carrying")
    table.close_correction()
    wait_screen(h, "board_setup")


def _seat(h: Any, app: Any) -> Any:
    from test_ui_fit_de import _open_seat

    return _open_seat(h, app)


def _pick(h: Any, app: Any, look: Look, first: bool) -> None:
    """Mission Control's pick on their screen (the planner's), looked at half made and locked in."""
    from companion.games.transmission.mission_control.planner import Planner
    from test_ui_fit_de import _hide

    session = app.session
    seat = _seat(h, app)
    pick = Planner().choose(session.mission_control_view())
    for k, command in enumerate(pick):
        assert session.pick(command), seat.message
        if first and k == 2:
            h.pump(frames=3)
            look("mc_select")
    h.pump(frames=3)
    if first:
        look("mc_select_full")
    assert session.lock_in(), seat.message
    h.pump(frames=3)
    if first:
        look("mc_locked")
    _hide(h, seat)


def _boost(h: Any, app: Any, look: Look) -> bool:
    """Spend a held Clear Signal or Cross Check from Decode, by touch: its hint, then its answer."""
    from companion.games.transmission.content.model import BoostKind

    session = app.session
    state = session.game.state
    decode = app.manager.current_screen
    boost = next((b for b in state.boosts
                  if app.content.boost(b).kind in (BoostKind.CLEAR_SIGNAL, BoostKind.CROSS_CHECK)), None)
    if boost is None:
        return False
    decode.use_boost(boost)
    h.pump(frames=3)
    look("decode_boost_hint")
    if app.content.boost(boost).kind is BoostKind.CLEAR_SIGNAL:
        decode.tap_register(next(k for k, r in enumerate(state.registers, start=1) if r is None))
    else:
        decode.tap_card(state.hand[0])
    h.pump(frames=3)
    assert session.game.state.answers, app.message
    look("decode_boost_answer")
    decode.choose_boost()
    h.pump(0.3)
    if _popups(h):
        look("decode_boost_menu")
        _dismiss(h)
    return True


def _transmission(h: Any, app: Any, look: Look, n: int, boosted: bool) -> bool:
    """One transmission from its card to the next Thinking (or the End); ``True`` once a boost is spent."""
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.session import Step
    from test_ui_fit_de import _hide, _scan
    from test_ui_game import wait_screen
    from test_ui_table import arrange_intended, wait_step

    session = app.session
    wait_step(h, Step.TRANSMISSION, timeout=30)
    wait_screen(h, "transmission")
    look(f"t{n}_transmission")
    drawable = session.drawable_transmissions()
    card = next((c for c in drawable if app.content.transmission(c).errors), drawable[0])
    assert _scan(app, h, "transmission", card)
    seat = _seat(h, app)
    if session.awaiting_error:
        look(f"t{n}_mc_error")
        choice = session.seat_view().error_choices[0]
        assert session.draw_error({Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY",
                                   Command.REPAIR: "REPAIR"}.get(choice, f"{choice.value}1"))
        h.pump(frames=3)
    assert session.seat_view().task == "hand_over"
    look(f"t{n}_mc_hand_over")
    _hide(h, seat)
    assert app.intents.confirm()
    wait_screen(h, "decode")
    look(f"t{n}_decode")
    if not boosted:
        boosted = _boost(h, app, look)
    arrange_intended(h)
    look(f"t{n}_decode_arranged")
    assert app.intents.execute(), session.message
    wait_screen(h, "execute")
    look(f"t{n}_execute_0")
    total = len(session.view().last_execution.commands)
    for step in range(1, total + 1):  # Next step, as the players mirror each command with the pawn
        assert app.intents.next_step()
        h.pump(frames=3)
        look(f"t{n}_execute_{step}")
    while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        if session.step is Step.MISSION_COMPLETE:
            wait_screen(h, "mission_complete")
            look(f"t{n}_mission_complete")
        assert app.intents.confirm()
        h.pump(frames=2)
    if session.step is not Step.END:
        wait_step(h, Step.THINKING)
        _pick(h, app, look, first=False)
    return boosted


@pytest.fixture
def german() -> Iterator[None]:
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.mark.timeout(480)
def test_no_english_names_on_a_german_game(ui_harness: Any, tmp_path: Path, german: None) -> None:
    from companion.games.transmission.session import Step
    from test_ui_game import wait_screen

    h = ui_harness
    app = _app(h, tmp_path)
    names = english_names(app.content)
    assert {"Fusion Core", "Collect", "Clear Signal", "Debug", "Hard"} <= set(names), names
    look = Look(h, names)
    assert app.start_game("hard", "standard", SEED)
    wait_screen(h, "board_setup")
    look("board_setup")
    i18n.set_language("en")  # and back: the board's names follow the switch too
    h.pump(0.3)
    i18n.set_language("de")
    h.pump(0.3)
    look("board_setup_switched")
    _fix_the_board(h, app, look)
    assert app.intents.confirm()
    wait_screen(h, "thinking")
    look("thinking")
    seat = _seat(h, app)
    look("mc_missions")
    session = app.session
    longest = sorted(app.content.missions, key=lambda m: len(i18n._(m.title)), reverse=True)
    for mission in longest[:session.seat_view().missions_needed]:
        assert session.enter_mission(mission.id), seat.message
    from test_ui_fit_de import _hide

    _hide(h, seat)
    _pick(h, app, look, first=True)
    boosted = False
    for n in range(1, 8):
        boosted = _transmission(h, app, look, n, boosted)
        if session.step is Step.END:
            break
    assert session.step is Step.END, "the game did not end in 7 transmissions"
    wait_screen(h, "end")
    look("end")
    assert boosted, "no Clear Signal or Cross Check was spent: pick another SEED"
    assert {"board_setup", "fix_module_picker", "mc_select", "t1_execute_5", "end"} <= set(look.seen)
    german_names = {names.get(m.name, m.name) for m in app.content.modules}
    assert look.drawn & german_names, f"the boards drew no German module name: {sorted(look.drawn)}"
    assert not look.found, report(look.found)
    assert not look.misfits, report(look.misfits)
