"""The table: a panel for each player, the six actions as big buttons, Pass, End turn, the free
Emergency Loan, ledger adjustments, the Merit cards (opened on purpose), Undo, and the ledger.

Source: issue 12 item 4; ``seeds/six-actions-rules.txt``.  Each action button opens its short steps
(:mod:`ui.games.six_actions.flows` on the Step screen); a button the current player cannot use now is
greyed, and says why under its name (taken this round, no token left).  At a round's end the action
row turns into the round's close: Revenue and Dividends are ledger adjustments, then Next round (who
is Tycoon) or End the game (the settlement).  The panel's Back button (Escape) is Undo here.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.properties import BooleanProperty

from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.views import PlayerPanel, TableView
from companion.i18n import N_, _, ngettext
from ui import theme
from ui.games import seat_colours as colours
from ui.games.six_actions.flows import ACTION_TITLES
from ui.games.six_actions.table import SixActionsTable, table_of
from ui.games.table_screen_base import ActionTableScreen, SeatCard
from ui.popups import Choice, ChoicePopup
from ui.widgets.controls import BigButton

__all__ = ["PlayerCard", "SixTableScreen", "board_words", "panel_lines"]

#: The six actions, in the excerpt's order.
SIX = ("build", "share", "muster", "strategy", "politics", "loan")
#: The buttons of a round's close, in the action row's place.
ROUND_CLOSE = ("revenue", "next_round", "end_game")


def panel_lines(player: PlayerPanel) -> str:
    """A player's public figures, one short line each (a panel is 150 px wide with five players)."""
    held = len(player.shares_held)
    lines = [
        "[b]" + _("{money} Cr").format(money=player.money) + "[/b]",
        _("Influence {influence} · AV {asset_value}").format(influence=player.influence,
                                                             asset_value=player.asset_value),
        _("Promoters {hand} · pool {pool}").format(hand=player.promoters_hand, pool=player.promoters_pool),
        _("Shares {left} left · {held} held").format(left=len(player.shares_left), held=held),
        _("Notes {notes} · Finance {step}").format(notes=player.notes, step=player.finance_step),
        _("Tokens {left} · +1: {plus}").format(left=player.tokens_left, plus=player.plus_tokens),
        _("Merit {merit} · Favors {favors}").format(merit=player.merit_count, favors=player.favors),
        _("Industry {industries} · plants {plants}").format(industries=len(player.industries),
                                                            plants=len(player.plants)),
    ]
    return "\n".join(lines)


class PlayerCard(SeatCard):
    """One player's panel (no secrets: Merit cards as a count): :func:`panel_lines` are its figures."""


def _why(kind: str, player: PlayerPanel | None, allowed: bool) -> str:
    """The line under an action's button: why it is greyed, or that it takes the +1 token."""
    if player is None:
        return ""
    marked = kind in player.marked
    if allowed:
        return _("again: +1 token") if marked else ""
    if marked:
        return _("taken this round")
    if kind == "build" and not player.industries:
        return _("no unbuilt card")
    if player.tokens_left == 0 and not player.plus_tokens:
        return _("no token left")
    return _("not now")


def board_words(view: TableView) -> str:
    """The board's open facts in a few lines: leaders and levels, the pawn, the open cards."""
    names = [p.name for p in view.players]
    led = [_("{sector}: {leader} (level {level})").format(sector=s.sector.title(), leader=names[s.leader],
                                                          level=s.level)
           for s in view.sectors if s.leader is not None and 0 <= s.leader < len(names)]
    rest = _("; no leader elsewhere (the supply, as level 1)") if len(led) < len(view.sectors) else ""
    leaders = ", ".join(led) + rest if led else _("none yet (a Build pays the supply, as level 1)")
    city = {c.id: c.name for c in view.cities}
    pawn = city.get(view.pawn, view.pawn) if view.pawn else _("no map: the table keeps it")
    industries = ", ".join(f"{c.name} ({c.asset_value})" for c in view.open_industries) or _("none")
    policies = ", ".join(p.name for p in view.open_policies) or _("none")
    return _("Leaders: {leaders}.\nThe pawn: {pawn}.\nOpen Industry cards (Asset Value): {industries}.\n"
             "Open Policies: {policies}.").format(leaders=leaders, pawn=pawn, industries=industries,
                                                   policies=policies)


