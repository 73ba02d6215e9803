"""The bank's and the turn's bookkeeping, written once: payments, forced Emergency Loans, gains,
sector leaders, action tokens and whose turn it is.

Source: ``seeds/six-actions-rules.txt`` (Action tokens; Build, step 2 for leaders; Emergency loan;
Promissory notes).  Every function raises :class:`~companion.errors.IllegalAction` before it changes
anything it would have to take back, and the engine runs actions on a copy of the state anyway.

**The forced Emergency Loan (our decision).**  "You must take one whenever you can't pay what you
owe": a payment the player cannot cover takes the Emergency Loans itself, as part of the action
that owes it: as few loans as cover the shortfall, each the full 25 Cr (a note costs the same
whatever it is for, so the player takes the most), one note each; the table option
``forced_loan = "shortfall"`` (:class:`~companion.games.six_actions.engine.options.SixOptions`)
takes only what is short instead.  When those notes would pass 10
the action is refused, naming the shortfall and the notes held: at 10 notes a player cannot owe
what they cannot pay, and the table chooses another action.
"""

from __future__ import annotations

import math

from companion.errors import IllegalAction, said
from companion.games.six_actions.content.model import SECTORS, ContentPack, Reward
from companion.games.six_actions.engine.state import (
    BANK,
    EMERGENCY_MOST,
    MAX_NOTES,
    SUPPLY,
    TOKENS,
    TYCOON_TOKENS,
    Account,
    GameState,
    Payment,
    Pending,
    Phase,
)
from companion.i18n import N_
from companion.table.words import action_word, counted, phase_word, pile_word

__all__ = [
    "FORCED",
    "pay",
    "charge",
    "emergency_loan",
    "gain",
    "queue_draw",
    "leader_level",
    "update_leaders",
    "holds_tokens",
    "tokens_for",
    "tokens_left",
    "use_token",
    "after_action",
    "next_turn",
    "start_round",
    "loans_needed",
]

#: The English reason (:func:`~companion.errors.english`) of every forced Emergency Loan in the ledger
#: starts with this.
FORCED = "forced Emergency Loan"


def pay(state: GameState, payer: Account, payee: Account, amount: int, reason: str, action: int) -> None:
    """Move ``amount`` Cr (> 0) and write it in the ledger; a seat's money never goes below 0 here
    (:func:`charge` takes the loans first)."""
    if amount <= 0:
        return
    if isinstance(payer, int):
        if state.players[payer].money < amount:  # pragma: no cover - charge() guarantees it
            raise IllegalAction(
                said(N_("{name} cannot pay {amount} Cr"), name=state.players[payer].name, amount=amount)
            )
        state.players[payer].money -= amount
    if isinstance(payee, int):
        state.players[payee].money += amount
    state.ledger.append(Payment(payer, payee, amount, reason, action))


def loans_needed(owed: int, money: int) -> int:
    """Emergency Loans of 25 Cr that cover paying ``owed`` Cr with ``money`` Cr."""
    return max(0, math.ceil((owed - money) / EMERGENCY_MOST))


def emergency_loan(state: GameState, seat: int, amount: int, reason: str, action: int) -> None:
    """``seat`` takes ``amount`` (1-25) Cr from the bank and a note; no Finance step (Emergency loan).

    :raises IllegalAction: an amount outside 1-25, or the player holds 10 notes already.
    """
    player = state.players[seat]
    if not 1 <= amount <= EMERGENCY_MOST:
        raise IllegalAction(
            said(N_("an Emergency Loan is 1 to {most} Cr, not {amount}"), most=EMERGENCY_MOST, amount=amount)
        )
    if player.notes >= MAX_NOTES:
        raise IllegalAction(
            said(
                N_("{name} holds {notes} Promissory Notes, the most a player can hold"),
                name=player.name,
                notes=player.notes,
            )
        )
    player.notes += 1
    pay(state, BANK, seat, amount, reason, action)


