"""The state of a Five Actions game: plain data the rules change, copied whole for a checked play.

Source: ``seeds/five-actions-rules.txt``.  Every piece is somewhere, so a census adds up
(:func:`census`): a player's stations on the board or the map; Signal tokens on the Progress tracks,
in Ready, on the map or back in the box; Action tiles in the supply, in the columns or spent (to
the box); Credit tokens on the board or in the Credit area; Tycoon tiles in the stacks, the display
or a player's columns; Patent tiles in the pool or with a player.  Money comes from the bank and goes
back to it: :attr:`PlayerState.earned` and :attr:`PlayerState.paid` keep the account.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.errors import english
from companion.games.five_actions.engine.options import FiveOptions
from companion.table.table_options import options_json

__all__ = ["Phase", "PlayerState", "GameState", "Pending", "census"]


class Phase:
    """The game's phases (plain strings, JSON as they are)."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


@dataclass
class PlayerState:
    """One player's pieces.

    :ivar stations: Location key -> ``True`` when the station is Modulated side up.
    :ivar tokens: the Location keys holding one of the player's Signal tokens.
    :ivar columns, supply, spent: Action tiles in each column, in the supply, spent (by column).
    :ivar credits: the board's Credit token spaces still holding their token.
    :ivar tycoons: column -> the player's Tycoon tiles there, bottom (newest) first; the first
        :attr:`~companion.games.five_actions.content.model.Column.tycoon_spaces` are active.
    :ivar waiting: column -> the Patent waiting above it.
    :ivar activated: ``"column:box"`` -> ``[patent, side]`` slid onto that box; ``covered``: those a
        later Patent slid over (they keep their end icons).
    """

    name: str
    money: int
    stations_left: int
    tracks: dict[str, int]
    ready: int
    columns: dict[str, int]
    supply: dict[str, int]
    credits: list[str]
    stations: dict[str, bool] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)
    boxed: int = 0
    spent: dict[str, int] = field(default_factory=dict)
    tycoons: dict[str, list[str]] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    links: int = 0
    waiting: dict[str, str] = field(default_factory=dict)
    activated: dict[str, list[str]] = field(default_factory=dict)
    covered: list[list[str]] = field(default_factory=list)
    points: int = 0
    earned: int = 0
    paid: int = 0


@dataclass
class Pending:
    """A draw the rules wait for: ``refill`` the display at ``level``, or ``keep`` (the ``seat``
    took the top face-down tile of that level's stack: Funding, step 1)."""

    kind: str
    level: int
    seat: int | None = None


@dataclass
class GameState:
    """The whole table.

    :ivar names: printed board: each Location key's name as the table first wrote it.
    :ivar credit_area: row -> its spaces, each a seat or ``None`` (empty).
    :ivar stacks, display: level -> Tycoon tiles face down (top first) and face up.
    :ivar options: the table's readings where the rules are silent (docs/table-options.md).
    """

    layout: str
    seed: int
    phase: str = Phase.SETUP
    players: list[PlayerState] = field(default_factory=list)
    current: int = 0
    round: int = 1
    turns: int = 0
    credit_area: dict[str, list[int | None]] = field(default_factory=dict)
    stacks: dict[int, list[str]] = field(default_factory=dict)
    display: dict[int, list[str]] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    last: str = ""
    options: FiveOptions = field(default_factory=FiveOptions)

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def pieces_at(self, key: str) -> list[tuple[int, str]]:
        """Every piece on Location ``key``: ``(seat, "station" | "token")``."""
        out: list[tuple[int, str]] = []
        for seat, p in enumerate(self.players):
            if key in p.stations:
                out.append((seat, "station"))
            if key in p.tokens:
                out.append((seat, "token"))
        return out

    def to_json(self) -> dict[str, Any]:
        """The state as JSON (the referee's output)."""
        return {
            "layout": self.layout,
            "options": options_json(self.options),
            "phase": self.phase,
            "round": self.round,
            "current": self.current,
            "players": [
                {
                    "name": p.name,
                    "money": p.money,
                    "points": p.points,
                    "stations_left": p.stations_left,
                    "stations": dict(sorted(p.stations.items())),
                    "tokens": sorted(p.tokens),
                    "ready": p.ready,
                    "tracks": dict(p.tracks),
                    "boxed": p.boxed,
                    "columns": dict(p.columns),
                    "supply": dict(p.supply),
                    "credits": list(p.credits),
                    "tycoons": {k: list(v) for k, v in p.tycoons.items()},
                    "flags": list(p.flags),
                    "links": p.links,
                    "waiting": dict(p.waiting),
                    "activated": {k: list(v) for k, v in p.activated.items()},
                }
                for p in self.players
            ],
            "credit_area": {k: list(v) for k, v in self.credit_area.items()},
            "display": {str(k): list(v) for k, v in sorted(self.display.items())},
            "stacks": {str(k): len(v) for k, v in sorted(self.stacks.items())},
            "patents": list(self.pool),
            "pending": [{"kind": d.kind, "level": d.level, "seat": d.seat} for d in self.pending],
            "last": english(self.last),
        }


def census(state: GameState) -> dict[str, int]:
    """Counts of every kind of piece, wherever it is (the same all game long), and the money
    account (each player's money minus what the bank gave plus what they paid: their start)."""
    players = state.players
    tycoons = sum(len(v) for v in state.stacks.values()) + sum(len(v) for v in state.display.values())
    tycoons += sum(len(tiles) for p in players for tiles in p.tycoons.values())
    return {
        "stations": sum(p.stations_left + len(p.stations) for p in players),
        "signals": sum(sum(p.tracks.values()) + p.ready + len(p.tokens) + p.boxed for p in players),
        "tiles": sum(
            sum(p.columns.values()) + sum(p.supply.values()) + sum(p.spent.values()) for p in players
        ),
        "credits": sum(len(p.credits) for p in players)
        + sum(1 for row in state.credit_area.values() for s in row if s is not None),
        "tycoons": tycoons,
        "patents": len(state.pool) + sum(len(p.waiting) + len(p.activated) + len(p.covered) for p in players),
        "money": sum(p.money - p.earned + p.paid for p in players),
    }
