"""Starting the app: Kivy's window settings, the table's config file, the exception handler.

:func:`ui.app.main` runs :func:`configure` before anything imports ``kivy.core.window`` (Kivy reads its
window settings once, when the window opens), checks that Mission Control is there
(:func:`planner_missing`), then reads the config with :func:`load_settings`.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from kivy.base import ExceptionManager
from kivy.config import Config as KivyConfig

from companion.errors import ConfigError, written
from companion.i18n import _
from companion.table.config import Config, read_config
from ui import theme

__all__ = ["NOTICE_SETTINGS", "PLANNER", "LogAndContinue", "configure", "is_raspberry_pi", "load_settings",
           "planner_missing", "settings_notice"]

log = logging.getLogger(__name__)

#: The AI Mission Control's module (:func:`ui.games.transmission.table.default_chooser`).
PLANNER = "companion.games.transmission.mission_control.planner"


def planner_missing() -> str | None:
    """Why the AI Mission Control cannot be made (its module is not installed), or ``None``.

    Looked up without importing it: that imports the game's engine, which the app imports with the
    first game, not at start (issue 10, item 4).  No fallback: without it the companion cannot play.
    """
    try:
        if importlib.util.find_spec(PLANNER) is not None:
            return None
    except ImportError as exc:  # a parent package is missing
        return str(exc)
    return f"No module named {PLANNER!r}"


def is_raspberry_pi() -> bool:
    """True on a Raspberry Pi (its device tree names the model)."""
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="replace") as f:
            return "Raspberry Pi" in f.read()
    except OSError:
        return False


def configure(fullscreen: bool, kiosk: bool = False) -> None:
    """Kivy's window settings; must run before ``kivy.core.window`` is first imported.

    The kiosk's come from ``$KIVY_HOME/config.ini``, written from ``[display]`` before Kivy loaded
    (``ui/kivy_config.py``): nothing is overridden here, above all not its one input per touchscreen.
    """
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    if kiosk:
        KivyConfig.set("kivy", "exit_on_escape", "0")
        return
    on_pi = is_raspberry_pi()
    KivyConfig.set("graphics", "width", str(theme.WIDTH))
    KivyConfig.set("graphics", "height", str(theme.HEIGHT))
    KivyConfig.set("graphics", "resizable", "0" if (on_pi or fullscreen) else "1")
    KivyConfig.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    KivyConfig.set("kivy", "exit_on_escape", "0")  # Escape means "back" here
    KivyConfig.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click


class LogAndContinue:
    """Kivy exception handler for the table: log the traceback and keep the app running.

    :param say: puts a sentence on the screen (the running app's message bar).

    Installed by :func:`ui.app.main` only; under the test harness exceptions still surface.
    """

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say

    def handle_exception(self, exc: BaseException) -> int:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            return int(ExceptionManager.RAISE)
        log.error("unexpected error in the app", exc_info=exc)
        self.say(f"Something went wrong: {exc}")
        return int(ExceptionManager.PASS)


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Config, list[str]]:
    """The table's config file (:func:`companion.table.config.read_config`): every valid setting is
    used, each bad one falls back to its default and becomes a sentence for Home, so a typo never keeps
    the companion from starting nor hides the table's history (``[store]`` stays in use)."""
    config, problems = read_config(None if path is None else Path(path))
    for problem in problems:
        log.error("config setting not used: %s", problem)
    if not problems:
        return config, []
    return config, [settings_notice(problems)]


#: Bad settings Home names one by one; past it, it counts the rest.
NOTICE_SETTINGS = 8


def settings_notice(problems: Sequence[ConfigError]) -> str:
    """Home's one sentence about the config's unused settings: the file named once, then each key
    with its value (with why, for one or two), so the notice fits Home's five lines at 800x480;
    ``companion doctor`` lists every problem with its reason.  A whole-file problem (missing, not
    TOML) is said as it is."""
    whole = [p for p in problems if not p.field]
    if whole:
        return _("The config file is not used (defaults instead): {problem}.").format(problem=whole[0])
    file = problems[0].file
    if len(problems) <= 2:
        listed = "; ".join(f"{p.field} = {written(p.value)}: {p.problem}" for p in problems)
        return _("Some settings in {file} were not used (defaults instead): {listed}.").format(
            file=file, listed=listed)
    listed = ", ".join(f"{p.field} = {written(p.value)}" for p in problems[:NOTICE_SETTINGS])
    if len(problems) > NOTICE_SETTINGS:
        listed += " " + _("and {n} more").format(n=len(problems) - NOTICE_SETTINGS)
    return _("Some settings in {file} were not used (defaults instead): {listed}. "
             "`companion doctor` says why.").format(file=file, listed=listed)
