"""The short steps behind each action's button: which question comes next, and the action the
answers make (no Kivy here: the Step screen draws a :class:`Question`, the tests read them).

Source: ``seeds/five-actions-rules.txt`` (each action's choices), issue 13 item 4.  A flow asks only
what the referee cannot know.  With the pack's map: the box (each one's dollars, or why not), the
Patent's side on its first use, the Location (tapped on the map: only where the player may build),
the station and the line (each line's two Locations and what is lost), the Credit token and row,
the Tycoon, the Action tiles and the Patent a Supply brings.  On the printed board: the Locations'
names, whether each is empty, the reward track and the bonus dollars.  The last step is always the
confirmation with the session's own preview, so nothing is played on one tap.

A flow is ``(kind, answers)`` (:mod:`ui.games.flow`): :func:`next_question` and :func:`action_of`.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.five_actions.content.model import ContentPack
from companion.games.five_actions.engine.actions import (
    Action,
    Draw,
    Fund,
    Install,
    Modulate,
    Supply,
    Transmit,
)
from companion.games.five_actions.session import SupplyNeeds
from companion.games.five_actions.views import PlayerPanel, TableView, tycoon_offer
from companion.i18n import N_, _, ngettext
from ui.games.flow import Option, Question

__all__ = ["ACTION_TITLES", "COLUMN_OF", "FLOWS", "Option", "Question", "action_of", "box_effect",
           "next_question"]

#: Each flow's title, as its button and its steps say it.
ACTION_TITLES = {"install": N_("Installation"), "transmit": N_("Transmission"), "modulate": N_("Modulation"),
                 "fund": N_("Funding"), "supply": N_("Supply"), "draw": N_("Tycoon draw")}
#: The flows there are: the five actions, then the physical stacks' draw.
FLOWS = tuple(ACTION_TITLES)
#: The Action-tile column each action takes its tile from (Supply takes none).
COLUMN_OF = {"install": "installation", "transmit": "transmission", "modulate": "modulation",
             "fund": "funding"}
#: A box's words.
BOX_WORDS = {"basic": N_("Basic box"), "advanced": N_("Advanced box"), "patent": N_("Patent box")}
#: A Patent effect's words.
EFFECT_WORDS = {"reach": N_("a station up to 2 spaces away"), "pattern": N_("signals in its pattern"),
                "tile": N_("one more Action tile")}
#: The question of a printed Location's name.
TYPE_LOCATION = N_("Type the Location's name as the board prints it.")
#: A printed Location's bonus: the quick picks (dollars); the pad takes up to the engine's $20.
BONUS_PICKS = (0, 1, 2, 3, 4, 5)
MOST_BONUS = 20


#: A Credit space's or row's icon, translated where shown.
ICON_WORDS = {"factory": N_("a Factory"), "scientist": N_("a Scientist"), "flag": N_("a Flag"),
              "tycoon": N_("a Tycoon")}
#: What taking a Credit token uncovers, a whole sentence each (German needs the accusative).
UNCOVERS_WORDS = {"factory": N_("uncovers a Factory"), "scientist": N_("uncovers a Scientist"),
                  "flag": N_("uncovers a Flag"), "tycoon": N_("uncovers a Tycoon"),
                  "": N_("uncovers nothing")}
#: An Action-tile column's name (a Tycoon tile's, a Patent's type), translated where shown.
COLUMN_WORDS = {"installation": N_("Installation"), "transmission": N_("Transmission"),
                "modulation": N_("Modulation"), "funding": N_("Funding")}


#: The same, inside a line (lower case in English), translated where shown.
COLUMN_IN_LINE = {"installation": N_("installation"), "transmission": N_("transmission"),
                  "modulation": N_("modulation"), "funding": N_("funding")}


def _column(column: str) -> str:
    return _(COLUMN_WORDS[column]) if column in COLUMN_WORDS else column.title()


def _in_line(column: str) -> str:
    return _(COLUMN_IN_LINE[column]) if column in COLUMN_IN_LINE else column


def _player(view: TableView) -> PlayerPanel | None:
    return next((p for p in view.players if p.seat == view.current), None)


def _names(view: TableView) -> dict[str, str]:
    return {loc.id: loc.name for loc in view.locations}


def _pieces(view: TableView, key: str) -> str:
    loc = next((x for x in view.locations if x.id == key), None)
    if loc is None or not loc.pieces:
        return _("empty")
    kinds = {"station": _("{player}'s station"), "modulated": _("{player}'s Modulated station"),
             "token": _("{player}'s token")}
    return ", ".join(kinds.get(k, "{player}'s " + k).format(player=view.players[s].name) for s,
                     k in loc.pieces)


def box_effect(kind: str, view: TableView, answers: Mapping[str, object], content: ContentPack) -> str:
    """The Patent effect the chosen box plays (``reach``, ``pattern``, ``tile``), or ``""``: the
    Patent waiting above the column (its chosen side), or one slid onto that box (Patents)."""
    player, column, box = _player(view), COLUMN_OF.get(kind, ""), answers.get("box")
    col = next((c for c in player.columns if c.column == column), None) if player is not None else None
    if col is None:
        return ""
    if box == "patent":
        patent = content.patent(col.waiting or "")
        side = answers.get("side")
        return patent.side(side).effect if patent is not None and isinstance(side, str) else ""
    slid = [(pid, side) for b, pid, side in col.activated if b == box]
    patent = content.patent(slid[-1][0]) if slid else None
    return patent.side(slid[-1][1]).effect if patent is not None else ""


def _box(kind: str, view: TableView, content: ContentPack) -> Question:
    column = COLUMN_OF[kind]
    player = _player(view)
    col = next((c for c in player.columns if c.column == column), None) if player is not None else None
    options = []
    for quote in (q for q in view.quotes if q.column == column):
        detail = _("${money}").format(money=quote.dollars) if quote.ok else quote.reason
        slid = [f"{content.patent_name(pid)} ({side})" for b, pid, side in (col.activated if col else ())
                if b == quote.box]
        if quote.box == "patent" and col is not None and col.waiting:
            detail = f"{content.patent_name(col.waiting)} · {detail}"
        elif slid:
            detail = f"{slid[-1]} · {detail}"
        options.append(Option(_(BOX_WORDS[quote.box]), quote.box, detail, quote.ok))
    tiles = col.tiles if col is not None else 0
    return Question("box", _("{action}: which box?").format(action=_(ACTION_TITLES[kind])),
                    _("An Action tile from the {column} column ({tiles} there) and the dollars up to the "
                      "box.").format(column=_in_line(column), tiles=tiles),
                    tuple(options))


def _side(kind: str, view: TableView, content: ContentPack) -> Question:
    player = _player(view)
    col = next((c for c in player.columns if c.column == COLUMN_OF[kind]), None) if player else None
    patent = content.patent(col.waiting or "") if col is not None else None
    options = []
    for name in ("A", "B"):
        if patent is None:
            options.append(Option(_("Side {side}").format(side=name), name))
            continue
        side = patent.side(name)
        effect = _(EFFECT_WORDS[side.effect]) if side.effect in EFFECT_WORDS else side.effect
        points = ngettext("{n} pt", "{n} pts", side.points).format(n=side.points)
        onto = (_("onto the Basic box · {effect} · {points}") if side.icons == 2
                else _("onto the Advanced box · {effect} · {points}"))
        options.append(Option(_("Side {side}").format(side=name), name, onto.format(effect=effect,
                                                                                    points=points)))
    return Question("side", _("{patent}: which side?").format(
                        patent=content.patent_name(patent.id) if patent else _("The Patent")),
                    _("The first use: it slides onto that box and the choice is final."), tuple(options))


def _yes_no(key: str, title: str, prompt: str) -> Question:
    return Question(key, title, prompt, (Option(_("Yes: empty"), True, _("no piece of anyone")),
                                         Option(_("No: occupied"), False, _("a station or a Signal token"))))


def _bonus(key: str, title: str) -> Question:
    return Question(key, title, _("Its bonus in dollars (on the printed board only dollars are counted)."),
                    tuple(Option(_("${money}").format(money=n), n) for n in BONUS_PICKS),
                    number=(0, MOST_BONUS))


def next_question(kind: str, view: TableView, answers: Mapping[str, object], content: ContentPack,
                  needs: SupplyNeeds | None = None) -> Question | None:
    """The next step of flow ``kind`` with ``answers`` so far, or ``None`` when they are complete.

    :param needs: Supply only: what the chosen Credit token and row bring (``Session.supply_needs``).
    :raises KeyError: an unknown flow (:data:`FLOWS` lists them)."""
    if kind not in FLOWS:
        raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")
    if kind == "draw":
        return _draw(view, answers, content)
    if kind == "supply":
        return _supply(view, answers, content, needs)
    if kind in ("transmit", "modulate") and "station" not in answers:
        return _station(kind, view)
    if "box" not in answers:
        return _box(kind, view, content)
    if answers["box"] == "patent" and "side" not in answers:
        return _side(kind, view, content)
    if kind == "install":
        return _install(view, answers, content)
    if kind == "fund":
        return _fund(view, answers, content)
    return _signal(kind, view, answers, content)


def _install(view: TableView, answers: Mapping[str, object], content: ContentPack) -> Question | None:
    title = _("Installation: where?")
    if "location" not in answers:
        player = _player(view)
        if view.layout != "map":
            mine = {k for k, _side in player.stations} if player is not None else set()
            return Question("location", title, _(TYPE_LOCATION) + " " + _("Or tap one already named."),
                            _named(view, exclude=mine), text=True)
        mine = {k for k, _side in player.stations} if player is not None else set()
        if box_effect("install", view, answers, content) == "reach":
            keys = tuple(x.id for x in view.locations if not x.ocean and x.id not in mine)
            prompt = _("The Patent: up to 2 spaces from your station or Signal token. Tap the Location on "
                       "the map.")
        else:
            keys = view.reachable
            prompt = _("Next to your station or Signal token, not ocean. Tap the Location on the map.")
        names = _names(view)
        options = tuple(Option(names[k], k, _pieces(view, k)) for k in keys)
        return Question("location", title, prompt if keys else _("Nowhere to build now."), options,
                        picks=keys)
    if view.layout == "map":
        return None
    where = str(answers["location"])
    if "empty" not in answers:
        return _yes_no("empty", _("Installation: is {place} empty?").format(place=where),
                       _("A third Signal token if it holds no piece at all."))
    if "reward" not in answers:
        tracks = tuple(Option(t.name, t.id, _("its Progress track")) for t in content.board.tracks)
        return Question("reward", _("Installation: {place}'s reward icon").format(place=where),
                        _("The Progress track its icon shows."),
                        (*tracks, Option(_("No icon"), "", _("no Signal tokens"))))
    if "bonus" not in answers:
        return _bonus("bonus", _("Installation: {place}'s bonus").format(place=where))
    return None


def _named(view: TableView, exclude: set[str]) -> tuple[Option, ...]:
    """The printed Locations the table has named so far (quick picks), each with its pieces."""
    return tuple(Option(loc.name, loc.name, _pieces(view, loc.id)) for loc in view.locations
                 if loc.id not in exclude)


def _station(kind: str, view: TableView) -> Question:
    player = _player(view)
    modulated = kind == "modulate"
    names = _names(view)
    keys = tuple(k for k, m in (player.stations if player is not None else ()) if m == modulated)
    options = tuple(Option(names.get(k, k), k,
                           _("Modulated station") if modulated else _("Unmodulated station"))
                    for k in keys)
    who = player.name if player is not None else _("The player")
    action = _(ACTION_TITLES[kind])
    if keys:
        prompt = (_("From one of your Modulated stations: tap it on the map or in the list.") if modulated
                  else _("From one of your Unmodulated stations: tap it on the map or in the list."))
    else:
        prompt = (_("{player} has no Modulated station: {action} needs one.") if modulated
                  else _("{player} has no Unmodulated station: {action} needs one.")).format(player=who,
                                                                                           action=action)
    return Question("station", _("{action}: from which station?").format(action=action), prompt, options,
                    picks=keys if view.layout == "map" else ())


def _signal(kind: str, view: TableView, answers: Mapping[str, object],
            content: ContentPack) -> Question | None:
    title = _(ACTION_TITLES[kind])
    station = str(answers["station"])
    names = _names(view)
    pattern = box_effect(kind, view, answers, content) == "pattern"
    if view.layout == "map" and not pattern:
        if "path" in answers:
            return None
        options = []
        for path in (s for s in view.signals if s.station == station):
            reached = ", ".join(names.get(k, k) for k in path.reached) or _("nothing")
            label = _("{line} line: {reached}").format(line=content.line_name(path.line), reached=reached)
            options.append(Option(label, (path.line, path.direction), path.lost or _("both placed"),
                                  bool(path.reached), path.reached))
        ends = tuple(dict.fromkeys(k for o in options if o.enabled for k in o.at))
        return Question("path", _("{action}: along which line?").format(action=title),
                        _("Two Signal tokens along one printed line, never turning a corner (or tap the "
                          "map)."),
                        tuple(options), picks=ends, lit=(station,))
    if view.layout == "map":
        land = tuple(x.id for x in view.locations if not x.ocean and x.id != station)
        if "loc_1" not in answers:
            return Question("loc_1", _("{action}: the pattern's first Location").format(action=title),
                            _("The Patent's pattern, turned or mirrored as you like: tap it on the map."),
                            tuple(Option(names[k], k, _pieces(view, k)) for k in land), picks=land,
                            lit=(station,))
        if "loc_2" not in answers:
            first = str(answers["loc_1"])
            rest = tuple(k for k in land if k != first)
            return Question("loc_2", _("{action}: the pattern's second Location").format(action=title),
                            _("Or only one: the other is lost."),
                            (Option(_("Only one"), "", _("the other signal is lost")),
                             *(Option(names[k], k, _pieces(view, k)) for k in rest)), picks=rest,
                            lit=(station, first))
        return None
    for n in (1, 2):
        loc = f"loc_{n}"
        if n == 2:
            if "more" not in answers:
                return Question("more", _("{action}: a second Location?").format(action=title),
                                _("The next Location along the same line."),
                                (Option(_("A second Location"), True, _("type its name next")),
                                 Option(_("None: lost"), False, _("a red arrow or a V connection"))))
            if not answers["more"]:
                return None
        if loc not in answers:
            return Question(loc, _("{action}: Location {n} along the line").format(action=title, n=n),
                            _(TYPE_LOCATION) + " " + _("Or tap one."),
                            _named(view, exclude={station, str(answers.get("loc_1", ""))}), text=True)
        where = str(answers[loc])
        if f"empty_{n}" not in answers:
            return _yes_no(f"empty_{n}", _("{action}: is {place} empty?").format(action=title, place=where),
                           _("Basic only if both are empty."))
        if f"bonus_{n}" not in answers:
            return _bonus(f"bonus_{n}", _("{action}: {place}'s bonus").format(action=title, place=where))
    return None


def _icon(icon: str | None) -> str:
    """``"factory"`` -> ``"a Factory"`` (a Credit space's or row's icon); ``None`` -> ``"nothing"``."""
    if not icon:
        return _("nothing")
    return _(ICON_WORDS[icon]) if icon in ICON_WORDS else icon.title()


def _uncovers(icon: str | None) -> str:
    """What taking a Credit token uncovers, as its option's line (``None``: nothing)."""
    key = icon or ""
    return _(UNCOVERS_WORDS[key]) if key in UNCOVERS_WORDS else _("uncovers {icon}").format(icon=icon)


