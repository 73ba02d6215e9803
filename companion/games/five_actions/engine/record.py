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

from companion.games.five_actions.engine.actions import CODEC
from companion.games.five_actions.engine.game import Game
from companion.table.record import RecordFormat, players_difficulty

__all__ = ["FORMAT", "RECORDS", "record_of", "replay", "players_difficulty"]

FORMAT = 1

#: The record's JSON form and its checked replay (:class:`~companion.table.record.RecordFormat`).
RECORDS: RecordFormat[Game] = RecordFormat(Game, CODEC, FORMAT, None, logging.getLogger(__name__))
#: The JSON-able record of a game; ``options`` only when the table chose other readings than the
#: defaults (so a record at the defaults is the one the game always wrote).
record_of = RECORDS.record_of
#: Rebuild a game from its record (any JSON value is refused cleanly).  :raises RecordError: wrong
#: format, another content pack, a bad field, an action that cannot be read or that the rules refuse
#: (naming its index and kind).
replay = RECORDS.replay
