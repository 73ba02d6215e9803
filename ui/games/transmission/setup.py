"""Setup: difficulty, layout, who is Mission Control (the companion or a person) and seed, then Start.

The seed is typed on an on-screen number pad (:class:`~ui.popups.SeedPad`),
opened by tapping the seed, so a bare touchscreen can replay a game; on a
keyboard, typing a digit opens the pad with it.
"""

from __future__ import annotations

import secrets
from typing import Any

from kivy.properties import StringProperty

from companion.games.transmission.content.model import ContentPack, Difficulty
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.table_view import TableView
from companion.i18n import N_, _, ngettext, number
from ui.popups import SeedPad
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton, BigToggle

#: A seed is a whole number the players can read out: at most this many digits ...
SEED_DIGITS = 9
#: ... so from 0 to this (the command line's ``--seed`` takes the same range).
MAX_SEED = 10**SEED_DIGITS - 1
#: What a seed may be (``{max}``: :data:`MAX_SEED`, written with separators), and what it is for.
SEED_RANGE = N_("A whole number from 0 to {max}.")
SEED_HINT = N_("Same seed, same deal: the same layout, missions and Transmission cards.")

#: Who is Mission Control (RULES.md, With a person as Mission Control): value, title, subtitle
#: (marked: translated where the toggles are worded).
SEATS = (
    ("companion", N_("The companion"), N_("the app")),
    ("person", N_("A person"), N_("on this screen")),
    ("phone", N_("A phone"), N_("their own")),
)

LAYOUTS = (
    ("standard", N_("Standard layout"), N_("shuffled tiles")),
    ("beginner", N_("Beginner layout"), N_("a gentle first game")),
)


def describe(d: Difficulty, content: ContentPack) -> str:
    """A one-line summary of a difficulty preset: the errors its Transmission cards add, the score.

    A pack may give cards of one level different error counts (up to two each), so the
    count can be a range, e.g. ``2–4 errors``.  When the pack's presets draw different numbers
    of Transmission cards, the summary starts with the preset's (``6 cards · 6 errors · score ×2``),
    and when they deal different numbers of missions (the default pack's expert deals four), with
    its missions: ``4 missions · 7 errors · score ×2``.
    """
    low = high = 0
    for level in d.levels:
        counts = [t.errors for t in content.transmissions_of_level(level)] or [0]
        low, high = low + min(counts), high + max(counts)
    if not high:
        errors = _("no errors")
    elif low == high:
        errors = ngettext("{n} error", "{n} errors", high).format(n=high)
    else:
        errors = ngettext("{low}–{high} error", "{low}–{high} errors", high).format(low=low, high=high)
    parts = []
    if len({len(x.levels) for x in content.difficulties}) > 1:
        parts.append(ngettext("{n} card", "{n} cards", len(d.levels)).format(n=len(d.levels)))
    if len({x.missions for x in content.difficulties}) > 1:
        parts.append(ngettext("{n} mission", "{n} missions", d.missions).format(n=d.missions))
    parts += [errors, _("score ×{multiplier}").format(multiplier=f"{d.multiplier:g}")]
    return " · ".join(parts)


def parse_seed(text: str) -> tuple[int | None, str]:
    """``(seed, "")`` or ``(None, why)`` for the seed's digits."""
    text = text.strip()
    if not text:
        return None, _("Type a seed (a whole number) or tap New seed.")
    if not (text.isascii() and text.isdigit()):
        return None, _("The seed must be a whole number, like 4821, not {text}.").format(text=repr(text))
    if len(text) > SEED_DIGITS:
        return None, _("The seed has at most {digits} digits (up to {max}).").format(digits=SEED_DIGITS,
                                                                                    max=number(MAX_SEED))
    return int(text), ""



def new_seed() -> int:
    """A seed players can read out and type again (like the session's own)."""
    return secrets.randbelow(1_000_000)


class SeedField(BigButton):
    """The seed as a big tappable box; a tap opens the number pad.  ``seed`` is its digits."""

    seed = StringProperty("")


