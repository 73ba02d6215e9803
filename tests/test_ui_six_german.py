"""The Six Actions on the touchscreen in German, as the fresh-eyes German player met it (800x480, by
touch): Build's cities name their region in German, the confirmations and the message bar say each
payment as one sentence ("Spieler 2 zahlt 4 Cr an Spieler 1", "an den Vorrat"), Strategy greys the
spaces the Strategy Pool cannot pay for and says why, Pass asks first (as The Five Actions does), the
ledger's long reasons are not cut mid-word, and the end names the winner and what decided it.
Screenshots: ``tests/_screenshots/six_german/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from test_ui_six_actions import answer_popup, button, message, on, settle, tap, view

SEED = 20261201
NAMES = ("Spieler 1", "Spieler 2")


@pytest.fixture
def german_app(ui_harness: Any, tmp_path: Path) -> Iterator[Any]:
    """The app in German on a fresh store, a two-player game on the map started (English after)."""
    from companion.games.six_actions.session import Seat
    from ui.app import CompanionApp
    from ui.games.six_actions.table import table_of

    ui_harness.start(CompanionApp(store_path=tmp_path / "store.sqlite3"))
    i18n.set_language("de")
    try:
        settle(ui_harness)
        table = table_of(ui_harness.app)
        assert table.start([Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], 0, "map", SEED)
        on(ui_harness, "six_table")
        yield ui_harness
    finally:
        i18n.set_language("en")


def shot(h: Any, name: str) -> None:
    settle(h)
    h.screenshot(f"six_german/{name}.png")


def texts(h: Any) -> list[str]:
    """Every text on screen, markup and all."""
    return [str(w.text) for w in h.find_all(where=lambda w: isinstance(getattr(w, "text", None), str))]


def test_the_six_actions_money_and_end_read_as_german(german_app: Any) -> None:
    h = german_app
    screen = h.app.manager.current_screen

    # Build: the cities' regions in German; the confirmation says who pays what to whom.
    tap(h, "Bauen")
    on(h, "six_step")
    card = view(h).players[0].industries[0]
    tap(h, card.name)
    shot(h, "01_build_city")
    shown = " ".join(texts(h))
    assert "Die Ebenen" in shown and "Die Küste" in shown
    for english in ("plains", "coast", "north", "hills"):
        assert english not in shown, english
    city = next(c for c in view(h).cities if c.occupant is None)
    tap(h, city.name)
    shot(h, "02_build_confirm")
    summary = h.app.manager.current_screen.summary
    assert "Spieler 1 zahlt " in summary and " Cr an den Vorrat: " in summary, summary
    assert "Bauen " not in summary and " x Stufe" not in summary
    tap(h, "Ausführen")
    on(h, "six_table")
    shot(h, "03_after_build")
    assert "Zahlungen: Spieler 1 zahlt " in message(h) and "an der Vorrat" not in message(h), message(h)

    # Strategy with an empty Strategy Pool: every space greyed, saying what it costs.
    tap(h, "Strategie")
    on(h, "six_step")
    shot(h, "04_strategy_greyed")
    assert "kostet 2 Förderer · dein Strategievorrat hat 0" in " ".join(texts(h))
    assert not h.find_all(where=lambda w: w.__class__.__name__ == "BigButton" and not w.disabled
                          and "Förderer" in str(w.text))
    tap(h, "Zurück")
    on(h, "six_table")
    assert "Strategievorrat 0" in " ".join(texts(h))  # the player card: never "Vorrat" for the pool

    # Share: Spieler 2 pays Spieler 1, the amount between the names.
    tap(h, "Anteil")
    on(h, "six_step")
    tap(h, NAMES[0])
    shot(h, "05_share_confirm")
    summary = h.app.manager.current_screen.summary
    assert "Spieler 2 zahlt 4 Cr an Spieler 1: " in summary, summary
    tap(h, "Ausführen")
    on(h, "six_table")
    assert "Zahlungen: Spieler 2 zahlt 4 Cr an Spieler 1." in message(h), message(h)

    # The ledger: a Build's long reason on three lines, each row "who -> whom".
    screen.show_ledger()
    on(h, "six_ledger")
    shot(h, "06_ledger")
    h.app.show("six_table")
    on(h, "six_table")

    # Pass asks first, as in The Five Actions.
    tap(h, "Passen")
    shot(h, "07_pass_asked")
    assert "Spieler 1 passt?" in " ".join(texts(h))
    answer_popup(h, "Passen")
    assert view(h).players[0].passed

    # To the end: the winner is named with what decided it.
    from companion.games.six_actions.engine.state import Phase
    from ui.games.six_actions.table import table_of

    table = table_of(h.app)
    intents = table.intents
    for _ in range(10):
        if table.view().phase is not Phase.TURN:
            break
        intents.pass_turn() or intents.end_turn()
        settle(h)
    intents.end_game()
    settle(h)
    on(h, "six_end")
    for row in table.view().settlement:
        intents.settle(row.seat, 0)
        settle(h)
    shot(h, "08_final")
    final = h.app.manager.current_screen.final
    best = table.view().players[0].asset_value
    assert final == f"Spieler 1 gewinnt mit dem höchsten Vermögenswert ({best}).", final
    assert button(h, "Start")


def test_five_players_cards_fit_in_german(ui_harness: Any, tmp_path: Path) -> None:
    """The longer German pool word ("Strategievorrat", not "Vorrat": the glossary's Strategy Pool)
    still fits five players' cards at 800x480."""
    from companion.games.six_actions.session import Seat
    from ui.app import CompanionApp
    from ui.games.six_actions.table import table_of
    from ui.games.six_actions.table_screen import PlayerCard

    h = ui_harness
    h.start(CompanionApp(store_path=tmp_path / "store.sqlite3"))
    i18n.set_language("de")
    try:
        settle(h)
        colours = ("red", "blue", "green", "yellow", "purple")
        seats = [Seat(f"Spieler {n}", c) for n, c in enumerate(colours, 1)]
        assert table_of(h.app).start(seats, 0, "map", SEED)
        on(h, "six_table")
        shot(h, "09_table_five_players")
        cards = h.find_all(cls=PlayerCard)
        assert len(cards) == 5
        for card in cards:
            body = max(card.children, key=lambda label: len(str(label.text)))  # the figures
            body.texture_update()
            # the lines Kivy drew (a line below the panel's foot is dropped, not drawn)
            drawn = " ".join(w.text for line in body._label._cached_lines for w in line.words)
            assert "Strategievorrat" in drawn and "Industrie" in drawn and "Werke" in drawn, drawn
        for card in cards:
            for label in card.children:
                label.texture_update()
                assert label.texture_size[0] <= card.width, (card.name, label.text)
                assert label.texture_size[1] <= label.height + 1, (card.name, label.text)
    finally:
        i18n.set_language("en")
