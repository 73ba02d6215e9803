"""How the app was started for Incoming Transmission: ``companion run``'s options (or a test's),
kept by the shell until the game's table (:mod:`ui.games.transmission.game`) is made.

Imports nothing of the game: the shell makes one at start (issue 24, item 4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui.host import SetupChoice

__all__ = ["Start"]


@dataclass(frozen=True)
class Start:
    """Incoming Transmission's start options.

    :param content: the content pack (a :class:`~companion.games.transmission.content.model.ContentPack`);
        ``None``: the default one, loaded when the game first needs it.
    :param initial: Setup's first choices (difficulty, layout, seed; who is Mission Control:
        ``None``, the config's).
    :param chooser_factory: makes Mission Control for a new game; ``None``: the planner
        (:func:`ui.games.transmission.table.default_chooser`).
    :param thinking_delay: seconds Mission Control may take before the Thinking screen appears.
    """

    content: Any = None
    initial: SetupChoice = SetupChoice()
    chooser_factory: Callable[[], Any] | None = None
    thinking_delay: float = 0.2
