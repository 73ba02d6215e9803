"""The table's own settings: one TOML file, read with :mod:`tomllib`.

Where the file is (first match):

1. ``$COMPANION_CONFIG`` (a path; it must exist),
2. ``/etc/companion/config.toml`` (the kiosk install, ``deploy/``),
3. ``<user config dir>/companion/config.toml`` (platformdirs; a desktop).

No file is fine: every setting has a default.  The file has one table per
concern; :class:`Config` validates the sections the core owns (``[game]``,
``[store]``) and hands the others (``[display]``, ``[gpio]``, ``[reader]``, ``[phone]``)
as plain mappings to the code that owns them (``ui/``, ``hardware/``), which
validates them the same way: every problem names the file, the key and the
value.  Unknown keys in a section the core owns, and a table that is none of
:data:`SECTIONS`, are refused (a typo must not silently fall back to a default).

Example::

    [game]
    undo = "honor"          # "off" (default) or "honor": the Undo button is offered
    physical_deck = false   # true: the table draws real Transmission cards and scans them
    mission_control_seconds = 2.0   # the AI Mission Control answers within this (0.1 to 60 s)
    mission_control = "companion"   # or "person": a player is Mission Control (Setup offers both)
    physical_missions = false   # with a person: they draw real Mission cards and scan or tap them in
    private_boosts = false  # with a person: Signal Boost answers on their screen, said aloud
    coach = false           # with a person: their screen offers the AI's pick and the fewest transmissions

    [table]                 # companion.table.table_settings
    language = "de"         # the table's language; volume, mute and quiet_hours: its sound

    [store]
    data_dir = "/var/lib/companion"        # default: the user data dir (platformdirs)
    database = "/var/lib/companion/companion.sqlite3"   # default: <data_dir>/companion.sqlite3
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs

from companion.errors import ConfigError
from companion.i18n import _
from companion.table.table_settings import TableSettings, read_table_settings

__all__ = ["APP_NAME", "CONFIG_ENV", "SYSTEM_CONFIG", "Config", "config_path", "expand_path",
           "load_config", "read_config", "store_problems"]

APP_NAME = "companion"
CONFIG_ENV = "COMPANION_CONFIG"
SYSTEM_CONFIG = Path("/etc/companion/config.toml")
UNDO_MODES = ("off", "honor")

#: Every table the file may have: the core's own and those of ``ui/`` and ``hardware/``.
SECTIONS = ("game", "store", "table", "display", "gpio", "reader", "phone")
_GAME_KEYS = {"undo", "physical_deck", "mission_control_seconds", "mission_control", "physical_missions",
              "private_boosts", "coach"}
#: Who may be Mission Control (``[game] mission_control``); RULES.md, With a person as Mission Control.
MISSION_CONTROL_SEATS = ("companion", "person")
#: A person as Mission Control's switches (``[game]``), each true or false, default false.
PERSON_SWITCHES = ("physical_missions", "private_boosts", "coach")
#: The AI Mission Control's deadline per decision, in seconds: the default and the allowed range.
MISSION_CONTROL_SECONDS = 2.0
MISSION_CONTROL_RANGE = (0.1, 60.0)
_STORE_KEYS = {"data_dir", "database"}
#: Linux's limits on a path (``limits.h``): bytes in one name, and in the whole path.
NAME_MAX = 255
PATH_MAX = 4095


def config_path(env: Mapping[str, str] | None = None) -> Path:
    """The config file to read (it may not exist): see the module docstring for the order.

    ``$COMPANION_CONFIG`` is ``~``-expanded; when it cannot be (``~user`` of no such user) it is returned
    as written, and :func:`read_config` says why it cannot be used.
    """
    env = os.environ if env is None else env
    if env.get(CONFIG_ENV):
        try:
            return expand_path(env[CONFIG_ENV])
        except ValueError:
            return Path(env[CONFIG_ENV])
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
    return platformdirs.user_config_path(APP_NAME) / "config.toml"


def expand_path(text: str) -> Path:
    """``text`` as a path, ``~`` and ``~user`` expanded.

    :raises ValueError: a sentence saying why ``text`` cannot be a path here: it holds a NUL character
        (no file system allows one), it starts with the home of a user this system does not have
        (``~pi`` on a Raspberry Pi OS Bookworm image, which has no ``pi`` user by default), or it is
        longer than Linux allows (:data:`NAME_MAX` bytes a name, :data:`PATH_MAX` in all).
    """
    if "\x00" in text:
        raise ValueError(_("the path holds a NUL character (\\u0000), which no path may hold"))
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # pathlib: "Could not determine home directory."
        user = text[1:].split("/", 1)[0]
        if user:
            raise ValueError(_("the path starts with ~{user}, the home of the user {name}, and this system "
                               "has no such user: write the whole path, e.g. /home/NAME/companion").format(
                user=user, name=repr(user))) from None
        raise ValueError(_("the path starts with ~, and this user's home directory is not known here: "
                           "write the whole path")) from None
    if len(os.fsencode(path)) > PATH_MAX or any(len(os.fsencode(part)) > NAME_MAX for part in path.parts):
        raise ValueError(_("the path is longer than a file system allows ({name_max} bytes a name, "
                           "{path_max} in all)").format(name_max=NAME_MAX, path_max=PATH_MAX))
    return path


@dataclass(frozen=True)
class Config:
    """Validated settings.

    :param path: the file read, or ``None`` when there was none (all defaults).
    :param undo: ``"off"`` or ``"honor"`` (issue: undo is a table setting).
    :param physical_deck: the table draws the real Transmission cards (scanned or entered).
    :param mission_control_seconds: the AI Mission Control's deadline per decision, seconds: it answers
        with the best selection found by then (issue 11, never a wait).
    :param mission_control: ``"companion"`` or ``"person"``: who is Mission Control by default (Setup).
    :param physical_missions, private_boosts, coach: with a person as Mission Control: they draw real
        Mission cards; Signal Boost answers go to their screen, to be said aloud; their screen offers
        the AI's pick and the fewest transmissions still possible.
    :param data_dir: where the database (and the RFID pairings) live; created on first write.
    :param database: the SQLite file.
    :param sections: every table of the file, read-only, for the sections others own.
    :param table: ``[table]``: the table's language and sound (:mod:`companion.table.table_settings`).
    """

    path: Path | None = None
    undo: str = "off"
    physical_deck: bool = False
    mission_control_seconds: float = MISSION_CONTROL_SECONDS
    mission_control: str = "companion"
    physical_missions: bool = False
    private_boosts: bool = False
    coach: bool = False
    data_dir: Path = field(default_factory=lambda: platformdirs.user_data_path(APP_NAME))
    database: Path | None = None
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    table: TableSettings = field(default_factory=TableSettings)

    @property
    def database_path(self) -> Path:
        """:attr:`database`, or ``<data_dir>/companion.sqlite3``."""
        return self.database if self.database is not None else self.data_dir / "companion.sqlite3"

    def section(self, name: str) -> Mapping[str, Any]:
        """The table ``[name]`` of the file (empty when absent), read-only."""
        return self.sections.get(name, MappingProxyType({}))


def _where(path: Path | None) -> str:
    return str(path) if path is not None else "<defaults>"


def load_config(path: Path | str | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Read and validate the config file, strictly.

    :param path: the file; default :func:`config_path`.  A missing default file means all defaults;
        a missing file named explicitly (argument or ``$COMPANION_CONFIG``) is an error.
    :raises ConfigError: the first problem (see :func:`read_config`), naming the file, the key and the
        value.
    """
    config, problems = read_config(path, env)
    if problems:
        raise problems[0]
    return config


