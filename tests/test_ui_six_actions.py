"""The Six Actions on the touchscreen, in a real 800x480 Kivy window, driven by touches only.

The main test plays a whole short game as a table would (2 players, 2 rounds): Home's game choice,
Setup, every one of the six actions through its short steps, a refusal said in the engine's words, a
+1-free turn's Pass, the free Emergency Loan on the number pad, the Merit cards opened on purpose
(press and hold), the ledger, Undo (the panel's Back button too), the round's close with a ledger
adjustment and the next Tycoon, the end settlement and the final figures, then History listing the
game.  It reads only what the screen shows, and saves a screenshot of every screen to
``tests/_screenshots/six_actions/``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.six_actions.engine.options import SixOptions
from readme_pictures import publish

SHOTS = "six_actions"
#: The deal of every game here (the same cards and Merit deck each run).
SEED = 20261201


# ---------------------------------------------------------------------------- fixtures and helpers


@pytest.fixture
def app(ui_harness: Any, tmp_path: Path) -> None:
    """The app on a fresh store, Home shown (as ``ui_harness.app``: a fixture's value would keep the app
    alive past its stop, and the harness checks it is released)."""
    from ui.app import CompanionApp

    ui_harness.start(CompanionApp(store_path=tmp_path / "store.sqlite3"))
    settle(ui_harness)


@pytest.fixture
def no_ui_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No exception may be swallowed and logged by the app while a test drives it."""
    caplog.set_level(logging.ERROR)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("ui")]
    assert not errors, "the app logged errors: " + "; ".join(r.getMessage() for r in errors)


def settle(h: Any) -> None:
    """Let the double-tap guard pass and the batched redraws run."""
    h.pump_until(lambda: not h.app.actions_held(), timeout=3, what="the double-tap guard to pass")
    h.pump(frames=3)


def current(h: Any) -> str:
    return str(h.app.manager.current)


def on(h: Any, name: str) -> None:
    h.pump_until(lambda: current(h) == name, timeout=5, what=f"the {name} screen")
    settle(h)


def shot(h: Any, name: str, readme: str | None = None) -> None:
    """Save the screen as ``tests/_screenshots/SHOTS/name.png``; ``readme``: also the README's picture
    of that name (``readme_pictures.publish``)."""
    settle(h)
    path = h.screenshot(f"{SHOTS}/{name}.png")
    if readme:
        publish(path, readme)


def button(h: Any, label: str) -> Any:
    """The one enabled button on screen whose text starts with ``label`` (markup stripped)."""
    from ui.widgets.controls import BigButton, BigToggle

    def match(w: Any) -> bool:
        text = str(getattr(w, "title", "") if isinstance(w, BigToggle) else getattr(w, "text", ""))
        text = text.replace("[b]", "").replace("[/b]", "")
        return (isinstance(w, (BigButton, BigToggle)) and text.startswith(label) and not w.disabled
                and w.opacity > 0)
    h.pump_until(lambda: h.find_all(where=match), timeout=2, what=f"a button {label!r}")
    return h.find(where=match)


def tap(h: Any, label: str) -> None:
    h.tap(button(h, label))
    settle(h)


def message(h: Any) -> str:
    return str(h.app.message)


def view(h: Any) -> Any:
    from ui.games.six_actions.table import table_of

    return table_of(h.app).view()


def answer_popup(h: Any, label: str) -> None:
    from ui.popups import ChoicePopup

    h.pump_until(lambda: h.find_all(cls=ChoicePopup), timeout=3, what="a popup")
    settle(h)
    popup = h.find(cls=ChoicePopup)
    target = h.find(popup, where=lambda w: str(getattr(w, "text", "")).startswith(label)
                    and w.__class__.__name__ == "BigButton")
    h.tap(target)
    h.pump_until(lambda: popup.parent is None, timeout=3, what="the popup to close")
    settle(h)


# ---------------------------------------------------------------------------- the game


def start_game(h: Any) -> None:
    shot(h, "01_home_two_games")
    tap(h, "The Six Actions")
    tap(h, "New game")
    on(h, "six_setup")
    h.app.manager.current_screen.seed = SEED
    shot(h, "02_setup")
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])  # top row first
    for field, name in zip(names, ("Ana", "Ben")):
        field.text = name
    tap(h, "Start")
    on(h, "six_table")
    shot(h, "03_table_first_turn")


