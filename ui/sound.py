"""The table's speaker: a short cue for each moment of a game (issue 22, items 5 to 7).

The cues are the project's own, synthesised by ``scripts/make_sounds.py`` into
``ui/assets/sounds/<cue>.wav`` (:data:`CUES`).  They are played through Kivy's audio
(:class:`kivy.core.audio.SoundLoader`; on the table SDL2's mixer) and never hold up a frame:

- in the app the files are loaded on the main thread, one cue per frame (:meth:`Speaker.load_next`,
  driven by ``ui.table_sound``): the first load opens the audio device (``SDL_Init`` of the audio
  subsystem, ``Mix_OpenAudio``), which SDL expects on the thread that pumps the window's events; done
  on a thread it deadlocked now and then against the window's event pump (seen under Xvfb, gdb).
  Outside a window (the command line, tests) :meth:`Speaker.start` loads on a background thread.
  A cue asked for before its file is loaded is skipped, not waited for;
- :meth:`Speaker.play` only starts a loaded sound (SDL mixes it on its own thread); a cue asked for
  on another thread is handed to Kivy's clock, so the sound is always touched on the main thread.

A box without a sound card, or an audio backend that fails (``SoundLoader`` returns ``None``, a sound
of no length, or raises on load or play), logs ONE warning and the speaker goes silent for the rest
of the run: the game goes on, without delay.

Volume, mute and quiet hours are the ``[table]`` settings (:mod:`companion.table.table_settings`);
the Settings screen changes them live (:meth:`Speaker.apply`).  :meth:`Speaker.silent` (mute, or
the local time inside the quiet hours) is what the GPIO buzzer follows too (``ui.table_hardware``).

Which moment plays which cue: :class:`TransmissionCues` (Incoming Transmission: a transmission
arrives, interference strikes, a refusal, a mission complete, win and loss) and
:class:`ActionCues` (The Six Actions, The Five Actions: another player's turn, a new round, a
refusal).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, time
from pathlib import Path
from typing import Any, Protocol

from companion.table.events import Event
from companion.table.table_settings import QuietHours, TableSettings

__all__ = ["CUES", "SOUND_DIR", "ActionCues", "Speaker", "TransmissionCues", "local_time"]

log = logging.getLogger(__name__)

#: Where the cue files are.
SOUND_DIR = Path(__file__).with_name("assets") / "sounds"
#: Every cue, by name (the file's stem) -> the moment it marks.
CUES = {
    "transmission": "a Transmission card arrives",
    "interference": "interference strikes: an error card joins the hand",
    "refused": "a command or another intent is refused",
    "mission": "a mission is complete",
    "victory": "the Cadet wins",
    "defeat": "the Cadet loses",
    "turn": "another player's turn",
    "round": "a new round",
}


def local_time() -> time:
    """The local wall-clock time now (the quiet hours are in local time)."""
    return datetime.now().time()


class Sound(Protocol):
    """What the speaker uses of a loaded sound (:class:`kivy.core.audio.Sound`)."""

    volume: float

    @property
    def length(self) -> float: ...

    def play(self) -> None: ...

    def stop(self) -> None: ...


#: ``load(path) -> sound or None`` (Kivy's ``SoundLoader.load``; a test's fake).
Loader = Callable[[str], "Sound | None"]


def kivy_loader(path: str) -> Sound | None:
    """:meth:`kivy.core.audio.SoundLoader.load` (imported with the first cue: the audio provider)."""
    from kivy.core.audio import SoundLoader

    sound: Sound | None = SoundLoader.load(path)
    return sound


def _main_thread_later(play: Callable[[], object]) -> None:
    from kivy.clock import Clock

    Clock.schedule_once(lambda _dt: play())


class Speaker:
    """The table's cues through the speaker (see the module docstring).

    :param settings: the ``[table]`` settings: volume (percent), mute, quiet hours.
    :param load: loads one file (default :func:`kivy_loader`).
    :param clock: the local time now (default :func:`local_time`; tests inject one).
    :param folder: where the ``<cue>.wav`` files are.
    :param later: runs a callable on Kivy's main thread soon (a cue asked for on another thread).
    :ivar problem: why the speaker went silent for this run (``""`` while it works).
    """

    def __init__(self, settings: TableSettings | None = None, *, load: Loader | None = None,
                 clock: Callable[[], time] = local_time, folder: Path = SOUND_DIR,
                 later: Callable[[Callable[[], object]], None] = _main_thread_later) -> None:
        settings = settings or TableSettings()
        self.volume = settings.volume
        self.mute = settings.mute
        self.quiet_hours: QuietHours | None = settings.quiet_hours
        self.clock = clock
        self.folder = folder
        self.problem = ""
        self._load = load or kivy_loader
        self._later = later
        self._sounds: dict[str, Sound] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._listeners: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ settings

    def apply(self, settings: TableSettings) -> None:
        """Use ``settings``' volume, mute and quiet hours from now on (the Settings screen)."""
        self.volume, self.mute, self.quiet_hours = settings.volume, settings.mute, settings.quiet_hours
        self.changed()

    def set_mute(self, mute: bool) -> None:
        """Mute or unmute (a game screen's mute button)."""
        self.mute = mute
        self.changed()

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after each change of volume, mute or quiet hours (the mute buttons)."""
        self._listeners.append(listener)

    def changed(self) -> None:
        """Tell the :meth:`on_change` listeners."""
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a broken button must not stop the others
                log.exception("a sound-setting listener failed")

    def in_quiet_hours(self) -> bool:
        """Whether the local time now is inside the quiet hours."""
        return self.quiet_hours is not None and self.clock() in self.quiet_hours

    def quiet_until(self) -> str:
        """The end of the quiet hours the local time is in now (``"07:00"``), else ``""``."""
        span = self.quiet_hours
        return f"{span.end:%H:%M}" if span is not None and self.clock() in span else ""

    def silent(self) -> bool:
        """No cue and no buzzer now: muted, or inside the quiet hours."""
        return self.mute or self.in_quiet_hours()

    # ------------------------------------------------------------------ loading

    def start(self) -> None:
        """Load every cue on a background thread (the first frame does not wait for the audio device)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self.load_all, name="speaker-load", daemon=True)
            self._thread.start()

    def wait_loaded(self, timeout: float | None = None) -> None:
        """Wait for :meth:`start`'s loading (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def load_all(self) -> None:
        """Load every cue file; the first that fails silences the speaker (one warning) and stops."""
        while self.load_next():
            pass

    def load_next(self) -> bool:
        """Load the next cue not loaded yet (the app calls this on the main thread, once a frame).

        :returns: whether any cue is left to load; ``False`` once all are loaded or the speaker gave up
            (the first failure silences it: one warning)."""
        with self._lock:
            left = [name for name in CUES if name not in self._sounds]
        if self.problem or not left:
            return False
        path = self.folder / f"{left[0]}.wav"
        try:
            sound = self._load(str(path))
            if sound is None:
                raise RuntimeError(f"no audio provider could load {path.name}")
            if not sound.length or sound.length <= 0:
                raise RuntimeError("the audio device could not be opened (no sound card?)")
        except Exception as exc:
            self.give_up(f"loading {path.name}: {exc}")
            return False
        with self._lock:
            self._sounds[left[0]] = sound
        return len(left) > 1

    def loaded(self) -> tuple[str, ...]:
        """The cues ready to play."""
        with self._lock:
            return tuple(self._sounds)

    def give_up(self, why: str) -> None:
        """Go silent for this run, saying why once in the log."""
        with self._lock:
            first = not self.problem
            self.problem = why
            self._sounds.clear()
        if first:
            log.warning("no sound cues this run (the table works without): %s", why)

    # ------------------------------------------------------------------ playing

    def cue(self, name: str) -> None:
        """Play cue ``name`` for a moment of the game, from any thread (see :meth:`play`)."""
        if threading.current_thread() is threading.main_thread():
            self.play(name)
        else:
            self._later(lambda: self.play(name))

    def play(self, name: str) -> bool:
        """Start cue ``name`` at the volume now (main thread); ``False`` when nothing is played: silent,
        volume 0, the audio failed, or the cue is not loaded yet.

        :raises KeyError: ``name`` is none of :data:`CUES` (a programming error).
        """
        if name not in CUES:
            raise KeyError(f"no such cue: {name!r} (known: {', '.join(CUES)})")
        if self.problem or self.volume <= 0 or self.silent():
            return False
        with self._lock:
            sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            sound.stop()  # the same cue again starts over
            sound.volume = self.volume / 100
            sound.play()
        except Exception as exc:
            self.give_up(f"playing {name}: {exc}")
            return False
        return True

    def follow(self, session: Any, cue_of: Callable[[Any, Event], str | None]) -> Callable[[Event], None]:
        """A listener for ``session``'s events that plays ``cue_of(session, event)`` when it names one."""

        def listener(event: Event) -> None:
            name = cue_of(session, event)
            if name is not None:
                self.cue(name)

        return listener


