"""The status strip's texts (ui/games/transmission/status.py): public facts only, and while an execution
is mirrored a mission and its Signal Boost count only from the step that completes it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from companion.games.transmission.content.loader import default_content
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.session import Session, Step
from test_session import RandomChooser, arrange
from test_ui_game import no_ui_errors, start_app, wait_screen
from ui.games.transmission.status import fill_status

CONTENT = default_content()
__all__ = ["no_ui_errors", "start_app"]  # fixtures


def strip() -> Any:
    return SimpleNamespace(transmission="", missions="", boosts="", game="")


def test_before_the_first_transmission_the_strip_counts_the_deck() -> None:
    session = Session(CONTENT, RandomChooser(4), "hard", seed=4)
    status = strip()
    fill_status(status, session.view(), CONTENT, ())
    total = session.view().transmissions_total
    assert (status.transmission, status.missions, status.boosts) == (
        f"{total} transmissions", f"Missions done 0 of {session.view().missions_total}", "Boosts: none")
    assert status.game == "Hard"  # no seed while the game runs: it would deal the secret missions


def test_the_strip_shows_the_seed_once_the_game_is_over() -> None:
    session = Session(CONTENT, Planner(), "training", seed=1)
    for _ in range(200):
        if session.over:
            break
        status = strip()
        view = session.view()
        fill_status(status, view, CONTENT, ())
        if not view.all_missions:  # the seed shows when the missions do, at the game's end
            assert status.game == "Training", session.step
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            arrange(session, session.game.state.intended, session.left_out)
            assert session.execute()
        else:
            assert session.confirm()
    assert session.over
    status = strip()
    fill_status(status, session.view(), CONTENT, ())
    assert status.game == "Training · seed 1"


def test_a_mission_counts_from_the_step_that_completes_it() -> None:
    session = Session(CONTENT, Planner(), "training", seed=1)
    done = 0
    while not done:  # Mission Control's intended orders until one completes a mission
        assert not session.over
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.step is Step.DECODE:
            state = session.game.state
            arrange(session, state.intended, [c for c in state.hand if c not in state.intended])
            assert session.execute()
            done = len(session.game.state.completed) - len(state.completed)
        else:
            assert session.confirm()
    assert session.step is Step.EXECUTE and session.shown_steps == 0
    execution = session.game.state.last_execution
    assert execution is not None
    first = min(c.step for c in execution.completions)
    status = strip()
    before = len(session.game.state.completed) - done
    total = session.view().missions_total
    dealt = session.game.state.dealt[-done:]  # one Signal Boost per mission completed
    names = [CONTENT.boost(b).name for b in dealt]
    assert names, "a completed mission deals a Signal Boost"
    fill_status(status, session.view(), CONTENT, dealt)
    assert status.missions == f"Missions done {before} of {total}"
    assert not any(name in status.boosts for name in names)
    while session.shown_steps < first:
        assert session.next_step()
    fill_status(status, session.view(), CONTENT, dealt)
    assert status.missions == f"Missions done {before + 1} of {total}"
    assert all(name in status.boosts for name in names)


def shown_text(label: Any) -> str:
    """The words ``label`` really draws (after Kivy shortens it or drops lines past ``max_lines``)."""
    return " ".join(word.text for line in label._label._cached_lines for word in line.words)


def needed_height(label: Any) -> float:
    """The height ``label``'s whole text needs at its width (Kivy's own text layout, no clipping)."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=label.text, font_size=label.font_size, line_height=label.line_height,
                     text_size=(label.width, None), halign=label.halign, bold=label.bold)
    core.refresh()
    return float(core.texture.size[1])


def test_every_boost_fits_on_the_strip_at_800x480(ui_harness: Any, start_app: Any,
                                                  no_ui_errors: None) -> None:
    import test_ui_table

    h = ui_harness
    app = start_app(seed=5)
    test_ui_table.start_game(h, "expert")
    wait_screen(h, "transmission")
    status = app.status
    names = [b.name for b in CONTENT.boosts]  # all four: as many as a Cadet can hold
    status.boosts = "Boosts: " + ", ".join(names)
    status.transmission, status.missions = "Transmission 7 of 7", "Missions done 2 of 3"
    h.pump(frames=4)
    labels = [w for w in h.find_all(cls="Label") if w.text in (status.boosts, status.transmission,
                                                                  status.missions, status.game)]
    assert len(labels) == 4
    for label in labels:
        assert label.right <= status.right and label.x >= status.x, label.text
        assert needed_height(label) <= label.height, f"{label.text!r} is cut off"
        assert shown_text(label).split() == label.text.split(), f"{label.text!r} is cut off"
        assert label.texture_size[0] <= label.width + 1, f"{label.text!r} is wider than its place"
    boosts = next(w for w in labels if w.text == status.boosts)
    assert all(name in shown_text(boosts) for name in names)
    h.screenshot("status_all_boosts.png")
