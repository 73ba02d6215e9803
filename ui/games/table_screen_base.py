"""The table screen of a game of actions (The Six Actions, The Five Actions): the part that is the
same for both.

Source: issues 12 and 13, item 4.  Each action's big button opens its short steps on the game's
step screen; the table's intents (pass, undo, end the game ...) go to the game's table, which says a
refusal in the message bar; the panel's Back button is Undo; Leave asks first and says what History
will show.  Each game's table screen subclasses :class:`ActionTableScreen` with its panels, its
buttons and its words.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.popups import ChoicePopup
from ui.screens.base import BaseScreen

__all__ = ["ActionTableScreen", "SeatCard"]


class SeatCard(BoxLayout):
    """One player's panel on a table screen: what each game's card (and its own ``.kv`` rule) shows."""

    name = StringProperty("")
    status = StringProperty("")
    figures = StringProperty("")
    colour = ColorProperty((0.6, 0.6, 0.6, 1))
    current = BooleanProperty(False)
    #: The figures' size: larger with fewer players (wider panels).
    figure_size = StringProperty("14sp")


class ActionTableScreen(BaseScreen[Any]):
    """The game's table (see the module docstring).

    A game's table screen sets :attr:`step_screen` and :attr:`end_words`, and gives :meth:`table`.
    """

    #: The game's step screen (an action's short steps).
    step_screen = ""
    #: What the End the game question says under its title.
    end_words = ""

    def table(self) -> Any:
        """The game's table (``table_of(self.app)``)."""
        raise NotImplementedError

    def undone_words(self, intents: Any) -> str:
        """The message bar's words after an undo (``intents``: the session's)."""
        return "Undone: the last action."

    def on_pre_enter(self, *_: object) -> None:
        self.table().redraw()

    # ------------------------------------------------------------------ taps

    def _tapped(self, kind: str, *_: object) -> None:
        self.open_flow(kind)

    def open_flow(self, kind: str) -> None:
        """An action's short steps (the step screen)."""
        step = self.manager.get_screen(self.step_screen)
        step.begin(kind)
        self.app.show(self.step_screen)
        self.table().redraw()

    def undo(self) -> None:
        """Undo the last action still in effect (its draws with it); the message bar says so."""
        intents = self.table().intents
        if intents is not None and intents.undo():
            self.app.show_message(self.undone_words(intents), "info")

    def end_game(self) -> None:
        """Ask first, then end the game."""
        ChoicePopup("End the game?", self.end_words,
                    [("Keep playing", None, theme.SECONDARY), ("End the game", self._end_game, theme.DANGER)]
                    ).open()

    def _end_game(self) -> None:
        intents = self.table().intents
        if intents is not None:
            intents.end_game()

    def ask_leave(self) -> None:
        """Ask first, saying what History will show, then leave the game for Home."""
        ChoicePopup("Leave this game?", self.table().leave_words(),
                    [("Keep playing", None, theme.GO),
                     ("Leave game", lambda: self.table().leave(), theme.DANGER)]).open()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":  # the panel's Back button: Undo (issue 12 item 4)
            self.undo()
            return True
        return False
