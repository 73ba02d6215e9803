"""The README's pictures of the Six and the Five Actions, refreshed from the UI tests' screenshots.

Only with ``COMPANION_UPDATE_SCREENSHOTS=1`` (as ``test_ui_game.publish`` does for Incoming
Transmission's screens): ``COMPANION_UPDATE_SCREENSHOTS=1 scripts/test -k ui`` copies each named
screenshot to ``docs/screenshots/NAME.png``, which README.md shows.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def publish(shot: str | Path, name: str) -> None:
    """Copy the PNG ``shot`` to ``docs/screenshots/<name>.png`` when the refresh is asked for."""
    if os.environ.get("COMPANION_UPDATE_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS / f"{name}.png")
