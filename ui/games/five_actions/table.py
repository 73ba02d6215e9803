"""The Five Actions on the table: its session, its saves in the game store, and its screens' redraws.

Source: issue 13 item 4, DESIGN.md (Session, Views).  A :class:`FiveActionsTable` is the game's
:class:`~ui.game_table.GameTable`: the app makes one (``ui.shelf``); the game's screens reach it
through ``app.game_table(NAME)`` (:func:`table_of`) and get from it only views
(:class:`~companion.games.five_actions.views.TableView`: every figure of this game is public),
previews and intents.  Every event of the session triggers one batched redraw
(``Clock.create_trigger``) of the game's screen that is up; a refusal goes to the message bar in the
session's own words (the rule it names).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock

from companion.games.five_actions.content.loader import default_content
from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import Action
from companion.games.five_actions.events import Changed, Refused
from companion.games.five_actions.info import GAME
from companion.games.five_actions.session import Preview, Session, SupplyNeeds
from companion.games.five_actions.stored import KEEPER, progress
from companion.games.five_actions.views import TableView
from companion.table.events import Event
from companion.table.store import SavedGame, StoreError
from companion.table.store_rows import counts
from ui import records
from ui.game_table import GameTable, TableHost

__all__ = ["COLOURS", "IN_GAME", "NAME", "FiveActionsTable", "table_of"]

log = logging.getLogger(__name__)

#: The game's name (as the store records it).
NAME = GAME.name
#: The screens of a game under way.
IN_GAME = frozenset({"five_table", "five_step", "five_end"})
#: The players' colours (ours: the excerpt names none), the first seat's first.
COLOURS = ("red", "blue", "green", "yellow", "purple")


class FiveActionsTable:
    """The Five Actions game on the table, if one is on (see the module docstring).

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
        """The table's view, or ``None`` when no game is on."""
        return self._session.view() if self._session is not None else None

    def colours(self) -> tuple[str, ...]:
        """Each seat's colour name (a resumed game without them gets the default order)."""
        session = self._session
        count = len(session.game.state.players) if session is not None else 0
        chosen = session.colours if session is not None else ()
        return tuple(chosen[i] if i < len(chosen) else COLOURS[i % len(COLOURS)] for i in range(count))

    def preview(self, action: Action) -> Preview | None:
        """What ``action`` would do (its sentence, everyone's money after it) or why not; nothing
        changes.  ``None`` when no game is on or the preview itself failed (logged)."""
        found = self._guarded(lambda s: s.preview(action), f"previewing {action!r}")
        return found if isinstance(found, Preview) else None

    def supply_needs(self, credit: str, row: str) -> SupplyNeeds | None:
        """How many Action tiles a Supply onto ``row`` brings and which Patents it may take."""
        found = self._guarded(lambda s: s.supply_needs(credit, row), "the Supply's needs")
        return found if isinstance(found, SupplyNeeds) else None

    def _guarded(self, call: Callable[[Session], object], what: str) -> object:
        session = self._session
        if session is None:
            return None
        try:
            return call(session)
        except Exception:  # a preview is a courtesy: never let it take the table down
            log.exception("%s failed", what)
            return None

    # ------------------------------------------------------------------ starting, leaving

    def start(self, names: Sequence[str], colours: Sequence[str], starts: Sequence[str], layout: str,
              seed: int | None = None, physical_stacks: bool = False) -> bool:
        """A new game: the players (the first player first), their colours and starting Locations,
        ``"map"`` or ``"printed"``; ``physical_stacks``: the table shuffles its own Tycoon stacks and
        says each tile it draws.  Shows the table.  False (the session's reason in the message bar)
        if it cannot start."""
        if len(set(colours)) != len(colours):
            self.host.show_message("Two players have the same colour: tap a colour to change it.", "error")
            return False
        try:
            session = Session.new(self.content, list(names), list(starts), seed=seed, layout=layout,
                                  physical_stacks=physical_stacks)
        except ValueError as exc:
            self.host.show_message(str(exc), "error")
            return False
        session.colours = tuple(colours)
        self._begin(session)
        self.game_id = self.host.table_store.save_game(session, KEEPER)
        draw = session.view().pending_draw
        extra = f" First fill the Tycoon display: draw a level-{draw} tile and say which." if draw else ""
        self.host.show_message(session.message + extra, "info")
        return True

    def _begin(self, session: Session) -> None:
        self.close()
        self._session = session
        session.subscribe(self._on_event)
        self.host.show("five_end" if session.over else "five_table")
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
        actions = saved.record.get("actions")
        first = actions[0] if isinstance(actions, list) and actions and isinstance(actions[0], dict) else {}
        names = first.get("names", [])
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
        """Play one of the flows' actions (:mod:`ui.games.five_actions.flows`); False when refused
        (the session's reason is in the message bar) or no game is on."""
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
        """The session's table intents (pass, undo, end the game, draw), or ``None``."""
        return self._session

    # ------------------------------------------------------------------ events and redraws

    def _on_event(self, event: Event) -> None:
        if self._session is None:
            return
        if isinstance(event, Refused):
            self.host.show_message(event.message, "error")
        elif isinstance(event, Changed) and self._session.over:
            self.host.show_message("The game is over: the standings, Patents' icons counted.", "answer")
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
        if view.phase == "over" and manager.current != "five_end":
            manager.current = "five_end"
        screen = manager.current_screen
        try:
            screen.refresh(view)
        except Exception as exc:  # keep the table going; the log has the traceback
            log.exception("refreshing the %s screen failed", manager.current)
            self.host.show_message(f"Something went wrong drawing this screen: {exc}", "error")


def table_of(app: Any) -> FiveActionsTable:
    """The Five Actions' table of ``app`` (a :class:`~ui.host.Host`), for its screens.

    :raises LookupError: the app has none (the game's screens were not registered with it)."""
    table: GameTable | None = app.game_table(NAME)
    if not isinstance(table, FiveActionsTable):
        raise LookupError(f"the app has no table for {NAME}")
    return table
