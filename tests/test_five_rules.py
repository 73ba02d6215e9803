"""The Five Actions' rules (seeds/five-actions-rules.txt), one test per rule and per edge case.

Positions are set on the state directly where the excerpt's case needs one (a token already on a
Location, a Patent waiting); every refusal is checked to leave the game unchanged.
"""

from __future__ import annotations

import pytest

from companion.games.five_actions.engine import economy as eco
from companion.games.five_actions.engine.actions import (
    Draw,
    EndGame,
    Fund,
    Install,
    Modulate,
    Pass,
    Supply,
    Transmit,
    Undo,
)
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.record import record_of, replay
from companion.games.five_actions.engine.state import Phase
from five_support import CONTENT, draw_all, game_at, play, refused

# --------------------------------------------------------------------------- Your turn


def test_one_action_each_clockwise_and_the_first_player_never_changes() -> None:
    game = game_at(3)
    assert game.state.current == 0 and game.state.round == 1
    play(game, Install("hill", "basic"))
    assert game.state.current == 1
    play(game, Pass(), Pass())
    assert game.state.current == 0 and game.state.round == 2
    play(game, Pass(), Pass(), Pass())
    assert game.state.current == 0 and game.state.round == 3


# --------------------------------------------------------------------------- Installation


def test_installation_basic_puts_the_lowest_station_unmodulated_and_takes_bonus_and_three_tokens() -> None:
    game = play(game_at(), Install("hill", "basic"))
    ana = game.state.players[0]
    assert ana.stations == {"harbour": False, "hill": False} and ana.stations_left == 6
    assert ana.money == 10 + 1  # the Basic box is free with 2 tiles; Hill's bonus is $1
    assert ana.tracks["fiber"] == 5 - 3 and ana.ready == 2 + 3  # 2 lowest + 1: Hill held no piece


def test_installation_advanced_puts_it_modulated_and_pays_up_to_the_advanced_box() -> None:
    game = play(game_at(), Install("hill", "advanced"))
    ana = game.state.players[0]
    assert ana.stations["hill"] is True
    assert ana.money == 10 - 3 + 1  # spaces 3 and 4 ($1 + $2) are empty
    assert ana.columns["installation"] == 1 and ana.spent["installation"] == 1


def test_installation_must_be_orthogonally_adjacent_to_a_station_or_token() -> None:
    game = game_at()
    refused(game, Install("tower", "basic"), "not orthogonally adjacent")
    refused(game, Install("market", "basic"), "not orthogonally adjacent")  # diagonal


def test_installation_next_to_a_signal_token_is_allowed() -> None:
    game = game_at()
    game.state.players[0].tokens.append("tower")
    play(game, Install("mill", "basic"))
    assert "mill" in game.state.players[0].stations


def test_no_station_on_an_ocean_space() -> None:
    refused(game_at(), Install("bay", "basic"), "ocean")


def test_one_station_per_location_per_player() -> None:
    game = game_at()
    refused(game, Install("harbour", "basic"), "already has a station", "one station per Location")


def test_another_players_piece_there_gives_two_tokens_not_three() -> None:
    game = play(game_at(starts=("harbour", "hill")), Install("hill", "basic"))
    ana = game.state.players[0]
    assert ana.tracks["fiber"] == 3 and ana.ready == 4 and ana.money == 11  # bonus still: no token of hers


def test_building_where_the_player_has_a_token_gives_the_tokens_but_no_bonus() -> None:
    game = game_at()
    game.state.players[0].tokens.append("hill")
    play(game, Install("hill", "basic"))
    ana = game.state.players[0]
    assert ana.money == 10  # no bonus: she had it already
    assert ana.tracks["fiber"] == 3 and ana.ready == 4  # 2 tokens; not 3: her token was a piece there
    assert "hill" in ana.stations and "hill" in ana.tokens  # one station and one token: allowed


def test_fewer_tokens_when_the_track_has_fewer() -> None:
    game = game_at()
    game.state.players[0].tracks["fiber"] = 1
    play(game, Install("hill", "basic"))
    assert game.state.players[0].tracks["fiber"] == 0 and game.state.players[0].ready == 3


def test_no_station_left() -> None:
    game = game_at()
    game.state.players[0].stations_left = 0
    refused(game, Install("hill", "basic"), "no Wireless Station left")


# --------------------------------------------------------------------------- Transmission


