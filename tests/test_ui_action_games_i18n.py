"""The Six Actions and The Five Actions on the touchscreen in German and in the pseudo-locale (issue 22).

Each game is played through its screens by their own methods (no English word is tapped): Setup and
its table options, the table, every action's steps with the first answer that can be given and its
confirmation (some actions played, the others cancelled), the Menu, the board, the ledger and the
Merit cards (The Six Actions), passing to the round's end, the end.  On every screen and popup:

- in German (the real catalog, ``companion/locale/de``), :func:`i18n_support.misfits`: no label's text
  is clipped, shortened with "...", squeezed or over another label at 800x480, and
  :func:`i18n_support.broken_words` (part of it): no word is broken across two lines; screenshots in
  ``tests/_screenshots/i18n/six_*.png`` and ``five_*.png``;
- in the pseudo-locale, :func:`i18n_support.unmarked`: every visible word comes from the catalog, but
  the players' names and the content pack's names (cards, cities, Locations, tiles: data of the pack).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from i18n_support import PSEUDO, misfits, pseudo_locale, report, unmarked

#: The shuffles of both games (any seed plays; this one is the UI tests').
SEED = 7
NAMES = ("Ana", "Ben")
#: Steps of an action's flow the tour answers at most (a flow has fewer).
MOST_STEPS = 12

Look = Callable[[str], list[str]]


def settle(h: Any) -> None:
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def dismiss_popups(h: Any) -> None:
    from kivy.uix.modalview import ModalView

    for widget in list(h.window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)
    h.pump(frames=3)


class Tour:
    """What the tour found, screen by screen: ``look(name)`` once a name."""

    def __init__(self, h: Any, look: Look) -> None:
        self.h = h
        self.look = look
        self.found: dict[str, list[str]] = {}

    def at(self, name: str) -> None:
        settle(self.h)
        if name not in self.found:
            self.found[name] = self.look(name)

    def popup(self, name: str, open_it: Callable[[], object]) -> None:
        open_it()
        self.at(name)
        dismiss_popups(self.h)

    def flow(self, game: str, table_screen: Any, kind: str, play: bool) -> None:
        """Open action ``kind``'s steps, answer each with its first answer that can be given, look at
        each step and the confirmation; play it when ``play`` (and the rules allow), else cancel."""
        h = self.h
        table_screen.open_flow(kind)
        settle(h)
        step = h.app.manager.current_screen
        for _ in range(MOST_STEPS):
            question = step.question
            if question is None:
                break
            self.at(f"{game}_{kind}_{question.key}")
            choice = next((o for o in question.options if o.enabled), None)
            if choice is not None:
                step.answer(choice.value, choice.label)
            elif question.number is not None:
                step.answer(question.number[0], str(question.number[0]))
            elif question.text:
                step.answer("Capital", "Capital")
            else:  # nothing can be chosen: the flow cannot go on
                step.cancel()
                return
            settle(h)
        if step.is_confirm:
            self.at(f"{game}_{kind}_confirm")
            if play and step.can_confirm and step.confirm():
                settle(h)
                return
        step.cancel()
        settle(h)


def six_tour(h: Any, tmp_path: Path, look: Look, switch: Callable[[], None]) -> dict[str, list[str]]:
    """The Six Actions from Setup to its end; ``switch()`` sets the language once the app runs (the
    app sets its own at start)."""
    from companion.games.six_actions.engine.state import Phase
    from companion.games.six_actions.session import Seat
    from ui.app import CompanionApp
    from ui.games.six_actions.table import table_of

    tour = Tour(h, look)
    app = CompanionApp(store_path=tmp_path / "six.sqlite3")
    h.start(app)
    switch()
    settle(h)
    app.show("six_setup")
    tour.at("six_setup")
    tour.popup("six_setup_options", lambda: app.manager.current_screen.open_options())
    table = table_of(app)
    assert table.start([Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], 0, "map", SEED)
    settle(h)
    screen = app.manager.current_screen
    tour.at("six_table")
    tour.popup("six_menu", screen.open_menu)
    tour.popup("six_board", screen.show_board)
    for kind in ("build", "share", "muster", "strategy", "politics", "loan", "emergency_loan", "adjust"):
        tour.flow("six", screen, kind, play=kind in ("build", "muster", "adjust"))
    tour.at("six_table_played")
    screen.show_ledger()
    tour.at("six_ledger")
    app.show("six_table")
    settle(h)
    screen.show_merit()
    settle(h)
    merit = app.manager.current_screen
    tour.at("six_merit")
    merit.choose(0, NAMES[0])
    merit.reveal()
    tour.at("six_merit_shown")
    merit.hide()
    tour.popup("six_merit_play", merit.play)
    merit.back()
    settle(h)
    tour.popup("six_leave", screen.ask_leave)
    intents = table.intents
    for _ in range(20):
        view = table.view()
        if view is None or view.phase is not Phase.TURN:
            break
        intents.pass_turn() or intents.end_turn()
        settle(h)
    tour.at("six_round_end")
    tour.popup("six_next_round", screen.next_round)
    tour.popup("six_end_game", screen.end_game)
    intents.end_game()
    settle(h)
    h.pump_until(lambda: app.manager.current == "six_end", timeout=5, what="the settlement")
    tour.at("six_settlement")
    for row in table.view().settlement:
        intents.settle(row.seat, 0)
        settle(h)
    tour.at("six_over")
    return tour.found


def five_tour(h: Any, tmp_path: Path, look: Look, switch: Callable[[], None]) -> dict[str, list[str]]:
    """The Five Actions from Setup to its end (as :func:`six_tour`)."""
    from ui.app import CompanionApp
    from ui.games.five_actions.setup import DEFAULT_STARTS
    from ui.games.five_actions.table import table_of

    tour = Tour(h, look)
    app = CompanionApp(store_path=tmp_path / "five.sqlite3")
    h.start(app)
    switch()
    settle(h)
    app.show("five_setup")
    tour.at("five_setup")
    tour.popup("five_setup_options", lambda: app.manager.current_screen.open_options())
    table = table_of(app)
    assert table.start(list(NAMES), ["red", "blue"], list(DEFAULT_STARTS[:2]), "map", SEED)
    settle(h)
    screen = app.manager.current_screen
    tour.at("five_table")
    tour.popup("five_menu", screen.open_menu)
    tour.popup("five_pass", screen.pass_turn)
    for kind in ("install", "transmit", "modulate", "fund", "supply"):
        tour.flow("five", screen, kind, play=kind == "install")
    tour.at("five_table_played")
    tour.popup("five_leave", screen.ask_leave)
    tour.popup("five_end_game", screen.end_game)
    table.intents.end_game()
    settle(h)
    h.pump_until(lambda: app.manager.current == "five_end", timeout=5, what="the end")
    tour.at("five_end")
    return tour.found


#: The fields of a content pack's objects whose text is the pack's own (its cards', cities', tiles'
#: names and texts): data of the pack, translated with the pack, not by the screens.
PACK_FIELDS = frozenset({"name", "title", "text", "bonus", "region", "said"})


def pack_words(content: Any) -> set[str]:
    """Every text of ``content`` (a game's content pack) in one of :data:`PACK_FIELDS`, its ids too
    (as they are and capitalised)."""
    import dataclasses

    words: set[str] = set()
    stack = [content]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            for field in dataclasses.fields(item):
                value = getattr(item, field.name)
                if isinstance(value, str) and (field.name in PACK_FIELDS or field.name == "id"):
                    words.add(value)
                elif not isinstance(value, (str, int, float, bool)) and value is not None:
                    stack.append(value)
        elif isinstance(item, (list, tuple, frozenset, set)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    # an id is shown as a name where the pack gives none (a Credit row "bank" as "Bank")
    return {w for w in words if w.strip()} | {w.title() for w in words if w.strip()}


@pytest.fixture
def in_language() -> Iterator[Callable[..., Callable[[], None]]]:
    """``in_language(code, localedir)``: what sets that language (English again after the test)."""
    def switch(code: str, localedir: Path | None = None) -> Callable[[], None]:
        return lambda: i18n.set_language(code, localedir=localedir)

    try:
        yield switch
    finally:
        i18n.set_language("en")


TOURS = {"six": (six_tour, "ui.games.six_actions.table"), "five": (five_tour, "ui.games.five_actions.table")}


@pytest.mark.parametrize("game", sorted(TOURS))
def test_an_action_game_in_german_fits(ui_harness: Any, tmp_path: Path, in_language: Any, game: str) -> None:
    h = ui_harness
    tour, _table = TOURS[game]

    def fits(name: str) -> list[str]:
        assert i18n.language() == "de"
        h.screenshot(f"i18n/de_{name}.png")
        return misfits(h.window)  # broken words included

    found = tour(h, tmp_path, fits, in_language("de"))
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)


@pytest.mark.parametrize("game", sorted(TOURS))
def test_an_action_game_speaks_from_the_catalog(ui_harness: Any, tmp_path: Path, in_language: Any,
                                                game: str) -> None:
    h = ui_harness
    tour, table = TOURS[game]
    switch = in_language(PSEUDO, pseudo_locale(tmp_path / "pseudo"))

    def speaks(_name: str) -> list[str]:
        content = importlib.import_module(table).table_of(h.app).content
        return unmarked(h.window, pack_words(content) | set(NAMES))

    found = tour(h, tmp_path, speaks, switch)
    lines = [f"{name}: {line}" for name, problems in found.items() for line in problems]
    assert not lines, report(lines)
