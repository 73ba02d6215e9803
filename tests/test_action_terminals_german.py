"""The Six Actions' and The Five Actions' terminal games in German (issue 22): the same scripted games
as ``tests/test_six_cli.py`` and ``tests/test_five_cli.py`` (typed numbers and the menus' own words,
which stay as they are), played with the table's language German (the real catalog), say the
terminals' own lines in German and none of them in English.
"""

from __future__ import annotations


def test_the_six_actions_terminal_speaks_german(german: None) -> None:
    from companion.games.six_actions.session import Seat, Session
    from companion.games.six_actions.terminal import Terminal
    from six_support import CONTENT
    from test_six_cli import SCRIPT

    session = Session.new(CONTENT, [Seat("Ana", "red"), Seat("Ben", "blue")], seed=1)
    lines: list[str] = []
    answers = iter(SCRIPT)
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert session.over
    text = "\n".join(lines)
    for said in ("Runde 1 - ", "Ana, du bist am Zug:", "Bauen", "Anpassung (Einnahmen ...)",
                 "Verdienstkarten: ", "Zurück zum Menü: nichts wurde gespielt.",
                 "Trag ihre Wirkung als Anpassung ein (Menü: Anpassung).",
                 "Das Spiel ist vorbei. Jeder Spieler nach der Schlussabrechnung:",
                 "1 von 1 Schuldscheinen zurückgezahlt"):
        assert said in text, said
    for english in ("your turn", "Merit cards: ", "Back to the menu", "The game is over", "notes repaid",
                    "in the pool", "notes to repay"):
        assert english not in text, english


def test_the_five_actions_terminal_speaks_german(german: None) -> None:
    from companion.games.five_actions.session import Session
    from companion.games.five_actions.terminal import Terminal
    from five_support import CONTENT
    from test_five_cli import SCRIPT

    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)
    lines: list[str] = []
    answers = iter(SCRIPT)
    assert Terminal(session, lambda prompt: next(answers), lines.append).run() == 0
    assert session.over
    text = "\n".join(lines)
    for said in ("-- Runde 1 --", "Ana, deine Aktion:", "Aktionsplättchen: ", "Tycoon-Auslage: ",
                 "Kreditmarker auf dem Tableau: ", "Ana: 0 Punkte + 0 Patentsymbole"):
        assert said in text, said
    for english in ("-- Round", "your action", "Action tiles:", "Tycoon display",
                    "Credit tokens on the board", "Patent icons", "stations left"):
        assert english not in text, english
