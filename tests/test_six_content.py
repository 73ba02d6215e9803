"""The Six Actions' content packs: the SAMPLE default, and every error naming file, field and value."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest

from companion.errors import ContentError
from companion.games.six_actions.content.loader import (
    DEFAULT_FILE,
    check_content,
    load_content,
    parse_content,
)
from companion.games.six_actions.engine.game import Game

DEFAULT = (Path(__file__).parent.parent / "companion/games/six_actions/content" / DEFAULT_FILE).read_text()


def _without_map(text: str) -> str:
    return text[: text.index("\n[map]\n")]


def test_the_default_pack_is_a_clearly_labelled_sample() -> None:
    pack = load_content()
    assert pack.sample and "sample" in pack.title.lower() and "SAMPLE" in DEFAULT
    assert pack.has_map and len(pack.industries) == 12 and len(pack.game_map.cities) == 12  # type: ignore[union-attr]
    assert pack.game_map.road_cities("capital", "coldwell") == 4  # type: ignore[union-attr]
    assert pack.game_map.road_cities("capital", "capital") == 1  # type: ignore[union-attr]


def test_a_pack_may_omit_the_map_and_is_then_played_on_the_printed_board() -> None:
    pack = parse_content(_without_map(DEFAULT).encode(), "nomap.toml")
    assert not pack.has_map
    Game(pack, "printed", 0)
    with pytest.raises(ValueError, match="has no map: play on the printed board"):
        Game(pack, "map", 0)


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"),
    [
        ("money = 20 ", "money = -1 ", "setup.money", "must be from 0 to 500"),
        ('share_gain = "influence"', 'share_gain = "gold"', "setup.share_gain", "must be one of"),
        (
            "leader_levels = [2, 4, 7, 10]",
            "leader_levels = [2, 4, 4]",
            "sectors.leader_levels[2]",
            "more than the one before",
        ),
        ("loan_levels = [35,", "loan_levels = [30,", "finance.loan_levels[0]", "from 31"),
        ('icons = ["minerals"]', 'icons = ["gold"]', "industries[0].icons[0]", "must be one of minerals"),
        ('id = "mine"', 'id = "quarry"', "industries[1].id", "is used twice"),
        ("asset_value = 6", 'asset_value = "six"', "industries[0].asset_value", "whole number"),
        ("steps = { minerals = 2 }", "steps = { gold = 2 }", "industries[0].steps.gold", "is not a sector"),
        ("politics = { money = 5 }", "politics = { cash = 5 }", "policies[0].politics.cash", "is not money"),
        ('region = "plains"', 'region = "moon"', "map.cities[0].region", "is not a region"),
        ('["capital", "millbrook"]', '["capital", "atlantis"]', "map.roads.golden[0]", "not in map.cities"),
        # an array where an id belongs is a message, not a TypeError (unhashable) crash
        ('region = "plains"', "region = []", "map.cities[0].region", "is not a region"),
        ('["capital", "millbrook"]', '[["capital"], "millbrook"]', "map.roads.golden[0]", "two different"),
    ],
)
def test_each_error_names_file_field_and_value(old: str, new: str, field: str, problem: str) -> None:
    assert old in DEFAULT
    with pytest.raises(ContentError) as caught:
        parse_content(DEFAULT.replace(old, new, 1).encode(), "mine.toml")
    error = caught.value
    assert (error.file, error.field) == ("mine.toml", field) and problem in error.problem
    assert str(error).startswith(f"mine.toml: {field} = ")


def test_check_lists_every_problem_and_toml_errors_are_one(tmp_path: Path) -> None:
    broken = DEFAULT.replace("money = 20 ", "money = -1 ").replace("promoters = 8 ", "promoters = 99 ")
    path = tmp_path / "two.toml"
    path.write_text(broken)
    assert [e.field for e in check_content(path)] == ["setup.money", "setup.promoters"]
    path.write_text("[pack\n")
    assert [e.field for e in check_content(path)] == ["<toml>"]
    assert [e.field for e in check_content(tmp_path / "missing.toml")] == ["<file>"]
    assert check_content() == []


def test_a_byte_order_mark_is_dropped_and_not_part_of_the_digest() -> None:
    plain = parse_content(DEFAULT.encode())
    marked = parse_content(codecs.BOM_UTF8 + DEFAULT.encode())
    assert plain == marked and re.fullmatch("[0-9a-f]{12}", plain.digest)


def test_too_few_cards_for_the_most_players_is_refused() -> None:
    text = DEFAULT.replace("open_industries = 3", "open_industries = 6").replace(
        "industries = 1 ", "industries = 2 "
    )
    with pytest.raises(ContentError, match="industries = 12: too few for 5 players"):
        parse_content(text.encode(), "x.toml")
