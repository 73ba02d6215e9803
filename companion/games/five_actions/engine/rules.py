"""The referee: each action's check and effect, once (``seeds/five-actions-rules.txt``).

:func:`apply_action` checks and applies one action to a :class:`GameState` (a copy, when
:meth:`Game.play <companion.games.five_actions.engine.game.Game.play>` calls it): an
:class:`~companion.errors.IllegalAction` names the rule it breaks.  Costs, the Credit area and
active icons are :mod:`companion.games.five_actions.engine.economy`'s; lines and patterns
:mod:`companion.games.five_actions.engine.board`'s.

Our decisions where the excerpt is silent (docs/five-actions.md lists them): each player's first
station starts on their starting Location (Unmodulated, no bonus, no tokens); a target Location where
the player already has a Signal token gets none (at most one token per player per Location): that
token returns to the box, and the signal still counts the Location as one of its two; a lost
Location counts as empty for Basic; an Advanced box may always be chosen; building on one's own
Signal token needs another piece adjacent; a face-down Tycoon is of a level one could take face up;
the table ends the game after any turn (each a table option: docs/table-options.md); the Permanent
Links marker at the end of its track moves no further; the Tycoon display is refilled from the same
level's stack.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import COLUMNS, Bonus, ContentPack
from companion.games.five_actions.engine import economy as eco
from companion.games.five_actions.engine.actions import (
    Action,
    Draw,
    EndGame,
    Fund,
    Install,
    Modulate,
    Pass,
    Start,
    Supply,
    Transmit,
)
from companion.games.five_actions.engine.board import distance, follow, key_of, pattern_targets
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.state import GameState, Pending, Phase, PlayerState
from companion.table.seat_names import names_problem

__all__ = ["new_state", "apply_action", "start_taken_by", "MAX_NAME"]

#: The longest player name.
MAX_NAME = 20


def new_state(content: ContentPack, layout: str, seed: int, options: FiveOptions | None = None) -> GameState:
    """A game before :class:`Start`: each level's Tycoon stack shuffled by ``seed`` (each draw is
    still a recorded :class:`Draw`, so a table may draw its own)."""
    rng = random.Random(seed)
    stacks: dict[int, list[str]] = {}
    for level in sorted({t.level for t in content.tycoons}):
        tiles = [t.id for t in content.tycoons if t.level == level]
        rng.shuffle(tiles)
        stacks[level] = tiles
    return GameState(
        layout=layout,
        seed=seed,
        stacks=stacks,
        display={lv: [] for lv in stacks},
        pool=[p.id for p in content.patents],
        credit_area={row.id: [None] * len(row.spaces) for row in content.credit_rows},
        options=options or FiveOptions(),
    )


def apply_action(content: ContentPack, state: GameState, action: Action) -> None:
    """Check and apply ``action`` (not an undo: the game does those).

    :raises IllegalAction: the rule it breaks; ``state`` may then be half changed (play a copy).
    """
    if isinstance(action, Start):
        _start(content, state, action)
        return
    if state.phase == Phase.SETUP:
        raise IllegalAction("the game has not started: the table names the players first")
    if state.phase == Phase.OVER:
        raise IllegalAction("the game is over")
    if isinstance(action, Draw):
        _draw(content, state, action)
        return
    if state.pending:
        d = state.pending[0]
        raise IllegalAction(
            f"first the Tycoon tile drawn from the level-{d.level} stack "
            f"({'to refill the display' if d.kind == 'refill' else 'the player keeps'})"
        )
    if isinstance(action, EndGame):
        if state.options.game_end == "round_end" and state.current != 0:
            first = state.players[0].name
            raise IllegalAction(
                f"the game ends at a round's end (table option game_end): every player has as many "
                f"turns, so {state.players[state.current].name} plays on until {first} is next"
            )
        state.phase = Phase.OVER
        state.last = "The game is over: activated Patents give their icons."
        return
    p = state.players[state.current]
    if isinstance(action, Install):
        _install(content, state, p, action)
    elif isinstance(action, (Transmit, Modulate)):
        _signal(content, state, p, action)
    elif isinstance(action, Fund):
        _fund(content, state, p, action)
    elif isinstance(action, Supply):
        _supply(content, state, p, action)
    elif isinstance(action, Pass):
        state.last = f"{p.name} passes."
    else:
        raise IllegalAction(f"{type(action).__name__} is not an action of this game")
    _next_turn(state)


def _next_turn(state: GameState) -> None:
    """Your turn: one action each, clockwise; the first player never changes."""
    state.turns += 1
    state.current = (state.current + 1) % len(state.players)
    if state.current == 0:
        state.round += 1


# ---------------------------------------------------------------- setup and chance


def _start(content: ContentPack, state: GameState, action: Start) -> None:
    setup = content.setup
    if state.phase != Phase.SETUP:
        raise IllegalAction("the game has already started")
    names = action.names
    if not setup.min_players <= len(names) <= setup.max_players:
        raise IllegalAction(
            f"this pack is for {setup.min_players} to {setup.max_players} players, not {len(names)}"
        )
    problem = names_problem(names, MAX_NAME)
    if problem is not None:
        raise IllegalAction(problem)
    if len(action.starts) != len(names):
        raise IllegalAction(
            f"each player needs a starting Location ({len(names)} players, {len(action.starts)} given)"
        )
    chosen: list[tuple[str, str]] = []
    for name, start in zip(names, action.starts, strict=True):
        key = _key(content, state, start, station=True)
        taken = start_taken_by(content, state.layout, chosen, start)
        if taken is not None:
            raise IllegalAction(f"{_label(content, state, key)} is {taken}'s starting Location: "
                                "each player starts on a Location of their own")
        chosen.append((name.strip(), start))
        state.players.append(
            PlayerState(
                name=name.strip(),
                money=setup.money,
                stations_left=content.board.stations - 1,
                tracks={t.id: t.tokens for t in content.board.tracks},
                ready=setup.ready,
                columns=dict(setup.column_tiles),
                supply=dict(setup.supply_tiles),
                credits=[c.id for c in content.board.credits],
                stations={key: False},
                spent={c: 0 for c in COLUMNS},
                tycoons={c: [] for c in COLUMNS},
            )
        )
    for level in sorted(state.stacks):
        for _ in range(min(setup.display, len(state.stacks[level]))):
            state.pending.append(Pending("refill", level))
    state.phase = Phase.PLAY
    state.last = f"{names[0]} plays first."


def _draw(content: ContentPack, state: GameState, action: Draw) -> None:
    if not state.pending:
        raise IllegalAction("no Tycoon tile is to be drawn now")
    d = state.pending[0]
    if action.level != d.level:
        raise IllegalAction(f"the draw is from the level-{d.level} stack, not level {action.level}")
    stack = state.stacks[d.level]
    if action.tycoon not in stack:
        raise IllegalAction(f"{content.tycoon_name(action.tycoon)!r} is not in the level-{d.level} stack")
    stack.remove(action.tycoon)
    state.pending.pop(0)
    if d.kind == "refill":
        state.display[d.level].append(action.tycoon)  # the last sentence stays the action's
        return
    assert d.seat is not None
    _take_tycoon(content, state, d.seat, action.tycoon)


def _take_tycoon(content: ContentPack, state: GameState, seat: int, ident: str) -> None:
    """Funding, steps 1 and 2: the tile at the bottom of its column (the others pushed up), then
    $2 plus $1 per active Tycoon, the new one counted."""
    p = state.players[seat]
    tile = content.tycoon(ident)
    assert tile is not None
    p.tycoons[tile.column].insert(0, ident)
    money = 2 + eco.active(content, state, seat, "tycoon")
    eco.gain(p, money)
    state.last = (
        f"{p.name} takes the Tycoon {content.tycoon_name(ident)} into the {tile.column} column and "
        f"gains ${money} (Funding)."
    )


# ---------------------------------------------------------------- Locations


def start_taken_by(content: ContentPack, layout: str, chosen: Sequence[tuple[str, str]],
                   start: str) -> str | None:
    """Who of ``chosen`` (``(name, start)`` pairs, in seat order) already starts on ``start``, else
    ``None``: each player starts on a Location of their own (docs/five-actions.md, our decision).  The
    engine's setup refuses such a start; the terminal asks again.  A name is compared as the engine
    keys it: the map's Location (name or id) or the printed name (any spelling)."""
    def key(name: str) -> str:
        if layout == "map" and content.game_map is not None:
            loc = content.game_map.location(name)
            return loc.id if loc is not None else name
        return key_of(name)

    wanted = key(start)
    return next((who for who, where in chosen if key(where) == wanted), None)


