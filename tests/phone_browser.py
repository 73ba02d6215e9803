"""Debian's Chromium, headless, driven by Selenium through Debian's chromedriver (issue 23, item 6).

Nothing is downloaded at test time: Selenium is pointed at ``/usr/bin/chromedriver`` with a
:class:`~selenium.webdriver.chrome.service.Service`, so Selenium Manager never runs.  Under
``CI=true`` a missing browser fails the test; elsewhere it skips, saying what to install.
"""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: The phone's width in CSS pixels (issue 23: readable on a 360-pixel-wide phone).
PHONE_WIDTH = 360
PHONE_HEIGHT = 760


def need_browser() -> None:
    """Skip (fail under ``CI=true``) unless Debian's chromium and chromium-driver are installed."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package (pip install -e .[dev])")
    if missing:
        why = (f"no browser for the phone page tests: {', '.join(missing)} "
               "(apt install chromium chromium-driver)")
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (tests bind and connect only to loopback)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def new_phone(tmp: Path) -> Any:
    """A headless Chromium the size of a phone, with its own profile (its own phone id)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE_WIDTH},{PHONE_HEIGHT}", f"--user-data-dir={tmp}",
                "--no-first-run", "--disable-extensions", "--disable-background-networking",
                "--disable-sync", "--disable-component-update", "--disable-default-apps",
                "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(20)
    # A desktop browser window is at least 500 pixels wide: the phone's own width is emulated.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE_WIDTH, "height": PHONE_HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    return driver


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """Makes phones (headless Chromium); every one is quit after the test."""
    need_browser()
    made: list[Any] = []

    def make() -> Any:
        driver = new_phone(tmp_path / f"phone{len(made)}")
        made.append(driver)
        return driver

    yield make
    for driver in made:
        driver.quit()
    shutil.rmtree(tmp_path, ignore_errors=True)


def wait_for(driver: Any, condition: Callable[[Any], Any], timeout: float = 10.0, pump: Callable[[], None]
             | None = None) -> Any:
    """Wait until ``condition(driver)`` is truthy; ``pump`` runs between tries (a Kivy window's frames)."""
    import time

    end = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < end:
        if pump is not None:
            pump()
        try:
            last = condition(driver)
        except Exception:  # the page is between states
            last = None
        if last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"the phone page did not get there in {timeout} s: {driver.page_source[:2000]}")
