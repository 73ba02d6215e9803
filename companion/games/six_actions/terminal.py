"""The Six Actions in a terminal: ``companion play --game six-actions``.

The terminal is one more source of the table's intents: it drives the same
:class:`~companion.games.six_actions.session.Session` as the touchscreen and reads only its views.
Every question goes through :class:`companion.table.prompt.Prompt`: each choice is a numbered list
(type the number, or the word); ``help`` shows the rules in short (:data:`summary.RULES`) and the
moves possible now; a blank Enter says what is expected; ``back`` goes back to the turn's menu,
``quit`` leaves.  Every refusal is the rule's sentence and changes nothing.  A Merit card is shown
only when its player asks for their cards.  Input and output go through ``input_fn`` and
``output_fn`` so a test can script a whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.six_actions.content.model import Industry, Merit, Policy
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.session import Session
from companion.games.six_actions.summary import RULES, moves_now
from companion.games.six_actions.views import PlayerPanel, TableView
from companion.table.action_terminal import ActionTerminal
from companion.table.prompt import Back, Option, Quit

__all__ = ["Terminal", "Quit", "Back"]

#: The main menu during a turn: (word, what it does).
TURN_MENU = (
    ("build", "Build"),
    ("share", "Share"),
    ("muster", "Muster"),
    ("strategy", "Strategy"),
    ("politics", "Politics"),
    ("loan", "Loan"),
    ("pass", "Pass"),
    ("end", "End the turn"),
    ("emergency", "Emergency Loan"),
    ("adjust", "Adjustment (Revenue ...)"),
    ("cards", "A player's Merit cards"),
    ("merit", "Play a Merit card"),
    ("pawn", "Move the pawn"),
    ("ledger", "The ledger"),
    ("undo", "Undo"),
    ("quit", "Leave"),
)
ROUND_MENU = (
    ("adjust", "Ledger adjustment (Revenue, Dividends ...)"),
    ("emergency", "Emergency Loan (free)"),
    ("next", "Start the next round"),
    ("end", "End the game: the settlement"),
    ("ledger", "The ledger"),
    ("undo", "Undo the last action"),
    ("quit", "Leave"),
)


def panel_line(p: PlayerPanel) -> str:
    """One player's figures on two lines."""
    mark = ">" if p.is_current else " "
    tycoon = ", Tycoon" if p.tycoon else ""
    passed = ", passed" if p.passed else ""
    return (
        f"{mark} {p.seat + 1}. {p.name} ({p.colour}{tycoon}{passed}): {p.money} Cr, {p.influence} Influence, "
        f"Asset Value {p.asset_value}, notes {p.notes}\n"
        f"     Promoters {p.promoters_hand} in hand, {p.promoters_pool} in the pool; tokens {p.tokens_left}, "
        f"+1 tokens {p.plus_tokens}; shares left {', '.join(map(str, p.shares_left)) or 'none'}, "
        f"held {len(p.shares_held)}; Finance {p.finance_step}; Merit cards {p.merit_count}"
    )


