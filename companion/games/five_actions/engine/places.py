"""Where The Five Actions' pieces go: a named Location's key and label, who stands on it, and whether
it is empty (the referee's knowledge with the map; the table's word on the printed board).

Source: seeds/five-actions-rules.txt (Installation; Placing Signal tokens) and docs/five-actions.md
(a printed Location is named by the table; each player starts on a Location of their own).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import IllegalAction, said
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.board import key_of
from companion.games.five_actions.engine.state import GameState
from companion.i18n import N_

__all__ = ["empty_at", "location_key", "location_label", "occupant", "start_taken_by"]


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


def location_key(content: ContentPack, state: GameState, name: str, station: bool = False) -> str:
    """The key of a named Location: the map's id, or the printed name's key."""
    game_map = content.game_map
    if state.layout == "map":
        assert game_map is not None
        loc = game_map.location(name)
        if loc is None:
            raise IllegalAction(said(N_("there is no Location {name!r} on the map"), name=name))
        if station and loc.ocean:
            raise IllegalAction(said(N_("{name} is an ocean space: no station goes there (Installation)"),
                                     name=loc.name))
        return loc.id
    key = key_of(name)
    if not key or len(key) > 40:
        raise IllegalAction(said(N_("a Location's name has 1 to 40 characters, not {name!r}"), name=name))
    state.names.setdefault(key, " ".join(name.split()))
    return key


def location_label(content: ContentPack, state: GameState, key: str) -> str:
    """The name a Location is shown by: the map's, or the printed name as the table first wrote it."""
    if content.game_map is not None and state.layout == "map":
        loc = content.game_map.location(key)
        return loc.name if loc is not None else key
    return state.names.get(key, key)


def occupant(content: ContentPack, state: GameState, key: str) -> str | None:
    """A piece the referee knows on ``key``, in words, or ``None``."""
    pieces = state.pieces_at(key)
    if not pieces:
        return None
    seat, kind = pieces[0]
    if kind == "station":
        return said(N_("{name}'s station"), name=state.players[seat].name)
    return said(N_("{name}'s Signal token"), name=state.players[seat].name)


def empty_at(content: ContentPack, state: GameState, key: str, told: bool | None) -> bool:
    """Whether ``key`` holds no piece at all: the referee's own knowledge with the map; on the printed
    board the table says, and is refused when it says empty where the referee knows a piece."""
    known = occupant(content, state, key)
    if state.layout == "map":
        return known is None
    if told is None:
        raise IllegalAction(said(N_("say whether {label} is empty (the printed board)"),
                                 label=location_label(content, state, key)))
    if told and known is not None:
        raise IllegalAction(said(N_("{label} is not empty: it holds {known}"),
                                 label=location_label(content, state, key), known=known))
    return told