def test_transmission_basic_puts_two_tokens_along_the_line_with_bonuses() -> None:
    game = play(game_at(), Transmit("harbour", "basic", line="red", direction="forward"))
    ana = game.state.players[0]
    assert sorted(ana.tokens) == ["hill", "tower"] and ana.ready == 0
    assert ana.money == 11  # Hill's $1


def test_transmission_goes_only_from_an_unmodulated_station() -> None:
    game = game_at()
    game.state.players[0].stations["harbour"] = True
    refused(game, Transmit("harbour", "basic", line="red", direction="forward"), "Unmodulated")


def test_two_tokens_in_ready_are_needed_even_if_only_one_can_be_placed() -> None:
    game = game_at(starts=("tower", "ridge"))
    game.state.players[0].ready = 1
    refused(game, Transmit("tower", "basic", line="red", direction="forward"), "needs 2 Signal tokens")


def test_a_line_ending_at_a_red_arrow_after_one_location_loses_the_second_token() -> None:
    game = play(
        game_at(starts=("tower", "ridge")), Transmit("tower", "basic", line="red", direction="forward")
    )
    ana = game.state.players[0]
    assert ana.tokens == ["mill"] and ana.ready == 0 and ana.boxed == 1
    assert "red arrow" in game.state.last


def test_a_v_connection_stops_the_signal_going_straight_back_out() -> None:
    game = play(
        game_at(starts=("depot", "harbour")), Transmit("depot", "basic", line="green", direction="forward")
    )
    ana = game.state.players[0]
    assert ana.tokens == ["works"] and ana.boxed == 1  # not on to Ridge
    assert "V connection" in game.state.last


def test_a_v_connection_as_the_second_location_is_reached() -> None:
    game = play(
        game_at(starts=("square", "harbour")), Transmit("square", "basic", line="green", direction="forward")
    )
    assert sorted(game.state.players[0].tokens) == ["depot", "works"]


def test_a_location_already_holding_the_players_token_gets_no_second_one() -> None:
    game = game_at()
    game.state.players[0].tokens.append("hill")
    refused(game, Transmit("harbour", "basic", line="red", direction="forward"), "Basic Action only if both")
    play(game, Transmit("harbour", "advanced", line="red", direction="forward"))
    ana = game.state.players[0]
    assert sorted(ana.tokens) == ["hill", "tower"] and ana.boxed == 1 and ana.ready == 0


def test_basic_only_if_both_locations_are_empty_advanced_otherwise() -> None:
    game = game_at(starts=("harbour", "hill"))
    refused(game, Transmit("harbour", "basic", line="red", direction="forward"), "Basic Action only", "Hill")
    play(game, Transmit("harbour", "advanced", line="red", direction="forward"))
    ana = game.state.players[0]
    assert ana.money == 10 - 3 + 1  # Advanced costs $3; Hill's bonus: she had no piece there


def test_bonus_only_where_the_player_had_no_piece_yet() -> None:
    game = game_at()
    game.state.players[0].stations["hill"] = False
    game.state.players[0].stations_left -= 1
    play(game, Transmit("harbour", "advanced", line="red", direction="forward"))
    ana = game.state.players[0]
    assert ana.money == 10 - 3  # her station on Hill: no bonus there
    assert sorted(ana.tokens) == ["hill", "tower"]  # one station and one token on Hill


def test_the_tokens_follow_a_line_through_the_station() -> None:
    game = game_at()
    refused(game, Transmit("harbour", "basic", line="blue", direction="forward"), "does not pass through")
    refused(game, Transmit("harbour", "basic", line="red", direction="back"), "no Location that way")
    refused(
        game,
        Transmit("harbour", "basic", line="red", direction="forward", locations=("hill", "market")),
        "reaches Hill, Tower",
    )


def test_going_back_along_a_line() -> None:
    game = play(
        game_at(starts=("school", "ridge")), Transmit("school", "basic", line="blue", direction="back")
    )
    assert sorted(game.state.players[0].tokens) == ["hill", "market"]


# --------------------------------------------------------------------------- Modulation


def test_modulation_goes_from_a_modulated_station_and_moves_the_permanent_links_marker() -> None:
    game = game_at()
    refused(game, Modulate("harbour", "basic", line="red", direction="forward"), "Modulated stations")
    game.state.players[0].stations["harbour"] = True
    play(game, Modulate("harbour", "basic", line="red", direction="forward"))
    ana = game.state.players[0]
    assert ana.links == 1 and sorted(ana.tokens) == ["hill", "tower"]
    assert ana.money == 10 + 1 + 1  # Hill's $1 and the first Permanent Links space's $1


