"""The Six Actions' table options: the points ``seeds/six-actions-rules.txt`` leaves open, each
named, with the referee's own reading as its default (docs/table-options.md quotes each sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.table.table_options import read_options

__all__ = ["SixOptions", "read_six_options"]


@dataclass(frozen=True)
class SixOptions:
    """The table's readings where the Six Actions rules are silent.

    :ivar forced_loan: the Emergency loan rule, "You must take one whenever you can't pay what you
        owe", gives no amount for a forced loan.  ``"full"`` (default): each forced loan is the
        full 25 Cr (a note costs the same whatever it is for); ``"shortfall"``: the loans cover
        only what is short (25 Cr each, the last one the rest), so the player ends on 0 Cr.
    :ivar loan_at_top: Loan says "move 1 step up Finance. Each Loan is worth more than the last",
        and not what a Loan is once the disc is at the top.  ``"top_level"`` (default): the disc
        stays there and each Loan gives the top level again; ``"refused"``: no more Loans (one
        would not be worth more than the last; Emergency Loans are still there).
    """

    forced_loan: Literal["full", "shortfall"] = "full"
    loan_at_top: Literal["top_level", "refused"] = "top_level"


def read_six_options(data: Any, error: type[Exception]) -> SixOptions:
    """:class:`SixOptions` from JSON (``None``: the defaults). :raises error: naming the option."""
    return read_options(SixOptions, data, error)
