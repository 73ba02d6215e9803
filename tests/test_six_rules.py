"""The Six Actions' rules (seeds/six-actions-rules.txt), one test per rule and per refusal."""

from __future__ import annotations

import pytest

from companion.games.six_actions.engine.actions import (
    Adjust,
    Build,
    EmergencyLoan,
    EndGame,
    EndTurn,
    Loan,
    MovePawn,
    Muster,
    NewRound,
    Pass,
    PlayMerit,
    Politics,
    Settle,
    Share,
    Strategy,
    Undo,
)
from companion.games.six_actions.engine.state import Phase
from six_support import CONTENT, game_at, play, refused, total_money

# --------------------------------------------------------------------------- action tokens


def test_everyone_has_2_tokens_and_the_tycoon_3_then_the_round_ends() -> None:
    game = game_at(tycoon=0)
    play(game, Muster(1), Muster(1), Politics(), Politics())
    assert game.state.current == 0  # Ben has placed both; Ana, the Tycoon, has a third
    play(game, Loan())
    assert game.state.phase is Phase.ROUND_END and game.state.current is None


def test_a_second_token_on_the_same_action_is_refused() -> None:
    game = play(game_at(), Muster(1), Muster(1))
    refused(game, Muster(1), "already on Muster this round: .* only a \\+1 Action token can repeat")


def test_a_plus_one_token_repeats_an_action_in_the_same_turn_and_only_one_per_turn() -> None:
    game = play(game_at([{"name": "Ana", "plus_tokens": 2}, "Ben"]), Muster(1))
    assert game.state.current == 0  # Ana may still spend a +1 Action token this turn
    play(game, Muster(1, plus=True))
    assert game.state.players[0].plus == 1 and game.state.current == 1
    play(game, Politics())
    play(game, Loan())
    refused(game, Politics(), "already placed an action token this turn")
    play(game, Share(1, plus=True))
    assert game.state.players[0].plus == 0 and game.state.current == 1


def test_a_second_plus_one_token_in_one_turn_is_refused() -> None:
    game = play(game_at([{"name": "Ana", "plus_tokens": 2}, "Ben"]), Muster(1, plus=True))
    refused(game, Loan(plus=True), "one per turn")


def test_a_plus_one_token_needs_one_and_end_turn_needs_an_action() -> None:
    game = game_at()
    refused(game, Loan(plus=True), "no \\+1 Action token")
    refused(game, EndTurn(), "take an action or pass")


def test_a_player_who_passes_takes_no_more_turns_this_round() -> None:
    game = play(game_at(), Pass(), Muster(1))
    assert game.state.current == 1  # Ana passed: Ben goes on alone
    play(game, Politics())
    assert game.state.phase is Phase.ROUND_END
    refused(game, Loan(), "no one takes an action now")


def test_a_new_round_gives_the_tokens_back_and_the_new_tycoon_begins() -> None:
    game = play(game_at(), Pass(), Pass(), NewRound(1))
    state = game.state
    assert (state.round, state.current, state.tycoon, state.phase) == (2, 1, 1, Phase.TURN)
    refused(game, NewRound(0), "still being played")


# --------------------------------------------------------------------------- Build


def test_build_pays_each_sector_leader_2_cr_times_the_level() -> None:
    # Ben leads Minerals with 4 steps: level 2 (the sample's leader levels are 2, 4, 7, 10).
    game = game_at([{"name": "Ana", "industries": ["quarry"]}, {"name": "Ben", "steps": {"minerals": 4}}])
    play(game, Build("quarry", "wheatfield"))
    a, b = game.state.players
    assert (a.money, b.money) == (20 - 4, 20 + 4)
    assert a.built == ["quarry"] and a.plants == ["Wheatfield"] and a.asset_value == 6
    assert a.steps["minerals"] == 2 and a.influence == 1
    assert game.state.occupied == {"wheatfield": 0}


def test_build_pays_nothing_for_a_sector_you_lead() -> None:
    game = game_at([{"name": "Ana", "industries": ["quarry"], "steps": {"minerals": 7}}, "Ben"])
    play(game, Build("quarry", "wheatfield"))
    assert game.state.players[0].money == 20


