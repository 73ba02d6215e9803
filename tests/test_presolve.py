"""Pre-solving (mission_control/presolve.py): the next decision is solved while the Cadet decodes, and
the pick then arrives without a search (issue 11, never a wait)."""

from __future__ import annotations

import random
import threading
from dataclasses import replace

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.actions import Execute, Select
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.game import Actor, Game
from companion.games.transmission.engine.state import rules_for
from companion.games.transmission.engine.views import MissionControlView, cadet_view, mission_control_view
from companion.games.transmission.mission_control.cadet import Hand, choose_order, order_cards
from companion.games.transmission.mission_control.encoding import ORDER
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.presolve import Presolver, view_key, views_after

CONTENT = default_content()


class Spy:
    """A chooser that counts its searches (the planner underneath)."""

    def __init__(self) -> None:
        self.planner = Planner()
        self.calls = 0
        self.threads: set[str] = set()

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        self.calls += 1
        self.threads.add(threading.current_thread().name)
        return self.planner.choose(view)


def _hand(game: Game) -> tuple[tuple[Command | None, ...], tuple[Command, ...]]:
    view = cadet_view(CONTENT, game.state)
    return tuple(r.command if r else None for r in view.registers), tuple(c.command for c in view.hand)


def _decode(game: Game, seed: int, n: int) -> tuple[str, ...]:
    view = cadet_view(CONTENT, game.state)
    hand = Hand(view.position, tuple(r.command if r else None for r in view.registers),
                tuple(c.command for c in view.hand), CONTENT.command_deck, CONTENT.devices)
    commands = choose_order("uniform", hand, random.Random(f"{seed}:{n}"))
    return order_cards(commands, [r.id if r else None for r in view.registers], [c.id for c in view.hand])


def test_the_pick_after_a_decode_arrives_without_a_search() -> None:
    """A whole game with a straying Cadet: every decision after the first was solved ahead, on a worker
    thread, while the Cadet decoded; asking for it runs no search and gives the planner's own answer."""
    for seed in (4, 9):
        spy = Spy()
        mc = Presolver(spy)
        game = Game(CONTENT, "hard", "standard", seed)
        game.play_chance()
        decisions = 0
        while game.actor is not None and game.outcome() is None:
            if game.actor is Actor.MISSION_CONTROL:
                view = mission_control_view(CONTENT, game.state)
                before = spy.calls
                commands = mc.choose(view)
                if decisions:
                    assert spy.calls == before, "the pick needed a search"
                    assert commands == Planner().choose(view)  # the same answer as deciding now
                decisions += 1
                game.play(Select(commands))
            elif game.actor is Actor.CADET:
                fixed, cards = _hand(game)
                ahead = views_after(mission_control_view(CONTENT, game.state), fixed, cards, mc.last)
                mc.begin()
                worker = threading.Thread(target=mc.presolve, args=(ahead,), name="presolve")
                worker.start()  # the Cadet decodes meanwhile
                order = _decode(game, seed, decisions)
                worker.join()
                game.play(Execute(order))
            else:
                game.play_chance()
        assert decisions >= 2 and mc.searches == 1 and mc.ready == decisions - 1
        assert "presolve" in spy.threads


def test_every_order_of_the_hand_leads_to_a_view_solved_ahead() -> None:
    """views_after covers the end of every legal order of the hand, run by the referee itself."""
    rules = rules_for(CONTENT)
    game = Game(CONTENT, "hard", "standard", 5)
    game.play_chance()
    planner = Planner()
    seen = 0
    while game.outcome() is None and seen < 4:
        if game.actor is Actor.MISSION_CONTROL:
            game.play(Select(planner.choose(mission_control_view(CONTENT, game.state))))
        elif game.actor is Actor.CADET:
            fixed, cards = _hand(game)
            state = game.state
            view = mission_control_view(CONTENT, state)
            keys = {view_key(v) for v in views_after(view, fixed, cards)}
            hand = Hand(state.position, fixed, cards, CONTENT.command_deck, CONTENT.devices)
            orders = hand.orders()
            assert orders
            for order in orders:
                commands = tuple(ORDER[k] for k in order.program)
                execution = rules.execute(state.position, commands, view.missions)
                done = {c.mission for c in execution.completions}
                left = {m: pair for m, pair in view.missions.items() if m not in done}
                if left:
                    assert view_key(replace(view, position=execution.end, missions=left)) in keys
            seen += 1
            game.play(Execute(_decode(game, 5, seen)))
        else:
            game.play_chance()
    assert seen


def test_the_intended_end_comes_first_and_a_finished_game_needs_nothing() -> None:
    game = Game(CONTENT, "standard", "standard", 2)
    game.play_chance()
    mc = Presolver(Planner())
    game.play(Select(mc.choose(mission_control_view(CONTENT, game.state))))
    while game.actor is not Actor.CADET:
        game.play_chance()
    fixed, cards = _hand(game)
    view = mission_control_view(CONTENT, game.state)
    views = views_after(view, fixed, cards, mc.last)
    end = rules_for(CONTENT).execute(view.position, mc.last).end
    assert views and views[0].position == end
    assert views_after(view, fixed, cards, mc.last)[1:] == views[1:]  # deterministic
    won = MissionControlView(view.position, {}, 3, view.deck, view.devices, ())
    assert views_after(won, fixed, cards) == []


def test_a_pick_asked_for_stops_the_pre_solve() -> None:
    game = Game(CONTENT, "standard", "standard", 2)
    game.play_chance()
    view = mission_control_view(CONTENT, game.state)
    mc = Presolver(Spy())
    mc.stop()
    assert mc.presolve([view]) == 0  # stopped until the next begin
    mc.begin()
    assert mc.presolve([view]) == 1
    assert mc.presolve([view]) == 0  # already solved
    mc.choose(view)
    assert (mc.ready, mc.searches) == (1, 0)
    mc.forget()
    assert mc.last == ()

