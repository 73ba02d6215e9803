"""The Five Actions on the touchscreen, in a real 800x480 Kivy window, driven by touches only.

The main test plays several rounds as a table would with the SAMPLE pack's map (2 players): Home's
game choice, Setup (a start tapped on the map), every one of the five actions through its short
steps (a Location and a station tapped on the map, a line chosen by its two Locations, a Tycoon, a
Supply's Action tiles and its earned Patent, that Patent's side on its first use), a refusal named
in the session's words, Pass, Undo (the button and the panel's Back button), and the end with the
standings.  A short game without a map asks only what the core asks (which Locations, whether each
is empty).  Every screen's screenshot goes to ``tests/_screenshots/five_actions/``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.five_actions.engine.options import FiveOptions
from readme_pictures import publish

SHOTS = "five_actions"
#: The Tycoon stacks' shuffle of every game here.
SEED = 20261201


# ---------------------------------------------------------------------------- fixtures and helpers


@pytest.fixture
def app(ui_harness: Any, tmp_path: Path) -> None:
    """The app started on a fresh store (reach it as ``ui_harness.app``: a fixture value holding
    the app would keep it alive past the harness's check that it is released)."""
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


def _plain(text: str) -> str:
    return text.replace("[b]", "").replace("[/b]", "")


def button(h: Any, label: str) -> Any:
    """The one enabled button on screen whose text starts with ``label`` (markup stripped)."""
    from ui.widgets.controls import BigButton, BigToggle

    def match(w: Any) -> bool:
        text = str(getattr(w, "title", "") if isinstance(w, BigToggle) else getattr(w, "text", ""))
        return (isinstance(w, (BigButton, BigToggle)) and _plain(text).startswith(label) and not w.disabled
                and w.opacity > 0)
    h.pump_until(lambda: h.find_all(where=match), timeout=2, what=f"a button {label!r}")
    return h.find(where=match)


def tap(h: Any, label: str) -> None:
    h.tap(button(h, label))
    settle(h)


def greyed(h: Any, label: str) -> bool:
    from ui.widgets.controls import BigButton

    found = h.find_all(where=lambda w: isinstance(w, BigButton) and _plain(str(w.text)).startswith(label))
    return bool(found) and all(w.disabled for w in found)


def message(h: Any) -> str:
    return str(h.app.message)


def view(h: Any) -> Any:
    from ui.games.five_actions.table import table_of

    return table_of(h.app).view()


def screen(h: Any) -> Any:
    return h.app.manager.current_screen


def tap_location(h: Any, ident: str) -> None:
    """Tap Location ``ident`` on the map that is on screen."""
    from ui.games.five_actions.board_map import MapView

    maps = [m for m in h.find_all(cls=MapView) if m.get_root_window() is not None and m.width > 50]
    assert maps, "no map on screen"
    m = maps[-1]
    loc = m.game_map.location(ident)
    x, y, w, hh = m.cell(loc.row, loc.col)
    h.tap_at(*m.to_window(x + w / 2, y + hh / 2))
    settle(h)


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


def confirm(h: Any, shot_name: str | None = None) -> None:
    """The confirmation: the session's sentence is shown, then Do it."""
    assert "Do it" in button(h, "Do it").text
    if shot_name:
        shot(h, shot_name)
    tap(h, "Do it")
    on(h, "five_table")


# ---------------------------------------------------------------------------- the game


def start_game(h: Any, printed: bool = False, recolour: bool = False, players: int = 2) -> None:
    shot(h, "00_home_three_games", readme="home_three_games")
    tap(h, "The Five Actions")
    tap(h, "New game")
    on(h, "five_setup")
    screen(h).seed = SEED
    if players != 2:
        h.tap(h.find(where=lambda w: getattr(w, "title", None) == str(players)))
        settle(h)
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])  # top row first
    for field, name in zip(names, ("Ana", "Ben", "Cy", "Dee")):
        field.text = name
    if recolour:
        tap(h, "Red")  # Ana's colour: the next one nobody has (Ben is Blue)
        assert button(h, "Green")
    if printed:
        tap(h, "Printed board")
        starts = sorted([w for w in h.find_all(id="start_text") if not w.disabled],
                        key=lambda w: -w.to_window(*w.pos)[1])
        for field, where in zip(starts, ("Old Mill", "Quarry")):
            field.text = where
        shot(h, "40_setup_printed")
    elif players != 2:
        shot(h, f"70_setup_{players}_players")
    else:
        shot(h, "01_setup")
        tap(h, "Harbour")
        shot(h, "02_setup_start_on_the_map")
        tap_location(h, "ridge")  # Ben starts there: not a choice
        assert screen(h).picker is not None
        tap_location(h, "hill")
        assert screen(h).picker is None
        tap(h, "Hill")  # a change of mind: back to the Harbour
        tap_location(h, "harbour")
        assert button(h, "Harbour")
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    settle(h)
    on(h, "five_table")


