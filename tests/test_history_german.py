"""History's row of a game of actions in German (issue 22): its title, its rounds and the keeper's
progress words come from the catalog, as the rest of the row does."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import pytest

from companion import i18n
from companion.lab import catalog as cat
from ui.records import other_game_row


@pytest.fixture
def german(tmp_path: Any) -> Iterator[None]:
    """The table in German from the project's catalog, compiled into ``tmp_path``."""
    folder = tmp_path / "locale"
    (folder / "de" / "LC_MESSAGES").mkdir(parents=True)
    cat.po_path("de", folder).write_bytes(cat.po_path("de").read_bytes())
    cat.compile_catalogs(folder)
    i18n.set_language("de", localedir=folder)
    try:
        yield
    finally:
        i18n.set_language("en")


def test_a_game_of_actions_history_row_says_the_keepers_words_in_german(german: None) -> None:
    """Its title, rounds (a real plural) and the keeper's words (N_-marked where it is registered)."""
    game = SimpleNamespace(game="six-actions", difficulty="3 players", shown_result="won", undos=0,
                           started=datetime(2026, 12, 1, 14, 0, tzinfo=UTC), duration_s=1200,
                           transmissions_used=1, missions_total=2, missions_completed=1, score=42)
    row = other_game_row(cast(Any, game))
    assert row["detail"].startswith("Die sechs Aktionen · ") and row["missions"] == "1 Runde"
    assert row["transmissions"] == "Schuldscheine zurückgezahlt: 1 von 2"
    assert row["score_label"] == "Höchster Einfluss"
    game.transmissions_used = 5
    assert other_game_row(cast(Any, game))["missions"] == "5 Runden"


def test_the_same_row_stays_english_in_english() -> None:
    game = SimpleNamespace(game="five-actions", difficulty="2 players", shown_result="left", undos=1,
                           started=datetime(2026, 12, 1, 14, 0, tzinfo=UTC), duration_s=60,
                           transmissions_used=1, missions_total=3, missions_completed=2, score=7)
    row = other_game_row(cast(Any, game))
    assert row["detail"].startswith("The Five Actions · ") and row["missions"] == "1 round"
    assert row["transmissions"] == "Locations held: 2 of 3 · 1 undo" and row["score_label"] == "Best total"
