"""The shell's screens in another language, in a real 800x480 window (issue 22).

- In the pseudo-locale (every message ``⟦Ŝçőŕé⟧``, made from the template at test time) no visible
  text has words from outside the catalog: Home, How to play, History (empty and with games), Stats
  (empty and with figures), the number pad, the export and Menu popups.
- In German every one of them fits: no label's text is larger than its box, shortened, squeezed to
  nothing or over another's; screenshots in ``tests/_screenshots/i18n/`` (look at them; Home's is
  the README's ``docs/screenshots/home_de.png`` with ``COMPANION_UPDATE_SCREENSHOTS=1``).
- A switch while the app runs redraws what is shown, kv text and Python-built text alike.

Game screens join as they are wrapped: :func:`shell_tour` takes more steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.table.store import GameSummary
from i18n_support import PSEUDO, misfits, pseudo_locale, report, unmarked
from readme_pictures import publish


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


@dataclass
class Figures:
    """What Stats reads of one difficulty (:class:`companion.table.store.DifficultyStats`'s fields)."""

    difficulty: str
    games: int = 12
    win_rate: float = 7 / 12
    best_score: int = 450
    streak: int = 2
    best_streak: int = 4
    abandoned: int = 1
    scores: list[int] = field(default_factory=lambda: [100, 250, 450, 300, 0, 125])
    game: str = "transmission"


def games(now: datetime) -> list[GameSummary]:
    """A won, a lost and an abandoned game of Incoming Transmission, with undos and a person as MC."""
    base: dict[str, Any] = {
        "id": 1, "started": now, "ended": now + timedelta(minutes=12), "difficulty": "standard",
        "layout": "standard", "seed": 123456, "result": "won", "transmissions_used": 5,
        "missions_completed": 3, "missions_total": 3, "score": 450, "duration_s": 725.0, "undos": 2}
    return [GameSummary(**base),
            GameSummary(**{**base, "id": 2, "started": now - timedelta(days=9), "result": "lost",
                           "difficulty": "expert", "missions_completed": 1, "missions_total": 4, "score": 0,
                           "duration_s": 4000.0, "undos": 0}),
            GameSummary(**{**base, "id": 3, "started": now - timedelta(days=2), "result": "abandoned",
                           "transmissions_used": 1, "duration_s": 30.0, "undos": 0})]


#: A step of the tour: its name (the screenshot's) and what brings the screen or popup up.
Step = tuple[str, Callable[[Any], None]]


def _show(name: str) -> Callable[[Any], None]:
    def go(h: Any) -> None:
        h.app.show(name)
    return go


def _history_with_games(h: Any) -> None:
    h.app.show("history")
    settle(h)
    h.app.manager.current_screen.show_games(games(datetime.now(UTC)))
    h.app.manager.current_screen.can_export = True


def _stats_with_figures(h: Any) -> None:
    h.app.show("stats")
    settle(h)
    names = [d.name for d in h.app.content.difficulties]
    h.app.manager.current_screen.show_stats([Figures(name) for name in names[:3]])


def _popup(make: Callable[[Any], Any]) -> Callable[[Any], None]:
    def go(h: Any) -> None:
        make(h).open()
    return go


def _seed_pad(h: Any) -> Any:
    from ui.popups import SeedPad

    pad = SeedPad("12345")
    pad.press("x")  # a problem line
    pad.problem = ""
    return pad


def _export(h: Any) -> Any:
    from ui.screens.history import HistoryScreen

    assert isinstance(h.app.manager.current_screen, HistoryScreen)
    h.app.manager.current_screen.export()
    return _Opened()


class _Opened:
    """A popup some code has opened already."""

    def open(self) -> None:
        pass


SHELL_TOUR: list[Step] = [
    ("home", _show("home")),
    ("help", _show("help")),
    ("history_empty", _show("history")),
    ("history", _history_with_games),
    ("history_export", _popup(_export)),
    ("stats_empty", _show("stats")),
    ("stats", _stats_with_figures),
    ("seed_pad", _popup(_seed_pad)),
]


def dismiss_popups(h: Any) -> None:
    from kivy.uix.modalview import ModalView

    for widget in list(h.window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)
    h.pump(frames=3)


def shell_tour(h: Any, tmp_path: Path, check: Callable[[str], list[str]],
               steps: list[Step] = SHELL_TOUR) -> list[str]:
    """Walk ``steps`` in a started app; ``check(name)`` at each says what is wrong there."""
    found = []
    for name, go in steps:
        if not name.endswith(("_export",)):
            dismiss_popups(h)
        go(h)
        settle(h)
        found += [f"{name}: {line}" for line in check(name)]
    dismiss_popups(h)
    return found


@pytest.fixture
def app_in(ui_harness: Any, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Start the app in a language: ``app_in("de")`` or ``app_in(PSEUDO, localedir)``."""
    from ui.app import CompanionApp

    def start(code: str, localedir: Path | None = None) -> Any:
        app = CompanionApp(store_path=tmp_path / "store.sqlite3")
        i18n.set_language(code, localedir=localedir)  # after the app's own choice (English in tests)
        ui_harness.start(app)
        settle(ui_harness)
        return app

    try:
        yield start
    finally:
        i18n.set_language("en")


def test_every_visible_string_comes_from_the_catalog(ui_harness: Any, app_in: Any, tmp_path: Path) -> None:
    h = ui_harness
    app = app_in(PSEUDO, pseudo_locale(tmp_path / "pseudo"))
    # Data, not the catalog's: the content pack's difficulty titles (their translation is the game's
    # content's, issue 22's Incoming Transmission part), a file name.
    data = {d.title for d in app.content.difficulties} | {"exports"}
    found = shell_tour(h, tmp_path, lambda _name: unmarked(h.window, data))
    assert not found, report(found)


def test_every_shell_screen_fits_in_german(ui_harness: Any, app_in: Any, tmp_path: Path) -> None:
    h = ui_harness
    app_in("de")
    assert h.find(text="Neues Spiel")

    def fits(name: str) -> list[str]:
        shot = h.screenshot(f"i18n/de_{name}.png")
        if name == "home":
            publish(shot, "home_de")  # README, Language (COMPANION_UPDATE_SCREENSHOTS=1)
        return misfits(h.window)

    found = shell_tour(h, tmp_path, fits)
    assert not found, report(found)


def test_the_difficulties_are_named_in_german(ui_harness: Any, app_in: Any, tmp_path: Path) -> None:
    """The content pack's difficulty titles ("Hard", "Expert") come out of the catalog on Setup, in
    History and in Stats (docs/glossary.md: Schwer, Experte); they stayed English on all three."""
    h = ui_harness
    app_in("de")
    h.tap(h.find(text="Neues Spiel"))
    settle(h)
    titles = {toggle.title for toggle in h.app.manager.current_screen.ids.difficulties.children}
    assert {"Schwer", "Experte"} <= titles and not {"Hard", "Expert"} & titles, titles
    _history_with_games(h)
    settle(h)
    shown = repr(h.app.manager.current_screen.ids.games.data)
    assert "Experte · " in shown and "Expert · " not in shown, shown
    _stats_with_figures(h)
    settle(h)
    assert h.find(where=lambda w: "Schwer" in str(getattr(w, "text", ""))) is not None


def test_a_switch_while_the_app_runs_redraws_what_is_shown(ui_harness: Any, app_in: Any,
                                                           tmp_path: Path) -> None:
    from kivy.uix.label import Label

    h = ui_harness
    app = app_in("en")
    assert h.find(text="New game")
    assert app.title == "Table companion"
    i18n.set_language("de")
    h.pump(frames=3)
    assert h.find(text="Neues Spiel") and h.find(text="Verlauf")
    assert app.title == "Spielbegleiter", "the window's title follows the switch"
    keys = h.find(cls=Label, where=lambda w: w.text.startswith("Tasten:"))
    assert "Register" in keys.text
    app.show("help")
    settle(h)
    assert "Das Ziel." in app.manager.current_screen.rules_text
    i18n.set_language("en")
    h.pump(frames=3)
    assert "The goal." in app.manager.current_screen.rules_text, "the screen shown is redrawn"
    assert h.find(text="How to play")
    assert app.title == "Table companion"


def play_a_whole_game(h: Any, tmp_path: Path, look: Callable[[str], list[str]],
                      language: str | None = None) -> dict[str, list[str]]:
    """Incoming Transmission from Home's New game to its End (Setup, Board set-up, each
    Transmission, Decode, Execute, Mission complete), by the session's intents (no English words
    tapped); ``look(screen)`` once on each screen says what is wrong there.

    :param language: the config's ``[table] language`` the app starts in (``None``: the one in use).
    """
    import test_ui_game
    from companion.games.transmission.session import Step as GameStep
    from companion.table.config import Config
    from companion.table.table_settings import TableSettings
    from test_ui_table import arrange_intended, wait_step
    from ui.app import CompanionApp

    found: dict[str, list[str]] = {}

    def once() -> None:
        name = h.app.manager.current
        settle(h)
        if name not in found:
            found[name] = look(name)

    config = Config(table=TableSettings(language=language)) if language else None
    current = i18n.language()
    app = CompanionApp(content=test_ui_game.CONTENT, chooser_factory=test_ui_game.make_chooser,
                       config=config, store_path=tmp_path / "store.sqlite3")
    if language is None:  # the app chose from the tests' environment: the one in use again
        i18n.set_language(current, localedir=_LOCALEDIRS.get(current))
    h.start(app)
    settle(h)
    once()
    app.new_game()
    test_ui_game.wait_screen(h, "setup")
    once()
    assert app.start_game("training", "standard", 8)
    test_ui_game.wait_screen(h, "board_setup")
    once()
    assert app.intents.confirm()
    while app.session.step is not GameStep.END:
        if app.session.step is not GameStep.DECODE:
            wait_step(h, GameStep.TRANSMISSION, timeout=30)
            test_ui_game.wait_screen(h, "transmission")
            once()
            assert app.intents.confirm()
            test_ui_game.wait_screen(h, "decode")
        once()
        arrange_intended(h)
        assert app.intents.execute(), app.session.message
        while app.session.step in (GameStep.EXECUTE, GameStep.MISSION_COMPLETE):
            test_ui_game.wait_screen(h, app.session.step.value)
            once()
            assert app.intents.confirm()
        h.pump_until(lambda: app.session.step is not GameStep.EXECUTE)
    test_ui_game.wait_screen(h, "end")
    once()
    assert {"home", "setup", "board_setup", "transmission", "decode", "execute", "end"} <= set(found)
    return found


#: The folder of a language set by a test (the pseudo-locale's), by code.
_LOCALEDIRS: dict[str, Path] = {}


def content_words(content: Any) -> set[str]:
    """The names the content pack gives (modules, missions, boosts, difficulties, the pack) and the
    commands' titles: data of the game, translated with the content, not by the screens."""
    from companion.games.transmission.engine.commands import Command

    words = {m.name for m in content.modules} | {d.title for d in content.difficulties}
    words |= {m.title for m in content.missions} | {m.flavour for m in content.missions}
    words |= {b.name for b in content.boosts} | {b.text for b in content.boosts} | {content.title}
    return words | {c.title for c in Command}


