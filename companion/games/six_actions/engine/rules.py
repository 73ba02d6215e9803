"""The referee: each action's check and effect, once (``seeds/six-actions-rules.txt``).

:func:`apply_action` changes the state it is given and raises
:class:`~companion.errors.IllegalAction` with the reason at the first rule an action breaks; the
:class:`~companion.games.six_actions.engine.game.Game` runs it on a copy, so a refused action leaves
the game as it was.  The Strategy spaces are :mod:`~companion.games.six_actions.engine.strategy`,
payments and tokens :mod:`~companion.games.six_actions.engine.economy`, Build
:mod:`~companion.games.six_actions.engine.building`.
"""

from __future__ import annotations

import random

from companion.errors import IllegalAction, said
from companion.games.six_actions.content.model import ContentPack, Reward
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
)
from companion.games.six_actions.engine.building import build, build_costs
from companion.games.six_actions.engine.economy import (
    after_action,
    charge,
    emergency_loan,
    gain,
    next_turn,
    pay,
    queue_draw,
    start_round,
    update_leaders,
    use_token,
)
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.state import (
    BANK,
    FIRST_LOAN,
    MAX_NOTES,
    NOTE_ASSET_VALUE,
    NOTE_INFLUENCE,
    NOTE_REPAY,
    SUPPLY,
    Account,
    GameState,
    Phase,
    PlayerState,
)
from companion.games.six_actions.engine.strategy import strategy
from companion.i18n import N_
from companion.table.seat_names import clean_name, names_problem
from companion.table.words import counted, phase_word, pile_word

__all__ = ["COLOURS", "MAX_NAME", "new_state", "apply_action", "loan_amount", "build_costs", "seat_of"]

#: The players' colours (our decision: five that read apart on the screen and for colour-blind eyes).
COLOURS = ("red", "blue", "green", "yellow", "purple")
#: Longest player name.
MAX_NAME = 20
#: The phases in which the free actions (Emergency Loan, Merit card, adjustment, pawn) may be taken.
FREE_PHASES = (Phase.TURN, Phase.ROUND_END)


def new_state(content: ContentPack, layout: str, seed: int, options: SixOptions | None = None) -> GameState:
    """A game before :class:`Start`: the piles shuffled by ``seed`` (each draw is still a recorded
    :class:`Draw`, so a table's own deck can supply the card instead)."""
    rng = random.Random(seed)
    piles = {
        "industry": [c.id for c in content.industries],
        "policy": [c.id for c in content.policies],
        "merit": [c.id for c in content.merits],
    }
    for cards in piles.values():
        rng.shuffle(cards)
    state = GameState(layout=layout, seed=seed, piles=piles, options=options or SixOptions())
    if layout == "map" and content.game_map is not None:
        state.pawn = next(c.id for c in content.game_map.cities if c.metro)
    return state


def seat_of(state: GameState, seat: int, what: str = "") -> PlayerState:
    """:param what: who sits there, for the refusal (default: a player).
    :raises IllegalAction: no such seat."""
    what = what or said(N_("player"))
    if not 0 <= seat < len(state.players):
        raise IllegalAction(
            said(
                N_("there is no {what} in seat {seat} (seats 0 to {n})"),
                what=what,
                seat=seat,
                n=len(state.players) - 1,
            )
        )
    return state.players[seat]


def loan_amount(content: ContentPack, finance: int) -> int:
    """What a Loan gives at Finance step ``finance`` (0: no disc yet, 30 Cr)."""
    return FIRST_LOAN if finance == 0 else content.finance[min(finance, len(content.finance)) - 1]


def _start(content: ContentPack, state: GameState, action: Start, index: int) -> None:
    setup = content.setup
    if state.players:
        raise IllegalAction(said(N_("the game has already started")))
    count = len(action.names)
    if not setup.min_players <= count <= setup.max_players:
        raise IllegalAction(
            said(
                N_("The Six Actions takes {min_players} to {max_players} players, not {count}"),
                min_players=setup.min_players,
                max_players=setup.max_players,
                count=count,
            )
        )
    names = [clean_name(n) for n in action.names]
    problem = names_problem(names, MAX_NAME)
    if problem is not None:
        raise IllegalAction(problem)
    if (
        len(action.colours) != count
        or len(set(action.colours)) != count
        or any(c not in COLOURS for c in action.colours)
    ):
        raise IllegalAction(
            said(N_("each player needs a different colour of {colours}"), colours=", ".join(COLOURS))
        )
    if not 0 <= action.tycoon < count:
        raise IllegalAction(
            said(N_("the Tycoon's seat is 0 to {n}, not {tycoon}"), n=count - 1, tycoon=action.tycoon)
        )
    for seat, (name, colour) in enumerate(zip(names, action.colours, strict=True)):
        player = PlayerState(
            name, colour, influence=setup.influence, hand=setup.promoters, shares=list(content.shares)
        )
        state.players.append(player)
        pay(state, SUPPLY, seat, setup.money, said(N_("starting money")), index)
    state.tycoon = action.tycoon
    for seat in range(count):
        for _ in range(setup.industries):
            queue_draw(state, "industry", seat, said(N_("a starting Industry card")))
        for _ in range(setup.policies):
            queue_draw(state, "policy", seat, said(N_("a starting Policy")))
    for _ in range(setup.open_industries):
        queue_draw(state, "industry", None, said(N_("the open Industry cards")))
    for _ in range(2):
        queue_draw(state, "policy", None, said(N_("the 2 open Policies")))
    update_leaders(content, state)
    if not state.pending:
        start_round(state, state.tycoon)


