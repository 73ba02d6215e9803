"""The table's speaker (ui/sound.py; issue 22, items 5 to 7): cues never block, a failing audio
backend is one warning and silence, volume, mute and quiet hours are honoured, the buzzer follows."""

from __future__ import annotations

import logging
import queue
import time as clock
from dataclasses import dataclass
from datetime import time
from pathlib import Path
from typing import Any

import pytest

from companion.table.events import Publisher
from companion.table.table_settings import QuietHours, TableSettings
from ui.sound import CUES, ActionCues, Speaker, TransmissionCues


class FakeSound:
    def __init__(self, length: float = 0.3, fail_play: bool = False) -> None:
        self.length = length
        self.volume = 1.0
        self.plays: list[float] = []
        self.fail_play = fail_play

    def play(self) -> None:
        if self.fail_play:
            raise RuntimeError("Mix_PlayChannel: no free channel")
        self.plays.append(self.volume)

    def stop(self) -> None:
        pass


class FakeLoader:
    """Loads a :class:`FakeSound` per file (or fails as told), counting the calls."""

    def __init__(self, fail: Exception | None = None, none: bool = False, length: float = 0.3,
                 fail_play: bool = False) -> None:
        self.fail, self.none, self.length, self.fail_play = fail, none, length, fail_play
        self.sounds: dict[str, FakeSound] = {}
        self.calls = 0

    def __call__(self, path: str) -> FakeSound | None:
        self.calls += 1
        if self.fail is not None:
            raise self.fail
        if self.none:
            return None
        sound = FakeSound(self.length, self.fail_play)
        self.sounds[Path(path).stem] = sound
        return sound


class Clock:
    def __init__(self, now: time) -> None:
        self.now = now

    def __call__(self) -> time:
        return self.now


def speaker(loader: FakeLoader, settings: TableSettings | None = None, now: time = time(12, 0)) -> Speaker:
    out = Speaker(settings, load=loader, clock=Clock(now), later=lambda play: play())
    out.load_all()
    return out


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "ui.sound" and r.levelno == logging.WARNING]


def test_a_cue_plays_at_the_volume_set() -> None:
    loader = FakeLoader()
    table = speaker(loader, TableSettings(volume=35))
    assert set(table.loaded()) == set(CUES)
    assert table.play("mission")
    assert loader.sounds["mission"].plays == [0.35]
    table.apply(TableSettings(volume=0))
    assert not table.play("mission")
    assert loader.sounds["mission"].plays == [0.35]


def test_mute_silences_the_speaker() -> None:
    loader = FakeLoader()
    table = speaker(loader, TableSettings(mute=True))
    assert table.silent() and not table.play("refused")
    table.set_mute(False)
    assert table.play("refused") and loader.sounds["refused"].plays == [0.8]


@pytest.mark.parametrize(("now", "silent"), [(time(23, 0), True), (time(6, 59), True), (time(7, 0), False),
                                             (time(21, 29), False), (time(21, 30), True)])
def test_quiet_hours_across_midnight_follow_the_local_clock(now: time, silent: bool) -> None:
    loader = FakeLoader()
    table = speaker(loader, TableSettings(quiet_hours=QuietHours(time(21, 30), time(7, 0))), now)
    assert table.silent() is silent
    assert table.play("turn") is not silent


def test_an_unknown_cue_is_a_programming_error() -> None:
    with pytest.raises(KeyError, match="no such cue: 'boing'"):
        speaker(FakeLoader()).play("boing")


@pytest.mark.parametrize("loader", [FakeLoader(fail=OSError("no audio device")), FakeLoader(none=True),
                                    FakeLoader(length=0.0)], ids=["raises", "none", "no-length"])
