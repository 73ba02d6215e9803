"""Pre-solving in the real app (ui/choosing.py): at Board set-up and while the Cadet decodes, Mission
Control solves the next pick on a worker thread, so Thinking gets it without a search (issue 11)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.views import MissionControlView
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.mission_control.presolve import Presolver
from test_ui_game import arrange, best_order, no_ui_errors, screen, settle, start_app, tap_text, wait_screen

pytestmark = pytest.mark.ui

__all__ = ["no_ui_errors", "start_app"]  # fixtures used by name


class Spy:
    """The planner, counting its searches and the threads they ran on."""

    def __init__(self) -> None:
        self.planner = Planner(deadline=30)
        self.threads: list[str] = []

    def choose(self, view: MissionControlView) -> tuple[Command, ...]:
        self.threads.append(threading.current_thread().name)
        return self.planner.choose(view)


def test_the_next_pick_is_solved_while_the_table_is_busy(ui_harness: Any, start_app: Any,
                                                         no_ui_errors: None) -> None:
    h = ui_harness
    spy = Spy()
    mc = Presolver(spy)
    app = start_app(seed=31, difficulty="hard", chooser_factory=lambda: mc)
    h.key("enter")  # Home: New game
    wait_screen(h, "setup")
    h.key("enter")  # Setup: Start
    wait_screen(h, "board_setup")
    h.pump_until(lambda: mc.solved == 1, timeout=30, what="the start solved during Board set-up")
    assert spy.threads == ["mission-control-ahead"]
    h.key("spacebar")  # Board is ready
    wait_screen(h, "transmission")
    assert (mc.ready, mc.searches) == (1, 0)  # the first pick came without a search
    h.screenshot("presolved_first_pick.png")
    tap_text(h, "Decode")
    wait_screen(h, "decode")
    h.pump_until(lambda: mc.solved > 1, timeout=60, what="the hand's ends solved while decoding")
    arrange(h, best_order(h))
    s = screen(h)
    if s.needs_leave_out:
        for cid, slot in zip([c.card_id for c in s.ids.hand.children], s.leave_slots):
            h.tap(next(c for c in s.ids.hand.children if c.card_id == cid))
            h.tap(slot)
    h.tap(h.find(text="Execute"))
    s = wait_screen(h, "execute")
    while not s.at_end:
        h.tap(h.find(text="Next step"))
    settle(h)
    tap_text(h, "Done")
    h.pump(frames=3)
    if app.session.step.value == "mission_complete":
        wait_screen(h, "mission_complete")
        tap_text(h, "Continue")
    wait_screen(h, "transmission", timeout=30)
    assert mc.searches == 0 and mc.ready == 2  # the second pick too: solved while the Cadet decoded
    assert set(spy.threads) == {"mission-control-ahead"}
    h.screenshot("presolved_second_pick.png")
