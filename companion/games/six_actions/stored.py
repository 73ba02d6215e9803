"""The Six Actions in the game store: its history figures and how a saved game resumes.

The store (:mod:`companion.table.store`) knows no game; it is handed :data:`KEEPER`. The history row's
columns were named for Incoming Transmission; this game fills them with its own figures, named by
:attr:`KEEPER`'s ``names`` (our decision): the round reached once a move is in effect (0 before:
:meth:`Session.round_reached`),
notes repaid of notes taken, the highest Influence as the score, and ``won`` once the
settlement is done (the excerpt defines no winner, so a finished game is a completed one; the table
reads the standings on the settlement screen).

Who won is not a column: once the game is over its session's table state records the winners and the
winning total (``final``: :func:`companion.table.store_rows.final_state`): the richest by Asset Value,
then Influence, then money, as its end screen ranks (our decision); a tie shares the win. Stats count
wins by player name (:func:`companion.table.store_rows.player_figures`).
"""

from __future__ import annotations

from companion.games.six_actions.engine.record import GAME
from companion.games.six_actions.session import Session
from companion.i18n import N_, _
from companion.table.action_session import progress_of
from companion.table.registry import Keeper, Progress, ProgressNames
from companion.table.store_rows import SavedGame

__all__ = ["NAME", "KEEPER", "progress", "describe"]

#: The game's name in the store.
NAME = GAME


def progress(session: Session) -> Progress:
    """The history row of ``session`` as it stands (see the module for what each column holds)."""
    players = session.game.state.players
    influence = max((p.influence for p in players), default=0)
    return progress_of(session, sum(p.repaid for p in players), sum(p.notes for p in players), influence)


#: What the store needs of The Six Actions (a saved game resumes by
#: :meth:`~companion.table.action_session.ActionSession.resume`).
KEEPER: Keeper[Session] = Keeper(game=NAME, progress=progress, resume=Session.resume,
                                 names=ProgressNames(rounds=N_("rounds"), goals=N_("notes repaid"),
                                                     goals_total=N_("notes taken"),
                                                     score=N_("highest Influence")))


def describe(saved: SavedGame) -> str:
    """A line for a resume offer: ``"3 players, started 2026-12-01 14:49 UTC: round 2."``"""
    s = saved.summary
    return _("{players}, started {when} UTC: round {round}.").format(
        players=s.difficulty, when=f"{s.started:%Y-%m-%d %H:%M}", round=max(1, s.transmissions_used)
    )
