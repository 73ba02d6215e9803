"""What the table is told after each action: one or two plain sentences (the session's message).

"Ana built the Copper Mine in Ironton. Payments: Ana pays 2 Cr to Ben; Ana pays 4 Cr to the supply.
Ben's turn."
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import english
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.actions import (
    Action,
    Adjust,
    Build,
    Draw,
    EmergencyLoan,
    EndGame,
    EndTurn,
    Loan,
    MovePawn,
    Muster,
    NewRound,
    Pass,
    PlayMerit,
    Politics,
    Settle,
    Share,
    Start,
    Strategy,
    Undo,
)
from companion.games.six_actions.engine.economy import FORCED
from companion.games.six_actions.engine.state import GameState, Payment, Phase
from companion.games.six_actions.engine.strategy import space_named
from companion.games.six_actions.views import payment_sentence
from companion.i18n import _, ngettext
from companion.table.pack_words import pack_word

__all__ = ["sentence"]


def _what(content: ContentPack, state: GameState, action: Action, actor: str) -> str:
    name = state.account_name
    if isinstance(action, Build):
        card = content.industry(action.card)
        city = state.city_names.get(action.city, action.city)
        return _("{actor} built {card} in {city}.").format(
            actor=actor, card=pack_word(card.name) if card else action.card, city=city
        )
    if isinstance(action, Share):
        return _("{actor} bought a share of {opponent}.").format(actor=actor, opponent=name(action.opponent))
    if isinstance(action, Muster):
        return _("{actor} mustered {promoters} Promoters and drew a Merit card.").format(
            actor=actor, promoters=action.promoters
        )
    if isinstance(action, Strategy):
        space = space_named(action.space)
        return _("{actor} took {space} ({cost}).").format(actor=actor, space=_(space.title), cost=space.cost)
    if isinstance(action, Politics):
        return _("{actor} took Politics and a Favor token.").format(actor=actor)
    if isinstance(action, Loan):
        return _("{actor} took a Loan.").format(actor=actor)
    if isinstance(action, Pass):
        return _("{actor} passes for this round.").format(actor=actor)
    if isinstance(action, EndTurn):
        return _("{actor} ends the turn.").format(actor=actor)
    if isinstance(action, EmergencyLoan):
        return _("{player} took an Emergency Loan of {amount} Cr.").format(
            player=name(action.player), amount=action.amount
        )
    if isinstance(action, PlayMerit):
        merit = content.merit(action.card)
        return _("{player} played {merit}.").format(
            player=name(action.player), merit=pack_word(merit.name) if merit else action.card
        )
    if isinstance(action, Adjust):
        return _("Adjustment for {player}: {reason}.").format(
            player=name(action.player), reason=_(action.reason) if action.reason else ""
        )
    if isinstance(action, MovePawn):
        return _("The pawn is in {metro}.").format(metro=action.metro)
    if isinstance(action, NewRound):
        return _("Round {round}: {tycoon} is the Tycoon and begins.").format(
            round=state.round, tycoon=name(action.tycoon)
        )
    if isinstance(action, EndGame):
        return _("The end settlement: each player repays notes at 50 Cr each.")
    if isinstance(action, Settle):
        return _("{player} repaid {repay} notes.").format(player=name(action.player), repay=action.repay)
    if isinstance(action, Undo):
        return _("The last action was undone.")
    if isinstance(action, (Start, Draw)):
        return ""
    return ""  # pragma: no cover - every kind is named above


def sentence(
    content: ContentPack, state: GameState, action: Action, who: int | None, payments: Sequence[Payment]
) -> str:
    """The message after ``action`` (``state`` is the state after it; ``who`` the player whose turn it
    was; ``payments`` the ledger rows it wrote)."""
    actor = state.players[who].name if who is not None and who < len(state.players) else _("The table")
    parts = [_what(content, state, action, actor)]
    forced = [p for p in payments if p.payer == "bank" and english(p.reason).startswith(FORCED)]
    if forced:
        parts.append(
            ngettext(
                "{n} forced Emergency Loan ({amount} Cr) covered what was owed.",
                "{n} forced Emergency Loans ({amount} Cr) covered what was owed.",
                len(forced),
            ).format(n=len(forced), amount=sum(p.amount for p in forced))
        )
    paid = [p for p in payments if isinstance(p.payer, int)]
    if paid and not isinstance(action, Undo):
        parts.append(
            _("Payments: {payments}.").format(
                payments="; ".join(
                    payment_sentence(state.account_name(p.payer), state.account_name(p.payee), p.amount)
                    for p in paid
                )
            )
        )
    if state.phase is Phase.ROUND_END and not isinstance(action, Undo):
        parts.append(
            _("Round {round} is over: enter Revenue and Dividends, then the next round.").format(
                round=state.round
            )
        )
    elif state.current is not None and state.current != who and state.phase is Phase.TURN:
        parts.append(_("{name}'s turn.").format(name=state.players[state.current].name))
    return " ".join(p for p in parts if p)
