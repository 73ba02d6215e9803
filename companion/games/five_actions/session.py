"""A Five Actions game at the table: intents that refuse with a sentence, events, the view.

Source: DESIGN.md, Session; issue 13 (items 2-4).  The screens and the terminal call the intents
(:meth:`Session.install`, :meth:`Session.transmit`, ... :meth:`Session.undo`); each returns ``True``
when it changed the table, else ``False`` with a :class:`~companion.games.five_actions.events.Refused`
event whose message names the rule (nothing changed).  Each recorded action is announced as an
:class:`~companion.table.events.ActionPlayed` (the store saves it), each intent that played ends
with :class:`~companion.games.five_actions.events.Changed`.  Tycoon tiles are drawn from the seeded
stacks unless ``physical_stacks``: the table then says each tile it drew (:meth:`Session.draw`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import IllegalAction
from companion.games.five_actions.content.model import COLUMNS, ContentPack
from companion.games.five_actions.engine import economy as eco
from companion.games.five_actions.engine.actions import (
    Action,
    Draw,
    EndGame,
    Fund,
    Install,
    Modulate,
    Pass,
    Start,
    Supply,
    Transmit,
)
from companion.games.five_actions.engine.game import Game, Standing
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.record import RECORDS
from companion.games.five_actions.engine.scenario import MAX_SEED
from companion.games.five_actions.engine.state import Phase
from companion.games.five_actions.views import Preview, SupplyNeeds, TableView, table_view
from companion.i18n import _
from companion.table.action_session import ActionSession, new_seed, sentence_of

__all__ = ["Session", "Preview", "SupplyNeeds", "MAX_SEED"]


class Session(ActionSession[Game]):
    """One game at the table.  Build it with :meth:`new` or :meth:`from_record`; the events, the
    draws, the store's record and table state, and the undo are
    :class:`~companion.table.action_session.ActionSession`'s.

    :param physical: the table draws Tycoon tiles from its own stacks and says each one
        (``physical_stacks``).
    """

    records = RECORDS
    physical_key = "physical_stacks"
    content: ContentPack

    def __init__(self, game: Game, physical: bool = False) -> None:
        super().__init__(game, physical)
        #: The players' colours in seat order, as the table chose them (``()``: not chosen).  Ours:
        #: the excerpt names none; saved with the table state so a resumed game keeps them.
        self.colours: tuple[str, ...] = ()

    @classmethod
    def new(
        cls,
        content: ContentPack,
        names: Sequence[str],
        starts: Sequence[str],
        *,
        seed: int | None = None,
        layout: str = "map",
        physical_stacks: bool = False,
        options: FiveOptions | None = None,
    ) -> Session:
        """A new game, the Tycoon display filled (unless ``physical_stacks``).

        :param names: the players, the first player first (clockwise).
        :param starts: each player's starting Location (a map id, or a printed name).
        :param options: the table options (docs/table-options.md; ``None``: the defaults).
        :raises ValueError: a bad setup (players, names, Locations, layout, seed), in a sentence.
        """
        session = cls(Game(content, layout, new_seed(seed, MAX_SEED), options), physical_stacks)
        try:
            session.game.play(Start(tuple(names), tuple(starts)))
        except IllegalAction as exc:
            raise ValueError(exc.reason[0].upper() + exc.reason[1:]) from None
        session.draw_all()
        session.message = _("{name} plays first; then clockwise, one action each.").format(name=names[0])
        return session

    def restore(self, saved: Mapping[str, Any]) -> None:
        """The players' colours (a list of texts; anything else is left as none chosen)."""
        colours = saved.get("colours", [])
        if isinstance(colours, list) and all(isinstance(c, str) for c in colours):
            self.colours = tuple(colours)

    def table_extra(self) -> dict[str, Any]:
        """The players' colours."""
        return {"colours": list(self.colours)}

    def ranking(self, standing: Standing) -> tuple[int, ...]:
        """As the end screen ranks: total, then money."""
        return (standing.total, standing.money)

    def view(self) -> TableView:
        """The table's view (every figure is public)."""
        return table_view(self.game, message=self.message)

    def preview(self, action: Action) -> Preview:
        """What ``action`` would do now (its sentence, everyone's money after it), or why it is
        refused; changes nothing."""
        trial = Game(self.content, self.game.layout, self.game.seed, self.game.options)
        trial.state, trial.actions, trial.history = (
            self.game.state,
            list(self.game.actions),
            list(self.game.history),
        )
        try:
            trial.play(action)
        except IllegalAction as exc:
            return Preview(False, sentence_of(exc), "", ())
        return Preview(True, "", trial.state.last, tuple(p.money for p in trial.state.players))

    def supply_needs(self, credit: str, row: str) -> SupplyNeeds:
        """What a Supply by the current player with the Credit token on board space ``credit``
        placed onto Credit row ``row`` asks (see :class:`SupplyNeeds`); changes nothing.

        Source: ``seeds/five-actions-rules.txt``, Supply (Factories and Scientists counted in all
        three places)."""
        state = self.game.state
        if state.phase != Phase.PLAY or not state.players:
            return SupplyNeeds(0, (), _("no one is to play now"))
        trial = state.copy()
        seat = trial.current
        p = trial.players[seat]
        try:
            eco.place_credit(self.content, trial, seat, credit, row)
        except IllegalAction as exc:
            return SupplyNeeds(0, (), sentence_of(exc))
        due = 2 + eco.active(self.content, trial, seat, "factory")
        placeable = sum(min(p.supply[c], eco.room(self.content, p, c)) for c in COLUMNS)
        owned = eco.patents_owned(p)
        if eco.active(self.content, trial, seat, "scientist") <= len(owned):
            return SupplyNeeds(min(due, placeable), ())
        kinds = {(pt.type, pt.level) for pt in (self.content.patent(i) for i in owned) if pt is not None}
        takeable = tuple(
            i
            for i in dict.fromkeys(trial.pool)
            if (pt := self.content.patent(i)) is not None
            and pt.type not in p.waiting
            and (pt.type, pt.level) not in kinds
        )
        return SupplyNeeds(min(due, placeable), takeable)

    # ------------------------------------------------------------------ playing

    def played(self, action: Action, before: Any) -> str:
        """The sentence the rules said of ``action``, then the draws after it, and what the table
        is to do next (draw a tile, or whose turn it is)."""
        said = self.game.state.last
        self.draw_all()
        state = self.game.state
        if state.pending:
            said += " " + _("Draw a level-{level} Tycoon tile and say which.").format(
                level=state.pending[0].level
            )
        elif state.phase == Phase.PLAY and not isinstance(action, Draw):
            said += " " + _("{name}'s turn.").format(name=state.players[state.current].name)
        return said

    def install(
        self,
        location: str,
        box: str,
        side: str | None = None,
        empty: bool | None = None,
        reward: str | None = None,
        bonus: int = 0,
    ) -> bool:
        """Installation (see :class:`~companion.games.five_actions.engine.actions.Install`)."""
        return self.play(Install(location, box, side, empty, reward, bonus))

    def transmit(
        self,
        station: str,
        box: str,
        line: str | None = None,
        direction: str | None = None,
        locations: Sequence[str] = (),
        empty: Sequence[bool] = (),
        bonus: Sequence[int] = (),
        side: str | None = None,
    ) -> bool:
        """Transmission (see :class:`~companion.games.five_actions.engine.actions.Transmit`)."""
        return self.play(
            Transmit(station, box, line, direction, tuple(locations), tuple(empty), tuple(bonus), side)
        )

    def modulate(
        self,
        station: str,
        box: str,
        line: str | None = None,
        direction: str | None = None,
        locations: Sequence[str] = (),
        empty: Sequence[bool] = (),
        bonus: Sequence[int] = (),
        side: str | None = None,
    ) -> bool:
        """Modulation (see :class:`~companion.games.five_actions.engine.actions.Modulate`)."""
        return self.play(
            Modulate(station, box, line, direction, tuple(locations), tuple(empty), tuple(bonus), side)
        )

    def fund(
        self,
        credit: str,
        row: str,
        box: str,
        tycoon: str | None = None,
        face_down: int | None = None,
        side: str | None = None,
    ) -> bool:
        """Funding (see :class:`~companion.games.five_actions.engine.actions.Fund`)."""
        return self.play(Fund(credit, row, box, tycoon, face_down, side))

    def supply(self, credit: str, row: str, tiles: Sequence[str] = (), patent: str | None = None) -> bool:
        """Supply (see :class:`~companion.games.five_actions.engine.actions.Supply`)."""
        return self.play(Supply(credit, row, tuple(tiles), patent))

    def pass_turn(self) -> bool:
        """The current player takes no action."""
        return self.play(Pass())

    def draw(self, tycoon: str) -> bool:
        """Physical stacks: the Tycoon tile the table drew from the stack the rules wait for."""
        pending = self.game.state.pending
        if not pending:
            return self.refuse(_("No Tycoon tile is to be drawn now."))
        return self.play(Draw(pending[0].level, tycoon))

    def end_game(self) -> bool:
        """The table ends the game; the standings are in the view."""
        return self.play(EndGame())
