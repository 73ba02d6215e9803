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
        f"[b]{player.money} Cr[/b]",
        f"Influence {player.influence} · AV {player.asset_value}",
        f"Promoters {player.promoters_hand} · pool {player.promoters_pool}",
        f"Shares {len(player.shares_left)} left · {held} held",
        f"Notes {player.notes} · Finance {player.finance_step}",
        f"Tokens {player.tokens_left} · +1: {player.plus_tokens}",
        f"Merit {player.merit_count} · Favors {player.favors}",
        f"Industry {len(player.industries)} · plants {len(player.plants)}",
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
        return "again: +1 token" if marked else ""
    if marked:
        return "taken this round"
    if kind == "build" and not player.industries:
        return "no unbuilt card"
    if player.tokens_left == 0 and not player.plus_tokens:
        return "no token left"
    return "not now"


def board_words(view: TableView) -> str:
    """The board's open facts in a few lines: leaders and levels, the pawn, the open cards."""
    names = [p.name for p in view.players]
    led = [f"{s.sector.title()}: {names[s.leader]} (level {s.level})" for s in view.sectors
           if s.leader is not None and 0 <= s.leader < len(names)]
    rest = "; no leader elsewhere (the supply, as level 1)" if len(led) < len(view.sectors) else ""
    leaders = ", ".join(led) + rest if led else "none yet (a Build pays the supply, as level 1)"
    city = {c.id: c.name for c in view.cities}
    pawn = city.get(view.pawn, view.pawn) if view.pawn else "no map: the table keeps it"
    industries = ", ".join(f"{c.name} ({c.asset_value})" for c in view.open_industries) or "none"
    policies = ", ".join(p.name for p in view.open_policies) or "none"
    return (f"Leaders: {leaders}.\nThe pawn: {pawn}.\nOpen Industry cards (Asset Value): {industries}.\n"
            f"Open Policies: {policies}.")


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
        self.heading = f"Round {view.round}"
        if self.round_over:
            self.turn_text = "Round over: Revenue and Dividends, then the next round or the end."
        elif player is not None:
            used = " · action taken" if "token" in view.turn_used else ""
            self.turn_text = (f"{player.name}'s turn: {player.tokens_left} token"
                              f"{'s' * (player.tokens_left != 1)} left, +1: {player.plus_tokens}{used}")
        else:
            self.turn_text = ""
        self._fill_cards(view)
        self._fill_actions(view, player)

    def _fill_cards(self, view: TableView) -> None:
        for card, p in zip(self.seat_cards(len(view.players), PlayerCard), view.players):
            card.name = p.name
            card.colour = colours.rgba(p.colour)
            card.current = p.seat == view.current and view.phase is Phase.TURN
            flags = [w for w, on in (("Tycoon", p.tycoon), ("passed", p.passed), ("▶ turn", card.current))
                     if on]
            card.status = " · ".join(flags) or colours.word(p.colour)
            card.figures = panel_lines(p)
            card.figure_size = "17sp" if len(view.players) <= 3 else "14sp"

    def _fill_actions(self, view: TableView, player: PlayerPanel | None) -> None:
        if not self.buttons:
            self.action_buttons(SIX)
            for key, text, fill in (("revenue", "Revenue, Dividends...", theme.ACCENT),
                                    ("next_round", "Next round", theme.GO),
                                    ("end_game", "End the game", theme.DANGER)):
                button = BigButton(text=text, fill=fill, height=theme.BUTTON_HEIGHT)
                button.bind(on_release=functools.partial(self._round_close, key))
                self.buttons[key] = button
        self.show_row([self.buttons[k] for k in (ROUND_CLOSE if self.round_over else SIX)])
        for kind in SIX:
            allowed = kind in view.available
            self.show_action(kind, ACTION_TITLES[kind], _why(kind, player, allowed), allowed)
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
        choices.append(("Cancel", None, theme.SECONDARY))
        ChoicePopup(f"Round {view.round + 1}: who is the Tycoon?", "The Tycoon has a third action token.",
                    choices, vertical=True, width_dp=420, default=len(choices) - 1).open()

    def _new_round(self, seat: int) -> None:
        self.tell(lambda intents: intents.new_round(seat))

    def open_menu(self) -> None:
        """Menu: the board (sector leaders, the pawn, the open cards), moving the pawn (with the
        pack's map), the ledger, leave the game, keep playing."""
        view = table_of(self.app).view()
        choices: list[Choice] = [("The board: leaders, pawn, open cards", self.show_board, theme.ACCENT)]
        if view is not None and view.metros:
            choices.append(("Move the pawn", self.ask_pawn, theme.ACCENT))
        choices += [("Ledger", self.show_ledger, theme.ACCENT), ("Leave game", self.ask_leave, theme.DANGER),
                    ("Keep playing", None, theme.GO)]
        ChoicePopup("Menu", "", choices, vertical=True, default=len(choices) - 1, width_dp=460).open()

    def show_board(self) -> None:
        """What the Build costs depend on, in words: each sector's leader and level, the pawn, and the
        open Industry cards and Policies."""
        view = table_of(self.app).view()
        if view is not None:
            ChoicePopup("The board", board_words(view), [("Close", None, theme.GO)], width_dp=640).open()

    def ask_pawn(self) -> None:
        """Move the pawn to another metro (the active metro the golden roads are counted from)."""
        view = table_of(self.app).view()
        if view is None:
            return
        names = {c.id: c.name for c in view.cities}
        choices: list[Choice] = [(names.get(m, m) + (" (the pawn is here)" if m == view.pawn else ""),
                                  functools.partial(self._move_pawn, m), theme.ACCENT) for m in view.metros]
        choices.append(("Cancel", None, theme.SECONDARY))
        ChoicePopup("Move the pawn to", "Golden roads are counted from the metro with the pawn.", choices,
                    vertical=True, width_dp=460, default=len(choices) - 1).open()

    def _move_pawn(self, metro: str) -> None:
        self.tell(lambda intents: intents.move_pawn(metro))
