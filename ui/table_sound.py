"""The app's half of the table's sound and ``[table]`` settings (issue 22, items 5 to 7).

One :class:`TableSound` per app: it owns the :class:`~ui.sound.Speaker` (preloaded off the UI thread
at start), plays Incoming Transmission's cues for the session the status strip belongs to (the action
games' tables subscribe their own sessions: :func:`ui.sound.follow_action_session`), and applies a
change made on the Settings screen or with a mute button at once: the language
(:func:`companion.i18n.set_language`), the speaker and the buzzer (which asks
:meth:`~ui.sound.Speaker.silent`), and the config file's ``[table]``
(:func:`companion.table.settings_file.save_table_settings`).  A file that cannot be written keeps the
change for this run, and the sentence for the screen says so.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from typing import Any

from companion import i18n
from companion.i18n import _
from companion.table.events import Event
from companion.table.settings_file import SettingsNotSaved, save_table_settings
from companion.table.table_settings import TableSettings
from ui.sound import Speaker, TransmissionCues

__all__ = ["LOAD_AFTER", "TableSound"]

log = logging.getLogger(__name__)

#: Seconds after the app's start before the cues are loaded (on their own thread).
LOAD_AFTER = 0.5
#: Seconds between looks at the clock: the mute buttons show quiet hours beginning and ending.
CLOCK_EVERY = 20.0


class TableSound:
    """The speaker and the ``[table]`` settings of one app (see the module docstring).

    :param app: the running app (:class:`ui.app.CompanionApp`): its ``table_config``, ``session``
        property and ``sound_muted`` property.
    :param speaker: the speaker (default: one from the config's ``[table]``).
    """

    def __init__(self, app: Any, speaker: Speaker | None = None) -> None:
        self.app = app
        self.speaker = speaker or Speaker(app.table_config.table)
        self.speaker.on_change(self._show_mute)
        #: The screen the Settings screen returns to.
        self.back_to = "home"
        self._session: Any = None
        self._load_event: Any = None
        self._clock_event: Any = None

    # ------------------------------------------------------------------ life

    def start(self) -> None:
        """Follow the status strip's game, and load the cues once the first frames are drawn
        (:data:`LOAD_AFTER` seconds), one cue a frame on the main thread (:meth:`Speaker.load_next`:
        SDL opens the audio device on the thread that pumps the window's events)."""
        from kivy.clock import Clock

        self._show_mute()
        self._load_event = Clock.schedule_once(self._begin_loading, LOAD_AFTER)
        self._clock_event = Clock.schedule_interval(lambda _dt: self._show_mute(), CLOCK_EVERY)
        self.app.bind(session=self._on_session)
        self._on_session(self.app, self.app.session)

    def _begin_loading(self, _dt: float) -> None:
        from kivy.clock import Clock

        if self._load_one(0.0):
            self._load_event = Clock.schedule_interval(self._load_one, 0)  # the rest, a cue a frame

    def _load_one(self, _dt: float) -> bool:
        """One cue (Kivy's clock: ``False`` unschedules once every cue is loaded or sound gave up)."""
        more = self.speaker.load_next()
        if not more:
            self._load_event = None
        return more

    def stop(self) -> None:
        """Stop following the game (the app stops)."""
        if self._load_event is not None:
            self._load_event.cancel()
            self._load_event = None
        if self._clock_event is not None:
            self._clock_event.cancel()
            self._clock_event = None
        self.app.unbind(session=self._on_session)
        self._session = None

    def _on_session(self, _app: object, session: Any) -> None:
        if session is self._session:
            return
        self._session = session
        if session is not None:
            session.subscribe(functools.partial(self._on_event, session, TransmissionCues()))

    def _on_event(self, session: Any, cues: TransmissionCues, event: Event) -> None:
        if session is self._session:  # not a game that was left
            name = cues(session, event)
            if name is not None:
                self.speaker.cue(name)

    def _show_mute(self) -> None:
        """The mute buttons follow the speaker: muted, and the quiet hours' end while they are on."""
        self.app.sound_muted = self.speaker.mute
        self.app.sound_quiet_until = self.speaker.quiet_until()

    def refresh(self) -> None:
        """Look at the speaker and the clock again now (a test, a screen just shown)."""
        self._show_mute()

    def state_words(self) -> str:
        """One sentence on what the table sounds like now, or ``""`` while it plays its cues: no sound
        device (the settings are kept for a table that has one), muted, or quiet hours until when."""
        speaker = self.speaker
        if speaker.problem:
            return _("No sound here: this box has no working sound device. The settings are kept for "
                     "when it has one.")
        if speaker.mute:
            return ""
        until = speaker.quiet_until()
        return _("Quiet hours now: no sound until {time}.").format(time=until) if until else ""

    # ------------------------------------------------------------------ settings

    def settings(self) -> TableSettings:
        """The ``[table]`` settings in use now (the language: the one shown)."""
        speaker = self.speaker
        return TableSettings(language=i18n.language(), volume=speaker.volume, mute=speaker.mute,
                             quiet_hours=speaker.quiet_hours)

    def apply(self, settings: TableSettings) -> tuple[bool, str]:
        """Use ``settings`` now and keep them in the config file.

        :returns: whether they were saved, and a sentence for the screen (where, or why not).
        """
        if settings.language is not None and settings.language != i18n.language():
            try:
                i18n.set_language(settings.language)
            except i18n.UnknownLanguage as exc:  # the screen offers only LANGUAGES: a programming error
                log.error("language not changed: %s", str(exc))
                settings = dataclasses.replace(settings, language=i18n.language())
            # The screen shown is redrawn by the app's language listener (CompanionApp.retranslate).
        self.speaker.apply(settings)
        config = self.app.table_config
        self.app.table_config = dataclasses.replace(config, table=settings)
        try:
            path = save_table_settings(settings, config.path)
        except SettingsNotSaved as exc:
            log.warning("settings not saved: %s", str(exc))
            return False, _("Not saved: {why} The change holds until the app stops.").format(why=str(exc))
        if config.path is None:
            self.app.table_config = dataclasses.replace(self.app.table_config, path=path)
        return True, _("Saved in {file}.").format(file=str(path))

    def toggle_mute(self) -> tuple[bool, str]:
        """A mute button: mute or unmute, kept as :meth:`apply` keeps it."""
        return self.apply(dataclasses.replace(self.settings(), mute=not self.speaker.mute))
