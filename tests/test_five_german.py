"""The Five Actions' words a German player read wrong (FE findings, helper AF): the Credit rows, the
lines and the Progress tracks named by the pack and translated, whole sentences for what a Credit
token uncovers, dollars written "10 $", the terminal's board counted from 1; and only the legal
choices offered (Funding's Tycoon tiles, the terminal's boxes), a refusal changing nothing.
English stays as it was.
"""

from __future__ import annotations

from companion.games.five_actions.session import Session
from companion.games.five_actions.terminal import Terminal
from companion.games.five_actions.views import tycoon_offer
from five_support import CONTENT


def _session() -> Session:
    return Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=1)


def _play(session: Session, answers: list[str]) -> list[str]:
    lines: list[str] = []
    typed = iter(answers)
    assert Terminal(session, lambda prompt: next(typed), lines.append).run() == 0
    return lines


def test_the_terminal_board_and_funding_speak_german(german: None) -> None:
    session = _session()
    lines = _play(session, ["8", "4", "1", "1", "2", "q"])  # the board; Funding, basic box, token 1, Industry
    text = "\n".join(lines)
    assert "  Harbour (Reihe 1, Spalte 1): Ana Station" in lines
    assert "  Cape (Reihe 1, Spalte 5) Ozean: leer" in lines
    assert "  Kreditreihe Bank: [alle: -] [alle: -] [3+: -] [4: -]" in lines
    assert "   1. Bank   2. Industrie   3. Labor   4. Börse" in lines or "2. Industrie" in text
    assert "   1. Grundfeld: 0 $" in lines
    # Credit token 1 uncovers a Tycoon: a level-1 tile may be taken and is asked for, nothing else
    assert "Welches Tycoon-Plättchen?" in lines
    asked = lines[lines.index("Welches Tycoon-Plättchen?") + 1:]
    assert asked[:3] == ["   1. Wellenlabor", "   2. Drahtwerk", "   3. verdeckt Stufe 1"]
    for english in ("bank", "industry", "(0,0)", "[all:", "$0"):
        assert english not in text, english


def test_funding_without_a_tycoon_asks_for_no_tile_and_pays(german: None) -> None:
    session = _session()
    lines = _play(session, ["4", "1", "3", "2", "q"])  # Funding, basic, token 3 (a Scientist), Industry
    assert "Welches Tycoon-Plättchen?" not in lines
    assert session.game.state.players[0].money == 12
    assert any("ein Kreditmarker auf die Reihe Industrie); erhält 2 $" in line for line in lines)


def test_the_terminal_offers_no_patent_box_without_a_patent(german: None) -> None:
    session = _session()
    before = session.game.state.players[0].money
    lines = _play(session, ["1", "1", "3", "q"])  # Installation on Hill; a third box is not offered
    boxes = lines[lines.index("Welches Feld?") + 1:][:2]
    assert boxes == ["   1. Grundfeld: 0 $", "   2. Erweitertes Feld: 3 $"]
    assert not any("Patentfeld" in line or "Welche Seite" in line for line in lines)
    assert session.game.state.players[0].stations == {"harbour": False}
    assert session.game.state.players[0].money == before


def test_the_windows_funding_greys_what_the_rules_refuse(german: None) -> None:
    from ui.games.five_actions.flows import action_of, next_question

    session = _session()
    view = session.view()
    credit = next_question("fund", view, {"box": "basic"}, CONTENT)
    assert credit is not None
    assert [o.detail for o in credit.options][:4] == ["deckt einen Tycoon auf", "deckt eine Fabrik auf",
                                                    "deckt einen Wissenschaftler auf", "deckt nichts auf"]
    rows = next_question("fund", view, {"box": "basic", "credit": "c3"}, CONTENT)
    assert rows is not None and [o.label for o in rows.options] == ["Bank", "Industrie", "Labor", "Börse"]
    none = next_question("fund", view, {"box": "basic", "credit": "c3", "row": "industry"}, CONTENT)
    assert none is not None
    assert [o.label for o in none.options if o.enabled] == ["Kein Tycoon-Plättchen"]
    assert none.prompt == "Du hast keinen aktiven Tycoon, diesmal also kein Plättchen."
    one = next_question("fund", view, {"box": "basic", "credit": "c1", "row": "industry"}, CONTENT)
    assert one is not None
    assert {o.label for o in one.options if o.enabled} == {"Wellenlabor", "Drahtwerk", "Verdeckt, Stufe 1"}
    assert "0 Fabriken · 1 Wissenschaftler" in one.options[0].detail
    offer = tycoon_offer(view, CONTENT, "c3", "industry")
    assert offer.active == 0 and not offer.any
    # a greyed tile played anyway (the old flow) is refused and changes nothing
    money = session.game.state.players[0].money
    act = action_of("fund", view, {"box": "basic", "credit": "c3", "row": "industry", "tycoon": "t1-wire"})
    assert not session.play(act)
    assert session.game.state.players[0].money == money and "c3" in session.game.state.players[0].credits


def test_lines_tracks_and_dollars_in_german(german: None) -> None:
    from ui.games.five_actions.flows import next_question
    from ui.games.five_actions.table_screen import panel_lines

    session = _session()
    path = next_question("transmit", session.view(), {"station": "harbour", "box": "basic"}, CONTENT)
    assert path is not None and path.options[0].label == "Linie Rot: Hill, Tower"
    assert session.install("hill", "basic", None)
    assert "3 Signalmarker von Glasfaser in den Bereitschaftsbereich" in session.message
    assert "(Grund, unmoduliert, 0 $); Bonus: 1 $" in session.message
    lines = panel_lines(session.view().players[0])
    assert lines.startswith("[b]11 $[/b]") and "\nFabriken 0 · Wissenschaftler 0" in lines


def test_english_stays_english() -> None:
    from ui.games.five_actions.flows import next_question

    session = _session()
    lines = _play(session, ["8", "q"])
    assert "  Harbour (row 1, column 1): Ana station" in lines
    assert "  Credit row Industry: [all: -] [3+: -] [4: -]" in lines
    view = session.view()
    credit = next_question("fund", view, {"box": "basic"}, CONTENT)
    assert credit is not None and credit.options[2].detail == "uncovers a Scientist"
    assert session.install("hill", "basic", None)
    assert "3 Signal tokens from Fiber to Ready" in session.message and "($0)" not in session.message


def test_the_end_says_the_tie_break() -> None:
    from ui.games.five_actions.end import standings_text

    session = _session()
    assert session.fund("c3", "industry", "basic")  # Ana: $12, Ben $10, both 0 points
    assert session.end_game()
    text = standings_text(session.view())
    assert text.splitlines()[0].startswith("[b]1. Ana: 0[/b]")
    assert text.endswith("Equal totals: more money ranks higher; equal money too shares the place.")