def test_build_without_a_leader_pays_the_supply_as_if_the_government_were_level_1() -> None:
    game = game_at([{"name": "Ana", "industries": ["quarry"]}, "Ben"])
    play(game, Build("quarry", "wheatfield"))
    assert game.state.players[0].money == 18
    assert game.state.ledger[-1].payee == "supply" and game.state.ledger[-1].amount == 2


def test_power_and_transport_pay_1_cr_per_city_along_the_golden_road_counting_both() -> None:
    # Capital (the pawn) - Ironton - Frostpeak - Coldwell: 4 cities.  Cleo leads Power.
    game = game_at(
        [{"name": "Ana", "industries": ["station"]}, "Ben", {"name": "Cleo", "steps": {"power": 3}}]
    )
    play(game, Build("station", "coldwell"))
    a, _, c = game.state.players
    assert c.money == 24  # Power: 4 cities
    assert a.money == 20 - 4 - 2 + 0  # Fuel: no leader, 2 Cr to the supply; Coldwell has no bonus
    assert a.regions == ["north"] and a.influence == 2 + 2  # the card's 2 + the North's region bonus


def test_the_road_is_counted_from_the_active_metro() -> None:
    game = game_at([{"name": "Ana", "industries": ["railyard"]}, "Ben"], pawn="harbour")
    play(game, MovePawn("ironton"), Build("railyard", "coldwell"))
    assert game.state.players[0].money == 20 - 3  # Ironton - Frostpeak - Coldwell


def test_a_given_road_count_must_agree_with_the_map() -> None:
    game = game_at([{"name": "Ana", "industries": ["railyard"]}, "Ben"])
    refused(game, Build("railyard", "coldwell", road_cities=3), "the map counts 4 cities")


def test_build_on_an_occupied_city_is_refused() -> None:
    game = game_at([{"name": "Ana", "industries": ["quarry"]}, {"name": "Ben", "industries": ["farm"]}])
    play(game, Build("quarry", "wheatfield"))
    refused(game, Build("farm", "wheatfield"), "Wheatfield already holds a plant \\(Ana's\\)")


def test_build_of_a_card_not_owned_or_a_city_not_on_the_map_is_refused() -> None:
    game = game_at([{"name": "Ana", "industries": ["quarry"]}, "Ben"])
    refused(game, Build("dam", "wheatfield"), "no unbuilt Industry card 'dam'")
    refused(game, Build("quarry", "atlantis"), "not a city of the map")


def test_city_and_region_bonus_the_region_only_for_the_first_plant_there() -> None:
    game = game_at([{"name": "Ana", "industries": ["quarry", "farm"], "plus_tokens": 1}, "Ben"])
    play(game, Build("quarry", "millbrook"))  # Millbrook: 2 Cr; the Plains: 1 Promoter
    a = game.state.players[0]
    assert (a.money, a.hand) == (20 - 2 + 2, 8 + 1)
    play(game, Build("farm", "capital", plus=True))  # Capital: 2 Influence; no second Plains bonus
    a = game.state.players[0]
    assert (a.hand, a.influence) == (9, 1 + 1 + 2)


def test_the_printed_board_asks_for_the_road_and_computes_the_rest() -> None:
    game = game_at(
        [{"name": "Ana", "industries": ["refinery"]}, {"name": "Ben", "industries": ["farm"]}],
        layout="printed",
    )
    refused(game, Build("refinery", "Port Azure"), "say how many cities the golden road")
    play(game, Build("refinery", "Port Azure", road_cities=4))
    assert game.state.players[0].money == 20 - 4 - 2
    refused(game, Build("farm", "  port   AZURE "), "Port Azure already holds a plant")
    refused(game, MovePawn("capital"), "printed board")


# --------------------------------------------------------------------------- Share


def test_share_pays_the_cheapest_share_then_gains_2_per_opponent_share_held() -> None:
    game = game_at([{"name": "Ana", "plus_tokens": 1}, "Ben", "Cleo"])
    play(game, Share(1), EndTurn(), Share(0), Muster(1), Share(2, plus=True))
    ana, ben, cleo = game.state.players
    assert ana.held == [(1, 4), (2, 4)] and ben.shares == [6, 8, 10, 12]
    assert ana.influence == 2 + 4  # 2 for one share held, then 4 for two
    assert ana.money == 20 - 4 - 4 + 4  # Ben bought one of Ana's for 4
    assert cleo.money == 20 + 4


