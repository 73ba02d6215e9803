"""The balance table's cache of cells (``docs/balance.json``): reading, writing, and extending a cell.

A cell is a dict: ``difficulty``, ``mc``, ``cadet``, ``seed``, ``games``, ``wins``, the totals
``transmissions`` and ``score`` and their means, ``seconds`` (wall clock), ``jobs``, the ``code``
fingerprint and ``commit`` that played it, ``games_per_minute_per_core``, and ``parts``: the runs that
played its games, each with its ``first`` game, ``games``, tallies, ``seconds``, ``jobs``, ``code``
and ``commit`` (:func:`merge`).  See :mod:`companion.games.transmission.lab.balance`.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

__all__ = ["left_as_is", "load", "merge", "parts", "save", "tallies", "unusable", "write_text"]

log = logging.getLogger(__name__)


def load(path: Path) -> dict[str, Any]:
    """The cache's contents (``{}`` for a missing or unreadable file, which is logged)."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("ignoring the unreadable cache %s: %s", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file beside it, then renamed over it): a run
    stopped meanwhile (Ctrl-C) leaves the old file or the new one, never half of one."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def save(path: Path, data: dict[str, Any]) -> None:
    """Write the cache atomically (:func:`write_text`)."""
    write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def tallies(cell: Any) -> tuple[int, int, int, int] | None:
    """A cached cell's games, wins and total transmissions and score (``None`` for a malformed cell).

    Cells written before the totals were kept carry the means only; a mean times the games rounds back to
    the integer total exactly (the totals are integers far below 2**52).
    """
    if not isinstance(cell, dict):
        return None
    try:
        games, wins = int(cell["games"]), int(cell["wins"])
        transmissions = int(cell["transmissions"]) if "transmissions" in cell else round(
            float(cell["mean_transmissions"]) * games)
        score = int(cell["score"]) if "score" in cell else round(float(cell["mean_score"]) * games)
    except (KeyError, TypeError, ValueError):
        return None
    return (games, wins, transmissions, score) if 0 <= wins <= games else None


def unusable(cell: Any, seed: int, code: str, keep: bool = False) -> str:
    """Why a cached cell's games cannot count towards a run of batch ``seed`` by ``code`` (a
    fingerprint), as words; ``""`` when they can (same seed, and same code or ``keep``).

    :param cell: a cached cell, or ``None`` (not cached).
    """
    if cell is None:
        return "the cell is not cached"
    if tallies(cell) is None:
        return "the cell is malformed"
    reasons = []
    if cell.get("seed") != seed:
        reasons.append(f"with seed {cell.get('seed')}, this run's is {seed}")
    if not keep and cell.get("code") != code:
        reasons.append(f"by other code, {cell.get('code')} (today's is {code})")
    return f"the cell was played {' and '.join(reasons)}" if reasons else ""


def left_as_is(key: str, cell: dict[str, Any], why: str, asked: int, seed: int) -> str:
    """The warning for a cached cell a run leaves as it is: it holds more games than the run asks for
    but they cannot count towards it.

    :param key: the cell (``difficulty/mc/cadet``); ``cell``: the cached cell (well-formed, see
        :func:`tallies`); ``why``: what :func:`unusable` says; ``asked``: the run's games per cell;
        ``seed``: the run's batch seed.
    """
    counts = tallies(cell)
    games = counts[0] if counts is not None else 0
    keep = (f"; or, after a change that alters no decision, add --keep (check it first with --replay "
            f"{key})") if cell.get("seed") == seed else ""
    return (f"{key}: left as it is: its {games} cached games cannot count towards this run: {why}; a run "
            f"of {asked} games never replaces more games.  To play it again with today's code, run with "
            f"--games {games} --seed {seed} (or more games); to try a few games, give another --out (the "
            f"cache goes beside it), e.g. --out /tmp/balance.md{keep}")


def parts(cell: dict[str, Any]) -> list[dict[str, Any]]:
    """The parts a cached cell was played in (a cell from before parts were kept is one part)."""
    if isinstance(cell.get("parts"), list) and cell["parts"]:
        return [dict(part) for part in cell["parts"]]
    counts = tallies(cell)
    assert counts is not None  # only usable cells are extended
    games, wins, transmissions, score = counts
    return [{"first": 0, "games": games, "wins": wins, "transmissions": transmissions, "score": score,
             "seconds": float(cell.get("seconds", 0.0)), "jobs": int(cell.get("jobs", 1)),
             "code": str(cell.get("code", "")), "commit": str(cell.get("commit") or "unknown")}]


def merge(difficulty: str, mc: str, cadet: str, seed: int, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One cell from consecutive parts (games ``0..N-1``, ``N..M-1``, ...): the tallies added.

    The cell's ``code`` and ``commit`` are the parts' own when they agree, else every part's joined by
    ``+`` (a mixed cell never passes for fresh without ``keep``).
    """
    games = sum(int(p["games"]) for p in parts)
    transmissions = sum(int(p["transmissions"]) for p in parts)
    score = sum(int(p["score"]) for p in parts)
    seconds = sum(float(p["seconds"]) for p in parts)
    core_seconds = sum(float(p["seconds"]) * int(p["jobs"]) for p in parts)

    def joined(field: str) -> str:
        return "+".join(dict.fromkeys(str(p[field]) for p in parts))

    return {"difficulty": difficulty, "mc": mc, "cadet": cadet, "games": games,
            "wins": sum(int(p["wins"]) for p in parts), "transmissions": transmissions, "score": score,
            "mean_transmissions": transmissions / games if games else 0.0,
            "mean_score": score / games if games else 0.0, "seconds": seconds, "jobs": int(parts[-1]["jobs"]),
            "seed": seed, "code": joined("code"), "commit": joined("commit"),
            "games_per_minute_per_core": 60 * games / core_seconds if core_seconds > 0 else 0.0,
            "parts": parts}
