"""How to play is each game's own (a fresh-eyes player's finding, HIGH 5: Home's How to play showed
Incoming Transmission's rules with The Six or The Five Actions chosen, and their Menu had none).

In a real 800x480 window:

- from Home, How to play shows the chosen game's pages (its title in the header, a tab per page,
  ←/→ between them), and Back returns Home with the same game chosen;
- from The Six and The Five Actions' Menu, How to play shows that game's pages; "Back to the game"
  returns to the table screen, the game unchanged (its record, whose turn, the screen);
- in German every page fits (:func:`i18n_support.misfits`) and an action game's page needs no
  scrolling; in the pseudo-locale every visible word comes from the catalog.

Screenshots: ``tests/_screenshots/help/`` (English and German, every page; look at them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from i18n_support import PSEUDO, misfits, pseudo_locale, report, unmarked

SEED = 7
NAMES = ("Ana", "Ben")
#: Each game: a phrase only its first page says, in English and in German.
FIRST_WORDS = {"transmission": ("The goal.", "Das Ziel."),
               "six-actions": ("banker and referee", "Bank und Schiedsrichter"),
               "five-actions": ("referee and accountant", "Schiedsrichter und Buchhalter")}
#: The action games: their name, the module of their table, their table screen.
ACTION_GAMES = {"six": ("six-actions", "ui.games.six_actions.table", "six_table"),
                "five": ("five-actions", "ui.games.five_actions.table", "five_table")}


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def wait_for(h: Any, name: str) -> Any:
    h.pump_until(lambda: h.app.manager.current == name, timeout=5, what=f"the {name} screen")
    settle(h)
    return h.app.manager.current_screen


@pytest.fixture
def language() -> Iterator[Callable[..., None]]:
    """``language(code, localedir=None)`` sets the language; English again after the test."""
    try:
        yield lambda code, localedir=None: i18n.set_language(code, localedir=localedir)
    finally:
        i18n.set_language("en")


def start_app(h: Any, tmp_path: Path) -> Any:
    from ui.app import CompanionApp

    app = CompanionApp(store_path=tmp_path / "store.sqlite3")
    h.start(app)
    settle(h)
    return app


def open_from_home(h: Any, game: str) -> Any:
    """Home, ``game`` chosen, How to play tapped: the Help screen."""
    app = h.app
    app.show("home")
    home = wait_for(h, "home")
    home.choose(game)
    home.how_to_play()
    return wait_for(h, "help")


def start_action_game(h: Any, key: str) -> Any:
    """A game of ``key`` ("six", "five") on the table, one turn passed (a state to keep): its table."""
    import importlib

    name, module, screen = ACTION_GAMES[key]
    table = importlib.import_module(module).table_of(h.app)
    if key == "six":
        from companion.games.six_actions.session import Seat

        assert table.start([Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], 0, "map", SEED)
    else:
        from ui.games.five_actions.setup import DEFAULT_STARTS

        assert table.start(list(NAMES), ["red", "blue"], list(DEFAULT_STARTS[:2]), "map", SEED)
    wait_for(h, screen)
    assert table.intents.pass_turn()
    settle(h)
    return table


def open_from_menu(h: Any) -> Any:
    """The table screen's Menu, its How to play tapped: the Help screen."""
    from kivy.uix.modalview import ModalView

    h.app.manager.current_screen.open_menu()
    settle(h)
    h.tap(h.find(text=i18n._("How to play")))
    h.pump_until(lambda: not any(isinstance(w, ModalView) for w in h.window.children), timeout=3,
                 what="the Menu to close")
    return wait_for(h, "help")


def pages_of(h: Any, help_screen: Any) -> Iterator[int]:
    """Show each page in turn (tapping its tab), yielding its number."""
    tabs = list(reversed(help_screen.ids.tabs.children))
    for at in range(len(help_screen.pages)):
        if tabs:
            h.tap(tabs[at])
            settle(h)
        assert help_screen.page == at
        yield at


def snapshot(table: Any) -> tuple[str, Any, Any]:
    view = table.view()
    return json.dumps(table.intents.record(), sort_keys=True, default=str), view.round, view.current


# ---------------------------------------------------------------------- English: which pages, where back goes


@pytest.mark.parametrize("game", sorted(FIRST_WORDS))
def test_home_opens_the_chosen_games_own_pages(ui_harness: Any, tmp_path: Path, game: str) -> None:
    h = ui_harness
    app = start_app(h, tmp_path)
    help_screen = open_from_home(h, game)
    title, rules = app.shelf.rules(game)
    assert help_screen.game_title == title and h.find(text=title)
    expected = rules.load()(app)
    assert FIRST_WORDS[game][0] in help_screen.rules_text
    for other, (words, _german) in FIRST_WORDS.items():
        if other != game:
            assert words not in help_screen.rules_text, f"{game}'s How to play shows {other}'s rules"
    if game == "transmission":
        assert len(expected) == 1 and not help_screen.titles, "one page: no tabs"
    else:
        assert help_screen.titles == ["The game", "A turn", "The actions", "The end"]
    for at in pages_of(h, help_screen):
        assert help_screen.rules_text == expected[at][1]
        h.screenshot(f"help/en_{game}_{at + 1}.png")
    if len(expected) > 1:
        help_screen.handle_key("prev", None)
        assert help_screen.page == len(expected) - 2, "← goes back a page"
    assert help_screen.back_text == "Back"
    h.tap(h.find(text="Back"))
    wait_for(h, "home")
    assert app.shelf.chosen == game, "Home keeps the game chosen"
    help_screen = open_from_home(h, game)
    assert help_screen.page == 0, "How to play opens on its first page"


