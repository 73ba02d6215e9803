"""Seeded bots that play a whole game of The Five Actions through its checked engine (issue 24, item 10).

Every move goes through :meth:`Game.play <companion.games.five_actions.engine.game.Game.play>`, so a
bot can only play what the referee accepts.  :func:`moves` lists a seat's legal moves on the map
(seeds/five-actions-rules.txt): each Installation on a land Location, each Transmission and
Modulation along each line through each of its stations both ways (a Patent's pattern: every set of
nearby Locations it may cover), each Funding (Credit token, row, box, Tycoon tile) and each Supply
(Credit token, row, the columns of the tiles, the Patent earned), each box a Patent waiting above a
column opens with either side; a move is legal when the engine's rules accept it on a copy.  Pass
(ours: "a stuck player needs one") is offered only when nothing else is legal.

- :class:`RandomBot` picks an action kind uniformly among those it can take, then one of that
  kind's moves uniformly (so the many ways of placing a Credit token do not crowd out the map).
- :class:`GreedyBot` picks the move that leaves it best placed by the end screen's ranking (the
  total: bonus points and activated Patents' icons, then money: :mod:`companion.games.five_actions.stored`);
  ties at random.

The table (:func:`play_game`): each player starts on a different land Location drawn with the seed
(our choice; the excerpt leaves it to the table), and the table ends the game once every player in
turn has passed (nobody can act: the excerpt does not say when the game ends).  Tycoon tiles come
from the seeded stacks (:meth:`Game.next_draw`).
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Protocol

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import COLUMNS, ContentPack
from companion.games.five_actions.engine import economy
from companion.games.five_actions.engine.actions import (
    Action,
    EndGame,
    Fund,
    Install,
    Modulate,
    Pass,
    Start,
    Supply,
    Transmit,
)
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.rules import apply_action
from companion.games.five_actions.engine.state import GameState, PlayerState
from companion.lab.seat_balance import GameResult, best_at_random, seat_bots

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "rank_key", "moves", "candidates", "tried",
           "first_legal", "play_game", "DEFAULT_CAP"]

#: Most actions a lab game may take before it is stopped and counted as capped.
DEFAULT_CAP = 3000

Move = tuple[Action, GameState]


def rank_key(content: ContentPack, p: PlayerState) -> tuple[int, int]:
    """The end screen's ranking figures of ``p``: its total (bonus points and the icons of its
    activated Patents: Patents) and its money, best highest."""
    icons = 0
    for ident, side in [*p.activated.values(), *p.covered]:
        patent = content.patent(ident)
        icons += patent.side(side).points if patent is not None else 0
    return p.points + icons, p.money


def _boxes(p: PlayerState, column: str) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = [("basic", None), ("advanced", None)]
    if column in p.waiting:
        out += [("patent", "A"), ("patent", "B")]
    return out


def _pattern_sets(content: ContentPack, p: PlayerState, column: str, box: str, side: str | None,
                  station: str) -> list[tuple[str, ...]] | None:
    """The Location sets a pattern box may cover from ``station`` (``None``: not a pattern box); the
    engine's :func:`~companion.games.five_actions.engine.board.pattern_targets` judges each."""
    slid = p.activated.get(f"{column}:{box}") if box != "patent" else None
    ident = p.waiting.get(column) if box == "patent" else slid[0] if slid else None
    if ident is None or content.game_map is None:
        return None
    patent = content.patent(ident)
    chosen = side if box == "patent" else slid[1] if slid else None
    if patent is None or chosen is None or patent.side(chosen).effect != "pattern":
        return None
    cells = patent.side(chosen).pattern
    here = content.game_map.location(station)
    assert here is not None
    at = {(loc.row, loc.col): loc.id for loc in content.game_map.locations}
    sets: list[tuple[str, ...]] = []
    # The pattern turned or mirrored (Patents: "turn or mirror it as you like"), the cells off the map lost.
    for swap, sr, sc in itertools.product((False, True), (1, -1), (1, -1)):
        shape = [((c if swap else r) * sr, (r if swap else c) * sc) for r, c in cells]
        reached = tuple(i for dr, dc in shape if (i := at.get((here.row + dr, here.col + dc))) is not None)
        if reached and reached not in sets:
            sets.append(reached)
    return sets


