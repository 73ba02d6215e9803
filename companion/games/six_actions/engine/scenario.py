"""Referee scenarios: a documented JSON position and a list of actions (``companion referee
--game six-actions``; the format is docs/six-actions.md).

A scenario starts a game (``players``, ``tycoon``, ``seed``, ``layout``, the table ``options``:
docs/table-options.md), deals its setup from the
seeded piles, then sets what ``position`` gives (each player's money, Influence, Promoters,
notes, Finance step, +1 Action tokens, track steps, unbuilt Industry cards; the pawn), and plays
``actions`` in record form.  A draw the rules wait for is taken from the seeded pile unless the
next action is a ``draw`` naming the card.  Money set by the position is paid from or to the
supply in the ledger ("scenario position"), so money is still conserved.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import IllegalAction, ScenarioError, english, said
from companion.games.six_actions.content.model import SECTORS, ContentPack
from companion.games.six_actions.engine.actions import CODEC, Action, Draw, Start, kind_of, shown
from companion.games.six_actions.engine.board import LAYOUTS
from companion.games.six_actions.engine.economy import pay, update_leaders
from companion.games.six_actions.engine.game import Game
from companion.games.six_actions.engine.rules import COLOURS
from companion.games.six_actions.engine.state import MAX_NOTES, SUPPLY, GameState
from companion.i18n import N_
from companion.table.scenario import (
    REQUIRED_FIELD,
    Refusal,
    read_scenario_json,
    scenario_actions,
    started_game,
    whole_number,
)
from companion.table.table_options import options_json

__all__ = ["Scenario", "Refusal", "load_scenario", "parse_scenario", "run", "state_json"]

#: The per-player position fields and their state attributes.
NUMBERS = {
    "money": "money",
    "influence": "influence",
    "asset_value": "asset_value",
    "promoters_hand": "hand",
    "promoters_pool": "pool",
    "notes": "notes",
    "finance_step": "finance",
    "plus_tokens": "plus",
}


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario: the game after its position, and the actions to play."""

    game: Game
    actions: tuple[Action, ...]


def _players(data: dict[str, Any]) -> list[dict[str, Any]]:
    if "players" not in data:
        raise ScenarioError("players", said(REQUIRED_FIELD))
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScenarioError(
            "players",
            said(N_("must be a list of players (names or objects), not {shown}"), shown=shown(players)),
        )
    out = []
    for i, p in enumerate(players):
        entry = {"name": p} if isinstance(p, str) else p
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ScenarioError(
                f"players[{i}]",
                said(N_("must be a name or an object with a name, not {shown}"), shown=shown(p)),
            )
        out.append(entry)
    return out


def _position(game: Game, players: list[dict[str, Any]], data: dict[str, Any]) -> None:
    state = game.state
    known = {"name", "colour", "steps", "industries", *NUMBERS}
    for seat, entry in enumerate(players):
        where = f"players[{seat}]"
        extra = sorted(set(entry) - known)
        if extra:
            raise ScenarioError(
                f"{where}.{extra[0]}",
                said(N_("is not a position field ({fields})"), fields=", ".join(sorted(known))),
            )
        player = state.players[seat]
        for field, attr in NUMBERS.items():
            if field not in entry:
                continue
            high = (
                MAX_NOTES
                if field == "notes"
                else len(game.content.finance)
                if field == "finance_step"
                else 9999
            )
            value = whole_number(entry[field], f"{where}.{field}", 0, high)
            if field == "money":
                change = value - player.money
                pay(
                    state,
                    SUPPLY if change > 0 else seat,
                    seat if change > 0 else SUPPLY,
                    abs(change),
                    "scenario position",
                    -1,
                )
            else:
                setattr(player, attr, value)
        steps = entry.get("steps", {})
        if not isinstance(steps, dict):
            raise ScenarioError(
                f"{where}.steps",
                said(N_("must be an object of sector: steps, not {shown}"), shown=shown(steps)),
            )
        for sector, n in steps.items():
            if sector not in SECTORS:
                raise ScenarioError(
                    f"{where}.steps.{sector}",
                    said(N_("is not a sector ({sectors})"), sectors=", ".join(SECTORS)),
                )
            player.steps[sector] = whole_number(n, f"{where}.steps.{sector}", 0, 99)
        if "industries" in entry:
            _industries(game.content, state, seat, entry["industries"], f"{where}.industries")
    update_leaders(game.content, state)
    if "pawn" in data:
        pawn = data["pawn"]
        game_map = game.content.game_map
        city = game_map.city(pawn) if game_map is not None and isinstance(pawn, str) else None
        if state.layout != "map" or city is None or not city.metro:
            raise ScenarioError(
                "pawn", said(N_("must be a metro of the map (map layout), not {shown}"), shown=shown(pawn))
            )
        state.pawn = city.id


