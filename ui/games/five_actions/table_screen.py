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
from companion.i18n import N_, _, ngettext
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
#: A column's initial on a panel (the action buttons below spell them out; translated where shown).
INITIAL = {"installation": N_("I"), "transmission": N_("T"), "modulation": N_("M"), "funding": N_("F")}
#: A column's name (a waiting Patent's), translated where shown.
COLUMN_WORDS = {"installation": N_("Installation"), "transmission": N_("Transmission"),
                "modulation": N_("Modulation"), "funding": N_("Funding")}
#: A Location's reward icon (the SAMPLE pack's Progress tracks), translated where shown.
REWARD_WORDS = {"antenna": N_("Antenna"), "fiber": N_("Fiber"), "satellite": N_("Satellite")}


def panel_lines(player: PlayerPanel, names: dict[str, str] | None = None) -> str:
    """A player's public figures, one short line each (a panel is ~180 px wide with four players);
    with ``names`` (the printed board: no map shows them) where their stations and tokens are."""
    tiles = " ".join(f"{_(INITIAL[c.column]) if c.column in INITIAL else c.column[:1].upper()}{c.tiles}"
                     for c in player.columns)
    waiting = [_(COLUMN_WORDS[c.column]) if c.column in COLUMN_WORDS else c.column.title()
               for c in player.columns if c.waiting]
    lines = [
        "[b]" + _("${money}").format(money=player.money) + "[/b] · "
        + ngettext("{n} pt", "{n} pts", player.points).format(n=player.points)
        + " · " + _("Links {n}").format(n=player.links),
        _("Stations {left} left · Ready {ready}").format(left=player.stations_left, ready=player.ready),
        _("Action tiles {tiles}").format(tiles=tiles),
        _("Credit {credits} · Tycoons {tycoons} · Patents {patents}").format(
            credits=len(player.credits), tycoons=player.tycoons, patents=player.patents),
        _("Factories {factories} · Scientists {scientists}").format(factories=player.factories,
                                                                    scientists=player.scientists),
    ]
    if waiting:
        lines.append(_("Patent waits: {columns}").format(columns=", ".join(waiting)))
    if names is not None:
        modulated = " (" + _("M") + ")"
        stations = ", ".join(names.get(k, k) + (modulated if m else "") for k, m in player.stations)
        lines.append(_("On: {stations}").format(stations=stations or _("no station")))
        if player.tokens:
            lines.append(_("Tokens: {places}").format(places=", ".join(names.get(k,
                                                                                 k) for k in player.tokens)))
    return "\n".join(lines)


class FivePlayerCard(SeatCard):
    """One player's panel: :func:`panel_lines` are its figures."""