def _tile_sets(limit: dict[str, int], n: int) -> list[tuple[str, ...]]:
    """Each way of putting ``n`` Action tiles into the columns, at most ``limit[c]`` into ``c``."""
    cols = [c for c in COLUMNS if limit[c] > 0]
    return [t for t in itertools.combinations_with_replacement(cols, n)
            if all(t.count(c) <= limit[c] for c in cols)]


def candidates(game: Game) -> dict[str, list[Action]]:
    """Every move worth trying for the current player (legal or not), Pass aside, by kind
    (``"Install"``, ``"Transmit"``, ``"Modulate"``, ``"Fund"``, ``"Supply"``).

    Pruned where the rules decide before any choice counts: no move of a column without an Action
    tile (Cost), a Credit row with no usable empty space (Funding), and a Patent named at Supply only
    when one is earned (more active Scientists than Patents); the engine still judges every move.
    """
    content, state = game.content, game.state
    game_map = content.game_map
    assert game_map is not None
    seat = state.current
    p = state.players[seat]
    out: dict[str, list[Action]] = defaultdict(list)
    for box, side in _boxes(p, "installation") if p.columns["installation"] else ():
        for loc in game_map.locations:
            if not loc.ocean and loc.id not in p.stations:
                out["Install"].append(Install(loc.id, box, side))
    for kind, col, modulated in ((Transmit, "transmission", False), (Modulate, "modulation", True)):
        for station, mod in p.stations.items():
            if mod != modulated or not p.columns[col]:
                continue
            for box, side in _boxes(p, col):
                sets = _pattern_sets(content, p, col, box, side, station)
                if sets is not None:
                    out[kind.__name__] += [kind(station, box, locations=s, side=side) for s in sets]
                    continue
                for line in game_map.lines:
                    if any(step.location == station for step in line.path):
                        for direction in ("forward", "back"):
                            out[kind.__name__].append(
                                kind(station, box, line=line.id, direction=direction, side=side))
    players = len(state.players)
    rows = [r.id for r in content.credit_rows
            if any(s is None and economy.usable(tag, players)
                   for s, tag in zip(state.credit_area[r.id], r.spaces, strict=True))]
    # Credit tokens that uncover the same icon are the same move (a space is its icon and a name).
    uncovers = {cs.id: cs.uncovers for cs in content.board.credits}
    credits = [c for i, c in enumerate(p.credits)
               if all(uncovers.get(c) != uncovers.get(b) for b in p.credits[:i])]
    tycoons: list[tuple[str | None, int | None]] = [(None, None)]
    tycoons += [(t, None) for tiles in state.display.values() for t in tiles]
    tycoons += [(None, lv) for lv, tiles in state.stacks.items() if tiles]
    for credit, row in itertools.product(credits, rows):
        for box, side in _boxes(p, "funding") if p.columns["funding"] else ():
            out["Fund"] += [Fund(credit, row, box, t, f, side) for t, f in tycoons]
    factories = economy.active(content, state, seat, "factory")
    limit = {c: min(p.supply[c], economy.room(content, p, c)) for c in COLUMNS}
    placeable = sum(limit.values())
    icons = {r.id: r.icon for r in content.credit_rows}
    scientists = economy.active(content, state, seat, "scientist")
    owned = economy.patents_owned(p)
    kinds = {(pt.type, pt.level) for pt in map(content.patent, owned) if pt is not None}
    takeable = [i for i in state.pool if (pt := content.patent(i)) is not None
                and pt.type not in p.waiting and (pt.type, pt.level) not in kinds]
    for credit, row in itertools.product(credits, rows):
        # The Credit token counts at once: the icon it uncovers, the icon of its row (Supply).
        due = 2 + factories + (uncovers.get(credit) == "factory") + (icons[row] == "factory")
        sets = _tile_sets(limit, min(due, placeable))
        science = scientists + (uncovers.get(credit) == "scientist") + (icons[row] == "scientist")
        patents: list[str | None] = [*takeable] if science > len(owned) and takeable else [None]
        out["Supply"] += [Supply(credit, row, t, pt) for t in sets for pt in patents]
    return {k: v for k, v in out.items() if v}


