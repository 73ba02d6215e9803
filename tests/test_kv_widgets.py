"""Every widget a screen's ``.kv`` builds is defined once that screen is built, in a fresh app.

Screens are built lazily (:mod:`ui.lazy_screens`): a screen's module is imported the first time it is
shown, so a widget class its ``.kv`` names (``BoardView:``) exists only if the app, the shared widgets
or that screen's own module imported it.  Board set-up once named ``BoardView`` without importing it
and New game -> Start crashed with ``FactoryException: Unknown class <BoardView>`` in a fresh app
(the tests that had built another screen first had imported it).  Each screen is checked in its own
fresh process: import what the app imports at start, then only that screen's module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: In a fresh process: import the app (what start-up imports), load the shared rules, then import one
#: screen module and load its .kv and its game's widget rules; print the widget names its .kv builds
#: that Kivy's Factory does not know.
PROBE = r"""
import json, os, re, sys
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
import importlib
import ui.app  # noqa: F401  (what the app imports before its first frame)
from kivy.factory import Factory
from kivy.lang import Builder
module = importlib.import_module(sys.argv[1])
kv = module.__file__[:-3] + ".kv"
text = open(kv, encoding="utf-8").read()
dynamic = set(re.findall(r"^<(\w+)@", text, re.M))
for path in Builder.files:
    dynamic |= set(re.findall(r"^<(\w+)@", open(path, encoding="utf-8").read(), re.M))
used = set(re.findall(r"^\s+([A-Z]\w*):\s*$", text, re.M))
kivy_graphics = {"Color", "Rectangle", "RoundedRectangle", "Line", "Ellipse", "Mesh", "Triangle",
                 "Quad", "Point", "Bezier", "PushMatrix", "PopMatrix", "Rotate", "Translate", "Scale",
                 "StencilPush", "StencilPop", "StencilUse", "StencilUnUse", "BorderImage", "SmoothLine"}
missing = sorted(name for name in used - dynamic - kivy_graphics if name not in Factory.classes)
print(json.dumps(missing))
"""


def screen_modules() -> list[str]:
    modules = []
    for kv in sorted((ROOT / "ui").rglob("*.kv")):
        py = kv.with_suffix(".py")
        if py.exists() and (kv.parent.parent.name == "games" or kv.parent.name == "screens"):
            modules.append(".".join(py.relative_to(ROOT).with_suffix("").parts))
    return modules


def test_the_probe_finds_screens() -> None:
    modules = screen_modules()
    assert "ui.games.transmission.board_setup" in modules and len(modules) > 20, modules


@pytest.mark.parametrize("module", screen_modules())
def test_every_widget_a_screen_builds_is_defined_in_a_fresh_app(module: str) -> None:
    result = subprocess.run([sys.executable, "-c", PROBE, module], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    missing = json.loads(result.stdout.strip().splitlines()[-1])
    assert missing == [], f"{module}'s .kv builds {missing}, which nothing imported defines"
