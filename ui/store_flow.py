"""The app's half of never losing a game: the game store, the resume offer, Undo and Fix the board.

A mixin of :class:`ui.app.CompanionApp` (kept apart so the composition root stays small).  It uses the
app's ``store``, ``store_path``, ``session``, ``content``, ``table_config``, ``game_id``, ``initial``,
``manager`` and its ``act``/``show_message``/``_begin``/``_redraw`` methods.  Source: issue "Never lose a
game"; the store itself is :mod:`companion.table.store`, undo
:mod:`companion.games.transmission.engine.undo`, the correction
:mod:`companion.games.transmission.engine.correction`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from companion.games.transmission.session import Session, Step
from companion.table.store import Store, StoreError

from . import theme

log = logging.getLogger(__name__)


class StoreFlow:
    """Store, resume, undo and board-correction methods of the app (see the module docstring)."""

    store: Any
    store_path: Any
    store_problem: str
    session: Any
    game_id: int | None
    _notices: list[str]
    content: Any
    table_config: Any
    manager: Any
    message: str
    act: Callable[..., bool]
    show: Callable[[str], None]
    show_message: Callable[..., None]
    clear_message: Callable[[], None]
    new_chooser: Callable[[], Any]
    _begin: Callable[[Session], None]
    _redraw: Callable[..., None]
    _redraw_trigger: Callable[..., None]

    # ------------------------------------------------------------------ the game store

    def open_store(self) -> None:
        """Open the game store at :attr:`store_path`; a store that cannot be opened turns History off
        (the game stays playable), a damaged one set aside is said once on Home."""
        notes = list(self._notices)
        self._notices = []
        if self.store_path is not None and self.store is None:
            try:
                self.store = Store.open(self.store_path)
            except (StoreError, OSError) as exc:
                log.error("the game store %s cannot be opened: %s", self.store_path, str(exc))
                self.store_problem = str(exc)
                notes.append(f"History is off: {exc}")
            else:
                self.store_problem = ""
                if self.store.notice:
                    notes.append(self.store.notice)
        if notes:
            self.show_message(" ".join(notes), "error")

    def close_store(self) -> None:
        store, self.store = self.store, None
        if store is not None:
            try:
                store.close()
            except Exception:
                log.exception("closing the game store failed")

    def _store_failed(self, doing: str, exc: Exception) -> None:
        """The store failed mid-game: say so, keep playing without it."""
        log.error("the game store failed %s: %s", doing, str(exc))
        self.store_problem = str(exc)
        self.show_message(f"History is off: {exc}", "error")

    def _attach(self, session: Session) -> None:
        """Save every action of ``session`` as it happens (a power cut loses nothing)."""
        if self.store is None:
            return
        try:
            self.game_id = self.store.attach(session)
        except StoreError as exc:  # the game goes on without a history
            self._store_failed("saving the new game", exc)

    def _store_abandon(self, game_id: int | None) -> None:
        if self.store is None or game_id is None:
            return
        try:
            self.store.abandon(game_id)
        except StoreError as exc:
            self._store_failed("marking the game abandoned", exc)

    def offer_resume(self) -> Any:
        """On Home at start: an unfinished game is offered for resume (Resume / Start new).

        :returns: the popup, or ``None`` when there is nothing to resume.
        """
        from . import records
        from .popups import ChoicePopup

        if self.store is None or self.session is not None:
            return None
        try:
            saved = self.store.unfinished()
        except (StoreError, sqlite3.Error) as exc:
            self._store_failed("looking for an unfinished game", exc)
            return None
        if saved is None:
            return None
        titles = {d.name: d.title for d in self.content.difficulties}
        popup = ChoicePopup("Unfinished game", records.resume_question(saved, titles),
                            [("Resume", lambda: self.resume(saved), theme.GO),
                             ("Start new", lambda: self._store_abandon(saved.id), theme.SECONDARY)],
                            auto_dismiss=False)
        popup.open()
        return popup

    def resume(self, saved: Any) -> bool:
        """Replay the saved game and land on the screen it stopped on (mid-decode included)."""
        if self.store is None:
            return False
        try:
            chooser = self.new_chooser()
            session = self.store.resume(saved, self.content, chooser, undo=self.table_config.undo)
        except (StoreError, ImportError) as exc:  # another pack, a record that no longer replays
            log.error("cannot resume game %s: %s", saved.id, str(exc))
            self.show_message(f"Cannot resume that game: {exc}", "error")
            return False
        summary = saved.summary
        self.initial = {"difficulty": summary.difficulty, "layout": summary.layout, "seed": summary.seed}
        self._begin(session)
        self.game_id = saved.id
        return True

    # ------------------------------------------------------------------ undo, Fix the board

    def undo(self) -> bool:
        """The Menu's Undo (``[game] undo = "honor"``): revert one action; a refusal says why."""
        session = self.session
        if session is None:
            return False
        if not self.act("undo"):
            if session.message and not self.message:
                self.show_message(session.message, "error")
            return False
        self.show_message(session.message or "Undone.", "info")
        self._redraw_trigger()
        return True

    def show_correction(self) -> None:
        """Fix the board (the Menu): an editor over the game; the game is untouched until Save."""
        session = self.session
        if session is None:
            return
        view = session.view()
        self.correcting = True
        self.manager.get_screen("correction").start(view.rows, view.cadet, view.carrying)
        self.clear_message()
        self.manager.current = "correction"

    def correct_board(self, rows: Sequence[str], cadet: tuple[int, int], carrying: str | None) -> bool:
        """Record a board correction (``Session.correct_board``); a refusal's reason is in the message."""
        return self.act("correct_board", list(rows), cadet, carrying)

    def close_correction(self) -> None:
        """Leave Fix the board: back to the game's screen."""
        self.correcting = False
        self.clear_message()
        session = self.session
        if session is None:
            self.show("home")
            return
        if session.step is Step.THINKING:
            self.thinking_visible = True  # the screen behind was the editor: show Thinking now
        self._redraw()
