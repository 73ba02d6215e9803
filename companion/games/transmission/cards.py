"""Card codes: the printed code of every physical card, and reading one back from a scanner.

Every physical card of a content pack (the Command cards, the Transmission
cards, the Mission cards, the Signal Boosts and the module tiles; RULES.md,
Components) gets a short code, printed as a QR code on a label in the card's
sleeve (``companion labels``) and read back by the card reader
(``hardware/reader.py``).  An RFID tag carries no code of ours: it is paired
once with a card's code (``hardware/pairing.py``).

The code format (version 1)
---------------------------
``IT1-<kind>-<id>-<check>``, for example ``IT1-C-N1-8`` (see
``hardware/CARD-CODES.md`` for the code of every card of the default pack):

- ``IT1``: the game (*Incoming Transmission*) and the format version;
- ``<kind>``: one letter, ``C`` Command card, ``T`` Transmission card,
  ``M`` Mission card, ``B`` Signal Boost, ``U`` module tile (a *unit*;
  ``M`` is taken by the missions);
- ``<id>``: the card's content id (:func:`companion.games.transmission.engine.commands.card_ids` for
  Command cards, the pack's ``id`` for the others, the letter for a module),
  with ASCII letters upper-cased; every character other than ``0-9 A-Z - .``
  is written ``%XX``, one per UTF-8 byte (``"L2-a"`` -> ``L2-A``,
  ``"Bay 7"`` -> ``BAY%207``).  So codes use only QR *alphanumeric mode*
  characters (smaller, sturdier QR codes) and ids match regardless of case;
- ``<check>``: one check character over everything before it (separators
  included).  Give each character of that text its value in
  ``0-9 A-Z - . %`` (0-38), multiply the character at 0-based position ``i``
  by ``(i mod 40) + 1``, sum, and take the sum modulo 41; the check
  character is that value's place in ``0-9 A-Z * + / : $`` (0-40).

Because 41 is prime, every weight is non-zero and neighbouring weights differ,
every single wrong character and every swap of two neighbouring characters
changes the check (a weighted sum in the style of ISO 7064's pure systems).
The check alphabet shares no character with the separator, so a swap with the
final ``-`` breaks the shape.  A QR code that is not of this format (a URL, a
product code) is refused as *not a card of this game*; a misread code as
*check character wrong*; a well-formed code naming a card the pack lacks as
*unknown*.  Reading upper-cases the text first, since some scanners send
lower case.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.commands import card_command, card_ids
from companion.i18n import N_, _

__all__ = [
    "KINDS", "KIND_LETTERS", "PREFIX", "Card", "CardCodeError", "card_code", "check_character",
    "all_cards", "read_code", "card_codes_markdown", "shown_names",
]

#: The kinds of physical cards, in the order :func:`all_cards` lists them.
KINDS = ("command", "transmission", "mission", "boost", "module")
#: The kind letter in a code.
KIND_LETTERS = {"command": "C", "transmission": "T", "mission": "M", "boost": "B", "module": "U"}
_LETTER_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}
#: How a kind is named in messages and tables, marked for translation (the card-code sheet keeps English).
KIND_TITLES = {"command": N_("Command card"), "transmission": N_("Transmission card"),
               "mission": N_("mission"), "boost": N_("Signal Boost"), "module": N_("module")}

#: The game and the format version, first in every code.
PREFIX = "IT1"
_MODULUS = 41
#: The value of each character before the check (0-38).
_VALUES = {ch: i for i, ch in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.%")}
#: The check character of each value (0-40).
_CHECKS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*+/:$"
_LITERAL = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.")
_SHAPE = re.compile(r"IT1-([A-Z])-([0-9A-Z.%-]+)-([" + re.escape(_CHECKS) + r"])\Z")
_ESCAPE = re.compile(r"%([0-9A-F]{2})")
#: Longest text quoted back in a message (a foreign QR code may hold a whole web page).
_SHOWN = 60


class CardCodeError(CompanionError, ValueError):
    """A code that is refused, or a card that cannot get one.

    :param text: what was read (or the id that cannot be encoded).
    :param problem: the sentence for the screen; it quotes ``text``.
    """

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        self.problem = problem
        super().__init__(problem)


@dataclass(frozen=True)
class Card:
    """One physical card of a content pack.

    :param kind: one of :data:`KINDS`.
    :param id: its content id: a Command card id (``"N1"`` .. ``"W2"``, ``"COLLECT"``, ``"DEPLOY"``,
        ``"REPAIR"``), a Transmission card id (``"L3-R2"``), a mission id (``"M07"``), a boost id
        (``"debug"``) or a module letter (``"A"``).
    :param name: human-readable, printed under the QR code: ``"North (1 of 2)"``,
        ``"Transmission level 3, clear register 2"``, a mission's title, ``"Android (A)"``.
    :param code: the printed code, check character included (:func:`card_code`).
    """

    kind: str
    id: str
    name: str
    code: str


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


def _encode_id(id: str) -> str:
    out: list[str] = []
    for ch in id:
        upper = ch.upper() if ch.isascii() else ch
        if upper in _LITERAL:
            out.append(upper)
        else:
            out.extend(f"%{byte:02X}" for byte in ch.encode("utf-8"))
    return "".join(out)


def _decode_id(body: str) -> str | None:
    """The id (upper case) written in a code's ``<id>`` part, or ``None`` for a broken escape."""
    raw = bytearray()
    i = 0
    while i < len(body):
        if body[i] == "%":
            match = _ESCAPE.match(body, i)
            if match is None:
                return None
            raw.append(int(match.group(1), 16))
            i = match.end()
        else:
            raw.extend(body[i].encode("ascii"))
            i += 1
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def check_character(text: str) -> str:
    """The check character of ``text`` (everything of a code before its check; module docstring).

    :raises CardCodeError: for a character outside ``0-9 A-Z - . %``.
    """
    total = 0
    for i, ch in enumerate(text):
        value = _VALUES.get(ch)
        if value is None:
            raise CardCodeError(text, f"{ch!r} cannot appear in a card code: {_shown(text)}")
        total += ((i % (_MODULUS - 1)) + 1) * value
    return _CHECKS[total % _MODULUS]


