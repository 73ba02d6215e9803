"""The short steps behind the Six Actions' buttons (:mod:`ui.games.six_actions.flows`), on a real
session's views, without a window: what each step asks, what it greys out, and that the answers make
actions the referee plays."""

from __future__ import annotations

from companion.games.six_actions.content.loader import default_content
from companion.games.six_actions.session import Seat, Session
from ui.games.six_actions.flows import FLOWS, action_of, describe, next_question, plus_needed

CONTENT = default_content()


def new_session(layout: str = "map") -> Session:
    return Session.new(CONTENT, [Seat("Ana", "red"), Seat("Ben", "blue")], tycoon=0, seed=7, layout=layout)


def answer_all(kind: str, session: Session, choose: dict[str, object] | None = None) -> dict[str, object]:
    """Answer every step of ``kind`` with ``choose``'s value or the first enabled option."""
    answers: dict[str, object] = {}
    for _ in range(10):
        question = next_question(kind, session.view(), answers)
        if question is None:
            return answers
        if choose and question.key in choose:
            answers[question.key] = choose[question.key]
            continue
        enabled = [o for o in question.options if o.enabled]
        assert enabled, f"{kind}: no option to choose at {question.key}"
        answers[question.key] = enabled[0].value
    raise AssertionError(f"{kind} never finished asking")


def test_every_flow_asks_then_makes_an_action_the_referee_accepts_or_explains() -> None:
    for kind in FLOWS:
        session = new_session()
        answers = answer_all(kind, session, {"promoters": 2, "amount": 5, "space": "sales_3"}
                            if kind != "strategy" else {"space": "admin_action"})
        action = action_of(kind, session.view(), answers)
        quote = session.preview(action)
        assert quote.ok or quote.reason, kind
        words = {k: str(v) for k, v in answers.items()}
        assert describe(kind, session.view(), answers, words).endswith(".")


def test_build_asks_card_then_city_and_greys_an_occupied_one() -> None:
    session = new_session()
    answers = answer_all("build", session)
    assert session.play(action_of("build", session.view(), answers))
    city = answers["city"]
    # Ben's Build: Ana's city is shown, greyed, with whose plant it holds.
    question = next_question("build", session.view(), {"card": session.view().players[1].industries[0].id})
    assert question is not None and question.key == "city"
    taken = next(o for o in question.options if o.value == city)
    assert not taken.enabled and "Ana" in taken.detail


def test_the_printed_board_asks_the_name_and_the_road_for_power_and_transport() -> None:
    session = new_session("printed")
    player = session.view().players[0]
    card = player.industries[0]
    question = next_question("build", session.view(), {"card": card.id})
    assert question is not None and question.text
    after = next_question("build", session.view(), {"card": card.id, "city": "Port Royal"})
    if {"power", "transport"} & set(card.icons):
        assert after is not None and after.key == "road_cities" and after.number == (1, 60)
    else:
        assert after is None


def test_muster_offers_one_to_six_within_the_hand_and_strategy_shows_covered_spaces() -> None:
    session = new_session()
    question = next_question("muster", session.view(), {})
    assert question is not None and [o.value for o in question.options] == [1, 2, 3, 4, 5, 6]
    assert session.muster(5)
    session.pass_turn()  # Ben passes; Ana again
    assert session.strategy("sales_3", amount=20)  # Ana's Strategy Pool: 5 - 3 = 2
    view = session.view()
    question = next_question("strategy", view, {})
    assert question is not None
    sales = next(o for o in question.options if o.value == "sales_3")
    assert not sales.enabled and "covered by Ana" in sales.detail
    admin = next(o for o in question.options if o.value == "admin_action")
    assert admin.enabled  # Administration is never covered, and 2 Promoters pay for it


def test_strategy_greys_a_space_the_pool_cannot_pay_for_saying_why() -> None:
    session = new_session()
    question = next_question("strategy", session.view(), {})  # Ana's Strategy Pool is empty
    assert question is not None
    assert not any(o.enabled for o in question.options)
    admin = next(o for o in question.options if o.value == "admin_action")
    assert admin.detail == "needs 2 Promoters · your Strategy Pool has 0"
    assert session.muster(4)
    session.pass_turn()  # Ben passes; Ana again, 4 in her pool
    question = next_question("strategy", session.view(), {})
    assert question is not None
    enabled = {o.value for o in question.options if o.enabled}
    assert enabled == {s.id for s in session.view().spaces if s.cost <= 4}


def test_a_second_action_in_a_turn_needs_the_plus_token() -> None:
    session = new_session()
    view = session.view()
    assert not plus_needed(view, "loan")
    assert session.loan()
    view = session.view()
    if view.current == 0:  # still Ana's turn (a +1 token could be used): only with it
        assert plus_needed(view, "muster")
