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
from companion.i18n import N_, _, ngettext, pgettext
from ui.games.flow import Option, Question

__all__ = ["ACTION_TITLES", "ADJUST_REASONS", "FLOWS", "Option", "Question", "action_of", "describe",
           "next_question", "plus_needed"]

#: Each flow's title, as its button and its steps say it (marked: translated where shown).
ACTION_TITLES = {
    "build": N_("Build"), "share": N_("Share"), "muster": N_("Muster"), "strategy": N_("Strategy"),
    "politics": N_("Politics"), "loan": N_("Loan"), "emergency_loan": N_("Emergency Loan"),
    "adjust": N_("Ledger adjustment"),
}
#: The flows there are (the six actions, then the free ones).
FLOWS = tuple(ACTION_TITLES)
#: The flows that take an action token (Action tokens).
TOKEN_KINDS = frozenset(FLOWS[:6])
#: What the excerpt leaves to the table, entered as a ledger adjustment with its reason (issue 12).
#: The reasons are kept in the record in English (the ledger shows them translated).
ADJUST_REASONS = (N_("Revenue"), N_("Dividends"), N_("National Project"), N_("Policy bid"), N_("Merit card"),
                  N_("Correction"))
#: What an adjustment changes: the answer's value -> the words.
ADJUST_WHAT = (("money", N_("Money (Cr)")), ("influence", N_("Influence")),
               ("asset_value", N_("Asset Value")), ("promoters", N_("Promoters in hand")))
#: Strategy spaces whose bonus is one of three amounts.
AMOUNT_SPACES = frozenset({"sales_3", "sales_4", "advertising_4", "advertising_6"})
#: Sectors a card's icon may name, as the table reads them.
SECTOR_WORDS = {"minerals": N_("Minerals"), "fuel": N_("Fuel"), "agro": N_("Agro"), "power": N_("Power"),
                "transport": N_("Transport")}
#: Sectors whose icon is paid per city along the golden road (Build, step 2).
ROAD_SECTORS = frozenset({"power", "transport"})
#: Each Strategy space's button: a short name and its bonus in a few words (the space's own title
#: and bonus are too long for a button at 800x480); others show the engine's.
SPACE_WORDS = {
    "admin_action": (N_("Administration"), N_("+1 Action token")),
    "admin_industry": (N_("Administration"), N_("buy an open Industry")),
    "lobby": (N_("Lobby"), N_("an open Policy")),
    "office": (N_("Office"), N_("a spare plant")),
    "export_4": (N_("Export"), N_("1 track step")),
    "export_7": (N_("Export"), N_("2 track steps")),
}
#: A city's question on the printed board.
TYPE_CITY = N_("Type the city's name as the board prints it.")
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
    return ", ".join(_(SECTOR_WORDS[icon]) if icon in SECTOR_WORDS else icon.title() for icon in icons) \
        or _("no icons")


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
        options = tuple(Option(card.name, card.id, _("{icons} · Asset Value {asset_value}").format(
                            icons=_icons(card.icons), asset_value=card.asset_value))
                        for card in cards)
        prompt = (_("An unbuilt Industry card of yours.") if options
                  else _("You have no unbuilt Industry card."))
        return Question("card", _("Build: which card?"), prompt, options)
    if "city" not in answers:
        if view.has_map:
            return Question("city", _("Build: which city?"), _("An empty city: each holds one plant."),
                            _cities(view))
        return Question("city", _("Build: which city?"), _(TYPE_CITY), text=True)
    card = next((c for c in cards if c.id == answers["card"]), None)
    road = card is not None and any(icon in ROAD_SECTORS for icon in card.icons)
    if not view.has_map and road and "road_cities" not in answers:
        return Question("road_cities", _("Build: the golden road"),
                        _("Count the cities along the golden road from the active metro to your city, both "
                          "ends included."), tuple(Option(str(n), n) for n in range(1, 9)), number=(1, 60))
    return None


def _name(view: TableView, seat: int) -> str:
    return view.players[seat].name if 0 <= seat < len(view.players) else _("seat {n}").format(n=seat)


def _cities(view: TableView) -> tuple[Option, ...]:
    """The map's cities; an occupied one is shown greyed with whose plant it holds."""
    return tuple(Option(c.name, c.id, _("plant of {player}").format(player=_name(view, c.occupant))
                        if c.occupant is not None
                        else c.region + (" · " + _("metro") if c.metro else ""), c.occupant is None)
                 for c in view.cities)