def test_the_permanent_links_marker_stops_at_the_end_of_its_track() -> None:
    game = game_at()
    ana = game.state.players[0]
    ana.stations["harbour"] = True
    ana.links = len(CONTENT.links)
    play(game, Modulate("harbour", "basic", line="red", direction="forward"))
    assert game.state.players[0].links == len(CONTENT.links) and game.state.players[0].money == 11


# --------------------------------------------------------------------------- Costs


def test_a_tile_from_the_actions_column_is_needed() -> None:
    game = game_at()
    game.state.players[0].columns["installation"] = 0
    refused(game, Install("hill", "basic"), "no Action tile in the installation column")


def test_the_dollars_on_the_empty_spaces_up_to_the_box() -> None:
    game = game_at()
    game.state.players[0].columns["installation"] = 1
    play(game, Install("hill", "basic"))  # space 2 ($1) is empty
    assert game.state.players[0].money == 10 - 1 + 1


def test_too_little_money_for_the_box_is_refused() -> None:
    game = game_at()
    game.state.players[0].money = 2
    refused(game, Install("hill", "advanced"), "costs an Action tile and $3", "has $2")


def test_the_patent_above_a_column_is_a_third_box_paid_up_to_the_top() -> None:
    game = game_at()
    game.state.players[0].waiting["installation"] = "p-install-1"
    game.state.pool.remove("p-install-1")
    play(game, Install("hill", "patent", side="B"))  # B: one icon, the Advanced box, an Action tile
    ana = game.state.players[0]
    assert ana.money == 10 - (1 + 2 + 2 + 3) + 1  # spaces 3 to 6 empty; Hill's bonus
    assert ana.activated == {"installation:advanced": ["p-install-1", "B"]} and not ana.waiting
    assert ana.stations["hill"] is True  # the Advanced box: Modulated
    assert ana.columns["installation"] == 2 and ana.supply["installation"] == 3  # the Patent's tile


# --------------------------------------------------------------------------- Funding


def test_funding_without_an_active_tycoon_takes_no_tile_and_gains_two() -> None:
    game = game_at()
    tile = game.state.display[1][0]
    refused(game, Fund("c4", "bank", "basic", tycoon=tile), "no active Tycoon")
    play(game, Fund("c4", "bank", "basic"))
    ana = game.state.players[0]
    assert ana.money == 12 and game.state.credit_area["bank"][0] == 0 and "c4" not in ana.credits


def test_funding_takes_a_tycoon_of_level_up_to_the_active_count_and_gains_per_tycoon() -> None:
    game = game_at()
    level2 = game.state.display[2][0]
    refused(game, Fund("c1", "bank", "basic", tycoon=level2), "level 1 only")
    refused(game, Fund("c1", "bank", "basic"), "take a face-up Tycoon tile of level 1")
    tile = game.state.display[1][0]
    column = CONTENT.tycoon(tile).column  # type: ignore[union-attr]
    play(game, Fund("c1", "bank", "basic", tycoon=tile))
    ana = game.state.players[0]
    assert ana.tycoons[column] == [tile]
    assert ana.money == 10 + 2 + 2  # $2 + $1 per active Tycoon: the uncovered icon and the new tile
    assert len(game.state.display[1]) == 2 and tile not in game.state.display[1]  # refilled


def test_two_active_tycoons_allow_level_two() -> None:
    game = game_at()
    game.state.players[0].tycoons["installation"] = ["t1-wire"]
    for pile in (game.state.stacks[1], game.state.display[1]):
        if "t1-wire" in pile:
            pile.remove("t1-wire")
    play(game, Fund("c1", "bank", "basic", tycoon=game.state.display[2][0]))
    assert game.state.players[0].money == 10 + 2 + 3


def test_the_top_face_down_tile_is_kept_whatever_it_is() -> None:
    game = game_at()
    refused(game, Fund("c1", "bank", "basic", face_down=2), "face-down tile from a stack of level 1")
    top = game.state.stacks[1][0]
    game.play(Fund("c1", "bank", "basic", face_down=1))
    assert game.state.pending and game.state.pending[0].kind == "keep"
    refused(game, Pass(), "first the Tycoon tile")
    refused(game, Draw(2, game.state.stacks[2][0]), "level-1 stack")
    game.play(Draw(1, top))
    ana = game.state.players[0]
    assert top in ana.tycoons[CONTENT.tycoon(top).column] and ana.money == 14  # type: ignore[union-attr]


