"""The Five Actions' table options: the points ``seeds/five-actions-rules.txt`` leaves open, each
named, with the referee's own reading as its default (docs/table-options.md quotes each sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.table.table_options import read_options

__all__ = ["FiveOptions", "read_five_options"]


@dataclass(frozen=True)
class FiveOptions:
    """The table's readings where the Five Actions rules are silent.

    :ivar advanced_needs_occupied: the rules say a Basic Action needs both target Locations empty,
        and say nothing of when the Advanced box may be chosen.  ``False`` (default): an Advanced
        box may always be chosen; ``True``: only when at least one target Location is occupied
        (the Advanced box is the answer to an occupied Location).
    """

    advanced_needs_occupied: bool = False


def read_five_options(data: Any, error: type[Exception]) -> FiveOptions:
    """:class:`FiveOptions` from JSON (``None``: the defaults). :raises error: naming the option."""
    return read_options(FiveOptions, data, error)