def _credit(view: TableView, answers: Mapping[str, object], content: ContentPack,
            title: str) -> Question | None:
    player = _player(view)
    if "credit" not in answers:
        uncovers = {c.id: c.uncovers for c in content.board.credits}
        options = tuple(Option(content.credit_name(c), c, _uncovers(uncovers.get(c)))
                        for c in (player.credits if player is not None else ()))
        return Question("credit", _("{action}: which Credit token?").format(action=title),
                        _("One of your board's, your choice.") if options
                        else _("No Credit token is left on your board."), options)
    if "row" not in answers:
        count = len(view.players)
        icons = {r.id: r.icon for r in content.credit_rows}
        rows: list[Option] = []
        for row, spaces in view.credit_rows:
            used = [(tag, seat) for tag, seat in spaces if tag == "all" or (tag == "3+" and count >= 3)
                    or (tag == "4" and count == 4)]
            free = sum(1 for _tag, seat in used if seat is None)
            icon = icons.get(row)
            detail = _("{free} of {spaces} free").format(free=free, spaces=len(used)) + (
                " · " + _("counts as {icon}").format(icon=_icon(icon)) if icon else "")
            rows.append(Option(content.credit_row_name(row), row, detail, free > 0))
        three = _("used") if count >= 3 else _("not used")
        four = _("used") if count == 4 else _("not used")
        return Question("row", _("{action}: onto which Credit row?").format(action=title),
                        _("The first empty space, left to right ({count} players: the \"3+\" spaces "
                          "{three}, the \"4\" {four}).").format(count=count, three=three, four=four),
                        tuple(rows))
    return None


