"""A person as Mission Control (RULES.md, With a person as Mission Control; issue 10, item 1).

The core flow (:class:`companion.games.transmission.person.PersonSession`), its refusals, scans on
the right and the wrong screen, private boost answers, resuming, the terminal game
(``companion play --mc person``), the config's settings, and a walk through a whole game that finds
no unrevealed mission and no intended order on anything the Cadet faces: the table view, every
event but the store's ActionPlayed, every message and every log line.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games.transmission.cards import all_cards
from companion.games.transmission.content.loader import default_content
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import rules_for
from companion.games.transmission.engine.state import Phase
from companion.games.transmission.events import ActionPlayed
from companion.games.transmission.mission_control.planner import Planner
from companion.games.transmission.person import PersonSession, table_session
from companion.games.transmission.session import Session, Step
from companion.games.transmission.stored import resume
from companion.games.transmission.terminal_person import PersonTerminal
from companion.table.config import Config, read_config

CONTENT = default_content()
RULES = rules_for(CONTENT)
CARDS = {(c.kind, c.id): c for c in all_cards(CONTENT)}
PLANNER = Planner()


def person(seed: int = 11, difficulty: str = "hard", **kwargs: Any) -> PersonSession:
    return PersonSession(CONTENT, PLANNER, difficulty, "standard", seed, **kwargs)


class Watch:
    """Every event the session publishes, and whether any but the store's carries a secret."""

    def __init__(self, session: PersonSession) -> None:
        self.session = session
        self.events: list[Any] = []
        session.subscribe(self.events.append)

    def secrets(self) -> list[str]:
        """Texts of the unrevealed missions (ids and titles) and this round's intended order."""
        state = self.session.game.state
        hidden = [m for m in state.missions if m not in state.completed_ids]
        out = [m for m in hidden] + [CONTENT.mission(m).title for m in hidden]
        return out

    def leaks(self) -> list[str]:
        """Secrets found in the table view, the message, and the events (the store's ActionPlayed aside)."""
        session = self.session
        state = session.game.state
        view = session.view()
        found = []
        text = repr(dataclasses.replace(view, rows=(), hand=(), arrangement=(), unplaced=(), order=None,
                                        last_execution=None))
        for secret in self.secrets():
            if secret in text or secret in session.message:
                found.append(f"{secret!r} in the table view")
            for event in self.events:
                if not isinstance(event, ActionPlayed) and secret in repr(event):
                    found.append(f"{secret!r} in {event!r}")
        # The intended order: nothing the Cadet sees holds it, but the cards they hold and place.
        if state.intended and state.phase is Phase.DECODE:
            intended = tuple(state.intended)
            commands = tuple(card_command(c) for c in intended)
            for field in dataclasses.fields(view):
                if field.name in ("arrangement", "order", "hand", "unplaced", "registers"):
                    continue
                value = getattr(view, field.name)
                if value in (intended, commands, tuple(c.title for c in commands)):
                    found.append(f"the intended order in view.{field.name}")
        return found


def cadet_order(session: Session) -> None:
    """A perfect Cadet: the intended order, placed register by register (test-only knowledge)."""
    state = session.game.state
    hand = list(state.hand)
    for k, cid in enumerate(state.intended, start=1):
        if state.registers[k - 1] is None:
            card = next(c for c in hand if card_command(c) is card_command(cid))
            hand.remove(card)
            assert session.place(card, k), session.message


def finish_execute(session: Session) -> None:
    while session.step in (Step.EXECUTE, Step.MISSION_COMPLETE):
        assert session.confirm()


# ---------------------------------------------------------------------------- the whole game


