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

from companion.errors import IllegalAction, said
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
from companion.games.five_actions.engine.board import distance, follow, pattern_targets
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.places import (
    empty_at,
    location_key,
    location_label,
    start_taken_by,
)
from companion.games.five_actions.engine.state import GameState, Pending, Phase, PlayerState
from companion.i18n import N_
from companion.table.seat_names import names_problem
from companion.table.words import column_word, counted, joined, level_word, trimmed

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
        raise IllegalAction(said(N_("the game has not started: the table names the players first")))
    if state.phase == Phase.OVER:
        raise IllegalAction(said(N_("the game is over")))
    if isinstance(action, Draw):
        _draw(content, state, action)
        return
    if state.pending:
        d = state.pending[0]
        raise IllegalAction(
            said(N_("first the Tycoon tile drawn from the level-{level} stack ({why})"), level=d.level,
                 why=said(N_("to refill the display")) if d.kind == "refill"
                 else said(N_("the player keeps")))
        )
    if isinstance(action, EndGame):
        if state.options.game_end == "round_end" and state.current != 0:
            first = state.players[0].name
            raise IllegalAction(
                said(N_("the game ends at a round's end (table option game_end): every player has as many "
                        "turns, so {name} plays on until {first} is next"),
                     name=state.players[state.current].name,
                     first=first)
            )
        state.phase = Phase.OVER
        state.last = said(N_("The game is over: activated Patents give their icons."))
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
        state.last = said(N_("{name} passes."), name=p.name)
    else:
        raise IllegalAction(said(N_("{kind} is not an action of this game"), kind=type(action).__name__))
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
        raise IllegalAction(said(N_("the game has already started")))
    names = action.names
    if not setup.min_players <= len(names) <= setup.max_players:
        raise IllegalAction(
            said(N_("this pack is for {least} to {most} players, not {count}"), least=setup.min_players,
                 most=setup.max_players, count=len(names))
        )
    problem = names_problem(names, MAX_NAME)
    if problem is not None:
        raise IllegalAction(problem)
    if len(action.starts) != len(names):
        raise IllegalAction(
            said(N_("each player needs a starting Location ({players} players, {given} given)"),
                 players=len(names),
                 given=len(action.starts))
        )
    chosen: list[tuple[str, str]] = []
    for name, start in zip(names, action.starts, strict=True):
        key = location_key(content, state, start, station=True)
        taken = start_taken_by(content, state.layout, chosen, start)
        if taken is not None:
            raise IllegalAction(said(N_("{label} is {taken}'s starting Location: each player starts on a "
                                        "Location of their own"),
                                     label=location_label(content, state, key), taken=taken))
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
        for _tile in range(min(setup.display, len(state.stacks[level]))):
            state.pending.append(Pending("refill", level))
    state.phase = Phase.PLAY
    state.last = said(N_("{name} plays first."), name=names[0])


def _draw(content: ContentPack, state: GameState, action: Draw) -> None:
    if not state.pending:
        raise IllegalAction(said(N_("no Tycoon tile is to be drawn now")))
    d = state.pending[0]
    if action.level != d.level:
        raise IllegalAction(said(N_("the draw is from the level-{level} stack, not level {given}"),
                                 level=d.level,
                                 given=action.level))
    stack = state.stacks[d.level]
    if action.tycoon not in stack:
        raise IllegalAction(said(N_("{tycoon!r} is not in the level-{level} stack"),
                                 tycoon=content.tycoon_name(action.tycoon), level=d.level))
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
    state.last = said(N_("{name} takes the Tycoon {tycoon} into the {column} column and gains ${money} "
                   "(Funding)."), name=p.name, tycoon=content.tycoon_name(ident),
                                        column=column_word(tile.column), money=money)


# ---------------------------------------------------------------- the five actions