def card_code(kind: str, id: str) -> str:
    """The printed code of card ``id`` of ``kind`` (format in the module docstring).

    >>> card_code("command", "N1")[:-1]
    'IT1-C-N1-'

    :param kind: one of :data:`KINDS`.
    :param id: the card's content id, non-empty.
    :raises CardCodeError: for an unknown kind or an empty id.
    """
    if kind not in KIND_LETTERS:
        raise CardCodeError(kind, f"no such kind of card: {kind!r} (known: {', '.join(KINDS)})")
    if not isinstance(id, str) or not id:
        raise CardCodeError(str(id), f"a {KIND_TITLES[kind]} needs a non-empty id, not {id!r}")
    head = f"{PREFIX}-{KIND_LETTERS[kind]}-{_encode_id(id)}-"
    return head + check_character(head)


#: How a card's name is made, in English (the codes' sheet, :attr:`Card.name`); :func:`shown_names`
#: says each in the table's language.
_NUMBERED = N_("{name} ({number} of {total})")
_LEVEL = N_("Transmission level {level}")
_CLEAR = N_("Transmission level {level}, clear register {register}")
_MODULE = "{name} ({letter})"


def _numbered(names: list[str], pattern: str = _NUMBERED) -> list[str]:
    """``"X (1 of 2)"``, ``"X (2 of 2)"`` for names that repeat (``pattern``); others unchanged."""
    totals = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    out = []
    for name in names:
        if totals[name] == 1:
            out.append(name)
        else:
            seen[name] = seen.get(name, 0) + 1
            out.append(pattern.format(name=name, number=seen[name], total=totals[name]))
    return out


def _transmission_name(level: int, clear_register: int | None, word: Callable[[str], str] = str) -> str:
    if clear_register is None:
        return word(_LEVEL).format(level=level)
    return word(_CLEAR).format(level=level, register=clear_register)


