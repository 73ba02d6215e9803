"""A content pack's words for the table: shown in the table's language, extracted for translators.

Source: DESIGN.md, Language ("every text a person reads goes through gettext").  A pack's module
names, mission titles and flavour texts, Signal Boost names and how-tos, and difficulty and pack
titles are read by the table; they are the pack's English, so each is its own message in the one
catalog: :func:`pack_text` shows one in the table's language, and :func:`extract_pack` is the Babel
extraction method that lists them (in ``babel.cfg``: ``[extractors]`` ``pack =
companion.games.transmission.content.words:extract_pack``, then ``[pack: **/content/default*.toml]``).
A translation keeps to the pack's limits (a mission title of
:data:`~companion.games.transmission.content.model.MAX_TITLE` characters, a flavour text of
:data:`~companion.games.transmission.content.model.MAX_FLAVOUR`) so that it fits the screens.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO

from companion.i18n import _
from companion.table.pack_words import extract_words

if TYPE_CHECKING:
    from companion.games.transmission.content.model import ContentPack

__all__ = ["SHOWN", "extract_pack", "module_names", "pack_text", "shown_words"]

#: The pack's tables and the keys of each that the table reads (a list of tables: each entry's keys).
SHOWN: Mapping[str, tuple[str, ...]] = {
    "pack": ("title",),
    "modules": ("name",),
    "missions": ("title", "flavour"),
    "boosts": ("name", "text"),
    "difficulty": ("title",),
}


def pack_text(text: str) -> str:
    """A content pack's ``text`` in the table's language (itself when the catalog has none).  An empty
    text stays empty (gettext's empty message is the catalog's header)."""
    return _(text) if text else text


def module_names(content: ContentPack) -> dict[str, str]:
    """Each module's name by its letter, in the table's language (``{"A": "Androide", ...}`` in
    German): the one mapping every board, tile and sentence that names a module reads.  Made anew
    each time, so a screen that fills itself again after a change of language names them in the new
    one (and its board, given a different mapping, redraws)."""
    return {m.letter: pack_text(m.name) for m in content.modules}


def shown_words(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for each word of a parsed pack that the table reads, in the file's order
    (``where``: the dotted field, e.g. ``"missions[3].title"``)."""
    for table, keys in SHOWN.items():
        value = data.get(table)
        if isinstance(value, list):
            for i, entry in enumerate(value):
                yield from _words(f"{table}[{i}]", entry, keys)
        elif isinstance(value, dict) and table == "difficulty":
            for name, entry in value.items():
                yield from _words(f"{table}.{name}", entry, keys)
        elif isinstance(value, dict):
            yield from _words(table, value, keys)


def _words(where: str, entry: Any, keys: Collection[str]) -> Iterator[tuple[str, str]]:
    if isinstance(entry, dict):
        for key in keys:
            text = entry.get(key)
            if isinstance(text, str) and text:
                yield f"{where}.{key}", text


def extract_pack(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a content pack (TOML): each word the table reads, as a message
    with the line it is on and a comment naming its field.  A file that is not a readable pack
    yields nothing (the pack's own check names its problems)."""
    return extract_words(fileobj, shown_words)

