"""The Six Actions in a few lines, and the moves possible now: what ``help`` says at every prompt of
the terminal game (:mod:`companion.games.six_actions.terminal`, :class:`companion.table.prompt.Prompt`).

Source: seeds/six-actions-rules.txt (Action tokens, Build, Share, Muster, Strategy actions,
Politics, Loans, Emergency loan, Promissory notes), in our own words.
"""

from __future__ import annotations

from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.views import TableView

__all__ = ["RULES", "moves_now"]

#: The rules in short (help's first lines).
RULES = (
    "The Six Actions, in short:",
    "  On your turn take one action and mark it with an action token, or pass. Everyone has 2 tokens,",
    "  the Tycoon 3; each goes on a different action (a +1 Action token may repeat one, one a turn).",
    "  Build: an Industry card into an empty city, paying each sector's leader. Share: buy an opponent's",
    "  cheapest share. Muster: 1-6 Promoters to your Strategy Pool and a Merit card. Strategy: spend",
    "  Pool Promoters on a space's bonus. Politics: your Policies' bonus and a Favor token. Loan: your",
    "  loan level in Cr and a Promissory Note.",
    "  Free, at any moment: an Emergency Loan (up to 25 Cr and a note). Notes are repaid only at the",
    "  end, 50 Cr each; each unpaid one costs 50 Asset Value and 7 Influence.",
)


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _action(kind: str) -> str:
    return "End the turn" if kind == "end_turn" else kind.capitalize()


def moves_now(view: TableView) -> list[str]:
    """What the table may do at ``view``, one line each (the actions :attr:`TableView.available`
    names for the player whose turn it is, the free actions, undo)."""
    if view.pending_draw is not None:
        return [f"The table draws a {view.pending_draw} card: say which card it is."]
    free = "Free actions: Emergency Loan, Adjustment, a Merit card"
    undo = ["Undo the last action"] if view.can_undo else []
    if view.phase is Phase.TURN and view.current is not None:
        me = view.players[view.current]
        actions = ", ".join(_action(k) for k in view.available) or "none (end the turn)"
        return [
            f"{me.name}: {actions}",
            f"{me.name} has {_count(me.tokens_left, 'action token')} and "
            f"{_count(me.plus_tokens, '+1 Action token')} left",
            free + (", move the pawn" if view.metros else ""),
            *undo,
        ]
    if view.phase is Phase.ROUND_END:
        return [
            f"Round {view.round} is over: enter Revenue and Dividends as adjustments,",
            "then start the next round (choose its Tycoon) or end the game (the settlement)",
            "An Emergency Loan",
            *undo,
        ]
    rows = [r for r in view.settlement if not r.done]
    if rows:
        p = view.players[rows[0].seat]
        return [f"The settlement: {p.name} repays notes at 50 Cr each (up to {min(p.notes, p.money // 50)})"]
    return ["The game is over."]