def _install(content: ContentPack, state: GameState, p: PlayerState, a: Install) -> None:
    key = location_key(content, state, a.location, station=True)
    where = location_label(content, state, key)
    game_map = content.game_map if state.layout == "map" else None
    if p.stations_left < 1:
        raise IllegalAction(said(N_("{name} has no Wireless Station left (Installation)"), name=p.name))
    if key in p.stations:
        raise IllegalAction(
            said(N_("{name} already has a station on {where}: one station per Location (Installation)"),
                 name=p.name, where=where)
        )
    use = eco.box_use(content, p, "installation", a.box, a.side)
    reach = 2 if use.effect is not None and use.effect.effect == "reach" else 1
    if game_map is not None:
        if a.empty is not None or a.reward is not None or a.bonus:
            raise IllegalAction(
                said(N_("with the map the referee knows the Location: leave empty, reward and bonus out"))
            )
        loc = game_map.location(key)
        assert loc is not None
        mine = [game_map.location(k) for k in [*p.stations, *p.tokens]]
        foothold = state.options.own_token_site == "foothold" and key in p.tokens
        if not foothold and not any(m is not None and 1 <= distance(loc, m) <= reach for m in mine):
            if reach == 1:
                raise IllegalAction(said(N_("{where} is not orthogonally adjacent to a Location where {name} "
                                            "has a station or a Signal token (Installation)"),
                                         where=where, name=p.name))
            raise IllegalAction(said(N_("{where} is not at most 2 spaces from a Location where {name} has a "
                                        "station or a Signal token (Installation)"), where=where,
                                     name=p.name))
        reward, bonus = loc.reward, loc.bonus
    else:
        if a.reward is not None and a.reward not in p.tracks:
            raise IllegalAction(said(N_("no Progress track {reward!r} (tracks: {tracks})"), reward=a.reward,
                                     tracks=", ".join(p.tracks)))
        if not 0 <= a.bonus <= 20:
            raise IllegalAction(said(N_("a Location's bonus is $0 to $20, not ${bonus}"), bonus=a.bonus))
        reward, bonus = a.reward, Bonus(money=a.bonus)
    empty = empty_at(content, state, key, a.empty)
    paid = eco.pay_box(content, p, "installation", use, state.options)
    side = said(N_("Modulated")) if use.level == "advanced" else said(N_("Unmodulated"))
    words: list[str] = [said(N_("{name} builds on {where} ({level}, {side}, ${paid})"),
        name=p.name, where=where, level=level_word(use.level), side=side, paid=paid)]
    if key in p.tokens:
        words.append(said(N_("no bonus: the Signal token there had it already")))
    elif bonus:
        words.append(said(N_("bonus: {bonus}"), bonus=eco.give_bonus(content, p, bonus)))
    if reward is not None:
        moved = min(2 + (1 if empty else 0), p.tracks[reward])
        p.tracks[reward] -= moved
        p.ready += moved
        words.append(counted.ngettext("{n} Signal token from {track} to Ready",
                                      "{n} Signal tokens from {track} to Ready", moved,
                                      track=content.track_name(reward)))
    p.stations[key] = use.level == "advanced"
    p.stations_left -= 1
    _patent_tile(content, p, use, words)
    state.last = joined(words)