def _key(content: ContentPack, state: GameState, name: str, station: bool = False) -> str:
    """The key of a named Location: the map's id, or the printed name's key."""
    game_map = content.game_map
    if state.layout == "map":
        assert game_map is not None
        loc = game_map.location(name)
        if loc is None:
            raise IllegalAction(f"there is no Location {name!r} on the map")
        if station and loc.ocean:
            raise IllegalAction(f"{loc.name} is an ocean space: no station goes there (Installation)")
        return loc.id
    key = key_of(name)
    if not key or len(key) > 40:
        raise IllegalAction(f"a Location's name has 1 to 40 characters, not {name!r}")
    state.names.setdefault(key, " ".join(name.split()))
    return key


def _label(content: ContentPack, state: GameState, key: str) -> str:
    if content.game_map is not None and state.layout == "map":
        loc = content.game_map.location(key)
        return loc.name if loc is not None else key
    return state.names.get(key, key)


def _occupant(content: ContentPack, state: GameState, key: str) -> str | None:
    """A piece the referee knows on ``key``, in words, or ``None``."""
    pieces = state.pieces_at(key)
    if not pieces:
        return None
    seat, kind = pieces[0]
    return f"{state.players[seat].name}'s {'station' if kind == 'station' else 'Signal token'}"


def _empty(content: ContentPack, state: GameState, key: str, told: bool | None) -> bool:
    """Whether ``key`` holds no piece at all: the referee's own knowledge with the map; on the printed
    board the table says, and is refused when it says empty where the referee knows a piece."""
    known = _occupant(content, state, key)
    if state.layout == "map":
        return known is None
    if told is None:
        raise IllegalAction(f"say whether {_label(content, state, key)} is empty (the printed board)")
    if told and known is not None:
        raise IllegalAction(f"{_label(content, state, key)} is not empty: it holds {known}")
    return told


