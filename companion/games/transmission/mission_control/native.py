"""The native search core, loaded only when it is there, wanted and built from its source.

:func:`core_module` returns the C extension ``_search`` (``_search.c`` beside this module, compiled
by ``setup.py`` when a C compiler is there; API in ``_search.pyi``) or ``None``, in which case the
callers (``solver.py``) use the pure-Python search, which gives the same answers, slower.  ``None``
when:

- the environment sets ``COMPANION_PURE_SEARCH=1`` (a comparison, or a suspected core bug);
- the extension cannot be imported (no compiler at install time, a build for another Python);
- its ``SOURCE_SHA256`` differs from the sha256 of the ``_search.c`` beside it, when that file
  exists: a build older than an edit of the source (an editable install).  A warning names the
  file and the command that rebuilds it.  An installed wheel ships the source it was built from.

The answer is cached for the process (``core_module.cache_clear()`` asks again; the tests do).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from companion.i18n import N_, _

if TYPE_CHECKING:
    import companion.games.transmission.mission_control._search as search_types

log = logging.getLogger(__name__)

_T = TypeVar("_T", bound=tuple[object, ...])

#: Set to 1 (or true, yes, on) to use the pure-Python search even when the core is built.
PURE_ENV = "COMPANION_PURE_SEARCH"
_YES = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"0", "false", "no", "off"})
#: The source file's name, looked for beside the extension's file.
SOURCE_NAME = "_search.c"
#: What rebuilds the core in a checkout (scripts/test and scripts/run do it when the source changed).
REBUILD = "scripts/run (or: .venv/bin/python setup.py build_ext --inplace) in the checkout"


class SearchModule(Protocol):
    """What callers use of the extension module (typed in ``_search.pyi``)."""

    @property
    def SOURCE_SHA256(self) -> str:
        """The sha256 (hex) of the source the module was compiled from."""

    @property
    def MAX_PAIRS(self) -> int:
        """The most remaining pairs a ``Core`` accepts."""

    @property
    def INF(self) -> int:
        """The lower bound that means "never"."""

    @property
    def BOUND_PAIRS(self) -> int:
        """Up to this many pairs the core's bound is exactly ``Bound.value``."""

    @property
    def Core(self) -> type[search_types.Core]:
        """The search core class: ``Core(devices, counts, table_size=200000)``."""

    def forget_tries(self) -> None:
        """Drop the process's shared program tries."""

    def legal_orders(self, board: str, cadet: int, carrying: str, fixed: tuple[int, ...],
                     counts: tuple[int, ...], devices: str, pairs: str, cls: type[_T], /) -> list[_T]:
        """Every legal order of a hand (``cadet.legal_orders_python``) in C, each a ``cls``."""

    def estimate(self, board: str, cadet: int, carrying: str, pairs: str, devices: str,
                 counts: tuple[int, ...], /) -> tuple[int, int]:
        """The route estimate (``estimate.estimate_python``) in C: ``(transmissions, commands)``."""


def source_digest(path: Path) -> str | None:
    """The sha256 (hex) of the file at ``path``, or ``None`` when it cannot be read (absent)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def stale_reason(module: object) -> str | None:
    """Why an imported ``module`` is not built from the source beside it, or ``None`` when it is
    (or when there is no source beside it to compare: an install without it)."""
    built = getattr(module, "SOURCE_SHA256", None)
    where = getattr(module, "__file__", None)
    source = Path(where).with_name(SOURCE_NAME) if isinstance(where, str) else None
    if source is None:
        return None
    current = source_digest(source)
    if current is None or built == current:
        return None
    return (f"the native search core {where} was built from another version of {source} "
            f"(built from {str(built)[:12]}..., the file is {current[:12]}...): the pure-Python search is "
            f"used, slower; rebuild it with: {REBUILD}")


@functools.cache
def core_module() -> SearchModule | None:
    """The extension module ``_search`` when it may be used, else ``None`` (see the module's
    docstring for the rules).  Never raises: an import failure of any kind means ``None``.
    Cached: the environment and the files are read at the first call only."""
    said = os.environ.get(PURE_ENV, "").strip()
    if said.lower() in _YES:
        log.debug("%s=%s: the pure-Python search is used", PURE_ENV, said)
        _WHY[0] = f"{PURE_ENV}={said}"
        return None
    if said and said.lower() not in _NO:
        log.warning("%s=%s is not understood (1, true, yes or on; 0, false, no or off): the native core is "
                    "used", PURE_ENV, said[:40])
    try:
        # A literal name: tests/test_structure.py reads it as an import (a computed one is refused).
        module = importlib.import_module("companion.games.transmission.mission_control._search")
    except Exception as error:  # ImportError, or a broken build failing as it loads
        # str(): the error itself would keep its traceback, and every caller's frame, in a log handler
        log.debug("no native search core (%s): the pure-Python search is used", str(error))
        _WHY[0] = N_("the native core is not built")
        return None
    reason = stale_reason(module)
    if reason is not None:
        log.warning("%s", reason)
        _WHY[0] = N_("the native core's build is older than its source")
        return None
    core: SearchModule = module
    return core


#: Why :func:`core_module` last answered ``None``.
_WHY: list[str] = [""]


def search_kind() -> str:
    """Which search this process runs, in words for the figures of ``bench`` and ``simulate``:
    ``"native core"``, or ``"pure Python (...)"`` with the reason (switched off, not built, stale)."""
    if core_module() is not None:
        return "native core"
    return f"pure Python ({_WHY[0] or NOT_USED})"


#: Why the pure-Python search runs when :func:`core_module` has not said (marked for the catalog).
NOT_USED = N_("the native core is not used")


def search_words() -> str:
    """:func:`search_kind` in the table's language, for a person (``simulate``'s report); the JSON
    figures keep :func:`search_kind`'s English."""
    if core_module() is not None:
        return _("native core")
    return _("pure Python ({why})").format(why=_(_WHY[0] or NOT_USED))
