"""Importing the app opens no window: ``ui.start.configure`` sets the window's size (800x480),
and Kivy reads it when the window opens, so a window opened by an import (a ``sp()`` evaluated in a
class body) came up at Kivy's default 800x600, cut at the top and bottom on the 800x480 screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_app_opens_no_window(tmp_path: Path) -> None:
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_HOME=str(tmp_path), KIVY_NO_CONSOLELOG="1")
    code = "import sys, ui.app; print('kivy.core.window' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "False", "ui.app's import opened the Kivy window"