def read_config(path: Path | str | None = None,
                env: Mapping[str, str] | None = None) -> tuple[Config, list[ConfigError]]:
    """Read the config file, keeping every setting that is valid: what the app does at start.

    A bad value falls back to that setting's default, an unknown key or table is left out, and each
    is one :class:`ConfigError` in the list, so one typo never drops the rest of the file (a table's
    ``[store] data_dir``, and with it its history, stays in use).  An unreadable file, or one that is
    not TOML, gives every default and one problem.  A path that cannot be one here (a NUL character, the
    ``~`` of a user this system lacks: :func:`expand_path`) is the problem of its setting.  Nothing the
    file holds raises: only :class:`ConfigError` comes back, and the file is only read.

    :returns: the config and the problems found (empty when the file is clean), in file order.
    """
    env = os.environ if env is None else env
    named = os.fspath(path) if path is not None else env.get(CONFIG_ENV) or None
    if named is not None:
        try:
            file = expand_path(named)
        except ValueError as exc:
            shown = named.replace("\x00", "\\u0000")
            return Config(), [ConfigError(shown, "", None, _("cannot be read: {problem}")
                                                           .format(problem=exc))]
    else:
        file = config_path(env)
    if not file.exists():
        if named is not None:
            return Config(), [ConfigError(str(file), "", None, _("no such file"))]
        return Config(), []
    try:
        # utf-8-sig: a file saved by Windows Notepad starts with a byte-order mark, which is no setting.
        data = tomllib.loads(file.read_text(encoding="utf-8-sig"))
    except OSError as exc:  # its text repeats the path, already named in front
        return Config(), [ConfigError(str(file), "", None, _("cannot be read ({problem})").format(
            problem=exc.strerror or exc))]
    except UnicodeDecodeError as exc:
        return Config(), [ConfigError(str(file), "", None, _("cannot be read ({problem})")
                                                           .format(problem=exc))]
    except tomllib.TOMLDecodeError as exc:
        return Config(), [ConfigError(str(file), "", None, _("is not valid TOML ({problem})")
                                                           .format(problem=exc))]
    except (ValueError, RecursionError) as exc:  # a number of thousands of digits, nesting thousands deep
        what = _("a number too long to read") if isinstance(exc, ValueError) else \
            _("values nested too deeply")
        return Config(), [ConfigError(str(file), "", None, _("is not a usable TOML file ({what})")
                                                           .format(what=what))]
    return _validate(file, data)


