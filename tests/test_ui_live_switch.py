"""A language switch while a game is on shows what a fresh start in that language shows (issue 22, item 3:
"switchable without restarting the app; a game in progress continues in the new language").

For each screen a game in progress can show (all three games, the shell's screens and some popups), in
a real 800x480 window: the app starts in English and is brought to the screen in a given state; the
language switches to German by the call Settings makes (``app.sound.apply`` with the new
``[table] language``); every visible label's and button's text (:func:`i18n_support.visible_labels`)
is read.  A second app, started in German, is brought to the same screen in the same state the same
way; its visible texts must be the same.  A label the switch forgot (kv text follows ``ui.i18n.tr``,
Python-built text must be redrawn) shows as an English line on the first side only.

Not compared: the sentence said last (the message bar's, an action game's header line: "Round 1: Ana
is the Tycoon and begins."); it was said in English and stays so until the next one (the sessions
keep it as text).  Not here: a popup open during the switch (the switch is made on the Settings
screen, which no popup stays open over).

Screenshots of Fix the board before and after the switch: ``tests/_screenshots/live_switch/``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from i18n_support import visible_labels

#: The seed of every game here (any plays); Incoming Transmission's difficulty and layout.
SEED = 8
NAMES = ("Ana", "Ben")

Reach = Callable[[Any], None]


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def wait_screen(h: Any, name: str, timeout: float = 30.0) -> None:
    h.pump_until(lambda: h.app.manager.current == name, timeout=timeout,
                 what=f"the {name} screen (on {h.app.manager.current!r})")
    settle(h)


def said_last(h: Any) -> set[str]:
    """The sentences said last to the table: the message bar's, and the game's last sentence (an
    action game's header line).  They were said in the language of their moment and are not said
    again: the next one comes in the new language (a known limit, see the module docstring)."""
    said = {str(h.app.message)}
    table = h.app.shelf.playing()
    for name in ("view", "table_view"):
        read = getattr(table, name, None)
        view = read() if callable(read) else None
        said.add(str(getattr(view, "message", "") or ""))
    return {sentence for sentence in said if sentence.strip()}


def shown_texts(h: Any) -> Counter[str]:
    """Every text a player can read now (labels and buttons, popups included) but the sentences
    said last (:func:`said_last`), as a multiset."""
    said = said_last(h)
    return Counter(label.text for label in visible_labels(h.window)
                   if not any(sentence in label.text for sentence in said))


# ---------------------------------------------------------------------------- the shell's screens


def _show(name: str) -> Reach:
    def go(h: Any) -> None:
        h.app.show(name)
        settle(h)
    return go


def _history(h: Any) -> None:
    """History with three games: the screen reads the store again on a switch, so the games are what
    its store gives (:func:`_listing`)."""
    from datetime import UTC, datetime

    from test_ui_i18n import games

    shown = games(datetime.now(UTC).replace(second=0, microsecond=0))
    _listing(h, "history", lambda screen: screen.show_games(shown))


def _stats(h: Any) -> None:
    from test_ui_i18n import Figures

    names = [d.name for d in h.app.content.difficulties][:3]
    _listing(h, "stats", lambda screen: screen.show_stats([Figures(name) for name in names]))


def _listing(h: Any, name: str, fill: Callable[[Any], None]) -> None:
    """Screen ``name`` filled by ``fill(screen)`` after each of its reads of the (empty) store."""
    screen = h.app.manager.get_screen(name)
    read = screen.load

    def load() -> None:
        read()
        fill(screen)

    screen.load = load
    h.app.show(name)
    settle(h)


def _settings(h: Any) -> None:
    h.app.show_table_settings()
    settle(h)


# ---------------------------------------------------------------------------- Incoming Transmission


def _table(h: Any) -> Any:
    return h.app.shelf.table("transmission")


def _it_setup(h: Any) -> None:
    """Setup with the players' choices made (not the defaults): a switch keeps them."""
    h.app.new_game("transmission")
    wait_screen(h, "setup")
    screen = h.app.manager.current_screen
    screen.ids.seed.seed = "4821"
    h.tap(next(t for t in screen.ids.difficulties.children if t.value == "hard"))
    settle(h)


def _it_settings(h: Any) -> None:
    """Settings opened from a game's Menu: a switch there stays there."""
    _it_decode(h)
    h.app.show_table_settings()
    settle(h)


def _it_board_setup(h: Any) -> None:
    assert h.app.start_game("training", "standard", SEED)
    wait_screen(h, "board_setup")


def _it_transmission(h: Any) -> None:
    from companion.games.transmission.session import Step
    from test_ui_table import wait_step

    _it_board_setup(h)
    assert h.app.intents.confirm()
    wait_step(h, Step.TRANSMISSION, timeout=30)
    wait_screen(h, "transmission")


def _it_decode(h: Any) -> None:
    _it_transmission(h)
    assert h.app.intents.confirm()
    wait_screen(h, "decode")


def _it_decode_arranged(h: Any) -> None:
    from test_ui_table import arrange_intended

    _it_decode(h)
    arrange_intended(h)
    settle(h)


def _it_execute(h: Any) -> None:
    _it_decode_arranged(h)
    assert h.app.intents.execute(), h.app.session.message
    wait_screen(h, "execute")


def _it_correction(h: Any) -> None:
    """Fix the board from Decode, a module's cell selected."""
    _it_decode(h)
    _table(h).show_correction()
    wait_screen(h, "correction")
    screen = h.app.manager.current_screen
    view = h.app.table_view()
    cell = next((r, c) for r, row in enumerate(view.rows) for c, tile in enumerate(row) if tile.isalpha())
    screen.select(*cell)
    settle(h)


def _it_correction_carrying(h: Any) -> None:
    """Fix the board with the Cadet carrying a device taken from the board."""
    _it_correction(h)
    screen = h.app.manager.current_screen
    screen.set_carrying(sorted(screen.devices)[0])
    settle(h)


def _it_mission_complete(h: Any) -> None:
    from companion.games.transmission.session import Step
    from test_ui_table import arrange_intended, decode_until_a_mission_completes, finish_round_until

    _it_board_setup(h)
    assert h.app.intents.confirm()
    decode_until_a_mission_completes(h)
    arrange_intended(h)
    finish_round_until(h, Step.MISSION_COMPLETE)
    wait_screen(h, "mission_complete")


def _it_person_thinking(h: Any) -> None:
    """Thinking while a person is Mission Control (the hold button to their own screen)."""
    assert h.app.start_game("training", "standard", SEED, "person")
    wait_screen(h, "board_setup")
    assert h.app.intents.confirm()
    wait_screen(h, "thinking")


def _it_end(h: Any) -> None:
    from companion.games.transmission.session import Step
    from test_ui_table import arrange_intended, wait_step

    app = h.app
    _it_board_setup(h)
    assert app.intents.confirm()
    for _ in range(30):
        if app.session.step is Step.END:
            break
        if app.session.step is not Step.DECODE:
            wait_step(h, Step.TRANSMISSION, timeout=30)
            assert app.intents.confirm()
        arrange_intended(h)
        assert app.intents.execute(), app.session.message
        while app.session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
            assert app.intents.confirm()
        h.pump_until(lambda: app.session.step is not Step.EXECUTE)
    wait_screen(h, "end")


def _it_debrief(h: Any) -> None:
    _it_end(h)
    h.app.manager.current_screen.debrief()
    wait_screen(h, "debrief")


# ---------------------------------------------------------------------------- the games of actions


def _six_table(h: Any) -> None:
    from companion.games.six_actions.session import Seat
    from ui.games.six_actions.table import table_of

    h.app.show("six_setup")
    settle(h)
    assert table_of(h.app).start([Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], 0, "map", SEED)
    settle(h)


def _six_step(h: Any) -> None:
    _six_table(h)
    h.app.manager.current_screen.open_flow("build")
    settle(h)


def _six_ledger(h: Any) -> None:
    _six_table(h)
    h.app.manager.current_screen.show_ledger()
    settle(h)


def _six_merit(h: Any) -> None:
    _six_table(h)
    h.app.manager.current_screen.show_merit()
    settle(h)


def _six_end(h: Any) -> None:
    from companion.games.six_actions.engine.state import Phase
    from ui.games.six_actions.table import table_of

    _six_table(h)
    intents = table_of(h.app).intents
    for _ in range(20):  # to the round's end, where the game may end
        if table_of(h.app).view().phase is not Phase.TURN:
            break
        intents.pass_turn() or intents.end_turn()
        settle(h)
    assert intents.end_game()
    wait_screen(h, "six_end", timeout=5)


def _five_table(h: Any) -> None:
    from ui.games.five_actions.setup import DEFAULT_STARTS
    from ui.games.five_actions.table import table_of

    h.app.show("five_setup")
    settle(h)
    assert table_of(h.app).start(list(NAMES), ["red", "blue"], list(DEFAULT_STARTS[:2]), "map", SEED)
    settle(h)


def _five_step(h: Any) -> None:
    _five_table(h)
    h.app.manager.current_screen.open_flow("install")
    settle(h)


def _five_end(h: Any) -> None:
    from ui.games.five_actions.table import table_of

    _five_table(h)
    table_of(h.app).intents.end_game()
    wait_screen(h, "five_end", timeout=5)


#: Each screen (and state) a game in progress can show, by name: what brings a started app there.
SCREENS: dict[str, Reach] = {
    "home": _show("home"),
    "help": _show("help"),
    "history": _history,
    "stats": _stats,
    "settings": _settings,
    "it_setup": _it_setup,
    "it_settings": _it_settings,
    "it_board_setup": _it_board_setup,
    "it_transmission": _it_transmission,
    "it_decode": _it_decode,
    "it_decode_arranged": _it_decode_arranged,
    "it_execute": _it_execute,
    "it_correction": _it_correction,
    "it_correction_carrying": _it_correction_carrying,
    "it_mission_complete": _it_mission_complete,
    "it_person_thinking": _it_person_thinking,
    "it_end": _it_end,
    "it_debrief": _it_debrief,
    "six_setup": _show("six_setup"),
    "six_table": _six_table,
    "six_step": _six_step,
    "six_ledger": _six_ledger,
    "six_merit": _six_merit,
    "six_end": _six_end,
    "five_setup": _show("five_setup"),
    "five_table": _five_table,
    "five_step": _five_step,
    "five_end": _five_end,
}


@pytest.fixture
def english_after() -> Iterator[None]:
    """English again after the test, whatever it left."""
    try:
        yield
    finally:
        i18n.set_language("en")


def start(h: Any, tmp_path: Path, name: str, code: str) -> Any:
    """A fresh app in language ``code`` (its own store: History starts empty on both sides)."""
    import test_ui_game
    from ui.app import CompanionApp

    app = CompanionApp(content=test_ui_game.CONTENT, chooser_factory=test_ui_game.make_chooser,
                       store_path=tmp_path / f"{name}.sqlite3")
    i18n.set_language(code)  # after the app's own choice (English in tests)
    h.start(app)
    settle(h)
    return app


def home(h: Any) -> None:
    """Leave the screen before the app stops: a Setup's name fields let go of the app on leaving
    (Kivy's TextInput keeps the last one it scrolled, ``SetupScreenBase.on_leave``)."""
    h.app.show("home")
    settle(h)


def switch_live(h: Any, code: str) -> None:
    """What Settings does when a language button is tapped (``SettingsScreen.changed``)."""
    app = h.app
    app.sound.apply(dataclasses.replace(app.sound.settings(), language=code))
    h.pump(frames=3)
    settle(h)


@pytest.mark.parametrize("name", list(SCREENS))
def test_a_live_switch_shows_what_a_fresh_start_shows(ui_harness: Any, tmp_path: Path, english_after: None,
                                                       name: str) -> None:
    from kivy.core.window import Window

    h = ui_harness
    reach = SCREENS[name]
    start(h, tmp_path, "live", "en")
    reach(h)
    english = shown_texts(h)
    if name.startswith("it_correction"):
        h.screenshot(f"live_switch/{name}_en.png")
    switch_live(h, "de")
    assert i18n.language() == "de"
    live = shown_texts(h)
    live_title = Window.title
    if name.startswith("it_correction"):
        h.screenshot(f"live_switch/{name}_switched.png")
    home(h)
    h.stop()
    start(h, tmp_path, "fresh", "de")
    reach(h)
    fresh = shown_texts(h)
    assert live_title == Window.title, "the window's title follows the switch"
    if name.startswith("it_correction"):
        h.screenshot(f"live_switch/{name}_fresh_de.png")
    home(h)
    assert live != english, "the switch changed nothing on the screen"
    stale = sorted((live - fresh).elements())
    missing = sorted((fresh - live).elements())
    assert not stale and not missing, (f"after the switch {name} still shows {stale}; a fresh start in "
                                       f"German shows {missing} instead")


def test_closed_popups_leave_no_kv_bindings(ui_harness: Any, tmp_path: Path) -> None:
    """A popup's kv text binds to the translator (``tr._('OK')``); once the popup is closed and gone,
    its bindings go with it (Kivy unbinds a dead widget's kv rules by the uid the translator gave):
    opening and closing the seed pad 100 times leaves no more bindings than opening it once."""
    import gc

    from ui.i18n import tr
    from ui.popups import SeedPad

    h = ui_harness
    start(h, tmp_path, "popups", "en")

    def open_and_close() -> None:
        pad = SeedPad("4821")
        pad.open(animation=False)
        h.pump(frames=2)
        pad.dismiss(animation=False)
        h.pump(frames=2)

    open_and_close()
    gc.collect()
    h.pump(frames=2)
    once = tr.held()
    for _ in range(100):
        open_and_close()
    gc.collect()
    h.pump(frames=2)
    assert tr.held() <= once, f"{tr.held() - once} kv bindings of closed popups are still held"
