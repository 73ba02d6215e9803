"""What the screens and the terminal read of a Five Actions game: frozen views, no rules.

Source: issue 13, item 4 (a panel per player: money, stations left, Ready tokens, Action tiles per
column, Credit tokens, Tycoons, Patents; the map with every piece).  :func:`table_view` builds a
:class:`TableView` from a :class:`~companion.games.five_actions.engine.game.Game`; every figure is
public (the game has no secret).  :class:`BoxQuote` says what each box costs the current player now.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import COLUMNS, ContentPack
from companion.games.five_actions.engine import economy as eco
from companion.games.five_actions.engine.board import distance, follow
from companion.games.five_actions.engine.game import Game, Standing
from companion.games.five_actions.engine.state import Phase
from companion.i18n import _

__all__ = ["ColumnView", "PlayerPanel", "LocationView", "BoxQuote", "SignalPath", "TableView", "table_view",
           "Preview", "SupplyNeeds", "TycoonOffer", "tycoon_offer"]


@dataclass(frozen=True)
class ColumnView:
    """One Action-tile column of a player: tiles in it, the Patent waiting above it, the Patents slid
    onto its boxes (``(box, patent, side)``), its active Tycoon tiles."""

    column: str
    tiles: int
    supply: int
    waiting: str | None
    activated: tuple[tuple[str, str, str], ...]
    tycoons: tuple[str, ...]


@dataclass(frozen=True)
class PlayerPanel:
    """One player's public figures."""

    seat: int
    name: str
    money: int
    points: int
    stations_left: int
    stations: tuple[tuple[str, bool], ...]
    tokens: tuple[str, ...]
    ready: int
    tracks: tuple[tuple[str, int], ...]
    columns: tuple[ColumnView, ...]
    credits: tuple[str, ...]
    tycoons: int
    factories: int
    scientists: int
    patents: int
    flags: tuple[str, ...]
    links: int
    is_current: bool


@dataclass(frozen=True)
class LocationView:
    """A map Location (or a printed one the table has named) and its pieces
    ``(seat, "station" | "modulated" | "token")``."""

    id: str
    name: str
    row: int | None
    col: int | None
    ocean: bool
    reward: str | None
    bonus: str
    pieces: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class BoxQuote:
    """What a box costs the current player now: dollars on the empty spaces up to it, or why not."""

    column: str
    box: str
    dollars: int
    ok: bool
    reason: str


@dataclass(frozen=True)
class SignalPath:
    """Map only: where a signal from the current player's station on ``station`` would go along
    ``line`` in ``direction`` (``reached``: at most 2 Locations; ``lost``: why the others are lost,
    ``""`` when none is).  ``modulated``: the station's side (Modulation, else Transmission)."""

    station: str
    modulated: bool
    line: str
    direction: str
    reached: tuple[str, ...]
    lost: str


@dataclass(frozen=True)
class TableView:
    """The whole table.  ``pending_draw``: the level of the Tycoon stack a physical table must say
    the drawn tile of, else ``None``; ``quotes``: every box of every column for the current player;
    ``reachable`` (map only): the Locations orthogonally next to the current player's pieces where
    they have no station and that are not ocean; ``signals`` (map only): every line a signal from
    each of their stations may follow."""

    phase: str
    layout: str
    has_map: bool
    round: int
    current: int | None
    players: tuple[PlayerPanel, ...]
    locations: tuple[LocationView, ...]
    lines: tuple[tuple[str, tuple[str, ...]], ...]
    display: tuple[tuple[int, tuple[str, ...]], ...]
    stacks: tuple[tuple[int, int], ...]
    credit_rows: tuple[tuple[str, tuple[tuple[str, int | None], ...]], ...]
    patents: tuple[str, ...]
    pending_draw: int | None
    quotes: tuple[BoxQuote, ...]
    reachable: tuple[str, ...]
    signals: tuple[SignalPath, ...]
    can_undo: bool
    undo_reason: str
    message: str
    standings: tuple[Standing, ...]
    face_down_any: bool = False


@dataclass(frozen=True)
class TycoonOffer:
    """The Tycoon tiles a Funding may take once its Credit token is placed: ``active`` Tycoons then,
    the face-up tiles (ids) and the face-down stacks (levels) allowed.  None allowed: the player
    takes no tile and gains dollars instead (Funding, step 2)."""

    active: int
    face_up: frozenset[str]
    stacks: frozenset[int]

    @property
    def any(self) -> bool:
        return bool(self.face_up or self.stacks)


def tycoon_offer(view: TableView, content: ContentPack, credit: str, row: str) -> TycoonOffer:
    """What the current player of ``view`` may take by Funding with Credit token ``credit`` placed
    on Credit row ``row``: a tile of a level up to their active Tycoons (the token may uncover one,
    the row may count as one; a face-down tile of any level with the table option
    ``face_down_level = "any"``), as the engine checks it (Funding)."""
    player = next((p for p in view.players if p.is_current), None)
    active = player.tycoons if player is not None else 0
    active += sum(1 for c in content.board.credits if c.id == credit and c.uncovers == "tycoon")
    active += sum(1 for r in content.credit_rows if r.id == row and r.icon == "tycoon")
    if active == 0:
        return TycoonOffer(0, frozenset(), frozenset())
    face_up = frozenset(t for lv, tiles in view.display if lv <= active for t in tiles)
    stacks = frozenset(lv for lv, n in view.stacks if n and (view.face_down_any or lv <= active))
    return TycoonOffer(active, face_up, stacks)


@dataclass(frozen=True)
class Preview:
    """What an action would do, without doing it: ``ok`` and the sentence it would say, or the
    ``reason`` it is refused; ``money``: each player's dollars after it."""

    ok: bool
    reason: str
    said: str
    money: tuple[int, ...]


