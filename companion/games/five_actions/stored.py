"""The Five Actions in the game store: its history figures and how a saved game resumes.

The store (:mod:`companion.table.store`) knows no game; it is handed :data:`KEEPER`. The history row's
columns were named for Incoming Transmission; this game fills them with its own figures, named by
:attr:`KEEPER`'s ``names`` (our decision): the round reached once a move is in effect (0 before:
:meth:`Session.round_reached`),
Locations the players hold (stations and Signal tokens) of the map's Locations (0 of 0
on the printed board), the best total so far as the score (bonus points plus activated Patents' icons),
and ``won`` once the table has ended the game (the excerpt names no winner: a finished game is a
completed one).

Who won is not a column: once the game is over its session's table state records the winners and the
winning total (``final``: :func:`companion.table.store_rows.final_state`): the best total, then the
most money, as its end screen ranks (our decision); a tie shares the win. Stats count wins by player
name (:func:`companion.table.store_rows.player_figures`).
"""

from __future__ import annotations

from companion.games.five_actions.session import Session
from companion.i18n import N_
from companion.table.action_session import progress_of
from companion.table.registry import Keeper, Progress, ProgressNames

__all__ = ["NAME", "KEEPER", "progress", "score"]

#: The game's name in the store.
NAME = "five-actions"


def score(session: Session, seat: int) -> int:
    """``seat``'s points if the game ended now: bonus points plus activated Patents' icons."""
    p = session.game.state.players[seat]
    icons = 0
    for ident, side in [*p.activated.values(), *p.covered]:
        patent = session.content.patent(ident)
        icons += patent.side(side).points if patent is not None else 0
    return p.points + icons


def progress(session: Session) -> Progress:
    """The history row of ``session`` as it stands (see the module for what each column holds)."""
    state = session.game.state
    held = {k for p in state.players for k in (*p.stations, *p.tokens)}
    game_map = session.content.game_map
    total = len(game_map.locations) if game_map is not None and state.layout == "map" else 0
    best = max((score(session, i) for i in range(len(state.players))), default=0)
    return progress_of(session, len(held) if total else 0, total, best)


#: What the store needs of The Five Actions (a saved game resumes by
#: :meth:`~companion.table.action_session.ActionSession.resume`).
KEEPER: Keeper[Session] = Keeper(game=NAME, progress=progress, resume=Session.resume,
                                 names=ProgressNames(rounds=N_("rounds"), goals=N_("Locations held"),
                                                     goals_total=N_("Locations on the map"),
                                                     score=N_("best total")))
