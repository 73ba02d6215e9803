"""The short steps behind each of the table's buttons: which question comes next, and the action the
answers make (no Kivy here: the Step screen draws a :class:`Question`, the tests read them).

Source: ``seeds/six-actions-rules.txt`` (each action's choices), issue 12 item 4 ("the six actions as
big buttons that open short steps").  A flow asks only what the referee cannot know: with the pack's
map a Build asks the card and the city (the referee counts the golden road); on the printed board it
asks the city's name and, for a Power or Transport icon, the cities counted along the road.  The
last step is always a confirmation with the referee's own preview of who pays whom
(:meth:`Session.preview`), so nothing is played on one tap.

A flow is ``(kind, answers)`` (:mod:`ui.games.flow`): :func:`next_question` and :func:`action_of`.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.six_actions.engine.actions import (
    Action,
    Adjust,
    Build,
    EmergencyLoan,
    Loan,
    Muster,
    Politics,
    Share,
    Strategy,
)
from companion.games.six_actions.views import PlayerPanel, TableView
from ui.games.flow import Option, Question

__all__ = ["ACTION_TITLES", "ADJUST_REASONS", "FLOWS", "Option", "Question", "action_of", "describe",
           "next_question", "plus_needed"]

#: Each flow's title, as its button and its steps say it.
ACTION_TITLES = {
    "build": "Build", "share": "Share", "muster": "Muster", "strategy": "Strategy", "politics": "Politics",
    "loan": "Loan", "emergency_loan": "Emergency Loan", "adjust": "Ledger adjustment",
}
#: The flows there are (the six actions, then the free ones).
FLOWS = tuple(ACTION_TITLES)
#: The flows that take an action token (Action tokens).
TOKEN_KINDS = frozenset(FLOWS[:6])
#: What the excerpt leaves to the table, entered as a ledger adjustment with its reason (issue 12).
ADJUST_REASONS = ("Revenue", "Dividends", "National Project", "Policy bid", "Merit card", "Correction")
#: What an adjustment changes: the answer's value -> the words.
ADJUST_WHAT = (("money", "Money (Cr)"), ("influence", "Influence"), ("asset_value", "Asset Value"),
               ("promoters", "Promoters in hand"))
#: Strategy spaces whose bonus is one of three amounts.
AMOUNT_SPACES = frozenset({"sales_3", "sales_4", "advertising_4", "advertising_6"})
#: Sectors a card's icon may name, as the table reads them.
SECTOR_WORDS = {"minerals": "Minerals", "fuel": "Fuel", "agro": "Agro", "power": "Power",
                "transport": "Transport"}
#: Sectors whose icon is paid per city along the golden road (Build, step 2).
ROAD_SECTORS = frozenset({"power", "transport"})
#: Each Strategy space's button: a short name and its bonus in a few words (the space's own title
#: and bonus are too long for a button at 800x480); others show the engine's.
SPACE_WORDS = {
    "admin_action": ("Administration", "+1 Action token"),
    "admin_industry": ("Administration", "buy an open Industry"),
    "lobby": ("Lobby", "an open Policy"),
    "office": ("Office", "a spare plant"),
    "export_4": ("Export", "1 track step"),
    "export_7": ("Export", "2 track steps"),
}
#: A city's question on the printed board.
TYPE_CITY = "Type the city's name as the board prints it."
#: The largest number the pad takes for an amount (Cr, Influence ...): a typo, not a payment, above it.
MOST = 999


def _player(view: TableView) -> PlayerPanel | None:
    if view.current is None:
        return None
    return next((p for p in view.players if p.seat == view.current), None)


def plus_needed(view: TableView, kind: str) -> bool:
    """True when ``kind`` can only be taken with a +1 Action token now: the current player has marked
    it this round, or has already used a token this turn (Action tokens)."""
    player = _player(view)
    if player is None:
        return False
    return kind in player.marked or "token" in view.turn_used


def _icons(icons: tuple[str, ...]) -> str:
    return ", ".join(SECTOR_WORDS.get(icon, icon.title()) for icon in icons) or "no icons"


def next_question(kind: str, view: TableView, answers: Mapping[str, object]) -> Question | None:
    """The next step of flow ``kind`` with ``answers`` so far, or ``None`` when they are complete.

    :raises KeyError: an unknown flow (:data:`FLOWS` lists them)."""
    asker = {"build": _build, "share": _share, "muster": _muster, "strategy": _strategy,
             "emergency_loan": _emergency, "adjust": _adjust}.get(kind)
    if asker is None and kind not in ("politics", "loan"):
        raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")
    return asker(view, answers) if asker is not None else None


def _build(view: TableView, answers: Mapping[str, object]) -> Question | None:
    player = _player(view)
    cards = player.industries if player is not None else ()
    if "card" not in answers:
        options = tuple(Option(card.name, card.id, f"{_icons(card.icons)} · Asset Value {card.asset_value}")
                        for card in cards)
        prompt = "An unbuilt Industry card of yours." if options else "You have no unbuilt Industry card."
        return Question("card", "Build: which card?", prompt, options)
    if "city" not in answers:
        if view.has_map:
            return Question("city", "Build: which city?", "An empty city: each holds one plant.",
                            _cities(view))
        return Question("city", "Build: which city?", TYPE_CITY, text=True)
    card = next((c for c in cards if c.id == answers["card"]), None)
    road = card is not None and any(icon in ROAD_SECTORS for icon in card.icons)
    if not view.has_map and road and "road_cities" not in answers:
        return Question("road_cities", "Build: the golden road",
                        "Count the cities along the golden road from the active metro to your city, both "
                        "ends included.", tuple(Option(str(n), n) for n in range(1, 9)), number=(1, 60))
    return None


def _name(view: TableView, seat: int) -> str:
    return view.players[seat].name if 0 <= seat < len(view.players) else f"seat {seat}"


def _cities(view: TableView) -> tuple[Option, ...]:
    """The map's cities; an occupied one is shown greyed with whose plant it holds."""
    return tuple(Option(c.name, c.id, f"plant of {_name(view, c.occupant)}" if c.occupant is not None
                        else f"{c.region}{' · metro' if c.metro else ''}", c.occupant is None)
                 for c in view.cities)


