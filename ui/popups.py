"""Popups over the screens: a question with big answer buttons, and the on-screen number pad.

- :class:`ChoicePopup`: abandon a game? use this Signal Boost? the Menu.
- :class:`SeedPad`: 0-9, Delete, Clear, OK and Cancel, so a bare touchscreen can type a seed.

Both ignore taps for a moment after they open (:func:`hold_actions`, ``ui.theme.ACTION_GUARD``):
the tap that opened one may be the first of a double tap.  Their look is in ``popups.kv``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.i18n import N_, _, ngettext
from ui import theme
from ui.widgets.controls import BigButton

#: The number pad's title and its two keys that are not digits (their names, shown translated).
SEED = N_("Seed")
DELETE = N_("Delete")
CLEAR = N_("Clear")

#: The rules of these popups, loaded with the first popup (:class:`GuardedPopup`), not at start.
KV_FILE = Path(__file__).with_suffix(".kv")


#: A button of a :class:`ChoicePopup`: its label, what it does once the popup has closed (``None``:
#: only close), its colour (``None``: the secondary colour).
Choice = tuple[str, Callable[[], object] | None, Sequence[float] | None]


class GuardedPopup(ModalView):
    """A popup that ignores taps for the guard time after it opens (the opening tap may be the
    first of a double tap), like a screen change does.  The first one loads :data:`KV_FILE` (once per
    app: the UI tests unload every rule between apps), so the app's start parses no popup's rules."""

    def __init__(self, **kwargs: Any) -> None:
        if str(KV_FILE) not in Builder.files:
            Builder.load_file(str(KV_FILE))
        super().__init__(**kwargs)

    def on_pre_open(self) -> None:
        hold_actions()

    def on_touch_down(self, touch: Any) -> bool:
        if actions_held():
            return True
        return bool(super().on_touch_down(touch))


class ChoicePopup(GuardedPopup):
    """A question with big answer buttons (abandon a game? use this Signal Boost?).

    :param choices: ``(label, callback, colour)`` per button, left to right (``vertical``: top to
        bottom, two a row when there are more than :attr:`MOST_IN_A_COLUMN`); the
        callback runs after the popup closes.  Keys: Enter picks ``default``,
        1-9 pick by position when ``numbered``, Escape cancels (like a tap outside).
    """

    title = StringProperty("")
    text = StringProperty("")
    #: The most answers a vertical popup stacks in one column (six fill the 480 px high screen, four
    #: under a sentence: a German one takes two or three lines); with more they go two a row, in a
    #: popup at least :attr:`TWO_COLUMNS_DP` wide.
    MOST_IN_A_COLUMN = 6
    TWO_COLUMNS_DP = 720

    def __init__(self, title: str, text: str, choices: Sequence[Choice], *,
                 default: int = 0, numbered: bool = False, vertical: bool = False,
                 width_dp: float | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title, self.text = title, text
        if width_dp is not None:
            self.width = dp(width_dp)
        self._choices = list(choices)
        self._default = default
        self._numbered = numbered
        # Fit the box (bound here, not in kv: a kv rule on ``self.ids`` would keep the popup alive).
        self.ids.content.bind(minimum_height=self._fit)
        box = self.ids.buttons
        box.orientation = "vertical" if vertical else "horizontal"
        # More than fit one above the other at 800x480 go two a row (the last alone when odd).
        most = self.MOST_IN_A_COLUMN - (2 if text else 0)  # a sentence under the title takes two rows' room
        per_row = 2 if vertical and len(self._choices) > most else 1
        if per_row > 1:
            self.width = max(self.width, dp(self.TWO_COLUMNS_DP))
        if vertical:
            rows = -(-len(self._choices) // per_row)
            box.size_hint_y = None
            box.height = rows * (dp(56) + box.spacing)
        row = box
        for index, (label, _action, colour) in enumerate(self._choices):
            text = f"{index + 1}  {label}" if numbered else label
            button = BigButton(text=text, fill=colour or theme.SECONDARY)
            button.bind(on_release=lambda _b, i=index: self.choose(i))
            if per_row > 1 and index % per_row == 0:
                row = BoxLayout(spacing=box.spacing, size_hint_y=None, height=dp(56))
                box.add_widget(row)
            row.add_widget(button)

    def _fit(self, _: object, height: float) -> None:
        self.height = height

    def choose(self, index: int) -> None:
        if not 0 <= index < len(self._choices):
            return
        self.dismiss()
        callback = self._choices[index][1]
        if callback is not None:
            callback()

    def handle_key(self, action: str, arg: int | None = None) -> bool:
        """Keys while the popup is open; every key is consumed so nothing acts behind it."""
        if action == "back":
            self.dismiss()
        elif action == "continue":
            self.choose(self._default)
        elif action == "place" and self._numbered and arg:
            self.choose(arg - 1)
        return True


# ---------------------------------------------------------------------------- double taps


def hold_actions() -> None:
    """Ask the running app to ignore taps and Enter for its guard time (``ui.theme.ACTION_GUARD``)."""
    app = App.get_running_app()
    hold = getattr(app, "hold_actions", None)
    if hold is not None:
        hold()


def actions_held() -> bool:
    """True while the running app ignores taps (just after a screen or popup appeared)."""
    app = App.get_running_app()
    held = getattr(app, "actions_held", None)
    return bool(held is not None and held())


# ---------------------------------------------------------------------------- the number pad


class SeedPad(GuardedPopup):
    """An on-screen number pad for a whole number of at most ``digits`` digits (the game's seed).

    Big 0-9 keys, Delete, Clear, Cancel and OK, so a bare touchscreen can type a
    seed.  A physical keyboard works too while it is open: digits, Backspace,
    Enter (OK) and Escape (Cancel).  ``on_done(value)`` gets the digits typed
    (a string) when OK is tapped; Cancel leaves everything as it was.

    :param text: the digits shown at first.
    :param on_done: called with the digits (``str``) after the pad closes with OK.
    :param check: ``check(digits) -> why`` ("" when fine) before OK is accepted.
    """

    text = StringProperty("")
    title = StringProperty("")
    note = StringProperty("")
    problem = StringProperty("")

    def __init__(self, text: str = "", *, on_done: Callable[[str], None] | None = None,
                 check: Callable[[str], str] | None = None, digits: int = 9,
                 title: str | None = None, note: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text, self.title, self.note = text, _(SEED) if title is None else title, note
        self._on_done = on_done
        self._check = check
        self._digits = digits
        grid = self.ids.pad_keys
        for label in ("1", "2", "3", "4", "5", "6", "7", "8", "9", DELETE, "0", CLEAR):
            digit = label.isdigit()
            button = BigButton(text=label if digit else _(label),
                               fill=theme.PANEL if digit else theme.SECONDARY,
                               font_size=theme.FONT_HEADING if digit else theme.FONT_BODY,
                               height=dp(64))
            button.bind(on_release=lambda _b, key=label: self.press(key))
            grid.add_widget(button)

    def press(self, key: str) -> None:
        """One key of the pad: a digit, ``"Delete"`` or ``"Clear"``."""
        self.problem = ""
        if key == "Delete":
            self.text = self.text[:-1]
        elif key == "Clear":
            self.text = ""
        elif key.isdigit():
            if len(self.text) >= self._digits:
                self.problem = ngettext("At most {n} digit.", "At most {n} digits.", self._digits).format(
                    n=self._digits)
            else:
                # "007" reads as 7: no leading zeros, so what is shown is the number played.
                self.text = key if self.text == "0" else self.text + key

    def ok(self) -> None:
        why = self._check(self.text) if self._check is not None else ""
        if why:
            self.problem = why
            return
        self.dismiss()
        if self._on_done is not None:
            self._on_done(self.text)

    def cancel(self) -> None:
        self.dismiss()

    def handle_key_event(self, key: int, codepoint: str | None, action: str | None) -> bool:
        """A physical key while the pad is open; every key is consumed so nothing acts behind it."""
        if codepoint and codepoint.isdigit():
            self.press(codepoint)
        elif action == "take_back":
            self.press("Delete")
        elif action == "continue":
            self.ok()
        elif action == "back":
            self.cancel()
        elif codepoint and codepoint.isprintable():
            self.problem = _("Digits only: {key} is not one.").format(key=repr(codepoint))
        return True