# ---------------------------------------------------------------- the five actions


def _install(content: ContentPack, state: GameState, p: PlayerState, a: Install) -> None:
    key = _key(content, state, a.location, station=True)
    where = _label(content, state, key)
    game_map = content.game_map if state.layout == "map" else None
    if p.stations_left < 1:
        raise IllegalAction(f"{p.name} has no Wireless Station left (Installation)")
    if key in p.stations:
        raise IllegalAction(
            f"{p.name} already has a station on {where}: one station per Location (Installation)"
        )
    use = eco.box_use(content, p, "installation", a.box, a.side)
    reach = 2 if use.effect is not None and use.effect.effect == "reach" else 1
    if game_map is not None:
        if a.empty is not None or a.reward is not None or a.bonus:
            raise IllegalAction(
                "with the map the referee knows the Location: leave empty, reward and bonus out"
            )
        loc = game_map.location(key)
        assert loc is not None
        mine = [game_map.location(k) for k in [*p.stations, *p.tokens]]
        foothold = state.options.own_token_site == "foothold" and key in p.tokens
        if not foothold and not any(m is not None and 1 <= distance(loc, m) <= reach for m in mine):
            what = "orthogonally adjacent to" if reach == 1 else "at most 2 spaces from"
            raise IllegalAction(
                f"{where} is not {what} a Location where {p.name} has a station or a "
                f"Signal token (Installation)"
            )
        reward, bonus = loc.reward, loc.bonus
    else:
        if a.reward is not None and a.reward not in p.tracks:
            raise IllegalAction(f"no Progress track {a.reward!r} (tracks: {', '.join(p.tracks)})")
        if not 0 <= a.bonus <= 20:
            raise IllegalAction(f"a Location's bonus is $0 to $20, not ${a.bonus}")
        reward, bonus = a.reward, Bonus(money=a.bonus)
    empty = _empty(content, state, key, a.empty)
    paid = eco.pay_box(content, p, "installation", use, state.options)
    words = [
        f"{p.name} builds on {where} ({use.level}, "
        f"{'Modulated' if use.level == 'advanced' else 'Unmodulated'}, ${paid})"
    ]
    if key in p.tokens:
        words.append("no bonus: the Signal token there had it already")
    elif bonus:
        words.append(f"bonus: {eco.give_bonus(content, p, bonus)}")
    if reward is not None:
        moved = min(2 + (1 if empty else 0), p.tracks[reward])
        p.tracks[reward] -= moved
        p.ready += moved
        words.append(f"{moved} Signal token{'s' if moved != 1 else ''} from {reward} to Ready")
    p.stations[key] = use.level == "advanced"
    p.stations_left -= 1
    _patent_tile(content, p, use, words)
    state.last = "; ".join(words) + "."


