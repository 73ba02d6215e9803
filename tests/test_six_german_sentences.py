"""The Six Actions' money and end sentences read as whole sentences in German and in English (the
fresh-eyes German player's findings): a payment names the amount between the two parties ("Spieler 2
zahlt 4 Cr an Spieler 1", never "Spieler 2 4 Cr an der Vorrat"), the bank and the supply declined;
regions, icons and colours in the table's language; the end names the winner and what decided it
(Asset Value, then Influence, then Cr: docs/six-actions.md, our decision); a German colour word is
taken on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class Figures:
    name: str
    asset_value: int
    influence: int
    money: int


def test_a_payment_is_one_sentence_with_the_amount_between_the_parties(german: None) -> None:
    from companion.games.six_actions.views import payment_sentence

    assert payment_sentence("Spieler 2", "Spieler 1", 4) == "Spieler 2 zahlt 4 Cr an Spieler 1"
    assert payment_sentence("Spieler 1", "supply", 2) == "Spieler 1 zahlt 2 Cr an den Vorrat"
    assert payment_sentence("Spieler 1", "bank", 50) == "Spieler 1 zahlt 50 Cr an die Bank"
    assert payment_sentence("supply", "Oma", 5) == "Der Vorrat zahlt 5 Cr an Oma"
    assert payment_sentence("bank", "Spieler 2", 10) == "Die Bank zahlt 10 Cr an Spieler 2"


def test_a_payment_in_english() -> None:
    from companion.games.six_actions.views import payment_sentence

    assert payment_sentence("Ben", "Ana", 4) == "Ben pays 4 Cr to Ana"
    assert payment_sentence("Ana", "supply", 2) == "Ana pays 2 Cr to the supply"
    assert payment_sentence("bank", "Ben", 30) == "The bank pays 30 Cr to Ben"


def test_the_winner_and_the_tie_break_are_named() -> None:
    from companion.games.six_actions.summary import winner_line

    a, b, c = Figures("Ana", 20, 3, 10), Figures("Ben", 20, 5, 0), Figures("Cleo", 5, 9, 99)
    assert winner_line([a, c]) == "Ana wins with the highest Asset Value (20)."
    assert winner_line([a, b, c]) == "Ben wins: tied on Asset Value (20), the most Influence (5) decides."
    assert winner_line([a, Figures("Ben", 20, 3, 4)]) == (
        "Ana wins: tied on Asset Value (20) and Influence (3), the most Cr (10) decides.")
    assert winner_line([a, Figures("Ben", 20, 3, 10), Figures("Cleo", 20, 3, 10)]) == (
        "Ana, Ben and Cleo share the win: tied on Asset Value (20), Influence (3) and Cr (10).")
    assert winner_line([]) == ""


def test_the_winner_in_german(german: None) -> None:
    from companion.games.six_actions.summary import winner_line

    one, two = Figures("Spieler 1", 0, 0, 25), Figures("Spieler 2", -50, -7, 30)
    assert winner_line([one, two]) == "Spieler 1 gewinnt mit dem höchsten Vermögenswert (0)."
    assert winner_line([one, Figures("Spieler 2", 0, 0, 25)]) == (
        "Spieler 1 und Spieler 2 teilen sich den Sieg: gleich bei Vermögenswert (0), Einfluss (0) "
        "und Cr (25).")
    assert winner_line([one, Figures("Spieler 2", 0, 1, 0)]) == (
        "Spieler 2 gewinnt: gleich beim Vermögenswert (0), der meiste Einfluss (1) entscheidet.")


def test_the_emergency_loan_confirm_says_cr_once(german: None) -> None:
    from companion.games.six_actions.session import Seat, Session
    from six_support import CONTENT
    from ui.games.six_actions.flows import describe

    session = Session.new(CONTENT, [Seat("Spieler 1", "red"), Seat("Spieler 2", "blue")], seed=1)
    said = describe("emergency_loan", session.view(), {"player": 1, "amount": 10},
                    {"player": "Spieler 2", "amount": "10 Cr"})
    assert said == "Spieler 2 nimmt einen Notkredit über 10 Cr und einen Schuldschein."


#: A short game typed at the terminal: Oma builds, Jörg looks at the ledger and tries Strategy with
#: an empty Strategy Pool, musters, both pass, the game ends.
SCRIPT = ["build", "1", "1", "ledger", "strategy", "muster", "3", "pass", "pass", "end", "y"]


def play_terminal() -> str:
    from companion.games.six_actions.session import Seat, Session
    from companion.games.six_actions.terminal import Terminal
    from six_support import CONTENT

    session = Session.new(CONTENT, [Seat("Oma", "red"), Seat("Jörg", "blue")], seed=1, layout="map")
    lines: list[str] = []
    answers = iter(SCRIPT)
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert session.over
    return "\n".join(lines)


def test_the_terminal_says_money_regions_icons_colours_and_the_winner_in_german(german: None) -> None:
    text = play_terminal()
    for said in ("1. Oma (Rot, Tycoon)", "2. Jörg (Blau)", "Kraftwerk: Energie, Brennstoff, VW 11",
                 "Capital (Die Ebenen)", "Harbour Town (Die Küste)",
                 "Zahlungen: Oma zahlt 1 Cr an den Vorrat; Oma zahlt 2 Cr an den Vorrat.",
                 "  Der Vorrat zahlt 20 Cr an Oma (Startgeld)",
                 "Oma zahlt 2 Cr an den Vorrat (Bauen: Kraftwerk in Capital, Symbol Brennstoff an den "
                 "Vorrat, denn kein Spieler ist Führender (2 Cr × Stufe 1))",
                 "Jörg hat 0 Förderer im Strategievorrat: kein offenes Strategiefeld kostet so wenig",
                 "0 im Strategievorrat", "Oma gewinnt mit dem höchsten Vermögenswert (11)."):
        assert said in text, said
    for wrong in ("(red", "(blue", "plains", "coast", "Power", "supply", "bank", "->", "an der Vorrat",
                  "im Vorrat", "Bezahlt", " x Stufe", "Bauen Kraftwerk", "Cr Cr"):
        assert wrong not in text, wrong


def test_the_terminal_in_english() -> None:
    text = play_terminal()
    for said in ("1. Oma (Red, Tycoon)", "Power Station: Power, Fuel, AV 11", "Capital (The Plains)",
                 "Payments: Oma pays 1 Cr to the supply; Oma pays 2 Cr to the supply.",
                 "  The supply pays 20 Cr to Oma (starting money)",
                 "Jörg's Strategy Pool has 0 Promoters", "Oma wins with the highest Asset Value (11)."):
        assert said in text, said
    assert "->" not in text and "(red" not in text


def test_players_take_a_colour_in_the_table_language(german: None) -> None:
    import argparse

    from companion.games.six_actions.cli import parse_players

    seats = parse_players("Oma:Rot,Jörg:blau,Ana:green")
    assert [(s.name, s.colour) for s in seats] == [("Oma", "red"), ("Jörg", "blue"), ("Ana", "green")]
    with pytest.raises(argparse.ArgumentTypeError, match="'Pink' ist keine Farbe .*Rot, Blau, Grün"):
        parse_players("Oma:Pink")


def test_an_adjustment_says_its_reason_and_its_cr_in_german(german: None) -> None:
    from companion.games.six_actions.session import Seat, Session
    from six_support import CONTENT
    from ui.games.six_actions.flows import describe

    session = Session.new(CONTENT, [Seat("Spieler 1", "red"), Seat("Spieler 2", "blue")], seed=1)
    said = describe("adjust", session.view(),
                    {"player": 0, "reason": "Revenue", "what": "money", "sign": 1, "amount": 5,
                     "counterparty": -1},
                    {"player": "Spieler 1", "reason": "Einnahmen", "what": "Geld (Cr)", "amount": "5",
                     "counterparty": "Der Vorrat"})
    assert said == "Spieler 1 erhält 5 Cr (Einnahmen, mit dem Vorrat)."
    assert session.adjust(0, "Revenue", money=5)
    message = session.view().message
    assert "Anpassung für Spieler 1: Einnahmen." in message and "Revenue" not in message, message
    row = session.view().ledger[-1]
    assert (row.payer, row.payee, row.amount) == ("supply", "Spieler 1", 5)


def test_a_region_bonus_names_the_region_in_german(german: None) -> None:
    from companion.games.six_actions.session import Seat, Session
    from six_support import CONTENT

    session = Session.new(CONTENT, [Seat("Oma", "red"), Seat("Jörg", "blue")], seed=1, layout="map")
    card = session.view().players[0].industries[0]
    assert session.build(card.id, "harbour")  # Harbour Town, on the coast: 5 Cr the first time
    reasons = [row.reason for row in session.view().ledger]
    assert "Regionsbonus: Die Küste" in reasons, reasons