class SetupScreen(BaseScreen[TableView]):
    difficulty = StringProperty("standard")
    layout = StringProperty("standard")
    seat = StringProperty("companion")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="setup", **kwargs)
        self._built = False

    def on_pre_enter(self, *_: object) -> None:
        self._build_choices()
        initial = self.app.initial
        self.difficulty = initial.difficulty
        self.layout = initial.layout
        self.seat = initial.mission_control or "companion"
        seed = initial.seed
        self.ids.seed.seed = str(seed if seed is not None else new_seed())
        self._sync_toggles()

    def retranslate(self) -> None:
        """The language changed while Setup is shown: its words again, the table's choices kept."""
        if self._built:
            self.word_choices()

    def _build_choices(self) -> None:
        if self._built:
            self.word_choices()
            return
        self._built = True
        box = self.ids.difficulties
        for d in self.app.content.difficulties:
            toggle = BigToggle(group="difficulty", value=d.name)
            toggle.bind(on_release=self._on_difficulty)
            box.add_widget(toggle)
        box = self.ids.layouts
        for value, _title, _subtitle in LAYOUTS:
            toggle = BigToggle(group="layout", value=value)
            toggle.bind(on_release=self._on_layout)
            box.add_widget(toggle)
        box = self.ids.seats
        for value, _title, _subtitle in SEATS:
            toggle = BigToggle(group="seat", value=value)
            toggle.bind(on_release=self._on_seat)
            box.add_widget(toggle)
        self.word_choices()

    def word_choices(self) -> None:
        """Put the choices' words on their toggles in the table's language (each time Setup is shown,
        so a change of language shows)."""
        content = self.app.content
        difficulties = {d.name: d for d in content.difficulties}
        for toggle in self.ids.difficulties.children:
            d = difficulties[toggle.value]
            toggle.title, toggle.subtitle = pack_text(d.title), describe(d, content)
        for box, choices in ((self.ids.layouts, LAYOUTS), (self.ids.seats, SEATS)):
            words = {value: (title, subtitle) for value, title, subtitle in choices}
            for toggle in box.children:
                title, subtitle = words[toggle.value]
                toggle.title, toggle.subtitle = _(title), _(subtitle)

    def _sync_toggles(self) -> None:
        for toggle in self.ids.difficulties.children:
            toggle.state = "down" if toggle.value == self.difficulty else "normal"
        for toggle in self.ids.layouts.children:
            toggle.state = "down" if toggle.value == self.layout else "normal"
        for toggle in self.ids.seats.children:
            toggle.state = "down" if toggle.value == self.seat else "normal"

    def _on_difficulty(self, toggle: BigToggle) -> None:
        self.difficulty = toggle.value
        self._sync_toggles()

    def _on_layout(self, toggle: BigToggle) -> None:
        self.layout = toggle.value
        self._sync_toggles()

    def _on_seat(self, toggle: BigToggle) -> None:
        self.seat = toggle.value
        self._sync_toggles()

    def new_seed(self) -> None:
        self.ids.seed.seed = str(new_seed())
        self.app.clear_message()

    def edit_seed(self, first: str | None = None) -> SeedPad:
        """Open the number pad on the seed; ``first``: a digit typed on a keyboard starts a new seed."""
        pad = SeedPad(self.ids.seed.seed if first is None else "", on_done=self._seed_typed,
                      check=lambda text: parse_seed(text)[1], digits=SEED_DIGITS,
                      title=_("Seed"), note=_(SEED_RANGE).format(max=number(MAX_SEED)) + " " + _(SEED_HINT))
        pad.open()
        if first is not None:
            pad.press(first)
        return pad

    def _seed_typed(self, text: str) -> None:
        seed, _why = parse_seed(text)
        if seed is not None:
            self.ids.seed.seed = str(seed)
            self.app.clear_message()

    def start(self) -> None:
        seed, why = parse_seed(self.ids.seed.seed)
        if seed is None:
            self.app.show_message(why, "error")
            return
        self.app.start_game(self.difficulty, self.layout, seed, self.seat)

    def back(self) -> None:
        self.app.show("home")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.start()
            return True
        return False

    def handle_char(self, char: str) -> bool:
        self.edit_seed(first=char)
        return True