def _validate(file: Path, data: dict[str, Any]) -> tuple[Config, list[ConfigError]]:
    where = _where(file)
    problems: list[ConfigError] = []
    tables: dict[str, dict[str, Any]] = {}
    for name, value in data.items():
        if name not in SECTIONS:  # a misspelt [gmae] must not silently drop its settings
            known = ", ".join(f"[{section}]" for section in SECTIONS)
            problem = _("not a table of this file (known: {known}); a setting goes inside its table")
            problems.append(ConfigError(where, name, value, problem.format(known=known)))
        elif not isinstance(value, dict):
            problems.append(ConfigError(where, name, value, _("must be a table, e.g. [{name}]")
                                                            .format(name=name)))
        else:
            tables[name] = value
    game = tables.get("game", {})
    store = tables.get("store", {})
    for section, keys, table in (("game", _GAME_KEYS, game), ("store", _STORE_KEYS, store)):
        for key in table:
            if key not in keys:
                problems.append(ConfigError(where, f"{section}.{key}", table[key],
                                            _("unknown setting (known: {keys})")
                                            .format(keys=", ".join(sorted(keys)))))
    undo = game.get("undo", "off")
    if undo not in UNDO_MODES:
        problems.append(ConfigError(where, "game.undo", undo, _("must be \"off\" or \"honor\"")))
        undo = "off"
    physical = game.get("physical_deck", False)
    if not isinstance(physical, bool):
        problems.append(ConfigError(where, "game.physical_deck", physical, _("must be true or false")))
        physical = False
    seconds = game.get("mission_control_seconds", MISSION_CONTROL_SECONDS)
    low, high = MISSION_CONTROL_RANGE
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not low <= seconds <= high:
        problems.append(ConfigError(where, "game.mission_control_seconds", seconds,
                                    _("must be a number of seconds from {low} to {high}")
                                    .format(low=f"{low:g}", high=f"{high:g}")))
        seconds = MISSION_CONTROL_SECONDS
    seat = game.get("mission_control", "companion")
    if seat not in MISSION_CONTROL_SEATS:
        problems.append(ConfigError(where, "game.mission_control", seat,
                                    _("must be \"companion\" or \"person\"")))
        seat = "companion"
    switches: dict[str, bool] = {}
    for key in PERSON_SWITCHES:
        value = game.get(key, False)
        if not isinstance(value, bool):
            problems.append(ConfigError(where, f"game.{key}", value, _("must be true or false")))
            value = False
        switches[key] = value
    paths: dict[str, Path] = {}
    for key in ("data_dir", "database"):
        if key in store:
            value = store[key]
            if not isinstance(value, str) or not value.strip():
                problems.append(ConfigError(where, f"store.{key}", value, _("must be a path (a string)")))
                continue
            try:
                paths[key] = expand_path(value)
            except ValueError as exc:  # the default is used instead, and the problem named
                problems.append(ConfigError(where, f"store.{key}", value, str(exc)))
    settings, table_problems = read_table_settings(tables.get("table", {}), where)
    problems.extend(table_problems)
    sections = MappingProxyType({name: MappingProxyType(dict(value)) for name, value in tables.items()})
    extra: dict[str, Any] = {"data_dir": paths["data_dir"]} if "data_dir" in paths else {}
    config = Config(path=file, undo=undo, physical_deck=physical, mission_control_seconds=float(seconds),
                    mission_control=seat, physical_missions=switches["physical_missions"],
                    private_boosts=switches["private_boosts"], coach=switches["coach"], sections=sections,
                    database=paths.get("database"), table=settings, **extra)
    return config, problems


def store_problems(problems: Sequence[ConfigError]) -> list[ConfigError]:
    """The problems of :func:`read_config` that decide where the game store is: a bad ``[store]``
    setting, or a file that could not be used at all (it may hold one).  With any, the table's history
    is not where the defaults say, so neither the command line nor the app opens a store there (an
    empty history in another place would hide the table's own)."""
    return [problem for problem in problems if problem.field == "" or problem.field.startswith("store")]
