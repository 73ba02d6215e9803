"""The Six Actions' table session: intents, events, per-seat secrecy, the store and resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.catalog import game_named
from companion.games.six_actions.engine.actions import Build
from companion.games.six_actions.engine.state import Phase
from companion.games.six_actions.events import Changed, ForcedLoan, GameOver, MeritDrawn, Refused, RoundEnded
from companion.games.six_actions.info import GAME
from companion.games.six_actions.session import Seat, Session
from companion.games.six_actions.stored import KEEPER, describe, progress
from companion.table.events import ActionPlayed, Event
from companion.table.store import Store
from six_support import CONTENT

SEATS = [Seat("Ana", "red"), Seat("Ben", "blue")]


def _session(**options: object) -> tuple[Session, list[Event]]:
    session = Session.new(CONTENT, SEATS, seed=5, **options)  # type: ignore[arg-type]
    events: list[Event] = []
    session.subscribe(events.append)
    return session, events


def test_the_game_is_registered_with_its_keeper() -> None:
    assert game_named("six-actions") is GAME and GAME.keeper is KEEPER and GAME.title == "The Six Actions"
    assert GAME.load_content(None) == CONTENT


def test_a_refused_intent_says_why_and_changes_nothing() -> None:
    session, events = _session()
    before = session.game.state.copy()
    assert not session.muster(7)
    assert events == [Refused("Muster moves 1 to 6 Promoters, not 7.")]
    assert session.view().message == "Muster moves 1 to 6 Promoters, not 7." and session.game.state == before


def test_an_intent_announces_its_actions_and_ends_with_changed() -> None:
    session, events = _session()
    assert session.muster(2)
    assert [type(e) for e in events] == [ActionPlayed, ActionPlayed, MeritDrawn, Changed]
    assert events[0] == ActionPlayed({"kind": "muster", "promoters": 2, "plus": False})


def test_merit_cards_are_seen_only_on_their_players_screen() -> None:
    session, _ = _session()
    session.muster(2)
    table = session.view()
    assert table.players[0].merit_count == 1 and table.own_merit == ()
    mine = session.view(seat=0)
    assert len(mine.own_merit) == 1 and session.view(seat=1).own_merit == () and table.own_merit_cards == ()
    card = mine.own_merit_cards[0]
    assert card.id == session.game.state.players[0].merit[0] and card.name == mine.own_merit[0] and card.text
    assert table.seed is None  # the seed orders the Merit deck: shown once the game is over


def test_a_forced_loan_and_the_round_end_are_events() -> None:
    session, events = _session()
    card = session.game.state.players[0].industries[0]
    session.adjust(0, "Dividends", money=-19, counterparty=1)
    events.clear()
    quote = session.preview(Build(card, "coldwell"))
    assert quote.ok and quote.loans == 1 and quote.payments[0].payer == "bank"
    assert session.build(card, "coldwell")
    assert any(isinstance(e, ForcedLoan) and e.seat == 0 and e.notes == 1 for e in events)
    assert "forced Emergency Loan" in session.message
    session.pass_turn()
    session.pass_turn()
    assert any(isinstance(e, RoundEnded) for e in events) and session.view().phase is Phase.ROUND_END


def test_a_whole_short_game_to_the_settlement() -> None:
    session, events = _session()
    assert session.loan() and session.pass_turn() and session.pass_turn()
    assert session.adjust(1, "Revenue", money=40) and session.end_game()
    assert session.view().settlement[0].notes == 1
    assert session.settle(0, 1) and session.settle(1, 0)
    assert session.over and isinstance(events[-2], GameOver)
    assert progress(session).result == "won" and session.view().seed == 5


def test_undo_through_the_session() -> None:
    session, _ = _session()
    assert not session.undo() and "nothing has been played yet" in session.message
    session.loan()
    assert session.view().can_undo and session.undo()
    assert session.game.state.players[0].notes == 0


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        ([Seat("Ana", "red")], "2 to 5 players"),
        ([Seat("Ana", "red"), Seat("ana", "blue")],
         r"^Player 2's name is taken by Player 1: choose another\.$"),
        ([Seat("Ana", "red"), Seat("Ben", "red")], "different colour"),
        ([Seat("Ana", "red"), Seat("", "blue")], r"^Player 2 needs a name \(1 to 20 characters\)\.$"),
    ],
)
def test_a_bad_setup_is_a_sentence(seats: list[Seat], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Session.new(CONTENT, seats)


def test_every_action_is_saved_and_the_game_resumes_after_a_power_cut(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    store = Store.open(path)
    session, _ = _session()
    store.begin(session, KEEPER)
    session.muster(3)
    session.loan()
    session.share(0)
    store.close()  # the power goes; nothing more is written

    store = Store.open(path)
    saved = store.unfinished()
    assert saved is not None and saved.game == "six-actions"
    assert saved.summary.difficulty == "2 players" and saved.summary.layout == "map"
    assert describe(saved).startswith("2 players, started ")
    resumed = store.resume(saved, KEEPER, CONTENT, None)
    assert resumed.game.state == session.game.state and resumed.game.actions == session.game.actions
    assert resumed.message == session.message
    resumed.pass_turn()
    store.close()
    again = Store.open(path)
    latest = again.unfinished()
    assert latest is not None and len(latest.record["actions"]) == len(resumed.game.actions)
    again.close()


def test_the_printed_board_game_resumes_too(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.sqlite3")
    session = Session.new(CONTENT, SEATS, seed=9, layout="printed")
    store.begin(session, KEEPER)
    card = session.game.state.players[0].industries[0]
    assert session.build(card, "Port Azure", road_cities=2)
    saved = store.unfinished()
    assert saved is not None
    assert store.resume(saved, KEEPER, CONTENT, None).game.state == session.game.state
    store.close()


def test_physical_decks_wait_for_the_table_to_say_which_card() -> None:
    session = Session.new(CONTENT, SEATS, seed=2, physical_decks=True)
    assert session.view().pending_draw == "industry" and not session.muster(1)
    assert not session.draw("no-such-card") and "not in the industry pile" in session.message
    while (pending := session.view().pending_draw) is not None:
        assert session.draw(session.game.state.piles[pending][-1])  # any card of the pile, not the top
    assert session.view().phase is Phase.TURN and session.muster(1)
    assert session.view().pending_draw == "merit"
    assert session.draw("windfall") and session.view(seat=0).own_merit == ("Windfall",)


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
            assert session.muster(2), session.view().message
        if undo:
            assert session.undo(), session.view().message
        if moves and not undo:
            assert progress(session).transmissions_used == session.game.state.round == 1
        saved = store.unfinished()
        assert saved is not None and describe(saved).endswith("round 1.")
        store.abandon(saved.id)
        game = store.games()[0]
        shown.append((game.shown_result, game.counted))
    assert shown == [("abandoned", False), ("abandoned", False), ("left", True)]
    store.close()
