"""Every command rule of RULES.md (The commands; Missions), on hand-made positions."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command as C
from companion.games.transmission.engine.commands import (
    card_command,
    card_ids,
    format_commands,
    parse_commands,
)
from companion.games.transmission.engine.rules import Rules, pair_complete

CONTENT = default_content()
RULES = Rules(CONTENT.devices, {m.letter: m.name for m in CONTENT.modules})

EMPTY = [".....", ".....", ".....", ".....", "....."]


def pos(rows: list[str], cadet: tuple[int, int], carrying: str | None = None) -> Position:
    return Position.from_rows(rows, cadet, carrying)


# ----------------------------------------------------------------- notation


def test_commands_parse_and_format_round_trip() -> None:
    for command in C:
        assert C.parse(str(command)) is command
        assert C.parse(str(command).lower()) is command
    assert parse_commands("n e c d r") == (C.N, C.E, C.COLLECT, C.DEPLOY, C.REPAIR)
    text = "N E S W COLLECT DEPLOY REPAIR"
    assert format_commands(parse_commands(text)) == text


@pytest.mark.parametrize("bad", ["", "X", "NORTHWEST", "COLLECTS", "1"])
def test_unknown_command_is_refused_with_its_text(bad: str) -> None:
    with pytest.raises(ValueError, match="unknown command"):
        C.parse(bad)


def test_deck_has_eleven_cards_with_ids() -> None:
    ids = card_ids(CONTENT.command_deck)
    assert ids == ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2", "COLLECT", "DEPLOY", "REPAIR")
    assert [card_command(i) for i in ids].count(C.N) == 2


# ----------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("cadet", "command", "end"),
    [((2, 2), C.N, (1, 2)), ((2, 2), C.E, (2, 3)), ((2, 2), C.S, (3, 2)), ((2, 2), C.W, (2, 1))],
)
def test_moves_go_one_cell(cadet: tuple[int, int], command: C, end: tuple[int, int]) -> None:
    assert RULES.play(pos(EMPTY, cadet), command).cadet_cell == end


@pytest.mark.parametrize(
    ("cadet", "command", "word"),
    [((0, 2), C.N, "north"), ((2, 4), C.E, "east"), ((4, 0), C.S, "south"), ((3, 0), C.W, "west")],
)
def test_moving_off_the_grid_is_illegal(cadet: tuple[int, int], command: C, word: str) -> None:
    why = RULES.reason(pos(EMPTY, cadet), command)
    assert why is not None and "off the grid" in why and word in why


def test_the_cadet_walks_over_modules() -> None:
    rows = [".....", ".....", ".SAs.", ".....", "....."]
    p = RULES.play(pos(rows, (2, 0)), C.E)
    assert p.cadet_cell == (2, 1) and p.board == "".join(rows)


# ----------------------------------------------------------------- repair


def test_repair_turns_a_damaged_module_intact() -> None:
    p = RULES.play(pos([".....", ".....", "..s..", ".....", "....."], (2, 2)), C.REPAIR)
    assert p.tile((2, 2)) == "S"


def test_repair_on_a_hallway_or_intact_module_is_illegal() -> None:
    assert "hallway" in (RULES.reason(pos(EMPTY, (2, 2)), C.REPAIR) or "")
    why = RULES.reason(pos([".....", ".....", "..S..", ".....", "....."], (2, 2)), C.REPAIR)
    assert why is not None and "already intact" in why and "Science Lab" in why


# ----------------------------------------------------------------- collect


def test_collect_takes_an_intact_device_and_leaves_the_spare_hallway() -> None:
    start = pos([".....", ".....", "..A..", ".....", "....."], (2, 2))
    assert start.spare_hallway  # a spare hallway lies beside the board
    p = RULES.play(start, C.COLLECT)
    assert p.carrying == "A" and p.tile((2, 2)) == "." and not p.spare_hallway


@pytest.mark.parametrize(
    ("rows", "carrying", "word"),
    [
        ([".....", ".....", "..S..", ".....", "....."], None, "station"),
        ([".....", ".....", "..a..", ".....", "....."], None, "damaged"),
        (EMPTY, None, "hallway"),
        ([".....", ".....", "..E..", ".....", "....."], "A", "already carries"),
    ],
)
def test_collect_refusals(rows: list[str], carrying: str | None, word: str) -> None:
    why = RULES.reason(pos(rows, (2, 2), carrying), C.COLLECT)
    assert why is not None and word in why


# ----------------------------------------------------------------- deploy


def test_deploy_puts_the_device_on_a_hallway() -> None:
    p = RULES.play(pos(EMPTY, (1, 1), "F"), C.DEPLOY)
    assert p.carrying is None and p.tile((1, 1)) == "F" and p.spare_hallway


def test_deploy_onto_a_module_or_with_empty_hands_is_illegal() -> None:
    assert "carries nothing" in (RULES.reason(pos(EMPTY, (1, 1)), C.DEPLOY) or "")
    onto = RULES.reason(pos([".....", ".B...", ".....", ".....", "....."], (1, 1), "F"), C.DEPLOY)
    assert onto is not None and "only be deployed onto a hallway" in onto


# ----------------------------------------------------------------- missions


def test_pair_needs_both_intact_and_orthogonal() -> None:
    def board(**cells: str) -> str:
        tiles = ["."] * 25
        for name, letter in cells.items():
            r, c = int(name[1]), int(name[2])
            tiles[r * 5 + c] = letter
        return "".join(tiles)

    assert pair_complete(board(c00="A", c01="E"), "A", "E")  # side by side
    assert pair_complete(board(c00="A", c10="E"), "A", "E")  # one above the other
    assert not pair_complete(board(c00="A", c01="e"), "A", "E")  # damaged
    assert not pair_complete(board(c04="A", c10="E"), "A", "E")  # consecutive in the string, not adjacent
    assert not pair_complete(board(c00="A", c11="E"), "A", "E")  # diagonals do not count
    assert not pair_complete(board(c00="A"), "A", "E")  # carried: not on the grid


def test_worked_example_deploy_completes_and_collect_keeps_it() -> None:
    """RULES.md, Missions: deploy the Android by the intact Energy Pack, then collect it again."""
    rows = [".....", ".....", "..E..", ".....", "....."]
    start = pos(rows, (2, 1), "A")
    execution = RULES.execute(start, [C.DEPLOY, C.COLLECT, C.N, C.E, C.E], {"M": ("A", "E")})
    assert [(c.mission, c.step) for c in execution.completions] == [("M", 1)]
    assert execution.end.carrying == "A" and execution.end.find("A") is None


def test_repair_can_complete_a_mission() -> None:
    rows = [".....", ".....", ".Ae..", ".....", "....."]
    execution = RULES.execute(pos(rows, (2, 2)), [C.REPAIR, C.N, C.S, C.N, C.S], {"M": ("E", "A")})
    assert [(c.mission, c.step) for c in execution.completions] == [("M", 1)]


def test_several_missions_can_complete_in_one_command_each_listed_once() -> None:
    rows = [".....", "..S..", ".B.T.", ".....", "....."]
    missions = {"one": ("S", "A"), "two": ("A", "B"), "three": ("A", "T")}
    execution = RULES.execute(pos(rows, (2, 2), "A"), [C.DEPLOY, C.N, C.S, C.N, C.S], missions)
    assert sorted(c.mission for c in execution.completions) == ["one", "three", "two"]
    assert {c.step for c in execution.completions} == {1}


def test_an_impossible_program_names_its_step_and_changes_nothing() -> None:
    start = pos([".....", ".....", "..A..", ".....", "....."], (2, 2))
    before = start
    with pytest.raises(IllegalAction) as info:
        RULES.execute(start, [C.COLLECT, C.N, C.COLLECT, C.S, C.S], {})
    assert info.value.step == 3 and info.value.command == "COLLECT"
    assert "already carries" in info.value.reason
    assert start == before


def test_invariant_carrying_exactly_when_no_spare_hallway() -> None:
    p = pos([".....", ".....", "..A..", ".....", "....."], (2, 2))
    for command in [C.COLLECT, C.W, C.DEPLOY, C.COLLECT, C.E, C.DEPLOY]:
        p = RULES.play(p, command)
        assert (p.carrying is not None) == (not p.spare_hallway)