def _fund(view: TableView, answers: Mapping[str, object], content: ContentPack) -> Question | None:
    asked = _credit(view, answers, content, _("Funding"))
    if asked is not None or "tycoon" in answers:
        return asked
    offer = tycoon_offer(view, content, str(answers["credit"]), str(answers["row"]))
    options = []
    for level, tiles in view.display:
        for ident in tiles:
            tile = content.tycoon(ident)
            detail = (_("level {level} · {column} · {icons}").format(
                level=level, column=_in_line(tile.column), icons=_icons(tile.factories, tile.scientists))
                if tile else _("level {level}").format(level=level))
            options.append(Option(content.tycoon_name(ident), ident, detail, ident in offer.face_up))
    options += [Option(_("Face down, level {level}").format(level=lv), lv,
                       _("{n} in the stack · kept whatever it is").format(n=n), lv in offer.stacks)
                for lv, n in view.stacks]
    options.append(Option(_("No Tycoon tile"), "", _("gain ${money} instead").format(money=2 + offer.active),
                          not offer.any))
    if not offer.any:
        why = (_("You have no active Tycoon, so no tile this time.") if offer.active == 0
               else _("No tile of a level up to your active Tycoons is left."))
    else:
        why = ngettext("A tile of level 1 (you have {n} active Tycoon, the Credit token counted).",
                       "A tile of level 1 to {n} (you have {n} active Tycoons, the Credit token counted).",
                       offer.active).format(n=offer.active)
    return Question("tycoon", _("Funding: which Tycoon tile?"), why, tuple(options))


