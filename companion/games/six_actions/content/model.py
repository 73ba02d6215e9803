"""The Six Actions' content pack as validated, frozen data (DESIGN.md, The core step 1).

Source: ``seeds/six-actions-rules.txt``.  What the excerpt states is rule code (the six actions,
the Strategy spaces and their costs, the 30 Cr first Loan, the 25 Cr Emergency Loan, 10 notes, the
50 Cr / 50 Asset Value / 7 Influence settlement: :mod:`companion.games.six_actions.engine.rules`).
Everything it leaves out is here, **our decision**, and the default pack
(``companion/games/six_actions/content/default.toml``) is a SAMPLE, not the printed game's numbers:

- :class:`Setup`: players, starting money, Promoters and Influence, cards dealt, the open Industry
  cards, what a Share's "gain 2 per opponent share" gains;
- leader levels (steps on a sector's track for each level), the share values of each player, the
  Finance track's loan levels;
- the Industry cards, the Policies, the Merit deck;
- the map (cities, regions, golden roads, metros), which a pack may omit: a table with the printed
  board then names the city and counts the road itself (the ``printed`` layout).

Money is in Cr (whole numbers).  Field paths in :class:`~companion.errors.ContentError` follow the
TOML structure with zero-based indices (``industries[3].icons[1]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import _, ngettext
from companion.table.pack_fields import MapContent, by_id

__all__ = [
    "SECTORS",
    "LEVEL_SECTORS",
    "ROAD_SECTORS",
    "SHARE_GAINS",
    "Reward",
    "Industry",
    "Policy",
    "Merit",
    "City",
    "Region",
    "GameMap",
    "Setup",
    "ContentPack",
]

#: The five sectors of the excerpt's Build table (Build, step 2).
SECTORS = ("minerals", "fuel", "agro", "power", "transport")
#: Sectors whose icon costs 2 Cr x the leader's level.
LEVEL_SECTORS = ("minerals", "fuel", "agro")
#: Sectors whose icon costs 1 Cr per city along the golden road from the active metro.
ROAD_SECTORS = ("power", "transport")
#: What a Share's "gain 2 per opponent share" gains (our decision; the excerpt does not say).
SHARE_GAINS = ("influence", "money")


@dataclass(frozen=True)
class Reward:
    """A bonus: Cr from the supply, Influence, Promoters to the hand, Merit cards drawn."""

    money: int = 0
    influence: int = 0
    promoters: int = 0
    merit: int = 0

    def __bool__(self) -> bool:
        return bool(self.money or self.influence or self.promoters or self.merit)

    def words(self) -> str:
        """``"5 Cr, 2 Influence"`` (``"nothing"`` when empty)."""
        parts = [
            _("{n} Cr").format(n=self.money) if self.money else "",
            _("{n} Influence").format(n=self.influence) if self.influence else "",
            _("{n} Promoters").format(n=self.promoters) if self.promoters else "",
            ngettext("{n} Merit card", "{n} Merit cards", self.merit).format(n=self.merit)
            if self.merit
            else "",
        ]
        return ", ".join(p for p in parts if p) or _("nothing")


@dataclass(frozen=True)
class Industry:
    """An Industry card (Build).

    :ivar icons: the sector icons at the bottom of the card, each paid for (one of :data:`SECTORS`).
    :ivar asset_value: its Asset Value (its owner's once built; 2 x this buys it at Administration).
    :ivar steps: ``(sector, steps)`` gained on the sector tracks when it is built.
    :ivar influence: Influence gained when it is built.
    """

    id: str
    name: str
    icons: tuple[str, ...]
    asset_value: int
    steps: tuple[tuple[str, int], ...]
    influence: int


@dataclass(frozen=True)
class Policy:
    """A Policy: the Promoters that come with it (Lobby) and its Politics bonus (Politics)."""

    id: str
    name: str
    promoters: int
    politics: Reward


@dataclass(frozen=True)
class Merit:
    """A Merit card: secret; its effect is the table's, entered as a ledger adjustment."""

    id: str
    name: str
    text: str


@dataclass(frozen=True)
class City:
    """A city of the map: one plant of any player; a metro can hold the pawn."""

    id: str
    name: str
    region: str
    metro: bool
    bonus: Reward


@dataclass(frozen=True)
class Region:
    """A region: its bonus goes to each player's first plant in it (our decision)."""

    id: str
    name: str
    bonus: Reward


@dataclass(frozen=True)
class GameMap:
    """The board: cities, regions and the golden roads (pairs of city ids, both ways)."""

    cities: tuple[City, ...]
    regions: tuple[Region, ...]
    roads: tuple[tuple[str, str], ...]

    def city(self, city_id: str) -> City | None:
        return by_id(self.cities, city_id)

    def region(self, region_id: str) -> Region | None:
        return by_id(self.regions, region_id)

    def road_cities(self, start: str, end: str) -> int | None:
        """Cities along the shortest golden road from ``start`` to ``end``, both counted (1 when they
        are the same city), or ``None`` when no golden road joins them."""
        if start == end:
            return 1
        seen, frontier, count = {start}, [start], 1
        while frontier:
            count += 1
            nxt = []
            for here in frontier:
                for a, b in self.roads:
                    other = b if a == here else a if b == here else None
                    if other is None or other in seen:
                        continue
                    if other == end:
                        return count
                    seen.add(other)
                    nxt.append(other)
            frontier = nxt
        return None


@dataclass(frozen=True)
class Setup:
    """Players and what each starts with (our decisions).

    :ivar money, promoters, influence: each player's start (Cr, Promoters in hand, Influence).
    :ivar industries, policies: cards dealt to each player at setup (a starting Policy gives nothing
        at setup: its Politics bonus only comes with Politics).
    :ivar open_industries: Industry cards open to buy (Administration: buy an Industry).
    :ivar share_gain: what a Share's "gain 2 per opponent share" gains (:data:`SHARE_GAINS`).
    """

    min_players: int
    max_players: int
    money: int
    promoters: int
    influence: int
    industries: int
    policies: int
    open_industries: int
    share_gain: str


@dataclass(frozen=True)
class ContentPack(MapContent):
    """A validated pack.

    :ivar id: ``"name@version"``; :ivar digest: a revision of the file's text (12 hex digits).
    :ivar sample: the pack says its numbers are a sample, not the printed game's.
    :ivar leader_levels: steps on a sector's track for level 1, 2, ... (ascending): the leader is the
        player with the most steps, at least ``leader_levels[0]``.
    :ivar shares: each player's share values (Cr), cheapest first.
    :ivar finance: the Loan's money at Finance steps 1, 2, ... (ascending, each above 30 Cr).
    :ivar game_map: ``None`` when the pack has no map (only the printed layout).
    """

    id: str
    title: str
    sample: bool
    digest: str
    setup: Setup
    leader_levels: tuple[int, ...]
    shares: tuple[int, ...]
    finance: tuple[int, ...]
    industries: tuple[Industry, ...]
    policies: tuple[Policy, ...]
    merits: tuple[Merit, ...]
    game_map: GameMap | None

    def industry(self, card: str) -> Industry | None:
        return by_id(self.industries, card)

    def policy(self, card: str) -> Policy | None:
        return by_id(self.policies, card)

    def merit(self, card: str) -> Merit | None:
        return by_id(self.merits, card)