@pytest.mark.parametrize("key", sorted(ACTION_GAMES))
def test_the_menu_opens_the_games_pages_and_back_returns_to_the_game(ui_harness: Any, tmp_path: Path,
                                                                     key: str) -> None:
    h = ui_harness
    game, _module, table_screen = ACTION_GAMES[key]
    app = start_app(h, tmp_path)
    app.shelf.choose("transmission")  # Home's choice is not what the Menu shows
    table = start_action_game(h, key)
    before = snapshot(table)
    help_screen = open_from_menu(h)
    assert help_screen.game_title == app.shelf.rules(game)[0]
    assert FIRST_WORDS[game][0] in help_screen.rules_text
    assert help_screen.back_text == "Back to the game"
    h.screenshot(f"help/en_{key}_from_menu.png")
    help_screen.show_page(2)
    h.tap(h.find(text="Back to the game"))
    wait_for(h, table_screen)
    assert snapshot(table) == before, "the game is as it was"
    assert not app.help_over_game
    # Escape (the panel's Back) on How to play returns to the game too.
    help_screen = open_from_menu(h)
    help_screen.handle_key("back", None)
    wait_for(h, table_screen)
    assert snapshot(table) == before
    # Home's How to play afterwards shows Home's chosen game again, with a plain Back.
    table.leave()
    help_screen = open_from_home(h, "transmission")
    assert FIRST_WORDS["transmission"][0] in help_screen.rules_text and help_screen.back_text == "Back"


# ---------------------------------------------------------------------------- German and the pseudo-locale


@pytest.mark.parametrize("game", sorted(FIRST_WORDS))
def test_every_page_fits_in_german(ui_harness: Any, tmp_path: Path, language: Any, game: str) -> None:
    h = ui_harness
    start_app(h, tmp_path)
    language("de")
    settle(h)
    help_screen = open_from_home(h, game)
    assert FIRST_WORDS[game][1] in help_screen.rules_text
    found: dict[str, list[str]] = {}
    for at in pages_of(h, help_screen):
        h.screenshot(f"help/de_{game}_{at + 1}.png")
        found[f"page {at + 1}"] = misfits(h.window)
        if game != "transmission":  # a page of an action game is read without scrolling
            body, scroll = help_screen.ids.scroll.children[0], help_screen.ids.scroll
            assert body.height <= scroll.height, f"page {at + 1} scrolls: {body.height:.0f} px"
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)


@pytest.mark.parametrize("key", sorted(ACTION_GAMES))
def test_the_menu_and_its_pages_fit_in_german(ui_harness: Any, tmp_path: Path, language: Any,
                                              key: str) -> None:
    h = ui_harness
    start_app(h, tmp_path)
    language("de")
    settle(h)
    table = start_action_game(h, key)
    h.app.manager.current_screen.open_menu()
    settle(h)
    h.screenshot(f"help/de_{key}_menu.png")
    found = {"menu": misfits(h.window)}
    from kivy.uix.modalview import ModalView

    menu = next(w for w in h.window.children if isinstance(w, ModalView))
    assert menu.y >= 0 and menu.top <= h.window.height, f"the Menu is cut: {menu.pos}, {menu.size}"
    for widget in list(h.window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)
    h.pump(frames=3)
    before = snapshot(table)
    help_screen = open_from_menu(h)
    assert help_screen.back_text == "Zurück zum Spiel"
    h.screenshot(f"help/de_{key}_from_menu.png")
    found["from the menu"] = misfits(h.window)
    h.tap(h.find(text="Zurück zum Spiel"))
    wait_for(h, ACTION_GAMES[key][2])
    assert snapshot(table) == before
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)


@pytest.mark.parametrize("game", sorted(FIRST_WORDS))
def test_every_page_speaks_from_the_catalog(ui_harness: Any, tmp_path: Path, language: Any,
                                            game: str) -> None:
    h = ui_harness
    start_app(h, tmp_path)
    language(PSEUDO, pseudo_locale(tmp_path / "pseudo"))
    settle(h)
    help_screen = open_from_home(h, game)
    found = {f"page {at + 1}": unmarked(h.window) for at in pages_of(h, help_screen)}
    if game != "transmission":
        key = next(k for k, (name, _m, _s) in ACTION_GAMES.items() if name == game)
        start_action_game(h, key)
        open_from_menu(h)
        found["from the menu"] = unmarked(h.window)
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)
