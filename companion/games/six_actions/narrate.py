"""What the table is told after each action: one or two plain sentences (the session's message).

"Ana built the Copper Mine in Ironton. Paid: Ana 2 Cr to Ben, 4 Cr to the supply. Ben's turn."
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

__all__ = ["sentence"]


def _what(content: ContentPack, state: GameState, action: Action, actor: str) -> str:
    name = state.account_name
    if isinstance(action, Build):
        card = content.industry(action.card)
        city = state.city_names.get(action.city, action.city)
        return f"{actor} built {card.name if card else action.card} in {city}."
    if isinstance(action, Share):
        return f"{actor} bought a share of {name(action.opponent)}."
    if isinstance(action, Muster):
        return f"{actor} mustered {action.promoters} Promoters and drew a Merit card."
    if isinstance(action, Strategy):
        space = space_named(action.space)
        return f"{actor} took {space.title} ({space.cost})."
    if isinstance(action, Politics):
        return f"{actor} took Politics and a Favor token."
    if isinstance(action, Loan):
        return f"{actor} took a Loan."
    if isinstance(action, Pass):
        return f"{actor} passes for this round."
    if isinstance(action, EndTurn):
        return f"{actor} ends the turn."
    if isinstance(action, EmergencyLoan):
        return f"{name(action.player)} took an Emergency Loan of {action.amount} Cr."
    if isinstance(action, PlayMerit):
        merit = content.merit(action.card)
        return f"{name(action.player)} played {merit.name if merit else action.card}."
    if isinstance(action, Adjust):
        return f"Adjustment for {name(action.player)}: {action.reason}."
    if isinstance(action, MovePawn):
        return f"The pawn is in {action.metro}."
    if isinstance(action, NewRound):
        return f"Round {state.round}: {name(action.tycoon)} is the Tycoon and begins."
    if isinstance(action, EndGame):
        return "The end settlement: each player repays notes at 50 Cr each."
    if isinstance(action, Settle):
        return f"{name(action.player)} repaid {action.repay} notes."
    if isinstance(action, Undo):
        return "The last action was undone."
    if isinstance(action, (Start, Draw)):
        return ""
    return ""  # pragma: no cover - every kind is named above


def _account(state: GameState, account: object) -> str:
    return state.players[account].name if isinstance(account, int) else f"the {account}"


def sentence(
    content: ContentPack, state: GameState, action: Action, who: int | None, payments: Sequence[Payment]
) -> str:
    """The message after ``action`` (``state`` is the state after it; ``who`` the player whose turn it
    was; ``payments`` the ledger rows it wrote)."""
    actor = state.players[who].name if who is not None and who < len(state.players) else "The table"
    parts = [_what(content, state, action, actor)]
    forced = [p for p in payments if p.payer == "bank" and english(p.reason).startswith(FORCED)]
    if forced:
        parts.append(
            f"{len(forced)} forced Emergency Loan{'s' * (len(forced) > 1)} "
            f"({sum(p.amount for p in forced)} Cr) covered what was owed."
        )
    paid = [p for p in payments if isinstance(p.payer, int)]
    if paid and not isinstance(action, Undo):
        parts.append(
            "Paid: "
            + "; ".join(
                f"{_account(state, p.payer)} {p.amount} Cr to {_account(state, p.payee)}" for p in paid
            )
            + "."
        )
    if state.phase is Phase.ROUND_END and not isinstance(action, Undo):
        parts.append(f"Round {state.round} is over: enter Revenue and Dividends, then the next round.")
    elif state.current is not None and state.current != who and state.phase is Phase.TURN:
        parts.append(f"{state.players[state.current].name}'s turn.")
    return " ".join(p for p in parts if p)
