"""The Five Actions' content packs: the SAMPLE default, a pack without a map, and every error naming
file, field and value (DESIGN.md, The core step 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import ContentError
from companion.games.five_actions.content.loader import check_content, load_content, parse_content
from companion.games.five_actions.engine.actions import Install, Start
from companion.games.five_actions.engine.game import Game

PACK = Path(__file__).parent.parent / "companion/games/five_actions/content/default.toml"
TEXT = PACK.read_text()


def test_the_default_pack_is_a_labelled_sample_with_a_map() -> None:
    pack = load_content()
    assert pack.sample and "SAMPLE" in pack.name and "THIS IS A SAMPLE" in TEXT
    assert pack.game_map is not None and len(pack.game_map.locations) == 20
    assert [c.id for c in pack.board.columns] == ["installation", "transmission", "modulation", "funding"]
    works = next(s for line in pack.game_map.lines for s in line.path if s.location == "works" and s.is_v)
    assert works.enter == works.leave == "N"
    assert pack.credit_rows[0].spaces == ("all", "all", "3+", "4")


def test_a_pack_may_omit_the_map_and_is_then_played_on_the_printed_board() -> None:
    pack = parse_content(TEXT[: TEXT.index("\n[map]\n")].encode(), "nomap.toml")
    assert not pack.has_map
    with pytest.raises(ValueError, match="has no map"):
        Game(pack, "map", 1)
    game = Game(pack, "printed", 1)
    game.play(Start(("Ana", "Ben"), ("Lighthouse", "Old Mill")))
    while (draw := game.next_draw()) is not None:
        game.play(draw)
    game.play(Install("Harbour", "basic", empty=True, reward="antenna"))
    assert game.state.players[0].ready == 5


def _broken(old: str, new: str) -> ContentError:
    assert old in TEXT, old
    with pytest.raises(ContentError) as info:
        parse_content(TEXT.replace(old, new, 1).encode(), "mine.toml")
    return info.value


@pytest.mark.parametrize(
    ("old", "new", "field", "value"),
    [
        ("money = 10 ", "money = -5 ", "setup.money", -5),
        ("max_players = 4", "max_players = 7", "setup.max_players", 7),
        ("stations = 8 ", "stations = 0 ", "board.stations", 0),
        (
            "column_tiles = { installation = 2",
            "column_tiles = { installation = 7",
            "setup.column_tiles.installation",
            7,
        ),
        ('id = "installation"\nspaces', 'id = "radio"\nspaces', "board.columns[0].id", "radio"),
        ("basic = 2\nadvanced = 4", "basic = 4\nadvanced = 2", "board.columns[0].advanced", 2),
        ("spaces = [0, 1, 1, 2, 2, 3]", "spaces = [0, -1]", "board.columns[0].spaces", [0, -1]),
        ('uncovers = "tycoon"', 'uncovers = "wizard"', "board.credits[0].uncovers", "wizard"),
        (
            'spaces = ["all", "all", "3+", "4"]',
            'spaces = ["all", "5"]',
            "credit_rows[0].spaces",
            ["all", "5"],
        ),
        (
            'column = "installation"\nfactories = 1',
            'column = "bank"\nfactories = 1',
            "tycoons[0].column",
            "bank",
        ),
        (
            'a = { icons = 2, effect = "reach", points = 1 }',
            'a = { icons = 3, effect = "reach" }',
            "patents[0].a.icons",
            3,
        ),
        (
            'a = { icons = 2, effect = "pattern", pattern = [[0, 1], [1, 1]], points = 1 }',
            'a = { icons = 2, effect = "reach" }',
            "patents[1].a.effect",
            "reach",
        ),
        (
            "pattern = [[0, 1], [1, 1]], points = 1",
            "pattern = [[0, 0], [1, 1]], points = 1",
            "patents[1].a.pattern",
            [[0, 0], [1, 1]],
        ),
        (
            'reward = "fiber", bonus = { money = 1 }',
            'reward = "radio", bonus = { money = 1 }',
            "map.locations[1].reward",
            "radio",
        ),
        ('bonus = { flag = "north" }', 'bonus = { flag = "west" }', "map.locations[11].bonus.flag", "west"),
        # an array where a word belongs is a message, not a TypeError (unhashable) crash
        ('bonus = { flag = "north" }', "bonus = { flag = [] }", "map.locations[11].bonus.flag", []),
        ("bonus = { money = 2 } },", "bonus = { gold = 2 } },", "map.locations[6].bonus.gold", 2),
        (
            '{ id = "cape", name = "Cape", row = 0, col = 4, ocean = true }',
            '{ id = "cape", name = "Cape", row = 0, col = 4, ocean = true, reward = "fiber" }',
            "map.locations[4].ocean",
            True,
        ),
        (
            '{ id = "bay", name = "Bay", row = 1, col = 0',
            '{ id = "bay", name = "Bay", row = 0, col = 0',
            "map.locations[5].row",
            0,
        ),
        (
            '{ location = "hill", enter = "W", leave = "E" }',
            '{ location = "hill", enter = "X", leave = "E" }',
            "map.lines[0].path[1].enter",
            "X",
        ),
        (
            '{ location = "tower", enter = "W", leave = "E" }',
            '{ location = "nowhere", enter = "W", leave = "E" }',
            "map.lines[0].path[2].location",
            "nowhere",
        ),
        (
            '{ location = "mill", enter = "W" }',
            '{ location = "hill", enter = "W" }',
            "map.lines[0].path[3].location",
            "hill",
        ),
        ('id = "red"', 'id = "Red Line"', "map.lines[0].id", "Red Line"),
        ("[[links]]\nmoney = 1", "[[links]]\nmoney = 100", "links[0].money", 100),
        ("sample = true", 'sample = true\ncolour = "red"', "colour", "red"),
    ],
)
def test_each_error_names_file_field_and_value(old: str, new: str, field: str, value: object) -> None:
    error = _broken(old, new)
    assert (error.file, error.field, error.value) == ("mine.toml", field, value), str(error)
    assert str(error).startswith(f"mine.toml: {field} = ") and error.problem in str(error)


def test_not_toml_not_utf8_and_a_missing_file(tmp_path: Path) -> None:
    # The line tomllib points at, in the words of every game's loader (issue 24, item 15).
    with pytest.raises(ContentError, match=r"mine.toml: <toml> = 'id = = 3': TOML syntax error: .*line 1"):
        parse_content(b"id = = 3", "mine.toml")
    with pytest.raises(ContentError, match="is not UTF-8 text"):
        parse_content(b"id = '\xff'", "mine.toml")
    with pytest.raises(ContentError, match="cannot read the file"):
        load_content(tmp_path / "none.toml")


def test_check_content_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(TEXT.replace("money = 10 ", "money = -5 ").replace("stations = 8 ", "stations = 0 "))
    fields = [e.field for e in check_content(bad)]
    assert fields == ["setup.money", "board.stations"]
    assert check_content(PACK) == []
    assert re.fullmatch(r"[0-9a-f]{16}", load_content(PACK).digest)