def _entries(content: ContentPack, word: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """Each physical card as ``(kind, id, name)`` in :data:`KINDS` order, each name said by ``word``
    (``str``: the pack's English; :func:`companion.i18n._`: the table's language), numbered."""
    entries: list[tuple[str, str, str]] = []   # (kind, id, name before numbering)
    entries += [("command", cid, word(card_command(cid).title)) for cid in card_ids(content.command_deck)]
    entries += [("transmission", t.id, _transmission_name(t.level, t.clear_register, word))
                for t in content.transmissions]
    entries += [("mission", m.id, word(m.title)) for m in content.missions]
    entries += [("boost", b.id, word(b.name)) for b in content.boosts]
    entries += [("module", m.letter, _MODULE.format(name=word(m.name), letter=m.letter))
                for m in content.modules]
    named: list[tuple[str, str, str]] = []
    for kind in KINDS:
        mine = [e for e in entries if e[0] == kind]
        names = _numbered([name for _, _, name in mine], word(_NUMBERED))
        named += [(kind, id, name) for (_, id, _), name in zip(mine, names)]
    return named


def shown_names(content: ContentPack) -> dict[str, str]:
    """Each card's code -> its name in the table's language (printed under its QR code by ``companion
    labels``): ``"Nord (1 von 2)"``, ``"Übertragung Stufe 3, klares Register 2"`` in German.
    :attr:`Card.name` keeps the pack's English (the codes' sheet, ``hardware/CARD-CODES.md``)."""
    return {card_code(kind, id): name for kind, id, name in _entries(content, _)}


@functools.lru_cache(maxsize=8)
def _cards(content: ContentPack) -> tuple[tuple[Card, ...], dict[str, Card]]:
    entries = _entries(content, str)
    cards = [Card(kind, id, name, card_code(kind, id)) for kind, id, name in entries]
    by_code: dict[str, Card] = {}
    for card in cards:
        other = by_code.get(card.code)
        if other is not None:
            raise CardCodeError(card.id, f"the {KIND_TITLES[card.kind]}s {other.id!r} and {card.id!r} "
                                f"differ only in case, so they share the code {card.code!r}: rename one")
        by_code[card.code] = card
    return tuple(cards), by_code


def all_cards(content: ContentPack) -> tuple[Card, ...]:
    """Every physical card of ``content``: Command, Transmission, Mission cards, Signal Boosts,
    modules, each in the pack's order (RULES.md, Components).

    :raises CardCodeError: when two cards of a kind would share a code (ids differing only in case).
    """
    return _cards(content)[0]


def read_code(text: str, content: ContentPack) -> Card:
    """The card whose code is ``text`` (surrounding whitespace ignored, any case).

    :raises CardCodeError: ``"not a card of this game: ..."`` for text of another format (a foreign
        QR code), ``"check character wrong in ..."`` for a misread code, ``"unknown <kind> ... in this
        pack"`` for a well-formed code of a card ``content`` does not have.
    """
    if not isinstance(text, str):
        raise CardCodeError(repr(text), _("not a card of this game: {code}").format(code=repr(text)))
    code = text.strip().upper()
    match = _SHAPE.match(code)
    if match is None:
        raise CardCodeError(text, _("not a card of this game: {code}").format(code=_shown(text.strip())))
    letter, body, check = match.groups()
    if check_character(code[:-1]) != check:
        raise CardCodeError(text, _("check character wrong in {code} (misread? scan again)").format(
            code=_shown(code)))
    kind = _LETTER_KINDS.get(letter)
    id = _decode_id(body)
    if kind is None or id is None:
        raise CardCodeError(text, _("not a card of this game: {code} (well formed, but it names no kind of "
                                    "card of this version)").format(code=_shown(code)))
    card = _cards(content)[1].get(code)
    if card is None:
        raise CardCodeError(text, _("unknown {kind} {id} in this pack").format(kind=_(KIND_TITLES[kind]),
                                                                               id=repr(id)))
    return card


def card_codes_markdown(content: ContentPack) -> str:
    """``hardware/CARD-CODES.md``: the format and a table of every card's code, for ``content``.

    ``companion labels --list`` prints it; a test checks the file against the default pack.
    """
    lines = [
        "# Card codes",
        "",
        "Generated by `companion labels --list`",
        "(`companion.games.transmission.cards.card_codes_markdown`) from the",
        f"content pack `{content.id}`; `tests/test_cards.py` fails when this file drifts from it.",
        "",
        "A code is `IT1-<kind>-<id>-<check>`: `IT1` is the game and format version; the kind is",
        "`C` Command card, `T` Transmission card, `M` Mission card, `B` Signal Boost, `U` module tile;",
        "the id is the card's content id, upper case, any character but `0-9 A-Z - .` written `%XX`",
        "(UTF-8 bytes); the check character is the sum of each preceding character's value in",
        "`0-9 A-Z - . %` (0-38) times its 0-based position mod 40 plus 1, modulo 41, written as",
        "one of `0-9 A-Z * + / : $` (0-40). It catches every single wrong character and every swap",
        "of two neighbouring characters. Details: the docstring of `companion/games/transmission/cards.py`.",
        "",
        "RFID tags carry no code of ours: scan an unknown tag, choose its card, and the pairing is",
        "remembered in `<data_dir>/rfid-pairings.toml` (`hardware/pairing.py`).",
        "",
        "| kind | id | name | code |",
        "|---|---|---|---|",
    ]
    for card in all_cards(content):
        name = card.name.replace("|", "\\|")
        lines.append(f"| {KIND_TITLES[card.kind]} | `{card.id}` | {name} | `{card.code}` |")
    return "\n".join(lines) + "\n"
