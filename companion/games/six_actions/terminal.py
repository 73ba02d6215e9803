"""The Six Actions in a terminal: ``companion play --game six-actions``.

The terminal is one more source of the table's intents: it drives the same
:class:`~companion.games.six_actions.session.Session` as the touchscreen and reads only its views.
Every question goes through :class:`companion.table.prompt.Prompt`: each choice is a numbered list
(type the number, or the word); ``help`` shows the rules in short (:data:`summary.RULES`) and the
moves possible now; a blank Enter says what is expected; ``back`` goes back to the turn's menu,
``quit`` leaves (a word, never a number of a menu: the turn's menu and the round's end menu differ,
and a number typed for one must not leave the other; ending the game at the round's end is asked y/n
first for the same reason). Every refusal is the rule's sentence and changes nothing. A Merit card
is shown only when its player asks for their cards. Input and output go through ``input_fn`` and
``output_fn`` so a test can script a whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.six_actions.content.model import Industry, Merit, Policy
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.session import Session
from companion.games.six_actions.summary import RULES, moves_now, winner_line
from companion.games.six_actions.views import PlayerPanel, TableView, payment_sentence
from companion.i18n import N_, _
from companion.table.action_terminal import ActionTerminal
from companion.table.prompt import Back, Option, Quit
from companion.table.words import colour_word, sector_word

__all__ = ["Terminal", "Quit", "Back"]

#: The main menu during a turn: (word, what it does).  Leaving is not in it (``quit`` is a word, never a
#: number: a number typed for the round's end menu must not leave, see ActionTerminal.menu).
TURN_MENU = (
    ("build", N_("Build")),
    ("share", N_("Share")),
    ("muster", N_("Muster")),
    ("strategy", N_("Strategy")),
    ("politics", N_("Politics")),
    ("loan", N_("Loan")),
    ("pass", N_("Pass")),
    ("end", N_("End the turn")),
    ("emergency", N_("Emergency Loan")),
    ("adjust", N_("Adjustment (Revenue ...)")),
    ("cards", N_("A player's Merit cards")),
    ("merit", N_("Play a Merit card")),
    ("pawn", N_("Move the pawn")),
    ("ledger", N_("The ledger")),
    ("undo", N_("Undo")),
)
ROUND_MENU = (
    ("adjust", N_("Ledger adjustment (Revenue, Dividends ...)")),
    ("emergency", N_("Emergency Loan (free)")),
    ("next", N_("Start the next round")),
    ("end", N_("End the game: the settlement")),
    ("ledger", N_("The ledger")),
    ("undo", N_("Undo the last action")),
)


#: A phase as the round's line says it, translated where shown.
PHASE_WORDS = {"turn": N_("turn"), "round_end": N_("round end"), "settlement": N_("settlement"),
               "over": N_("over")}
#: A deck the table draws from (physical decks), translated where shown.
PILE_WORDS = {"industry": N_("industry"), "policy": N_("policy"), "merit": N_("merit")}


def _menu(menu: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """A menu's words translated (its answers' words stay)."""
    return [(word, _(label)) for word, label in menu]


def panel_line(p: PlayerPanel) -> str:
    """One player's figures on two lines."""
    mark = ">" if p.is_current else " "
    tycoon = ", " + _("Tycoon") if p.tycoon else ""
    passed = ", " + _("passed") if p.passed else ""
    return (
        f"{mark} {p.seat + 1}. {p.name} ({colour_word(p.colour)}{tycoon}{passed}): "
        + _("{money} Cr, {influence} Influence, Asset Value {asset_value}, notes {notes}").format(
            money=p.money, influence=p.influence, asset_value=p.asset_value, notes=p.notes)
        + "\n     "
        + _("Promoters {hand} in hand, {pool} in the pool; tokens {tokens}, +1 tokens {plus}; shares left "
            "{shares}, held {held}; Finance {finance}; Merit cards {merit}").format(
            hand=p.promoters_hand, pool=p.promoters_pool, tokens=p.tokens_left, plus=p.plus_tokens,
            shares=", ".join(map(str, p.shares_left)) or _("none"), held=len(p.shares_held),
            finance=p.finance_step, merit=p.merit_count)
    )


