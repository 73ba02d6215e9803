"""The Five Actions' table session: intents that refuse with a sentence, events, the view, physical
Tycoon stacks, undo, the game store and resume after a power cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.catalog import game_named
from companion.games.five_actions.events import Changed, GameOver, Refused
from companion.games.five_actions.info import GAME
from companion.games.five_actions.session import Session
from companion.games.five_actions.stored import KEEPER, progress
from companion.table.events import ActionPlayed, Event
from companion.table.store import Store
from five_support import CONTENT


def _session(**kwargs: object) -> tuple[Session, list[Event]]:
    session = Session.new(CONTENT, ["Ana", "Ben"], ["harbour", "ridge"], seed=5, **kwargs)  # type: ignore[arg-type]
    events: list[Event] = []
    session.subscribe(events.append)
    return session, events


def test_the_game_is_registered_with_its_keeper() -> None:
    assert game_named("five-actions") is GAME and GAME.keeper is KEEPER and GAME.title == "The Five Actions"
    assert GAME.load_content(None).id == CONTENT.id


def test_a_refused_intent_says_why_and_changes_nothing() -> None:
    session, events = _session()
    before = session.game.state.copy()
    assert not session.install("tower", "basic")
    assert session.game.state == before and len(events) == 1 and isinstance(events[0], Refused)
    assert events[0].message == session.message
    assert session.message.startswith("Tower is not orthogonally adjacent") and session.message.endswith(".")


def test_an_intent_announces_its_actions_and_ends_with_changed() -> None:
    session, events = _session()
    assert session.fund("c1", "bank", "basic", tycoon=session.game.state.display[1][0])
    kinds = [e.action["kind"] for e in events if isinstance(e, ActionPlayed)]
    assert kinds == ["fund", "draw"]  # the display refilled from the seeded stack
    assert isinstance(events[-1], Changed) and "Ben's turn" in events[-1].message


def test_the_view_has_a_panel_per_player_the_map_and_each_boxs_cost() -> None:
    session, _ = _session()
    session.install("hill", "advanced")
    view = session.view()
    ana, ben = view.players
    assert (ana.money, ana.stations_left, ana.ready) == (10 - 3 + 1, 6, 5) and not ana.is_current
    assert ben.is_current and view.current == 1 and view.has_map and view.layout == "map"
    hill = next(loc for loc in view.locations if loc.id == "hill")
    assert hill.pieces == ((0, "modulated"),) and hill.bonus == "$1"
    quote = next(q for q in view.quotes if q.column == "installation" and q.box == "advanced")
    assert quote.ok and quote.dollars == 3  # Ben's column still holds 2 tiles
    assert not next(q for q in view.quotes if q.box == "patent").ok
    assert view.can_undo and view.pending_draw is None and len(view.display) == 3


def test_physical_stacks_wait_for_the_table_to_say_each_tile() -> None:
    session, _ = _session(physical_stacks=True)
    view = session.view()
    assert view.pending_draw == 1 and not any(t for _, t in view.display)
    assert not session.pass_turn() and "First the Tycoon tile" in session.message
    assert not session.draw("t3-orbit")  # not in the level-1 stack
    for level, tiles in sorted(session.game.state.stacks.items()):
        for tile in tiles[: CONTENT.setup.display]:
            assert session.draw(tile), session.message
            assert tile in session.game.state.display[level]
    assert session.view().pending_draw is None and session.pass_turn()


def test_undo_through_the_session() -> None:
    session, events = _session()
    assert not session.undo() and "Nothing can be undone" in session.message
    session.install("hill", "basic")
    assert session.undo() and session.game.state.players[0].stations == {"harbour": False}
    assert session.game.state.current == 0


def test_ending_the_game_gives_the_standings() -> None:
    session, events = _session()
    assert session.end_game() and session.over and any(isinstance(e, GameOver) for e in events)
    assert [s.name for s in session.view().standings] == ["Ana", "Ben"]


@pytest.mark.parametrize(
    ("names", "starts", "problem"),
    [
        (["Ana"], ["harbour"], "for 2 to 4 players, not 1"),
        (["Ana", "ana"], ["harbour", "ridge"], r"^Player 2's name is taken by Player 1: choose another\.$"),
        (["Ana", "Ben", " "], ["harbour", "ridge", "mill"],
         r"^Player 3 needs a name \(1 to 20 characters\)\.$"),
        (["Ana", "Ben"], ["harbour", "bay"], "Bay is an ocean space"),
        (["Ana", "Ben"], ["harbour", "moon"], "no Location 'moon'"),
        (["Ana", "Ben"], ["harbour"], "Each player needs a starting Location"),
        (["Ana", "Ben"], ["harbour", "harbour"],
         "Harbour is Ana's starting Location: each player starts on a Location of their own"),
    ],
)
def test_a_bad_setup_is_a_sentence(names: list[str], starts: list[str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Session.new(CONTENT, names, starts)


def test_on_the_printed_board_two_players_cannot_start_on_one_location() -> None:
    """The window's Setup greys a Location already chosen; the engine refuses it too (X3: the terminal and
    a scenario let two first stations share one)."""
    with pytest.raises(ValueError, match="Old Mill is Ana's starting Location"):
        Session.new(CONTENT, ["Ana", "Ben"], ["Old Mill", "old  mill"], layout="printed")


def test_every_action_is_saved_and_the_game_resumes_after_a_power_cut(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    store = Store.open(path)
    session, _ = _session()
    store.begin(session, KEEPER)
    session.install("hill", "basic")
    session.transmit("ridge", "advanced", line="green", direction="back")
    session.supply("c3", "lab", ["installation", "funding"], patent="p-fund-1")
    store.close()  # the power goes off

    store = Store.open(path)
    saved = store.unfinished()
    assert saved is not None and saved.game == "five-actions" and saved.summary.difficulty == "2 players"
    resumed = store.resume(saved, KEEPER, CONTENT, None)
    assert resumed.game.state == session.game.state and resumed.message == session.message
    row = progress(resumed)
    # Locations held: Harbour and Hill, Ridge and Works, of the map's 20
    assert (row.transmissions_used, row.missions_completed, row.missions_total) == (2, 4, 20)
    resumed.end_game()
    store.close()
    again = Store.open(path)
    assert again.unfinished() is None and again.games()[0].result == "won"
    again.close()


def test_the_printed_board_game_resumes_too(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.sqlite3")
    session = Session.new(CONTENT, ["Ana", "Ben"], ["Lighthouse", "Old Mill"], seed=2, layout="printed")
    store.begin(session, KEEPER)
    assert session.install("Harbour", "basic", empty=True, reward="fiber", bonus=1), session.message
    saved = store.unfinished()
    assert saved is not None and saved.summary.layout == "printed"
    assert store.resume(saved, KEEPER, CONTENT, None).game.state == session.game.state
    store.close()


def test_the_view_says_where_a_station_may_go_and_where_each_line_sends_a_signal() -> None:
    session = Session.new(CONTENT, ["Ana", "Ben"], ["square", "ridge"], seed=1)
    view = session.view()
    assert view.reachable == ("tower", "market", "depot", "plaza")
    paths = {(p.line, p.direction): (p.reached, p.lost) for p in view.signals}
    assert paths[("green", "forward")] == (("depot", "works"), "")
    assert paths[("green", "back")][0] == ("market",) and "Lost signal" in paths[("green", "back")][1]


def test_a_preview_says_what_an_action_would_do_and_changes_nothing() -> None:
    from companion.games.five_actions.engine.actions import Install

    session, events = _session()
    before = session.game.state.copy()
    preview = session.preview(Install("hill", "advanced"))
    assert preview.ok and preview.money == (8, 10) and "builds on Hill" in preview.said
    refused = session.preview(Install("tower", "basic"))
    assert not refused.ok and refused.reason.startswith("Tower is not orthogonally adjacent")
    assert session.game.state == before and not events and len(session.game.actions) == 7


def test_a_power_cut_while_the_table_draws_a_tycoon_resumes_waiting_for_it(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.sqlite3")
    session, _ = _session(physical_stacks=True)
    store.begin(session, KEEPER)
    for _level, tiles in sorted(session.game.state.stacks.items()):
        for tile in tiles[: CONTENT.setup.display]:
            assert session.draw(tile)
    assert session.fund("c1", "bank", "basic", face_down=1)  # the table now draws the kept tile
    store.close()
    store = Store.open(tmp_path / "s.sqlite3")
    saved = store.unfinished()
    assert saved is not None
    resumed = store.resume(saved, KEEPER, CONTENT, None)
    assert resumed.physical and resumed.view().pending_draw == 1
    assert resumed.game.state == session.game.state
    assert resumed.draw(resumed.game.state.stacks[1][-1]) and resumed.game.state.players[0].money == 14
    store.close()


def test_supply_needs_counts_the_new_credit_token_and_changes_nothing() -> None:
    session, events = _session()
    before = session.game.state.copy()
    plain = session.supply_needs("c4", "bank")
    assert (plain.tiles, plain.patents, plain.reason) == (2, (), "")
    factory = session.supply_needs("c4", "industry")  # a Credit token in a Factory row is a Factory
    assert factory.tiles == 3
    uncovered = session.supply_needs("c3", "bank")  # taking c3 uncovers a Scientist: a Patent is earned
    assert uncovered.tiles == 2 and "p-install-1" in uncovered.patents
    assert len(uncovered.patents) == len(set(uncovered.patents))
    wrong = session.supply_needs("c9", "bank")
    assert wrong.tiles == 0 and "no Credit token on board space 'c9'" in wrong.reason
    assert session.game.state == before and not events
    assert session.supply("c4", "industry", ["installation", "transmission", "funding"])


def test_the_colours_are_kept_with_the_table_state() -> None:
    session, _ = _session()
    session.colours = ("blue", "yellow")
    again = Session.from_record(CONTENT, session.record(), session.table_state())
    assert again.colours == ("blue", "yellow")
    assert Session.from_record(CONTENT, session.record(), {"colours": "red"}).colours == ()


def test_a_game_given_up_before_any_move_is_abandoned_not_a_loss(tmp_path: Path) -> None:
    """The store counts a game once a move is in effect (store_rows.counts): one given up with no move
    played, or with its only move undone, is abandoned and outside the figures; after a move it is left,
    counted as not won (as Incoming Transmission's before and after its first transmission)."""
    store = Store.open(tmp_path / "store.sqlite3")
    shown = []
    for moves, undo in ((0, False), (1, True), (1, False)):
        session, _ = _session()
        store.begin(session, KEEPER)
        assert progress(session).transmissions_used == 0
        for _ in range(moves):
            assert session.install("hill", "basic"), session.message
        if undo:
            assert session.undo(), session.message
        if moves and not undo:
            assert progress(session).transmissions_used == session.game.state.round == 1
        saved = store.unfinished()
        assert saved is not None
        store.abandon(saved.id)
        game = store.games()[0]
        shown.append((game.shown_result, game.counted))
    assert shown == [("abandoned", False), ("abandoned", False), ("left", True)]
    store.close()