def panel(h: Any, seat: int) -> Any:
    return view(h).players[seat]


def pieces_at(h: Any, ident: str) -> tuple[tuple[int, str], ...]:
    return next(loc.pieces for loc in view(h).locations if loc.id == ident)


def round_one(h: Any) -> None:
    """Both build a station (Basic, then Advanced), Ana's Basic Transmission is refused (Hill holds
    her station), she sends it Advanced, Ben modulates along the yellow line."""
    tap(h, "Installation")
    on(h, "five_step")
    shot(h, "04_install_box")
    tap(h, "Basic box")
    shot(h, "05_install_where_on_the_map")
    assert {"hill"} == set(screen(h).question.picks)  # Bay is ocean: only Hill is next to the Harbour
    tap_location(h, "hill")
    shot(h, "06_install_confirm")
    assert "Ana builds on Hill" in screen(h).summary and "from $10 to $11" in screen(h).summary
    confirm(h)
    assert pieces_at(h, "hill") == ((0, "station"),) and panel(h, 0).money == 11
    assert panel(h, 0).ready == 5  # 2 tokens from the Fiber track, 1 more: Hill was empty
    shot(h, "07_table_after_install")

    tap(h, "Installation")
    tap(h, "Advanced box")
    tap_location(h, "pass")
    confirm(h)
    assert pieces_at(h, "pass") == ((1, "modulated"),) and panel(h, 1).money == 7

    # Ana: Basic along the red line is refused in the session's words, then Advanced.
    tap(h, "Transmission")
    shot(h, "08_transmit_which_station")
    tap_location(h, "harbour")
    tap(h, "Basic box")
    shot(h, "09_transmit_which_line")
    tap(h, "Red line: Hill, Tower")
    shot(h, "10_transmit_refused")
    summary = screen(h).summary
    assert "Refused" in summary and "Basic Action only if both Locations are empty" in summary
    assert greyed(h, "Do it")
    tap(h, "Back")  # the line
    tap(h, "Back")  # the box
    tap(h, "Advanced box")
    tap_location(h, "tower")  # the line is tapped on the map: where its signal ends
    confirm(h, "11_transmit_confirm")
    assert pieces_at(h, "tower") == ((0, "token"),) and panel(h, 0).ready == 3

    tap(h, "Modulation")
    tap_location(h, "pass")
    tap(h, "Basic box")
    tap(h, "Yellow line: Works, Plaza")
    confirm(h)
    assert panel(h, 1).links == 1 and pieces_at(h, "plaza") == ((1, "token"),)
    assert view(h).round == 3  # two rounds: one action each, clockwise
    tap_location(h, "plaza")  # on the table's map: what it holds
    assert "Plaza" in message(h) and "Ben's Signal token" in message(h)
    shot(h, "12_table_round_three", readme="five_actions_table")


