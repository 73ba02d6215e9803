"""Buttons, toggles, the message bar, the status strip, panels and labels (rules in ``controls.kv``)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui import theme

__all__ = ["BigButton", "BigToggle", "BodyLabel", "MessageBar", "MuteButton", "Panel", "StatusStrip",
           "StripCell"]


class BigButton(Button):
    """A flat, rounded button at least 48 px tall.  ``fill`` is its colour."""

    fill = ColorProperty(theme.ACCENT)


class MuteButton(BigButton):
    """Every game screen's mute button (issue 22, item 6): shows whether the table is muted
    (``app.sound_muted``) and mutes or unmutes it (``app.toggle_mute``); 48 px tall at least.

    :ivar words: the state in a word beside the drawn sign (``False``: the sign alone, where room is short).
    """

    words = BooleanProperty(True)
    #: The table is muted (follows the running app's ``sound_muted``).
    muted = BooleanProperty(False)
    icon_x = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        if app is not None and hasattr(app, "sound_muted"):
            self.muted = app.sound_muted
            app.bind(sound_muted=self.setter("muted"))

    def on_release(self) -> None:
        app = App.get_running_app()
        if app is not None and hasattr(app, "toggle_mute"):
            app.toggle_mute()


class BigToggle(ToggleButton):
    """A toggle for Setup's choices: ``title`` big, ``subtitle`` small, bright when chosen."""

    title = StringProperty("")
    subtitle = StringProperty("")
    value = StringProperty("")


class MessageBar(Label):
    """One line or two for the table: a refusal (``error``), an answer (``answer``) or a hint (``info``).

    Shows ``hint`` (muted) when ``message`` is empty.
    """

    message = StringProperty("")
    kind = OptionProperty("info", options=("error", "answer", "info", ""))
    hint = StringProperty("")


class StatusStrip(BoxLayout):
    """The thin strip on every game screen: transmission, missions done, boosts held.  No secrets."""

    transmission = StringProperty("")
    missions = StringProperty("")
    boosts = StringProperty("")
    game = StringProperty("")
    #: The card reader's and the GPIO buttons' state (``ui.table_hardware.status_text``).
    hardware = StringProperty("")


class Panel(BoxLayout):
    """A rounded, slightly lighter box to group things."""

    fill = ColorProperty(theme.PANEL)


class BodyLabel(Label):
    """Wrapped body text (18 sp) that sizes itself to its lines."""


class StripCell(Label):
    """One box of a strip (the commands being executed, the registers of a Transmission card)."""

    fill = ColorProperty(theme.SLOT)
    outline = ColorProperty((0, 0, 0, 0))
