"""The board, known two ways: the pack's map, or the table's printed board.

Source: ``seeds/six-actions-rules.txt``, Build (one plant per city; the golden road from the active
metro) and Strategy, Office.  With the ``map`` layout the referee checks the city, the golden road
and its length itself; with ``printed`` it knows only what the table tells it (the city's name, the
cities counted along the road) and checks the rest: a city named twice (any case, any spacing) is
the same city and holds one plant.  On the printed board the referee does not know the city's or
the region's bonus: the table enters one as an adjustment (our decision).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.errors import IllegalAction, said
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.economy import gain
from companion.games.six_actions.engine.state import GameState
from companion.i18n import N_
from companion.table.pack_words import pack_word

__all__ = ["LAYOUTS", "MAX_ROAD", "Place", "city_key", "resolve_city", "road_count", "place_plant"]

#: ``map``: the pack's map; ``printed``: the table's own board, no map typed.
LAYOUTS = ("map", "printed")
#: Most cities a golden road can count on the printed board (a typo guard).
MAX_ROAD = 30
#: Longest city name on the printed board.
MAX_CITY = 24


class Place(NamedTuple):
    """A city as the rules see it: its key in :attr:`GameState.occupied`, its name, its region (map)."""

    key: str
    name: str
    region: str | None


def city_key(name: str) -> str:
    """A printed city's key: its name folded, spaces collapsed."""
    return " ".join(name.split()).casefold()


def resolve_city(content: ContentPack, state: GameState, city: str) -> Place:
    """The empty city ``city`` (a map city's id, or a printed city's name).

    :raises IllegalAction: not a city of the map, an empty or too long name, or it holds a plant.
    """
    if state.layout == "map" and content.game_map is not None:
        found = content.game_map.city(city)
        if found is None:
            raise IllegalAction(said(N_("{city!r} is not a city of the map"), city=city))
        place = Place(found.id, found.name, found.region)
    else:
        name = " ".join(city.split())
        if not name or len(name) > MAX_CITY:
            raise IllegalAction(
                said(N_("a city's name is 1 to {most} characters, not {city!r}"), most=MAX_CITY, city=city)
            )
        place = Place(city_key(name), name, None)
    holder = state.occupied.get(place.key)
    if holder is not None:
        shown = state.city_names.get(place.key, place.name)
        owner = state.players[holder].name
        raise IllegalAction(
            said(
                N_("{shown} already holds a plant ({owner}'s): each city holds one plant"),
                shown=shown,
                owner=owner,
            )
        )
    return place


def road_count(content: ContentPack, state: GameState, place: Place, given: int | None) -> int:
    """Cities along the golden road from the active metro to ``place``, both counted.

    :raises IllegalAction: on the printed board a missing or impossible count; with the map no
        golden road, or a given count that is not the map's.
    """
    if state.layout == "map" and content.game_map is not None:
        metro = state.pawn or ""
        counted = content.game_map.road_cities(metro, place.key)
        found = content.game_map.city(metro)
        metro_name = found.name if found is not None else metro
        if counted is None:
            raise IllegalAction(
                said(
                    N_("no golden road joins the active metro {metro} and {name}"),
                    metro=metro_name,
                    name=place.name,
                )
            )
        if given is not None and given != counted:
            raise IllegalAction(
                said(
                    N_(
                        "the map counts {counted} cities along the golden road from {metro} to {name}, not "
                        "{given}"
                    ),
                    counted=counted,
                    metro=metro_name,
                    name=place.name,
                    given=given,
                )
            )
        return counted
    if given is None:
        raise IllegalAction(
            said(
                N_(
                    "say how many cities the golden road from the active metro to {name} passes, both ends "
                    "counted"
                ),
                name=place.name,
            )
        )
    if not 1 <= given <= MAX_ROAD:
        raise IllegalAction(
            said(
                N_("a golden road counts 1 to {most} cities (both ends), not {given}"),
                most=MAX_ROAD,
                given=given,
            )
        )
    return given


def place_plant(content: ContentPack, state: GameState, seat: int, place: Place, action: int) -> None:
    """Put a plant of ``seat`` in the city; gain its city bonus and, for the player's first plant in
    the region, the region bonus (our decision).  Printed board: no bonus is known."""
    player = state.players[seat]
    state.occupied[place.key] = seat
    state.city_names[place.key] = place.name
    player.plants.append(place.name)
    game_map = content.game_map
    if state.layout != "map" or game_map is None or place.region is None:
        return
    city = game_map.city(place.key)
    if city is not None and city.bonus:
        gain(state, seat, city.bonus, said(N_("city bonus of {city}"), city=city.name), action)
    region = game_map.region(place.region)
    if region is not None and region.id not in player.regions:
        player.regions.append(region.id)
        if region.bonus:
            gain(
                state,
                seat,
                region.bonus,
                said(N_("region bonus of {region}"), region=pack_word(region.name)),
                action,
            )