class TransmissionCues:
    """The cues of Incoming Transmission (RULES.md, A transmission), for one session.

    A Transmission card arrives when the table moves to the Transmission step: interference when the
    card has an error (2. Reveal), else the arrival.  With the physical deck the step comes first and
    the table draws the card after: the arrival plays then, and the interference, if any, once the
    card is drawn (never the arrival twice for one transmission).  A refusal, a completed mission
    (6. Confirm), the win and the loss (7. Await) each have theirs.
    """

    def __init__(self) -> None:
        self._arrived: object = None

    def __call__(self, session: Any, event: Event) -> str | None:
        from companion.games.transmission.events import (
            Defeat,
            MissionComplete,
            Refused,
            StepChanged,
            Victory,
        )
        from companion.games.transmission.names import Step

        if isinstance(event, Refused):
            return "refused"
        if isinstance(event, MissionComplete):
            return "mission"
        if isinstance(event, Victory):
            return "victory"
        if isinstance(event, Defeat):
            return "defeat"
        if not (isinstance(event, StepChanged) and event.step is Step.TRANSMISSION):
            return None
        view = session.view()
        number = int(getattr(view, "transmission", 0))
        if getattr(view, "awaiting_draw", False):  # the view still shows the last card, if any
            self._arrived = number + 1
            return "transmission"
        card = getattr(view, "card", None)
        if card is not None and card.errors > 0:
            self._arrived = number
            return "interference"
        if self._arrived == number:
            return None  # the card drawn after its arrival was heard: no second arrival
        self._arrived = number
        return "transmission"


class ActionCues:
    """The cues of a game of actions (The Six Actions, The Five Actions): a refusal; after an
    intent, a new round (the view's ``round`` moved on) or another player's turn (its ``current``
    seat changed).  One per session: it remembers the last round and seat it saw."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._seen = self._where()

    def _where(self) -> tuple[int, int | None]:
        view = self.session.view()
        return int(view.round), view.current

    def __call__(self, session: Any, event: Event) -> str | None:
        from companion.table.action_session import Changed, Refused

        if isinstance(event, Refused):
            return "refused"
        if not isinstance(event, Changed):
            return None
        before, self._seen = self._seen, self._where()
        if self._seen[0] != before[0]:
            return "round"
        if self._seen[1] != before[1] and self._seen[1] is not None:
            return "turn"
        return None


def follow_action_session(host: Any, session: Any) -> None:
    """Play ``session``'s cues through ``host``'s speaker (an app without one: nothing)."""
    speaker = getattr(host, "speaker", None)
    if isinstance(speaker, Speaker):
        session.subscribe(speaker.follow(session, ActionCues(session)))