def _icons(factories: int, scientists: int) -> str:
    """A Tycoon tile's icons written out: ``"1 Factory · 0 Scientists"``."""
    return (ngettext("{n} Factory", "{n} Factories", factories).format(n=factories) + " · "
            + ngettext("{n} Scientist", "{n} Scientists", scientists).format(n=scientists))


def _supply(view: TableView, answers: Mapping[str, object], content: ContentPack,
            needs: SupplyNeeds | None) -> Question | None:
    asked = _credit(view, answers, content, _("Supply"))
    if asked is not None or needs is None:
        return asked
    player = _player(view)
    chosen = [str(answers[f"tile_{i}"]) for i in range(1, needs.tiles + 1) if f"tile_{i}" in answers]
    if len(chosen) < needs.tiles:
        n = len(chosen) + 1
        options = []
        for col in (player.columns if player is not None else ()):
            taken = chosen.count(col.column)
            supply = col.supply - taken
            room = len(content.board.column(col.column).spaces) - col.tiles - taken
            options.append(Option(_column(col.column), col.column,
                                  _("supply {supply} · room {room}").format(supply=supply, room=room),
                                  supply > 0 and room > 0))
        return Question(f"tile_{n}", _("Supply: Action tile {n} of {tiles}").format(n=n, tiles=needs.tiles),
                        _("2 tiles + 1 per active Factory (the new Credit token counted): which column?"),
                        tuple(options))
    if needs.patents and "patent" not in answers:
        options = []
        for ident in needs.patents:
            patent = content.patent(ident)
            detail = (_("{type} · level {level} · A: {a}, B: {b}").format(
                type=_in_line(patent.type), level=patent.level, a=patent.a.effect, b=patent.b.effect)
                if patent else "")
            options.append(Option(content.patent_name(ident), ident, detail))
        return Question("patent", _("Supply: a Patent is earned"),
                        _("More active Scientists than Patents: one waits above its column."), tuple(options))
    return None


