"""The short steps behind the Five Actions' buttons (:mod:`ui.games.five_actions.flows`), on a real
session's views, without a window: what each step asks, what it greys out, and that the answers make
actions the referee plays (or refuses with the rule)."""

from __future__ import annotations

from companion.games.five_actions.content.loader import default_content
from companion.games.five_actions.session import Session, SupplyNeeds
from ui.games.five_actions.flows import action_of, box_effect, next_question

CONTENT = default_content()


def new_session(layout: str = "map") -> Session:
    starts = ["harbour", "ridge"] if layout == "map" else ["Old Mill", "Quarry"]
    return Session.new(CONTENT, ["Ana", "Ben"], starts, seed=7, layout=layout)


def answer_all(kind: str, session: Session, choose: dict[str, object]) -> dict[str, object]:
    """Answer every step of ``kind`` with ``choose``'s value or the first enabled option."""
    answers: dict[str, object] = {}
    for _ in range(14):
        needs = None
        if kind == "supply" and "credit" in answers and "row" in answers:
            needs = session.supply_needs(str(answers["credit"]), str(answers["row"]))
        question = next_question(kind, session.view(), answers, CONTENT, needs)
        if question is None:
            return answers
        if question.key in choose:
            answers[question.key] = choose[question.key]
            continue
        enabled = [o for o in question.options if o.enabled]
        assert enabled, f"{kind}: no option to choose at {question.key}"
        answers[question.key] = enabled[0].value
    raise AssertionError(f"{kind} never finished asking")


def test_installation_offers_only_where_the_player_may_build_and_greys_the_patent_box() -> None:
    session = new_session()
    view = session.view()
    box = next_question("install", view, {}, CONTENT)
    assert box is not None and box.key == "box"
    patent = next(o for o in box.options if o.value == "patent")
    assert not patent.enabled and "no Patent waits" in patent.detail
    where = next_question("install", view, {"box": "basic"}, CONTENT)
    assert where is not None and where.picks == view.reachable == ("hill",)
    answers = answer_all("install", session, {"box": "basic"})
    assert session.play(action_of("install", view, answers))
    assert session.view().locations[1].pieces == ((0, "station"),)


def test_a_line_is_offered_with_what_it_reaches_and_what_is_lost() -> None:
    session = new_session()
    session.install("hill", "basic")
    session.pass_turn()
    question = next_question("transmit", session.view(), {"station": "hill", "box": "basic"}, CONTENT)
    assert question is not None and question.key == "path"
    lost = next(o for o in question.options if o.value == ("red", "back"))
    assert lost.label == "Red line: Harbour" and "Lost signal" in lost.detail and lost.at == ("harbour",)
    assert "market" in question.picks and question.lit == ("hill",)


def test_supply_asks_as_many_tiles_as_it_brings_then_the_earned_patent() -> None:
    session = new_session()
    needs = session.supply_needs("c3", "lab")
    assert needs.tiles == 2 and needs.patents
    answers = answer_all("supply", session, {"credit": "c3", "row": "lab"})
    assert [k for k in answers if k.startswith("tile_")] == ["tile_1", "tile_2"] and "patent" in answers
    action = action_of("supply", session.view(), answers, needs)
    assert session.play(action) and session.view().players[0].patents == 1
    none = SupplyNeeds(0, ())
    assert next_question("supply", session.view(), {"credit": "c4", "row": "bank"}, CONTENT, none) is None


def test_a_waiting_patent_asks_its_side_and_plays_its_effect() -> None:
    session = new_session()
    session.supply("c3", "lab", ["installation", "transmission"], "p-install-1")
    session.pass_turn()
    view = session.view()
    side = next_question("install", view, {"box": "patent"}, CONTENT)
    assert side is not None and side.key == "side" and "2 spaces away" in side.options[0].detail
    assert box_effect("install", view, {"box": "patent", "side": "A"}, CONTENT) == "reach"
    where = next_question("install", view, {"box": "patent", "side": "A"}, CONTENT)
    assert where is not None and "tower" in where.picks  # 2 spaces from the Harbour


def test_the_printed_board_asks_only_names_empty_reward_and_bonus() -> None:
    session = new_session("printed")
    keys = []
    answers: dict[str, object] = {}
    picks = {"box": "basic", "location": "Ferry", "empty": True, "reward": "fiber", "bonus": 2}
    while (question := next_question("install", session.view(), answers, CONTENT)) is not None:
        keys.append(question.key)
        answers[question.key] = picks[question.key]
    assert keys == ["box", "location", "empty", "reward", "bonus"]
    assert session.play(action_of("install", session.view(), answers))
    named = next_question("transmit", session.view(), {"station": "quarry", "box": "basic"}, CONTENT)
    assert named is not None and named.text and "Ferry" in [o.label for o in named.options]


def test_a_pattern_patent_asks_its_locations_on_the_map() -> None:
    session = new_session()
    session.supply("c3", "lab", ["installation", "transmission"], "p-transmit-1")
    session.pass_turn()
    chosen = {"station": "harbour", "box": "patent", "side": "A"}
    assert box_effect("transmit", session.view(), chosen, CONTENT) == "pattern"
    first = next_question("transmit", session.view(), chosen, CONTENT)
    assert first is not None and first.key == "loc_1" and "bay" not in first.picks  # ocean
    second = next_question("transmit", session.view(), {**chosen, "loc_1": "hill"}, CONTENT)
    assert second is not None and second.options[0].label == "Only one" and "hill" not in second.picks
    answers = {**chosen, "loc_1": "hill", "loc_2": "market"}
    assert next_question("transmit", session.view(), answers, CONTENT) is None
    action = action_of("transmit", session.view(), answers)
    assert action.locations == ("hill", "market") and action.side == "A"  # type: ignore[union-attr]
    preview = session.preview(action)
    assert preview.ok and "token on Market" in preview.said and preview.money[0] == 10 - 7 + 1 + 2
