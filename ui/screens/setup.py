"""Setup: difficulty, layout and seed, then Start."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.textinput import TextInput

from companion.content import Difficulty

from ..app import new_seed
from ..widgets import BigToggle
from .base import BaseScreen

#: A seed is a whole number the players can read out: at most this many digits.
SEED_DIGITS = 9

LAYOUTS = (
    ("standard", "Standard layout", "shuffled tiles"),
    ("beginner", "Beginner layout", "a gentle first game"),
)


def describe(d: Difficulty) -> str:
    """A one-line summary of a difficulty preset, from its Transmission card levels."""
    errors = sum(1 for level in d.levels if level >= 3)
    noun = "error" if errors == 1 else "errors"
    return f"{errors or 'no'} {noun} · score ×{d.multiplier:g}"


class SeedInput(TextInput):
    """The seed box: digits only.  Anything else typed or pasted is dropped and reported."""

    __events__ = ("on_rejected",)

    def insert_text(self, substring: str, from_undo: bool = False) -> None:
        digits = "".join(ch for ch in substring if ch.isdigit())
        room = max(0, SEED_DIGITS - len(self.text) + len(self.selection_text))
        kept = digits[:room]
        if kept != substring:
            self.dispatch("on_rejected", substring)
        if kept:
            super().insert_text(kept, from_undo=from_undo)

    def on_rejected(self, text: str) -> None:
        pass

    def _adjust_viewport(self, cc: int, cr: int) -> None:
        # Kivy 2.3 wraps this in a class-level @triggered whose closure keeps the last
        # TextInput (and so the whole app) alive forever; a one-line box can adjust at once.
        TextInput._adjust_viewport.__wrapped__(self, cc, cr)


def parse_seed(text: str) -> tuple[int | None, str]:
    """``(seed, "")`` or ``(None, why)`` for the seed box's text."""
    text = text.strip()
    if not text:
        return None, "Type a seed (a whole number) or tap New seed."
    if not text.isdigit():
        return None, f"The seed must be a whole number, like 4821, not {text!r}."
    if len(text) > SEED_DIGITS:
        return None, f"The seed has at most {SEED_DIGITS} digits."
    return int(text), ""


class SetupScreen(BaseScreen):
    difficulty = StringProperty("standard")
    layout = StringProperty("standard")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="setup", **kwargs)
        self._built = False

    def on_pre_enter(self, *_: Any) -> None:
        self._build_choices()
        initial = self.app.initial
        self.difficulty = initial["difficulty"]
        self.layout = initial["layout"]
        seed = initial["seed"]
        self.ids.seed.text = str(seed if seed is not None else new_seed())
        self._sync_toggles()

    def _build_choices(self) -> None:
        if self._built:
            return
        self._built = True
        box = self.ids.difficulties
        for d in self.app.content.difficulties:
            toggle = BigToggle(group="difficulty", title=d.title, subtitle=describe(d), value=d.name)
            toggle.bind(on_release=self._on_difficulty)
            box.add_widget(toggle)
        box = self.ids.layouts
        for value, title, subtitle in LAYOUTS:
            toggle = BigToggle(group="layout", title=title, subtitle=subtitle, value=value)
            toggle.bind(on_release=self._on_layout)
            box.add_widget(toggle)

    def _sync_toggles(self) -> None:
        for toggle in self.ids.difficulties.children:
            toggle.state = "down" if toggle.value == self.difficulty else "normal"
        for toggle in self.ids.layouts.children:
            toggle.state = "down" if toggle.value == self.layout else "normal"

    def _on_difficulty(self, toggle: BigToggle) -> None:
        self.difficulty = toggle.value
        self._sync_toggles()

    def _on_layout(self, toggle: BigToggle) -> None:
        self.layout = toggle.value
        self._sync_toggles()

    def new_seed(self) -> None:
        self.ids.seed.text = str(new_seed())
        self.app.clear_message()

    def seed_rejected(self, text: str) -> None:
        self.app.show_message(f"The seed is a number: digits 0-9 only, at most {SEED_DIGITS} of them. "
                              f"{text!r} was ignored.",
                              "error")

    def start(self) -> None:
        seed, why = parse_seed(self.ids.seed.text)
        if seed is None:
            self.app.show_message(why, "error")
            return
        self.app.start_game(self.difficulty, self.layout, seed)

    def back(self) -> None:
        self.app.show("home")

    def handle_key(self, action: str, arg: Any) -> bool:
        if action == "continue":
            self.start()
            return True
        return False

