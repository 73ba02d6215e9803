"""The Six Actions on the table: its session, its saves in the game store, and its screens' redraws.

Source: issue 12 item 4, DESIGN.md (Session, Views).  A :class:`SixActionsTable` is the game's
:class:`~ui.game_table.GameTable`: the app makes one (``ui.shelf``); the game's screens reach it
through ``app.game_table(NAME)`` (:func:`table_of`) and get from it only views
(:class:`~companion.games.six_actions.views.TableView`, other players' Merit cards as counts; one
seat's own cards only through :meth:`SixActionsTable.seat_view`, which the Merit screen opens on
purpose) and intents, never the session.  Every event of the session triggers one batched redraw
(``Clock.create_trigger``) of the game's screen that is up; a refusal goes to the message bar in the
engine's own words.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from kivy.clock import Clock

from companion.games.six_actions.content.loader import default_content
from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.actions import Action
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.events import Changed, Refused
from companion.games.six_actions.info import GAME
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.stored import KEEPER, progress
from companion.games.six_actions.views import Quote, TableView
from companion.table.events import Event
from companion.table.store import SavedGame, StoreError
from companion.table.store_rows import counts
from ui import records
from ui.game_table import GameTable, TableHost

__all__ = ["IN_GAME", "NAME", "SixActionsTable", "table_of"]

log = logging.getLogger(__name__)

#: The game's name (as the store records it).
NAME = GAME.name
#: The screens of a game under way (Escape there is the game's, see each screen).
IN_GAME = frozenset({"six_table", "six_step", "six_ledger", "six_merit", "six_end"})
#: Phases shown on the end settlement screen.
END_PHASES = frozenset({Phase.SETTLEMENT, Phase.OVER})


class SixActionsTable:
    """The Six Actions game on the table, if one is on (see the module docstring).

    :param host: the app.
    :ivar game_id: the stored game of the session on the table, else ``None``.
    """

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self._session: Session | None = None
        self._content: ContentPack | None = None
        self.game_id: int | None = None
        self._redraw_trigger = Clock.create_trigger(self._redraw, -1)

    # ------------------------------------------------------------------ what the screens read

    @property
    def content(self) -> ContentPack:
        """The content pack (the SAMPLE pack shipped with the game), loaded on first use."""
        if self._content is None:
            self._content = default_content()
        return self._content

    @property
    def playing(self) -> bool:
        return self._session is not None

    def view(self) -> TableView | None:
        """The table's view (every player's public figures; Merit cards as counts), or ``None``."""
        return self._session.view() if self._session is not None else None

    def seat_view(self, seat: int) -> TableView | None:
        """The view of one seat, with its own Merit cards: only for the screen its player opens on
        purpose ("turn the screen away")."""
        return self._session.view(seat=seat) if self._session is not None else None

    def preview(self, action: Action) -> Quote | None:
        """What ``action`` would cost and to whom (forced Emergency Loans included), without playing it."""
        session = self._session
        if session is None:
            return None
        try:
            return session.preview(action)
        except Exception:  # a preview is a courtesy: never let it take the table down
            log.exception("previewing %r failed", action)
            return None

    # ------------------------------------------------------------------ starting, leaving

    def start(self, seats: Sequence[Seat], tycoon: int, layout: str, seed: int | None) -> bool:
        """A new game with ``seats`` (names, colours), its first Tycoon, ``"map"`` or ``"printed"``;
        shows the table.  False (the reason in the message bar) if it cannot start."""
        try:
            session = Session.new(self.content, list(seats), tycoon=tycoon, seed=seed, layout=layout)
        except ValueError as exc:
            self.host.show_message(str(exc), "error")
            return False
        self._begin(session)
        self.game_id = self.host.table_store.save_game(session, KEEPER)
        self.host.show_message(session.view().message, "info")
        return True

    def _begin(self, session: Session) -> None:
        self.close()
        self._session = session
        session.subscribe(self._on_event)
        self.host.show("six_table")
        self._redraw_trigger()

    def leave(self) -> None:
        """Leave the game (asked already): an unfinished game is marked abandoned; Home."""
        session = self._session
        if session is not None and not session.over:
            self.host.table_store.abandon(self.game_id)
        self.close()
        self.host.show("home")

    def leave_words(self) -> str:
        """The Leave question's sentence: what History will show for this game if it is left now
        (:func:`companion.table.store_rows.counts`: left once a move is in effect, else abandoned)."""
        session = self._session
        if session is not None and counts("abandoned", progress(session).transmissions_used):
            return "It is kept in the history as left: it counts as not won."
        return "It is kept in the history as abandoned: no move yet, so it is not counted."

    def close(self) -> None:
        self._session = None
        self.game_id = None

    def resume_words(self, saved: SavedGame) -> str:
        names = saved.record.get("actions", [{}])[0].get("names", []) if saved.record.get("actions") else []
        who = ", ".join(str(n) for n in names) if isinstance(names, list) else ""
        extra = f" ({who})" if who else ""
        return f"Resume {GAME.title} from {records.short_when(saved.summary.started)}{extra}?"

    def resume(self, saved: SavedGame) -> bool:
        store = self.host.store
        if store is None:
            return False
        try:
            session: Session = store.resume(saved, KEEPER, self.content, None)
        except StoreError as exc:
            log.error("cannot resume game %s: %s", saved.id, str(exc))
            self.host.show_message(f"Cannot resume that game: {exc}", "error")
            return False
        self._begin(session)
        self.game_id = saved.id
        return True

    # ------------------------------------------------------------------ intents

    def play(self, action: Action) -> bool:
        """Play one of the flows' actions (:mod:`ui.games.six_actions.flows`); False when refused (the
        engine's reason is in the message bar) or no game is on."""
        session = self._session
        if session is None:
            return False
        try:
            return session.play(action)
        except Exception as exc:  # the core's bug must not take the table down; the log has it
            log.exception("playing %r failed", action)
            self.host.show_message(f"Something went wrong: {exc}", "error")
            return False

    @property
    def intents(self) -> Session | None:
        """The session's table intents (pass, end turn, undo, next round, settle ...), or ``None``."""
        return self._session

    # ------------------------------------------------------------------ events and redraws

    def _on_event(self, event: Event) -> None:
        if self._session is None:
            return
        if isinstance(event, Refused):
            self.host.show_message(event.message, "error")
        elif isinstance(event, Changed) and self._session.over:
            self.host.show_message("The game is over: the final figures, after the notes were settled.",
                                   "answer")
        elif isinstance(event, Changed) and event.message:
            self.host.show_message(event.message, "info")
        self._redraw_trigger()

    def redraw(self) -> None:
        """Ask for a redraw of the game's screen that is up (batched)."""
        self._redraw_trigger()

    def _redraw(self, *_: object) -> None:
        view = self.view()
        manager = self.host.manager
        if view is None or manager.current not in IN_GAME:
            return
        if view.phase in END_PHASES and manager.current == "six_table":
            manager.current = "six_end"
        screen = manager.current_screen
        try:
            screen.refresh(view)
        except Exception as exc:  # keep the table going; the log has the traceback
            log.exception("refreshing the %s screen failed", manager.current)
            self.host.show_message(f"Something went wrong drawing this screen: {exc}", "error")


def table_of(app: Any) -> SixActionsTable:
    """The Six Actions' table of ``app`` (a :class:`~ui.host.Host`), for its screens.

    :raises LookupError: the app has none (the game's screens were not registered with it)."""
    table: GameTable | None = app.game_table(NAME)
    if not isinstance(table, SixActionsTable):
        raise LookupError(f"the app has no table for {NAME}")
    return table
