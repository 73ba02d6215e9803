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
from companion.games.transmission.engine.actions import from_json, shown, to_json
from companion.games.transmission.engine.game import LAYOUTS, Game

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

    Any JSON value is refused cleanly: a record that is not an object, a field of the wrong type, an
    action of a shape :func:`~companion.games.transmission.engine.actions.from_json` refuses or that the
    rules refuse.  The record handed in is not changed.

    :raises RecordError: wrong format, another content pack, a bad field, or a malformed or refused action
        (naming its index, its kind and what is wrong, with the offending value shortened).
    """
    if not isinstance(record, dict):
        raise RecordError(f"a game record must be a JSON object, not {shown(record)}")
    if record.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {shown(record.get('format'))} (expected {FORMAT})")
    if record.get("content") != content.id:
        raise RecordError(f"record is for content {shown(record.get('content'))}, not {content.id!r}")
    if record.get("digest") != content.digest:
        log.warning("record %s was made with another revision of %s", shown(record.get("digest")), content.id)
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed must be an integer, not {shown(seed)}")
    difficulty, layout = record.get("difficulty"), record.get("layout")
    names = [d.name for d in content.difficulties]
    if not isinstance(difficulty, str) or difficulty not in names:
        raise RecordError(f"difficulty {shown(difficulty)} is none of {content.id}'s ({', '.join(names)})")
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise RecordError(f"layout {shown(layout)} is none of {', '.join(LAYOUTS)}")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {shown(actions)}")
    try:
        game = Game(content, difficulty, layout, seed)
    except (KeyError, ValueError) as exc:
        raise RecordError(str(exc)) from None
    for i, data in enumerate(actions):
        try:
            action = from_json(data)
        except RecordError as exc:
            raise RecordError(f"action {i}: {exc}") from None
        try:
            game.play(action)
        except IllegalAction as exc:
            raise RecordError(f"action {i} ({data['kind']}): {exc}") from None
        except (LookupError, TypeError, ValueError, ArithmeticError) as exc:
            # The shape was checked, so this is the rules meeting values no game produces (a register
            # or index far out of range): the record is refused like any tampered one, the traceback logged.
            log.error("action %d of a record could not be played", i, exc_info=exc)
            raise RecordError(f"action {i} ({data['kind']}) cannot be played: {type(exc).__name__}") from None
    return game


def loads(text: str, content: ContentPack) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not a usable record: {type(exc).__name__}") from None
    return replay(data, content)
