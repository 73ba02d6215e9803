"""A game of actions on the table (The Six Actions, The Five Actions): the part of their
:class:`~ui.game_table.GameTable` that is the same for both.

Source: DESIGN.md (Session, Views).  An :class:`ActionTable` holds the session on the table, saves
it in the game store (:attr:`ui.game_table.TableHost.table_store`), resumes a saved one, plays the
flows' actions and the table's intents, and turns every event of the session into one batched
redraw (``Clock.create_trigger``) of the game's screen that is up; a refusal goes to the message bar
in the session's own words (the rule it names).  A screen gets views and intents from it, never
the session.  Each game's table subclasses it with its names, its screens and how it starts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from kivy.clock import Clock

from companion.i18n import _
from companion.table.action_session import Changed, Refused
from companion.table.events import Event
from companion.table.registry import ContentId, GameInfo, Keeper, StoredSession
from companion.table.store import SavedGame, StoreError
from companion.table.store_rows import counts
from ui import records
from ui.game_table import GameTable, TableHost
from ui.sound import follow_action_session

__all__ = ["ActionTable", "TableSession", "table_of"]

log = logging.getLogger(__name__)

V_co = TypeVar("V_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
V = TypeVar("V")
A = TypeVar("A")
C = TypeVar("C", bound=ContentId)
T = TypeVar("T")


class TableSession(StoredSession, Protocol[V_co, A_contra]):
    """What an :class:`ActionTable` uses of its game's session, besides what the store does."""

    @property
    def over(self) -> bool:
        """Whether the game is over."""

    def view(self) -> V_co:
        """The table's view."""

    def play(self, action: A_contra) -> bool:
        """Play an action and the draws after it; ``False`` when it is refused (an event says why)."""


S = TypeVar("S", bound=TableSession[Any, Any])


