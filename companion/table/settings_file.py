"""Keep the table's ``[table]`` settings in the config file (the Settings screen's changes; issue 22).

The file is edited with :mod:`tomlkit`, so every comment, every other table and the order of the
keys survive; only the keys of ``[table]`` that changed are written (``quiet_hours`` is removed
when there are none).  Which file:

- the file the app read (:attr:`companion.table.config.Config.path`), when there was one;
- else the file the app will read at its next start (:func:`companion.table.config.config_path`),
  created with its folder.

A file that cannot be written (read-only, a folder that is not ours) or that is not TOML is never
overwritten: :class:`SettingsNotSaved` says why in a sentence for the screen, and the app keeps the
change for this run.  (A second file would not help: the app reads only one, ``$COMPANION_CONFIG``
or ``/etc/companion/config.toml`` first; ``deploy/README.md`` says how to let the table write its
own.)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from companion.i18n import _
from companion.table.config import config_path
from companion.table.table_settings import TableSettings

__all__ = ["SettingsNotSaved", "save_table_settings", "settings_target"]


class SettingsNotSaved(Exception):
    """The settings could not be written; the text names the file and why, for the screen."""


def settings_target(in_use: Path | None, env: Mapping[str, str] | None = None) -> Path:
    """The file :func:`save_table_settings` writes: ``in_use``, else the one read at the next start."""
    return in_use if in_use is not None else config_path(env)


def save_table_settings(settings: TableSettings, in_use: Path | None,
                        env: Mapping[str, str] | None = None) -> Path:
    """Write ``settings`` into the ``[table]`` of the config file (see the module docstring).

    :param in_use: the config file the app read, or ``None`` (it read none).
    :returns: the file written.
    :raises SettingsNotSaved: the file is not TOML, or it (or its folder) cannot be written; nothing
        was changed.
    """
    import tomlkit  # with the first change, not at the app's start (issue 24, item 4)
    from tomlkit.exceptions import TOMLKitError

    path = settings_target(in_use, env)
    try:
        text = path.read_text(encoding="utf-8-sig") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise SettingsNotSaved(_("{file} cannot be read ({why}).").format(file=path, why=why)) from None
    try:
        document = tomlkit.parse(text)
    except TOMLKitError as exc:
        raise SettingsNotSaved(_("{file} is not valid TOML ({why}); it was left as it is.").format(
            file=path, why=exc)) from None
    table = document.get("table")
    if table is None:
        table = tomlkit.table()
        document["table"] = table
    elif not isinstance(table, dict):
        raise SettingsNotSaved(_("{file}: table is not a table ([table]); it was left as it is.").format(
            file=path))
    if settings.language is not None:
        table["language"] = settings.language
    table["volume"] = settings.volume
    table["mute"] = settings.mute
    if settings.quiet_hours is not None:
        table["quiet_hours"] = str(settings.quiet_hours)
    elif "quiet_hours" in table:
        del table["quiet_hours"]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, tomlkit.dumps(document))
    except OSError as exc:
        raise SettingsNotSaved(_("{file} cannot be written ({why}).").format(
            file=path, why=exc.strerror or exc)) from None
    return path


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all where the folder allows (a temporary file renamed over it,
    keeping the file's mode); in place when only the file itself is writable."""
    if not os.access(path.parent, os.W_OK | os.X_OK):
        if not path.exists():
            raise PermissionError(13, "Permission denied")
        with path.open("w", encoding="utf-8") as out:  # a writable file in a folder that is not
            out.write(text)
        return
    temporary = path.with_name(f".{path.name}.saving")
    temporary.write_text(text, encoding="utf-8")
    if path.exists():
        os.chmod(temporary, path.stat().st_mode & 0o7777)
    os.replace(temporary, path)
