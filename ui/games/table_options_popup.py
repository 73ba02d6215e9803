"""Setup's table options (docs/table-options.md): one button on Setup says how many readings differ
from the referee's; it opens a popup with a toggle per option, its words saying the reading chosen.

Source: issue 24 item 11.  Setup at 800x480 has no room for a toggle per option, so the options
live in this popup (two columns of toggles); tapping a toggle gives the option's next value
(:func:`companion.table.table_options.choices`), bright when it is not the default.  The options
themselves are each game's frozen dataclass (``SixOptions``, ``FiveOptions``); this module only
shows them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty

from companion.i18n import _, ngettext
from companion.table.table_options import choices
from ui.popups import GuardedPopup
from ui.widgets.controls import BigToggle

__all__ = ["OptionRow", "TableOptionsPopup", "option_title", "changed", "summary", "open_table_options"]

KV_FILE = Path(__file__).with_suffix(".kv")


@dataclass(frozen=True)
class OptionRow:
    """How Setup shows one table option.

    :param name: the option's field name (``forced_loan``).
    :param label: what it is about, marked for translation (``N_("Forced loan")``).
    :param words: each value's reading, marked for translation (``{"full": N_("the full 25 Cr")}``).
    :param about: the small line under it (the rule it reads), marked for translation.
    """

    name: str
    label: str
    words: Mapping[object, str]
    about: str


def option_title(row: OptionRow, value: object) -> str:
    """The toggle's words: the option and the reading of ``value`` (translated)."""
    reading = row.words.get(value)
    shown = _(reading) if reading is not None else str(value)
    return _("{option}: {reading}").format(option=_(row.label), reading=shown)


def changed(options: object) -> int:
    """How many options of the dataclass ``options`` differ from their defaults."""
    defaults = type(options)()
    names = [f.name for f in dataclasses.fields(options)]  # type: ignore[arg-type]
    return sum(1 for name in names if getattr(options, name) != getattr(defaults, name))


def summary(options: object) -> str:
    """Setup's line under "Table options": the referee's readings, or how many differ."""
    n = changed(options)
    if n == 0:
        return _("the referee's readings")
    return ngettext("{n} chosen by the table", "{n} chosen by the table", n).format(n=n)


class TableOptionsPopup(GuardedPopup):
    """The table options as toggles, two columns; Done (or Back, or a tap outside) closes it.

    :param title: the popup's heading.
    :param rows: each option shown (:class:`OptionRow`), in order.
    :param options: the options dataclass chosen so far.
    :param on_change: called with the new options dataclass after each tap.
    """

    title = StringProperty("")

    def __init__(self, title: str, rows: Sequence[OptionRow], options: Any,
                 on_change: Callable[[Any], None], **kwargs: Any) -> None:
        if str(KV_FILE) not in Builder.files:
            Builder.load_file(str(KV_FILE))
        super().__init__(**kwargs)
        self.title = title
        self.options = options
        self._on_change = on_change
        self._defaults = type(options)()
        # Fit the box (bound here, not in kv: a kv rule on ``self.ids`` would keep the popup alive).
        self.ids.content.bind(minimum_height=self._fit)
        grid = self.ids.grid
        for row in rows:
            toggle = BigToggle(subtitle=_(row.about), size_hint_y=None, height=dp(78))
            toggle.bind(on_release=lambda t, r=row: self.next_value(r, t))
            self._show(row, toggle)
            grid.add_widget(toggle)

    def _fit(self, _: object, height: float) -> None:
        self.height = height

    def _show(self, row: OptionRow, toggle: BigToggle) -> None:
        value = getattr(self.options, row.name)
        toggle.title = option_title(row, value)
        toggle.value = row.name
        toggle.state = "normal" if value == getattr(self._defaults, row.name) else "down"

    def next_value(self, row: OptionRow, toggle: BigToggle) -> None:
        """Option ``row`` takes its next value (after the last, the first: the default)."""
        values = choices(type(self.options), row.name)
        now = getattr(self.options, row.name)
        index = next(i for i, v in enumerate(values) if type(v) is type(now) and v == now)
        self.options = dataclasses.replace(self.options, **{row.name: values[(index + 1) % len(values)]})
        self._show(row, toggle)
        self._on_change(self.options)

    def handle_key(self, action: str, arg: int | None = None) -> bool:
        """Back or Enter closes it; every key is consumed so nothing acts behind it."""
        if action in ("back", "continue"):
            self.dismiss()
        return True


def open_table_options(screen: Any, title: str, rows: Sequence[OptionRow]) -> TableOptionsPopup:
    """Open Setup's table options popup (:class:`TableOptionsPopup`) on ``screen``'s options.

    :param screen: a Setup screen with a ``table_options`` property (the game's options dataclass,
        replaced by the popup's choice) and an ``options_toggle`` button among its ids; the button is
        set back from the tap to "down" when some option differs from the referee's reading.
    :param title: the popup's title, translated.
    :returns: the popup, opened.
    """
    popup = TableOptionsPopup(title, rows, screen.table_options,
                              lambda chosen: setattr(screen, "table_options", chosen))
    screen.ids.options_toggle.state = "down" if changed(screen.table_options) else "normal"  # not the tap's
    popup.open()
    return popup
