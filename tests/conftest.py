"""Shared pytest fixtures.

Nothing here imports Kivy at import time: the core's tests never pay for it.
UI tests ask for the ``ui_harness`` fixture (see ``tests/kivy_harness.py``),
which opens one real 800x480 window per session and starts and stops one app
per test; they are marked ``ui`` automatically, so ``-m "not ui"`` skips them.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

import kivy_harness

if TYPE_CHECKING:
    from kivy_harness import KivyHarness

UI_FIXTURES = frozenset({"kivy_window", "ui_harness"})


def pytest_configure(config: pytest.Config) -> None:
    # Kivy reads its environment once, on first import, wherever that happens.
    kivy_harness.configure_environment()
    # The tests read English unless one switches (a developer's LANG=de_DE must not change them);
    # the app and the command line take the language from here (companion.table.table_settings).
    os.environ["COMPANION_LANG"] = "en"
    compile_stale_catalogs()


def compile_stale_catalogs() -> None:
    """Compile each translation catalog whose ``.mo`` is missing or older than its ``.po``, as the
    set-up does (``scripts/_setup.sh``), so a bare ``pytest`` after editing a ``.po`` tests it."""
    from companion.i18n import LOCALE_DIR
    from companion.lab.catalog import compile_catalogs

    stale = [po.parent.parent.name for po in LOCALE_DIR.glob("*/LC_MESSAGES/*.po")
             if not po.with_suffix(".mo").exists()
             or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]
    if stale:
        compile_catalogs(languages=stale)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if UI_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.ui)


@pytest.fixture(scope="session")
def kivy_window() -> Iterator[KivyHarness]:
    """The session's one Kivy window, with its harness.  Skips (or, with
    ``COMPANION_REQUIRE_UI=1``, fails) when no window can be opened."""
    try:
        harness = kivy_harness.open_window()
    except kivy_harness.WindowUnavailable as exc:
        if kivy_harness.ui_required():
            pytest.fail(f"{kivy_harness.REQUIRE_UI_ENV}=1 but {exc}", pytrace=False)
        pytest.skip(f"no Kivy window: {exc}")
    yield harness
    harness.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.when == "call":
        item.stash[_passed] = report.passed
    return report


_passed = pytest.StashKey[bool]()


@pytest.fixture
def ui_harness(kivy_window: KivyHarness, request: pytest.FixtureRequest) -> Iterator[KivyHarness]:
    """The harness for one test: start your app with ``ui_harness.start(app)``;
    it is stopped, and the window cleared, when the test ends."""
    try:
        yield kivy_window
    finally:
        kivy_window.stop()
    if request.node.stash.get(_passed, False):  # a failure's traceback keeps the app alive
        known = request.node.get_closest_marker("known_app_leak")
        if known is None:
            kivy_window.check_released()
        else:  # a leak under investigation, said in the test's marker: reported, not hidden
            try:
                kivy_window.check_released(chain=False)
            except kivy_harness.AppLeak as leak:
                warnings.warn(f"known app leak ({known.args[0] if known.args else ''}): {leak}", stacklevel=1)


@pytest.fixture
def german() -> Iterator[None]:
    """The table in German (the project's compiled catalog) for one test; English again after it (the
    language is the process's).  A module that needs another catalog defines its own ``german``."""
    from companion import i18n

    i18n.set_language("de")
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.fixture
def mock_factory() -> Iterator[Any]:
    """gpiozero's ``MockFactory`` as ``Device.pin_factory`` for one test, reset after it.

    Drive a button with ``mock_factory.pin(17).drive_low()`` (pressed: the buttons pull up) and read
    an LED with ``mock_factory.pin(6).state``.  ``GPIOZERO_PIN_FACTORY=mock`` also selects it in the
    code under test (see ``hardware.panel.load_pin_factory``).
    """
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the table's own config file or writes its game store: the user config and data
    folders (platformdirs follows XDG) are a fresh temporary folder for each test."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
