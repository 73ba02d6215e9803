"""Reading a content pack's bytes, for every game's loader (DESIGN.md, The core step 1).

Each game validates its own pack; where the bytes come from - the default shipped beside the game's
loader, or a table's own file - and how an unreadable file is said are the same for all of them.
"""

from __future__ import annotations

import importlib.resources
import os

from companion.errors import ContentError
from companion.i18n import _

__all__ = ["read_pack"]


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
