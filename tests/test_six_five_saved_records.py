"""Six and Five Actions games saved by an earlier program still load: each record replays to the
identical record and the same money (tests/data/make_six_five_records.py made them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import RecordError
from companion.games.five_actions.content.loader import default_content as five_content
from companion.games.five_actions.engine import record as five_record
from companion.games.six_actions.content.loader import default_content as six_content
from companion.games.six_actions.engine import record as six_record


def _length(saved: dict[str, Any]) -> str:
    return f"{len(saved['record']['actions'])} actions"


SAVED = json.loads((Path(__file__).parent / "data" / "six-five-records-bc7f9e3.json").read_text())


@pytest.mark.parametrize("saved", SAVED["six-actions"], ids=_length)
def test_a_saved_six_actions_game_replays_to_the_same_record(saved: dict[str, Any]) -> None:
    game = six_record.replay(saved["record"], six_content())
    assert json.dumps(six_record.record_of(game)) == json.dumps(saved["record"])
    assert [p.money for p in game.state.players] == saved["money"]


@pytest.mark.parametrize("saved", SAVED["five-actions"], ids=_length)
def test_a_saved_five_actions_game_replays_to_the_same_record(saved: dict[str, Any]) -> None:
    game = five_record.replay(saved["record"], five_content())
    assert json.dumps(five_record.record_of(game)) == json.dumps(saved["record"])
    assert [p.money for p in game.state.players] == saved["money"]


@pytest.mark.parametrize("seed", [-1, 2**63, 2**64, 1.5, True, "7", None])
def test_a_record_with_a_seed_no_game_has_is_refused_in_words(seed: object) -> None:
    """A seed outside the store's 64-bit integers (or none) is a tampered record, refused as such."""
    with pytest.raises(RecordError, match="seed must be a whole number, not "):
        six_record.replay({**SAVED["six-actions"][0]["record"], "seed": seed}, six_content())
    with pytest.raises(RecordError, match="seed must be a whole number, not "):
        five_record.replay({**SAVED["five-actions"][0]["record"], "seed": seed}, five_content())
