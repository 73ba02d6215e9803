"""Models of the Cadet who decodes a scrambled hand (RULES.md, 4. Decode), for simulation and planning.

A model answers: given what the Cadet sees -- the board and the Cadet's cell, the
carried device, the commands fixed by clear signals, the scrambled cards and how
many must be left out -- with what probability does the Cadet execute each legal
order?  Only the ``perfect`` model also reads Mission Control's intended order;
the others never see a secret (no mission, no intended order, no error id).

Legal orders
------------
An *order* is a sequence of 5 commands, one per register, that keeps every
fixed register, takes the other registers from the scrambled cards and leaves
out exactly as many cards as there are errors, and whose execution is legal
from the position, command by command (RULES.md, 5. Execute).  Identical cards
are merged: two Norths are one command with a count, so ``N1 E N2`` and
``N2 E N1`` are one order (DESIGN.md: merge identical cards, never permute
them).  :func:`legal_orders` enumerates them depth first, in the fixed command
order N E S W COLLECT DEPLOY REPAIR, so the list is deterministic.  The
intended order (with the error left out) is always among them, so a hand always
has at least one.

The models
----------
``perfect``
    Executes Mission Control's intended order (probability 1).

``uniform``
    Every legal order is equally likely (so with an error, the card left out
    is whatever the order leaves out).

``careful``
    A Cadet who hedges: of all the readings of the hand it prefers the end
    state that the most readings agree on, so it "keeps the most options
    open" in the sense that its choice stays right under the largest share of
    the hypotheses about the intended order.  Precisely: each legal order
    ``o`` is a hypothesis "``o`` is the intended order", weighted by the chance
    that the hand would look like this if it were: 1 without an error; with
    an error, the chance that the card ``o`` leaves out was the error, which
    is proportional to the copies of that command among the 6 unselected
    cards (``deck[c] - hand[c] + 1``, the public deck composition of
    RULES.md, Components).  Orders are grouped by end position (board,
    Cadet's cell, carried device -- what the Cadet can see; the missions are
    secret); the groups with the greatest total weight are each equally
    likely, and within a group an order's probability is proportional to its
    weight.  A sampled choice is deterministic given the random generator.

``reasoning``
    A thoughtful player who assumes Mission Control plays well
    (:mod:`companion.games.transmission.mission_control.reasoning`, ``docs/cadets.md``): each order's
    ``careful`` weight is multiplied by its likelihood ``L``, how well it moves on one of the missions
    that can still be in play (the mission cards not completed and not already side by side); then as
    ``careful``, the heaviest end position wins.  It is the only model that spends Signal Boosts
    (:func:`companion.games.transmission.mission_control.reasoning.best_boost`, played by
    :mod:`companion.games.transmission.lab.simulate`); the others measure how well Mission Control's
    plans survive the
    scramble on their own.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import REGISTERS, Command, card_command
from companion.games.transmission.engine.kernel import completed, move_checks
from companion.games.transmission.mission_control.encoding import (
    INDEX,
    MOVES,
    ORDER,
    STEP,
    Pairs,
    act_tables,
    device_letters,
    pair_letters,
)
from companion.games.transmission.mission_control.native import core_module
from companion.games.transmission.mission_control.reasoning import Reader, possible_missions

__all__ = ["CADET_MODELS", "CadetModel", "Hand", "Order", "choose_order", "distribution", "hypothesis_weight",
           "legal_orders", "legal_orders_python", "order_cards", "read", "sample", "top_groups"]

#: The documented Cadet models, in the order the command line and the balance table list them.
CADET_MODELS: tuple[str, ...] = ("perfect", "uniform", "careful", "reasoning")
CadetModel = Literal["perfect", "uniform", "careful", "reasoning"]


class Order(NamedTuple):
    """One legal order and where it ends.

    :param program: command indices into N E S W COLLECT DEPLOY REPAIR, one per register.
    :param board: the board afterwards (25 characters); ``cadet`` the Cadet's cell 0-24;
        ``carrying`` the carried device letter or ``""``.
    :param mask: bit ``i`` set when the ``i``-th of the ``pairs`` given to :func:`legal_orders` completed
        during the order (0 when none were given).
    :param left_out: command indices of the cards left out (sorted).
    """

    program: tuple[int, ...]
    board: str
    cadet: int
    carrying: str
    mask: int
    left_out: tuple[int, ...]


def legal_orders(board: str, cadet: int, carrying: str, fixed: Sequence[int], counts: Sequence[int],
                 devices: frozenset[str], pairs: Pairs = ()) -> list[Order]:
    """Every distinct legal order of a hand: the native core's port (``_search.legal_orders``, the same
    orders in the same order: the tests compare them) when it is built and takes the arguments, else
    :func:`legal_orders_python`, which documents the parameters and the result."""
    module = core_module()
    if module is not None:
        try:
            return module.legal_orders(board, cadet, carrying, tuple(fixed), tuple(counts),
                                       device_letters(devices), pair_letters(pairs), Order)
        except ValueError:  # arguments the port does not take (devices that are not letters, ...)
            pass
    return legal_orders_python(board, cadet, carrying, fixed, counts, devices, pairs)


def legal_orders_python(board: str, cadet: int, carrying: str, fixed: Sequence[int], counts: Sequence[int],
                        devices: frozenset[str], pairs: Pairs = ()) -> list[Order]:
    """Every distinct legal order of a hand (see the module docstring), depth first.

    :param fixed: per register 1-5 the command index fixed there by a clear signal, or -1.
    :param counts: the scrambled cards per command index (N E S W COLLECT DEPLOY REPAIR); their total
        minus the free registers is how many are left out.
    :param devices: upper-case letters of the devices.
    :param pairs: missions to track in :attr:`Order.mask` (upper-case letters).
    :returns: ``[]`` when the hand has too few cards or no legal order exists.
    """
    free = sum(1 for f in fixed if f < 0)
    if sum(counts) < free or len(fixed) != REGISTERS:
        return []
    out: list[Order] = []
    left = list(counts)
    acts = act_tables(devices)

    def visit(step: int, board: str, cadet: int, carrying: str, mask: int, program: tuple[int, ...]) -> None:
        if step == REGISTERS:
            rest = tuple(k for k in range(len(left)) for _ in range(left[k]))
            out.append(Order(program, board, cadet, carrying, mask, rest))
            return
        if fixed[step] >= 0:
            choices: Sequence[int] = (fixed[step],)
        else:
            choices = [k for k in range(len(left)) if left[k] > 0]
        here = board[cadet]
        for k in choices:
            nb, nc, ncarry, nmask = board, cadet, carrying, mask
            if k < MOVES:
                nc = STEP[cadet][k]
                if nc < 0:
                    continue
                if pairs and move_checks(step):  # a pair already side by side completes at step 1
                    nmask = completed(board, pairs, mask)
            else:
                act = acts[k][here].get(carrying)
                if act is None:
                    continue
                tile, ncarry, checks = act
                nb = board[:cadet] + tile + board[cadet + 1:]
                if checks and pairs:
                    nmask = completed(nb, pairs, mask)
            if fixed[step] < 0:
                left[k] -= 1
            visit(step + 1, nb, nc, ncarry, nmask, program + (k,))
            if fixed[step] < 0:
                left[k] += 1

    visit(0, board, cadet, carrying, 0, ())
    return out


@dataclass(frozen=True)
class Hand:
    """What the Cadet sees when decoding (no secret): the position and the cards.

    :param fixed: per register 1-5 the command fixed by a clear signal, or ``None``.
    :param cards: the scrambled commands (the error, if any, among them, unrecognisable).
    :param deck: the public Command deck (command -> cards), for the ``careful`` model's weights.
    :param catalogue: every mission card of the content pack (id -> pair of letters) and ``completed``
        the ids already completed, for the ``reasoning`` model.
    """

    position: Position
    fixed: tuple[Command | None, ...]
    cards: tuple[Command, ...]
    deck: Mapping[Command, int]
    devices: frozenset[str]
    catalogue: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    completed: tuple[str, ...] = ()

    def orders(self) -> list[Order]:
        """:func:`legal_orders` of this hand."""
        fixed = tuple(-1 if c is None else INDEX[c] for c in self.fixed)
        counts = [0] * len(ORDER)
        for c in self.cards:
            counts[INDEX[c]] += 1
        p = self.position
        return legal_orders(p.board, p.cadet, p.carrying or "", fixed, counts, self.devices)

    def totals(self) -> tuple[int, ...]:
        """Every card the Cadet holds, fixed ones included, per command index."""
        counts = [0] * len(ORDER)
        for c in self.cards:
            counts[INDEX[c]] += 1
        for f in self.fixed:
            if f is not None:
                counts[INDEX[f]] += 1
        return tuple(counts)


def distribution(model: str, orders: Sequence[Order], totals: Sequence[int] = (),
                 deck: Sequence[int] = (), intended: tuple[int, ...] | None = None,
                 likelihood: Sequence[float] | None = None) -> list[float]:
    """The probability of each of ``orders`` under ``model`` (same length, summing to 1).

    :param totals: every card the Cadet holds per command index (fixed ones included); with ``deck``
        (cards per command index) it weighs the ``careful`` model's hypotheses.
    :param intended: the intended program, needed by ``perfect`` (it must be among ``orders``).
    :param likelihood: the ``reasoning`` model's ``L`` of each order
        (:meth:`companion.games.transmission.mission_control.reasoning.Reader.likelihoods`).
    :raises ValueError: for an unknown model, no orders, ``perfect`` without its intended order or
        ``reasoning`` without one likelihood per order.
    """
    n = len(orders)
    if model not in CADET_MODELS:
        raise ValueError(f"unknown Cadet model {model!r} (expected one of {', '.join(CADET_MODELS)})")
    if n == 0:
        raise ValueError("a hand with no legal order has no distribution")
    if model == "perfect":
        if intended is None:
            raise ValueError("the perfect Cadet needs Mission Control's intended order")
        probs = [1.0 if o.program == intended else 0.0 for o in orders]
        if sum(probs) != 1.0:
            raise ValueError("the intended order is not one of the legal orders of this hand")
        return probs
    if model == "uniform":
        return [1.0 / n] * n
    weights = [hypothesis_weight(o, totals, deck) for o in orders]
    if model == "reasoning":
        if likelihood is None or len(likelihood) != n:
            raise ValueError("the reasoning Cadet needs one likelihood per order")
        weights = [w * x for w, x in zip(weights, likelihood)]
    return top_groups([(o.board, o.cadet, o.carrying) for o in orders], weights)


def top_groups(keys: Sequence[Hashable], weights: Sequence[float]) -> list[float]:
    """The ``careful`` and ``reasoning`` choice: the groups of orders (same key, e.g. the same end position)
    with the greatest total weight are equally likely (within a relative 1e-9); inside a group an order's
    probability is proportional to its weight; every other order gets 0.

    :param keys: each order's group; ``weights`` each order's weight (0 or more), same length.
    :returns: one probability per order, summing to 1 (uniform when every weight is 0).
    """
    n = len(keys)
    groups: dict[Hashable, float] = {}
    for key, w in zip(keys, weights):
        groups[key] = groups.get(key, 0.0) + w
    top = max(groups.values(), default=0.0)
    if top <= 0.0:  # cannot happen with a real deck; never divide by zero
        return [1.0 / n] * n if n else []
    best = {key for key, w in groups.items() if w >= top * (1 - 1e-9)}
    share = 1.0 / len(best)
    return [share * w / groups[key] if key in best else 0.0 for key, w in zip(keys, weights)]


def hypothesis_weight(order: Order, totals: Sequence[int], deck: Sequence[int]) -> float:
    """The ``careful`` weight: the chance (up to a constant) that the cards left out were the errors.

    :param totals: every card the Cadet holds per command index; ``deck`` the Command deck's cards per
        command index (no weighing when either is empty).
    """
    w = 1.0
    for k in order.left_out:
        if totals and deck:
            w *= max(0, deck[k] - totals[k] + 1)
    return w


def sample(probabilities: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the given probabilities (one ``rng.random()`` call)."""
    x = rng.random()
    acc = 0.0
    last = 0
    for i, p in enumerate(probabilities):
        if p <= 0.0:
            continue
        acc += p
        last = i
        if x < acc:
            return i
    return last