def test_a_whole_short_game_by_touch(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    h = ui_harness
    start_game(h)
    v = view(h)
    assert [p.name for p in v.players] == ["Ana", "Ben"]
    assert v.current == 0
    assert "Ana's turn" in h.app.manager.current_screen.turn_text
    assert "Ana is the Tycoon" in message(h)

    # Ana builds her card in the first empty city: card, city, the confirmation with who pays whom.
    tap(h, "Build")
    on(h, "six_step")
    shot(h, "04_build_card")
    card = v.players[0].industries[0]
    tap(h, card.name)
    shot(h, "05_build_city")
    city = next(c for c in view(h).cities if c.occupant is None)
    tap(h, city.name)
    shot(h, "06_build_confirm")
    assert "Do it: Build" in button(h, "Do it").text
    tap(h, "Do it")
    on(h, "six_table")
    assert city.id in view(h).players[0].plants or city.name in view(h).players[0].plants
    shot(h, "07_table_after_build", readme="six_actions_table")

    # Ben buys Ana's cheapest share.
    assert "Ben's turn" in h.app.manager.current_screen.turn_text
    money = [p.money for p in view(h).players]
    tap(h, "Share")
    shot(h, "08_share_whose")
    tap(h, "Ana")
    shot(h, "09_share_confirm")
    tap(h, "Do it")
    on(h, "six_table")
    after = view(h).players
    price = money[1] - after[1].money
    assert price > 0 and after[0].money == money[0] + price
    assert len(after[1].shares_held) == 1

    # Ana musters 3 Promoters (and draws a secret Merit card).
    tap(h, "Muster")
    shot(h, "10_muster_how_many")
    tap(h, "3")
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[0].promoters_pool == 3 and view(h).players[0].merit_count == 1

    # Ben takes a Loan: 30 Cr before a Finance disc, a note, a step up.
    tap(h, "Loan")
    shot(h, "11_loan_confirm")
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[1].notes == 1 and view(h).players[1].finance_step == 1

    # Ana has 3 Promoters in her pool: Sales at 4 is greyed up front, saying why; Sales at 3 is not.
    tap(h, "Strategy")
    shot(h, "12_strategy_spaces")
    sales_4 = h.find(where=lambda w: str(getattr(w, "text", "")).startswith(
        "[b]Sales[/b]\n[size=13sp]needs 4 Promoters · your Strategy Pool has 3"))
    assert sales_4.disabled
    h.tap(space(h, "Sales", 3))
    settle(h)
    tap(h, "25")
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[0].promoters_pool == 0

    # Every token is placed (Ana's three as Tycoon, Ben's two): the round is over.
    shot(h, "14_round_over")
    assert h.app.manager.current_screen.round_over

    # Revenue as a ledger adjustment with its reason, then round 2 with Ben as Tycoon.
    tap(h, "Revenue")
    on(h, "six_step")
    tap(h, "Ana")
    tap(h, "Revenue")
    tap(h, "Money")
    tap(h, "Gains")
    tap(h, "10")
    shot(h, "15_adjust_with_whom")
    tap(h, "The supply")
    shot(h, "16_adjust_confirm")
    before = view(h).players[0].money
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[0].money == before + 10
    tap(h, "Next round")
    shot(h, "17_next_tycoon")
    answer_popup(h, "Ben")
    assert view(h).round == 2 and view(h).current == 1


def space(h: Any, title: str, cost: int) -> Any:
    """The Strategy space button ``title`` that costs ``cost`` (two spaces share a title)."""
    return h.find(where=lambda w: str(getattr(w, "text", "")).startswith(
        f"[b]{title}[/b]\n[size=13sp]discard {cost}"))


def button_disabled(h: Any, label: str) -> bool:
    from ui.widgets.controls import BigButton

    found = h.find_all(where=lambda w: isinstance(w, BigButton) and str(w.text).startswith(label))
    return bool(found) and all(w.disabled for w in found)


def play_round_two(h: Any) -> None:
    """Round 2, Ben the Tycoon: the free Emergency Loan on the pad, Politics, Muster then Undo (the
    button), an Undo by the panel's Back button, the Merit cards, the ledger, then both pass."""
    assert "Ben's turn" in h.app.manager.current_screen.turn_text

    # The free Emergency Loan: Ana, 12 Cr typed on the number pad.
    notes = view(h).players[0].notes
    tap(h, "Emergency Loan")
    on(h, "six_step")
    shot(h, "18_emergency_who")
    tap(h, "Ana")
    tap(h, "Another number")
    from ui.popups import SeedPad

    h.pump_until(lambda: h.find_all(cls=SeedPad), timeout=3, what="the number pad")
    settle(h)
    pad = h.find(cls=SeedPad)
    for key in "12":
        h.tap(h.find(pad, text=key))
    h.frame()
    shot(h, "19_emergency_pad")
    h.tap(h.find(pad, text="OK"))
    h.pump_until(lambda: not h.find_all(cls=SeedPad), timeout=3, what="the pad to close")
    shot(h, "20_emergency_confirm")
    money = view(h).players[0].money
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[0].notes == notes + 1 and view(h).players[0].money == money + 12
    assert "Ben's turn" in h.app.manager.current_screen.turn_text  # free: no turn spent

    # Ben: Politics (his Policies' bonus, then a Favor token).
    tap(h, "Politics")
    shot(h, "21_politics_confirm")
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[1].favors == 1

    # Ana musters 2, then the table takes it back with Undo; Back on the panel undoes Politics too.
    tap(h, "Muster")
    tap(h, "2")
    tap(h, "Do it")
    on(h, "six_table")
    assert view(h).players[0].promoters_pool == 2
    tap(h, "Undo")
    assert view(h).players[0].promoters_pool == 0 and "undone" in message(h).lower()
    shot(h, "22_after_undo")
    h.key(27)  # the panel's Back button is Escape: Undo on the table
    settle(h)
    assert view(h).players[1].favors == 0
    tap(h, "Politics")
    tap(h, "Do it")
    on(h, "six_table")

    # Ana's Merit cards, only while she holds the button down.
    tap(h, "Merit cards")
    on(h, "six_merit")
    shot(h, "23_merit_whose")
    tap(h, "Ana")
    screen = h.app.manager.current_screen
    assert screen.shown == ""
    hold = button(h, "Press and hold")
    touch = h.touch_down(*h.window_point(hold))
    h.pump(frames=3)
    assert screen.holding and screen.shown
    shot(h, "24_merit_held")
    h.touch_up(touch)
    h.pump(frames=3)
    assert not screen.holding and screen.shown == ""
    shot(h, "25_merit_hidden")
    tap(h, "Play a card")
    shot(h, "25b_merit_play_which")
    from ui.popups import ChoicePopup

    popup = h.find(cls=ChoicePopup)
    card = next(w for w in h.find_all(popup, cls="BigButton") if "—" in str(w.text))
    h.tap(card)
    h.pump_until(lambda: popup.parent is None, timeout=3, what="the popup to close")
    on(h, "six_table")
    assert view(h).players[0].merit_count == 0 and "adjustment" in message(h)

    # The ledger: every payment so far, newest first.
    tap(h, "Ledger")
    on(h, "six_ledger")
    shot(h, "26_ledger")
    assert h.app.manager.current_screen.ids.rows.data
    tap(h, "Back")
    on(h, "six_table")

    # Both pass: the round is over.
    for _ in range(4):
        if h.app.manager.current_screen.round_over:
            break
        tap(h, "Pass")
        answer_popup(h, "Pass")  # asked first, as in The Five Actions
    assert h.app.manager.current_screen.round_over


def settle_and_finish(h: Any) -> None:
    """End the game: each player settles their notes, then the final figures, Home, and History."""
    tap(h, "End the game")
    answer_popup(h, "End the game")
    on(h, "six_end")
    shot(h, "27_settlement")
    screen = h.app.manager.current_screen
    rows = sorted(screen.ids.rows.children, key=lambda r: -r.to_window(*r.pos)[1])
    for row in rows:
        if row.most > 0:
            h.tap(h.find(row, text="+"))
            settle(h)
        h.tap(h.find(row, text="Settle"))
        settle(h)
    assert screen.over
    shot(h, "28_final")
    tap(h, "Home")
    on(h, "home")
    tap(h, "History")
    on(h, "history")
    shot(h, "29_history")


def test_a_whole_short_game_by_touch_to_the_end(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    test_a_whole_short_game_by_touch(ui_harness, app, no_ui_errors)
    play_round_two(ui_harness)
    settle_and_finish(ui_harness)


def test_a_game_resumes_after_the_power_goes(ui_harness: Any, tmp_path: Path, no_ui_errors: None) -> None:
    """Every action is saved as it happens: the next start offers the game and it comes back as it was."""
    from ui.app import CompanionApp

    h = ui_harness
    path = tmp_path / "store.sqlite3"
    h.start(CompanionApp(store_path=path))
    settle(h)
    start_game(h)
    tap(h, "Build")
    tap(h, view(h).players[0].industries[0].name)
    city = next(c for c in view(h).cities if c.occupant is None)
    tap(h, city.name)
    tap(h, "Do it")
    on(h, "six_table")
    before = view(h)
    h.stop()  # the power goes: nothing else is written

    h.start(CompanionApp(store_path=path))
    settle(h)
    from ui.popups import ChoicePopup

    h.pump_until(lambda: h.find_all(cls=ChoicePopup), timeout=5, what="the resume offer")
    popup = h.find(cls=ChoicePopup)
    assert "The Six Actions" in popup.text and "Ana, Ben" in popup.text
    shot(h, "30_resume_offer")
    answer_popup(h, "Resume")
    on(h, "six_table")
    after = view(h)
    assert after.players == before.players and after.ledger == before.ledger and after.current == 1
    shot(h, "31_resumed")


def test_leaving_a_game_keeps_it_as_abandoned(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """The Leave question says what History will show: abandoned (not counted) before any move, left
    (counted as not won) once one is in effect."""
    from ui.popups import ChoicePopup

    h = ui_harness
    start_game(h)
    tap(h, "Menu")
    answer_popup(h, "Leave game")
    h.pump_until(lambda: h.find_all(cls=ChoicePopup), timeout=3, what="the Leave question")
    assert "as abandoned: no move yet" in h.find(cls=ChoicePopup).text
    answer_popup(h, "Keep playing")
    tap(h, "Menu")
    shot(h, "33_menu")
    answer_popup(h, "The board")
    shot(h, "34_board")
    assert "Leaders:" in h.find(cls=ChoicePopup).text
    answer_popup(h, "Close")
    pawn = view(h).pawn
    other = next(m for m in view(h).metros if m != pawn)
    name = next(c.name for c in view(h).cities if c.id == other)
    tap(h, "Menu")
    answer_popup(h, "Move the pawn")
    shot(h, "35_move_pawn")
    answer_popup(h, name)
    assert view(h).pawn == other
    tap(h, "Menu")
    answer_popup(h, "Leave game")
    shot(h, "32_leave_asked")
    assert "as left: it counts as not won" in h.find(cls=ChoicePopup).text
    answer_popup(h, "Leave game")
    on(h, "home")
    games = h.app.history.games()
    assert [(g.game, g.result, g.shown_result) for g in games] == [("six-actions", "abandoned", "left")]


def test_the_printed_board_asks_the_city_and_the_road(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """No map: Build asks the city's name (typed) and, for a Power or Transport icon, the cities counted
    along the golden road; the referee computes the rest."""
    h = ui_harness
    tap(h, "The Six Actions")
    tap(h, "New game")
    on(h, "six_setup")
    tap(h, "Printed board")
    shot(h, "40_setup_printed")
    tap(h, "Start")
    on(h, "six_table")
    assert not view(h).has_map and not view(h).cities
    card = view(h).players[0].industries[0]
    tap(h, "Build")
    tap(h, card.name)
    shot(h, "41_printed_city_name")
    box = h.find(where=lambda w: type(w).__name__ == "TextInput" and w.hint_text == "the city's name")
    tap(h, "OK")  # nothing typed: said, nothing asked next
    assert "city's name" in message(h)
    box.text = "Port Royal"
    tap(h, "OK")
    if {"power", "transport"} & set(card.icons):
        shot(h, "42_printed_road")
        assert "golden road" in h.app.manager.current_screen.prompt
        tap(h, "3")
    shot(h, "43_printed_confirm")
    tap(h, "Do it")
    on(h, "six_table")
    assert ("Port Royal", 0) in view(h).occupied


def test_the_panel_buttons_confirm_and_undo(ui_harness: Any, tmp_path: Path, mock_factory: Any,
                                            no_ui_errors: None) -> None:
    """The GPIO panel as for Incoming Transmission where it makes sense: Transmit confirms a step
    (Enter), Back is Undo on the table (Escape) and a step back on a step."""
    import threading

    from companion.table.config import Config
    from ui.app import CompanionApp

    transmit, back = 17, 27
    h = ui_harness
    h.start(CompanionApp(store_path=tmp_path / "store.sqlite3",
                         config=Config(data_dir=tmp_path, sections={"gpio": {"debounce_ms": 20}})))
    settle(h)

    def press(pin: int) -> None:
        def finger() -> None:
            mock_factory.pin(pin).drive_low()
            mock_factory.pin(pin).drive_high()
        worker = threading.Thread(target=finger)
        worker.start()
        worker.join()
        h.pump(0.15)
        settle(h)

    start_game(h)
    tap(h, "Muster")
    tap(h, "2")
    press(back)  # a step back: the number again
    assert h.app.manager.current_screen.question.key == "promoters"
    tap(h, "2")
    press(transmit)  # confirm
    on(h, "six_table")
    assert view(h).players[0].promoters_pool == 2
    press(back)  # Undo
    assert view(h).players[0].promoters_pool == 0 and view(h).current == 0


def test_five_players_fit_at_800x480(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """Five panels side by side: every line of every panel is drawn whole (none wider than its panel)."""
    h = ui_harness
    tap(h, "The Six Actions")
    tap(h, "New game")
    on(h, "six_setup")
    h.app.manager.current_screen.seed = SEED
    h.tap(h.find(where=lambda w: getattr(w, "title", None) == "5"))
    settle(h)
    shot(h, "50_setup_five")
    tap(h, "Start")
    on(h, "six_table")
    shot(h, "51_table_five")
    from ui.games.six_actions.table_screen import PlayerCard

    cards = h.find_all(cls=PlayerCard)
    assert len(cards) == 5
    for card in cards:
        for label in card.children:
            label.texture_update()
            assert label.texture_size[0] <= card.width, (card.name, label.text)
            assert label.texture_size[1] <= label.height + 1, (card.name, label.text)


def test_setup_says_which_players_name_is_wrong(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """A name twice or an empty name keeps Setup up, every name as typed, and says which player."""
    h = ui_harness
    tap(h, "The Six Actions")
    tap(h, "New game")
    on(h, "six_setup")
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])  # top row first
    names[0].text, names[1].text = "Ann", " ann"
    tap(h, "Start")
    assert current(h) == "six_setup"
    assert message(h) == "Player 2's name is taken by Player 1: choose another."
    assert [n.text for n in names[:2]] == ["Ann", " ann"]
    shot(h, "60_setup_name_taken")
    names[1].text = ""
    tap(h, "Start")
    assert current(h) == "six_setup"
    assert message(h) == "Player 2 needs a name (1 to 20 characters)."
    shot(h, "61_setup_name_empty")
    names[1].text = "Ben"
    tap(h, "Start")
    on(h, "six_table")
    assert [p.name for p in view(h).players] == ["Ann", "Ben"]


def options_fit(h: Any) -> None:
    """Every toggle of the open table options popup is drawn whole: its words fit its box."""
    from ui.games.table_options_popup import TableOptionsPopup
    from ui.widgets.controls import BigToggle

    toggles = h.find_all(h.find(cls=TableOptionsPopup), cls=BigToggle)
    assert len(toggles) == 5
    for toggle in toggles:
        toggle.texture_update()
        width, height = toggle.texture_size
        assert width <= toggle.width and height <= toggle.height, toggle.title


def test_setup_chooses_the_table_options(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """The table options (docs/table-options.md) are shown at their defaults in their popup, a tap
    gives an option's next reading, Setup says how many differ, and the game starts with them
    (kept in its record)."""
    from ui.games.six_actions.table import table_of
    from ui.games.table_options_popup import TableOptionsPopup

    h = ui_harness
    tap(h, "The Six Actions")
    tap(h, "New game")
    on(h, "six_setup")
    toggle = button(h, "Table options")
    assert "the referee's readings" in toggle.subtitle and toggle.state == "normal"
    shot(h, "62_setup_table_options")
    tap(h, "Table options")
    h.pump_until(lambda: h.find_all(cls=TableOptionsPopup), timeout=3, what="the options popup")
    settle(h)
    for default in ("Forced loan: the full 25 Cr", "Loan at Finance top: again",
                    "A pass: final for the round",
                    "Round ends: after all tokens", "Game end: the table says"):
        button(h, default)
    shot(h, "63_table_options_defaults")
    options_fit(h)
    tap(h, "Forced loan: the full 25 Cr")
    tap(h, "Loan at Finance top: again")
    tap(h, "A pass: final for the round")
    tap(h, "Round ends: after all tokens")
    tap(h, "Game end: the table says")
    tap(h, "Game end: after round 4")
    for chosen in ("Forced loan: only what is short", "Loan at Finance top: refused",
                   "A pass: this turn only", "Round ends: after action tokens", "Game end: after round 5"):
        assert button(h, chosen).state == "down"
    shot(h, "64_table_options_chosen")
    options_fit(h)
    tap(h, "Done")
    h.pump_until(lambda: not h.find_all(cls=TableOptionsPopup), timeout=3, what="the popup to close")
    settle(h)
    toggle = button(h, "Table options")
    assert toggle.subtitle == "5 chosen by the table" and toggle.state == "down"
    shot(h, "65_setup_table_options_chosen")
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])
    names[0].text, names[1].text = "Ana", "Ben"
    tap(h, "Start")
    on(h, "six_table")
    session = table_of(h.app)._session
    assert session is not None
    assert session.game.options == SixOptions(forced_loan="shortfall", loan_at_top="refused",
                                              passing="this_turn", round_end="action_tokens", last_round=5)