def test_a_new_tycoon_pushes_the_others_up_and_one_past_the_top_is_inactive() -> None:
    game = game_at()
    ana = game.state.players[0]
    ana.tycoons["installation"] = ["t2-mast", "t3-grid", "t3-relay"]  # a made-up full column
    assert eco.active(CONTENT, game.state, 0, "tycoon") == 3
    ana.tycoons["installation"].insert(0, "t1-wire")
    assert eco.active(CONTENT, game.state, 0, "tycoon") == 3  # t3-relay was pushed past the top


@pytest.mark.parametrize(("players", "spaces"), [(2, 2), (3, 3), (4, 4)])
def test_the_3plus_and_4_credit_spaces_follow_the_player_count(players: int, spaces: int) -> None:
    game = game_at(players)
    state = game.state
    placed = 0
    for credit in list(state.players[0].credits):
        try:
            eco.place_credit(CONTENT, state, 0, credit, "bank")
        except Exception as exc:
            assert "no empty space for" in str(exc)
            break
        placed += 1
    assert placed == spaces  # bank: "all", "all", "3+", "4"


def test_credit_tokens_fill_a_row_left_to_right() -> None:
    game = play(game_at(), Fund("c4", "bank", "basic"), Fund("c4", "bank", "basic"))
    assert game.state.credit_area["bank"] == [0, 1, None, None]
    refused(game, Fund("c5", "bank", "basic"), "no empty space for 2 players")
    refused(game, Fund("c9", "lab", "basic"), "no Credit token on board space")


# --------------------------------------------------------------------------- Supply


def test_supply_takes_no_action_tile_and_brings_two_tiles() -> None:
    game = game_at()
    refused(game, Supply("c4", "bank", tiles=("installation",)), "brings 2 Action tiles", "name 2")
    play(game, Supply("c4", "bank", tiles=("installation", "funding")))
    ana = game.state.players[0]
    assert ana.columns == {"installation": 3, "transmission": 2, "modulation": 2, "funding": 3}
    assert sum(ana.spent.values()) == 0 and ana.supply["installation"] == 3


def test_supply_counts_factories_in_all_three_places() -> None:
    game = game_at()
    ana = game.state.players[0]
    ana.flags.append("north")  # a Flag next to a Factory
    ana.tycoons["installation"] = ["t1-wire"]  # a Tycoon tile with a Factory
    # c2 uncovers a Factory on the board; the industry row is a Factory row: 4 active, 6 tiles
    refused(game, Supply("c2", "industry", tiles=("installation",) * 2), "brings 6", "has 4")
    play(
        game,
        Supply(
            "c2",
            "industry",
            tiles=("installation", "installation", "transmission", "transmission", "modulation", "funding"),
        ),
    )
    assert game.state.players[0].columns["installation"] == 4


def test_a_patent_when_active_scientists_outnumber_patents() -> None:
    game = game_at()
    refused(
        game,
        Supply("c4", "bank", tiles=("installation", "funding"), patent="p-fund-1"),
        "needs 1 active Scientist",
    )
    refused(game, Supply("c3", "bank", tiles=("installation", "funding")), "a Patent is earned")
    play(game, Supply("c3", "bank", tiles=("installation", "funding"), patent="p-fund-1"))
    assert game.state.players[0].waiting == {"funding": "p-fund-1"} and "p-fund-1" not in game.state.pool


def test_a_second_patent_needs_two_scientists() -> None:
    game = game_at()
    play(game, Supply("c3", "bank", tiles=("installation", "funding"), patent="p-fund-1"), Pass())
    refused(
        game,
        Supply("c4", "bank", tiles=("installation", "funding"), patent="p-install-1"),
        "Patent number 2 needs 2 active Scientists",
        "has 1",
    )
    play(
        game, Supply("c5", "bank", tiles=("installation", "funding"), patent="p-install-1")
    )  # c5: a Scientist
    assert game.state.players[0].waiting == {"funding": "p-fund-1", "installation": "p-install-1"}


