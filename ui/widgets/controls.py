"""Buttons, toggles, the message bar, the status strip, panels and labels (rules in ``controls.kv``)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui import theme

__all__ = ["BigButton", "BigToggle", "BodyLabel", "FitLabel", "MessageBar", "MuteButton", "Panel",
           "StatusStrip",
           "StripCell"]


class BigButton(Button):
    """A flat, rounded button at least 48 px tall.  ``fill`` is its colour."""

    fill = ColorProperty(theme.ACCENT)


class MuteButton(BigButton):
    """Every game screen's mute button (issue 22, item 6): shows whether the table is muted
    (``app.sound_muted``) or in its quiet hours now (a moon), and mutes or unmutes it
    (``app.toggle_mute``); 48 px tall at least.

    :ivar words: the state in a word beside the drawn sign (``False``: the sign alone, where room is short).
    """

    words = BooleanProperty(True)
    #: The table is muted (follows the running app's ``sound_muted``).
    muted = BooleanProperty(False)
    #: The quiet hours' end while the table is in them now (``app.sound_quiet_until``), else ``""``:
    #: the sign shows a moon instead of the sound waves (the table is silent until then).
    quiet_until = StringProperty("")
    #: Which sign is drawn beside the speaker (the kv rule sets them from the two above).
    waves = BooleanProperty(True)
    moon = BooleanProperty(False)
    icon_x = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        if app is not None and hasattr(app, "sound_muted"):
            self.muted = app.sound_muted
            app.bind(sound_muted=self.setter("muted"))
        if app is not None and hasattr(app, "sound_quiet_until"):
            self.quiet_until = app.sound_quiet_until
            app.bind(sound_quiet_until=self.setter("quiet_until"))

    def on_release(self) -> None:
        app = App.get_running_app()
        if app is not None and hasattr(app, "toggle_mute"):
            app.toggle_mute()


class BigToggle(ToggleButton):
    """A toggle for Setup's choices: ``title`` big, ``subtitle`` small, bright when chosen."""

    title = StringProperty("")
    subtitle = StringProperty("")
    value = StringProperty("")


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


class FitLabel(Label):
    """A label whose font gets smaller, from ``full_font_size`` down to ``min_font_size`` (pixels; kv
    takes ``'22sp'``), until its text fits its box: a long word of another language, a long mission
    title, is shown whole in a smaller type rather than cut with an ellipsis.

    With ``shorten`` it keeps to one line (its width decides); otherwise it wraps within its width
    (``text_size`` set to the width) and its height decides.  Only below ``min_font_size`` does
    ``shorten`` cut the text, as a last resort.  Set ``full_font_size``, not ``font_size``.
    """

    full_font_size = NumericProperty("18sp")  # a unit string: converted per widget, so importing
    # this module does not open the window before ui.start.configure() has set its size (800x480)
    min_font_size = NumericProperty("12sp")
    font_size: float  # Label's own property (pixels), which :meth:`fit` sets

    def __init__(self, **kwargs: Any) -> None:
        self.refit = Clock.create_trigger(self.fit, -1)
        super().__init__(**kwargs)
        for name in ("text", "size", "full_font_size", "min_font_size", "bold", "italic", "font_name",
                     "padding"):
            self.fbind(name, self.refit)
        self.fit()

    def fits(self, font_size: float) -> bool:
        """Whether the text in ``font_size`` (pixels) fits the box, on one line when ``shorten``."""
        room_w = self.width - 2 * self.padding_x
        room_h = self.height - 2 * self.padding_y
        probe = CoreLabel(text=self.text, font_size=font_size, bold=self.bold, italic=self.italic,
                          font_name=self.font_name, line_height=self.line_height,
                          text_size=(None, None) if self.shorten else (max(room_w, 1), None))
        probe.refresh()
        width, height = probe.texture.size if probe.texture is not None else (0, 0)
        if self.max_lines and not self.shorten:  # Kivy drops the lines past max_lines: count them
            line = CoreLabel(text="Ag", font_size=font_size, bold=self.bold, italic=self.italic,
                             font_name=self.font_name, line_height=self.line_height)
            line.refresh()
            room_h = min(room_h, self.max_lines * line.texture.size[1])
        if self.shorten:  # Kivy shortens a line wider than its whole pixels less a 2 px margin
            return bool(width <= int(room_w - 2) and height <= room_h + 1)
        return bool(width <= room_w + 1 and height <= room_h + 1)

    def fit(self, *_args: Any) -> None:
        """Choose the largest font size from ``full_font_size`` down that fits (1 px steps)."""
        size = float(self.full_font_size)
        if self.text.strip() and self.width > 1 and self.height > 1:
            floor = float(min(self.min_font_size, size))
            while size > floor and not self.fits(size):
                size = max(floor, size - 1)
        if self.font_size != size:
            self.font_size = size


class MessageBar(FitLabel):
    """One line or two for the table: a refusal (``error``), an answer (``answer``) or a hint (``info``).

    Shows ``hint`` (muted) when ``message`` is empty; a message longer than two lines is set in
    smaller type (:class:`FitLabel`) rather than cut mid-sentence.
    """

    message = StringProperty("")
    kind = OptionProperty("info", options=("error", "answer", "info", ""))
    hint = StringProperty("")