def _signal(content: ContentPack, state: GameState, p: PlayerState, a: Transmit | Modulate) -> None:
    modulating = isinstance(a, Modulate)
    column = "modulation" if modulating else "transmission"
    action = said(N_("Modulation")) if modulating else said(N_("Transmission"))
    key = location_key(content, state, a.station)
    where = location_label(content, state, key)
    if key not in p.stations:
        raise IllegalAction(said(N_("{name} has no station on {where} ({action})"),
                                 name=p.name, where=where, action=action))
    if p.stations[key] != modulating:
        side = said(N_("Modulated")) if modulating else said(N_("Unmodulated"))
        raise IllegalAction(
            said(N_("{action} goes from one of {name}'s {side} stations; the one on {where} is {other} "
                    "({action})"),

                 action=action, name=p.name, side=side, where=where,
                 other=said(N_("Modulated")) if p.stations[key] else said(N_("Unmodulated")))
        )
    if p.ready < 2:
        raise IllegalAction(
            said(N_("{name} needs 2 Signal tokens in Ready, even if only one can be placed, and has {ready} "
                    "({action})"), name=p.name, ready=p.ready, action=action)
        )
    use = eco.box_use(content, p, column, a.box, a.side)
    targets, lost, told = _targets(
        content, state, key, a, use.effect is not None and use.effect.effect == "pattern"
    )
    empties = [empty_at(content, state, t, e) for t, e in zip(targets, told, strict=True)]
    if use.level == "basic" and not all(empties):
        full = next(location_label(content, state, t) for t, e in zip(targets, empties, strict=True) if not e)
        raise IllegalAction(
            said(N_("a Basic Action only if both Locations are empty, and {full} is occupied: choose the "
                    "Advanced box ({action})"), full=full, action=action)
        )
    if use.level == "advanced" and state.options.advanced_needs_occupied and all(empties):
        raise IllegalAction(
            said(N_("an Advanced Action only if at least one Location is occupied (table option "
                    "advanced_needs_occupied), and both are empty: choose the Basic box ({action})"),
                 action=action)
        )
    paid = eco.pay_box(content, p, column, use, state.options)
    p.ready -= 2
    words: list[str] = [said(N_("{name} sends a signal from {where} ({level}, ${paid})"),
        name=p.name, where=where, level=level_word(use.level), paid=paid)]
    bonuses = a.bonus if state.layout == "printed" else ()
    for i, t in enumerate(targets):
        label = location_label(content, state, t)
        if t in p.tokens:
            p.boxed += 1
            words.append(said(N_("{label}: {name} has a Signal token there already, this one returns to the "
                           "box"), label=label, name=p.name))
            continue
        had = t in p.stations
        p.tokens.append(t)
        bonus = _bonus_at(content, state, t, bonuses[i] if i < len(bonuses) else 0)
        if had or not bonus:
            words.append(
                said(N_("token on {label} (no bonus: a piece there already)"), label=label)
                if had and bonus
                else said(N_("token on {label}"), label=label)
            )
        else:
            words.append(said(N_("token on {label}, bonus: {bonus}"), label=label,
                                                                     bonus=eco.give_bonus(content, p, bonus)))
    lost_count = 2 - len(targets)
    if lost_count:
        p.boxed += lost_count
        words.append(said(N_("{n} token returns to the box: {lost}"), n=lost_count, lost=lost))
    if modulating:
        if p.links < len(content.links):
            p.links += 1
            words.append(said(N_("Permanent Links space {space}: {bonus}"),
                space=p.links, bonus=eco.give_bonus(content, p, content.links[p.links - 1])))
        else:
            words.append(said(N_("the Permanent Links marker is at the end of its track")))
    _patent_tile(content, p, use, words)
    state.last = joined(words)


