"""Strategy actions: every space of the excerpt's table, its cost in Strategy Pool Promoters and its bonus.

Source: ``seeds/six-actions-rules.txt``, Strategy actions.  The spaces are rule code (the excerpt
prints them); what their bonus is paid in where the excerpt only gives a number is ours: Sales
pays Cr, Advertising pays Influence, and which of the three numbers applies is the table's to say
(the printed board shows it), so the action names it.  Export steps go on the sector tracks.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction, Said, said
from companion.games.six_actions.content.model import SECTORS, ContentPack, Reward
from companion.games.six_actions.engine.actions import Strategy
from companion.games.six_actions.engine.board import place_plant, resolve_city
from companion.games.six_actions.engine.economy import charge, gain, queue_draw, update_leaders
from companion.games.six_actions.engine.state import SUPPLY, GameState
from companion.i18n import N_
from companion.table.pack_words import pack_word
from companion.table.words import counted

__all__ = ["Space", "SPACES", "space_named", "strategy"]


@dataclass(frozen=True)
class Space:
    """A Strategy space.

    :ivar admin: an Administration space: always open, never covered.
    :ivar choices: the bonus numbers printed (Sales: Cr; Advertising: Influence), else ``()``.
    :ivar needs: the :class:`Strategy` fields the space takes.
    """

    id: str
    title: str
    cost: int
    bonus: str
    admin: bool = False
    choices: tuple[int, ...] = ()
    needs: tuple[str, ...] = ()


#: The excerpt's table, in its order.
SPACES = (
    Space(
        "admin_action",
        N_("Administration: +1 Action"),
        2,
        N_("Gain a +1 Action token (use now or later)"),
        True,
    ),
    Space(
        "admin_industry",
        N_("Administration: buy an Industry"),
        2,
        N_("Buy 1 open Industry card for 2 x its Asset Value, then gain 10 Cr or 2 Influence"),
        True,
        needs=("card", "gain"),
    ),
    Space("sales_3", N_("Sales"), 3, N_("20, 25 or 30 Cr"), choices=(20, 25, 30), needs=("amount",)),
    Space("sales_4", N_("Sales"), 4, N_("30, 35 or 40 Cr"), choices=(30, 35, 40), needs=("amount",)),
    Space(
        "lobby", N_("Lobby"), 5, N_("Take 1 of the 2 open Policies (and its Promoters)"), needs=("policy",)
    ),
    Space(
        "office",
        N_("Office"),
        5,
        N_("A spare plant in any empty city: city and region bonus only"),
        needs=("city",),
    ),
    Space(
        "advertising_4", N_("Advertising"), 4, N_("5, 6 or 7 Influence"), choices=(5, 6, 7), needs=("amount",)
    ),
    Space(
        "advertising_6", N_("Advertising"), 6, N_("7, 8 or 9 Influence"), choices=(7, 8, 9), needs=("amount",)
    ),
    Space("export_4", N_("Export"), 4, N_("1 step on any track"), needs=("tracks",)),
    Space("export_7", N_("Export"), 7, N_("2 steps on one track, or 1 step on two"), needs=("tracks",)),
)
_FIELDS = ("amount", "card", "gain", "policy", "city", "tracks")


def space_named(space: str) -> Space:
    """:raises IllegalAction: no such space."""
    for s in SPACES:
        if s.id == space:
            return s
    raise IllegalAction(
        said(
            N_("no Strategy space {space!r} (spaces: {spaces})"),
            space=space,
            spaces=", ".join(s.id for s in SPACES),
        )
    )


def _check_fields(space: Space, action: Strategy) -> None:
    for name in _FIELDS:
        value = getattr(action, name)
        given = value != () and value is not None
        if name in space.needs and not given:
            raise IllegalAction(
                said(
                    N_("{title} ({cost}) needs the {name} it takes"),
                    title=said(space.title),
                    cost=space.cost,
                    name=name,
                )
            )
        if name not in space.needs and given:
            raise IllegalAction(
                said(
                    N_("{title} ({cost}) takes no {name}"),
                    title=said(space.title),
                    cost=space.cost,
                    name=name,
                )
            )


def strategy(content: ContentPack, state: GameState, seat: int, action: Strategy, index: int) -> None:
    """Discard the space's cost from the Strategy Pool, cover it (unless Administration) with the
    player's cheapest share, and take its bonus.

    :raises IllegalAction: an unknown or covered space, too few Promoters in the pool, no share left
        to cover it, a missing or wrong choice (amount, card, gain, Policy, city, tracks).
    """
    space = space_named(action.space)
    player = state.players[seat]
    label = said(N_("{title} ({cost})"), title=said(space.title), cost=space.cost)
    if space.id in state.covered:
        raise IllegalAction(
            said(
                N_(
                    "{label} is covered by {name}'s share: a covered space stays covered for the rest of "
                    "the game"
                ),
                label=label,
                name=state.players[state.covered[space.id]].name,
            )
        )
    if player.pool < space.cost:
        raise IllegalAction(
            said(
                N_("{label} costs {cost} Promoters from the Strategy Pool; {name} has {pool} there"),
                label=label,
                cost=space.cost,
                name=player.name,
                pool=player.pool,
            )
        )
    if not space.admin and not player.shares:
        raise IllegalAction(
            said(N_("{name} has no share left to cover {label}"), name=player.name, label=label)
        )
    _check_fields(space, action)
    player.pool -= space.cost
    if not space.admin:
        state.covered[space.id] = seat
        player.shares.pop(0)
    reason = said(N_("Strategy: {label}"), label=label)
    if space.id == "admin_action":
        player.plus += 1
    elif space.id == "admin_industry":
        _buy_industry(content, state, seat, action, index, reason)
    elif space.choices:
        if action.amount not in space.choices:
            raise IllegalAction(
                said(
                    N_("{label} gives {choices}, not {amount}"),
                    label=label,
                    choices=", ".join(map(str, space.choices)),
                    amount=action.amount,
                )
            )
        amount = int(action.amount)
        reward = Reward(money=amount) if space.id.startswith("sales") else Reward(influence=amount)
        gain(state, seat, reward, reason, index)
    elif space.id == "lobby":
        if action.policy not in state.open_policies:
            raise IllegalAction(
                said(
                    N_("{policy!r} is not an open Policy (open: {open})"),
                    policy=action.policy,
                    open=", ".join(state.open_policies),
                )
            )
        policy = content.policy(str(action.policy))
        state.open_policies.remove(str(action.policy))
        player.policies.append(str(action.policy))
        player.hand += policy.promoters if policy else 0
        queue_draw(state, "policy", None, said(N_("refill the open Policies")))
    elif space.id == "office":
        place_plant(content, state, seat, resolve_city(content, state, str(action.city)), index)
    else:
        _export(content, state, seat, space, action.tracks)


def _buy_industry(
    content: ContentPack, state: GameState, seat: int, action: Strategy, index: int, reason: Said
) -> None:
    card = content.industry(str(action.card))
    if card is None or card.id not in state.open_industries:
        raise IllegalAction(
            said(
                N_("{card!r} is not an open Industry card (open: {open})"),
                card=action.card,
                open=", ".join(state.open_industries),
            )
        )
    if action.gain not in ("money", "influence"):
        raise IllegalAction(
            said(
                N_(
                    'after buying an Industry gain "money" (10 Cr) or "influence" (2 Influence), not {gain!r}'
                ),
                gain=action.gain,
            )
        )
    price = 2 * card.asset_value
    charge(
        state,
        seat,
        [
            (
                SUPPLY,
                price,
                said(
                    N_("{reason}: {card} (2 x Asset Value {value})"),
                    reason=reason,
                    card=pack_word(card.name),
                    value=card.asset_value,
                ),
            )
        ],
        index,
        said(N_("buying {card}"), card=pack_word(card.name)),
    )
    gain(state, seat, Reward(money=10) if action.gain == "money" else Reward(influence=2), reason, index)
    state.open_industries.remove(card.id)
    state.players[seat].industries.append(card.id)
    queue_draw(state, "industry", None, said(N_("refill the open Industry cards")))


def _export(content: ContentPack, state: GameState, seat: int, space: Space, tracks: tuple[str, ...]) -> None:
    want = 1 if space.id == "export_4" else 2
    if len(tracks) != want:
        raise IllegalAction(
            said(
                N_("{title} ({cost}) takes {tracks} ({which}), not {given}"),
                title=said(space.title),
                cost=space.cost,
                tracks=counted.ngettext("{n} track", "{n} tracks", want),
                which=said(N_("the same one twice for 2 steps")) if want == 2 else said(N_("one sector")),
                given=len(tracks),
            )
        )
    for track in tracks:
        if track not in SECTORS:
            raise IllegalAction(
                said(
                    N_("{track!r} is not a track (tracks: {tracks})"), track=track, tracks=", ".join(SECTORS)
                )
            )
    steps = state.players[seat].steps
    for track in tracks:
        steps[track] = steps.get(track, 0) + 1
    update_leaders(content, state)
