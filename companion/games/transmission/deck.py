"""The physical Transmission deck: which cards the table may draw, and telling twin cards apart.

Source: RULES.md, Transmission deck and difficulty; 2. Reveal.  With ``Config.physical_deck`` the
table draws its own Transmission cards and scans (or taps) them; everything here is public: the
deck's make-up and the cards drawn are on the table.
"""

from __future__ import annotations

from companion.games.transmission.content.model import ContentPack, TransmissionCard
from companion.games.transmission.engine.actions import Reveal
from companion.games.transmission.engine.game import Game, segment_levels, still_to_come
from companion.i18n import _, ngettext

__all__ = ["draw_refusal", "drawable", "face_words", "same_face"]


def face_words(card: TransmissionCard) -> str:
    """A Transmission card as the table reads it, without its content id (``"L3-R3"`` means nothing to a
    family): ``"level 3 card: clear signal on register 3, 1 error"``."""
    parts = [_("clear signal on register {register}").format(register=card.clear_register)
             if card.clear_register else _("no clear signal")]
    parts.append(_("no error") if not card.errors else
                 ngettext("{n} error", "{n} errors", card.errors).format(n=card.errors))
    return _("level {level} card: {parts}").format(level=card.level, parts=", ".join(parts))


def draw_refusal(content: ContentPack, game: Game, card: str) -> str | None:
    """Why the table may not draw Transmission card ``card`` now, in the table's words (the card named
    by its face, :func:`face_words`), or ``None`` when ``game`` accepts it as its Reveal."""
    why = game.reason(Reveal(card))
    if why is None:
        return None
    try:
        face = content.transmission(card)
    except KeyError:
        return _("{reason}. Draw the top card of this game's deck.").format(reason=why[:1].upper() + why[1:])
    if card in game.state.drawn:
        reason = _("it was already drawn")
    else:
        reason = _("it is level {level} and cannot come next: {rest}").format(
            level=face.level, rest=still_to_come(segment_levels(content, game.state)))
    words = face_words(face)
    return _("{card}: {reason}. Draw the top card of this game's deck.").format(
        card=words[:1].upper() + words[1:], reason=reason)


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