@dataclass(frozen=True)
class SupplyNeeds:
    """What a Supply with a Credit token from ``credit`` onto ``row`` asks of the table (Supply):
    ``tiles``, how many Action tiles to name (2 + 1 per active Factory, the new token counted, fewer
    if the supply or the columns' room has fewer); ``patents``, the Patents that may be taken when
    one is earned (empty: none is earned, or none may be taken); ``reason``, why that Credit token
    cannot go there (then ``tiles`` is 0)."""

    tiles: int
    patents: tuple[str, ...]
    reason: str = ""


def _quotes(game: Game) -> tuple[BoxQuote, ...]:
    state, content = game.state, game.content
    if state.phase != Phase.PLAY or not state.players:
        return ()
    p = state.players[state.current]
    out = []
    for column in COLUMNS:
        col = content.board.column(column)
        for box, spaces in (("basic", col.basic), ("advanced", col.advanced), ("patent", len(col.spaces))):
            dollars = eco.box_dollars(content, p, column, spaces, state.options)
            reason = ""
            if box == "patent" and column not in p.waiting:
                reason = _("no Patent waits above the column")
            elif p.columns[column] < 1:
                reason = _("no Action tile in the column")
            elif dollars > p.money:
                reason = _("costs ${dollars}, {name} has ${money}").format(dollars=dollars, name=p.name,
                                                                          money=p.money)
            out.append(BoxQuote(column, box, dollars, not reason, reason))
    return tuple(out)


def _paths(game: Game) -> tuple[tuple[str, ...], tuple[SignalPath, ...]]:
    state, game_map = game.state, game.content.game_map
    if state.phase != Phase.PLAY or state.layout != "map" or game_map is None:
        return (), ()
    p = state.players[state.current]
    mine = [loc for loc in game_map.locations if loc.id in p.stations or loc.id in p.tokens]
    foothold = state.options.own_token_site == "foothold"
    reachable = tuple(
        loc.id
        for loc in game_map.locations
        if not loc.ocean
        and loc.id not in p.stations
        and ((foothold and loc.id in p.tokens) or any(distance(loc, m) == 1 for m in mine))
    )
    paths = []
    for station, modulated in sorted(p.stations.items()):
        for line in game_map.lines:
            if all(s.location != station for s in line.path):
                continue
            for direction in ("forward", "back"):
                try:
                    path = follow(game_map, line.id, station, direction)
                except IllegalAction:
                    continue
                paths.append(SignalPath(station, modulated, line.id, direction, path.reached, path.lost))
    return reachable, tuple(paths)


def table_view(game: Game, message: str = "") -> TableView:
    """The view of ``game`` as it stands; ``message``: the last sentence for the table."""
    state, content = game.state, game.content
    panels = []
    for seat, p in enumerate(state.players):
        columns = tuple(
            ColumnView(
                c.id,
                p.columns[c.id],
                p.supply[c.id],
                p.waiting.get(c.id),
                tuple(
                    (k.split(":")[1], v[0], v[1]) for k, v in p.activated.items() if k.startswith(f"{c.id}:")
                ),
                tuple(p.tycoons[c.id][: c.tycoon_spaces]),
            )
            for c in content.board.columns
        )
        panels.append(
            PlayerPanel(
                seat,
                p.name,
                p.money,
                p.points,
                p.stations_left,
                tuple(sorted(p.stations.items())),
                tuple(sorted(p.tokens)),
                p.ready,
                tuple(p.tracks.items()),
                columns,
                tuple(p.credits),
                eco.active(content, state, seat, "tycoon"),
                eco.active(content, state, seat, "factory"),
                eco.active(content, state, seat, "scientist"),
                len(eco.patents_owned(p)),
                tuple(p.flags),
                p.links,
                state.phase == Phase.PLAY and seat == state.current,
            )
        )

    def pieces(key: str) -> tuple[tuple[int, str], ...]:
        out = []
        for seat, kind in state.pieces_at(key):
            modulated = kind == "station" and state.players[seat].stations[key]
            out.append((seat, "modulated" if modulated else kind))
        return tuple(out)

    if state.layout == "map" and content.game_map is not None:
        locations = tuple(
            LocationView(
                loc.id, loc.name, loc.row, loc.col, loc.ocean, loc.reward, loc.bonus.said(), pieces(loc.id)
            )
            for loc in content.game_map.locations
        )
        lines = tuple((ln.id, tuple(s.location for s in ln.path)) for ln in content.game_map.lines)
    else:
        locations = tuple(
            LocationView(key, name, None, None, False, None, "", pieces(key))
            for key, name in sorted(state.names.items())
        )
        lines = ()
    outcome = game.outcome()
    why = game.undo_reason()
    reachable, signals = _paths(game)
    return TableView(
        phase=state.phase,
        layout=state.layout,
        has_map=content.has_map,
        round=state.round,
        current=state.current if state.phase == Phase.PLAY else None,
        players=tuple(panels),
        locations=locations,
        lines=lines,
        display=tuple((lv, tuple(t)) for lv, t in sorted(state.display.items())),
        stacks=tuple((lv, len(t)) for lv, t in sorted(state.stacks.items())),
        credit_rows=tuple(
            (row.id, tuple(zip(row.spaces, state.credit_area[row.id], strict=True)))
            for row in content.credit_rows
        ),
        patents=tuple(state.pool),
        pending_draw=state.pending[0].level if state.pending else None,
        quotes=_quotes(game),
        reachable=reachable,
        signals=signals,
        can_undo=why is None,
        undo_reason=why or "",
        message=message,
        standings=outcome.standings if outcome is not None else (),
        face_down_any=state.options.face_down_level == "any",
    )