def test_a_failing_backend_is_one_warning_and_silence(loader: FakeLoader,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    table = speaker(loader)
    assert loader.calls == 1  # the first failure stops the loading: no more errors from the backend
    for name in CUES:
        assert not table.play(name)
    assert len(warnings(caplog)) == 1 and table.problem
    assert "transmission.wav" in warnings(caplog)[0]


def test_a_backend_that_raises_on_play_goes_silent_after_one_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    loader = FakeLoader(fail_play=True)
    table = speaker(loader)
    assert not table.play("victory")
    assert not table.play("victory") and not table.play("defeat")
    assert len(warnings(caplog)) == 1 and "playing victory" in table.problem


def test_the_game_goes_on_when_the_backend_raises(caplog: pytest.LogCaptureFixture) -> None:
    """A session's other listeners (the screens, the store) still hear every event."""
    from companion.games.transmission.events import Refused

    caplog.set_level(logging.WARNING)
    table = speaker(FakeLoader(fail_play=True))
    publisher = Publisher()
    heard: list[object] = []
    publisher.subscribe(table.follow(object(), TransmissionCues()))
    publisher.subscribe(heard.append)
    for _ in range(3):
        publisher.publish(Refused("Execute refuses step 2: off the board."))
    assert len(heard) == 3
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []  # no listener failed
    assert len(warnings(caplog)) == 1


def test_a_cue_asked_for_on_another_thread_is_handed_to_the_main_thread() -> None:
    import threading

    handed: list[Any] = []
    table = Speaker(load=FakeLoader(), later=handed.append)
    table.load_all()
    worker = threading.Thread(target=table.cue, args=("mission",))
    worker.start()
    worker.join()
    assert len(handed) == 1
    assert handed[0]() is True  # run on the main thread, it plays


# ---------------------------------------------------------------------------- which cue for which moment


@dataclass
class Card:
    errors: int


@dataclass
class View:
    card: Card | None = None
    round: int = 1
    current: int | None = 0
    transmission: int = 1
    awaiting_draw: bool = False


class FakeSession:
    def __init__(self, view: View) -> None:
        self.now = view

    def view(self) -> View:
        return self.now


def test_incoming_transmission_cues() -> None:
    from companion.games.transmission.events import (
        Defeat,
        MissionComplete,
        Placed,
        Refused,
        StepChanged,
        Victory,
    )
    from companion.games.transmission.names import Step

    arrive = StepChanged(Step.TRANSMISSION)
    cues = TransmissionCues()
    assert cues(FakeSession(View(Card(0), transmission=1)), arrive) == "transmission"
    assert cues(FakeSession(View(Card(1), transmission=2)), arrive) == "interference"
    clean = FakeSession(View(Card(0), transmission=3))
    assert cues(clean, StepChanged(Step.DECODE)) is None
    assert cues(clean, Refused("no")) == "refused"
    assert cues(clean, MissionComplete("m1", 3)) == "mission"
    assert cues(clean, Victory(500)) == "victory"
    assert cues(clean, Defeat(100)) == "defeat"
    assert cues(clean, Placed("c1", 2)) is None


def test_with_the_physical_deck_a_transmission_arrives_once() -> None:
    """The step comes before the table draws the card: the arrival then, the interference (if any)
    when the card is drawn, never the arrival twice."""
    from companion.games.transmission.events import StepChanged
    from companion.games.transmission.names import Step

    arrive = StepChanged(Step.TRANSMISSION)
    cues = TransmissionCues()
    waiting = {"awaiting_draw": True}
    assert cues(FakeSession(View(None, transmission=0, **waiting)), arrive) == "transmission"
    assert cues(FakeSession(View(Card(0), transmission=1)), arrive) is None
    # The next round's draw: the view still shows the last card (with an error), not interference yet.
    assert cues(FakeSession(View(Card(1), transmission=1, **waiting)), arrive) == "transmission"
    assert cues(FakeSession(View(Card(1), transmission=2)), arrive) == "interference"
    assert cues(FakeSession(View(None, transmission=2, **waiting)), arrive) == "transmission"
    assert cues(FakeSession(View(Card(0), transmission=3)), arrive) is None


def test_action_game_cues_follow_turn_and_round() -> None:
    from companion.table.action_session import Changed, GameOver, Refused

    session = FakeSession(View(round=1, current=0))
    cues = ActionCues(session)
    assert cues(session, Changed("Ana builds.")) is None  # nothing moved on
    session.now = View(round=1, current=1)
    assert cues(session, Changed("Ana passes.")) == "turn"
    session.now = View(round=2, current=0)
    assert cues(session, Changed("Round 2.")) == "round"
    assert cues(session, Refused("Not enough Cr.")) == "refused"
    session.now = View(round=2, current=None)
    assert cues(session, Changed("The game is over.")) is None
    assert cues(session, GameOver()) is None


# ---------------------------------------------------------------------------- Kivy's own audio


def test_loading_never_holds_up_the_caller() -> None:
    """start() returns while the audio backend is still loading (here: until the test lets it)."""
    import threading

    gate = threading.Event()

    def slow(path: str) -> FakeSound:
        gate.wait(10)
        return FakeSound()

    table = Speaker(load=slow, clock=Clock(time(12, 0)), later=lambda play: play())
    table.start()
    assert table.loaded() == () and not table.play("turn")  # not loaded yet: skipped, not waited for
    gate.set()
    table.wait_loaded(10)
    assert set(table.loaded()) == set(CUES) and table.play("turn")


def test_with_sdl_dummy_audio_a_played_cue_does_not_block() -> None:
    """SDL's dummy driver (conftest sets SDL_AUDIODRIVER=dummy): Kivy's SoundLoader loads every cue on
    the speaker's thread, and starting one takes a few microseconds (SDL mixes on its own thread)."""
    import os
    import statistics

    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    table = Speaker(clock=Clock(time(12, 0)))
    table.start()
    table.wait_loaded(20)
    assert table.problem == "" and set(table.loaded()) == set(CUES)
    took = []
    for name in list(CUES) * 3:
        started = clock.perf_counter()
        assert table.play(name)
        took.append(clock.perf_counter() - started)
    assert statistics.median(took) < 0.005, took  # a frame at 60 fps is 16.7 ms


# ---------------------------------------------------------------------------- the buzzer follows


def test_a_muted_panel_signal_lights_without_the_buzzer(mock_factory: Any) -> None:
    from hardware.panel import Panel, PanelSettings

    panel = Panel(PanelSettings(), queue.Queue(), mock_factory)
    try:
        panel.signal("victory", beep=False)
        buzzer = mock_factory.pin(12)
        clock.sleep(0.2)
        assert not any(s.state for s in buzzer.states[1:])  # never switched on
        assert mock_factory.pin(13).state  # the mission light is on all the same
    finally:
        panel.close()


class FakePanel:
    def __init__(self) -> None:
        self.signals: list[tuple[str, bool]] = []

    def signal(self, name: str, beep: bool = True) -> None:
        self.signals.append((name, beep))


class FakeApp:
    status = None
    message = ""

    def show_message(self, text: str, kind: str = "info") -> None:
        self.message = text


def test_the_buzzer_keeps_quiet_while_the_speaker_is_silent(tmp_path: Path) -> None:
    from companion.table.config import Config
    from ui.table_hardware import TableHardware

    table = speaker(FakeLoader(), TableSettings(mute=True))
    hardware = TableHardware(FakeApp(), Config(data_dir=tmp_path), silent=table.silent)  # type: ignore[arg-type]
    hardware.panel = FakePanel()  # type: ignore[assignment]
    hardware.handle(type("Problem", (), {"kind": "problem", "text": "reader unplugged"})())
    table.set_mute(False)
    hardware.handle(type("Problem", (), {"kind": "problem", "text": "reader unplugged"})())
    assert hardware.panel.signals == [("refused", False), ("refused", True)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("physical", [False, True], ids=["app-deck", "physical-deck"])
def test_a_real_game_plays_one_arrival_per_transmission(physical: bool) -> None:
    """Incoming Transmission's session, played by Mission Control's own intended orders: one arrival
    (or interference) cue per Transmission card with the app's deck; with the table's, the arrival when
    it is to draw and the interference (if any) once the card is drawn."""
    from companion.games.transmission.content.loader import default_content
    from companion.games.transmission.session import Session, Step
    from test_session import RandomChooser, arrange

    content = default_content()
    loader = FakeLoader()
    table = speaker(loader)
    session = Session(content, RandomChooser(3), "hard", seed=3, physical_deck=physical)
    session.subscribe(table.follow(session, TransmissionCues()))
    for _ in range(300):
        if session.over:
            break
        if session.step is Step.THINKING:
            assert session.choose_now()
        elif session.awaiting_draw:
            assert session.draw_transmission(session.drawable_transmissions()[0])
        elif session.step is Step.DECODE:
            arrange(session, session.game.state.intended, session.left_out)
            assert session.execute()
        else:
            assert session.confirm()
    assert session.over
    drawn = session.game.state.drawn
    errors = sum(1 for card in drawn if content.transmission(card).errors)
    assert errors  # hard deals error cards: the interference is heard
    assert len(loader.sounds["interference"].plays) == errors
    arrivals = len(loader.sounds["transmission"].plays)
    assert arrivals == (len(drawn) if physical else len(drawn) - errors)
    assert loader.sounds["victory"].plays or loader.sounds["defeat"].plays


_NO_SOUND_CARD = """
import logging, sys, time
logging.basicConfig(level=logging.WARNING, format="%(name)s %(levelname)s %(message)s", stream=sys.stdout)
from ui.sound import Speaker
speaker = Speaker()
started = time.perf_counter()
speaker.start()
speaker.wait_loaded(20)
played = [speaker.play(name) for name in ("transmission", "refused", "victory")]
print("RESULT", speaker.problem != "", played, round(time.perf_counter() - started, 3))
"""


def test_without_a_sound_card_kivy_audio_gives_one_warning_and_silence(tmp_path: Path) -> None:
    """A real box without audio: SDL cannot open the device (an audio driver this system lacks).
    The speaker says so once, plays nothing, and nothing waits."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver", "KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1",
           "KIVY_NO_CONSOLELOG": "1", "KIVY_HOME": str(tmp_path), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", _NO_SOUND_CARD], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    result = next(line for line in done.stdout.splitlines() if line.startswith("RESULT"))
    head, seconds = result.removeprefix("RESULT ").rsplit(" ", 1)
    assert head == "True [False, False, False]", result  # gave up; nothing played
    assert float(seconds) < 5
    ours = [line for line in done.stdout.splitlines() if line.startswith("ui.sound WARNING")]
    assert len(ours) == 1 and "no sound cues this run" in ours[0], done.stdout
