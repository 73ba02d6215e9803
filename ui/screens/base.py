"""The base of every screen: a link to the app, a ``refresh`` from the table's view, keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.games.transmission.engine.views import CadetView
from companion.games.transmission.session import Session

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """``2`` -> ``"two"``: small counts read better as words at the table."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def load_kv(path: Path) -> None:
    """Load a ``.kv`` file unless its rules are already loaded.

    The app calls this from ``build()`` rather than at import, so an app
    started again in the same process (the UI tests) gets its rules back
    after the previous app's files were unloaded.
    """
    if str(path) not in Builder.files:
        Builder.load_file(str(path))


class BaseScreen(Screen):
    """A screen of the companion.

    Game screens are named after :class:`~companion.games.transmission.session.Step` values and are
    refreshed by the app from :meth:`Session.view` (never the Mission Control view).
    """

    app = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        # Within the guard time after this screen appeared, a tap is the echo of a double tap
        # on the previous screen: swallow it (ui.theme.ACTION_GUARD).
        app = self.app
        if app is not None and app.actions_held() and self.collide_point(*touch.pos):
            return True
        return bool(super().on_touch_down(touch))

    def refresh(self, session: Session, view: CadetView) -> None:
        """Show ``view``; called by the app's batched redraw while this screen is up."""

    def handle_key(self, action: str, arg: Any) -> bool:
        """A keyboard shortcut (see ``ui.app.KEYMAP``); True when handled."""
        return False

    def handle_char(self, char: str) -> bool:
        """A digit typed on a physical keyboard, before the shortcuts see it; True when used."""
        return False