def test_one_patent_waits_above_a_column_at_a_time() -> None:
    game = game_at()
    game.state.players[0].credits.remove("c5")  # two Scientists uncovered
    game.state.players[0].waiting["transmission"] = "p-transmit-2"
    game.state.pool.remove("p-transmit-2")
    refused(
        game, Supply("c3", "bank", tiles=("installation", "funding"), patent="p-transmit-1"), "already waits"
    )


def test_one_patent_of_each_type_per_level() -> None:
    game = game_at()
    ana = game.state.players[0]
    ana.credits.remove("c5")
    ana.activated["transmission:basic"] = ["p-transmit-1", "A"]
    game.state.pool.remove("p-transmit-1")
    refused(
        game,
        Supply("c3", "bank", tiles=("installation", "funding"), patent="p-transmit-1b"),
        "one of each type per level",
    )


# --------------------------------------------------------------------------- Patents


def _waiting(game_patent: str, column: str, starts: tuple[str, ...] = ("harbour", "ridge")) -> Game:
    game = game_at(starts=starts)
    game.state.players[0].waiting[column] = game_patent
    game.state.pool.remove(game_patent)
    return game


def test_the_first_use_chooses_a_side_and_two_icons_slide_onto_the_basic_box_for_good() -> None:
    game = _waiting("p-install-1", "installation")
    refused(game, Install("hill", "patent"), "chooses side A or B")
    refused(game, Install("hill", "basic", side="A"), "only when a waiting Patent")
    play(game, Install("hill", "patent", side="A"), Pass())  # A: reach, two icons
    ana = game.state.players[0]
    assert ana.activated == {"installation:basic": ["p-install-1", "A"]} and ana.stations["hill"] is False
    refused(game, Install("market", "patent", side="B"), "no Patent waits")
    play(game, Install("mill", "basic"))  # the Patent's reach: Mill is 2 spaces from Hill
    assert "mill" in game.state.players[0].stations


def test_without_the_reach_patent_two_spaces_away_is_refused() -> None:
    refused(game_at(), Install("tower", "basic"), "not orthogonally adjacent")


def test_a_pattern_patent_places_signals_turned_or_mirrored() -> None:
    game = _waiting("p-transmit-1", "transmission", starts=("market", "ridge"))
    refused(game, Transmit("market", "patent", side="A", locations=("hill", "ridge")), "does not reach")
    play(
        game, Transmit("market", "patent", side="A", locations=("school", "plaza"))
    )  # turned: below, below-right
    ana = game.state.players[0]
    assert sorted(ana.tokens) == ["plaza", "school"]
    assert ana.activated == {"transmission:basic": ["p-transmit-1", "A"]}
    assert ana.money == 10 - (1 + 2 + 2 + 3) + 1 + 0  # up to the Patent; Plaza's $1, School's Flag
    assert "north" in ana.flags


def test_activated_patents_give_their_icons_at_the_end_waiting_ones_none() -> None:
    game = _waiting("p-install-1", "installation")
    game.state.players[0].waiting["funding"] = "p-fund-2"
    game.state.pool.remove("p-fund-2")
    play(game, Install("hill", "patent", side="B"), EndGame())
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.standings[0].patent_icons == 2 and outcome.standings[1].patent_icons == 0
    refused(game, Pass(), "the game is over")


# --------------------------------------------------------------------------- the printed board


def test_printed_board_the_table_says_what_the_referee_cannot_know() -> None:
    game = game_at(layout="printed", starts=("Harbour", "Ridge"))
    refused(game, Install("Old Mill", "basic"), "say whether Old Mill is empty")
    play(game, Install("Old  mill", "basic", empty=True, reward="fiber", bonus=2))
    ana = game.state.players[0]
    assert ana.money == 12 and ana.tracks["fiber"] == 2 and ana.ready == 5 and "old mill" in ana.stations


def test_printed_board_refuses_empty_where_the_referee_knows_a_piece() -> None:
    game = game_at(layout="printed", starts=("Harbour", "Ridge"))
    refused(game, Install("ridge", "basic", empty=True, reward="fiber"), "not empty", "Ben's station")
    play(game, Install("ridge", "basic", empty=False, reward="fiber"))
    assert game.state.players[0].tracks["fiber"] == 3