def _share(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "opponent" in answers:
        return None
    options = tuple(
        Option(p.name, p.seat, _("cheapest share {money} Cr").format(money=p.shares_left[0]) if p.shares_left
               else _("no share left"),
               bool(p.shares_left))
        for p in view.players if p.seat != view.current)
    return Question("opponent", _("Share: whose share?"),
                    _("Pay them their cheapest share's value; keep the share."), options)


def _muster(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "promoters" in answers:
        return None
    player = _player(view)
    hand = player.promoters_hand if player is not None else 0
    return Question("promoters", _("Muster: how many Promoters?"),
                    _("From your hand ({hand}) to your Strategy Pool, then draw a Merit card.").format(
                        hand=hand),
                    tuple(Option(str(n), n, enabled=n <= hand) for n in range(1, 7)))


def _strategy(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "space" not in answers:
        options = []
        # a space the player's Strategy Pool cannot pay for is greyed, saying why (Strategy actions)
        pool = view.players[view.current].promoters_pool if view.current is not None else None
        for each in view.spaces:
            label, bonus = ((_(SPACE_WORDS[each.id][0]), _(SPACE_WORDS[each.id][1])) if each.id in SPACE_WORDS
                            else (each.title, each.bonus))
            short = pool is not None and pool < each.cost
            if each.covered_by is not None:
                detail = _("covered by {player}").format(player=_name(view, each.covered_by))
            elif short:
                detail = _("needs {cost} Promoters · your Strategy Pool has {pool}").format(cost=each.cost,
                                                                                           pool=pool)
            else:
                detail = _("discard {cost} · {bonus}").format(cost=each.cost, bonus=bonus)
            options.append(Option(label, each.id, detail, each.open and not short))
        return Question("space", _("Strategy: which space?"),
                        _("Discard Promoters from your Strategy Pool; a covered space stays covered."),
                        tuple(options))
    space = next((s for s in view.spaces if s.id == answers["space"]), None)
    sid = str(answers["space"])
    if sid in AMOUNT_SPACES and "amount" not in answers:
        choices = tuple(space.choices) if space is not None else ()
        return Question("amount", _("{space}: which bonus?").format(space=space.title if space else sid),
                        _("Take one of the three."),
                        tuple(Option(str(c), c) for c in choices))
    if sid == "admin_industry":
        if "card" not in answers:
            return Question("card", _("Buy an Industry: which card?"), _("Pay 2 × its Asset Value."),
                            tuple(Option(c.name, c.id, _("{money} Cr · {icons}").format(
                                money=2 * c.asset_value, icons=_icons(c.icons)))
                                  for c in view.open_industries))
        if "gain" not in answers:
            return Question("gain", _("Buy an Industry: then gain"), "",
                            (Option(_("{money} Cr").format(money=10), "money"),
                             Option(_("{n} Influence").format(n=2), "influence")))
    if sid == "lobby" and "policy" not in answers:
        return Question("policy", _("Lobby: which Policy?"),
                        _("Take one of the open Policies and its Promoters."),
                        tuple(Option(p.name, p.id,
                                     ngettext("{n} Promoter", "{n} Promoters",
                                              p.promoters).format(n=p.promoters))
                              for p in view.open_policies))
    if sid == "office" and "city" not in answers:
        if view.has_map:
            return Question("city", _("Office: which city?"),
                            _("A spare plant in an empty city: its bonuses only."), _cities(view))
        return Question("city", _("Office: which city?"), _(TYPE_CITY), text=True)
    if sid.startswith("export"):
        sectors = tuple(Option(_(SECTOR_WORDS[s]), s) for s in SECTOR_WORDS)
        if "track" not in answers:
            return Question("track", _("Export: which track?"), _("One step on a track.") if sid == "export_4"
                            else _("The first step (the second may be on the same track)."), sectors)
        if sid == "export_7" and "track2" not in answers:
            return Question("track2", _("Export: the second step"), _("The same track again, or another."),
                            sectors)
    return None


def _emergency(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "player" not in answers:
        return Question("player", _("Emergency Loan: who?"),
                        _("Free, at any moment: up to 25 Cr and a note."),
                        tuple(Option(p.name, p.seat,
                                     ngettext("{money} Cr · {n} note", "{money} Cr · {n} notes",
                                              p.notes).format(money=p.money, n=p.notes),
                                     p.notes < 10)
                              for p in view.players))
    if "amount" not in answers:
        return Question("amount", _("Emergency Loan: how much?"), _("1 to 25 Cr, and one Promissory Note."),
                        tuple(Option(_("{money} Cr").format(money=n), n) for n in (5, 10, 15, 20, 25)),
                        number=(1, 25))
    return None


def _adjust(view: TableView, answers: Mapping[str, object]) -> Question | None:
    if "player" not in answers:
        return Question("player", _("Adjustment: whose?"),
                        _("What the rules leave to the table, with its reason."),
                        tuple(Option(p.name, p.seat, _("{money} Cr").format(money=p.money))
                              for p in view.players))
    if "reason" not in answers:
        return Question("reason", _("Adjustment: why?"), _("The ledger keeps the reason."),
                        tuple(Option(_(r), r) for r in ADJUST_REASONS))
    if "what" not in answers:
        return Question("what", _("Adjustment: what changes?"), "",
                        tuple(Option(_(w), v) for v, w in ADJUST_WHAT))
    if "sign" not in answers:
        return Question("sign", _("Adjustment: gain or lose?"), "",
                        (Option(_("Gains"), 1, _("receives")),
                         Option(_("Loses"), -1, _("pays or gives back"))))
    if "amount" not in answers:
        return Question("amount", _("Adjustment: how much?"), _("A whole number."),
                        tuple(Option(str(n), n) for n in (1, 2, 5, 10, 20, 50)), number=(1, MOST))
    if answers["what"] == "money" and "counterparty" not in answers:
        seat = answers["player"]
        return Question("counterparty", _("Adjustment: with whom?"),
                        _("Who pays (or is paid): the supply, or another player."),
                        (Option(_("The supply"), -1),
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
    actor = player.name if player is not None else _("The table")
    said = {key: words.get(key, str(value)) for key, value in answers.items()}
    plus = " " + _("(with a +1 Action token)") if kind in TOKEN_KINDS and plus_needed(view, kind) else ""
    if kind == "build":
        return _("{actor} builds {card} in {city}{plus}.").format(actor=actor, card=said["card"],
                                                                  city=said["city"], plus=plus)
    if kind == "share":
        return _("{actor} buys {opponent}'s cheapest share{plus}.").format(
            actor=actor, opponent=said["opponent"], plus=plus)
    if kind == "muster":
        return _("{actor} moves {n} Promoters to the Strategy Pool and draws a Merit card{plus}.").format(
            actor=actor, n=said["promoters"], plus=plus)
    if kind == "strategy":
        rest = [said[k] for k in ("amount", "card", "gain", "policy", "city", "track", "track2") if k in said]
        space = next((s for s in view.spaces if s.id == answers.get("space")), None)
        title = space.title if space is not None else said.get("space", "")
        if rest:
            return _("{actor} takes {space}: {choices}{plus}.").format(actor=actor, space=title,
                                                                      choices=", ".join(rest), plus=plus)
        return _("{actor} takes {space}{plus}.").format(actor=actor, space=title, plus=plus)
    if kind == "politics":
        return _("{actor} gains the Politics bonus of every Policy owned, then a Favor token{plus}.").format(
            actor=actor, plus=plus)
    if kind == "loan":
        amount = player.next_loan if player is not None else 0
        return _("{actor} takes a Loan of {amount} Cr and a Promissory Note, one step up Finance{plus}."
                 ).format(actor=actor, amount=amount, plus=plus)
    if kind == "emergency_loan":
        return _("{player} takes an Emergency Loan of {amount} Cr and a Promissory Note.").format(
            player=said["player"], amount=_int(answers["amount"]))
    if kind == "adjust":
        # money is counted in Cr ("gains 5 Cr", not "gains 5 Money (Cr)")
        values = {"player": said["player"], "amount": said["amount"],
                  "what": "Cr" if answers.get("what") == "money" else said["what"], "reason": said["reason"]}
        gains = answers.get("sign") == 1
        if "counterparty" in said:
            # TRANSLATORS: the supply as the other side of an adjustment: "(Revenue, with The supply)"
            other = pgettext("adjustment, with", "The supply") if answers.get("counterparty") == -1 \
                else said["counterparty"]
            return (_("{player} gains {amount} {what} ({reason}, with {other}).") if gains else
                    _("{player} loses {amount} {what} ({reason}, with {other}).")).format(other=other,
                                                                                          **values)
        return (_("{player} gains {amount} {what} ({reason}).") if gains else
                _("{player} loses {amount} {what} ({reason}).")).format(**values)
    raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")
