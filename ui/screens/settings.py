"""Settings: the table's language and its sound (issue 22, items 6 and 8).

Reached from Home and from a game's Menu; Back returns there (from a game: "Back to the game"), and
nothing else leaves it: a language tapped switches the screen in place.  A line says when the table
is silent whatever the screen shows: no sound device, or inside the quiet hours now (until when).
Every change applies at once
(:meth:`ui.table_sound.TableSound.apply`): the language switches every screen without a restart,
the speaker and the buzzer follow volume, mute and quiet hours, and the config file's ``[table]``
keeps them (the screen says where, or why it could not: then the change holds for this run).

Big touch targets for a finger: volume in steps of :data:`VOLUME_STEP` percent with - and +, the
quiet hours' ends in steps of :data:`QUIET_STEP` minutes.
"""

from __future__ import annotations

from datetime import time
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.i18n import LANGUAGES
from companion.table.table_settings import QuietHours, TableSettings
from ui.screens.base import BaseScreen

__all__ = ["QUIET_STEP", "VOLUME_STEP", "SettingsScreen", "clock_text"]

#: Percent a tap on - or + changes the volume by.
VOLUME_STEP = 10
#: Minutes a tap on - or + moves an end of the quiet hours by.
QUIET_STEP = 30
#: Quiet hours when they are first switched on (minutes after midnight): 22:00 to 07:00.
DEFAULT_QUIET = (22 * 60, 7 * 60)
DAY = 24 * 60


def clock_text(minutes: int) -> str:
    """``1290`` -> ``"21:30"`` (minutes after midnight, wrapped to one day)."""
    minutes %= DAY
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class SettingsScreen(BaseScreen[None]):
    """The table's settings (see the module docstring)."""

    language = StringProperty("en")
    volume = NumericProperty(80)
    mute = BooleanProperty(False)
    quiet = BooleanProperty(False)
    #: The quiet hours' start and end, minutes after midnight.
    quiet_from = NumericProperty(DEFAULT_QUIET[0])
    quiet_to = NumericProperty(DEFAULT_QUIET[1])
    #: Where the settings were saved, or why not.
    note = StringProperty("")
    note_error = BooleanProperty(False)
    #: Why the table is silent now whatever the settings say (``TableSound.state_words``), or ``""``.
    sound_state = StringProperty("")
    #: Opened from a game's Menu: Back returns to the game (and says so).
    from_game = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="settings", **kwargs)
        self._clock: Any = None

    #: The languages offered, code -> the language's own name.
    languages = LANGUAGES

    def on_pre_enter(self, *_: object) -> None:
        self.note, self.note_error = "", False
        self.retranslate()

    def on_enter(self, *_: object) -> None:
        if self._clock is None:  # the quiet hours begin or end while the screen is up
            self._clock = Clock.schedule_interval(lambda _dt: self.show_state(), 10)

    def on_leave(self, *_: object) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def retranslate(self) -> None:
        """Fill the screen again (on entering it, and after a language switch: the note saying where
        the change was kept stays)."""
        self.from_game = self.app.sound.back_to != "home"
        self.show(self.app.sound.settings())
        self.show_state()

    def show_state(self) -> None:
        """The line on the table's sound now (no device, quiet hours until when)."""
        self.app.sound.refresh()
        self.sound_state = self.app.sound.state_words()

    def show(self, settings: TableSettings) -> None:
        """Put ``settings`` on the screen."""
        self.language = settings.language or "en"
        self.volume = settings.volume
        self.mute = settings.mute
        self.quiet = settings.quiet_hours is not None
        if settings.quiet_hours is not None:
            start, end = settings.quiet_hours.start, settings.quiet_hours.end
            self.quiet_from = start.hour * 60 + start.minute
            self.quiet_to = end.hour * 60 + end.minute

    def settings(self) -> TableSettings:
        """What the screen shows, as settings."""
        quiet = None
        if self.quiet and self.quiet_from % DAY != self.quiet_to % DAY:
            start, end = int(self.quiet_from) % DAY, int(self.quiet_to) % DAY
            quiet = QuietHours(time(start // 60, start % 60), time(end // 60, end % 60))
        return TableSettings(language=self.language, volume=int(self.volume), mute=self.mute,
                             quiet_hours=quiet)

    # ------------------------------------------------------------------ taps

    def choose_language(self, code: str) -> None:
        """A language button: every screen switches now."""
        if code in LANGUAGES and code != self.language:
            self.language = code
            self.changed()

    def step_volume(self, steps: int) -> None:
        """- or +: the volume by ``steps`` times :data:`VOLUME_STEP`, within 0 to 100; a test cue plays."""
        volume = max(0, min(100, int(self.volume) + steps * VOLUME_STEP))
        if volume != self.volume:
            self.volume = volume
            self.changed()
        self.app.sound.speaker.play("turn")

    def set_mute(self, mute: bool) -> None:
        """Sound on, or muted."""
        if mute != self.mute:
            self.mute = mute
            self.changed()

    def set_quiet(self, quiet: bool) -> None:
        """Quiet hours on or off."""
        if quiet != self.quiet:
            self.quiet = quiet
            self.changed()

    def step_quiet(self, end: str, steps: int) -> None:
        """Move the quiet hours' ``end`` (``"from"`` or ``"to"``) by ``steps`` times :data:`QUIET_STEP`
        minutes; a move that would make them start and end at the same minute skips past it."""
        name = "quiet_from" if end == "from" else "quiet_to"
        other = self.quiet_to if end == "from" else self.quiet_from
        value = (int(getattr(self, name)) + steps * QUIET_STEP) % DAY
        if value == other % DAY:
            value = (value + steps * QUIET_STEP) % DAY
        setattr(self, name, value)
        self.quiet = True
        self.changed()

    def changed(self) -> None:
        """Apply what the screen shows, and say where it was kept (or why not)."""
        saved, words = self.app.sound.apply(self.settings())
        self.note, self.note_error = words, not saved
        self.show_state()

    def back(self) -> None:
        self.app.close_table_settings()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        return False
