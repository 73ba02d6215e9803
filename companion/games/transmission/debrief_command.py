"""Incoming Transmission's answer to ``companion debrief`` (:data:`companion.table.registry.DebriefOf`).

Handed to the framework by the game's registration
(:attr:`companion.table.registry.GameInfo.debrief`), so the store's command line
(:mod:`companion.cli.store`) imports no game.  The debrief itself is
:mod:`companion.games.transmission.debrief` (what Mission Control meant, transmission by
transmission).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from companion.games.transmission.debrief import build_debrief, debrief_json, debrief_lines
from companion.games.transmission.options import content_pack
from companion.table.registry import Debriefing

__all__ = ["debriefing"]


def debriefing(args: argparse.Namespace, record: Mapping[str, Any],
               table: Mapping[str, Any] | None) -> Debriefing:
    """The debrief of a finished game from its saved ``record`` and ``table``, with the content pack
    of ``args.content`` (``--content FILE``) or the default one.

    :raises companion.cli.output.Failure: the content pack does not load (naming the problem).
    :raises CompanionError: the record does not replay
        (:class:`~companion.games.transmission.debrief.DebriefRefused` among others).
    """
    content = content_pack(args)
    debrief = build_debrief(record, content, table=table)
    return Debriefing(tuple(debrief_lines(content, debrief)), debrief_json(debrief))