def charge(state: GameState, seat: int, debts: list[tuple[Account, int, str]], action: int, why: str) -> int:
    """``seat`` pays each ``(payee, Cr, reason)``, taking forced Emergency Loans first for what it
    cannot cover (see the module).  :returns: the forced loans taken.

    :raises IllegalAction: the loans needed would take the player past 10 notes.
    """
    player = state.players[seat]
    owed = sum(amount for _, amount, _ in debts if amount > 0)
    loans = loans_needed(owed, player.money)
    if loans and player.notes + loans > MAX_NOTES:
        raise IllegalAction(
            said(
                N_(
                    "{name} owes {owed} Cr for {why} and has {money} Cr; the {short} Cr short would need "
                    "{loans}, "
                    "and {name} holds {notes} of the {most} notes a player may hold"
                ),
                name=player.name,
                owed=owed,
                why=why,
                money=player.money,
                short=owed - player.money,
                loans=counted.ngettext("{n} Emergency Loan", "{n} Emergency Loans", loans),
                notes=player.notes,
                most=MAX_NOTES,
            )
        )
    short = left = owed - player.money
    for _ in range(loans):
        amount = EMERGENCY_MOST if state.options.forced_loan == "full" else min(EMERGENCY_MOST, left)
        left -= amount
        emergency_loan(
            state,
            seat,
            amount,
            said(N_("forced Emergency Loan: {why} ({short} Cr short)"), why=why, short=short),
            action,
        )
    for payee, amount, reason in debts:
        pay(state, seat, payee, amount, reason, action)
    return loans


def queue_draw(state: GameState, pile: str, seat: int | None, why: str) -> None:
    """Wait for a card from ``pile`` (for ``seat``, or to the open cards), if the pile still has one
    not already waited for (an empty pile gives nothing: our decision)."""
    waiting = sum(1 for p in state.pending if p.pile == pile)
    if len(state.piles.get(pile, [])) > waiting:
        state.pending.append(Pending(pile, seat, why))


def gain(state: GameState, seat: int, reward: Reward, reason: str, action: int) -> None:
    """``seat`` gains ``reward``: Cr from the supply, Influence, Promoters to hand, Merit cards drawn."""
    player = state.players[seat]
    pay(state, SUPPLY, seat, reward.money, reason, action)
    player.influence += reward.influence
    player.hand += reward.promoters
    for _ in range(reward.merit):
        queue_draw(state, "merit", seat, reason)


def leader_level(content: ContentPack, steps: int) -> int:
    """A leader's level for ``steps`` on the track: how many of the pack's leader levels it reached."""
    return sum(1 for need in content.leader_levels if steps >= need)


def update_leaders(content: ContentPack, state: GameState) -> None:
    """Each sector's leader after a track changed (our decision): the player with the most steps, at
    least the first leader level; on a tie the player who led keeps the lead, and a tie without
    them leaves the sector without a leader."""
    for sector in SECTORS:
        best = max((p.steps.get(sector, 0) for p in state.players), default=0)
        if best < content.leader_levels[0]:
            state.leaders[sector] = None
            continue
        ahead = [i for i, p in enumerate(state.players) if p.steps.get(sector, 0) == best]
        now = state.leaders.get(sector)
        state.leaders[sector] = now if now in ahead else ahead[0] if len(ahead) == 1 else None


def tokens_for(state: GameState, seat: int) -> int:
    """Action tokens of ``seat`` this round: 2, the Tycoon 3."""
    return TYCOON_TOKENS if seat == state.tycoon else TOKENS


def tokens_left(state: GameState, seat: int) -> int:
    """Action tokens ``seat`` has not placed this round (+1 Action tokens not counted)."""
    return tokens_for(state, seat) - len(state.players[seat].marked)