def _draw(state: GameState, action: Draw) -> None:
    if not state.pending:
        raise IllegalAction(said(N_("no card is to be drawn now")))
    wanted = state.pending[0]
    if action.pile != wanted.pile:
        raise IllegalAction(
            said(
                N_("the draw waited for is a {pile} card ({why}), not a {pile2} card"),
                pile=pile_word(wanted.pile),
                why=wanted.why,
                pile2=pile_word(action.pile),
            )
        )
    pile = state.piles[wanted.pile]
    if action.card not in pile:
        raise IllegalAction(
            said(N_("{card!r} is not in the {pile} pile"), card=action.card, pile=pile_word(wanted.pile))
        )
    pile.remove(action.card)
    state.pending.pop(0)
    if wanted.seat is None:
        (state.open_industries if wanted.pile == "industry" else state.open_policies).append(action.card)
    else:
        player = state.players[wanted.seat]
        {"industry": player.industries, "policy": player.policies, "merit": player.merit}[wanted.pile].append(
            action.card
        )
    if state.phase is Phase.SETUP and not state.pending:
        start_round(state, state.tycoon)


def _share(content: ContentPack, state: GameState, action: Share, index: int) -> None:
    seat = use_token(state, "share", action.plus)
    opponent = seat_of(state, action.opponent, said(N_("opponent")))
    if action.opponent == seat:
        raise IllegalAction(said(N_("a Share is bought from an opponent, not from yourself")))
    if not opponent.shares:
        raise IllegalAction(said(N_("{name} has no share left to sell"), name=opponent.name))
    value = opponent.shares[0]
    buyer = state.players[seat]
    charge(
        state,
        seat,
        [(action.opponent, value, said(N_("Share: {name}'s cheapest share"), name=opponent.name))],
        index,
        said(N_("{name}'s share"), name=opponent.name),
    )
    opponent.shares.pop(0)
    buyer.held.append((action.opponent, value))
    bonus = 2 * len(buyer.held)
    reward = Reward(influence=bonus) if content.setup.share_gain == "influence" else Reward(money=bonus)
    gain(
        state,
        seat,
        reward,
        said(N_("Share: 2 per opponent share held ({held})"), held=len(buyer.held)),
        index,
    )


def _muster(state: GameState, action: Muster) -> None:
    seat = use_token(state, "muster", action.plus)
    player = state.players[seat]
    if not 1 <= action.promoters <= 6:
        raise IllegalAction(
            said(N_("Muster moves 1 to 6 Promoters, not {promoters}"), promoters=action.promoters)
        )
    if action.promoters > player.hand:
        raise IllegalAction(
            said(
                N_("{name} has {hand} Promoters in hand, not {promoters}"),
                name=player.name,
                hand=player.hand,
                promoters=action.promoters,
            )
        )
    player.hand -= action.promoters
    player.pool += action.promoters
    queue_draw(state, "merit", seat, said(N_("{name}'s Merit card (Muster)"), name=player.name))


def _politics(content: ContentPack, state: GameState, action: Politics, index: int) -> None:
    seat = use_token(state, "politics", action.plus)
    player = state.players[seat]
    total = Reward()
    for card in player.policies:
        policy = content.policy(card)
        if policy is not None:
            b = policy.politics
            total = Reward(
                total.money + b.money,
                total.influence + b.influence,
                total.promoters + b.promoters,
                total.merit + b.merit,
            )
    owned = len(player.policies)
    gain(state, seat, total, counted.ngettext("Politics: {n} Policy", "Politics: {n} Policies", owned), index)
    player.favors += 1