def _signal(content: ContentPack, state: GameState, p: PlayerState, a: Transmit | Modulate) -> None:
    modulating = isinstance(a, Modulate)
    column = "modulation" if modulating else "transmission"
    action = "Modulation" if modulating else "Transmission"
    key = _key(content, state, a.station)
    where = _label(content, state, key)
    if key not in p.stations:
        raise IllegalAction(f"{p.name} has no station on {where} ({action})")
    if p.stations[key] != modulating:
        side = "Modulated" if modulating else "Unmodulated"
        raise IllegalAction(
            f"{action} goes from one of {p.name}'s {side} stations; the one on {where} is "
            f"{'Modulated' if p.stations[key] else 'Unmodulated'} ({action})"
        )
    if p.ready < 2:
        raise IllegalAction(
            f"{p.name} needs 2 Signal tokens in Ready, even if only one can be placed, "
            f"and has {p.ready} ({action})"
        )
    use = eco.box_use(content, p, column, a.box, a.side)
    targets, lost, told = _targets(
        content, state, key, a, use.effect is not None and use.effect.effect == "pattern"
    )
    empties = [_empty(content, state, t, e) for t, e in zip(targets, told, strict=True)]
    if use.level == "basic" and not all(empties):
        full = next(_label(content, state, t) for t, e in zip(targets, empties, strict=True) if not e)
        raise IllegalAction(
            f"a Basic Action only if both Locations are empty, and {full} is occupied: "
            f"choose the Advanced box ({action})"
        )
    if use.level == "advanced" and state.options.advanced_needs_occupied and all(empties):
        raise IllegalAction(
            f"an Advanced Action only if at least one Location is occupied (table option "
            f"advanced_needs_occupied), and both are empty: choose the Basic box ({action})"
        )
    paid = eco.pay_box(content, p, column, use, state.options)
    p.ready -= 2
    words = [f"{p.name} sends a signal from {where} ({use.level}, ${paid})"]
    bonuses = a.bonus if state.layout == "printed" else ()
    for i, t in enumerate(targets):
        label = _label(content, state, t)
        if t in p.tokens:
            p.boxed += 1
            words.append(f"{label}: {p.name} has a Signal token there already, this one returns to the box")
            continue
        had = t in p.stations
        p.tokens.append(t)
        bonus = _bonus_at(content, state, t, bonuses[i] if i < len(bonuses) else 0)
        if had or not bonus:
            words.append(
                f"token on {label}" + (" (no bonus: a piece there already)" if had and bonus else "")
            )
        else:
            words.append(f"token on {label}, bonus: {eco.give_bonus(content, p, bonus)}")
    lost_count = 2 - len(targets)
    if lost_count:
        p.boxed += lost_count
        words.append(f"{lost_count} token returns to the box: {lost}")
    if modulating:
        if p.links < len(content.links):
            p.links += 1
            words.append(
                f"Permanent Links space {p.links}: {eco.give_bonus(content, p, content.links[p.links - 1])}"
            )
        else:
            words.append("the Permanent Links marker is at the end of its track")
    _patent_tile(content, p, use, words)
    state.last = "; ".join(words) + "."


def _targets(
    content: ContentPack, state: GameState, station: str, a: Transmit | Modulate, pattern: bool
) -> tuple[list[str], str, list[bool | None]]:
    """The Locations the signal reaches, why the others are lost, and what the table said of each."""
    action = "Modulation" if isinstance(a, Modulate) else "Transmission"
    if state.layout == "map":
        game_map = content.game_map
        assert game_map is not None
        if a.empty or a.bonus:
            raise IllegalAction("with the map the referee knows the Locations: leave empty and bonus out")
        if pattern:
            wanted = tuple(_key(content, state, n) for n in a.locations)
            loc = game_map.location(station)
            assert loc is not None
            shape = _pattern(content, state.players[state.current], a)
            path = pattern_targets(game_map, loc, shape, wanted)
        else:
            if a.line is None or a.direction not in ("forward", "back"):
                raise IllegalAction(f"name the line and the direction (forward or back) to follow ({action})")
            path = follow(game_map, a.line, station, a.direction)
            if a.locations and tuple(_key(content, state, n) for n in a.locations) != path.reached:
                reached = ", ".join(_label(content, state, t) for t in path.reached)
                raise IllegalAction(
                    f"along the {a.line} line the signal reaches {reached}, not "
                    f"{', '.join(a.locations)} (Placing Signal tokens)"
                )
        return list(path.reached), path.lost, [None] * len(path.reached)
    if not 1 <= len(a.locations) <= 2:
        raise IllegalAction(f"name the 1 or 2 Locations the signal reaches (1: the other is lost) ({action})")
    if len(a.empty) != len(a.locations):
        raise IllegalAction(
            f"say whether each of the {len(a.locations)} Locations is empty (the printed board)"
        )
    if a.bonus and (len(a.bonus) != len(a.locations) or any(not 0 <= b <= 20 for b in a.bonus)):
        raise IllegalAction("give each Location's bonus in dollars ($0 to $20), one per Location")
    keys = [_key(content, state, n) for n in a.locations]
    if len(set(keys)) != len(keys) or station in keys:
        raise IllegalAction("the signal goes on along the line: two different Locations, not the station's")
    lost = "" if len(keys) == 2 else "the line ends at a red arrow or a V connection (Lost signal)"
    return keys, lost, list(a.empty)


