"""Loading content packs: read a TOML file (or the default pack), validate it, freeze it.

Source: DESIGN.md, The core step 1.  The dataclasses live in
:mod:`companion.games.transmission.content.model`, the field readers and
per-table checks in :mod:`companion.games.transmission.content.validate`.

:func:`load_content` raises the first problem; :func:`check_content` lists all.
"""

from __future__ import annotations

import functools
import importlib.resources
import logging
import os

from companion.errors import ContentError
from companion.games.transmission.content.model import ContentPack
from companion.table.pack_file import read_pack

__all__ = ["DEFAULT_FILE", "load_content", "parse_content", "check_content", "default_content",
           "shipped_pack", "content_to_resume"]

log = logging.getLogger(__name__)

#: The default pack's file name, beside this module.
DEFAULT_FILE = "default.toml"

def _parse(data: bytes, file: str) -> tuple[ContentPack | None, list[ContentError]]:
    """Read and validate one pack's bytes; the pack is ``None`` when anything is wrong."""
    # Imported on use: the validator builds this module's dataclasses, so it imports this module.
    from companion.games.transmission.content.validate import parse

    return parse(data, file)


def parse_content(data: bytes, file: str = "<bytes>") -> ContentPack:
    """Validate a pack held in memory; ``data`` is the TOML file's bytes and ``file``
    the name used in messages.

    :raises ContentError: the first problem found.
    """
    pack, errors = _parse(data, file)
    if pack is None:
        raise errors[0]
    log.debug("loaded content pack %s (digest %s) from %s", pack.id, pack.digest, file)
    return pack


def load_content(path: str | os.PathLike[str] | None = None) -> ContentPack:
    """Load and validate a pack file; ``None`` loads the default shipped in
    ``default.toml`` beside this module (read through :mod:`importlib.resources`).

    :raises ContentError: the first problem found, naming file, field and value.
    """
    data, file = read_pack(__package__, DEFAULT_FILE, path)
    return parse_content(data, file)


def check_content(path: str | os.PathLike[str] | None = None) -> list[ContentError]:
    """Every problem in a pack file, ``[]`` when it is valid (``None``: the default pack).

    An unreadable file or a TOML syntax error is a single error with field
    ``"<file>"`` or ``"<toml>"``; the latter's problem holds tomllib's line and column.
    """
    try:
        data, file = read_pack(__package__, DEFAULT_FILE, path)
    except ContentError as exc:
        return [exc]
    return _parse(data, file)[1]


@functools.cache
def default_content() -> ContentPack:
    """The default pack, loaded once (see :func:`load_content`)."""
    return load_content(None)


@functools.cache
def _shipped() -> tuple[ContentPack, ...]:
    """Every pack shipped beside this module: the default and each earlier revision kept so that a
    game saved with it still resumes (``default-v1.toml`` ...).  A shipped file that does not load is
    logged and skipped (the tests load each one)."""
    packs: list[ContentPack] = []
    for entry in sorted(importlib.resources.files(__package__).iterdir(), key=lambda e: e.name):
        if entry.name.startswith("default") and entry.name.endswith(".toml"):
            try:
                packs.append(parse_content(entry.read_bytes(), entry.name))
            except ContentError as exc:
                log.error("shipped content pack %s does not load: %s", entry.name, exc)
    return tuple(packs)


def shipped_pack(content_id: str, digest: str) -> ContentPack | None:
    """The shipped pack with this id and digest (a saved game's), or ``None`` when none is."""
    for pack in _shipped():
        if pack.id == content_id and pack.digest == digest:
            return pack
    return None


def content_to_resume(content_id: str, digest: str, current: ContentPack) -> ContentPack:
    """The pack to resume a game saved with ``content_id``/``digest``: ``current`` (the table's pack)
    when it is that one, else the shipped revision it was played with (an update that changed the
    default pack must not strand a game in progress), else ``current`` (the store then refuses it in
    words and keeps it)."""
    if current.id == content_id and current.digest == digest:
        return current
    return shipped_pack(content_id, digest) or current
