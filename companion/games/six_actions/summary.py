"""The Six Actions in a few lines, and the moves possible now: what ``help`` says at every prompt of
the terminal game (:mod:`companion.games.six_actions.terminal`, :class:`companion.table.prompt.Prompt`).

Source: seeds/six-actions-rules.txt (Action tokens, Build, Share, Muster, Strategy actions,
Politics, Loans, Emergency loan, Promissory notes), in our own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.views import TableView
from companion.i18n import N_, _, ngettext
from companion.table.words import Lines, action_word, pile_word

__all__ = ["RULES", "Figures", "moves_now", "winner_line"]

#: The rules in short (help's first lines).
RULES = Lines(
    N_(
        "The Six Actions, in short:\n"
        "  On your turn take one action and mark it with an action token, or pass. Everyone has 2 tokens,\n"
        "  the Tycoon 3; each goes on a different action (a +1 Action token may repeat one, one a turn).\n"
        "  Build: an Industry card into an empty city, paying each sector's leader. Share: buy an "
        "opponent's\n"
        "  cheapest share. Muster: 1-6 Promoters to your Strategy Pool and a Merit card. Strategy: spend\n"
        "  Pool Promoters on a space's bonus. Politics: your Policies' bonus and a Favor token. Loan: your\n"
        "  loan level in Cr and a Promissory Note.\n"
        "  Free, at any moment: an Emergency Loan (up to 25 Cr and a note). Notes are repaid only at the\n"
        "  end, 50 Cr each; each unpaid one costs 50 Asset Value and 7 Influence."
    )
)


def _action(kind: str) -> str:
    return _("End the turn") if kind == "end_turn" else action_word(kind)


def moves_now(view: TableView) -> list[str]:
    """What the table may do at ``view``, one line each (the actions :attr:`TableView.available`
    names for the player whose turn it is, the free actions, undo)."""
    if view.pending_draw is not None:
        return [
            _("The table draws a {pile} card: say which card it is.").format(
                pile=pile_word(view.pending_draw)
            )
        ]
    free = _("Free actions: Emergency Loan, Adjustment, a Merit card")
    undo = [_("Undo the last action")] if view.can_undo else []
    if view.phase is Phase.TURN and view.current is not None:
        me = view.players[view.current]
        actions = ", ".join(_action(k) for k in view.available) or _("none (end the turn)")
        return [
            _("{name}: {actions}").format(name=me.name, actions=actions),
            _("{name} has {tokens} and {plus} left").format(
                name=me.name,
                tokens=ngettext("{n} action token", "{n} action tokens", me.tokens_left).format(
                    n=me.tokens_left
                ),
                plus=ngettext("{n} +1 Action token", "{n} +1 Action tokens", me.plus_tokens).format(
                    n=me.plus_tokens
                ),
            ),
            _("{free}, move the pawn").format(free=free) if view.metros else free,
            *undo,
        ]
    if view.phase is Phase.ROUND_END:
        return [
            _("Round {round} is over: enter Revenue and Dividends as adjustments,").format(round=view.round),
            _("then start the next round (choose its Tycoon) or end the game (the settlement)"),
            _("An Emergency Loan"),
            *undo,
        ]
    rows = [r for r in view.settlement if not r.done]
    if rows:
        p = view.players[rows[0].seat]
        return [
            _("The settlement: {name} repays notes at 50 Cr each (up to {most})").format(
                name=p.name, most=min(p.notes, p.money // 50)
            )
        ]
    return [_("The game is over.")]


class Figures(Protocol):
    """A player's end figures (:class:`~companion.games.six_actions.engine.game.Standing` or
    :class:`~companion.games.six_actions.views.PlayerPanel`)."""

    @property
    def name(self) -> str: ...
    @property
    def asset_value(self) -> int: ...
    @property
    def influence(self) -> int: ...
    @property
    def money(self) -> int: ...


def winner_line(players: Sequence[Figures]) -> str:
    """Who won, and what decided it: the highest Asset Value, on a tie the most Influence, then the
    most Cr; a tie on all three shares the win.  The excerpt names no winner; this ranking is our
    decision (docs/six-actions.md, the settlement; :meth:`Session.ranking` and the history's winners
    rank the same way).  ``""`` without players."""
    if not players:
        return ""
    best_av = max(p.asset_value for p in players)
    first = [p for p in players if p.asset_value == best_av]
    if len(first) == 1:
        return _("{name} wins with the highest Asset Value ({asset_value}).").format(
            name=first[0].name, asset_value=best_av)
    best_influence = max(p.influence for p in first)
    second = [p for p in first if p.influence == best_influence]
    if len(second) == 1:
        return _("{name} wins: tied on Asset Value ({asset_value}), the most Influence ({influence}) "
                 "decides.").format(name=second[0].name, asset_value=best_av, influence=best_influence)
    best_money = max(p.money for p in second)
    third = [p for p in second if p.money == best_money]
    if len(third) == 1:
        return _("{name} wins: tied on Asset Value ({asset_value}) and Influence ({influence}), the most "
                 "Cr ({money}) decides.").format(name=third[0].name, asset_value=best_av,
                                                 influence=best_influence, money=best_money)
    return _("{names} share the win: tied on Asset Value ({asset_value}), Influence ({influence}) and Cr "
             "({money}).").format(names=_(" and ").join([", ".join(p.name for p in third[:-1]),
                                                         third[-1].name]),
                                  asset_value=best_av, influence=best_influence, money=best_money)
