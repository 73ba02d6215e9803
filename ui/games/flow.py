"""A step of an action's flow, as a game of actions' flows give it and its step screen draws it (no
Kivy here: the tests read them).

Source: issues 12 and 13, item 4.  A flow is ``(kind, answers)``: a game's flows module
(``ui.games.<game>.flows``) has ``next_question(kind, view, answers, ...)``, the :class:`Question`
that comes next for the answers given so far, or ``None`` when they are complete, and
``action_of(kind, view, answers, ...)``, the engine's action that complete answers make.  The
step screen (:class:`~ui.games.step_base.ActionStepScreen`) draws it: one big button an
:class:`Option`, the number pad for an amount, a text box for a name, the map for a Location.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Option", "Question"]


@dataclass(frozen=True)
class Option:
    """One big button of a step: ``label`` (big), ``detail`` (small, under it), the answer it gives,
    and whether it can be chosen (a covered space, an occupied city, a full row, a box the player
    cannot pay: shown greyed with why)."""

    label: str
    value: object
    detail: str = ""
    enabled: bool = True
    #: The map's Locations a tap chooses this option by (besides its value, when that is one).
    at: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    """One step: ``key`` names the answer; ``options`` are its buttons; ``picks``: the map's
    Locations that answer it by a tap (the map is shown; ``lit`` are marked there, a signal's path);
    ``number`` (lowest, highest) asks a whole number on the pad (the options are then quick picks);
    ``text`` asks a name."""

    key: str
    title: str
    prompt: str
    options: tuple[Option, ...] = ()
    picks: tuple[str, ...] = ()
    lit: tuple[str, ...] = ()
    number: tuple[int, int] | None = None
    text: bool = False