def choose_order(model: str, hand: Hand, rng: random.Random,
                 intended: Sequence[Command] | None = None) -> tuple[Command, ...]:
    """Sample the order the Cadet executes under ``model`` (see the module docstring).

    :param intended: Mission Control's intended order, for ``perfect`` only.
    :raises ValueError: for an unknown model, or a hand with no legal order (impossible in a real game).
    """
    if model == "perfect":
        if intended is None:
            raise ValueError("the perfect Cadet needs Mission Control's intended order")
        return tuple(intended)
    orders, probs = read(model, hand)
    return tuple(ORDER[k] for k in orders[sample(probs, rng)].program)


def read(model: str, hand: Hand, reader: Reader | None = None) -> tuple[list[Order], list[float]]:
    """The legal orders of ``hand`` and their probabilities under a model that sees no secret.

    :param reader: the ``reasoning`` model's cache (a new one when ``None``; keep one per process).
    :raises ValueError: for ``perfect`` or an unknown model, or a hand with no legal order.
    """
    if model == "perfect":
        raise ValueError("the perfect Cadet reads Mission Control's intended order, not the hand")
    orders = hand.orders()
    deck = tuple(int(hand.deck.get(c, 0)) for c in ORDER)
    likelihood = None
    if model == "reasoning" and orders:
        reader = reader if reader is not None else Reader(hand.devices)
        p = hand.position
        missions = possible_missions(hand.catalogue, hand.completed, p.board)
        likelihood = reader.likelihoods(p.board, p.cadet, p.carrying or "",
                                        [(o.board, o.cadet, o.carrying) for o in orders], missions)
    return orders, distribution(model, orders, hand.totals(), deck, likelihood=likelihood)


def order_cards(commands: Sequence[Command], registers: Sequence[str | None],
                hand: Sequence[str]) -> tuple[str, ...]:
    """Card ids for an order of commands: fixed registers keep their card, others take the hand's cards.

    :param registers: per register the fixed card id or ``None``; ``hand`` the scrambled card ids.
    :raises ValueError: when the order does not fit the cards (a bug in the caller).
    """
    free = list(hand)
    out: list[str] = []
    for k, command in enumerate(commands):
        fixed = registers[k] if k < len(registers) else None
        if fixed is not None:
            if card_command(fixed) is not command:
                raise ValueError(f"register {k + 1} is fixed to {card_command(fixed).title}")
            out.append(fixed)
            continue
        for cid in free:
            if card_command(cid) is command:
                out.append(cid)
                free.remove(cid)
                break
        else:
            raise ValueError(f"no {command.title} card left in the hand for register {k + 1}")
    return tuple(out)