def test_share_from_yourself_or_with_no_share_left_is_refused() -> None:
    game = game_at()
    refused(game, Share(0), "from an opponent")
    refused(game, Share(5), "no opponent in seat 5")
    game.state.players[1].shares.clear()
    refused(game, Share(1), "Ben has no share left to sell")


# --------------------------------------------------------------------------- Muster


@pytest.mark.parametrize("count", [0, 7])
def test_muster_with_0_or_7_promoters_is_refused(count: int) -> None:
    refused(game_at(), Muster(count), f"1 to 6 Promoters, not {count}")


def test_muster_moves_promoters_to_the_pool_and_draws_a_secret_merit_card() -> None:
    game = play(game_at(), Muster(6))
    ana = game.state.players[0]
    assert (ana.hand, ana.pool, len(ana.merit)) == (2, 6, 1)
    assert game.state.piles["merit"].count(ana.merit[0]) == 0
    refused(
        game_at([{"name": "Ana", "promoters_hand": 2}, "Ben"]), Muster(3), "has 2 Promoters in hand, not 3"
    )


def test_a_merit_card_played_goes_to_the_bottom_of_the_deck() -> None:
    game = play(game_at(), Muster(1))
    card = game.state.players[0].merit[0]
    play(game, PlayMerit(0, card))
    assert game.state.piles["merit"][-1] == card and not game.state.players[0].merit
    refused(game, PlayMerit(0, card), "holds no Merit card")


# --------------------------------------------------------------------------- Strategy


def test_strategy_pays_from_the_pool_and_covers_the_space_with_the_cheapest_share() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 5}, {"name": "Ben", "promoters_pool": 5}])
    play(game, Strategy("sales_3", amount=30))
    ana = game.state.players[0]
    assert (ana.pool, ana.money, ana.shares) == (2, 50, [6, 8, 10, 12])
    assert game.state.covered == {"sales_3": 0}
    refused(game, Strategy("sales_3", amount=20), "covered by Ana's share: a covered space stays covered")


def test_administration_is_always_open_and_never_covered() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 4}, {"name": "Ben", "promoters_pool": 4}])
    play(game, Strategy("admin_action"), EndTurn(), Strategy("admin_action"))
    assert game.state.covered == {} and [p.plus for p in game.state.players] == [1, 1]
    assert game.state.players[0].shares == [4, 6, 8, 10, 12]


def test_strategy_needs_the_cost_in_the_pool_and_a_share_to_cover_it() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 3, "promoters_hand": 8}, "Ben"])
    refused(game, Strategy("lobby", policy=game.state.open_policies[0]), "costs 5 Promoters .* has 3 there")
    game.state.players[0].shares.clear()
    refused(game, Strategy("sales_3", amount=20), "no share left to cover")
    refused(game, Strategy("sales_3", amount=22), "no share left")
    game.state.players[0].shares.append(4)
    refused(game, Strategy("sales_3", amount=22), "gives 20, 25, 30, not 22")
    refused(game, Strategy("sales_3"), "needs the amount")
    refused(game, Strategy("admin_action", amount=20), "takes no amount")
    refused(game, Strategy("casino"), "no Strategy space 'casino'")


def test_buy_an_industry_for_twice_its_asset_value_then_10_cr_and_a_refill() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 2, "money": 40}, "Ben"])
    card = game.state.open_industries[0]
    value = CONTENT.industry(card).asset_value  # type: ignore[union-attr]
    play(game, Strategy("admin_industry", card=card, gain="money"))
    ana = game.state.players[0]
    assert ana.money == 40 - 2 * value + 10 and card in ana.industries
    assert len(game.state.open_industries) == 3 and card not in game.state.open_industries


def test_lobby_takes_an_open_policy_and_its_promoters_and_refills() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 5}, "Ben"])
    policy = game.state.open_policies[1]
    play(game, Strategy("lobby", policy=policy))
    ana = game.state.players[0]
    assert policy in ana.policies and ana.hand == 8 + CONTENT.policy(policy).promoters  # type: ignore[union-attr]
    assert len(game.state.open_policies) == 2