def _draw(view: TableView, answers: Mapping[str, object], content: ContentPack) -> Question | None:
    if "tycoon" in answers:
        return None
    level = view.pending_draw
    seen = {t for _level, tiles in view.display for t in tiles}
    seen |= {t for p in view.players for c in p.columns for t in c.tycoons}
    options = tuple(Option(content.tycoon_name(t.id), t.id, _("{column} · {icons}").format(
                        column=_in_line(t.column), icons=_icons(t.factories, t.scientists)))
                    for t in content.tycoons if t.level == level and t.id not in seen)
    return Question("tycoon", _("Which level-{level} Tycoon tile was drawn?").format(level=level),
                    _("The table draws from its own stack and says the tile."), options)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def action_of(kind: str, view: TableView, answers: Mapping[str, object], needs: SupplyNeeds | None = None,
              content: ContentPack | None = None) -> Action:
    """The engine's action of flow ``kind`` with complete ``answers``.

    :raises KeyError: an unknown flow."""
    box, side = str(answers.get("box", "")), _str(answers.get("side"))
    if kind == "install":
        if view.layout == "map":
            return Install(str(answers["location"]), box, side)
        return Install(str(answers["location"]), box, side, bool(answers["empty"]), _str(answers["reward"]),
                       _int(answers["bonus"]))
    if kind in ("transmit", "modulate"):
        cls = Transmit if kind == "transmit" else Modulate
        station = str(answers["station"])
        path = answers.get("path")
        if isinstance(path, tuple):
            return cls(station, box, line=str(path[0]), direction=str(path[1]), side=side)
        given = [n for n in (1, 2) if _str(answers.get(f"loc_{n}"))]
        locations = tuple(str(answers[f"loc_{n}"]) for n in given)
        if view.layout == "map":
            return cls(station, box, locations=locations, side=side)
        return cls(station, box, locations=locations, empty=tuple(bool(answers[f"empty_{n}"]) for n in given),
                   bonus=tuple(_int(answers[f"bonus_{n}"]) for n in given), side=side)
    if kind == "fund":
        tycoon = answers.get("tycoon")
        level = tycoon if isinstance(tycoon, int) and not isinstance(tycoon, bool) else None
        return Fund(str(answers["credit"]), str(answers["row"]), box, _str(tycoon), level, side)
    if kind == "supply":
        count = needs.tiles if needs is not None else 0
        tiles = tuple(str(answers[f"tile_{i}"]) for i in range(1, count + 1))
        return Supply(str(answers["credit"]), str(answers["row"]), tiles, _str(answers.get("patent")))
    if kind == "draw":
        return Draw(view.pending_draw or 0, str(answers["tycoon"]))
    raise KeyError(f"no flow {kind!r} (flows: {', '.join(FLOWS)})")