def tried(game: Game, action: Action) -> GameState | None:
    """The state ``action`` leads to, tried on a copy by the engine's rules, or ``None`` when it is
    illegal.  The copy is a pickle round trip (about 5 times faster than the state's deep copy: a bot
    tries dozens of moves a turn); the move itself is then played by :meth:`Game.play`."""
    after: GameState = pickle.loads(pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL))
    try:
        apply_action(game.content, after, action)
    except IllegalAction:
        return None
    return after


def first_legal(game: Game, actions: Sequence[Action], rng: random.Random) -> Move | None:
    """A uniformly random legal one of ``actions`` (tried in a shuffled order), or ``None``."""
    order = list(actions)
    rng.shuffle(order)
    for action in order:
        after = tried(game, action)
        if after is not None:
            return action, after
    return None


def moves(game: Game) -> list[Move]:
    """Each legal move of the current player with the state it leads to; Pass alone when there is
    none else."""
    out = [(a, after) for acts in candidates(game).values() for a in acts
           if (after := tried(game, a)) is not None]
    return out or [(Pass(), _passed(game))]


def _passed(game: Game) -> GameState:
    after = tried(game, Pass())
    assert after is not None
    return after


class Bot(Protocol):
    """A seeded player: chooses its move now (the engine's :meth:`Game.play` then checks it)."""

    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """A kind of move uniformly among those with a legal move, then one of that kind's legal moves
    uniformly (its own seeded generator); Pass when it has none."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """The current player's move."""
        kinds = candidates(game)
        order = sorted(kinds)
        self.rng.shuffle(order)
        for kind in order:
            move = first_legal(game, kinds[kind], self.rng)
            if move is not None:
                return move[0]
        return Pass()


class GreedyBot:
    """The move with the best :func:`rank_key` right after it; ties at random.

    Supply changes neither points nor money (Supply), so every legal Supply ranks alike: one
    uniformly random legal Supply stands for them all.
    """

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """The best move for the current player."""
        seat = game.state.current
        kinds = candidates(game)
        legal = [(a, after) for kind, acts in kinds.items() if kind != "Supply" for a in acts
                 if (after := tried(game, a)) is not None]
        supply = first_legal(game, kinds.get("Supply", []), self.rng)
        legal += [supply] if supply is not None else []
        if not legal:
            return Pass()
        keyed = [(rank_key(game.content, after.players[seat]), a) for a, after in legal]
        return best_at_random(self.rng, keyed)


#: The bots by name.
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def play_game(
    content: ContentPack,
    seed: int,
    bots: Sequence[str],
    *,
    options: FiveOptions | None = None,
    cap: int = DEFAULT_CAP,
) -> GameResult:
    """One whole seeded game on the pack's map, seat ``i`` (seat 0 plays first) played by ``bots[i]``.

    :param seed: the game's seed (the stacks' shuffle, the starting Locations) and, offset by the
        seat, each bot's.
    :param cap: most record actions; a game still running then is returned ``capped``.
    :raises ValueError: an unknown bot, a pack without a map, a bad player count.
    """
    players: list[Bot] = seat_bots(BOTS, bots, seed)
    if content.game_map is None:
        raise ValueError(f"the content pack {content.id} has no map: the bots play on the map")
    land = [loc.id for loc in content.game_map.locations if not loc.ocean]
    starts = random.Random(seed).sample(land, len(bots)) if len(bots) <= len(land) else land
    game = Game(content, "map", seed, options)
    try:
        game.play(Start(tuple(f"P{i + 1}" for i in range(len(bots))), tuple(starts)))
    except IllegalAction as exc:  # a bad player count for the pack
        raise ValueError(exc.reason) from None
    passes = 0
    while not game.is_over() and len(game.actions) < cap:
        draw = game.next_draw()
        if draw is not None:
            game.play(draw)
            continue
        if passes >= len(bots):
            game.play(EndGame())
            continue
        seat = game.state.current
        action = players[seat].choose(game)
        game.play(action)
        passes = passes + 1 if isinstance(action, Pass) else 0
    outcome = game.outcome()
    rounds = game.state.round
    if outcome is None:
        return GameResult((), tuple(bots), len(game.actions), rounds, True, ())
    keys = [(s.total, s.money) for s in outcome.standings]
    best = max(keys)
    return GameResult(tuple(i for i, k in enumerate(keys) if k == best), tuple(bots), len(game.actions),
                      rounds, False, tuple(s.total for s in outcome.standings))
