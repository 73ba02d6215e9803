"""The accountant's part of the rules: costs up to a box, the Credit area, active icons, bonuses.

Source: ``seeds/five-actions-rules.txt``: each action's Cost (an Action tile from the column plus the
dollars on the empty spaces up to the chosen box; the Patent waiting above a column is a third box),
Funding (the Credit area's "3+" and "4" spaces; active Tycoons "on your boards and in the Credit
area"), Supply (active Factories and Scientists "on Tycoon tiles, next to a Flag in your Nations
column, and one per Credit token of yours" in a row of that icon) and Patents.

Our decisions: the empty spaces are counted as the column stands before its tile is taken (the
tile taken is the top one; the table option ``box_cost`` counts the space it leaves too); a
column holds at most one tile per space; an activated Patent slid onto a box that already holds
one covers it (the covered one keeps its end icons).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import IllegalAction, said
from companion.games.five_actions.content.model import Bonus, ContentPack, PatentSide
from companion.games.five_actions.engine.options import FiveOptions
from companion.games.five_actions.engine.state import GameState, PlayerState
from companion.i18n import N_
from companion.table.words import column_word, level_word

__all__ = [
    "BoxUse",
    "box_use",
    "pay_box",
    "box_dollars",
    "gain",
    "pay",
    "active",
    "patents_owned",
    "place_credit",
    "usable",
    "give_bonus",
    "take_tiles",
    "room",
]


def gain(p: PlayerState, dollars: int) -> None:
    """``p`` takes ``dollars`` from the bank."""
    p.money += dollars
    p.earned += dollars


def pay(p: PlayerState, dollars: int) -> None:
    """``p`` pays ``dollars`` to the bank (checked by the caller)."""
    p.money -= dollars
    p.paid += dollars


@dataclass(frozen=True)
class BoxUse:
    """How an action uses its column: the box paid up to, the level it acts at (``basic`` or
    ``advanced``: a Patent's icons decide), and the Patent side replacing that box, if any."""

    box: str
    level: str
    patent: str | None
    side: str | None
    effect: PatentSide | None
    spaces: int


def box_use(content: ContentPack, p: PlayerState, column: str, box: str, side: str | None) -> BoxUse:
    """Which box ``box`` is for ``p``'s ``column`` and what it does (nothing is changed).

    :raises IllegalAction: an unknown box, no Patent waiting, a missing or needless side.
    """
    col = content.board.column(column)
    if box not in ("basic", "advanced", "patent"):
        raise IllegalAction(said(N_("the box must be basic, advanced or patent, not {box!r}"), box=box))
    if box == "patent":
        waiting = p.waiting.get(column)
        if waiting is None:
            raise IllegalAction(said(N_("no Patent waits above {name}'s {column} column (Patents)"),
                                     name=p.name, column=column_word(column)))
        if side not in ("A", "B"):
            raise IllegalAction(said(N_("the first use of a Patent chooses side A or B, not {side!r} "
                                        "(Patents)"), side=side))
        patent = content.patent(waiting)
        assert patent is not None
        chosen = patent.side(side)
        level = "basic" if chosen.icons == 2 else "advanced"
        return BoxUse(box, level, waiting, side, chosen, len(col.spaces))
    if side is not None:
        raise IllegalAction(said(N_("side {side!r} is chosen only when a waiting Patent is first used "
                                    "(Patents)"), side=side))
    slid = p.activated.get(f"{column}:{box}")
    effect: PatentSide | None = None
    if slid is not None:
        patent = content.patent(slid[0])
        assert patent is not None
        effect = patent.side(slid[1])
    spaces = col.basic if box == "basic" else col.advanced
    return BoxUse(box, box, slid[0] if slid else None, slid[1] if slid else None, effect, spaces)


def box_dollars(content: ContentPack, p: PlayerState, column: str, spaces: int, options: FiveOptions) -> int:
    """The dollars on the empty spaces of ``p``'s ``column`` up to a box ``spaces`` spaces up (Cost):
    counted as the column stands before its top tile is taken, or (table option ``box_cost =
    "after_taking"``) with the space that tile leaves counted too.  A column with no tile: as it
    stands."""
    tiles = p.columns[column]
    if options.box_cost == "after_taking" and tiles > 0:
        tiles -= 1
    return sum(content.board.column(column).spaces[tiles:spaces])


def pay_box(content: ContentPack, p: PlayerState, column: str, use: BoxUse,
            options: FiveOptions) -> int:
    """Take the top Action tile of ``column`` and pay the dollars on the empty spaces up to the box
    (:func:`box_dollars`); slide a waiting Patent onto its box (final).  :returns: the dollars paid.

    :raises IllegalAction: no tile in the column, or too little money.
    """
    tiles = p.columns[column]
    if tiles < 1:
        raise IllegalAction(
            said(N_("{name} has no Action tile in the {column} column (Cost: an Action tile from the "
                    "{column} column)"), name=p.name, column=column_word(column))
        )
    dollars = box_dollars(content, p, column, use.spaces, options)
    if dollars > p.money:
        raise IllegalAction(
            said(N_("the {box} box costs an Action tile and ${dollars} for the empty spaces up to it; {name} "
                    "has ${money} (Cost)"), box=level_word(use.box), dollars=dollars, name=p.name,
                 money=p.money)

        )
    p.columns[column] = tiles - 1
    p.spent[column] = p.spent.get(column, 0) + 1
    pay(p, dollars)
    if use.box == "patent":
        assert use.patent is not None and use.side is not None
        del p.waiting[column]
        slot = f"{column}:{use.level}"
        if slot in p.activated:
            p.covered.append(p.activated[slot])
        p.activated[slot] = [use.patent, use.side]
    return dollars


def active(content: ContentPack, state: GameState, seat: int, icon: str) -> int:
    """``seat``'s active ``icon`` (``tycoon``, ``factory``, ``scientist``): uncovered on the board,
    Credit tokens in rows of that icon, on active Tycoon tiles and next to Flags (Funding, Supply)."""
    p = state.players[seat]
    count = sum(1 for cs in content.board.credits if cs.uncovers == icon and cs.id not in p.credits)
    count += sum(
        1 for row in content.credit_rows if row.icon == icon for s in state.credit_area[row.id] if s == seat
    )
    for col in content.board.columns:
        for ident in p.tycoons.get(col.id, [])[: col.tycoon_spaces]:
            tile = content.tycoon(ident)
            assert tile is not None
            count += 1 if icon == "tycoon" else tile.factories if icon == "factory" else tile.scientists
    for nation in content.board.nations:
        if nation.id in p.flags:
            count += (
                nation.factories if icon == "factory" else nation.scientists if icon == "scientist" else 0
            )
    return count


def patents_owned(p: PlayerState) -> list[str]:
    """Every Patent ``p`` owns: waiting, activated and covered."""
    return [*p.waiting.values(), *(v[0] for v in p.activated.values()), *(v[0] for v in p.covered)]


def usable(tag: str, players: int) -> bool:
    """Whether a Credit space tagged ``tag`` is used with ``players`` players (Funding, Cost)."""
    return tag == "all" or (tag == "3+" and players >= 3) or (tag == "4" and players == 4)


def place_credit(content: ContentPack, state: GameState, seat: int, credit: str, row: str) -> int:
    """Move ``seat``'s Credit token from board space ``credit`` to the first empty space of ``row``
    used at this player count.  :returns: the space's index.

    :raises IllegalAction: no token on that space, an unknown row, no usable empty space in it.
    """
    p = state.players[seat]
    if credit not in p.credits:
        left = ", ".join(map(content.credit_name, p.credits)) or said(N_("none"))
        if any(space.id == credit for space in content.board.credits):
            raise IllegalAction(said(N_("{name}'s {credit} has left the board (left: {left})"), name=p.name,
                                     credit=content.credit_name(credit), left=left))
        raise IllegalAction(said(N_("{name} has no Credit token on board space {credit!r} (left: {left})"),
                                 name=p.name, credit=credit, left=left))
    spec = next((r for r in content.credit_rows if r.id == row), None)
    if spec is None:
        known = ", ".join(r.id for r in content.credit_rows)
        raise IllegalAction(said(N_("there is no Credit row {row!r} (rows: {known})"), row=row, known=known))
    n = len(state.players)
    spaces = state.credit_area[row]
    for i, tag in enumerate(spec.spaces):
        if spaces[i] is None and usable(tag, n):
            spaces[i] = seat
            p.credits.remove(credit)
            return i
    raise IllegalAction(
        said(N_('the {row} row has no empty space for {n} players (the "3+" spaces are used only with 3-4 '
                'players, the "4" spaces only with 4: Funding)'), row=content.credit_row_name(row), n=n)
    )


def room(content: ContentPack, p: PlayerState, column: str) -> int:
    """Empty spaces left in ``p``'s ``column``."""
    return len(content.board.column(column).spaces) - p.columns[column]


def take_tiles(content: ContentPack, p: PlayerState, columns: tuple[str, ...]) -> int:
    """Move one Action tile from the supply to each of ``columns`` while there is one and room
    (a bonus: no refusal).  :returns: the tiles moved."""
    moved = 0
    for column in columns:
        if p.supply.get(column, 0) > 0 and room(content, p, column) > 0:
            p.supply[column] -= 1
            p.columns[column] += 1
            moved += 1
    return moved


def give_bonus(content: ContentPack, p: PlayerState, bonus: Bonus) -> str:
    """``p`` takes ``bonus``.  :returns: what it gave, in words."""
    gain(p, bonus.money)
    p.points += bonus.points
    take_tiles(content, p, bonus.tiles)
    if bonus.flag is not None and bonus.flag not in p.flags:
        p.flags.append(bonus.flag)
    return bonus.said()