def use_token(state: GameState, kind: str, plus: bool) -> int:
    """Place the current player's token on action ``kind`` (Action tokens).  :returns: the seat.

    :raises IllegalAction: not in a round's turn, a draw is awaited, every token placed, a token
        already placed this turn, a second token on the same action without a +1 Action token, no
        +1 Action token, or a second +1 Action token this turn.
    """
    if state.phase is not Phase.TURN or state.current is None:
        raise IllegalAction(
            said(
                N_("no one takes an action now: the game is at its {phase}"),
                phase=phase_word(state.phase.value),
            )
        )
    if state.pending:
        raise IllegalAction(
            said(
                N_("first the {pile} card to draw ({why})"),
                pile=pile_word(state.pending[0].pile),
                why=state.pending[0].why,
            )
        )
    seat = state.current
    player = state.players[seat]
    title = action_word(kind)
    if plus:
        if player.plus < 1:
            raise IllegalAction(said(N_("{name} has no +1 Action token"), name=player.name))
        if state.turn_plus:
            raise IllegalAction(
                said(
                    N_("{name} has already spent a +1 Action token this turn: one per turn"), name=player.name
                )
            )
        player.plus -= 1
        state.turn_plus = True
        _acted(state)
        return seat
    if state.turn_token:
        raise IllegalAction(
            said(
                N_(
                    "{name} has already placed an action token this turn (a +1 Action token may still be "
                    "spent)"
                ),
                name=player.name,
            )
            if player.plus and not state.turn_plus
            else said(N_("{name} has already placed an action token this turn"), name=player.name)
        )
    if tokens_left(state, seat) < 1:
        raise IllegalAction(
            said(
                N_("{name} has placed all {tokens} action tokens this round"),
                name=player.name,
                tokens=tokens_for(state, seat),
            )
        )
    if kind in player.marked:
        raise IllegalAction(
            said(
                N_(
                    "{name}'s token is already on {title} this round: each token goes on a different "
                    "action, and only a +1 Action token can repeat one"
                ),
                name=player.name,
                title=title,
            )
        )
    player.marked.append(kind)
    state.turn_token = True
    _acted(state)
    return seat


def _acted(state: GameState) -> None:
    """An action was taken: with ``passing = "this_turn"`` every earlier pass is forgotten (the
    round ends only after a whole circle of passes)."""
    if state.options.passing == "this_turn":
        for each in state.players:
            each.passed = False


def holds_tokens(state: GameState, seat: int) -> bool:
    """Whether ``seat`` still holds a token that keeps them in the round: an action token, or (table
    option ``round_end = "plus_included"``, the default) a +1 Action token."""
    if tokens_left(state, seat) > 0:
        return True
    return state.options.round_end == "plus_included" and state.players[seat].plus > 0


def after_action(state: GameState) -> None:
    """End the turn unless the current player may still act in it: a turn is one action with an
    action token and one with a +1 Action token, at most, in either order (our reading of "one per
    turn"); a player who could still spend one ends the turn with :class:`EndTurn`."""
    seat = state.current
    if seat is None:
        return
    player = state.players[seat]
    more_plus = not state.turn_plus and player.plus > 0
    more_token = not state.turn_token and tokens_left(state, seat) > 0
    if not (more_plus or more_token):
        next_turn(state)


def next_turn(state: GameState) -> None:
    """The next seat in order that still holds a token (:func:`holds_tokens`) and, a pass being final
    (table option ``passing``, the default), has not passed; none: the round ends (our decision:
    when every player has passed or placed all tokens, +1 Action tokens included by default).  With
    ``passing = "this_turn"`` a player who passed is asked again, and the round ends when every
    player still holding a token has passed since the last action taken."""
    start = state.current if state.current is not None else state.tycoon
    count = len(state.players)
    state.turn_token = state.turn_plus = False
    final = state.options.passing == "final"
    holding = [seat for seat in range(count) if holds_tokens(state, seat)]
    if final or not all(state.players[seat].passed for seat in holding):
        for step in range(1, count + 1):
            seat = (start + step) % count
            if seat in holding and not (final and state.players[seat].passed):
                state.current = seat
                return
    state.current = None
    state.phase = Phase.ROUND_END


def start_round(state: GameState, tycoon: int) -> None:
    """A new round: tokens back, passes cleared; the Tycoon takes the first turn (our decision)."""
    state.round += 1
    state.tycoon = tycoon
    for player in state.players:
        player.marked.clear()
        player.passed = False
    state.phase = Phase.TURN
    state.turn_token = state.turn_plus = False
    state.current = tycoon
