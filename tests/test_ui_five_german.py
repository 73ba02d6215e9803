"""The Five Actions' table in German at 800x480 with four players (FE findings, helper AF): the
panels' written-out figures ("Fabriken", "Wissenschaftler", "10 $") fit, Funding offers only the
Tycoon tiles the rules allow (the rest greyed, tapping one changes nothing), the Credit rows are
named in German, and a long message shrinks in the message bar instead of being cut.
Screenshots: ``tests/_screenshots/five_actions/de_*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion import i18n
from i18n_support import misfits
from test_ui_five_actions import app, button, greyed, no_ui_errors, settle, shot, start_game, tap, view

__all__ = ["app", "no_ui_errors"]  # the fixtures this module uses


@pytest.fixture
def german() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_four_players_fund_in_german(ui_harness: Any, app: None, no_ui_errors: None, german: None) -> None:
    from ui.widgets.controls import MessageBar

    h = ui_harness
    start_game(h, players=4)
    i18n.set_language("de")
    settle(h)
    shot(h, "de_80_table_four_players")
    assert misfits(h.window) == []
    money = view(h).players[0].money
    tap(h, "Finanzierung")
    tap(h, "Grundfeld")
    assert "deckt einen Wissenschaftler auf" in button(h, "Kreditmarker 3").text
    tap(h, "Kreditmarker 3")
    assert "zählt als eine Fabrik" in button(h, "Industrie").text
    tap(h, "Industrie")
    shot(h, "de_81_fund_no_tycoon")
    assert misfits(h.window) == []
    for tile in ("Wellenlabor", "Getriebewerk", "Verdeckt, Stufe 1"):
        assert greyed(h, tile), tile
    assert "stattdessen 2 $" in button(h, "Kein Tycoon-Plättchen").text
    h.tap(h.find(where=lambda w: getattr(w, "disabled", False)
                 and "Wellenlabor" in str(getattr(w, "text", ""))))
    settle(h)
    assert view(h).players[0].money == money and "c3" in view(h).players[0].credits  # nothing played
    h.app.show_message("Ben sendet ein Signal von Ridge (Grund, 0 $); Marker auf Works; 1 Marker kommt "
                       "zurück in die Schachtel: Works ist eine V-Verbindung: das Signal darf in einem "
                       "Zug nicht hinein- und auf derselben Seite wieder hinaus (V-Verbindungen). Ana ist "
                       "am Zug.",
                       "info")
    settle(h)
    bar = next(b for b in h.find_all(cls=MessageBar) if b.get_root_window() is not None and b.opacity > 0)
    shot(h, "de_82_long_message")
    assert bar.font_size < float(bar.full_font_size)  # set smaller, whole
    assert misfits(h.window) == []
