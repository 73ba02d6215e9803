"""The table: the map (when the pack has one) with every piece, a panel per player, the five actions
as big buttons, Pass and Undo; the Menu ends or leaves the game.

Source: issue 13 item 4; ``seeds/five-actions-rules.txt``.  Each action button opens its short steps
(:mod:`ui.games.five_actions.flows` on the Step screen) and says under its name what the cheapest box
costs the current player, or why the action cannot be taken now (then it is greyed).  A tap on a
Location of the map says what it is and holds.  The panel's Back button (Escape) is Undo here, as
on the Six Actions' table; an action is always chosen by touch (its steps take Enter to confirm).
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.properties import BooleanProperty

from companion.games.five_actions.session import Session
from companion.games.five_actions.views import PlayerPanel, TableView
from ui import theme
from ui.games import seat_colours as colours
from ui.games.five_actions.board_map import MapView
from ui.games.five_actions.flows import ACTION_TITLES, COLUMN_OF
from ui.games.five_actions.table import FiveActionsTable, table_of
from ui.games.table_screen_base import ActionTableScreen, SeatCard
from ui.popups import ChoicePopup
from ui.widgets.controls import BigButton

__all__ = ["FivePlayerCard", "FiveTableScreen", "action_note", "panel_lines"]

#: The five actions, in the excerpt's order.
FIVE = ("install", "transmit", "modulate", "fund", "supply")
#: A column's initial on a panel (the action buttons below spell them out).
INITIAL = {"installation": "I", "transmission": "T", "modulation": "M", "funding": "F"}


def panel_lines(player: PlayerPanel, names: dict[str, str] | None = None) -> str:
    """A player's public figures, one short line each (a panel is ~180 px wide with four players);
    with ``names`` (the printed board: no map shows them) where their stations and tokens are."""
    tiles = " ".join(f"{INITIAL.get(c.column, c.column[:1].upper())}{c.tiles}" for c in player.columns)
    waiting = [c.column.title() for c in player.columns if c.waiting]
    lines = [
        f"[b]${player.money}[/b] · {player.points} pt{'s' * (player.points != 1)} · Links {player.links}",
        f"Stations {player.stations_left} left · Ready {player.ready}",
        f"Action tiles {tiles}",
        f"Credit {len(player.credits)} · Tycoons {player.tycoons}",
        f"Patents {player.patents} · Fac {player.factories} · Sci {player.scientists}",
    ]
    if waiting:
        lines.append(f"Patent waits: {', '.join(waiting)}")
    if names is not None:
        stations = ", ".join(names.get(k, k) + (" (M)" if m else "") for k, m in player.stations)
        lines.append(f"On: {stations or 'no station'}")
        if player.tokens:
            lines.append(f"Tokens: {', '.join(names.get(k, k) for k in player.tokens)}")
    return "\n".join(lines)


class FivePlayerCard(SeatCard):
    """One player's panel: :func:`panel_lines` are its figures."""


def action_note(kind: str, view: TableView, player: PlayerPanel | None) -> tuple[bool, str]:
    """Whether action ``kind`` can be started now and the line under its button: the cheapest box's
    dollars, or why not (no Action tile, no station of the side, fewer than 2 Ready tokens ...)."""
    if player is None or view.pending_draw is not None:
        return False, ""
    if kind == "supply":
        return (True, "a Credit token") if player.credits else (False, "no Credit token")
    if kind in ("transmit", "modulate"):
        side = kind == "modulate"
        if not any(m == side for _, m in player.stations):
            return False, f"no {'Modulated' if side else 'Unmodulated'} station"
        if player.ready < 2:
            return False, "2 Ready tokens needed"
    if kind == "install" and player.stations_left == 0:
        return False, "no station left"
    quotes = [q for q in view.quotes if q.column == COLUMN_OF[kind]]
    open_ = [q.dollars for q in quotes if q.ok]
    if open_:
        return True, f"from ${min(open_)}"
    return False, quotes[0].reason if quotes else "not now"