def _pattern(content: ContentPack, p: PlayerState, a: Transmit | Modulate) -> tuple[tuple[int, int], ...]:
    column = "modulation" if isinstance(a, Modulate) else "transmission"
    use = eco.box_use(content, p, column, a.box, a.side)
    assert use.effect is not None
    return use.effect.pattern


def _bonus_at(content: ContentPack, state: GameState, key: str, dollars: int) -> Bonus:
    if state.layout == "map" and content.game_map is not None:
        loc = content.game_map.location(key)
        return loc.bonus if loc is not None else Bonus()
    return Bonus(money=dollars)


def _patent_tile(content: ContentPack, p: PlayerState, use: eco.BoxUse, words: list[str]) -> None:
    if use.effect is not None and use.effect.effect == "tile" and use.effect.tile is not None:
        moved = eco.take_tiles(content, p, (use.effect.tile,))
        words.append(
            f"the Patent takes {'an Action tile' if moved else 'no Action tile (none left)'}"
            f" into the {use.effect.tile} column"
        )


def _fund(content: ContentPack, state: GameState, p: PlayerState, a: Fund) -> None:
    seat = state.current
    use = eco.box_use(content, p, "funding", a.box, a.side)
    paid = eco.pay_box(content, p, "funding", use, state.options)
    eco.place_credit(content, state, seat, a.credit, a.row)
    count = eco.active(content, state, seat, "tycoon")
    offered = [t for lv, tiles in sorted(state.display.items()) if lv <= count for t in tiles]
    any_level = state.options.face_down_level == "any"
    stacks = [lv for lv, tiles in sorted(state.stacks.items()) if (any_level or lv <= count) and tiles]
    if a.tycoon is not None and a.face_down is not None:
        raise IllegalAction("take a face-up Tycoon tile or the top face-down one, not both (Funding)")
    words = [f"{p.name} funds (${paid}, a Credit token on the {a.row} row)"]
    if count == 0 or not (offered or stacks):
        if a.tycoon is not None or a.face_down is not None:
            why = "no active Tycoon" if count == 0 else "no Tycoon tile of a level up to their count is left"
            raise IllegalAction(f"{p.name} has {why}: no Tycoon tile this time (Funding)")
        money = 2 + count
        eco.gain(p, money)
        words.append(f"gains ${money}")
        _patent_tile(content, p, use, words)
        state.last = "; ".join(words) + "."
        return
    levels = "level 1" if count == 1 else f"levels 1 to {count}"
    if a.face_down is not None:
        if a.face_down not in stacks:
            which = "any stack (table option face_down_level)" if any_level else f"a stack of {levels}"
            raise IllegalAction(
                f"{p.name} has {count} active Tycoon{'s' if count != 1 else ''}: a face-down "
                f"tile from {which} that still has tiles (Funding)"
            )
        state.pending.insert(0, Pending("keep", a.face_down, seat))
        words.append(f"takes the top level-{a.face_down} tile, kept whatever it is")
        _patent_tile(content, p, use, words)
        state.last = "; ".join(words) + "."
        return
    if a.tycoon is None:
        raise IllegalAction(
            f"{p.name} has {count} active Tycoon{'s' if count != 1 else ''}: take a face-up "
            f"Tycoon tile of {levels} ({', '.join(map(content.tycoon_name, offered)) or 'none face up'}) "
            f"or the top "
            f"face-down one (Funding)"
        )
    if a.tycoon not in offered:
        tile = content.tycoon(a.tycoon)
        if tile is None or all(a.tycoon not in v for v in state.display.values()):
            shown = ", ".join(map(content.tycoon_name, offered))
            raise IllegalAction(f"{content.tycoon_name(a.tycoon)!r} is not face up in the display ({shown})")
        raise IllegalAction(
            f"{p.name} has {count} active Tycoon{'s' if count != 1 else ''}: {levels} only, "
            f"not the level-{tile.level} {content.tycoon_name(a.tycoon)} (Funding)"
        )
    level = next(lv for lv, tiles in state.display.items() if a.tycoon in tiles)
    state.display[level].remove(a.tycoon)
    if state.stacks[level]:
        state.pending.append(Pending("refill", level))
    _take_tycoon(content, state, seat, a.tycoon)
    words.append(state.last.removeprefix(f"{p.name} ").removesuffix("."))
    _patent_tile(content, p, use, words)
    state.last = "; ".join(words) + "."