def test_office_places_a_spare_plant_with_city_and_region_bonus_only() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 5}, "Ben"])
    play(game, Strategy("office", city="frostpeak"))
    ana = game.state.players[0]
    assert (ana.money, ana.influence, ana.asset_value, ana.built) == (24, 2, 0, [])
    assert game.state.occupied == {"frostpeak": 0}


def test_advertising_and_export() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 13, "plus_tokens": 1}, "Ben"])
    play(
        game, Strategy("advertising_6", amount=9), Strategy("export_7", tracks=("power", "power"), plus=True)
    )
    ana = game.state.players[0]
    assert ana.influence == 9 and ana.steps["power"] == 2 and game.state.leaders["power"] == 0
    refused(
        game_at([{"name": "Ana", "promoters_pool": 4}, "Ben"]),
        Strategy("export_4", tracks=("power", "fuel")),
        "takes 1 track",
    )


# --------------------------------------------------------------------------- Politics and Loans


def test_politics_adds_every_owned_policy_bonus_then_a_favor() -> None:
    game = game_at()
    ana = game.state.players[0]
    ana.policies[:] = ["tariffs", "rail-act"]  # 5 Cr, and 2 Influence
    play(game, Politics())
    ana = game.state.players[0]
    assert (ana.money, ana.influence, ana.favors) == (25, 2, 1)


def test_loans_take_30_then_the_loan_level_a_note_and_a_finance_step() -> None:
    game = play(game_at(), Loan(), Pass(), Pass(), NewRound(0), Loan())
    ana = game.state.players[0]
    assert (ana.money, ana.notes, ana.finance) == (20 + 30 + 35, 2, 2)


def test_an_11th_note_is_refused() -> None:
    game = game_at([{"name": "Ana", "notes": 10}, "Ben"])
    refused(game, Loan(), "holds 10 Promissory Notes, the most")
    refused(game, EmergencyLoan(0, 5), "holds 10 Promissory Notes")


def test_an_emergency_loan_is_free_up_to_25_cr_with_a_note_and_no_finance_step() -> None:
    game = play(game_at(), EmergencyLoan(1, 25))
    ben = game.state.players[1]
    assert (ben.money, ben.notes, ben.finance, game.state.current) == (45, 1, 0, 0)
    refused(game, EmergencyLoan(1, 26), "1 to 25 Cr, not 26")
    refused(game, EmergencyLoan(1, 0), "1 to 25 Cr, not 0")


# --------------------------------------------------------------------------- forced loans and settlement


def test_an_emergency_loan_is_forced_when_a_player_cannot_pay() -> None:
    game = game_at(
        [{"name": "Ana", "steps": {"minerals": 4}}, {"name": "Ben", "money": 3, "industries": ["quarry"]}],
        tycoon=1,
    )
    play(game, Build("quarry", "wheatfield"))
    ben = game.state.players[1]
    assert (ben.money, ben.notes) == (3 + 25 - 4, 1)
    assert game.state.ledger[-2].reason == "forced Emergency Loan: building Granite Quarry (1 Cr short)"


def test_a_forced_loan_past_10_notes_is_refused_naming_the_shortfall() -> None:
    game = game_at([{"name": "Ana", "money": 1, "notes": 10, "industries": ["quarry"]}, "Ben"])
    refused(
        game, Build("quarry", "wheatfield"), "owes 2 Cr .* has 1 Cr; the 1 Cr short .* holds 10 of the 10"
    )


def test_the_settlement_repays_50_per_note_and_each_unpaid_costs_50_av_and_7_influence() -> None:
    game = game_at([{"name": "Ana", "money": 120, "notes": 3, "influence": 30}, {"name": "Ben", "notes": 1}])
    refused(game, Settle(0, 1), "only at the very end")
    play(game, Pass(), Pass(), EndGame())
    refused(game, Settle(0, 3), "can repay at most 2 notes")
    play(game, Settle(0, 2))
    ana = game.state.players[0]
    assert (ana.money, ana.asset_value, ana.influence) == (20, -50, 23)
    refused(game, Settle(0, 0), "already settled")
    play(game, Settle(1, 0))
    assert game.state.phase is Phase.OVER and game.outcome() is not None
    assert total_money(game.state) == 0