def round_two(h: Any) -> None:
    """Ana funds (a Tycoon), Ben supplies (two tiles and an earned Patent), Ana passes, Ben uses the
    Patent box (side A: a station 2 spaces away); Undo and the panel's Back button take it back."""
    tap(h, "Funding")
    tap(h, "Basic box")
    shot(h, "13_fund_credit")
    tap(h, "Credit token 1")
    shot(h, "14_fund_row")
    tap(h, "Bank")
    shot(h, "15_fund_tycoon")
    tap(h, "Wave Lab")  # the Tycoon t1-wave
    confirm(h, "16_fund_confirm")
    assert panel(h, 0).tycoons == 2 and panel(h, 0).money == 8 + 2 + 2  # c1 uncovers one, t1-wave

    tap(h, "Supply")
    tap(h, "Credit token 3")
    tap(h, "Lab")
    shot(h, "17_supply_tile")
    assert "1 of 2" in screen(h).title
    tap(h, "Installation")
    tap(h, "Transmission")
    shot(h, "18_supply_patent")
    tap(h, "Long Reach")  # the Patent p-install-1
    confirm(h, "19_supply_confirm")
    ben = panel(h, 1)
    assert next(c for c in ben.columns if c.column == "installation").waiting == "p-install-1"

    tap(h, "Pass")
    shot(h, "20_pass_asked")
    answer_popup(h, "Pass")
    assert view(h).current == 1

    def patent_install() -> None:
        tap(h, "Installation")
        shot(h, "21_install_patent_box")
        tap(h, "Patent box")
        shot(h, "22_patent_side")
        tap(h, "Side A")
        tap_location(h, "mill")  # 2 spaces from the Ridge: the Patent's reach
        confirm(h, "23_patent_confirm")
        assert pieces_at(h, "mill") == ((1, "station"),)

    patent_install()
    tap(h, "Undo")
    assert pieces_at(h, "mill") == () and message(h).startswith("Undone: Ben's install")  # said once
    shot(h, "24_after_undo")
    assert h.app.hardware.press("back")  # the panel's Back button: Undo on the table (Ana's Pass)
    settle(h)
    assert view(h).current == 0
    tap(h, "Pass")
    answer_popup(h, "Pass")
    patent_install()
    assert view(h).round == 5


def round_three_and_the_end(h: Any) -> None:
    tap(h, "Transmission")
    tap_location(h, "hill")
    tap(h, "Basic box")
    tap(h, "Blue line: Market, School")
    assert "Do it" in button(h, "Do it").text
    assert h.app.hardware.press("transmit")  # the panel's Transmit button confirms (Enter)
    on(h, "five_table")
    assert pieces_at(h, "school") == ((0, "token"),) and "north" in panel(h, 0).flags
    tap(h, "Pass")
    answer_popup(h, "Pass")
    shot(h, "25_table_round_six")
    tap(h, "Menu")
    answer_popup(h, "End the game")
    shot(h, "26_end_asked")
    answer_popup(h, "End the game")
    on(h, "five_end")
    shot(h, "27_standings")
    standings = screen(h).standings
    assert "Ana" in standings and "Ben" in standings and "Patent icon" in standings
    tap(h, "Home")
    on(h, "home")
    games = h.app.history.games()
    assert [(g.game, g.result) for g in games] == [("five-actions", "won")]


