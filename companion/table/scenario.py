"""What every game's scenario (``companion referee``) shares: the first refused action, and a
whole number read from the scenario's JSON.

Source: DESIGN.md, The core step 3 (a scenario's actions are applied all or not at all).  Each game
reads its own position and actions (docs/six-actions.md, docs/five-actions.md); a field that is
wrong is a :class:`~companion.errors.ScenarioError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import ScenarioError
from companion.i18n import _
from companion.table.record import shown

__all__ = ["Refusal", "whole_number"]


@dataclass(frozen=True)
class Refusal:
    """The first refused action: its 0-based index in ``actions``, its kind and the rule's reason."""

    index: int
    kind: str
    reason: str


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``.

    :raises ScenarioError: naming ``field`` and the value (shortened) when it is not one.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(field, _("must be a whole number from {low} to {high}, not {value}").format(
            low=low, high=high, value=shown(value)))
    return value
