"""Types of the native search core, ``_search.c`` (an optional CPython extension, setup.py).

Import it through :func:`companion.games.transmission.mission_control.native.core_module`, which
returns ``None`` when it is not built, is stale or is switched off.  Shapes (as in ``solver.py``):
*board* is 25 characters of referee notation row by row, *cadet* the Cadet's cell 0-24,
*carrying* ``""`` or one upper-case letter, *pairs* 2 upper-case letters per remaining mission,
concatenated, in any order, at most 8 pairs.  ``stop_at`` is a ``time.monotonic()`` instant
(``math.inf``, the default: never).  Malformed arguments raise ``ValueError``; one :class:`Core` used by two
threads at once raises ``RuntimeError``.
"""

from typing import TypeVar, final

#: The sha256 (hex) of the ``_search.c`` this module was compiled from (setup.py defines it;
#: ``"unknown"`` when built without it, which the loader refuses as stale).
SOURCE_SHA256: str
#: The most remaining pairs a :class:`Core` accepts.
MAX_PAIRS: int
#: The lower bound that means "never" (``walks.INF``).
INF: int
#: Up to this many pairs :meth:`Core.bound` and :meth:`Core.cheap` equal ``Bound.value`` and
#: ``Bound.cheap`` exactly (beyond, the walks may be left out: still admissible, lower).
BOUND_PAIRS: int

def estimate(board: str, cadet: int, carrying: str, pairs: str, devices: str,
             counts: tuple[int, ...], /) -> tuple[int, int]:
    """``estimate.estimate_python`` in C: ``(transmissions, commands)``; ``pairs`` in the pairs' order,
    each pair's letters in their order (the tie-breaks follow them)."""

_T = TypeVar("_T", bound=tuple[object, ...])

def legal_orders(board: str, cadet: int, carrying: str, fixed: tuple[int, ...], counts: tuple[int, ...],
                 devices: str, pairs: str, cls: type[_T], /) -> list[_T]:
    """``cadet.legal_orders_python`` in C, the same orders in the same order, each a ``cls`` (a
    NamedTuple of ``(program, board, cadet, carrying, mask, left_out)``, without fields of its own)."""

def forget_tries() -> None:
    """Drop the process's shared program tries (the next :class:`Core` builds them again)."""

@final
class Core:
    """One search: its card counts, its devices and its transposition table."""

    def __init__(self, devices: str, counts: tuple[int, ...], table_size: int = 200000) -> None:
        """``devices``: the devices' upper-case letters (e.g. ``"AFEODT"``); ``counts``: 7 card
        counts, N E S W COLLECT DEPLOY REPAIR, each 0-5; ``table_size``: the transposition
        table's entries, at least 16.  ``ValueError`` on bad arguments."""

    def need(self, board: str, cadet: int, carrying: str, pairs: str, limit: int,
             stop_at: float = ..., /) -> int:
        """Fewest transmissions that complete every pair (0 for ``pairs == ""``), ``limit + 1`` when
        more than ``limit`` are needed, -1 when ``stop_at`` passed first, -2 when out of memory."""

    def within(self, board: str, cadet: int, carrying: str, pairs: str, d: int,
               stop_at: float = ..., /) -> int:
        """1 when every pair can be completed within ``d`` transmissions, 0 when not, -1 on timeout,
        -2 when out of memory."""

    def bound(self, board: str, cadet: int, carrying: str, pairs: str, /) -> int:
        """The admissible lower bound the search uses (1000: never), 0 for no pairs."""

    def outcomes(self, board: str, cadet: int, carrying: str, pairs: str, cls: type[_T], /) -> list[_T]:
        """Every distinct outcome of one transmission with its least program (``Solver.outcomes``), each a
        ``cls`` of ``(board, cadet, carrying, mask, program)``; ``pairs`` in their order (the mask's bits)."""

    def cheap(self, board: str, cadet: int, carrying: str, pairs: str, /) -> int:
        """The bound without the walks through the targets: never above :meth:`bound` (``Bound.cheap``)."""

    def hint(self, board: str, cadet: int, carrying: str, pairs: str, /) -> int:
        """The best known lower bound: exact when solved, else the table's or :meth:`bound`'s."""

    @property
    def nodes(self) -> int:
        """Positions expanded since construction."""

    def clear(self) -> None:
        """Empty its tables (nothing half-proven is ever kept, after a timeout either)."""