def test_a_whole_game_in_german_fits(ui_harness: Any, tmp_path: Path) -> None:
    """Incoming Transmission from Setup to its End, started in German by the config's
    ``[table] language``; every screen of the way is measured (and its screenshot kept)."""
    h = ui_harness

    def fits(name: str) -> list[str]:
        assert i18n.language() == "de"
        h.screenshot(f"i18n/de_game_{name}.png")
        return misfits(h.window)

    try:
        found = play_a_whole_game(h, tmp_path, fits, language="de")
    finally:
        i18n.set_language("en")
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems
             if (name, line.split("'")[1]) not in KNOWN_MISFITS]
    assert not lines, report(lines)


def test_a_whole_game_speaks_from_the_catalog(ui_harness: Any, tmp_path: Path) -> None:
    """The same game in the pseudo-locale: every word on every screen comes from the catalog, but
    the content's names, the seed and the board's letters (single letters are allowed by rule)."""
    import test_ui_game

    h = ui_harness
    _LOCALEDIRS[PSEUDO] = pseudo_locale(tmp_path / "pseudo")
    data = content_words(test_ui_game.CONTENT)
    try:
        i18n.set_language(PSEUDO, localedir=_LOCALEDIRS[PSEUDO])
        found = play_a_whole_game(h, tmp_path, lambda _name: unmarked(h.window, data))
    finally:
        i18n.set_language("en")
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)


