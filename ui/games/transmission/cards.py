"""Command cards, registers and revealed missions as the table sees them (rules in ``cards.kv``).

- :class:`CardButton`: a Command card; tap to select, or drag it onto a register.
- :class:`RegisterSlot`: register 1-5 (or the leave-out slot, number 0).
- :class:`MissionPanel`: a revealed mission, its two modules as tiles.

Each shows only the card id or mission it is given; none reads the session.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.views import MissionView
from companion.i18n import N_, _
from ui.games.transmission.board import TileView  # noqa: F401  (a widget cards.kv builds)

__all__ = ["COMMAND_HINTS", "COMMAND_ICONS", "CardButton", "CardGhost", "MissionPanel", "RegisterSlot",
           "card_hint", "card_icon", "card_title"]

#: Each command's symbol (in :data:`ui.theme.SYMBOL_FONT`).
COMMAND_ICONS = {
    Command.N: "↑",
    Command.E: "→",
    Command.S: "↓",
    Command.W: "←",
    Command.COLLECT: "⇑",
    Command.DEPLOY: "⇓",
    Command.REPAIR: "⚒",
}
#: A short hint printed on each card under its name (marked: :func:`card_hint` translates it).
COMMAND_HINTS = {
    Command.N: N_("move up"),
    Command.E: N_("move right"),
    Command.S: N_("move down"),
    Command.W: N_("move left"),
    Command.COLLECT: N_("pick up"),
    Command.DEPLOY: N_("put down"),
    Command.REPAIR: N_("fix"),
}
#: The words between a mission's two module names (``first``, ``second``): the default reads best.
NEXT_TO = N_("{first} next to {second}")
#: ... and the short form that fits a narrow list (End).
PLUS = "{first} + {second}"


def card_icon(card_id: str) -> str:
    return COMMAND_ICONS[card_command(card_id)]


def card_title(card_id: str) -> str:
    """The card's name in the table's language (docs/glossary.md: "Repair" -> "Reparieren")."""
    return _(card_command(card_id).title)


def card_hint(card_id: str) -> str:
    """The card's hint in the table's language."""
    return _(COMMAND_HINTS[card_command(card_id)])


class CardButton(Widget):
    """A Command card in the hand.  Tap it (``on_tap``) or drag it (``on_drop(window_x, window_y)``).

    ``card_id`` names the physical card (``"N2"``); the face shows the command's
    name, an arrow or icon and a short hint.  ``selected`` draws a yellow frame.
    """

    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")
    hint = StringProperty("")
    selected = BooleanProperty(False)
    target = BooleanProperty(False)
    pressed = BooleanProperty(False)
    draggable = BooleanProperty(True)
    lifted = NumericProperty(0)

    __events__ = ("on_tap", "on_drop")

    #: How far (pixels) a finger must slide before a press becomes a drag.
    DRAG_THRESHOLD = 14

    def __init__(self, **kwargs: Any) -> None:
        self._dragging = False
        self._ghost: CardGhost | None = None
        super().__init__(**kwargs)

    def on_card_id(self, _: object, card_id: str) -> None:
        if card_id:
            # the English words: cards.kv says them through tr, so a language switch reaches them
            command = card_command(card_id)
            self.title, self.icon, self.hint = command.title, card_icon(card_id), COMMAND_HINTS[command]

    def on_tap(self) -> None:
        pass

    def on_drop(self, window_x: float, window_y: float) -> None:
        pass

    def on_touch_down(self, touch: Any) -> bool:
        if self.disabled or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        touch.grab(self)
        self._dragging = False
        self.pressed = True
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_move(touch))
        if not self._dragging and self.draggable:
            ox, oy = touch.opos
            if math.hypot(touch.x - ox, touch.y - oy) > dp(self.DRAG_THRESHOLD):
                self._dragging = True
                self._start_ghost()
        if self._dragging and self._ghost is not None:
            wx, wy = self.to_window(*touch.pos)
            self._ghost.center = (wx, wy)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        self.pressed = False
        if self._dragging:
            self._dragging = False
            self._stop_ghost()
            wx, wy = self.to_window(*touch.pos)
            self.dispatch("on_drop", wx, wy)
        elif self.collide_point(*touch.pos):
            self.dispatch("on_tap")
        return True

    def _start_ghost(self) -> None:
        from kivy.core.window import Window

        self._ghost = CardGhost(card_id=self.card_id, size=self.size)
        Window.add_widget(self._ghost)
        self.lifted = 1

    def _stop_ghost(self) -> None:
        if self._ghost is not None:
            self._ghost.parent and self._ghost.parent.remove_widget(self._ghost)
            self._ghost = None
        self.lifted = 0


class CardGhost(Widget):
    """The card that follows the finger during a drag (drawn above everything)."""

    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")

    def on_card_id(self, _: object, card_id: str) -> None:
        if card_id:
            self.title, self.icon = card_command(card_id).title, card_icon(card_id)  # said through tr (kv)


class RegisterSlot(ButtonBehavior, Widget):
    """Register ``number`` (1-5) or, with number 0, the leave-out slot.

    ``card_id`` is the card placed there (``""`` when empty); ``fixed`` marks a
    card fixed by a clear signal (drawn with a padlock and gold frame);
    ``target`` highlights the slot as a place to tap.
    """

    number = NumericProperty(1)
    card_id = StringProperty("")
    title = StringProperty("")
    icon = StringProperty("")
    fixed = BooleanProperty(False)
    target = BooleanProperty(False)
    #: Shown on an empty slot, in English (marked; ``cards.kv`` translates it where it is drawn).
    empty_text = StringProperty(N_("empty"))
    #: The slot's heading ("Register 2", or "Reg 2" when the slot is narrow), in the table's language
    #: (worded in ``cards.kv``, so it follows its number, its width and a change of language).
    label = StringProperty("")

    def on_card_id(self, _: object, card_id: str) -> None:
        self.title = card_command(card_id).title if card_id else ""  # said through tr (cards.kv)
        self.icon = card_icon(card_id) if card_id else ""


class MissionPanel(BoxLayout):
    """A revealed mission: its two modules as tiles, title, flavour text, done or not.

    Give it only missions the table may see (``CadetView.completed`` or, once the
    game is over, ``CadetView.all_missions``).
    """

    mission = ObjectProperty(None, allownone=True)
    done = BooleanProperty(True)
    show_flavour = BooleanProperty(True)
    title = StringProperty("")
    flavour = StringProperty("")
    pair_text = StringProperty("")
    first = StringProperty("")
    second = StringProperty("")
    status = StringProperty("")
    #: How the two module names are joined: :data:`NEXT_TO` reads best, :data:`PLUS` fits a narrow list
    #: (a format with ``{first}`` and ``{second}``, translated where the text is made).
    joiner = StringProperty(NEXT_TO)
    #: A lower row (smaller tiles), so that four missions fit where three do (expert deals four).
    compact = BooleanProperty(False)

    def on_mission(self, _: object, mission: MissionView | None) -> None:
        self._describe()

    def on_joiner(self, _: object, joiner: str) -> None:
        self._describe()

    def _describe(self) -> None:
        mission = self.mission
        if mission is None:
            return
        self.title = mission.title
        self.flavour = mission.flavour
        a, b = mission.names
        self.pair_text = _(self.joiner).format(first=a, second=b)
        self.first, self.second = (letter.upper() for letter in mission.pair)