class Terminal(ActionTerminal[Session]):
    """The terminal game on ``session`` (:class:`~companion.table.action_terminal.ActionTerminal`
    asks, loops and leaves)."""

    rules = RULES
    game = "six-actions"
    back_words = ("back", "b")
    leaving = (N_("leave (the game is saved as it stands)"), N_("leave (this game is not saved)"))

    def moves_now(self) -> Sequence[str]:
        return moves_now(self.session.view())

    def choose(self, title: str, options: Sequence[Option]) -> str:
        """A numbered list; returns the option's word.

        :raises Back: nothing to choose from, or the player typed ``back``.  :raises Quit: ``quit``."""
        return self.prompt.pick(title, options)

    def number(self, prompt: str, low: int, high: int) -> int:
        return self.prompt.number(_("{question} ({low}-{high}): ").format(question=prompt, low=low,
                                                                          high=high),
                                  low, high)

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
        self.say(_("Round {n} - {phase}").format(n=view.round, phase=_(PHASE_WORDS.get(view.phase.value,
                                                                                      view.phase.value))))
        for p in view.players:
            self.say(panel_line(p))
        covered = [f"{s.title} ({s.cost})" for s in view.spaces if not s.open]
        if covered:
            self.say(_("Covered Strategy spaces: {spaces}").format(spaces=", ".join(covered)))
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
            word = self.menu(_("{player}, your turn:").format(player=me.name), _menu(TURN_MENU))
        elif view.phase is Phase.ROUND_END:
            word = self.menu(_("The round is over:"), _menu(ROUND_MENU))
            if word == "end" and not self.prompt.yes(_("End the game now?")):
                return
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
        title = _("Which {pile} card did the table draw?").format(pile=_(PILE_WORDS.get(pile, pile)))
        if not options:
            return self.ask(title + " ", _("Type the name of the card drawn."))
        return self.choose(title, options)

    def plus(self, view: TableView, kind: str) -> bool:
        """Whether the action takes a +1 Action token (asked only when it must or may)."""
        me = view.players[view.current or 0]
        if me.plus_tokens < 1 or "plus" in view.turn_used:
            return False
        if "token" in view.turn_used or kind in me.marked or me.tokens_left < 1:
            return True
        return self.choose(_("Use a +1 Action token?"),
                           (("no", _("No, an action token")), ("yes", _("Yes")))) == "yes"

    def act(self, word: str, view: TableView) -> None:
        s = self.session
        me = view.current if view.current is not None else 0
        if word == "build":
            cards = view.players[me].industries
            if not cards:
                self.say(_("You have no unbuilt Industry card."))
                return
            card = self.choose(
                _("Which card?"), [(c.id, _("{card}: {icons}, AV {asset_value}").format(
                    card=c.name, icons=", ".join(sector_word(i) for i in c.icons), asset_value=c.asset_value))
                 for c in cards]
            )
            if view.has_map:
                city = self.choose(
                    _("Which city?"),
                    [(c.id, f"{c.name} ({c.region})") for c in view.cities if c.occupant is None],
                )
                road = None
            else:
                city = self.ask(_("The city's name: "), _("Type the name of the city built in."))
                icons = next(c.icons for c in cards if c.id == card)
                road = (
                    self.number(_("Cities along the golden road from the active metro, both ends"), 1, 30)
                    if {"power", "transport"} & set(icons)
                    else None
                )
            s.build(card, city, road, self.plus(view, "build"))
        elif word == "share":
            s.share(self.seat(view, _("Whose share?"), exclude=me), self.plus(view, "share"))
        elif word == "muster":
            s.muster(self.number(_("Promoters to the Strategy Pool"), 1, 6), self.plus(view, "muster"))
        elif word == "strategy":
            self.strategy(view)
        elif word in ("politics", "loan"):
            (s.politics if word == "politics" else s.loan)(self.plus(view, word))
        elif word == "pass":
            s.pass_turn()
        elif word == "end":
            s.end_turn() if view.phase is Phase.TURN else s.end_game()
        elif word == "next":
            s.new_round(self.seat(view, _("Who is the Tycoon this round?")))
        elif word == "emergency":
            s.emergency_loan(self.seat(view, _("Who takes the Emergency Loan?")), self.number("Cr", 1, 25))
        elif word == "adjust":
            who = self.seat(view, _("Whose adjustment?"))
            reason = self.ask(
                _("Reason (Revenue, Dividends, a Merit card ...): "),
                _("Type why the figures change, e.g. Revenue."),
            )
            money = self.number(_("Cr (negative: the player pays)"), -999, 999)
            influence = self.number(_("Influence change"), -99, 99)
            s.adjust(who, reason, money=money, influence=influence)
        elif word == "cards":
            who = self.seat(view, _("Whose cards? (everyone else look away)"))
            merits = s.view(seat=who).own_merit_cards
            self.say(_("Merit cards: {cards}").format(
                cards="; ".join(f"{c.name} ({c.text})" for c in merits) or _("none")))
        elif word == "merit":
            who = self.seat(view, _("Who plays a Merit card? (it is shown as it is played)"))
            merits = s.view(seat=who).own_merit_cards
            card = self.choose(_("Which card?"), [(c.id, f"{c.name}: {c.text}") for c in merits])
            if s.play_merit(who, card):
                self.say(_("Enter its effect as an adjustment (menu: Adjustment)."))
        elif word == "pawn":
            s.move_pawn(self.choose(_("Which metro?"), [(m, m) for m in view.metros]) if view.metros else "")
        elif word == "ledger":
            for row in view.ledger[-15:]:
                payment = payment_sentence(row.payer, row.payee, row.amount)
                self.say("  " + (_("{payment} ({reason})").format(payment=payment, reason=_(row.reason))
                                 if row.reason else payment))
        elif word == "undo":
            s.undo()

    def strategy(self, view: TableView) -> None:
        # only the spaces the player's Strategy Pool pays for are offered (Strategy actions)
        pool = view.players[view.current].promoters_pool if view.current is not None else 0
        open_spaces = [(sp.id, f"{sp.title} ({sp.cost}): {sp.bonus}") for sp in view.spaces
                       if sp.open and sp.cost <= pool]
        if not open_spaces:
            self.say(_("{name}'s Strategy Pool has {pool} Promoters: no open Strategy space costs so few "
                       "(Muster first).").format(name=view.players[view.current or 0].name, pool=pool))
            return
        chosen = self.choose(_("Which space? (your Strategy Pool: {pool})").format(pool=pool), open_spaces)
        space = next(sp for sp in view.spaces if sp.id == chosen)
        kwargs: dict[str, object] = {}
        if space.choices:
            kwargs["amount"] = int(self.choose(_("Which bonus?"), [(str(c), str(c)) for c in space.choices]))
        elif space.id == "admin_industry":
            kwargs["card"] = self.choose(
                _("Which open card?"), [(c.id, _("{card}, AV {asset_value}").format(card=c.name,
                                                                                   asset_value=c.asset_value))
                                        for c in view.open_industries]
            )
            kwargs["gain"] = self.choose(_("Then gain:"), (("money", _("{money} Cr").format(money=10)),
                                                          ("influence", _("{n} Influence").format(n=2))))
        elif space.id == "lobby":
            kwargs["policy"] = self.choose(_("Which Policy?"), [(p.id, p.name) for p in view.open_policies])
        elif space.id == "office":
            kwargs["city"] = (
                self.choose(_("Which city?"), [(c.id, c.name) for c in view.cities if c.occupant is None])
                if view.has_map
                else self.ask(_("The city's name: "), _("Type the name of the city."))
            )
        elif space.id.startswith("export"):
            sectors = [(x.sector, x.sector) for x in view.sectors]
            first = self.choose(_("Which track?"), sectors)
            kwargs["tracks"] = (
                (first,) if space.id == "export_4" else (first, self.choose(_("And a step on:"), sectors))
            )
        self.session.strategy(space.id, plus=self.plus(view, "strategy"), **kwargs)  # type: ignore[arg-type]

    def settle(self, view: TableView) -> None:
        row = next(r for r in view.settlement if not r.done)
        p = view.players[row.seat]
        most = min(p.notes, p.money // 50)
        if p.notes == 0:
            self.session.settle(row.seat, 0)
            return
        self.session.settle(row.seat,
                            self.number(_("{player}: notes to repay at 50 Cr each").format(player=p.name),
                                                  0, most))

    def show_end(self) -> None:
        outcome = self.session.game.outcome()
        self.say(_("The game is over. Each player after the settlement:"))
        for st in outcome.standings if outcome else ():
            self.say("  " + _("{player}: {money} Cr, {influence} Influence, Asset Value {asset_value}, "
                              "{repaid} of {notes} notes repaid").format(player=st.name, money=st.money,
                                                             influence=st.influence,
                                                             asset_value=st.asset_value, repaid=st.repaid,
                                                             notes=st.notes))
        if outcome is not None:
            self.say(winner_line(outcome.standings))
