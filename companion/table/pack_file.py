"""Reading a content pack's bytes and its TOML, for every game's loader (DESIGN.md, The core step 1).

Each game validates its own pack; where the bytes come from - the default shipped beside the game's
loader, or a table's own file - how they become a TOML document, and how a fault of the file itself
is said (it cannot be read, is not UTF-8 text, is not TOML, is empty) or a field that is not there
(:data:`MISSING`, :data:`REQUIRED`) are the same for all of them, in the same words.
"""

from __future__ import annotations

import codecs
import importlib.resources
import os
import re
import tomllib
from typing import Any

from companion.errors import ContentError
from companion.i18n import N_, _

__all__ = ["EMPTY", "MISSING", "REQUIRED", "Marker", "read_pack", "read_toml"]

#: What an empty pack file (nothing but blanks and comments) is, in every game's words (marked:
#: translated where a problem is made, ``_(EMPTY)``).
EMPTY = N_("is empty: it holds no table or key of a content pack")
#: What a required field that is not there is, in every game's words (marked, as :data:`EMPTY`).
REQUIRED = N_("required key is missing")

_TOML_LINE = re.compile(r"at line (\d+), column \d+")


class Marker:
    """A value that stands for no value in a message, written as its ``name`` (``<missing>``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: The value of a field that is not there, as every game's messages show it (``"<missing>"``).
MISSING: Any = Marker("<missing>")


def read_pack(package: str, default_file: str, path: str | os.PathLike[str] | None) -> tuple[bytes, str]:
    """The pack's bytes and the file name used in messages.

    :param package: the game's content package (its loader's ``__package__``), where the default lies.
    :param default_file: the default pack's file name in ``package`` (read when ``path`` is ``None``,
        through :mod:`importlib.resources`, and named so in messages).
    :param path: a table's own pack file, or ``None`` for the default.
    :raises ContentError: field ``"<file>"`` when the file cannot be read.
    """
    if path is None:
        return (importlib.resources.files(package) / default_file).read_bytes(), default_file
    file = os.fspath(path)
    try:
        with open(file, "rb") as handle:
            return handle.read(), file
    except OSError as exc:
        raise ContentError(file, "<file>", file, _("cannot read the file: {reason}").format(
            reason=exc.strerror or exc)) from exc


def read_toml(data: bytes, file: str) -> tuple[dict[str, Any] | None, bytes, list[ContentError]]:
    """A pack file's TOML document, the bytes it was read from and the fault of the file, if any.

    A UTF-8 byte-order mark at the start (Windows Notepad writes one) says how the text is encoded,
    not what it says: it is dropped before parsing and from the bytes returned (a game's digest of
    them is then the same for a pack and its Notepad copy).

    :param data: the file's bytes.
    :param file: the file name used in messages.
    :returns: ``(document, bytes, [])``; or ``(None, bytes, [one error])`` when the text is not
        UTF-8 (field ``"<file>"``, the bad bytes), not TOML (field ``"<toml>"``, the line tomllib
        points at, its line and column in the problem) or empty (field ``"<file>"``, :data:`EMPTY`).
    """
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.end]
        return None, data, [ContentError(file, "<file>", bad,
                                         _("is not UTF-8 text: {reason}").format(reason=exc.reason))]
    except tomllib.TOMLDecodeError as exc:
        line = _toml_line(data, str(exc))
        return None, data, [ContentError(file, "<toml>", line,
                                         _("TOML syntax error: {error}").format(error=exc))]
    except (ValueError, RecursionError) as exc:  # a number of thousands of digits, nesting too deep
        why = str(exc)[:120] or _("nested too deeply")
        problem = _("not a usable pack: {error}").format(error=f"{type(exc).__name__}: {why}")
        return None, data, [ContentError(file, "<toml>", "", problem)]
    if not document:
        return None, data, [ContentError(file, "<file>", file, _(EMPTY))]
    return document, data, []


def _toml_line(data: bytes, message: str) -> str:
    """The source line a ``tomllib`` message points at (``"at line 3, column 5"``), or ``""``."""
    match = _TOML_LINE.search(message)
    lines = data.decode("utf-8", errors="replace").splitlines()
    number = int(match.group(1)) if match else 0
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""
