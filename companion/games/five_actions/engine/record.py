"""Five Actions game records: content id + seed + every action (DESIGN.md, Game record).

A record is plain JSON, the shape the game store keeps for every game::

    {"format": 1, "content": "five-actions-sample", "digest": "...", "seed": 7,
     "difficulty": "3 players", "layout": "map", "actions": [{"kind": "start", ...}, ...]}

``difficulty`` names the number of players (the history groups games by it); the players
themselves are the first action (:class:`~companion.games.five_actions.engine.actions.Start`).
``options`` (only when not the defaults) are the table options
(:class:`~companion.games.five_actions.engine.options.FiveOptions`); a record without them replays
with the defaults, the readings the referee always used.
:func:`replay` rebuilds the identical :class:`~companion.games.five_actions.engine.game.Game`,
checking every action, so a tampered or truncated record fails loudly.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.errors import RecordError
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import CODEC, Start, to_json
from companion.games.five_actions.engine.board import LAYOUTS
from companion.games.five_actions.engine.game import Game
from companion.games.five_actions.engine.options import FiveOptions, read_five_options
from companion.table.record import (
    check_header,
    check_players_difficulty,
    play_actions,
    players_difficulty,
    read_start,
)
from companion.table.table_options import options_json

__all__ = ["FORMAT", "record_of", "replay", "players_difficulty"]

FORMAT = 1
log = logging.getLogger(__name__)


def record_of(game: Game) -> dict[str, Any]:
    """The JSON-able record of ``game``; ``options`` only when the table chose other readings than
    the defaults (so a record at the defaults is the one the game always wrote)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "content": game.content.id,
        "digest": game.content.digest,
        "seed": game.seed,
        "difficulty": players_difficulty(len(game.state.players)),
        "layout": game.layout,
        "actions": [to_json(a) for a in game.actions],
    }
    if game.options != FiveOptions():  # a game at the defaults keeps the record it always had
        record["options"] = options_json(game.options)
    return record


def replay(record: Any, content: ContentPack) -> Game:
    """Rebuild a game from its record (any JSON value is refused cleanly).

    :raises RecordError: wrong format, another content pack, a bad field, an action that cannot be
        read or that the rules refuse (naming its index and kind).
    """
    record = check_header(record, content, FORMAT, log)
    seed, layout, actions = read_start(record, LAYOUTS)
    try:
        game = Game(content, layout, seed, read_five_options(record.get("options"), RecordError))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    play_actions(game.play, actions, CODEC, Start)
    check_players_difficulty(record, len(game.state.players))
    return game