def _industries(content: ContentPack, state: GameState, seat: int, cards: Any, where: str) -> None:
    if not isinstance(cards, list):
        raise ScenarioError(
            where, said(N_("must be a list of Industry card ids, not {shown}"), shown=shown(cards))
        )
    player = state.players[seat]
    state.piles["industry"].extend(player.industries)  # the dealt card goes back
    player.industries.clear()
    for i, card in enumerate(cards):
        if not isinstance(card, str) or content.industry(card) is None:
            raise ScenarioError(
                f"{where}[{i}]",
                said(N_("is not an Industry card of {pack}: {shown}"), pack=content.id, shown=shown(card)),
            )
        for place in (state.piles["industry"], state.open_industries):
            if card in place:
                place.remove(card)
                break
        else:
            raise ScenarioError(f"{where}[{i}]", said(N_("{card} is already another player's"), card=card))
        player.industries.append(card)


def parse_scenario(data: Any, content: ContentPack) -> Scenario:
    """The scenario of a JSON value.  :raises ScenarioError: naming the field that is wrong."""
    if not isinstance(data, dict):
        raise ScenarioError("<scenario>", said(N_("must be a JSON object, not {shown}"), shown=shown(data)))
    fields = {"players", "tycoon", "seed", "layout", "pawn", "options", "actions", "comment"}
    extra = sorted(set(data) - fields)
    if extra:
        raise ScenarioError(
            extra[0],
            said(N_("is not a scenario field (players, tycoon, seed, layout, pawn, options, actions)")),
        )
    players = _players(data)
    layout = data.get("layout", "map" if content.has_map else "printed")
    if layout not in LAYOUTS or (layout == "map" and not content.has_map):
        raise ScenarioError(
            "layout",
            said(
                N_("must be {first} or {second} (map only with a pack that has one), not {shown}"),
                first=LAYOUTS[0],
                second=LAYOUTS[1],
                shown=shown(layout),
            ),
        )
    seed = whole_number(data.get("seed", 0), "seed", 0, 999_999_999)
    tycoon = whole_number(data.get("tycoon", 0), "tycoon", 0, len(players) - 1)
    colours = [p.get("colour", COLOURS[i % len(COLOURS)]) for i, p in enumerate(players)]
    start = Start(tuple(p["name"] for p in players), tuple(colours), tycoon)
    game = started_game(Game, content, layout, seed, data.get("options"), start)
    _position(game, players, data)
    actions = scenario_actions(data.get("actions", []), CODEC)
    game.history.clear()  # the position is the start: nothing before it is undone
    return Scenario(game, tuple(actions))


def load_scenario(path: str | Path, content: ContentPack) -> Scenario:
    """Read a scenario file.  :raises ScenarioError: unreadable, not JSON (in every game's words:
    :func:`~companion.table.scenario.read_scenario_json`), or a bad field."""
    return parse_scenario(read_scenario_json(path), content)


def run(scenario: Scenario) -> Refusal | None:
    """Play the actions (each awaited draw from the seeded pile unless the action is that draw).

    :returns: the first refusal (the game is then left as the position was: nothing applied), else
        ``None`` with the game at the end.
    """
    game = scenario.game
    start = game.state.copy()
    for i, action in enumerate(scenario.actions):
        while not isinstance(action, Draw) and (draw := game.next_draw()) is not None:
            game.play(draw)
        try:
            game.play(action)
        except IllegalAction as exc:
            game.state = start
            return Refusal.of(i, kind_of(action), exc)
    while (draw := game.next_draw()) is not None:
        game.play(draw)
    return None


def state_json(game: Game) -> dict[str, Any]:
    """The state as JSON: every player (Merit cards by id: the referee is not the table), the board,
    the sector leaders, the ledger, the bank's and the supply's balances."""
    state = game.state
    players = [
        {
            "name": p.name,
            "colour": p.colour,
            "money": p.money,
            "influence": p.influence,
            "asset_value": p.asset_value,
            "promoters_hand": p.hand,
            "promoters_pool": p.pool,
            "shares_left": p.shares,
            "shares_held": [list(h) for h in p.held],
            "notes": p.notes,
            "finance_step": p.finance,
            "plus_tokens": p.plus,
            "marked": p.marked,
            "favors": p.favors,
            "merit": p.merit,
            "industries": p.industries,
            "built": p.built,
            "plants": p.plants,
            "policies": p.policies,
            "steps": p.steps,
            "passed": p.passed,
            "repaid": p.repaid,
        }
        for p in state.players
    ]
    return {
        "ok": True,
        "phase": state.phase.value,
        "round": state.round,
        "current": state.current,
        "tycoon": state.tycoon,
        "options": options_json(state.options),
        "pawn": state.pawn,
        "players": players,
        "open_industries": state.open_industries,
        "open_policies": state.open_policies,
        "covered": state.covered,
        "occupied": {state.city_names[k]: s for k, s in state.occupied.items()},
        "leaders": state.leaders,
        "ledger": [
            {
                "payer": state.account_name(x.payer),
                "payee": state.account_name(x.payee),
                "amount": x.amount,
                "reason": english(x.reason),
            }
            for x in state.ledger
        ],
        "bank": state.balance("bank"),
        "supply_net_paid_out": -state.balance("supply"),
    }