# --------------------------------------------------------------------------- adjustments and undo


def test_adjustments_need_a_reason_and_keep_the_bank_whole() -> None:
    game = game_at()
    refused(game, Adjust(0, "  ", money=5), "needs its reason")
    refused(game, Adjust(0, "Revenue"), "changes something")
    refused(game, Adjust(0, "Scandal", influence=-1), "has 0 Influence")
    play(game, Adjust(0, "Revenue", money=12), Adjust(1, "Dividends", money=-30, counterparty=0))
    a, b = game.state.players
    assert (a.money, b.money, b.notes) == (20 + 12 + 30, 20 + 25 - 30, 1)
    assert total_money(game.state) == 0


def test_undo_reverts_a_muster_and_its_draw_the_same_card_comes_again() -> None:
    game = play(game_at(), Muster(2))
    card = game.state.players[0].merit[0]
    index = game.undo_target()
    assert index is not None
    play(game, Undo(index))
    assert game.state.players[0].merit == [] and game.state.players[0].hand == 8
    play(game, Muster(2))
    assert game.state.players[0].merit == [card]


def test_nothing_to_undo_at_the_start_or_once_over() -> None:
    game = game_at()
    refused(game, Undo(0), "nothing has been played yet")
    play(game, Pass(), Pass(), EndGame(), Settle(0, 0), Settle(1, 0))
    refused(game, Undo(game.undo_target() or 0), "the game is over")


def test_a_copy_of_the_state_shares_no_container_with_it() -> None:
    game = play(game_at(), Muster(2), Share(0))
    state, twin = game.state, game.state.copy()
    assert twin == state

    def containers(obj: object) -> set[int]:
        found = {id(v) for v in vars(obj).values() if isinstance(v, (list, dict))}
        return found | {
            id(v)
            for v in vars(obj).values()
            if isinstance(v, dict)
            for v in v.values()
            if isinstance(v, (list, dict))
        }

    mine = containers(state).union(*(containers(p) for p in state.players))
    theirs = containers(twin).union(*(containers(p) for p in twin.players))
    assert not mine & theirs


def test_a_city_no_golden_road_reaches_is_refused_for_power_and_transport() -> None:
    from pathlib import Path

    from companion.games.six_actions.content.loader import parse_content
    from companion.games.six_actions.engine.scenario import parse_scenario

    text = (Path(__file__).parent.parent / "companion/games/six_actions/content/default.toml").read_text()
    island = (
        '[[map.cities]]\nid = "isle"\nname = "Lone Isle"\nregion = "coast"\nmetro = false\nbonus = {}\n\n'
    )
    pack = parse_content(text.replace("[map.roads]", island + "[map.roads]").encode(), "island.toml")
    players = [{"name": "Ana", "industries": ["railyard", "quarry"], "plus_tokens": 1}, "Ben"]
    game = parse_scenario({"players": players}, pack).game
    refused(game, Build("railyard", "isle"), "no golden road joins the active metro Capital and Lone Isle")
    play(game, Build("quarry", "isle"))  # Minerals pays by level, not by road
    assert game.state.occupied == {"isle": 0}


@pytest.mark.parametrize("road", [0, 31])
def test_a_printed_road_counts_1_to_30_cities(road: int) -> None:
    game = game_at([{"name": "Ana", "industries": ["railyard"]}, "Ben"], layout="printed")
    refused(
        game, Build("railyard", "Port Azure", road_cities=road), f"1 to 30 cities \\(both ends\\), not {road}"
    )


def test_office_needs_an_empty_city_and_lobby_an_open_policy() -> None:
    game = game_at([{"name": "Ana", "promoters_pool": 10, "industries": ["quarry"]}, "Ben"])
    refused(game, Strategy("lobby", policy="nonesuch"), "'nonesuch' is not an open Policy")
    play(game, Build("quarry", "millbrook"), Pass())
    refused(game, Strategy("office", city="millbrook"), "Millbrook already holds a plant")
    refused(game, Strategy("admin_industry", card="nonesuch", gain="money"), "not an open Industry card")