def test_several_rounds_on_the_map_by_touch(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    h = ui_harness
    start_game(h)
    shot(h, "03_table_first_turn")
    v = view(h)
    assert [p.name for p in v.players] == ["Ana", "Ben"] and v.current == 0
    assert "Ana's turn" in screen(h).turn_text
    assert greyed(h, "Modulation")  # no Modulated station yet: said under the button
    round_one(h)
    round_two(h)
    round_three_and_the_end(h)


def type_name(h: Any, name: str) -> None:
    """Type a printed Location's name in the Step screen's box and tap OK."""
    box = h.find(where=lambda w: type(w).__name__ == "TextInput" and w.hint_text == "the Location's name")
    box.text = name
    tap(h, "OK")


def test_a_short_game_on_the_printed_board(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """No map: the steps ask only what the core asks (the Location's name, whether it is empty, its
    reward track and bonus dollars); the referee still refuses 'empty' where it knows a piece."""
    h = ui_harness
    start_game(h, printed=True)
    shot(h, "41_printed_table")
    assert not view(h).has_map or view(h).layout == "printed"
    assert not screen(h).has_map  # no map drawn: the panels take the width

    tap(h, "Installation")
    tap(h, "Basic box")
    shot(h, "42_printed_install_name")
    tap(h, "OK")  # nothing typed: said, nothing asked next
    assert "Location's name" in message(h)
    type_name(h, "Ferry")
    shot(h, "43_printed_empty")
    tap(h, "Yes: empty")
    shot(h, "44_printed_reward")
    tap(h, "Fiber")
    shot(h, "45_printed_bonus")
    tap(h, "$2")
    confirm(h, "46_printed_confirm")
    ana = panel(h, 0)
    assert ana.money == 12 and ana.ready == 5 and ana.stations_left == 6

    def transmit(box: str, ferry_empty: bool) -> None:
        tap(h, "Transmission")
        tap(h, "Quarry")
        tap(h, box)
        type_name(h, "Hilltop")
        tap(h, "Yes: empty")
        tap(h, "$0")
        shot(h, "47_printed_second")
        tap(h, "A second Location")
        if ferry_empty:
            type_name(h, "ferry")  # any spelling of the printed name
        else:
            tap(h, "Ferry")  # named before: a quick pick
        tap(h, "Yes: empty" if ferry_empty else "No: occupied")
        tap(h, "$1")

    transmit("Basic box", ferry_empty=True)
    shot(h, "48_printed_refused")
    assert "Ferry is not empty: it holds Ana's station" in screen(h).summary and greyed(h, "Do it")
    tap(h, "Back")  # the bonus
    tap(h, "Back")  # whether it is empty
    tap(h, "No: occupied")
    tap(h, "$1")
    assert "Basic Action only if both Locations are empty" in screen(h).summary
    tap(h, "Cancel")
    on(h, "five_table")
    transmit("Advanced box", ferry_empty=False)
    confirm(h, "49_printed_transmit_confirm")
    ben = panel(h, 1)
    assert ben.ready == 0 and sorted(ben.tokens) == ["ferry", "hilltop"]
    assert ben.money == 10 - 3 + 1  # the Advanced box, then Ferry's bonus: Ben had no piece there
    shot(h, "50_printed_after")
    from ui.games.five_actions.table_screen import FivePlayerCard

    figures = {card.name: card.figures for card in h.find_all(cls=FivePlayerCard)}
    assert "On: Ferry, Old Mill" in figures["Ana"] and "Tokens: Ferry, Hilltop" in figures["Ben"]


def test_a_game_resumes_after_the_power_goes(ui_harness: Any, tmp_path: Path, no_ui_errors: None) -> None:
    """Every action is saved as it happens: the next start offers the game and it comes back as it
    was, colours included."""
    from ui.app import CompanionApp

    h = ui_harness
    path = tmp_path / "store.sqlite3"
    h.start(CompanionApp(store_path=path))
    settle(h)
    start_game(h, recolour=True)
    tap(h, "Installation")
    tap(h, "Basic box")
    tap_location(h, "hill")
    confirm(h)
    before = view(h)
    h.stop()  # the power goes: nothing else is written

    h.start(CompanionApp(store_path=path))
    settle(h)
    from ui.popups import ChoicePopup

    h.pump_until(lambda: h.find_all(cls=ChoicePopup), timeout=5, what="the resume offer")
    popup = h.find(cls=ChoicePopup)
    assert "The Five Actions" in popup.text and "Ana, Ben" in popup.text
    shot(h, "60_resume_offer")
    answer_popup(h, "Resume")
    on(h, "five_table")
    assert view(h).players == before.players and view(h).current == 1
    from ui.games.five_actions.table import table_of

    assert table_of(h.app).colours() == ("green", "blue")
    shot(h, "61_resumed")


def test_four_players_share_the_table(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """Four panels beside the map; the Credit rows' "3+" and "4" spaces are open to four players."""
    h = ui_harness
    start_game(h, players=4)
    shot(h, "71_table_four_players")
    v = view(h)
    assert [p.name for p in v.players] == ["Ana", "Ben", "Cy", "Dee"]
    assert [loc.pieces for loc in v.locations if loc.id == "summit"] == [((3, "station"),)]
    tap(h, "Funding")
    tap(h, "Basic box")
    tap(h, "Credit token 4")
    shot(h, "72_fund_row_four_players")
    assert "4 of 4 free" in button(h, "Bank").text and "the \"4\" used" in screen(h).prompt
    tap(h, "Bank")
    tap(h, "No Tycoon tile")  # no active Tycoon: $2 and no tile
    confirm(h)
    assert view(h).players[0].money == 12 and view(h).current == 1
    shot(h, "73_table_four_players_after")


def test_the_table_says_each_tycoon_tile_it_draws(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """Our own Tycoon stacks: the display is filled by the tiles the table says it drew (the five
    actions wait meanwhile), each chosen from the tiles of the stack's level not yet seen."""
    h = ui_harness
    tap(h, "The Five Actions")
    tap(h, "New game")
    on(h, "five_setup")
    tap(h, "Own Tycoon stacks")
    shot(h, "80_setup_own_stacks")
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    on(h, "five_table")
    assert "draw a level-1 tile" in message(h)
    shot(h, "81_table_waits_for_a_draw")
    assert not h.find_all(where=lambda w: _plain(str(getattr(w, "text", ""))).startswith("Installation"))
    said: list[str] = []
    while view(h).pending_draw is not None:
        level = view(h).pending_draw
        tap(h, "Tycoon drawn")
        if not said:
            shot(h, "82_which_tile_drawn")
        options = [o for o in screen(h).question.options if o.enabled]
        assert options and all(o.value.startswith(f"t{level}-") for o in options)
        assert not set(said) & {o.value for o in options}  # a tile said already is not offered
        said.append(options[0].value)
        tap(h, options[0].label)
        confirm(h)
    assert sorted(t for _, tiles in view(h).display for t in tiles) == sorted(said)
    assert button(h, "Installation")  # the turn goes on
    shot(h, "83_display_filled")


def test_setup_says_which_players_name_is_wrong(ui_harness: Any, app: None, no_ui_errors: None) -> None:
    """A name twice or an empty name keeps Setup up, every name as typed, and says which player."""
    h = ui_harness
    tap(h, "The Five Actions")
    tap(h, "New game")
    on(h, "five_setup")
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])  # top row first
    names[0].text, names[1].text = "Ann", "ANN "
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    settle(h)
    assert current(h) == "five_setup"
    assert message(h) == "Player 2's name is taken by Player 1: choose another."
    assert [n.text for n in names[:2]] == ["Ann", "ANN "]
    shot(h, "90_setup_name_taken")
    names[0].text = "  "
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    settle(h)
    assert current(h) == "five_setup"
    assert message(h) == "Player 1 needs a name (1 to 20 characters)."
    shot(h, "91_setup_name_empty")
    names[0].text, names[1].text = "Ann", "Ben"
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    on(h, "five_table")
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
    gives the other reading, Setup says how many differ, and the game starts with them (kept in
    its record)."""
    from ui.games.five_actions.table import table_of
    from ui.games.table_options_popup import TableOptionsPopup

    h = ui_harness
    tap(h, "The Five Actions")
    tap(h, "New game")
    on(h, "five_setup")
    assert button(h, "Table options").subtitle == "the referee's readings"
    shot(h, "92_setup_table_options_default")
    tap(h, "Table options")
    h.pump_until(lambda: h.find_all(cls=TableOptionsPopup), timeout=3, what="the options popup")
    settle(h)
    defaults = ("Advanced: always", "Own token site: needs a neighbour", "Taken tile's space: free",
                "Face-down Tycoon: up to your count", "Game end: after any turn")
    for label in defaults:
        assert button(h, label).state == "normal"
    shot(h, "93_table_options_defaults")
    options_fit(h)
    for label in defaults:
        tap(h, label)
    chosen = ("Advanced: if occupied", "Own token site: token enough", "Taken tile's space: paid",
              "Face-down Tycoon: any level", "Game end: at a round's end")
    for label in chosen:
        assert button(h, label).state == "down"
    shot(h, "94_table_options_chosen")
    options_fit(h)
    tap(h, "Done")
    h.pump_until(lambda: not h.find_all(cls=TableOptionsPopup), timeout=3, what="the popup to close")
    settle(h)
    assert button(h, "Table options").subtitle == "5 chosen by the table"
    tap(h, "Printed board")
    names = sorted(h.find_all(id="name"), key=lambda w: -w.to_window(*w.pos)[1])
    names[0].text, names[1].text = "Ana", "Ben"
    starts = sorted([w for w in h.find_all(id="start_text") if not w.disabled],
                    key=lambda w: -w.to_window(*w.pos)[1])
    starts[0].text, starts[1].text = "Old Mill", "Quarry"
    shot(h, "95_setup_table_options")
    h.tap(h.find(where=lambda w: getattr(w, "text", None) == "Start"))
    settle(h)
    on(h, "five_table")
    session = table_of(h.app)._session
    assert session is not None
    assert session.game.options == FiveOptions(advanced_needs_occupied=True, own_token_site="foothold",
                                               box_cost="after_taking", face_down_level="any",
                                               game_end="round_end")
