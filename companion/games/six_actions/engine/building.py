"""Build (``seeds/six-actions-rules.txt``, Build): what a Build pays, icon by icon, and the Build
itself (the plant, the track steps, the Influence, the city's and region's bonuses).
"""

from __future__ import annotations

from companion.errors import IllegalAction, said
from companion.games.six_actions.content.model import LEVEL_SECTORS, ROAD_SECTORS, ContentPack, Reward
from companion.games.six_actions.engine.actions import Build
from companion.games.six_actions.engine.board import place_plant, resolve_city, road_count
from companion.games.six_actions.engine.economy import charge, gain, leader_level, update_leaders, use_token
from companion.games.six_actions.engine.state import SUPPLY, Account, GameState
from companion.i18n import N_
from companion.table.pack_words import pack_word
from companion.table.words import counted, sector_word

__all__ = ["build", "build_costs"]


def build_costs(
    content: ContentPack, state: GameState, seat: int, action: Build
) -> tuple[list[tuple[Account, int, str]], str]:
    """What a Build pays, icon by icon (Build, step 2), and the city's name.

    :raises IllegalAction: not the player's unbuilt card, an occupied or unknown city, no golden road.
    """
    card = content.industry(action.card)
    player = state.players[seat]
    if card is None or card.id not in player.industries:
        owned = ", ".join(player.industries) or "none"
        raise IllegalAction(
            said(
                N_("{name} has no unbuilt Industry card {card!r} (unbuilt: {owned})"),
                name=player.name,
                card=action.card,
                owned=owned,
            )
        )
    place = resolve_city(content, state, action.city)
    road: int | None = None
    debts: list[tuple[Account, int, str]] = []
    for icon in card.icons:
        leader = state.leaders.get(icon)
        if leader == seat:
            continue
        payee: Account = SUPPLY if leader is None else leader
        if icon in LEVEL_SECTORS:
            level = (
                1
                if leader is None
                else max(1, leader_level(content, state.players[leader].steps.get(icon, 0)))
            )
            amount, why = 2 * level, said(N_("2 Cr x level {level}"), level=level)
        else:
            if road is None:
                road = road_count(content, state, place, action.road_cities)
            amount = road
            why = counted.ngettext("{n} city along the golden road", "{n} cities along the golden road", road)
        who = said(N_("the supply, no leader")) if leader is None else said(N_("its leader"))
        debts.append(
            (
                payee,
                amount,
                said(
                    N_("Build {card} in {city}: {icon} icon to {who} ({why})"),
                    card=pack_word(card.name),
                    city=place.name,
                    icon=sector_word(icon),
                    who=who,
                    why=why,
                ),
            )
        )
    if road is None and action.road_cities is not None and any(i in ROAD_SECTORS for i in card.icons):
        road_count(content, state, place, action.road_cities)  # a given count must still be right
    return debts, place.name


def build(content: ContentPack, state: GameState, action: Build, index: int) -> None:
    """Build ``action.card`` in ``action.city`` for the current player (Build, steps 1 to 4).

    :raises IllegalAction: the token, the card, the city or a payment the rules refuse.
    """
    seat = use_token(state, "build", action.plus)
    debts, _ = build_costs(content, state, seat, action)
    card = content.industry(action.card)
    assert card is not None
    charge(state, seat, debts, index, said(N_("building {card}"), card=pack_word(card.name)))
    player = state.players[seat]
    player.industries.remove(card.id)
    player.built.append(card.id)
    player.asset_value += card.asset_value
    for sector, steps in card.steps:
        player.steps[sector] = player.steps.get(sector, 0) + steps
    update_leaders(content, state)
    gain(
        state,
        seat,
        Reward(influence=card.influence),
        said(N_("Build {card}"), card=pack_word(card.name)),
        index,
    )
    place_plant(content, state, seat, resolve_city(content, state, action.city), index)
