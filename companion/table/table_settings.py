"""The ``[table]`` settings of the config file: the table's language and its sound.

Example::

    [table]
    language = "de"          # "en" or "de"; default: COMPANION_LANG, LANGUAGE, LC_*, LANG, else "en"
    volume = 80              # the speaker's cue volume, percent (0 to 100); default 80
    mute = false             # true: no cue through the speaker and no buzzer
    quiet_hours = "21:30-07:00"   # muted between these times (local, HH:MM-HH:MM; may span midnight)

Every problem names the file, the key and the value (:class:`companion.errors.ConfigError`); the
default is used instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import time
from typing import Any

from companion.errors import ConfigError
from companion.i18n import LANGUAGES, SOURCE_LANGUAGE, _, language_from_env, normalise, set_language

__all__ = ["DEFAULT_VOLUME", "TABLE_KEYS", "QuietHours", "TableSettings", "parse_quiet_hours",
           "read_table_settings", "table_language", "use_table_language"]

#: The keys ``[table]`` may hold.
TABLE_KEYS = ("language", "volume", "mute", "quiet_hours")
#: The cue volume when none is set, percent.
DEFAULT_VOLUME = 80
_CLOCK = re.compile(r"^\s*([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)\s*$")


@dataclass(frozen=True)
class QuietHours:
    """A daily span of local time in which the table is muted; ``start > end`` spans midnight.

    :param start: the first minute muted.
    :param end: the first minute heard again.
    """

    start: time
    end: time

    def __contains__(self, moment: time) -> bool:
        """Whether ``moment`` (local wall-clock time) lies in the span."""
        if self.start <= self.end:
            return self.start <= moment < self.end
        return moment >= self.start or moment < self.end

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


def parse_quiet_hours(text: str) -> QuietHours | None:
    """``"21:30-07:00"`` -> :class:`QuietHours`; ``""`` -> ``None`` (no quiet hours).

    :raises ValueError: not ``HH:MM-HH:MM`` with real times, or a span of no length.
    """
    if not text.strip():
        return None
    found = _CLOCK.match(text)
    if found is None:
        raise ValueError(_("must be two times of day as HH:MM-HH:MM, e.g. \"21:30-07:00\""))
    hours = [int(part) for part in found.groups()]
    span = QuietHours(time(hours[0], hours[1]), time(hours[2], hours[3]))
    if span.start == span.end:
        raise ValueError(_("starts and ends at the same minute"))
    return span


@dataclass(frozen=True)
class TableSettings:
    """Validated ``[table]`` settings.

    :param language: ``"en"``/``"de"``, or ``None`` when the file sets none (then the environment
        decides, :func:`companion.i18n.language_from_env`).
    :param volume: cue volume, percent (0 to 100).
    :param mute: no speaker cue and no buzzer.
    :param quiet_hours: muted daily between these times, or ``None``.
    """

    language: str | None = None
    volume: int = DEFAULT_VOLUME
    mute: bool = False
    quiet_hours: QuietHours | None = None


def read_table_settings(table: Mapping[str, Any], where: str) -> tuple[TableSettings, list[ConfigError]]:
    """Validate the ``[table]`` of the file ``where``: the settings (a default for each bad value) and
    the problems, each naming ``table.<key>`` and the value."""
    problems: list[ConfigError] = []
    for key in table:
        if key not in TABLE_KEYS:
            problems.append(ConfigError(where, f"table.{key}", table[key],
                                        _("unknown setting (known: {keys})")
                                        .format(keys=", ".join(sorted(TABLE_KEYS)))))
    language = table.get("language")
    if language is not None and (not isinstance(language, str) or normalise(language) not in LANGUAGES):
        problems.append(ConfigError(where, "table.language", language,
                                    _("must be one of {languages}")
                                    .format(languages=", ".join(repr(c) for c in LANGUAGES))))
        language = None
    volume = table.get("volume", DEFAULT_VOLUME)
    if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100:
        problems.append(ConfigError(where, "table.volume", volume,
                                    _("must be a whole percent from 0 to 100")))
        volume = DEFAULT_VOLUME
    mute = table.get("mute", False)
    if not isinstance(mute, bool):
        problems.append(ConfigError(where, "table.mute", mute, _("must be true or false")))
        mute = False
    quiet: QuietHours | None = None
    raw = table.get("quiet_hours", "")
    if not isinstance(raw, str):
        problems.append(ConfigError(where, "table.quiet_hours", raw,
                                    _("must be a string such as \"21:30-07:00\"")))
    else:
        try:
            quiet = parse_quiet_hours(raw)
        except ValueError as exc:
            problems.append(ConfigError(where, "table.quiet_hours", raw, str(exc)))
    return TableSettings(language=normalise(language) if language else None, volume=volume, mute=mute,
                         quiet_hours=quiet), problems


def table_language(settings: TableSettings, env: Mapping[str, str] | None = None) -> str:
    """The language the table starts in: ``[table] language``, else the environment's
    (:func:`companion.i18n.language_from_env`: ``COMPANION_LANG``, ``LANGUAGE``, ``LC_*``, ``LANG``),
    else English (:data:`companion.i18n.SOURCE_LANGUAGE`).

    :param env: the environment to read (default ``os.environ``)."""
    return settings.language or language_from_env(env) or SOURCE_LANGUAGE


def use_table_language(settings: TableSettings, env: Mapping[str, str] | None = None) -> str:
    """Switch every layer to :func:`table_language` (:func:`companion.i18n.set_language`) and return it.
    Called once at start, before anything is shown: by the app (``ui.app``) and the command line
    (``companion.entry``).  A known language whose catalog is not compiled stays English, logged."""
    return set_language(table_language(settings, env))
