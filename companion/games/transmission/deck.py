"""The physical Transmission deck: which cards the table may draw, and telling twin cards apart.

Source: RULES.md, Transmission deck and difficulty; 2. Reveal.  With ``Config.physical_deck`` the
table draws its own Transmission cards and scans (or taps) them; everything here is public: the
deck's make-up and the cards drawn are on the table.
"""

from __future__ import annotations

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import Reveal
from companion.games.transmission.engine.game import Game

__all__ = ["drawable", "same_face"]


def drawable(content: ContentPack, game: Game, distinct: bool = False) -> tuple[str, ...]:
    """The Transmission cards ``game`` accepts as its next Reveal (not drawn, of a level still in this
    part of the deck), in pack order.  With ``distinct``, one card per face (level, clear register,
    errors): the buttons of a screen."""
    out: list[str] = []
    faces: set[tuple[int, int | None, int]] = set()
    for t in content.transmissions:
        face = (t.level, t.clear_register, t.errors)
        if game.reason(Reveal(t.id)) is None and not (distinct and face in faces):
            out.append(t.id)
            faces.add(face)
    return tuple(out)


def same_face(content: ContentPack, drawn: tuple[str, ...], card: str) -> str:
    """``card``, or when it was already drawn, an undrawn card that reads the same (level, clear
    register, errors): identical cards cannot be told apart at the table, so a tap on the screen for
    one and a scan of its twin later must not clash."""
    if card not in drawn:
        return card
    try:
        face = content.transmission(card)
    except KeyError:
        return card
    for other in content.transmissions:
        same = (other.level, other.clear_register, other.errors) == (face.level, face.clear_register,
                                                                     face.errors)
        if same and other.id not in drawn:
            return other.id
    return card