def _supply(content: ContentPack, state: GameState, p: PlayerState, a: Supply) -> None:
    seat = state.current
    eco.place_credit(content, state, seat, a.credit, a.row)
    factories = eco.active(content, state, seat, "factory")
    due = 2 + factories
    placeable = sum(min(p.supply[c], eco.room(content, p, c)) for c in COLUMNS)
    need = min(due, placeable)
    if len(a.tiles) != need:
        extra = f" (only {need} can go: supply and room)" if need < due else ""
        raise IllegalAction(
            f"Supply brings {due} Action tiles (2 + 1 per active Factory: {p.name} has "
            f"{factories}){extra}: name {need} column{'s' if need != 1 else ''}, not {len(a.tiles)}"
        )
    for column in a.tiles:
        if column not in COLUMNS:
            raise IllegalAction(f"{column!r} is not a column ({', '.join(COLUMNS)})")
        if p.supply[column] < 1:
            raise IllegalAction(f"{p.name}'s supply has no {column} tile left (Supply)")
        if eco.room(content, p, column) < 1:
            raise IllegalAction(f"{p.name}'s {column} column is full (Supply)")
        p.supply[column] -= 1
        p.columns[column] += 1
    words = [
        f"{p.name} supplies ({len(a.tiles)} Action tile{'s' if len(a.tiles) != 1 else ''}, a Credit "
        f"token on the {a.row} row)"
    ]
    scientists = eco.active(content, state, seat, "scientist")
    owned = eco.patents_owned(p)
    n = len(owned) + 1
    earned = scientists > len(owned)
    owned_kinds = {(pt.type, pt.level) for pt in (content.patent(i) for i in owned) if pt is not None}
    takeable = [
        i
        for i in state.pool
        if (pt := content.patent(i)) is not None
        and pt.type not in p.waiting
        and (pt.type, pt.level) not in owned_kinds
    ]
    if a.patent is None:
        if earned and takeable:
            raise IllegalAction(
                f"{p.name} has {scientists} active Scientists and {len(owned)} Patents: a "
                f"Patent is earned, name one ({', '.join(takeable)}) (Supply)"
            )
        state.last = "; ".join(words) + "."
        return
    if not earned:
        raise IllegalAction(
            f"{p.name}'s Patent number {n} needs {n} active Scientist{'s' if n != 1 else ''}; "
            f"{p.name} has {scientists} (Supply)"
        )
    patent = content.patent(a.patent)
    if patent is None or a.patent not in state.pool:
        raise IllegalAction(
            f"Patent {content.patent_name(a.patent)!r} is not in the pool "
            f"({', '.join(map(content.patent_name, state.pool)) or 'none left'})"
        )
    if patent.type in p.waiting:
        raise IllegalAction(
            f"a Patent already waits above {p.name}'s {patent.type} column: one at a time (Supply)"
        )
    if (patent.type, patent.level) in owned_kinds:
        raise IllegalAction(
            f"{p.name} owns a level-{patent.level} {patent.type} Patent already: one of each "
            f"type per level (Supply)"
        )
    state.pool.remove(a.patent)
    p.waiting[patent.type] = a.patent
    waits = f"the Patent {content.patent_name(a.patent)} waits above the {patent.type} column"
    state.last = "; ".join([*words, waits]) + "."
