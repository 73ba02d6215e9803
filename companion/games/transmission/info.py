"""Incoming Transmission as the table framework sees it (:class:`~companion.table.registry.GameInfo`).

Declared without importing the game (issue 10, item 4): its content loader, keeper, command line,
debrief and bench target are references, imported when a command or a screen needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.transmission.names import DIFFICULTY_NAMES, LAYOUT_WORDS
from companion.i18n import N_
from companion.table.registry import GameInfo, HelpPlace, Reference, Subcommands

if TYPE_CHECKING:
    from companion.games.transmission.session import Session

__all__ = ["GAME"]

#: The registration of Incoming Transmission (RULES.md); the first game on the box.  Its name is
#: :data:`companion.games.transmission.stored.NAME` (:attr:`GameInfo.keeper` checks it).
GAME: GameInfo[Session] = GameInfo(
    name="transmission",
    title=N_("Incoming Transmission"),
    content=Reference("companion.games.transmission.content.loader:load_content"),
    store=Reference("companion.games.transmission.stored:KEEPER"),
    difficulties=DIFFICULTY_NAMES,
    cli=(Subcommands(Reference("companion.games.transmission.cli:register"), HelpPlace.GAME,
                     ("play", "referee", "plan", "simulate", "content")),),
    debrief=Reference("companion.games.transmission.debrief_command:debriefing"),
    bench=(Reference("companion.games.transmission.lab.bench_cli:PLANNER"),),
    pack_tables=("missions", "modules", "transmissions", "boosts", "commands", "difficulty", "layouts",
                 "score"),
    layouts=tuple(LAYOUT_WORDS.items()),
)