def test_a_whole_game_shows_the_cadet_no_secret(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    session = person(physical_missions=True, physical_deck=True, private_boosts=True)
    watch = Watch(session)
    assert session.game.state.phase is Phase.MISSIONS
    assert session.confirm() and session.step is Step.THINKING
    assert session.open_seat()
    for mission in (m.id for m in CONTENT.missions[3:6]):
        assert session.enter_mission(mission)
    assert session.close_seat()
    assert not watch.leaks()
    rounds = boosts = 0
    while session.step is not Step.END:
        rounds += 1
        assert rounds <= 7
        assert not session.choose_now()  # a person chooses
        assert session.open_seat()
        pick = PLANNER.choose(session.mission_control_view())
        for command in pick:
            assert session.pick(command), session.seat_message
        assert session.lock_in(), session.seat_message
        assert session.seat_view().intended == tuple(pick)
        assert session.close_seat()
        assert not watch.leaks()
        drawable = session.drawable_transmissions()
        card = next((c for c in drawable if CONTENT.transmission(c).errors), drawable[0])
        assert session.draw_transmission(card)
        if session.awaiting_error:
            assert not session.confirm()  # the error card first
            assert session.open_seat()
            choice = session.seat_view().error_choices[0]
            assert session.draw_error(f"{choice.value}1" if choice.is_move else choice.value)
            assert session.close_seat()
        assert not watch.leaks()
        assert session.confirm() and session.step is Step.DECODE
        assert not watch.leaks()
        state = session.game.state
        held = [b for b in state.boosts if CONTENT.boost(b).kind.name == "CROSS_CHECK"]
        if held:
            assert session.use_boost(held[0], card=state.hand[0])
            boosts += 1
            assert session.message == "Mission Control answers aloud."
            # The Decode panel names the boost before the text: not twice (X2, "Clear Signal: Clear ...")
            assert session.view().answers[-1].text == "Mission Control answers aloud."
            assert not watch.leaks()
            assert session.open_seat() and session.seat_view().task == "answer"
            assert "say aloud" in session.seat_view().answer
            assert session.close_seat()
        cadet_order(session)
        assert not watch.leaks()
        assert session.execute(), session.message
        assert not watch.leaks()
        finish_execute(session)
        assert not watch.leaks() or session.step is Step.END
    secrets = [m for m in session.game.state.missions] + [CONTENT.mission(m).title
                                                         for m in session.game.state.missions]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert not [s for s in secrets if s in logged]
    assert session.record()["mission_control"] == "person"
    assert session.table_state()["mission_control"] == "person"


# ---------------------------------------------------------------------------- refusals


def test_a_pick_that_makes_the_order_not_viable_is_refused_naming_the_step() -> None:
    session = person()
    session.confirm()
    assert not session.pick(Command.N)  # the screen is closed: refused, said to the table, nothing named
    assert "Mission Control screen" in session.message
    session.open_seat()
    position = session.game.state.position
    bad = next(c for c in Command if RULES.reason(position, c) is not None)
    assert not session.pick(bad)
    assert session.seat_message.startswith(f"Not viable: step 1 ({bad.title}): ")
    assert session.seat_view().picks == ()
    assert bad.title not in session.message  # the table hears only that it was not accepted
    good = PLANNER.choose(session.mission_control_view())
    for command in good[:3]:
        assert session.pick(command)
    assert not session.lock_in()
    assert "exactly 5 commands, not 3" in session.seat_message
    assert session.take_back_pick() and session.seat_view().picks == tuple(good[:2])
    assert session.clear_picks() and session.seat_view().picks == ()
    assert session.step is Step.THINKING and len(session.game.actions) == 2  # layout and missions


def test_the_table_s_word_of_a_refusal_goes_once_the_seat_moves_on() -> None:
    """A refused pick leaves the table "not accepted; the reason is on the Mission Control screen";
    the next accepted pick (or the seat closed) clears it from the table's message bar (X3)."""
    from ui.games.transmission.table import read_event

    session = person()
    watch = Watch(session)
    session.confirm()
    session.open_seat()
    bad = next(c for c in Command if RULES.reason(session.game.state.position, c) is not None)
    assert not session.pick(bad)
    said = [read_event(e, CONTENT).said for e in watch.events]
    assert ("Mission Control: not accepted; the reason is on the Mission Control screen.", "error") in said
    assert said[-1] is None, "the refusal's own seat update leaves the word on the table"
    good = PLANNER.choose(session.mission_control_view())
    assert session.pick(good[0])
    assert read_event(watch.events[-1], CONTENT).said == ("", "info")
    assert session.pick(good[1])
    assert read_event(watch.events[-1], CONTENT).said is None, "cleared once, not on every pick"
    assert not session.pick(bad) and session.close_seat()
    assert read_event(watch.events[-1], CONTENT).said == ("", "info")


def test_the_deck_limits_a_command() -> None:
    session = person()
    session.confirm()
    session.open_seat()
    # Collect twice: the deck has one Collect card.
    pos = session.game.state.position
    moves = [c for c in Command if c.is_move and RULES.reason(pos, c) is None]
    assert moves
    limited = [c for c, n in CONTENT.command_deck.items() if n == 1]
    session._picks = [limited[0]]  # noqa: SLF001 - a deck check, not a viability check
    assert not session.pick(limited[0])
    assert "only 1" in session.seat_message


def test_scans_go_to_the_screen_waiting_for_them() -> None:
    session = person(physical_missions=True, physical_deck=True)
    session.confirm()
    mission = CARDS[("mission", CONTENT.missions[0].id)]
    before = session.game.state
    assert not session.scan(mission)  # the Mission Control screen is closed
    assert CONTENT.missions[0].title not in session.message and session.game.state == before
    assert not session.scan(CARDS[("command", "N1")])  # a Command card at Thinking, screen closed
    assert "North" not in session.message and session.game.state == before
    session.open_seat()
    assert not session.scan(CARDS[("transmission", CONTENT.transmissions[0].id)])  # on the wrong screen
    assert session.game.state == before
    for m in CONTENT.missions[:3]:
        assert session.scan(CARDS[("mission", m.id)])
    assert session.game.state.missions == tuple(m.id for m in CONTENT.missions[:3])
    assert not session.scan(CARDS[("mission", CONTENT.missions[5].id)])  # dealt already
    pick = PLANNER.choose(session.mission_control_view())
    ids = {Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY", Command.REPAIR: "REPAIR"}
    used: list[str] = []
    for command in pick:  # the physical Command cards scanned in order
        twin = f"{command.value}1" if f"{command.value}1" not in used else f"{command.value}2"
        cid = ids.get(command) or twin
        used.append(cid)
        assert session.scan(CARDS[("command", cid)]), session.seat_message
    assert session.lock_in()
    session.close_seat()
    assert session.awaiting_draw


def test_seat_view_only_while_open() -> None:
    session = person()
    with pytest.raises(IllegalAction):
        session.seat_view()
    session.open_seat()
    assert len(session.seat_view().missions) == 3
    session.close_seat()
    with pytest.raises(IllegalAction):
        session.seat_view()


def test_the_companion_names_the_error_card_to_add_when_it_draws_it() -> None:
    for seed in range(30):
        session = person(seed=seed, difficulty="expert")
        session.confirm()
        session.open_seat()
        for command in PLANNER.choose(session.mission_control_view()):
            session.pick(command)
        session.lock_in()
        if session.game.state.errors_drawn:
            break
    lines = session.seat_view().hand_over
    error = card_command(session.game.state.errors_drawn[0]).title
    article = "an" if error[0] in "AEIOU" else "a"  # "an East card" (X2)
    assert any(f"Add {article} {error} card" in line for line in lines), lines
    session.close_seat()
    assert error not in repr(session.view().waiting_for)


# ---------------------------------------------------------------------------- resuming


def test_a_saved_game_resumes_with_its_seat_and_settings() -> None:
    session = person(physical_missions=True, physical_deck=True, coach=True)
    session.confirm()
    session.open_seat()
    session.enter_mission(CONTENT.missions[0].id)
    # Saved mid-entry: the chance action is not played yet; the resume waits for the Mission cards again.
    again = resume(CONTENT, PLANNER, session.record(), session.table_state(), None, None)
    assert isinstance(again, PersonSession) and again.game.state.phase is Phase.MISSIONS
    assert again.physical_missions and again.coach and again.physical_deck and not again.seat_open
    again.open_seat()
    for m in CONTENT.missions[:3]:
        assert again.enter_mission(m.id)
    for command in PLANNER.choose(again.mission_control_view()):
        again.pick(command)
    again.lock_in()
    again.close_seat()
    card = next(c for c in again.drawable_transmissions() if CONTENT.transmission(c).errors)
    again.draw_transmission(card)
    assert again.awaiting_error
    third = resume(CONTENT, PLANNER, again.record(), again.table_state(), None, None)
    assert isinstance(third, PersonSession) and third.awaiting_error and third.step is Step.TRANSMISSION


def test_a_companion_game_resumes_as_one() -> None:
    session = Session(CONTENT, PLANNER, "standard", "standard", 3)
    again = resume(CONTENT, PLANNER, session.record(), session.table_state(), None, None)
    assert type(again) is Session
    assert "mission_control" not in session.table_state()  # as saved before there was a choice


# ---------------------------------------------------------------------------- settings


def test_the_config_offers_the_seat_and_its_switches(tmp_path: Any) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[game]\nmission_control = "person"\nphysical_missions = true\ncoach = true\n')
    config, problems = read_config(path)
    assert problems == [] and config.mission_control == "person" and config.physical_missions and config.coach
    assert isinstance(table_session(CONTENT, PLANNER, "standard", "standard", 5, config), PersonSession)
    path.write_text('[game]\nmission_control = "robot"\nprivate_boosts = "yes"\n')
    config, problems = read_config(path)
    assert config.mission_control == "companion" and not config.private_boosts
    assert sorted(p.field for p in problems) == ["game.mission_control", "game.private_boosts"]
    assert type(table_session(CONTENT, PLANNER, "standard", "standard", 5, Config())) is Session
    with pytest.raises(ValueError):
        table_session(CONTENT, PLANNER, "standard", "standard", 5, Config(), "robot")


# ---------------------------------------------------------------------------- the terminal


def test_the_terminal_plays_a_whole_game_with_a_person_as_mission_control() -> None:
    session = person(seed=7, difficulty="training", physical_missions=True, coach=True, private_boosts=True)
    out: list[str] = []
    entered = iter(range(1, 31))
    clears = []

    def answer(prompt: str) -> str:
        out.append(prompt)
        state = session.game.state
        if "Mission card" in prompt:
            return str(next(entered))
        if "Your 5 commands" in prompt:
            if not any("Coach:" in line for line in out):
                return "coach"
            if not any("Not viable" in line for line in out):
                bad = next(c for c in Command if RULES.reason(state.position, c) is not None)
                return " ".join([str(bad)] * 1 + ["N", "N", "S", "S"])
            return " ".join(str(c) for c in PLANNER.choose(session.mission_control_view()))
        if "Order for registers" in prompt:
            view = session.view()
            hand = [c.id for c in view.hand]
            words = []
            for k, cid in enumerate(state.intended, start=1):
                if view.registers[k - 1] is None:
                    i = next(i for i, h in enumerate(hand) if h and card_command(h) is card_command(cid))
                    hand[i] = ""
                    words.append(str(i + 1))
            return " ".join(words)
        return ""

    code = PersonTerminal(session, answer, out.append, clear_fn=lambda: clears.append(len(out))).run()
    assert code == 0 and session.step is Step.END
    text = "\n".join(out)
    assert "Coach:" in text and "Not viable: step 1" in text
    assert "Hand the terminal to Mission Control" in text and clears
    # Whatever the Cadet could read (outside the private steps) names no mission before the End.
    public, private = [], False
    for line in out:
        if "press Enter when only you can see" in line:
            private = True
        if "The Mission Control screen is hidden" in line:
            private = False
        if not private:
            public.append(line)
    end = next(i for i, line in enumerate(public) if "=== Victory" in line or "=== Defeat" in line)
    done_titles = set()
    for line in public[:end]:
        for m in CONTENT.missions:
            if m.title in line and "Mission complete!" not in line and "-> mission complete" not in line:
                done_titles.add(m.title)
    completed = {CONTENT.mission(m).title for m in session.game.state.completed_ids}
    assert done_titles <= completed, done_titles - completed


@pytest.mark.parametrize("at", ["Your 5 commands", "press Enter to hide", "The error card you drew"])
@pytest.mark.parametrize("way", ["quit", "eof", "ctrl-c"])
def test_every_way_out_of_a_private_step_clears_the_screen(at: str, way: str) -> None:
    """quit, end of input or Ctrl-C at one of Mission Control's prompts leaves no secret on the terminal
    (issue 10, F1): the screen and its scroll-back are cleared as "press Enter to hide this" does."""
    session = person(seed=7, physical_deck=at.startswith("The error"))
    out: list[str] = []
    clears: list[int] = []
    hides = 0

    def answer(prompt: str) -> str:
        nonlocal hides
        out.append(prompt)
        if "press Enter to hide" in prompt:
            hides += 1
        leave = at in prompt and (at != "press Enter to hide" or hides == 2)  # the 2nd: the hand-over
        if leave and way == "eof":
            raise EOFError
        if leave and way == "ctrl-c":
            raise KeyboardInterrupt
        if leave:
            return "quit"
        if "Your 5 commands" in prompt:
            return " ".join(str(c) for c in PLANNER.choose(session.mission_control_view()))
        return ""

    terminal = PersonTerminal(session, answer, out.append, clear_fn=lambda: clears.append(len(out)))
    if at.startswith("The error"):
        session.confirm()
        session.open_seat()
        for command in PLANNER.choose(session.mission_control_view()):
            session.pick(command)
        assert session.lock_in()
        session.close_seat()
        card = next(c for c in session.drawable_transmissions() if CONTENT.transmission(c).errors)
        assert session.draw_transmission(card), session.message
        assert session.awaiting_error
    if way == "ctrl-c":
        with pytest.raises(KeyboardInterrupt):
            terminal.run()
    else:
        assert terminal.run() == 0
    titles = [CONTENT.mission(m).title for m in session.game.state.missions]
    secret_lines = [i for i, line in enumerate(out) if any(t in line for t in titles)
                    or "intended order" in line or "Unselected:" in line]
    assert secret_lines and clears and clears[-1] > secret_lines[-1], (clears, secret_lines)
    assert not session.seat_open
    assert "The Mission Control screen is hidden: leaving the game." in out[clears[-1]:]


def test_the_walk_finds_a_leak_when_there_is_one() -> None:
    """The leak check itself: a mission's title in an event, or in the message, is found."""
    from companion.games.transmission.events import Refused

    session = person()
    watch = Watch(session)
    assert not watch.leaks()
    title = CONTENT.mission(session.game.state.missions[0]).title
    session._events.publish(Refused(f"about {title}"))  # noqa: SLF001 - a leak made on purpose
    assert watch.leaks() == [f"{title!r} in Refused(message='about {title}', step=None, command=None, "
                             "reason=None)"]


def test_companion_play_mc_person_hands_the_terminal_over(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from companion.entry import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nN E\nquit\n"))
    assert main(["play", "--mc", "person", "--no-store", "--seed", "4", "--difficulty", "training"]) == 0
    out = capsys.readouterr().out
    before, _, private = out.partition("press Enter when only you can see the screen")
    assert "Hand the terminal to Mission Control" in before and "Your secret missions:" in private
    assert "Give exactly 5 commands, not 2." in private
    titles = [m.title for m in CONTENT.missions]
    assert not [t for t in titles if t in before]  # nothing the Cadet saw before the hand-over names one


def test_undo_and_board_correction_work_as_against_the_companion() -> None:
    session = person(undo="honor")
    session.confirm()
    session.open_seat()
    for command in PLANNER.choose(session.mission_control_view()):
        session.pick(command)
    assert session.lock_in()
    session.close_seat()
    assert session.confirm() and session.step is Step.DECODE
    rows = session.view().rows
    cadet = session.view().cadet
    assert not session.correct_board(rows, cadet, None)  # the referee's own check, as against the companion
    assert session.message == "That is the board the app already has: nothing to correct."
    cadet_order(session)
    assert session.execute()
    assert session.undo(), session.message
    assert session.step is Step.DECODE and session.order() is not None
    assert session.execute()
    finish_execute(session)
    assert session.step in (Step.THINKING, Step.END)


def test_undo_works_on_thinking_while_the_person_has_not_locked_in() -> None:
    """The person may sit on Thinking for minutes: the Execute just done is undone there (issue 10, F9);
    against the companion, which picks at once, Thinking still refuses."""
    for seed in range(11, 60):
        session = person(seed, undo="honor")
        session.confirm()
        session.open_seat()
        for command in PLANNER.choose(session.mission_control_view()):
            session.pick(command)
        assert session.lock_in()
        session.close_seat()
        session.confirm()
        for k in range(1, 6):  # the hand as dealt, not decoded: most often no mission completes
            if session.arrangement[k - 1] is None:
                assert session.place(session.unplaced()[0], k), session.message
        if not session.execute() or session.game.state.completed:
            continue
        finish_execute(session)
        assert session.step is Step.THINKING and session.can_undo
        session.open_seat()
        assert session.pick(PLANNER.choose(session.mission_control_view())[0])
        session.close_seat()
        assert session.undo(), session.message
        assert session.step is Step.DECODE and session.order() is not None
        assert session.game.state.phase is Phase.DECODE
        session.open_seat()
        assert session.seat_view().picks == ()  # the pick for the board undone is dropped
        session.close_seat()
        assert session.execute()
        finish_execute(session)
        assert session.step is Step.THINKING
        assert not person(seed, undo="off").can_undo  # the setting still rules
        break
    else:
        raise AssertionError("no seed gave a transmission that completed no mission")
    companion = Session(CONTENT, PLANNER, "hard", "standard", 11, undo="honor")
    companion.confirm()
    assert companion.step is Step.THINKING and not companion.undo()
    assert companion.message.startswith("Mission Control is choosing")


def test_the_history_row_says_who_was_mission_control(tmp_path: Any) -> None:
    from companion.games.transmission.stored import KEEPER
    from companion.table.store import Store
    from ui.records import history_row

    store = Store.open(tmp_path / "store.sqlite3")
    try:
        theirs = person(seed=21)
        store.begin(theirs, KEEPER)
        theirs.confirm()  # an event: the store commits the table state
        ours = Session(CONTENT, PLANNER, "standard", "standard", 22)
        store.begin(ours, KEEPER)
        ours.confirm()
        rows = store.games()
        assert [g.mission_control for g in rows] == ["companion", "person"]
        assert history_row(rows[1], {})["missions"] == "0 of 3 missions · MC: a person"
        assert history_row(rows[0], {})["missions"] == "0 of 3 missions"
        store.export_csv(tmp_path / "games.csv")
        assert "mission_control" in (tmp_path / "games.csv").read_text().splitlines()[0]
    finally:
        store.close()


@pytest.mark.parametrize("options", [["--coach"], ["--physical-missions", "--private-boosts"],
                                     ["--mc", "companion", "--coach"]])
def test_play_refuses_a_person_s_options_when_the_companion_is_mission_control(
        options: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Any) -> None:
    """``--physical-missions``, ``--private-boosts`` and ``--coach`` without a person as Mission Control
    (X1, F17): refused with exit 2 naming them, before any game starts; ``--no-coach`` is fine."""
    import io
    import sys

    from test_cli import cli

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nquit\n"))
    code, out, err = cli(capsys, "play", "--no-store", "--seed", "4", *options)
    assert code == 2 and out == ""
    named = [o for o in options if o.startswith("--") and o != "--mc"]
    assert all(o in err for o in named) and "add --mc person" in err, err
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nquit\n"))
    code, out, _ = cli(capsys, "play", "--no-store", "--seed", "4", "--no-coach", "--no-private-boosts")
    assert code == 0 and "=== Transmission 1 of 7 ===" in out


def test_the_terminal_takes_a_mission_card_by_its_title_and_says_the_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--physical-missions`` at the terminal (X1, F17, F3): a Mission card typed as printed (its title,
    any case) is entered; a number outside the list says the range; the heading says missions are
    entered; the start says a person is Mission Control; the hand-over names the cards to shuffle."""
    session = person(seed=7, difficulty="training", physical_missions=True)
    out: list[str] = []
    first, second = CONTENT.missions[4], CONTENT.missions[9]
    typed = iter(["", "", first.title.upper(), "99", f"  {second.title.lower()}  ", "3", "quit"])

    def answer(prompt: str) -> str:
        out.append(prompt)
        return next(typed)

    PersonTerminal(session, answer, out.append, clear_fn=lambda: None).run()
    text = "\n".join(out)
    assert "Mission Control is a person at this table: they draw 3 Mission cards" in text
    assert "--- Mission Control: enter your Mission cards, then select 5 commands ---" in text
    assert f"{first.title} entered (1 of 3)." in text and f"{second.title} entered (2 of 3)." in text
    assert "! There is no number 99 in the list: type 1 to" in text and "title or its id." in text
    assert len(session.game.state.missions) == 3 and session.game.state.missions[:2] == (first.id, second.id)
    # The list is by title, A to Z (X2: 38 buttons in pack order were hard to search).
    fresh = person(physical_missions=True)
    fresh.confirm()
    fresh.open_seat()
    titles = [m.title for m in fresh.seat_view().mission_choices]
    assert len(titles) == len(CONTENT.missions) and titles == sorted(titles, key=str.casefold)


def test_the_hand_over_names_the_cards_to_shuffle() -> None:
    """The hand-over's last line (X1, F3): no clear signal and no error, "your 5 selected cards" (there
    are no "other" cards); with one in a register and an error, the other 4 with it."""

    def after(fits: Any, difficulty: str) -> tuple[str, ...]:
        session = person(seed=4, difficulty=difficulty, physical_deck=True)
        session.confirm()
        session.open_seat()
        for command in PLANNER.choose(session.mission_control_view()):
            assert session.pick(command)
        assert session.lock_in()
        card = next(c for c in session.drawable_transmissions() if fits(CONTENT.transmission(c)))
        assert session.draw_transmission(card), session.message
        if session.awaiting_error:  # the person draws it from their unselected cards
            command = session.seat_view().error_choices[0]
            ids = {Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY", Command.REPAIR: "REPAIR"}
            assert session.draw_error(ids.get(command, f"{command.value}1")), session.seat_message
        return session.seat_view().hand_over

    assert after(lambda t: not t.clear_register and not t.errors, "training")[-1] == \
        "Shuffle your 5 selected cards face down and hand them to the Cadet."
    assert after(lambda t: t.clear_register and not t.errors, "training")[-1] == \
        "Shuffle the other 4 selected cards face down and hand them to the Cadet."
    assert after(lambda t: not t.clear_register and t.errors, "hard")[-1] == \
        "Shuffle your 5 selected cards with it face down and hand them to the Cadet."


def test_a_private_boost_answer_is_said_before_the_registers_show_it() -> None:
    """``--private-boosts`` at the terminal (X1, F15): after ``boost 1 R`` (Clear Signal) the registers are
    shown again only once Mission Control has read the answer on their private step, so the Cadet's
    screen does not show the fixed card before it is said aloud."""
    content = dataclasses.replace(CONTENT, boosts=tuple(b for b in CONTENT.boosts
                                                        if b.kind.value == "clear_signal"))
    session = PersonSession(content, PLANNER, "training", "standard", 1, private_boosts=True)
    out: list[str] = []
    spent: list[int] = []

    def answer(prompt: str) -> str:
        out.append(prompt)
        if spent and "Order for registers" in prompt:
            return "quit"
        if "Your 5 commands" in prompt:
            return " ".join(str(c) for c in PLANNER.choose(session.mission_control_view()))
        if "Order for registers" in prompt:
            view, state = session.view(), session.game.state
            if view.boosts:  # seed 1: a Clear Signal is held at the 4th transmission
                spent.append(next(k for k, r in enumerate(view.registers, start=1) if r is None))
                return f"boost 1 {spent[0]}"
            hand = [c.id for c in view.hand]
            words = []
            for k, cid in enumerate(state.intended, start=1):
                if view.registers[k - 1] is None:
                    i = next(i for i, h in enumerate(hand) if h and card_command(h) is card_command(cid))
                    hand[i] = ""
                    words.append(str(i + 1))
            return " ".join(words)
        return ""

    PersonTerminal(session, answer, out.append, clear_fn=lambda: None).run()
    assert spent, "no Clear Signal was held: pick another seed"
    said = next(i for i, line in enumerate(out) if line.startswith("Mission Control (Clear Signal)"))
    private = next(i for i in range(said, len(out)) if "press Enter when only you can see" in out[i])
    assert not [line for line in out[said:private] if "Registers:" in line], out[said:private]
    hidden = next(i for i in range(private, len(out)) if "The Mission Control screen is hidden" in out[i])
    assert any("Registers:" in line and "(fixed)" in line for line in out[hidden:])


def test_the_coach_plans_through_the_apps_presolver() -> None:
    """The app's chooser is a Presolver around the Planner (X2, high): the coach's fewest transmissions
    come from the planner itself, not "cannot be won" for want of a plan."""
    from companion.games.transmission.mission_control.presolve import Presolver

    session = PersonSession(CONTENT, Presolver(Planner()), "standard", "standard", 677_276, coach=True)
    session.confirm()
    session.open_seat()
    advice = session.coach_advice()
    plan = Planner().plan(session.mission_control_view())
    assert advice is not None and advice.transmissions_to_win == plan.transmissions_to_win is not None
    assert advice.pick == tuple(plan.commands)


def test_the_board_is_fixed_on_thinking_until_the_person_locks_in() -> None:
    """X2: with a person as Mission Control nothing is chosen until they lock in, so Fix the board is
    accepted on Thinking (the AI's refusal, "choosing for the board as it is", is not true of them); the
    picks made on the old board are cleared and their screen says so. While their screen is open the
    board stays as it is."""
    session = person(undo="honor")
    session.confirm()
    assert session.step is Step.THINKING
    session.open_seat()
    pick = PLANNER.choose(session.mission_control_view())
    assert session.pick(pick[0]) and session.pick(pick[1])
    view = session.view()
    r, c = next((r, c) for r, row in enumerate(view.rows) for c, tile in enumerate(row)
                if tile != "." and (r, c) != tuple(view.cadet))
    rows = list(view.rows)
    rows[r] = rows[r][:c] + rows[r][c].swapcase() + rows[r][c + 1:]  # a module's other side up
    assert not session.correct_board(rows, view.cadet, view.carrying)  # the screen is open: refused
    assert session.view().rows == view.rows
    session.close_seat()
    assert session.correct_board(rows, view.cadet, view.carrying), session.message
    assert session.step is Step.THINKING and list(session.view().rows) == rows
    session.open_seat()
    assert session.seat_view().picks == () and "pick your 5 commands again" in session.seat_message
    for command in PLANNER.choose(session.mission_control_view()):
        assert session.pick(command), session.seat_message
    assert session.lock_in() and session.step is Step.TRANSMISSION
