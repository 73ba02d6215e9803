"""The physical Transmission deck: which cards the table may draw, and telling twin cards apart.

Source: RULES.md, Transmission deck and difficulty; 2. Reveal.  With ``Config.physical_deck`` the
table draws its own Transmission cards and scans (or taps) them; everything here is public: the
deck's make-up and the cards drawn are on the table.
"""

from __future__ import annotations

from companion.games.transmission.content.model import ContentPack, TransmissionCard
from companion.games.transmission.engine.actions import Reveal
from companion.games.transmission.engine.game import Game

__all__ = ["draw_refusal", "drawable", "face_words", "same_face"]


def face_words(card: TransmissionCard) -> str:
    """A Transmission card as the table reads it, without its content id (``"L3-R3"`` means nothing to a
    family): ``"level 3 card: clear signal on register 3, 1 error"``."""
    parts = [f"clear signal on register {card.clear_register}" if card.clear_register else "no clear signal"]
    parts.append("no error" if not card.errors else f"{card.errors} error{'s' if card.errors != 1 else ''}")
    return f"level {card.level} card: {', '.join(parts)}"


def draw_refusal(content: ContentPack, game: Game, card: str) -> str | None:
    """Why the table may not draw Transmission card ``card`` now, in the table's words (the card named
    by its face, :func:`face_words`), or ``None`` when ``game`` accepts it as its Reveal."""
    why = game.reason(Reveal(card))
    if why is None:
        return None
    try:
        face = content.transmission(card)
    except KeyError:
        return f"{why[:1].upper()}{why[1:]}. Draw the top card of this game's deck."
    reason = why.replace(f"Transmission card {card} ", "it ")
    words = face_words(face)
    return f"{words[:1].upper()}{words[1:]}: {reason}. Draw the top card of this game's deck."


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
