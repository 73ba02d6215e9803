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

from collections.abc import Sequence

from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import Action
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.info import GAME
from companion.games.five_actions.session import Preview, Session, SupplyNeeds
from companion.games.five_actions.views import TableView
from companion.i18n import N_, _
from ui.games.action_table import ActionTable

__all__ = ["COLOURS", "NAME", "FiveActionsTable", "table_of"]

#: The game's name (as the store records it).
NAME = GAME.name
#: The players' colours (ours: the excerpt names none), the first seat's first.
COLOURS = ("red", "blue", "green", "yellow", "purple")


class FiveActionsTable(ActionTable[Session, TableView, Action, ContentPack]):
    """The Five Actions on the table (the module docstring; :class:`~ui.games.action_table.ActionTable`)."""

    game = GAME
    screens = ("five_table", "five_step", "five_end")
    over_words = N_("The game is over: the standings, Patents' icons counted.")

    def first_screen(self, session: Session) -> str:
        """The table, or the standings for a game resumed once over."""
        return "five_end" if session.over else "five_table"

    def at_end(self, view: TableView, current: str) -> bool:
        """Any screen of the game gives way to the standings once the game is over."""
        return view.phase == "over" and current != "five_end"

    # ------------------------------------------------------------------ what the screens read

    def colours(self) -> tuple[str, ...]:
        """Each seat's colour name (a resumed game without them gets the default order)."""
        session = self._session
        count = len(session.game.state.players) if session is not None else 0
        chosen = session.colours if session is not None else ()
        return tuple(chosen[i] if i < len(chosen) else COLOURS[i % len(COLOURS)] for i in range(count))

    def preview(self, action: Action) -> Preview | None:
        """What ``action`` would do (its sentence, everyone's money after it) or why not; nothing
        changes.  ``None`` when no game is on or the preview itself failed (logged)."""
        return self.courtesy(lambda session: session.preview(action), f"previewing {action!r}")

    def supply_needs(self, credit: str, row: str) -> SupplyNeeds | None:
        """How many Action tiles a Supply onto ``row`` brings and which Patents it may take."""
        return self.courtesy(lambda session: session.supply_needs(credit, row), "the Supply's needs")

    # ------------------------------------------------------------------ starting

    def start(self, names: Sequence[str], colours: Sequence[str], starts: Sequence[str], layout: str,
              seed: int | None = None, physical_stacks: bool = False,
              options: FiveOptions | None = None) -> bool:
        """A new game: the players (the first player first), their colours and starting Locations,
        ``"map"`` or ``"printed"``; ``physical_stacks``: the table shuffles its own Tycoon stacks and
        says each tile it draws; ``options``: the table options (``None``: the defaults).  Shows the
        table.  False (the session's reason in the message bar)
        if it cannot start."""
        if len(set(colours)) != len(colours):
            self.host.show_message(_("Two players have the same colour: tap a colour to change it."), "error")
            return False
        try:
            session = Session.new(self.content, list(names), list(starts), seed=seed, layout=layout,
                                  physical_stacks=physical_stacks, options=options)
        except ValueError as exc:
            self.host.show_message(str(exc), "error")
            return False
        session.colours = tuple(colours)
        self.begin(session)
        self.save_new(session)
        draw = session.view().pending_draw
        extra = " " + _("First fill the Tycoon display: draw a level-{level} tile and say which.").format(
            level=draw) if draw else ""
        self.host.show_message(session.message + extra, "info")
        return True


#: The table of an app (a :class:`~ui.host.Host`), for the game's screens (:meth:`ActionTable.of`).
table_of = FiveActionsTable.of