class Terminal(ActionTerminal[Session]):
    """The terminal game on ``session`` (:class:`~companion.table.action_terminal.ActionTerminal`
    asks, loops and leaves)."""

    rules = RULES
    back_words = ("back", "b")
    leaving = ("leave (the game is saved as it stands)", "leave (this game is not saved)")

    def moves_now(self) -> Sequence[str]:
        return moves_now(self.session.view())

    def choose(self, title: str, options: Sequence[Option]) -> str:
        """A numbered list; returns the option's word.

        :raises Back: nothing to choose from, or the player typed ``back``."""
        word = self.prompt.pick(title, options)
        if word == "quit":
            raise Quit
        return word

    def number(self, prompt: str, low: int, high: int) -> int:
        return self.prompt.number(f"{prompt} ({low}-{high}): ", low, high)

    def seat(self, view: TableView, prompt: str, exclude: int | None = None) -> int:
        options = [(str(p.seat), p.name) for p in view.players if p.seat != exclude]
        return int(self.choose(prompt, options))

    def run(self) -> int:
        """Play until the game is over or the players leave.  :returns: exit status 0."""
        if self.play_turns():
            self.show_end()
        return 0

    def show(self, view: TableView) -> None:
        self.say("")
        self.say(f"Round {view.round} - {view.phase.value.replace('_', ' ')}")
        for p in view.players:
            self.say(panel_line(p))
        covered = [f"{s.title} ({s.cost})" for s in view.spaces if not s.open]
        if covered:
            self.say("Covered Strategy spaces: " + ", ".join(covered))
        if view.message:
            self.say(view.message)

    def step(self) -> None:
        view = self.session.view()
        self.show(view)
        if view.pending_draw is not None:
            self.session.draw(self.drawn(view.pending_draw))
            return
        if view.phase is Phase.TURN and view.current is not None:
            me = view.players[view.current]
            word = self.choose(f"{me.name}, your turn:", TURN_MENU)
        elif view.phase is Phase.ROUND_END:
            word = self.choose("The round is over:", ROUND_MENU)
        else:
            self.settle(view)
            return
        self.act(word, view)

    def drawn(self, pile: str) -> str:
        """The card the table drew from its own ``pile`` deck (physical decks): from the numbered list
        of the pack's cards of that kind by name (not in pile order: the list tells nothing secret);
        the rules refuse a card not in the pile."""
        content = self.session.content
        cards: dict[str, Sequence[Industry | Policy | Merit]] = {
            "industry": content.industries, "policy": content.policies, "merit": content.merits
        }
        options = sorted(((c.id, c.name) for c in cards.get(pile, ())), key=lambda o: o[1])
        title = f"Which {pile} card did the table draw?"
        if not options:
            return self.ask(title + " ", "Type the name of the card drawn.")
        return self.choose(title, options)

    def plus(self, view: TableView, kind: str) -> bool:
        """Whether the action takes a +1 Action token (asked only when it must or may)."""
        me = view.players[view.current or 0]
        if me.plus_tokens < 1 or "plus" in view.turn_used:
            return False
        if "token" in view.turn_used or kind in me.marked or me.tokens_left < 1:
            return True
        return self.choose("Use a +1 Action token?", (("no", "No, an action token"), ("yes", "Yes"))) == "yes"

    def act(self, word: str, view: TableView) -> None:
        s = self.session
        me = view.current if view.current is not None else 0
        if word == "build":
            cards = view.players[me].industries
            if not cards:
                self.say("You have no unbuilt Industry card.")
                return
            card = self.choose(
                "Which card?", [(c.id, f"{c.name}: {', '.join(c.icons)}, AV {c.asset_value}") for c in cards]
            )
            if view.has_map:
                city = self.choose(
                    "Which city?",
                    [(c.id, f"{c.name} ({c.region})") for c in view.cities if c.occupant is None],
                )
                road = None
            else:
                city = self.ask("The city's name: ", "Type the name of the city built in.")
                icons = next(c.icons for c in cards if c.id == card)
                road = (
                    self.number("Cities along the golden road from the active metro, both ends", 1, 30)
                    if {"power", "transport"} & set(icons)
                    else None
                )
            s.build(card, city, road, self.plus(view, "build"))
        elif word == "share":
            s.share(self.seat(view, "Whose share?", exclude=me), self.plus(view, "share"))
        elif word == "muster":
            s.muster(self.number("Promoters to the Strategy Pool", 1, 6), self.plus(view, "muster"))
        elif word == "strategy":
            self.strategy(view)
        elif word in ("politics", "loan"):
            (s.politics if word == "politics" else s.loan)(self.plus(view, word))
        elif word == "pass":
            s.pass_turn()
        elif word == "end":
            s.end_turn() if view.phase is Phase.TURN else s.end_game()
        elif word == "next":
            s.new_round(self.seat(view, "Who is the Tycoon this round?"))
        elif word == "emergency":
            s.emergency_loan(self.seat(view, "Who takes the Emergency Loan?"), self.number("Cr", 1, 25))
        elif word == "adjust":
            who = self.seat(view, "Whose adjustment?")
            reason = self.ask(
                "Reason (Revenue, Dividends, a Merit card ...): ",
                "Type why the figures change, e.g. Revenue.",
            )
            money = self.number("Cr (negative: the player pays)", -999, 999)
            influence = self.number("Influence change", -99, 99)
            s.adjust(who, reason, money=money, influence=influence)
        elif word == "cards":
            who = self.seat(view, "Whose cards? (everyone else look away)")
            merits = s.view(seat=who).own_merit_cards
            self.say("Merit cards: " + ("; ".join(f"{c.name} ({c.text})" for c in merits) or "none"))
        elif word == "merit":
            who = self.seat(view, "Who plays a Merit card? (it is shown as it is played)")
            merits = s.view(seat=who).own_merit_cards
            card = self.choose("Which card?", [(c.id, f"{c.name}: {c.text}") for c in merits])
            if s.play_merit(who, card):
                self.say("Enter its effect as an adjustment (menu: Adjustment).")
        elif word == "pawn":
            s.move_pawn(self.choose("Which metro?", [(m, m) for m in view.metros]) if view.metros else "")
        elif word == "ledger":
            for row in view.ledger[-15:]:
                self.say(f"  {row.payer} -> {row.payee}: {row.amount} Cr ({row.reason})")
        elif word == "undo":
            s.undo()

    def strategy(self, view: TableView) -> None:
        open_spaces = [(sp.id, f"{sp.title} ({sp.cost}): {sp.bonus}") for sp in view.spaces if sp.open]
        space = next(sp for sp in view.spaces if sp.id == self.choose("Which space?", open_spaces))
        kwargs: dict[str, object] = {}
        if space.choices:
            kwargs["amount"] = int(self.choose("Which bonus?", [(str(c), str(c)) for c in space.choices]))
        elif space.id == "admin_industry":
            kwargs["card"] = self.choose(
                "Which open card?", [(c.id, f"{c.name}, AV {c.asset_value}") for c in view.open_industries]
            )
            kwargs["gain"] = self.choose("Then gain:", (("money", "10 Cr"), ("influence", "2 Influence")))
        elif space.id == "lobby":
            kwargs["policy"] = self.choose("Which Policy?", [(p.id, p.name) for p in view.open_policies])
        elif space.id == "office":
            kwargs["city"] = (
                self.choose("Which city?", [(c.id, c.name) for c in view.cities if c.occupant is None])
                if view.has_map
                else self.ask("The city's name: ", "Type the name of the city.")
            )
        elif space.id.startswith("export"):
            sectors = [(x.sector, x.sector) for x in view.sectors]
            first = self.choose("Which track?", sectors)
            kwargs["tracks"] = (
                (first,) if space.id == "export_4" else (first, self.choose("And a step on:", sectors))
            )
        self.session.strategy(space.id, plus=self.plus(view, "strategy"), **kwargs)  # type: ignore[arg-type]

    def settle(self, view: TableView) -> None:
        row = next(r for r in view.settlement if not r.done)
        p = view.players[row.seat]
        most = min(p.notes, p.money // 50)
        if p.notes == 0:
            self.session.settle(row.seat, 0)
            return
        self.session.settle(row.seat, self.number(f"{p.name}: notes to repay at 50 Cr each", 0, most))

    def show_end(self) -> None:
        outcome = self.session.game.outcome()
        self.say("The game is over. Each player after the settlement:")
        for st in outcome.standings if outcome else ():
            self.say(
                f"  {st.name}: {st.money} Cr, {st.influence} Influence, Asset Value {st.asset_value}, "
                f"{st.repaid} of {st.notes} notes repaid"
            )