#: Misfits of the game's screens found here and not yet fixed, as (screen, the label's text): each
#: is also there in English (the game's screens are wrapped and fitted apart from the shell).
#: Remove an entry when its screen is fixed; a new misfit fails the test.
#: (screen, text) of a label allowed not to fit; none since a long mission title or boost list takes a
#: smaller type (``ui.widgets.controls.FitLabel``) instead of an ellipsis.
KNOWN_MISFITS: set[tuple[str, str]] = set()


def test_a_game_in_progress_goes_on_in_the_new_language(ui_harness: Any, app_in: Any) -> None:
    """A switch mid-game redraws the game's screen from its view (the status strip included); the
    game itself is untouched."""
    import test_ui_game

    h = ui_harness
    app = app_in("en")
    assert app.start_game("training", "standard", 8)
    test_ui_game.wait_screen(h, "board_setup")
    session = app.session
    redraws: list[str] = []
    table = app.shelf.table("transmission")
    original = table.redraw
    table.redraw = lambda: (redraws.append(app.manager.current), original())[1]
    assert app.status.hardware.startswith("reader:")
    i18n.set_language("de")
    h.pump(frames=3)
    assert redraws == ["board_setup"], "the game's screen is redrawn once, on Kivy's thread"
    assert app.status.hardware.startswith("Leser:")
    assert app.session is session and app.manager.current == "board_setup"
    assert h.find(text="Menü")
    i18n.set_language("en")
    h.pump(frames=3)
    assert app.status.hardware.startswith("reader:") and h.find(text="Menu")
