"""The base of every screen: a link to the app (as a :class:`~ui.host.Host`), a ``refresh`` from the
game's table view, keys."""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from ui.host import Host

__all__ = ["NUMBER_WORDS", "BaseScreen", "number_word"]

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """``2`` -> ``"two"``: small counts read better as words at the table."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


class BaseScreen(Screen):
    """A screen of the companion.

    Game screens are refreshed from their game's table view (secrets stripped; never the Mission
    Control view): Incoming Transmission's by the app (named after
    :class:`~companion.games.transmission.table_view.Step` values, reaching the game through
    ``app.intents`` and ``app.table_view()``, :class:`~ui.host.Host`), another game's by its
    :class:`~ui.games.GameTable` (``app.game_table(name)``).
    """

    app: Host = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        # Within the guard time after this screen appeared, a tap is the echo of a double tap
        # on the previous screen: swallow it (ui.theme.ACTION_GUARD).
        app = self.app
        if app is not None and app.actions_held() and self.collide_point(*touch.pos):
            return True
        return bool(super().on_touch_down(touch))

    def refresh(self, view: Any) -> None:
        """Show ``view`` (the game's table view: Incoming Transmission's
        :class:`~companion.games.transmission.table_view.TableView`, another game's own); called by the
        batched redraw while this screen is up."""

    def handle_key(self, action: str, arg: int | None) -> bool:
        """A keyboard shortcut (see ``ui.keys.KEYMAP``); True when handled."""
        return False

    def handle_char(self, char: str) -> bool:
        """A digit typed on a physical keyboard, before the shortcuts see it; True when used."""
        return False
