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


#: Every text node a player can see on the page, trimmed (its element rendered: not ``hidden``, not
#: ``display: none``, not ``visibility: hidden``, with a box), and the page's title.
_VISIBLE_TEXTS = """
const out = [document.title];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walk.nextNode(); node; node = walk.nextNode()) {
  const text = node.textContent.trim();
  const el = node.parentElement;
  if (!text || !el || el.closest("script") || !el.getClientRects().length) { continue; }
  if (getComputedStyle(el).visibility === "hidden") { continue; }
  out.push(text);
}
return out;
"""

#: Every rendered element wider inside than its box (a word that does not fit its button, a line
#: that runs out), or out of the viewport at either side; every word broken across two lines (a
#: box too narrow for it, with ``word-break``; a break after a hyphen is fine); and the page scrolling
#: sideways.
_OVERFLOWING = r"""
const bad = [];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walk.nextNode(); node; node = walk.nextNode()) {
  const el = node.parentElement;
  if (!el || el.closest("script") || !el.getClientRects().length) { continue; }
  for (const found of node.textContent.matchAll(/[^\s\-\u2010]+/g)) {  // a break after a hyphen is fine
    const range = document.createRange();
    range.setStart(node, found.index);
    range.setEnd(node, found.index + found[0].length);
    const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    if (lines.size > 1) { bad.push(JSON.stringify(found[0]) + " is broken across " + lines.size + " lines"); }
  }
}
const width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > width) {
  bad.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + width);
}
for (const el of document.body.querySelectorAll("*")) {
  if (!el.getClientRects().length || el.tagName === "SCRIPT") { continue; }
  const box = el.getBoundingClientRect();
  const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + " " + JSON.stringify(
    (el.textContent || "").trim().slice(0, 60));
  if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
    bad.push(name + ": content " + el.scrollWidth + " px wide in " + el.clientWidth);
  }
  if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) {
    bad.push(name + ": from " + Math.round(box.left) + " to " + Math.round(box.right) + " px of " + width);
  }
}
return bad;
"""


def visible_texts(driver: Any) -> list[str]:
    """The page's title and every text a player can see on it, one string per text node."""
    return list(driver.execute_script(_VISIBLE_TEXTS))


def overflowing(driver: Any) -> list[str]:
    """One line per element whose content is wider than its box or that leaves the viewport."""
    return list(driver.execute_script(_OVERFLOWING))


def phone_size(driver: Any, width: int = PHONE_WIDTH, height: int = PHONE_HEIGHT) -> None:
    """Make the phone's viewport ``width`` x ``height`` CSS pixels (its screenshots that size)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.set_window_size(width, height)