def _targets(
    content: ContentPack, state: GameState, station: str, a: Transmit | Modulate, pattern: bool
) -> tuple[list[str], str, list[bool | None]]:
    """The Locations the signal reaches, why the others are lost, and what the table said of each."""
    action = said(N_("Modulation")) if isinstance(a, Modulate) else said(N_("Transmission"))
    if state.layout == "map":
        game_map = content.game_map
        assert game_map is not None
        if a.empty or a.bonus:
            raise IllegalAction(said(N_("with the map the referee knows the Locations: leave empty and "
                                        "bonus out")))
        if pattern:
            wanted = tuple(location_key(content, state, n) for n in a.locations)
            loc = game_map.location(station)
            assert loc is not None
            shape = _pattern(content, state.players[state.current], a)
            path = pattern_targets(game_map, loc, shape, wanted)
        else:
            if a.line is None or a.direction not in ("forward", "back"):
                raise IllegalAction(said(N_("name the line and the direction (forward or back) to follow "
                                            "({action})"),

                                         action=action))
            path = follow(game_map, a.line, station, a.direction)
            if a.locations and tuple(location_key(content, state, n) for n in a.locations) != path.reached:
                reached = ", ".join(location_label(content, state, t) for t in path.reached)
                raise IllegalAction(
                    said(N_("along the {line} line the signal reaches {reached}, not {named} (Placing "
                            "Signal tokens)"),

                         line=content.line_name(a.line), reached=reached, named=", ".join(a.locations))
                )
        return list(path.reached), path.lost, [None] * len(path.reached)
    if not 1 <= len(a.locations) <= 2:
        raise IllegalAction(said(N_("name the 1 or 2 Locations the signal reaches (1: the other is lost) "
                                    "({action})"),

                                 action=action))
    if len(a.empty) != len(a.locations):
        raise IllegalAction(
            said(N_("say whether each of the {count} Locations is empty (the printed board)"),
                 count=len(a.locations))
        )
    if a.bonus and (len(a.bonus) != len(a.locations) or any(not 0 <= b <= 20 for b in a.bonus)):
        raise IllegalAction(said(N_("give each Location's bonus in dollars ($0 to $20), one per Location")))
    keys = [location_key(content, state, n) for n in a.locations]
    if len(set(keys)) != len(keys) or station in keys:
        raise IllegalAction(said(N_("the signal goes on along the line: two different Locations, not the "
                                    "station's")))
    lost = "" if len(keys) == 2 else said(N_("the line ends at a red arrow or a V connection (Lost signal)"))
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
            said(N_("the Patent takes an Action tile into the {column} column"),
                 column=column_word(use.effect.tile)) if moved
            else said(N_("the Patent takes no Action tile (none left) into the {column} column"),
                      column=column_word(use.effect.tile))
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
        raise IllegalAction(said(N_("take a face-up Tycoon tile or the top face-down one, not both "
                                    "(Funding)")))
    words: list[str] = [said(N_("{name} funds (${paid}, a Credit token on the {row} row)"), name=p.name,
                             paid=paid, row=content.credit_row_name(a.row))]
    if count == 0 or not (offered or stacks):
        if a.tycoon is not None or a.face_down is not None:
            why = (said(N_("no active Tycoon")) if count == 0
                   else said(N_("no Tycoon tile of a level up to their count is left")))
            raise IllegalAction(said(N_("{name} has {why}: no Tycoon tile this time (Funding)"),
                                     name=p.name, why=why))
        money = 2 + count
        eco.gain(p, money)
        words.append(said(N_("gains ${money}"), money=money))
        _patent_tile(content, p, use, words)
        state.last = joined(words)
        return
    levels = said(N_("level 1")) if count == 1 else said(N_("levels 1 to {count}"), count=count)
    has = counted.ngettext("{name} has {n} active Tycoon", "{name} has {n} active Tycoons", count,
                           name=p.name)
    if a.face_down is not None:
        if a.face_down not in stacks:
            which = (said(N_("any stack (table option face_down_level)")) if any_level
                     else said(N_("a stack of {levels}"), levels=levels))
            raise IllegalAction(
                said(N_("{has}: a face-down tile from {which} that still has tiles (Funding)"),
                     has=has, which=which)
            )
        state.pending.insert(0, Pending("keep", a.face_down, seat))
        words.append(said(N_("takes the top level-{level} tile, kept whatever it is"), level=a.face_down))
        _patent_tile(content, p, use, words)
        state.last = joined(words)
        return
    if a.tycoon is None:
        raise IllegalAction(
            said(N_("{has}: take a face-up Tycoon tile of {levels} ({offered}) or the top face-down one "
                    "(Funding)"),

                 has=has, levels=levels,
                 offered=", ".join(map(content.tycoon_name, offered)) or said(N_("none face up")))
        )
    if a.tycoon not in offered:
        tile = content.tycoon(a.tycoon)
        if tile is None or all(a.tycoon not in v for v in state.display.values()):
            shown = ", ".join(map(content.tycoon_name, offered))
            raise IllegalAction(said(N_("{tycoon!r} is not face up in the display ({shown})"),
                                     tycoon=content.tycoon_name(a.tycoon), shown=shown))
        raise IllegalAction(
            said(N_("{has}: {levels} only, not the level-{level} {tycoon} (Funding)"), has=has, levels=levels,
                 level=tile.level, tycoon=content.tycoon_name(a.tycoon))
        )
    level = next(lv for lv, tiles in state.display.items() if a.tycoon in tiles)
    state.display[level].remove(a.tycoon)
    if state.stacks[level]:
        state.pending.append(Pending("refill", level))
    _take_tycoon(content, state, seat, a.tycoon)
    words.append(trimmed(state.last, f"{p.name} ", "."))
    _patent_tile(content, p, use, words)
    state.last = joined(words)


