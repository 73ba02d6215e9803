"""The confidence intervals of the balance tables (Incoming Transmission's
:mod:`companion.games.transmission.lab.balance` and the action games' :mod:`companion.lab.seat_balance`).

The win rate's 95% interval is the Wilson score interval; the difference of two win rates gets
Newcombe's hybrid score interval (method 10), built from the two Wilson intervals.
"""

from __future__ import annotations

import math

__all__ = ["wilson", "newcombe"]

_Z = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


def wilson(wins: int, games: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval of ``wins / games`` (``(0.0, 1.0)`` for no games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(wins1: int, games1: int, wins2: int, games2: int, z: float = _Z) -> tuple[float, float, float]:
    """``p1 - p2`` and Newcombe's hybrid score interval for it (method 10)."""
    p1 = wins1 / games1 if games1 else 0.0
    p2 = wins2 / games2 if games2 else 0.0
    l1, u1 = wilson(wins1, games1, z)
    l2, u2 = wilson(wins2, games2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, low, high
