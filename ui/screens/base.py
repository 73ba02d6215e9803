"""The base of every screen: a link to the app (as a :class:`~ui.host.Host`), a ``refresh`` from the
game's table view, keys.

:class:`BaseScreen` is generic over the view its game refreshes it from (issue 24, item 3):
``BaseScreen[TableView]`` for a screen of Incoming Transmission
(:class:`companion.games.transmission.table_view.TableView`), of The Six Actions
(:class:`companion.games.six_actions.views.TableView`) or The Five Actions; ``BaseScreen[None]`` for a
screen of the shell (Home, How to play, History, Stats), which no game refreshes."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.i18n import N_, _
from ui.host import Host

__all__ = ["NUMBER_WORDS", "BaseScreen", "ViewT", "number_word"]

#: The view a screen is refreshed from (its game's table view, secrets stripped).
ViewT = TypeVar("ViewT")

#: Small counts as words, marked for translation (in German "one" is "eine": the nouns it counts at
#: the table, Mission and Karte, are feminine; a sentence about a masculine noun spells its count
#: in its own message instead).
NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
                N_("seven"), N_("eight"), N_("nine"))


def number_word(n: int) -> str:
    """``2`` -> ``"two"`` (in the table's language): small counts read better as words at the table."""
    return _(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


class BaseScreen(Screen, Generic[ViewT]):
    """A screen of the companion.

    Game screens are refreshed from their game's table view (secrets stripped; never the Mission
    Control view) by their game's :class:`~ui.game_table.GameTable`: Incoming Transmission's
    (:class:`ui.games.transmission.game.TransmissionTable`; its screens are named after
    :class:`~companion.games.transmission.names.Step` values and reach the game through
    ``app.intents`` and ``app.table_view()``, :class:`~ui.host.Host`), another game's through
    ``app.game_table(name)``.

    :param ViewT: the view :meth:`refresh` is given (see the module docstring).
    """

    app: Host = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        # Within the guard time after this screen appeared, a tap is the echo of a double tap
        # on the previous screen: swallow it (ui.theme.ACTION_GUARD).
        app = self.app
        if app is not None and app.actions_held() and self.collide_point(*touch.pos):
            return True
        return bool(super().on_touch_down(touch))

    def refresh(self, view: ViewT) -> None:
        """Show ``view`` (the game's table view, :data:`ViewT`); called by the game's batched redraw
        while this screen is up.  The base shows nothing."""

    def handle_key(self, action: str, arg: int | None) -> bool:
        """A keyboard shortcut (see ``ui.keys.KEYMAP``); True when handled."""
        return False

    def handle_char(self, char: str) -> bool:
        """A digit typed on a physical keyboard, before the shortcuts see it; True when used."""
        return False
