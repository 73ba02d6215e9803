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
    :ivar passing: Action tokens says "On your turn take one action [...] or pass", and not whether
        a pass is for the turn or for the round.  ``"final"`` (default): a player who passes takes
        no more turns this round; ``"this_turn"``: a pass gives up only this turn, and the round
        ends when every player who could still act has passed since the last action taken.
    :ivar round_end: the rules say each player has 2 tokens (the Tycoon 3) and "There is no limit to
        how many +1 tokens you spend in a round, one per turn", and not when the round is over.
        ``"plus_included"`` (default): a player keeps taking turns while holding any token, +1
        Action tokens included; ``"action_tokens"``: a player whose action tokens are all placed
        takes no more turns (a +1 Action token is spent in a turn with an action token, or kept).
    :ivar last_round: the excerpt names "the last Revenue and Dividends" and not which round is the
        last.  ``"table"`` (default): the table ends the game at any round's end; a number: the
        game has that many rounds (before that round's end *end game* is refused, after it *new
        round* is).
    """

    forced_loan: Literal["full", "shortfall"] = "full"
    loan_at_top: Literal["top_level", "refused"] = "top_level"
    passing: Literal["final", "this_turn"] = "final"
    round_end: Literal["plus_included", "action_tokens"] = "plus_included"
    last_round: Literal["table", 4, 5, 6, 7, 8] = "table"


def read_six_options(data: Any, error: type[Exception]) -> SixOptions:
    """:class:`SixOptions` from JSON (``None``: the defaults). :raises error: naming the option."""
    return read_options(SixOptions, data, error)
