"""Strategy actions: every space of the excerpt's table, its cost in Strategy Pool Promoters and its bonus.

Source: ``seeds/six-actions-rules.txt``, Strategy actions.  The spaces are rule code (the excerpt
prints them); what their bonus is paid in where the excerpt only gives a number is ours: Sales
pays Cr, Advertising pays Influence, and which of the three numbers applies is the table's to say
(the printed board shows it), so the action names it.  Export steps go on the sector tracks.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction
from companion.games.six_actions.content.model import SECTORS, ContentPack, Reward
from companion.games.six_actions.engine.actions import Strategy
from companion.games.six_actions.engine.board import place_plant, resolve_city
from companion.games.six_actions.engine.economy import charge, gain, queue_draw, update_leaders
from companion.games.six_actions.engine.state import SUPPLY, GameState

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
    Space("admin_action", "Administration: +1 Action", 2, "Gain a +1 Action token (use now or later)", True),
    Space(
        "admin_industry",
        "Administration: buy an Industry",
        2,
        "Buy 1 open Industry card for 2 x its Asset Value, then gain 10 Cr or 2 Influence",
        True,
        needs=("card", "gain"),
    ),
    Space("sales_3", "Sales", 3, "20, 25 or 30 Cr", choices=(20, 25, 30), needs=("amount",)),
    Space("sales_4", "Sales", 4, "30, 35 or 40 Cr", choices=(30, 35, 40), needs=("amount",)),
    Space("lobby", "Lobby", 5, "Take 1 of the 2 open Policies (and its Promoters)", needs=("policy",)),
    Space(
        "office", "Office", 5, "A spare plant in any empty city: city and region bonus only", needs=("city",)
    ),
    Space("advertising_4", "Advertising", 4, "5, 6 or 7 Influence", choices=(5, 6, 7), needs=("amount",)),
    Space("advertising_6", "Advertising", 6, "7, 8 or 9 Influence", choices=(7, 8, 9), needs=("amount",)),
    Space("export_4", "Export", 4, "1 step on any track", needs=("tracks",)),
    Space("export_7", "Export", 7, "2 steps on one track, or 1 step on two", needs=("tracks",)),
)
_FIELDS = ("amount", "card", "gain", "policy", "city", "tracks")


def space_named(space: str) -> Space:
    """:raises IllegalAction: no such space."""
    for s in SPACES:
        if s.id == space:
            return s
    raise IllegalAction(f"no Strategy space {space!r} (spaces: {', '.join(s.id for s in SPACES)})")


def _check_fields(space: Space, action: Strategy) -> None:
    for name in _FIELDS:
        value = getattr(action, name)
        given = value != () and value is not None
        if name in space.needs and not given:
            raise IllegalAction(f"{space.title} ({space.cost}) needs the {name} it takes")
        if name not in space.needs and given:
            raise IllegalAction(f"{space.title} ({space.cost}) takes no {name}")


def strategy(content: ContentPack, state: GameState, seat: int, action: Strategy, index: int) -> None:
    """Discard the space's cost from the Strategy Pool, cover it (unless Administration) with the
    player's cheapest share, and take its bonus.

    :raises IllegalAction: an unknown or covered space, too few Promoters in the pool, no share left
        to cover it, a missing or wrong choice (amount, card, gain, Policy, city, tracks).
    """
    space = space_named(action.space)
    player = state.players[seat]
    label = f"{space.title} ({space.cost})"
    if space.id in state.covered:
        raise IllegalAction(
            f"{label} is covered by {state.players[state.covered[space.id]].name}'s share: "
            f"a covered space stays covered for the rest of the game"
        )
    if player.pool < space.cost:
        raise IllegalAction(
            f"{label} costs {space.cost} Promoters from the Strategy Pool; {player.name} has "
            f"{player.pool} there"
        )
    if not space.admin and not player.shares:
        raise IllegalAction(f"{player.name} has no share left to cover {label}")
    _check_fields(space, action)
    player.pool -= space.cost
    if not space.admin:
        state.covered[space.id] = seat
        player.shares.pop(0)
    reason = f"Strategy: {label}"
    if space.id == "admin_action":
        player.plus += 1
    elif space.id == "admin_industry":
        _buy_industry(content, state, seat, action, index, reason)
    elif space.choices:
        if action.amount not in space.choices:
            raise IllegalAction(f"{label} gives {', '.join(map(str, space.choices))}, not {action.amount}")
        amount = int(action.amount)
        reward = Reward(money=amount) if space.id.startswith("sales") else Reward(influence=amount)
        gain(state, seat, reward, reason, index)
    elif space.id == "lobby":
        if action.policy not in state.open_policies:
            raise IllegalAction(
                f"{action.policy!r} is not an open Policy (open: {', '.join(state.open_policies)})"
            )
        policy = content.policy(str(action.policy))
        state.open_policies.remove(str(action.policy))
        player.policies.append(str(action.policy))
        player.hand += policy.promoters if policy else 0
        queue_draw(state, "policy", None, "refill the open Policies")
    elif space.id == "office":
        place_plant(content, state, seat, resolve_city(content, state, str(action.city)), index)
    else:
        _export(content, state, seat, space, action.tracks)


def _buy_industry(
    content: ContentPack, state: GameState, seat: int, action: Strategy, index: int, reason: str
) -> None:
    card = content.industry(str(action.card))
    if card is None or card.id not in state.open_industries:
        raise IllegalAction(
            f"{action.card!r} is not an open Industry card (open: {', '.join(state.open_industries)})"
        )
    if action.gain not in ("money", "influence"):
        raise IllegalAction(
            f'after buying an Industry gain "money" (10 Cr) or "influence" (2 Influence), not {action.gain!r}'
        )
    price = 2 * card.asset_value
    charge(
        state,
        seat,
        [(SUPPLY, price, f"{reason}: {card.name} (2 x Asset Value {card.asset_value})")],
        index,
        f"buying {card.name}",
    )
    gain(state, seat, Reward(money=10) if action.gain == "money" else Reward(influence=2), reason, index)
    state.open_industries.remove(card.id)
    state.players[seat].industries.append(card.id)
    queue_draw(state, "industry", None, "refill the open Industry cards")


def _export(content: ContentPack, state: GameState, seat: int, space: Space, tracks: tuple[str, ...]) -> None:
    want = 1 if space.id == "export_4" else 2
    if len(tracks) != want:
        raise IllegalAction(
            f"{space.title} ({space.cost}) takes {want} track{'s' * (want > 1)} "
            f"({'the same one twice for 2 steps' if want == 2 else 'one sector'}), not {len(tracks)}"
        )
    for track in tracks:
        if track not in SECTORS:
            raise IllegalAction(f"{track!r} is not a track (tracks: {', '.join(SECTORS)})")
    steps = state.players[seat].steps
    for track in tracks:
        steps[track] = steps.get(track, 0) + 1
    update_leaders(content, state)
