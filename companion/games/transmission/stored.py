"""Incoming Transmission in the game store: its history figures and how a saved game resumes.

The store (:mod:`companion.table.store`) knows no game; it is handed :data:`KEEPER`
(:class:`~companion.table.registry.Keeper`) with each session it saves or resumes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.actions import Undo
from companion.games.transmission.person import PersonSession
from companion.games.transmission.phone import PhoneSession
from companion.games.transmission.session import Chooser, Session
from companion.table.registry import Keeper, Progress

__all__ = ["KEEPER", "progress", "resume"]

#: The game's name in the store (:attr:`companion.table.registry.GameInfo.name`).
NAME = "transmission"


def progress(session: Session) -> Progress:
    """The history row of ``session`` as it stands (RULES.md, 7. Await; Score).

    The game counts as won or lost once the table reaches the End screen: until then (the last
    execution still shown) it is offered for resume like any other.  An unfinished game's score is
    the points of its completed missions so far (RULES.md, Score, with the difficulty's multiplier).
    """
    state = session.game.state
    outcome = session.game.outcome()
    result = None if outcome is None or not session.over else "won" if outcome.victory else "lost"
    if outcome is not None:
        score = outcome.score
    else:
        rule = session.content.score
        multiplier = session.content.difficulty(state.difficulty).multiplier
        score = math.floor(rule.per_mission * len(state.completed) * multiplier)
    undos = sum(1 for a in session.game.actions if isinstance(a, Undo))
    return Progress(transmissions_used=len(state.drawn), missions_completed=len(state.completed),
                    missions_total=len(state.missions), score=score, undos=undos, result=result)


def resume(content: ContentPack, chooser: Chooser, record: Mapping[str, Any], table: Mapping[str, Any] | None,
           undo: str | None, physical_deck: bool | None) -> Session:
    """The identical session of a saved game (:meth:`Session.from_record`); a person's Mission Control
    seat (the saved table state says so) comes back as a
    :class:`~companion.games.transmission.person.PersonSession`, and a person's seat on their phone
    (``"seat": "phone"``, issue 23) as a :class:`~companion.games.transmission.phone.PhoneSession`
    (the table starts the phone page again: :meth:`ui.games.transmission.game.TransmissionTable.resume`).

    :raises RecordError: the record does not replay.
    """
    if isinstance(table, Mapping) and table.get("mission_control") == "person":
        kind = PhoneSession if table.get("seat") == "phone" else PersonSession
        return kind.from_record(content, chooser, record, table, undo=undo,
                                         physical_deck=physical_deck)
    return Session.from_record(content, chooser, record, table, undo=undo, physical_deck=physical_deck)


#: What the store needs of Incoming Transmission.
KEEPER: Keeper[Session] = Keeper(game=NAME, progress=progress, resume=resume)
