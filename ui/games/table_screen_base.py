"""The table screen of a game of actions (The Six Actions, The Five Actions): the part that is the
same for both.

Source: issues 12 and 13, item 4.  Each action's big button opens its short steps on the game's
step screen; the table's intents (pass, undo, end the game ...) go to the game's table, which says a
refusal in the message bar; the panel's Back button is Undo; Leave asks first and says what History
will show.  Each game's table screen subclasses :class:`ActionTableScreen` with its panels, its
buttons and its words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import _
from ui import theme
from ui.popups import ChoicePopup
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

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

    A game's table screen sets :attr:`step_screen` and :attr:`end_words`, and gives
    :meth:`table`; its ``.kv`` rule has a ``players`` box (the panels) and an ``actions`` row, and
    shows :attr:`heading`, :attr:`turn_text` and Undo (:attr:`can_undo`).
    """

    #: The header: the round.
    heading = StringProperty("")
    #: Under the header: whose turn, or what the table does now.
    turn_text = StringProperty("")
    #: Whether an action is in effect to undo.
    can_undo = BooleanProperty(False)

    #: The game's step screen (an action's short steps).
    step_screen = ""
    #: What the End the game question says under its title (marked with ``N_``, translated where shown).
    end_words = ""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards: list[SeatCard] = []
        #: The action row's buttons by key (made once: :meth:`action_buttons`).
        self.buttons: dict[str, BigButton] = {}

    def table(self) -> Any:
        """The game's table (``table_of(self.app)``)."""
        raise NotImplementedError

    def undone_words(self, intents: Any) -> str:
        """The message bar's words after an undo (``intents``: the session's)."""
        return _("Undone: the last action.")

    def on_pre_enter(self, *_: object) -> None:
        self.table().redraw()

    # ------------------------------------------------------------------ drawing

    def seat_cards(self, count: int, card: type[SeatCard]) -> list[SeatCard]:
        """The first ``count`` players' panels (each a ``card``: the game's own ``.kv`` rule draws
        it), in the ``players`` box: made once and kept, put back in the box only when the number of
        players changed."""
        box = self.ids.players
        while len(self._cards) < count:
            self._cards.append(card())
        if len(box.children) != count:
            box.clear_widgets()
            for card in self._cards[:count]:
                box.add_widget(card)
        return self._cards[:count]

    def action_buttons(self, kinds: Sequence[str], **style: Any) -> None:
        """One big button a flow of ``kinds`` (a tap opens its steps: :meth:`open_flow`), made the
        first time only, into :attr:`buttons`; ``style``: the buttons' own Kivy properties."""
        for kind in kinds:
            if kind not in self.buttons:
                button = BigButton(markup=True, height=theme.BUTTON_HEIGHT, **style)
                button.bind(on_release=functools.partial(self._tapped, kind))
                self.buttons[kind] = button

    def show_row(self, widgets: Sequence[Widget]) -> None:
        """The ``actions`` row holds ``widgets``, in this order (changed only when it holds others)."""
        row = self.ids.actions
        if list(reversed(row.children)) != list(widgets):
            row.clear_widgets()
            for widget in widgets:
                row.add_widget(widget)

    def show_action(self, kind: str, title: str, detail: str, allowed: bool, size: str = "13sp") -> None:
        """Flow ``kind``'s button: its ``title``, the line under it (``detail``, in ``size``), greyed
        and not tappable unless ``allowed``."""
        button = self.buttons[kind]
        button.text = f"[b]{title}[/b]" + (f"\n[size={size}]{detail}[/size]" if detail else "")
        button.fill = theme.ACCENT if allowed else theme.SECONDARY
        button.disabled = not allowed

    def tell(self, intent: Callable[[Any], object]) -> None:
        """Give the session one of the table's intents (``lambda s: s.pass_turn()``), when a game is
        on; a refusal is said in the message bar by the table."""
        intents = self.table().intents
        if intents is not None:
            intent(intents)

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
        ChoicePopup(_("End the game?"), _(self.end_words) if self.end_words else "",
                    [(_("Keep playing"), None, theme.SECONDARY),
                     (_("End the game"), self._end_game, theme.DANGER)]).open()

    def _end_game(self) -> None:
        self.tell(lambda intents: intents.end_game())

    def show_rules(self) -> None:
        """The Menu's How to play: this game's pages; their Back returns to this screen, the game
        unchanged."""
        self.app.open_help(self.table().game.name, back_to=self.name)

    def ask_leave(self) -> None:
        """Ask first, saying what History will show, then leave the game for Home."""
        ChoicePopup(_("Leave this game?"), self.table().leave_words(),
                    [(_("Keep playing"), None, theme.GO),
                     (_("Leave game"), lambda: self.table().leave(), theme.DANGER)]).open()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":  # the panel's Back button: Undo (issue 12 item 4)
            self.undo()
            return True
        return False