def _loan(content: ContentPack, state: GameState, action: Loan, index: int) -> None:
    seat = use_token(state, "loan", action.plus)
    player = state.players[seat]
    if player.notes >= MAX_NOTES:
        raise IllegalAction(
            said(
                N_("{name} holds {notes} Promissory Notes, the most a player can hold"),
                name=player.name,
                notes=player.notes,
            )
        )
    top = len(content.finance)
    if state.options.loan_at_top == "refused" and top and player.finance >= top:
        raise IllegalAction(
            said(
                N_(
                    "{name}'s Finance disc is at the top: a Loan would be worth no more than the last "
                    "(table option loan_at_top; Loan)"
                ),
                name=player.name,
            )
        )
    amount = loan_amount(content, player.finance)
    player.notes += 1
    why = (
        said(N_("first Loan (no Finance disc yet)"))
        if player.finance == 0
        else said(N_("Loan at Finance step {step}"), step=player.finance)
    )

    pay(state, BANK, seat, amount, why, index)
    player.finance = min(player.finance + 1, len(content.finance))


def _free(state: GameState, what: str) -> None:
    """:raises IllegalAction: ``what`` (a free action, in words) is not taken in this phase."""
    if state.phase not in FREE_PHASES:
        raise IllegalAction(
            said(
                N_("{what} is taken during the rounds, not at the game's {phase}"),
                what=what,
                phase=phase_word(state.phase.value),
            )
        )


def _adjust(state: GameState, action: Adjust, index: int) -> None:
    _free(state, said(N_("an adjustment")))
    player = seat_of(state, action.player)
    reason = " ".join(action.reason.split())
    if not reason:
        raise IllegalAction(said(N_("an adjustment needs its reason (Revenue, Dividends, a Merit card ...)")))
    if not (action.money or action.influence or action.asset_value or action.promoters):
        raise IllegalAction(
            said(N_("an adjustment changes something: money, Influence, Asset Value or Promoters"))
        )
    if action.counterparty is not None:
        seat_of(state, action.counterparty, said(N_("counterparty")))
        if action.counterparty == action.player:
            raise IllegalAction(said(N_("a payment between players needs two different players")))
    for name, have, change in (
        (said(N_("Influence")), player.influence, action.influence),
        (said(N_("Asset Value")), player.asset_value, action.asset_value),
        (said(N_("Promoters in hand")), player.hand, action.promoters),
    ):
        if have + change < 0:
            raise IllegalAction(
                said(
                    N_("{name} has {have} {what}, and cannot lose {lost}"),
                    name=player.name,
                    have=have,
                    what=name,
                    lost=-change,
                )
            )
    other: Account = SUPPLY if action.counterparty is None else action.counterparty
    if action.money < 0:
        charge(state, action.player, [(other, -action.money, reason)], index, reason)
    elif action.money > 0:
        if isinstance(other, int):
            charge(state, other, [(action.player, action.money, reason)], index, reason)
        else:
            pay(state, other, action.player, action.money, reason, index)
    player.influence += action.influence
    player.asset_value += action.asset_value
    player.hand += action.promoters


def _settle(state: GameState, action: Settle, index: int) -> None:
    if state.phase is not Phase.SETTLEMENT:
        raise IllegalAction(
            said(N_("notes are repaid only at the very end, after the last Revenue and Dividends"))
        )
    player = seat_of(state, action.player)
    if player.settled:
        raise IllegalAction(said(N_("{name} has already settled"), name=player.name))
    if not 0 <= action.repay <= player.notes:
        raise IllegalAction(
            said(
                N_("{name} holds {notes} notes; repay 0 to {notes}, not {repay}"),
                name=player.name,
                notes=player.notes,
                repay=action.repay,
            )
        )
    if action.repay * NOTE_REPAY > player.money:
        raise IllegalAction(
            said(
                N_("{name} has {money} Cr and can repay at most {most} notes at {each} Cr each"),
                name=player.name,
                money=player.money,
                most=player.money // NOTE_REPAY,
                each=NOTE_REPAY,
            )
        )
    pay(
        state,
        action.player,
        BANK,
        action.repay * NOTE_REPAY,
        said(N_("repays {repay} Promissory Notes"), repay=action.repay),
        index,
    )
    unpaid = player.notes - action.repay
    player.asset_value -= unpaid * NOTE_ASSET_VALUE
    player.influence -= unpaid * NOTE_INFLUENCE
    player.repaid, player.settled = action.repay, True
    if all(p.settled for p in state.players):
        state.phase = Phase.OVER