class FiveTableScreen(ActionTableScreen):
    """The Five Actions' table: the map (a tap on a Location says what it holds), each player's
    panel, the five actions (each says what its cheapest box costs, or why not) and Pass."""

    step_screen = "five_step"
    end_words = N_("The rules leave it to the table. Patents' icons are counted.")

    has_map = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="five_table", **kwargs)
        self.map_view: MapView | None = None
        self._view: TableView | None = None

    def table(self) -> FiveActionsTable:
        return table_of(self.app)

    def undone_words(self, intents: Session) -> str:
        """What was undone, in the session's words ("Undone: Ben's install; Ben plays again. ...":
        it says "Undone" itself, where this used to say "Undone. Undone: ...")."""
        return intents.message

    # ------------------------------------------------------------------ drawing

    def refresh(self, view: TableView) -> None:
        self._view = view
        table = table_of(self.app)
        player = next((p for p in view.players if p.seat == view.current), None)
        self.can_undo = view.can_undo
        self.heading = f"Round {view.round}"
        if view.pending_draw is not None:
            self.turn_text = f"Draw a level-{view.pending_draw} Tycoon tile from the stack and say which."
        elif player is not None:
            self.turn_text = f"{player.name}'s turn: one action (${player.money}, Ready {player.ready})"
        else:
            self.turn_text = ""
        self._fill_map(view, table)
        self._fill_cards(view, table.colours())
        self._fill_actions(view, player)

    def _fill_map(self, view: TableView, table: Any) -> None:
        game_map = table.content.game_map if view.layout == "map" else None
        self.has_map = game_map is not None
        box = self.ids.map_box
        if game_map is None:
            box.clear_widgets()
            return
        if self.map_view is None:
            self.map_view = MapView()
            self.map_view.on_pick = self.tell_location
            self.map_view.any_tap = True
        if self.map_view.parent is None:
            box.add_widget(self.map_view)
        mine = [k for p in view.players if p.seat == view.current for k, _ in p.stations]
        self.map_view.show(game_map, view, table.colours(), lit=mine)

    def _fill_cards(self, view: TableView, seat_colours: tuple[str, ...]) -> None:
        count = len(view.players)
        self.ids.players.cols = 2 if self.has_map and count > 2 else 1 if self.has_map else count
        for card, p in zip(self.seat_cards(count, FivePlayerCard), view.players):
            colour = seat_colours[p.seat] if p.seat < len(seat_colours) else "grey"
            card.name = p.name
            card.colour = colours.rgba(colour)
            card.current = p.is_current
            card.status = "▶ turn" if p.is_current else colours.word(colour)
            if p.seat == 0:
                card.status += " · first player"
            card.figures = panel_lines(p, None if self.has_map else {x.id: x.name for x in view.locations})
            card.figure_size = "13sp" if self.has_map and count > 2 else "15sp"

    def _fill_actions(self, view: TableView, player: PlayerPanel | None) -> None:
        if not self.buttons:
            self.action_buttons(FIVE, font_size="15sp")
            draw = BigButton(markup=True, height=theme.BUTTON_HEIGHT, fill=theme.FIXED, color=theme.CARD_TEXT,
                             text="[b]Tycoon drawn...[/b]\n[size=12sp]say which tile[/size]")
            draw.bind(on_release=functools.partial(self._tapped, "draw"))
            self.buttons["draw"] = draw
        drawing = view.pending_draw is not None
        self.show_row([self.buttons["draw"]] if drawing else [self.buttons[k] for k in FIVE])
        for kind in FIVE:
            allowed, detail = action_note(kind, view, player)
            self.show_action(kind, ACTION_TITLES[kind], detail, allowed, size="12sp")
        self.ids.pass_turn.disabled = player is None or drawing

    # ------------------------------------------------------------------ taps

    def tell_location(self, ident: str) -> None:
        """A Location tapped on the table's map: what it is and what it holds, in the message bar."""
        view = self._view
        loc = next((x for x in view.locations if x.id == ident), None) if view is not None else None
        if loc is None or view is None:
            return
        if loc.ocean:
            self.app.show_message(f"{loc.name}: an ocean space (no station goes there).", "info")
            return
        words = {"station": "Unmodulated station", "modulated": "Modulated station", "token": "Signal token"}
        pieces = ", ".join(f"{view.players[s].name}'s {words.get(k, k)}" for s, k in loc.pieces) or "no piece"
        reward = loc.reward.title() if loc.reward else "no"
        self.app.show_message(f"{loc.name}: bonus {loc.bonus}; {reward} reward icon; {pieces}.", "info")

    def pass_turn(self) -> None:
        view = self._view
        player = next((p for p in view.players if p.is_current), None) if view is not None else None
        if player is None:
            return
        ChoicePopup(f"{player.name} passes?", "No action this turn: for one who cannot or will not act.",
                    [("Keep the turn", None, theme.SECONDARY), ("Pass", self._pass, theme.ACCENT)]).open()

    def _pass(self) -> None:
        self.tell(lambda intents: intents.pass_turn())

    def open_menu(self) -> None:
        """Menu: end the game, leave it, keep playing."""
        ChoicePopup("Menu", "", [("End the game...", self.end_game, theme.DANGER),
                                 ("Leave game", self.ask_leave, theme.SECONDARY),
                                 ("Keep playing", None, theme.GO)],
                    vertical=True, default=2, width_dp=420).open()
