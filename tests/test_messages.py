"""Messages say values as a person writes them (issue 10, snag: "messages print Python values
`[True, 1]`, `['A']`"): :func:`companion.errors.written`, and the messages built with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import ContentError, ScenarioError, written
from companion.games.transmission.content.loader import default_content, load_content
from companion.games.transmission.engine.actions import from_json, shown
from companion.games.transmission.engine.correction import correction_from
from companion.games.transmission.engine.scenario import parse_scenario
from test_scenario import BEGINNER, changed

CONTENT = default_content()


def test_written_is_toml_and_json_not_python() -> None:
    assert written(["A"]) == '["A"]' and written([True, 1]) == "[true, 1]"
    assert written(None) == "null" and written(False) == "false" and written((2, 2)) == "[2, 2]"
    assert written({"a": [1]}) == '{"a": [1]}' and written("Q") == "'Q'" and written(7) == "7"
    assert written("x" * 500) == "'" + "x" * 76 + "..." and len(written(list(range(1000)))) == 80
    deep: list[object] = []
    for _ in range(100_000):  # nested past any real file: named, not printed, never a RecursionError
        deep = [deep]
    assert len(shown(deep)) <= 44


def test_a_scenario_names_booleans_and_lists_as_json() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(changed(BEGINNER, cadet=[True, 1]), CONTENT)
    assert "[true, 1]" in str(caught.value) and "True" not in str(caught.value)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(changed(BEGINNER, missions=[["A"]]), CONTENT)
    assert '["A"]' in str(caught.value) and "['A']" not in str(caught.value)


def test_a_content_pack_value_as_written_in_its_toml(tmp_path: Path) -> None:
    from test_content import DEFAULT as DEFAULT_TEXT  # the shipped pack's text

    pack = tmp_path / "pack.toml"
    pack.write_text(DEFAULT_TEXT.replace('pair = ["A", "M"]', 'pair = ["A"]', 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(pack)
    assert 'pair = ["A"]' in str(caught.value) and "['A']" not in str(caught.value)


def test_board_corrections_and_records_say_json_values() -> None:
    problem = correction_from(["....."] * 5, [True, 1], None)
    assert problem == "The Cadet's cell is a row and a column, not [true, 1]."
    with pytest.raises(Exception, match=r'not \["N", 1\]'):
        from_json({"kind": "select", "commands": ["N", 1]})


def test_a_refused_selection_does_not_show_the_seed() -> None:
    from companion.games.transmission.engine.commands import Command
    from companion.games.transmission.session import Session, Step

    class OffTheGrid:
        def choose(self, view: object) -> list[Command]:
            return [Command.W] * 5

    session = Session(CONTENT, OffTheGrid(), "standard", seed=864209)
    assert session.confirm() and session.step is Step.THINKING
    assert not session.choose_now()
    assert "not viable" in session.message and "864209" not in session.message