def action_note(kind: str, view: TableView, player: PlayerPanel | None) -> tuple[bool, str]:
    """Whether action ``kind`` can be started now and the line under its button: the cheapest box's
    dollars, or why not (no Action tile, no station of the side, fewer than 2 Ready tokens ...)."""
    if player is None or view.pending_draw is not None:
        return False, ""
    if kind == "supply":
        return (True, _("a Credit token")) if player.credits else (False, _("no Credit token"))
    if kind in ("transmit", "modulate"):
        side = kind == "modulate"
        if not any(m == side for _key, m in player.stations):
            return False, _("no Modulated station") if side else _("no Unmodulated station")
        if player.ready < 2:
            return False, _("2 Ready tokens needed")
    if kind == "install" and player.stations_left == 0:
        return False, _("no station left")
    quotes = [q for q in view.quotes if q.column == COLUMN_OF[kind]]
    open_ = [q.dollars for q in quotes if q.ok]
    if open_:
        return True, _("from ${amount}").format(amount=min(open_))
    return False, quotes[0].reason if quotes else _("not now")


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
        self.heading = _("Round {n}").format(n=view.round)
        if view.pending_draw is not None:
            self.turn_text = _("Draw a level-{level} Tycoon tile from the stack and say which.").format(
                level=view.pending_draw)
        elif player is not None:
            self.turn_text = _("{player}'s turn: one action (${money}, Ready {ready})").format(
                player=player.name, money=player.money, ready=player.ready)
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
            card.status = "▶ " + _("turn") if p.is_current else colours.word(colour)
            if p.seat == 0:
                card.status += " · " + _("first player")
            card.figures = panel_lines(p, None if self.has_map else {x.id: x.name for x in view.locations})
            card.figure_size = "13sp" if self.has_map and count > 2 else "15sp"

    def _fill_actions(self, view: TableView, player: PlayerPanel | None) -> None:
        if not self.buttons:
            self.action_buttons(FIVE, font_size="15sp")
            draw = BigButton(markup=True, height=theme.BUTTON_HEIGHT, fill=theme.FIXED, color=theme.CARD_TEXT)
            draw.bind(on_release=functools.partial(self._tapped, "draw"))
            self.buttons["draw"] = draw
        self.buttons["draw"].text = ("[b]" + _("Tycoon drawn...") + "[/b]\n[size=12sp]" + _("say which tile")
                                     + "[/size]")  # drawn again after a language switch
        drawing = view.pending_draw is not None
        self.show_row([self.buttons["draw"]] if drawing else [self.buttons[k] for k in FIVE])
        for kind in FIVE:
            allowed, detail = action_note(kind, view, player)
            self.show_action(kind, _(ACTION_TITLES[kind]), detail, allowed, size="12sp")
        self.ids.pass_turn.disabled = player is None or drawing

    # ------------------------------------------------------------------ taps

    def tell_location(self, ident: str) -> None:
        """A Location tapped on the table's map: what it is and what it holds, in the message bar."""
        view = self._view
        loc = next((x for x in view.locations if x.id == ident), None) if view is not None else None
        if loc is None or view is None:
            return
        if loc.ocean:
            ocean = _("{place}: an ocean space (no station goes there).")
            self.app.show_message(ocean.format(place=loc.name), "info")
            return
        words = {"station": _("{player}'s Unmodulated station"),
                 "modulated": _("{player}'s Modulated station"),
                 "token": _("{player}'s Signal token")}
        pieces = ", ".join(words.get(k, "{player}'s " + k).format(player=view.players[s].name)
                           for s, k in loc.pieces) or _("no piece")
        if loc.reward:
            reward = _(REWARD_WORDS[loc.reward]) if loc.reward in REWARD_WORDS else loc.reward.title()
            said = _("{place}: bonus {bonus}; {reward} reward icon; {pieces}.")
        else:
            reward, said = "", _("{place}: bonus {bonus}; no reward icon; {pieces}.")
        self.app.show_message(said.format(place=loc.name, bonus=loc.bonus, reward=reward, pieces=pieces),
                              "info")

    def pass_turn(self) -> None:
        view = self._view
        player = next((p for p in view.players if p.is_current), None) if view is not None else None
        if player is None:
            return
        ChoicePopup(_("{player} passes?").format(player=player.name),
                    _("No action this turn: for a player who cannot or will not act."),
                    [(_("Keep the turn"), None, theme.SECONDARY), (_("Pass"), self._pass,
                                                                   theme.ACCENT)]).open()

    def _pass(self) -> None:
        self.tell(lambda intents: intents.pass_turn())

    def open_menu(self) -> None:
        """Menu: How to play, settings, end the game, leave it, keep playing."""
        ChoicePopup(_("Menu"), _("End the game: the final standings now. Leave: stop here, it stays in "
                                 "History unfinished."),
                    [(_("How to play"), self.show_rules, theme.ACCENT),
                     (_("Settings"), self.app.show_table_settings, theme.ACCENT),
                     (_("End the game..."), self.end_game, theme.DANGER),
                     (_("Leave game"), self.ask_leave, theme.SECONDARY),
                     (_("Keep playing"), None, theme.GO)],
                    vertical=True, default=4, width_dp=420).open()