def test_printed_board_one_location_reached_and_a_token_already_there() -> None:
    game = game_at(layout="printed", starts=("Harbour", "Ridge"))
    refused(game, Transmit("Harbour", "basic", locations=("Hill",)), "say whether each")
    play(game, Transmit("Harbour", "basic", locations=("Hill",), empty=(True,), bonus=(1,)), Pass())
    ana = game.state.players[0]
    assert ana.tokens == ["hill"] and ana.boxed == 1 and ana.money == 11
    ana.ready = 2
    play(game, Transmit("Harbour", "advanced", locations=("Hill", "Tower"), empty=(False, True)))
    assert sorted(game.state.players[0].tokens) == ["hill", "tower"] and game.state.players[0].boxed == 2


# --------------------------------------------------------------------------- undo and the record


def test_undo_reverts_the_last_action_and_its_draws_and_the_record_replays() -> None:
    game = game_at()
    before = game.state.copy()
    tile = game.state.display[1][0]
    play(game, Fund("c1", "bank", "basic", tycoon=tile))
    refused(game, Undo(0), "reverts action 7")
    target = game.undo_target()
    assert target is not None
    game.play(Undo(target))
    assert game.state.players == before.players and game.state.display == before.display
    assert game.state.stacks == before.stacks
    play(game, Install("hill", "basic"))
    again = replay(record_of(game), CONTENT)
    assert again.state == game.state and again.actions == game.actions


def test_nothing_to_undo_after_the_end() -> None:
    game = play(game_at(), EndGame())
    assert game.state.phase == Phase.OVER and game.undo_reason() == "the game is over"
    draw_all(game)


# --------------------------------------------------------------------------- bonuses and more Patents


def test_a_locations_bonus_may_be_points_an_action_tile_or_a_flag() -> None:
    game = play(game_at(starts=("tower", "works")), Install("mill", "basic"), Install("depot", "basic"))
    ana, ben = game.state.players
    assert ana.points == 1  # Mill
    assert (
        ben.columns["installation"] == 2 and ben.supply["installation"] == 3
    )  # Depot: a tile, after paying one
    play(game, Pass(), Transmit("works", "basic", line="yellow", direction="back"))
    assert "north" in game.state.players[1].flags  # School's Flag (a Factory in the Nations column)
    assert eco.active(CONTENT, game.state, 1, "factory") == 1


def test_modulation_by_a_pattern_patent_still_moves_the_permanent_links_marker() -> None:
    game = _waiting("p-modulate-2", "modulation", starts=("market", "ridge"))
    game.state.players[0].stations["market"] = True
    play(game, Modulate("market", "patent", side="B", locations=("plaza", "works")))  # B: [[1, 1], [1, 2]]
    ana = game.state.players[0]
    assert sorted(ana.tokens) == ["plaza", "works"] and ana.links == 1
    assert ana.activated == {"modulation:advanced": ["p-modulate-2", "B"]}


def test_a_tile_patent_adds_an_action_tile_to_the_box_action() -> None:
    game = _waiting("p-modulate-1", "modulation")
    ana = game.state.players[0]
    ana.stations["harbour"] = True
    play(game, Modulate("harbour", "patent", side="B", line="red", direction="forward"))
    ana = game.state.players[0]
    assert ana.columns["transmission"] == 3 and ana.supply["transmission"] == 3
    assert "the Patent takes an Action tile into the transmission column" in game.state.last


def test_a_patent_slid_over_another_covers_it_and_both_give_their_icons() -> None:
    game = _waiting("p-install-1", "installation")
    play(game, Install("hill", "patent", side="A"), Pass())
    game.state.players[0].waiting["installation"] = "p-install-2"
    game.state.pool.remove("p-install-2")
    game.state.players[0].money = 20
    play(game, Install("market", "patent", side="A"), EndGame())  # onto the Basic box again
    ana = game.state.players[0]
    assert ana.activated == {"installation:basic": ["p-install-2", "A"]} and ana.covered == [
        ["p-install-1", "A"]
    ]
    outcome = game.outcome()
    assert outcome is not None and outcome.standings[0].patent_icons == 1 + 2


def test_printed_board_modulation_moves_the_permanent_links_marker_too() -> None:
    game = game_at(layout="printed", starts=("Harbour", "Ridge"))
    game.state.players[0].stations["harbour"] = True
    play(game, Modulate("harbour", "basic", locations=("Hill", "Tower"), empty=(True, True), bonus=(1, 0)))
    ana = game.state.players[0]
    assert ana.links == 1 and ana.money == 10 + 1 + 1 and sorted(ana.tokens) == ["hill", "tower"]