def apply_action(content: ContentPack, state: GameState, action: Action, index: int) -> None:
    """Check and apply one action (not :class:`Undo`: the game's) to ``state`` in place.

    :param index: the action's index in the record (the ledger names it).
    :raises IllegalAction: the first rule it breaks; ``state`` may then be half changed, so the
        caller works on a copy (:meth:`Game.play`).
    """
    if state.phase is Phase.OVER:
        raise IllegalAction(said(N_("the game is over")))
    if not state.players and not isinstance(action, Start):
        raise IllegalAction(said(N_("the game starts with its players (a start action)")))
    if state.pending and not isinstance(action, (Draw, EmergencyLoan, PlayMerit, Adjust)):
        raise IllegalAction(
            said(
                N_("first the {pile} card to draw ({why})"),
                pile=pile_word(state.pending[0].pile),
                why=state.pending[0].why,
            )
        )
    token = isinstance(action, (Build, Share, Muster, Strategy, Politics, Loan))
    if isinstance(action, Start):
        _start(content, state, action, index)
    elif isinstance(action, Draw):
        _draw(state, action)
    elif isinstance(action, Build):
        build(content, state, action, index)
    elif isinstance(action, Share):
        _share(content, state, action, index)
    elif isinstance(action, Muster):
        _muster(state, action)
    elif isinstance(action, Strategy):
        strategy(content, state, use_token(state, "strategy", action.plus), action, index)
    elif isinstance(action, Politics):
        _politics(content, state, action, index)
    elif isinstance(action, Loan):
        _loan(content, state, action, index)
    elif isinstance(action, (Pass, EndTurn)):
        _end_turn(state, action)
    elif isinstance(action, EmergencyLoan):
        _free(state, said(N_("an Emergency Loan")))
        seat_of(state, action.player)
        emergency_loan(state, action.player, action.amount, said(N_("Emergency Loan")), index)
    elif isinstance(action, PlayMerit):
        _free(state, said(N_("a Merit card")))
        player = seat_of(state, action.player)
        if action.card not in player.merit:
            raise IllegalAction(
                said(N_("{name} holds no Merit card {card!r}"), name=player.name, card=action.card)
            )
        player.merit.remove(action.card)
        state.piles["merit"].append(action.card)
    elif isinstance(action, Adjust):
        _adjust(state, action, index)
    elif isinstance(action, MovePawn):
        _move_pawn(content, state, action)
    elif isinstance(action, (NewRound, EndGame)):
        _round(state, action)
    elif isinstance(action, Settle):
        _settle(state, action, index)
    else:  # pragma: no cover - Undo is the game's
        raise IllegalAction(said(N_("{kind} is not a rule of the game"), kind=type(action).__name__))
    if token:
        after_action(state)


def _end_turn(state: GameState, action: Pass | EndTurn) -> None:
    if state.phase is not Phase.TURN or state.current is None:
        raise IllegalAction(said(N_("no one's turn is running now")))
    player = state.players[state.current]
    if isinstance(action, Pass):
        player.passed = True
    elif not (state.turn_token or state.turn_plus):
        raise IllegalAction(
            said(N_("{name} has not acted this turn: take an action or pass"), name=player.name)
        )
    next_turn(state)


def _move_pawn(content: ContentPack, state: GameState, action: MovePawn) -> None:
    _free(state, said(N_("moving the pawn")))
    if state.layout != "map" or content.game_map is None:
        raise IllegalAction(
            said(N_("on the printed board the pawn stays on the board: the table counts the road itself"))
        )
    city = content.game_map.city(action.metro)
    if city is None or not city.metro:
        metros = ", ".join(c.id for c in content.game_map.cities if c.metro)
        raise IllegalAction(
            said(N_("{metro!r} is not a metro (metros: {metros})"), metro=action.metro, metros=metros)
        )
    state.pawn = city.id


def _round(state: GameState, action: NewRound | EndGame) -> None:
    if state.phase is not Phase.ROUND_END:
        raise IllegalAction(
            said(N_("the round is still being played: every player passes or places all tokens first"))
        )
    last = state.options.last_round
    if isinstance(action, EndGame):
        if last != "table" and state.round < last:
            raise IllegalAction(
                said(
                    N_(
                        "the game has {last} rounds (table option last_round) and this is round {round}: "
                        "start the next round"
                    ),
                    last=last,
                    round=state.round,
                )
            )
        state.phase = Phase.SETTLEMENT
        return
    if last != "table" and state.round >= last:
        raise IllegalAction(
            said(
                N_("round {round} was the last of {last} (table option last_round): end the game"),
                round=state.round,
                last=last,
            )
        )
    seat_of(state, action.tycoon, said(N_("Tycoon")))
    start_round(state, action.tycoon)