def _supply(content: ContentPack, state: GameState, p: PlayerState, a: Supply) -> None:
    seat = state.current
    eco.place_credit(content, state, seat, a.credit, a.row)
    factories = eco.active(content, state, seat, "factory")
    due = 2 + factories
    placeable = sum(min(p.supply[c], eco.room(content, p, c)) for c in COLUMNS)
    need = min(due, placeable)
    if len(a.tiles) != need:
        extra = said(N_(" (only {need} can go: supply and room)"), need=need) if need < due else ""
        raise IllegalAction(
            said(N_("Supply brings {due} Action tiles (2 + 1 per active Factory: {name} has "
                    "{factories}){extra}: name {columns}, not {given}"), due=due, name=p.name,
                 factories=factories, extra=extra,
                 columns=counted.ngettext("{n} column", "{n} columns", need), given=len(a.tiles))
        )
    for column in a.tiles:
        if column not in COLUMNS:
            raise IllegalAction(said(N_("{column!r} is not a column ({columns})"),
                                     column=column, columns=", ".join(COLUMNS)))
        if p.supply[column] < 1:
            raise IllegalAction(said(N_("{name}'s supply has no {column} tile left (Supply)"), name=p.name,
                                     column=column_word(column)))
        if eco.room(content, p, column) < 1:
            raise IllegalAction(said(N_("{name}'s {column} column is full (Supply)"), name=p.name,
                                     column=column_word(column)))
        p.supply[column] -= 1
        p.columns[column] += 1
    words: list[str] = [
        counted.ngettext("{name} supplies ({n} Action tile, a Credit token on the {row} row)",
                         "{name} supplies ({n} Action tiles, a Credit token on the {row} row)",
                         len(a.tiles), name=p.name, row=content.credit_row_name(a.row))
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
                said(N_("{name} has {scientists} active Scientists and {owned} Patents: a Patent is earned, "
                        "name one ({takeable}) (Supply)"),
 name=p.name, scientists=scientists, owned=len(owned),
                     takeable=", ".join(takeable))
            )
        state.last = joined(words)
        return
    if not earned:
        raise IllegalAction(
            counted.ngettext(
                "{name}'s Patent number {n} needs {n} active Scientist; {name} has {scientists} (Supply)",
                "{name}'s Patent number {n} needs {n} active Scientists; {name} has {scientists} (Supply)",
                n, name=p.name, scientists=scientists)
        )
    patent = content.patent(a.patent)
    if patent is None or a.patent not in state.pool:
        raise IllegalAction(
            said(N_("Patent {patent!r} is not in the pool ({pool})"), patent=content.patent_name(a.patent),
                 pool=", ".join(map(content.patent_name, state.pool)) or said(N_("none left")))
        )
    if patent.type in p.waiting:
        raise IllegalAction(
            said(N_("a Patent already waits above {name}'s {column} column: one at a time (Supply)"),
                 name=p.name,
                 column=column_word(patent.type))
        )
    if (patent.type, patent.level) in owned_kinds:
        raise IllegalAction(
            said(N_("{name} owns a level-{level} {column} Patent already: one of each type per level "
                    "(Supply)"),

                 name=p.name, level=patent.level, column=column_word(patent.type))
        )
    state.pool.remove(a.patent)
    p.waiting[patent.type] = a.patent
    waits = said(N_("the Patent {patent} waits above the {column} column"),
        patent=content.patent_name(a.patent), column=column_word(patent.type))

    state.last = joined([*words, waits])
