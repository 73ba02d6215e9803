"""``companion history`` says which games had a person as Mission Control (X1, F4: the table had no word
of it, though ``--json`` and the CSV have ``mission_control``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from companion.cli.store import figures_text, history_lines
from companion.games.catalog import registered
from companion.table.store import GameSummary


def summary(gid: int, seat: str) -> GameSummary:
    at = datetime(2026, 12, 1, 12, gid, tzinfo=UTC)
    row = GameSummary(gid, at, at, "hard", "standard", gid, "won", 5, 3, 3, 40, 60.0, 0, "transmission")
    return replace(row, mission_control=seat)


def test_a_person_as_mission_control_is_named_in_the_history_row() -> None:
    assert figures_text(summary(1, "person"), registered()) == \
        "transmissions 5, missions 3/3, a person as Mission Control"
    assert figures_text(summary(2, "companion"), registered()) == "transmissions 5, missions 3/3"
    lines = history_lines([summary(2, "companion"), summary(1, "person")], registered())
    assert lines[1].endswith("missions 3/3") and lines[2].endswith("a person as Mission Control")
