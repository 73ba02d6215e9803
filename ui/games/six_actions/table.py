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

from collections.abc import Sequence

from companion.games.six_actions.content.model import ContentPack
from companion.games.six_actions.engine.actions import Action
from companion.games.six_actions.engine.options import SixOptions
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.info import GAME
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.views import Quote, TableView
from companion.i18n import N_
from ui.games.action_table import ActionTable

__all__ = ["NAME", "SixActionsTable", "table_of"]

#: The game's name (as the store records it).
NAME = GAME.name
#: Phases shown on the end settlement screen.
END_PHASES = frozenset({Phase.SETTLEMENT, Phase.OVER})


class SixActionsTable(ActionTable[Session, TableView, Action, ContentPack]):
    """The Six Actions on the table (the module docstring; :class:`~ui.games.action_table.ActionTable`)."""

    game = GAME
    screens = ("six_table", "six_step", "six_ledger", "six_merit", "six_end")
    over_words = N_("The game is over: the final figures, after the notes were settled.")

    def at_end(self, view: TableView, current: str) -> bool:
        """The table screen gives way to the end settlement's once the settlement is on."""
        return view.phase in END_PHASES and current == "six_table"

    # ------------------------------------------------------------------ what the screens read

    def seat_view(self, seat: int) -> TableView | None:
        """The view of one seat, with its own Merit cards: only for the screen its player opens on
        purpose ("turn the screen away")."""
        return self._session.view(seat=seat) if self._session is not None else None

    def preview(self, action: Action) -> Quote | None:
        """What ``action`` would cost and to whom (forced Emergency Loans included), without playing it;
        ``None`` when no game is on or the preview itself failed (logged)."""
        return self.courtesy(lambda session: session.preview(action), f"previewing {action!r}")

    # ------------------------------------------------------------------ starting

    def start(
        self,
        seats: Sequence[Seat],
        tycoon: int,
        layout: str,
        seed: int | None,
        options: SixOptions | None = None,
    ) -> bool:
        """A new game with ``seats`` (names, colours), its first Tycoon, ``"map"`` or ``"printed"``,
        the table ``options`` (``None``: the defaults); shows the table.  False (the reason in the
        message bar) if it cannot start."""
        try:
            session = Session.new(
                self.content, list(seats), tycoon=tycoon, seed=seed, layout=layout, options=options
            )
        except ValueError as exc:
            self.host.show_message(str(exc), "error")
            return False
        self.begin(session)
        self.save_new(session)
        self.host.show_message(session.view().message, "info")
        return True


#: The table of an app (a :class:`~ui.host.Host`), for the game's screens (:meth:`ActionTable.of`).
table_of = SixActionsTable.of