def _share(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "opponent" in answers:
        return None
    options = tuple(
        Option(p.name, p.seat, f"cheapest share {p.shares_left[0]} Cr" if p.shares_left else "no share left",
               bool(p.shares_left))
        for p in view.players if p.seat != view.current)
    return Question("opponent", "Share: whose share?",
                    "Pay them their cheapest share's value; keep the share.", options)


def _muster(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "promoters" in answers:
        return None
    player = _player(view)
    hand = player.promoters_hand if player is not None else 0
    return Question("promoters", "Muster: how many Promoters?",
                    f"From your hand ({hand}) to your Strategy Pool, then draw a Merit card.",
                    tuple(Option(str(n), n, enabled=n <= hand) for n in range(1, 7)))


def _strategy(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "space" not in answers:
        options = []
        for each in view.spaces:
            label, bonus = SPACE_WORDS.get(each.id, (each.title, each.bonus))
            if each.covered_by is not None:
                detail = f"covered by {_name(view, each.covered_by)}"
            else:
                detail = f"discard {each.cost} · {bonus}"
            options.append(Option(label, each.id, detail, each.open))
        return Question("space", "Strategy: which space?",
                        "Discard Promoters from your Strategy Pool; a covered space stays covered.",
                        tuple(options))
    space = next((s for s in view.spaces if s.id == answers["space"]), None)
    sid = str(answers["space"])
    if sid in AMOUNT_SPACES and "amount" not in answers:
        choices = tuple(space.choices) if space is not None else ()
        return Question("amount", f"{space.title if space else sid}: which bonus?", "Take one of the three.",
                        tuple(Option(str(c), c) for c in choices))
    if sid == "admin_industry":
        if "card" not in answers:
            return Question("card", "Buy an Industry: which card?", "Pay 2 × its Asset Value.",
                            tuple(Option(c.name, c.id, f"{2 * c.asset_value} Cr · {_icons(c.icons)}")
                                  for c in view.open_industries))
        if "gain" not in answers:
            return Question("gain", "Buy an Industry: then gain", "",
                            (Option("10 Cr", "money"), Option("2 Influence", "influence")))
    if sid == "lobby" and "policy" not in answers:
        return Question("policy", "Lobby: which Policy?", "Take one of the open Policies and its Promoters.",
                        tuple(Option(p.name, p.id, f"{p.promoters} Promoters") for p in view.open_policies))
    if sid == "office" and "city" not in answers:
        if view.has_map:
            return Question("city", "Office: which city?",
                            "A spare plant in an empty city: its bonuses only.", _cities(view))
        return Question("city", "Office: which city?", TYPE_CITY, text=True)
    if sid.startswith("export"):
        sectors = tuple(Option(SECTOR_WORDS[s], s) for s in SECTOR_WORDS)
        if "track" not in answers:
            return Question("track", "Export: which track?", "One step on a track." if sid == "export_4"
                            else "The first step (the second may be on the same track).", sectors)
        if sid == "export_7" and "track2" not in answers:
            return Question("track2", "Export: the second step", "The same track again, or another.", sectors)
    return None


def _emergency(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "player" not in answers:
        return Question("player", "Emergency Loan: who?", "Free, at any moment: up to 25 Cr and a note.",
                        tuple(Option(p.name, p.seat, f"{p.money} Cr · {p.notes} notes", p.notes < 10)
                              for p in view.players))
    if "amount" not in answers:
        return Question("amount", "Emergency Loan: how much?", "1 to 25 Cr, and one Promissory Note.",
                        tuple(Option(f"{n} Cr", n) for n in (5, 10, 15, 20, 25)), number=(1, 25))
    return None


def _adjust(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "player" not in answers:
        return Question("player", "Adjustment: whose?", "What the rules leave to the table, with its reason.",
                        tuple(Option(p.name, p.seat, f"{p.money} Cr") for p in view.players))
    if "reason" not in answers:
        return Question("reason", "Adjustment: why?", "The ledger keeps the reason.",
                        tuple(Option(r, r) for r in ADJUST_REASONS))
    if "what" not in answers:
        return Question("what", "Adjustment: what changes?", "", tuple(Option(w, v) for v, w in ADJUST_WHAT))
    if "sign" not in answers:
        return Question("sign", "Adjustment: gain or lose?", "",
                        (Option("Gains", 1, "receives"), Option("Loses", -1, "pays or gives back")))
    if "amount" not in answers:
        return Question("amount", "Adjustment: how much?", "A whole number.",
                        tuple(Option(str(n), n) for n in (1, 2, 5, 10, 20, 50)), number=(1, MOST))
    if answers["what"] == "money" and "counterparty" not in answers:
        seat = answers["player"]
        return Question("counterparty", "Adjustment: with whom?",
                        "Who pays (or is paid): the supply (the bank), or another player.",
                        (Option("The supply", -1),
                         *(Option(p.name, p.seat) for p in view.players if p.seat != seat)))
    return None


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def action_of(kind: str, view: TableView, answers: Mapping[str, object]) -> Action:
    """The engine's action of flow ``kind`` with complete ``answers``.

    :raises KeyError: an unknown flow."""
    plus = plus_needed(view, kind)
    if kind == "build":
        road = answers.get("road_cities")
        return Build(str(answers["card"]), str(answers["city"]), _int(road) if road is not None else None,
                     plus)
    if kind == "share":
        return Share(_int(answers["opponent"]), plus)
    if kind == "muster":
        return Muster(_int(answers["promoters"]), plus)
    if kind == "politics":
        return Politics(plus)
    if kind == "loan":
        return Loan(plus)
    if kind == "strategy":
        tracks = tuple(str(answers[k]) for k in ("track", "track2") if k in answers)
        amount = answers.get("amount")
        return Strategy(str(answers["space"]), _int(amount) if amount is not None else None,
                        _str(answers.get("card")), _str(answers.get("gain")), _str(answers.get("policy")),
                        _str(answers.get("city")), tracks, plus)
    if kind == "emergency_loan":
        return EmergencyLoan(_int(answers["player"]), _int(answers["amount"]))
    if kind == "adjust":
        amount = _int(answers["amount"]) * _int(answers["sign"])
        what = str(answers["what"])
        other = _int(answers.get("counterparty", -1))
        return Adjust(_int(answers["player"]), str(answers["reason"]),
                      money=amount if what == "money" else 0,
                      influence=amount if what == "influence" else 0,
                      asset_value=amount if what == "asset_value" else 0,
                      promoters=amount if what == "promoters" else 0,
                      counterparty=other if other >= 0 else None)
    raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")


def describe(kind: str, view: TableView, answers: Mapping[str, object], words: Mapping[str, str]) -> str:
    """The confirmation's sentence for complete ``answers`` (``words``: each answer as its button said
    it): ``"Ana builds Refinery in Capital."``."""
    player = _player(view)
    actor = player.name if player is not None else "The table"
    said = {key: words.get(key, str(value)) for key, value in answers.items()}
    plus = " (with a +1 Action token)" if kind in TOKEN_KINDS and plus_needed(view, kind) else ""
    if kind == "build":
        return f"{actor} builds {said['card']} in {said['city']}{plus}."
    if kind == "share":
        return f"{actor} buys {said['opponent']}'s cheapest share{plus}."
    if kind == "muster":
        return (f"{actor} moves {said['promoters']} Promoters to the Strategy Pool and draws a Merit "
                f"card{plus}.")
    if kind == "strategy":
        rest = [said[k] for k in ("amount", "card", "gain", "policy", "city", "track", "track2") if k in said]
        space = next((s for s in view.spaces if s.id == answers.get("space")), None)
        title = space.title if space is not None else said.get("space", "")
        return f"{actor} takes {title}{': ' + ', '.join(rest) if rest else ''}{plus}."
    if kind == "politics":
        return f"{actor} gains the Politics bonus of every Policy owned, then a Favor token{plus}."
    if kind == "loan":
        amount = player.next_loan if player is not None else 0
        return f"{actor} takes a Loan of {amount} Cr and a Promissory Note, one step up Finance{plus}."
    if kind == "emergency_loan":
        return f"{said['player']} takes an Emergency Loan of {said['amount']} Cr and a Promissory Note."
    if kind == "adjust":
        verb = "gains" if answers.get("sign") == 1 else "loses"
        other = f", with {said['counterparty']}" if "counterparty" in said else ""
        return f"{said['player']} {verb} {said['amount']} {said['what']} ({said['reason']}{other})."
    raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")
