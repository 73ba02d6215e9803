"""Where a key goes: an open popup first, then a pad over the screen, a digit, a focused text box, the
screen's shortcut, and Escape's way back (:meth:`ui.app.CompanionApp.back`).

The panel's buttons arrive here too, as the keys they stand for (``ui.table_hardware.BUTTON_KEYS``).
Keys (desktop): :data:`ui.keys.KEYS_HELP`; every screen implements ``handle_key(action, arg)`` and
``handle_char(char)`` (:class:`ui.screens.base.BaseScreen`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any, Protocol

from kivy.uix.widget import Widget

from ui.keys import KEYMAP
from ui.popups import ChoicePopup

__all__ = ["KeyHost", "route_key", "walk"]

log = logging.getLogger(__name__)


class KeyHost(Protocol):
    """What key routing needs of the app."""

    #: The Kivy ``ScreenManager`` and the root widget.
    manager: Any
    root: Any

    def actions_held(self) -> bool: ...

    def back(self) -> None: ...


def walk(widget: Widget) -> Iterator[Widget]:
    """``widget`` and every widget under it, depth first."""
    yield widget
    for child in widget.children:
        yield from walk(child)


def route_key(app: KeyHost, window: Any, key: int, codepoint: str | None) -> bool:
    """Hand one key press (a Kivy keycode, the character typed if any) to whatever should take it;
    True when it was used (Escape outside any screen's use goes back)."""
    from kivy.uix.textinput import TextInput  # imports the window: only once configure() has run

    action, arg = KEYMAP.get(key, (None, None))
    if action is None and codepoint and codepoint.lower() == "b":
        action, arg = "boosts", None
    if action == "continue" and app.actions_held():
        return True  # a double press: the screen or popup has only just appeared
    popups = [w for w in window.children if isinstance(w, ChoicePopup)]
    if popups:
        return popups[0].handle_key(action, arg) if action else True
    pads = [w for w in window.children if hasattr(w, "handle_key_event")]
    if pads:
        return bool(pads[0].handle_key_event(key, codepoint, action))
    screen = app.manager.current_screen
    if codepoint and codepoint.isdigit() and screen.handle_char(codepoint):
        return True
    focus = next((w for w in walk(app.root) if isinstance(w, TextInput) and w.focus), None)
    if focus is not None:
        if action == "back":
            focus.focus = False
            return True
        if key in (13, 271):
            return bool(app.manager.current_screen.handle_key("continue", None))
        return False  # typing goes to the text box
    if action is None:
        return False
    try:
        handled = bool(app.manager.current_screen.handle_key(action, arg))
    except Exception:
        log.exception("key %s (%s) failed on %s", key, action, app.manager.current)
        return True
    if action == "back" and not handled:
        app.back()
        return True
    return handled