class SixTableScreen(ActionTableScreen):
    """The Six Actions' table: panels, the six actions, the turn's and the round's buttons."""

    step_screen = "six_step"
    end_words = N_("After the last Revenue and Dividends: the notes are settled.")

    round_over = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="six_table", **kwargs)

    def table(self) -> SixActionsTable:
        return table_of(self.app)

    # ------------------------------------------------------------------ drawing

    def refresh(self, view: TableView) -> None:
        player = next((p for p in view.players if p.seat == view.current), None)
        self.round_over = view.phase is Phase.ROUND_END
        self.can_undo = view.can_undo
        self.heading = _("Round {n}").format(n=view.round)
        if self.round_over:
            self.turn_text = _("Round over: Revenue and Dividends, then the next round or the end.")
        elif player is not None:
            used = " · " + _("action taken") if "token" in view.turn_used else ""
            self.turn_text = ngettext("{player}'s turn: {n} token left, +1: {plus}",
                                      "{player}'s turn: {n} tokens left, +1: {plus}",
                                      player.tokens_left).format(
                player=player.name, n=player.tokens_left, plus=player.plus_tokens) + used
        else:
            self.turn_text = ""
        self._fill_cards(view)
        self._fill_actions(view, player)

    def _fill_cards(self, view: TableView) -> None:
        for card, p in zip(self.seat_cards(len(view.players), PlayerCard), view.players):
            card.name = p.name
            card.colour = colours.rgba(p.colour)
            card.current = p.seat == view.current and view.phase is Phase.TURN
            flags = [w for w, on in ((_("Tycoon"), p.tycoon), (_("passed"), p.passed),
                                     ("▶ " + _("turn"), card.current)) if on]
            card.status = " · ".join(flags) or colours.word(p.colour)
            card.figures = panel_lines(p)
            # five panels of 150 px: a size smaller, so a German card's wrapped lines all show
            count = len(view.players)
            card.figure_size = "17sp" if count <= 3 else "14sp" if count == 4 else "13sp"

    def _fill_actions(self, view: TableView, player: PlayerPanel | None) -> None:
        if not self.buttons:
            self.action_buttons(SIX)
            for key, fill in (("revenue", theme.ACCENT), ("next_round", theme.GO),
                              ("end_game", theme.DANGER)):
                button = BigButton(fill=fill, height=theme.BUTTON_HEIGHT)
                button.bind(on_release=functools.partial(self._round_close, key))
                self.buttons[key] = button
        for key, text in (("revenue", _("Revenue, Dividends...")), ("next_round", _("Next round")),
                          ("end_game", _("End the game"))):
            self.buttons[key].text = text  # drawn again after a language switch
        self.show_row([self.buttons[k] for k in (ROUND_CLOSE if self.round_over else SIX)])
        for kind in SIX:
            allowed = kind in view.available
            self.show_action(kind, _(ACTION_TITLES[kind]), _why(kind, player, allowed), allowed)
        self.ids.pass_turn.disabled = "pass" not in view.available
        self.ids.end_turn.disabled = "end_turn" not in view.available

    def _round_close(self, key: str, *_: object) -> None:
        if key == "revenue":
            self.open_flow("adjust")
        elif key == "next_round":
            self.next_round()
        else:
            self.end_game()

    # ------------------------------------------------------------------ taps

    def pass_turn(self) -> None:
        """Asked first, as The Five Actions asks: a pass ends the player's round (Action tokens)."""
        view = self.table().view()
        player = next((p for p in view.players if p.is_current), None) if view is not None else None
        if player is None:
            return
        ChoicePopup(_("{player} passes?").format(player=player.name),
                    _("No more actions this round; the others play on."),
                    [(_("Keep the turn"), None, theme.SECONDARY),
                     (_("Pass"), self._pass, theme.ACCENT)]).open()

    def _pass(self) -> None:
        self.tell(lambda intents: intents.pass_turn())

    def end_turn(self) -> None:
        self.tell(lambda intents: intents.end_turn())

    def show_ledger(self) -> None:
        self.app.show("six_ledger")
        table_of(self.app).redraw()

    def show_merit(self) -> None:
        self.app.show("six_merit")
        table_of(self.app).redraw()

    def next_round(self) -> None:
        """Next round: asks who is the Tycoon of the new round."""
        view = table_of(self.app).view()
        if view is None:
            return
        choices: list[Choice] = [(p.name, functools.partial(self._new_round, p.seat), theme.ACCENT)
                                 for p in view.players]
        choices.append((_("Cancel"), None, theme.SECONDARY))
        ChoicePopup(_("Round {n}: who is the Tycoon?").format(n=view.round + 1),
                    _("The Tycoon has a third action token."),
                    choices, vertical=True, width_dp=420, default=len(choices) - 1).open()

    def _new_round(self, seat: int) -> None:
        self.tell(lambda intents: intents.new_round(seat))

    def open_menu(self) -> None:
        """Menu: How to play, the board (sector leaders, the pawn, the open cards), moving the pawn (with the
        pack's map), the ledger, leave the game, keep playing."""
        view = table_of(self.app).view()
        choices: list[Choice] = [(_("How to play"), self.show_rules, theme.ACCENT),
                                 (_("The board: leaders, pawn, open cards"), self.show_board, theme.ACCENT)]
        if view is not None and view.metros:
            choices.append((_("Move the pawn"), self.ask_pawn, theme.ACCENT))
        choices += [(_("Ledger"), self.show_ledger, theme.ACCENT),
                    (_("Settings"), self.app.show_table_settings, theme.ACCENT),
                    (_("Leave game"), self.ask_leave, theme.DANGER), (_("Keep playing"), None, theme.GO)]
        ChoicePopup(_("Menu"), "", choices, vertical=True, default=len(choices) - 1, width_dp=460).open()

    def show_board(self) -> None:
        """What the Build costs depend on, in words: each sector's leader and level, the pawn, and the
        open Industry cards and Policies."""
        view = table_of(self.app).view()
        if view is not None:
            ChoicePopup(_("The board"), board_words(view), [(_("Close"), None, theme.GO)],
                        width_dp=640).open()

    def ask_pawn(self) -> None:
        """Move the pawn to another metro (the active metro the golden roads are counted from)."""
        view = table_of(self.app).view()
        if view is None:
            return
        names = {c.id: c.name for c in view.cities}
        choices: list[Choice] = [(names.get(m, m) + (" " + _("(the pawn is here)") if m == view.pawn else ""),
                                  functools.partial(self._move_pawn, m), theme.ACCENT) for m in view.metros]
        choices.append((_("Cancel"), None, theme.SECONDARY))
        ChoicePopup(_("Move the pawn to"), _("Golden roads are counted from the metro with the pawn."),
                    choices, vertical=True, width_dp=460, default=len(choices) - 1).open()

    def _move_pawn(self, metro: str) -> None:
        self.tell(lambda intents: intents.move_pawn(metro))
