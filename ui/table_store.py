"""The app's half of never losing a game: the game store, attaching each game to it, the resume offer.

Source: issue "Never lose a game"; the store itself is :mod:`companion.table.store`.  A
:class:`TableStore` is owned by the app (composition, not a mixin): it holds the open store and the
game id of the game on the table, and reaches the app only through :class:`StoreHost`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from kivy.clock import Clock, ClockEvent

from companion.i18n import _
from companion.table.registry import Keeper, StoredSession
from companion.table.store import SavedGame, Store, StoreError
from companion.table.store_rows import counts
from ui import theme
from ui.game_table import GameTable
from ui.popups import ChoicePopup

__all__ = ["StoreHost", "TableStore"]

log = logging.getLogger(__name__)

#: Seconds between retries of a save that failed (a full card): a game that reached End while saves
#: failed has no next move to retry it (issue 14, fault 3).
RETRY_S = 15.0


class StoreHost(Protocol):
    """What the store flow needs of the app."""

    def show_message(self, text: str, kind: str = "info") -> None: ...

    def game_table(self, name: str) -> GameTable | None:
        """The table of game ``name`` (it words and resumes that game's saves), or ``None``."""


class TableStore:
    """The game store of the table, if one is open, and the game it is saving.

    :param path: the store (SQLite) to open; ``None``: no store, History is off.
    :ivar store: the open store or ``None`` (:attr:`problem` says why).
    :ivar problem: why History is off (a sentence), else ``""``.

    The game on the table and its game id are its :class:`~ui.game_table.GameTable`'s.
    """

    def __init__(self, host: StoreHost, path: Path | None) -> None:
        self.host = host
        self.path = path
        self.store: Store | None = None
        self.problem = "" if path is not None else "no game store was opened."
        self._retrying: ClockEvent | None = None

    def open(self, notices: list[str]) -> None:
        """Open the game store at :attr:`path`; a store that cannot be opened turns History off
        (the game stays playable), a damaged one set aside is said once on Home, with ``notices``."""
        notes = list(notices)
        if self.path is not None and self.store is None:
            try:
                self.store = Store.open(self.path)
            except (StoreError, OSError) as exc:
                log.error("the game store %s cannot be opened: %s", self.path, str(exc))
                self.problem = str(exc)
                notes.append(_("History is off: {why}").format(why=exc))
            else:
                self.problem = ""
                if self.store.notice:
                    notes.append(self.store.notice)
                self._retrying = Clock.schedule_interval(lambda _dt: self.retry_saves(), RETRY_S)
        if notes:
            self.host.show_message(" ".join(notes), "error")

    def retry_saves(self) -> bool:
        """Retry a save that failed (:meth:`Store.retry`); when it now succeeds the table is told.

        :returns: whether a failed save was retried and succeeded."""
        store = self.store
        if store is None or store.problem is None:
            return False
        try:
            store.retry()
        except Exception:  # the table must stay up; the log has the traceback
            log.exception("retrying a failed save failed")
            return False
        if store.problem is None:
            self.host.show_message(_("The game is saved again: nothing was lost."))
            return True
        return False

    def close(self) -> None:
        """Close the store (it retries a failed save first, so a game that ended is kept)."""
        if self._retrying is not None:
            self._retrying.cancel()
            self._retrying = None
        store, self.store = self.store, None
        if store is not None:
            try:
                store.close()
            except Exception:
                log.exception("closing the game store failed")

    def failed(self, doing: str, exc: Exception) -> None:
        """The store failed mid-game: say so, keep playing without it."""
        log.error("the game store failed %s: %s", doing, str(exc))
        self.problem = str(exc)
        self.host.show_message(_("History is off: {why}").format(why=exc), "error")

    def save_game(self, session: StoredSession, keeper: Keeper[Any],
                  game_id: int | None = None) -> int | None:
        """Save every action of any game's ``session`` as it happens (``game_id``: a resumed game's row).

        :returns: its game id in the store, or ``None`` when there is no store or it failed (said)."""
        if self.store is None:
            return None
        try:
            return self.store.attach(session, keeper, game_id)
        except StoreError as exc:  # the game goes on without a history
            self.failed("saving the new game", exc)
            return None

    def abandon(self, game_id: int | None) -> None:
        """Mark ``game_id`` abandoned (it stays in the history)."""
        if self.store is None or game_id is None:
            return
        try:
            self.store.abandon(game_id)
        except StoreError as exc:
            self.failed("marking the game abandoned", exc)

    def offer_resume(self, then: Callable[[str], object] | None = None,
                     starting: str | None = None) -> ChoicePopup | None:
        """An unfinished game is offered for resume (Resume / Start new): on Home at start, and again
        at New game, so a game is only given up when the table says so.  Escape (or the panel's
        Back) closes the offer as "not now": the game stays saved and unfinished.  Start new asks once
        more (:meth:`confirm_new`) before the game is given up.

        :param then: what Start new does after marking the game abandoned, given the unfinished
            game's name (at start: its Setup; at New game: the chosen game's Setup).
        :param starting: the game New game starts, when that is another game than the unfinished
            one's: the offer says the unfinished game is given up by it.
        :returns: the popup, or ``None`` when there is nothing to resume.
        """
        if self.store is None:
            return None
        try:
            saved = self.store.unfinished()
        except (StoreError, sqlite3.Error) as exc:
            self.failed("looking for an unfinished game", exc)
            return None
        if saved is None:
            return None
        table = self.host.game_table(saved.game)
        if table is None:
            log.warning("unfinished game %s is of %r, which has no screens here", saved.id, saved.game)
            return None
        words = table.resume_words(saved)
        new = starting if starting is not None else saved.game
        if new != saved.game:
            words += " " + _("A new game of \u201c{game}\u201d gives it up.").format(game=game_title(new))
        popup = ChoicePopup(_("Unfinished game"), words,
                            [(_("Resume"), lambda: table.resume(saved), theme.GO),
                             (_("Start new"), lambda: self.confirm_new(saved, new, then), theme.SECONDARY)],
                            auto_dismiss=False)
        popup.open()
        return popup

    def confirm_new(self, saved: SavedGame, new: str, then: Callable[[str], object] | None) -> ChoicePopup:
        """Start new, asked once: what History keeps of the unfinished game (left: it counts as not
        won; abandoned before its first move: not counted) and which game starts.  Yes gives it up
        (:meth:`start_new`); No returns to the resume offer."""
        title = game_title(saved.game)
        if counts("abandoned", saved.summary.transmissions_used):
            kept = _("The unfinished game of \u201c{game}\u201d will be marked as left: it counts as not "
                     "won and cannot be resumed.").format(game=title)
        else:
            kept = _("The unfinished game of \u201c{game}\u201d will be marked as abandoned: no move yet, "
                     "so it is not counted. It cannot be resumed.").format(game=title)
        question = _("Start a new game of \u201c{game}\u201d?").format(game=game_title(new))
        popup = ChoicePopup(_("Start a new game?"), f"{kept}\n{question}",
                            [(_("No, back"), lambda: self.offer_resume(then, new), theme.SECONDARY),
                             (_("Start new game"), lambda: self.start_new(saved.id, saved.game, then),
                              theme.DANGER)],
                            auto_dismiss=False)
        popup.open()
        return popup

    def start_new(self, game_id: int, game: str, then: Callable[[str], object] | None) -> None:
        """The offer's Start new, confirmed: the unfinished game is marked abandoned, then ``then(game)``."""
        self.abandon(game_id)
        if then is not None:
            then(game)


def game_title(name: str) -> str:
    """The title of game ``name`` in the table's language (its name when no playable game has it)."""
    from ui.registry import playable

    return next((_(g.info.title) for g in playable() if g.info.name == name), name)
