"""A game of actions' content pack words for the table: shown in the table's language (their English
kept for machine output), extracted for translators.

Source: DESIGN.md, Language ("every text a person reads goes through gettext").  The names a pack
gives its cards and tiles (The Six Actions' Industry cards, Policies, Merit cards and their texts,
regions; The Five Actions' Progress tracks, Nations, Tycoon tiles, Patents) and the pack's title are
the pack's English, each its own message in the one catalog: :func:`pack_word` shows one in the
table's language, and :func:`extract_six_pack` / :func:`extract_five_pack` are the Babel extraction
methods that list them (in ``babel.cfg``: ``[extractors]`` ``six_pack =
companion.table.pack_words:extract_six_pack``, ``five_pack = companion.table.pack_words:extract_five_pack``,
then ``[six_pack: **/six_actions/content/*.toml]`` and ``[five_pack: **/five_actions/content/*.toml]``).
Place names (cities, Locations) are proper names the table types and reads as written: not
translated.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, BinaryIO

from companion.errors import Said
from companion.i18n import _

__all__ = ["FIVE_SHOWN", "SIX_SHOWN", "extract_five_pack", "extract_six_pack", "extract_words", "pack_word",
           "shown_words"]

#: The Six Actions' pack: each table (a dotted path) and the keys the table reads of its entries.
SIX_SHOWN: Mapping[str, tuple[str, ...]] = {
    "pack": ("title",),
    "industries": ("name",),
    "policies": ("name",),
    "merits": ("name", "text"),
    "map.regions": ("name",),
}
#: The Five Actions' pack, as :data:`SIX_SHOWN`.
FIVE_SHOWN: Mapping[str, tuple[str, ...]] = {
    "pack": ("name",),
    "board.tracks": ("name",),
    "board.nations": ("name",),
    "credit_rows": ("name",),
    "map.lines": ("name",),
    "tycoons": ("name",),
    "patents": ("name",),
}


def pack_word(text: str) -> Said:
    """A content pack's ``text`` in the table's language (itself when the catalog has none), its
    English kept (:func:`~companion.errors.english`).  An empty text stays empty (gettext's empty
    message is the catalog's header)."""
    return Said(_(text) if text else text, text)


def shown_words(data: Mapping[str, Any], shown: Mapping[str, tuple[str, ...]]) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for each word of a parsed pack that the table reads (``shown``: a game's
    :data:`SIX_SHOWN` or :data:`FIVE_SHOWN`), in the order of ``shown``; ``where`` is the dotted
    field, e.g. ``"industries[3].name"``."""
    for path, keys in shown.items():
        value: Any = data
        for part in path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        entries = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
        for i, entry in entries:
            where = path if i is None else f"{path}[{i}]"
            if isinstance(entry, dict):
                for key in keys:
                    text = entry.get(key)
                    if isinstance(text, str) and text:
                        yield f"{where}.{key}", text


def extract_words(fileobj: BinaryIO, words: Callable[[dict[str, Any]], Iterable[tuple[str, str]]]
                  ) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A content pack's words as Babel extracts messages: ``words(data)`` gives ``(where, word)`` pairs
    of the parsed TOML (``where`` a dotted field path), each yielded with the line it is on (found
    from the last word's line on, as packs list them in order) and a comment naming its field.  A
    file that is not readable TOML yields nothing (the pack's own check names its problems).  Every
    game's Babel extraction method calls it with its own fields."""
    raw = fileobj.read()
    try:
        text = raw.decode("utf-8-sig")
        data = tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return
    lines = text.splitlines()
    seen = 0
    for where, word in words(data):
        key = where.rsplit(".", 1)[1]
        line = next((n for n in range(seen, len(lines)) if lines[n].lstrip().startswith(key)
                     and _value_of(lines[n]) == word), None)
        if line is None:  # out of order: look from the top
            line = next((n for n, row in enumerate(lines) if row.lstrip().startswith(key)
                         and _value_of(row) == word), None)
        if line is not None:
            seen = line
        yield (line or 0) + 1, None, word, [f"content pack: {where}"]


def _value_of(line: str) -> str | None:
    """The string a ``key = "value"`` line of TOML sets, or ``None``."""
    try:
        value = tomllib.loads(line).popitem()[1]
    except (tomllib.TOMLDecodeError, KeyError):
        return None
    return value if isinstance(value, str) else None


def extract_six_pack(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                     options: Any) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a Six Actions pack (TOML): each word the table reads, with the
    line it is on and a comment naming its field; a file that is not a readable pack yields
    nothing."""
    return extract_words(fileobj, lambda data: shown_words(data, SIX_SHOWN))


def extract_five_pack(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                      options: Any) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a Five Actions pack (TOML), as :func:`extract_six_pack`."""
    return extract_words(fileobj, lambda data: shown_words(data, FIVE_SHOWN))