class ActionTable(Generic[S, V, A, C]):
    """The game on the table, if one is on (see the module docstring).

    A game's table sets the class attributes below and :meth:`at_end`, and starts a game with
    :meth:`begin` (then :meth:`save_new`); its screens reach it through :meth:`of`.

    :param host: the app.
    :ivar game_id: the stored game of the session on the table, else ``None``.
    """

    #: The game's registration: its title (for the resume question) and its keeper (for the store).
    game: ClassVar[GameInfo[Any]]
    #: The screens of a game under way (Escape there is the game's): the table screen first (shown
    #: when a game starts or resumes), the end screen last (where the table goes at the game's end).
    screens: ClassVar[tuple[str, ...]]
    #: The message bar's words once the game is over.
    over_words: ClassVar[str]

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self._session: S | None = None
        self._content: C | None = None
        self.game_id: int | None = None
        self._redraw_trigger = Clock.create_trigger(self._redraw, -1)

    @classmethod
    def of(cls, app: Any) -> Self:
        """This game's table of ``app`` (a :class:`~ui.host.Host`), for its screens.

        :raises LookupError: the app has none (the game's screens were not registered with it)."""
        return table_of(app, cls.game.name, cls)

    # ------------------------------------------------------------------ the game's own

    def default_content(self) -> C:
        """The game's content pack: the SAMPLE pack shipped with it (:attr:`game`'s loader)."""
        return cast(C, self.game.load_content())

    def first_screen(self, session: S) -> str:
        """The screen a started or resumed game opens on (:attr:`table_screen`)."""
        return self.table_screen

    def at_end(self, view: V, current: str) -> bool:
        """Whether the table moves from screen ``current`` to :attr:`end_screen` for ``view``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what the screens read

    @property
    def in_game(self) -> frozenset[str]:
        """The screens of a game under way (:attr:`screens`)."""
        return frozenset(self.screens)

    @property
    def table_screen(self) -> str:
        """The table screen, shown when a game starts or resumes."""
        return self.screens[0]

    @property
    def end_screen(self) -> str:
        """The end screen, where the table goes once the game is at its end."""
        return self.screens[-1]

    @property
    def title(self) -> str:
        """The game's title, for the resume question ("The Six Actions")."""
        return self.game.title

    @property
    def keeper(self) -> Keeper[Any]:
        """What the store needs of the game (:attr:`companion.table.registry.GameInfo.keeper`)."""
        return self.game.keeper

    @property
    def content(self) -> C:
        """The content pack (the SAMPLE pack shipped with the game), loaded on first use."""
        if self._content is None:
            self._content = self.default_content()
        return self._content

    @property
    def playing(self) -> bool:
        """True while a game is on the table (finished or not)."""
        return self._session is not None

    def view(self) -> V | None:
        """The table's view, or ``None`` when no game is on."""
        return self._session.view() if self._session is not None else None

    def courtesy(self, call: Callable[[S], T], what: str) -> T | None:
        """``call`` on the session, for a screen's preview: ``None`` when no game is on or the call
        failed (logged as ``what`` failing): a preview is a courtesy, it never takes the table down."""
        session = self._session
        if session is None:
            return None
        try:
            return call(session)
        except Exception:  # a preview is a courtesy: never let it take the table down
            log.exception("%s failed", what)
            return None

    # ------------------------------------------------------------------ starting, leaving

    def begin(self, session: S) -> None:
        """Put ``session`` on the table (any other game is dropped) and show its first screen."""
        self.close()
        self._session = session
        session.subscribe(self._on_event)
        follow_action_session(self.host, session)  # its turn, round and refusal cues (ui.sound)
        self.host.show(self.first_screen(session))
        self._redraw_trigger()

    def save_new(self, session: S) -> None:
        """Save the new game on the table in the game store, every action as it happens."""
        self.game_id = self.host.table_store.save_game(session, self.keeper)

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
        if session is not None and counts("abandoned", self.keeper.progress(session).transmissions_used):
            return _("It is kept in the history as left: it counts as not won.")
        return _("It is kept in the history as abandoned: no move yet, so it is not counted.")

    def close(self) -> None:
        """Drop the game from the table (it stays saved, unfinished)."""
        self._session = None
        self.game_id = None

    def resume_words(self, saved: SavedGame) -> str:
        """The resume offer's question: ``"Resume The Six Actions from <when> (Ana, Ben)?"`` (the
        players' names from the record's start action, left out when it has none)."""
        actions = saved.record.get("actions")
        first = actions[0] if isinstance(actions, list) and actions and isinstance(actions[0], dict) else {}
        names = first.get("names", [])
        who = ", ".join(str(n) for n in names) if isinstance(names, list) else ""
        when = records.short_when(saved.summary.started)
        if who:
            return _("Resume {game} from {when} ({players})?").format(game=_(self.title), when=when,
                                                                      players=who)
        return _("Resume {game} from {when}?").format(game=_(self.title), when=when)

    def resume(self, saved: SavedGame) -> bool:
        """Put ``saved`` back on the table where it stopped; ``False`` (the reason in the message
        bar, the game kept in the store) if it cannot."""
        store = self.host.store
        if store is None:
            return False
        try:
            session: S = store.resume(saved, self.keeper, self.content, None)
        except StoreError as exc:
            log.error("cannot resume game %s: %s", saved.id, str(exc))
            self.host.show_message(_("Cannot resume that game: {reason}").format(reason=exc), "error")
            return False
        self.begin(session)
        self.game_id = saved.id
        return True

    # ------------------------------------------------------------------ intents

    def play(self, action: A) -> bool:
        """Play one of the flows' actions; False when refused (the session's reason is in the
        message bar) or no game is on."""
        session = self._session
        if session is None:
            return False
        try:
            return session.play(action)
        except Exception as exc:  # the core's bug must not take the table down; the log has it
            log.exception("playing %r failed", action)
            self.host.show_message(_("Something went wrong: {reason}").format(reason=exc), "error")
            return False

    @property
    def intents(self) -> S | None:
        """The session's table intents (pass, undo, ...), or ``None`` when no game is on."""
        return self._session

    # ------------------------------------------------------------------ events and redraws

    def _on_event(self, event: Event) -> None:
        if self._session is None:
            return
        if isinstance(event, Refused):
            self.host.show_message(event.message, "error")
        elif isinstance(event, Changed) and self._session.over:
            self.host.show_message(_(self.over_words), "answer")
        elif isinstance(event, Changed) and event.message:
            self.host.show_message(event.message, "info")
        self._redraw_trigger()

    def redraw(self) -> None:
        """Ask for a redraw of the game's screen that is up (batched)."""
        self._redraw_trigger()

    def _redraw(self, *_args: object) -> None:
        view = self.view()
        manager = self.host.manager
        if view is None or manager.current not in self.in_game:
            return
        if self.at_end(view, manager.current):
            manager.current = self.end_screen
        screen = manager.current_screen
        try:
            screen.refresh(view)
        except Exception as exc:  # keep the table going; the log has the traceback
            log.exception("refreshing the %s screen failed", manager.current)
            self.host.show_message(_("Something went wrong drawing this screen: {reason}").format(reason=exc),
                                   "error")


def table_of(app: Any, name: str, kind: type[T]) -> T:
    """The table of game ``name`` of ``app`` (a :class:`~ui.host.Host`), for its screens.

    :raises LookupError: the app has none (the game's screens were not registered with it)."""
    table: GameTable | None = app.game_table(name)
    if not isinstance(table, kind):
        raise LookupError(f"the app has no table for {name}")
    return table
