"""Referee scenarios: the players, a documented position and a list of actions (``companion referee
--game five-actions``; the format is docs/five-actions.md).

A scenario starts a game (``players`` with their starting Locations, ``seed``, ``layout``), fills
the Tycoon display from the seeded stacks, sets what each player object gives beyond its name
(``money``, ``ready``, ``columns``, ``supply``, ``tracks``: the position), then plays ``actions`` in
record form.  A draw the rules wait for is taken from the seeded stack unless the next action is a
``draw`` naming the tile.  Money set by the position counts as paid by or to the bank, so the money
account still adds up.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import IllegalAction, ScenarioError, said
from companion.games.five_actions.content.model import COLUMNS, ContentPack
from companion.games.five_actions.engine.actions import CODEC, Action, Draw, Start, kind_of, shown
from companion.games.five_actions.engine.board import LAYOUTS
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.state import census
from companion.i18n import N_
from companion.table.scenario import (
    REQUIRED_FIELD,
    Refusal,
    read_scenario_json,
    scenario_actions,
    started_game,
    whole_number,
)

__all__ = ["Scenario", "Refusal", "parse_scenario", "load_scenario", "run", "state_json", "MAX_SEED"]

#: The largest seed (the store keeps seeds of up to 64 bits; ours stay well below).
MAX_SEED = 999_999_999
#: The position fields of a player object.
POSITION = ("money", "ready", "columns", "supply", "tracks")


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario: the game after its position, and the actions to play."""

    game: Game
    actions: tuple[Action, ...]


def _counts(value: Any, field: str, known: tuple[str, ...] | list[str], high: int) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ScenarioError(
            field,
            said(N_("must be an object of {names}, not {shown}"), names=", ".join(known), shown=shown(value)),
        )
    out = {}
    for key, n in value.items():
        if key not in known:
            raise ScenarioError(f"{field}.{key}", said(N_("is not one of {names}"), names=", ".join(known)))
        out[key] = whole_number(n, f"{field}.{key}", 0, high)
    return out


def _players(data: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    if "players" not in data:
        raise ScenarioError("players", said(REQUIRED_FIELD))
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScenarioError(
            "players", said(N_("must be a list of player objects, not {shown}"), shown=shown(players))
        )
    out, starts = [], []
    for i, entry in enumerate(players):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ScenarioError(
                f"players[{i}]", said(N_("must be an object with a name, not {shown}"), shown=shown(entry))
            )
        if not isinstance(entry.get("start"), str):
            raise ScenarioError(
                f"players[{i}].start",
                said(N_("must be the starting Location, not {shown}"), shown=shown(entry.get("start"))),
            )
        for key in sorted(set(entry) - {"name", "start", *POSITION}):
            raise ScenarioError(
                f"players[{i}].{key}",
                said(N_("is not a player field (name, start, {fields})"), fields=", ".join(POSITION)),
            )
        out.append(entry)
        starts.append(entry["start"])
    return out, starts


def _position(game: Game, players: list[dict[str, Any]]) -> None:
    tracks = [t.id for t in game.content.board.tracks]
    for i, entry in enumerate(players):
        p = game.state.players[i]
        where = f"players[{i}]"
        if "money" in entry:
            money = whole_number(entry["money"], f"{where}.money", 0, 999)
            if money > p.money:
                p.earned += money - p.money
            else:
                p.paid += p.money - money
            p.money = money
        # Signal tokens and Action tiles a position moves come from / go to the box.
        if "ready" in entry:
            ready = whole_number(entry["ready"], f"{where}.ready", 0, 50)
            p.boxed += p.ready - ready
            p.ready = ready
        if "tracks" in entry:
            for track, n in _counts(entry["tracks"], f"{where}.tracks", tracks, 30).items():
                p.boxed += p.tracks[track] - n
                p.tracks[track] = n
        for part in ("columns", "supply"):
            if part in entry:
                held = getattr(p, part)
                for column, n in _counts(entry[part], f"{where}.{part}", COLUMNS, 12).items():
                    if part == "columns" and n > len(game.content.board.column(column).spaces):
                        raise ScenarioError(
                            f"{where}.columns.{column}",
                            said(
                                N_("the column has room for {room} tiles, not {n}"),
                                room=len(game.content.board.column(column).spaces),
                                n=n,
                            ),
                        )
                    p.spent[column] += held[column] - n
                    held[column] = n


def parse_scenario(data: Any, content: ContentPack) -> Scenario:
    """The game a scenario sets up, and its actions (not played yet).

    :raises ScenarioError: a malformed field (named), players or starts the rules refuse.
    """
    if not isinstance(data, dict):
        raise ScenarioError("<scenario>", said(N_("must be a JSON object, not {shown}"), shown=shown(data)))
    for key in sorted(set(data) - {"game", "layout", "seed", "players", "options", "actions", "comment"}):
        raise ScenarioError(
            key, said(N_("is not a scenario field (game, layout, seed, players, options, actions, comment)"))
        )
    if data.get("game", "five-actions") != "five-actions":
        raise ScenarioError(
            "game", said(N_('must be "five-actions", not {shown}'), shown=shown(data.get("game")))
        )
    layout = data.get("layout", "map" if content.has_map else "printed")
    if layout not in LAYOUTS:
        raise ScenarioError(
            "layout",
            said(
                N_("must be one of {layouts}, not {shown}"), layouts=", ".join(LAYOUTS), shown=shown(layout)
            ),
        )
    if layout == "map" and not content.has_map:
        raise ScenarioError(
            "layout", said(N_('the content pack {pack} has no map: use "printed"'), pack=content.id)
        )
    seed = whole_number(data.get("seed", 0), "seed", 0, MAX_SEED)
    players, starts = _players(data)
    start = Start(tuple(p["name"] for p in players), tuple(starts))
    game = started_game(Game, content, layout, seed, data.get("options"), start)
    _position(game, players)
    actions = scenario_actions(data.get("actions", []), CODEC, refused=Start)
    return Scenario(game, tuple(actions))


def load_scenario(path: str | Path, content: ContentPack) -> Scenario:
    """Read and parse a scenario file.  :raises ScenarioError: unreadable, not JSON (in every game's
    words: :func:`~companion.table.scenario.read_scenario_json`), malformed."""
    return parse_scenario(read_scenario_json(path), content)


def run(scenario: Scenario) -> Refusal | None:
    """Play the actions on a copy; apply them all only if none is refused.

    :returns: ``None`` (the game now holds them all) or the first refusal (the game unchanged).
    """
    game = scenario.game
    trial = Game(game.content, game.layout, game.seed, game.options)
    trial.state, trial.actions, trial.history = game.state.copy(), list(game.actions), list(game.history)
    for i, action in enumerate(scenario.actions):
        try:
            if not isinstance(action, Draw):
                while (draw := trial.next_draw()) is not None:
                    trial.play(draw)
            trial.play(action)
        except IllegalAction as exc:
            return Refusal.of(i, kind_of(action), exc)
    while (draw := trial.next_draw()) is not None:
        trial.play(draw)
    game.state, game.actions, game.history = trial.state, trial.actions, trial.history
    return None


def state_json(game: Game) -> dict[str, Any]:
    """The referee's JSON: ``ok``, the state and its census."""
    out: dict[str, Any] = {"ok": True, **game.state.to_json(), "census": census(game.state)}
    outcome = game.outcome()
    if outcome is not None:
        out["standings"] = [
            {"name": s.name, "points": s.points, "patent_icons": s.patent_icons, "total": s.total}
            for s in outcome.standings
        ]
    return out
