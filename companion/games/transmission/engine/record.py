"""Game records: content id + seed + every action (DESIGN.md, Game record).

A record is plain JSON::

    {"format": 1, "content": "incoming-transmission@1", "digest": "...", "seed": 7,
     "difficulty": "standard", "layout": "standard", "actions": [{"kind": "layout", ...}, ...]}

:func:`replay` rebuilds the identical :class:`~companion.games.transmission.engine.game.Game`, checking
every action as it goes, so a tampered or truncated record fails loudly.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from companion.errors import IllegalAction, RecordError
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import from_json, to_json
from companion.games.transmission.engine.game import Game

FORMAT = 1
log = logging.getLogger(__name__)


def record_of(game: Game) -> dict[str, Any]:
    """The JSON-able record of ``game``."""
    return {
        "format": FORMAT,
        "content": game.content.id,
        "digest": game.content.digest,
        "seed": game.seed,
        "difficulty": game.state.difficulty,
        "layout": game.state.layout,
        "actions": [to_json(a) for a in game.actions],
    }


def dumps(game: Game) -> str:
    return json.dumps(record_of(game), separators=(",", ":"))


def replay(record: Any, content: ContentPack) -> Game:
    """Rebuild a game from its record.

    :raises RecordError: wrong format, another content pack, or an action the rules refuse
        (naming its index).
    """
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {record.get('format')!r} (expected {FORMAT})")
    if record.get("content") != content.id:
        raise RecordError(f"record is for content {record.get('content')!r}, not {content.id!r}")
    if record.get("digest") != content.digest:
        log.warning("record %s was made with another revision of %s", record.get("digest"), content.id)
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed must be an integer, not {seed!r}")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    try:
        game = Game(content, str(record.get("difficulty")), str(record.get("layout")), seed)
    except (KeyError, ValueError) as exc:
        raise RecordError(str(exc)) from None
    for i, data in enumerate(actions):
        action = from_json(data)
        try:
            game.play(action)
        except IllegalAction as exc:
            raise RecordError(f"action {i} ({data.get('kind')}): {exc}") from None
    return game


def loads(text: str, content: ContentPack) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not a usable record: {type(exc).__name__}") from None
    return replay(data, content)
