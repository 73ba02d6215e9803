"""``companion play --game five-actions``: the table's referee and accountant in a terminal.

Menu-driven (issue 13, item 5): the table sees each player's panel, picks one of the five actions
(or pass, undo, the board, end: asked y/n first) from a numbered list, and answers only what the
referee asks; with the map it lists the Locations, stations and lines to choose from, on the printed
board it asks for the Locations, whether each is empty, the reward icon and the bonus dollars. Every
question goes through :class:`companion.table.prompt.Prompt` (issue 24, item 14): ``help`` shows the
rules in short (:data:`summary.RULES`) and the moves possible now, a blank Enter says what is
expected, ``back`` returns to the action menu with nothing played, ``quit`` (or the end of input)
leaves: a word, never a number of the menu
(:meth:`~companion.table.action_terminal.ActionTerminal.menu`), and what is said then is every
game's (saved or not). Every refusal is printed with the rule it names and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.five_actions.content.model import COLUMNS
from companion.games.five_actions.engine.board import distance
from companion.games.five_actions.session import Session
from companion.games.five_actions.summary import RULES, moves_now
from companion.games.five_actions.views import PlayerPanel, TableView, tycoon_offer
from companion.i18n import N_, _
from companion.table.action_terminal import ActionTerminal
from companion.table.prompt import Option, Quit

__all__ = ["MENU", "SAMPLE_NOTE", "Quit", "Terminal", "panel_lines"]

#: Said first when the game is played with the sample pack (its ``sample = true``).
SAMPLE_NOTE = N_(
    "This is the sample pack: its board, numbers and tiles are ours, not your printed game's; "
    "see docs/five-actions.md to enter your printed board."
)

#: The answers to "your action:", numbered 1 to 9 (the word, or its start, works too).  Leaving is not
#: in it: ``quit`` is a word, never a number (see ActionTerminal.menu).
MENU = (
    ("installation", N_("Installation")),
    ("transmission", N_("Transmission")),
    ("modulation", N_("Modulation")),
    ("funding", N_("Funding")),
    ("supply", N_("Supply")),
    ("pass", N_("Pass")),
    ("undo", N_("Undo")),
    ("board", N_("The board")),
    ("end", N_("End the game")),
)


#: A column's word, a box's and a piece's, translated where shown.
COLUMN_WORDS = {"installation": N_("installation"), "transmission": N_("transmission"),
                "modulation": N_("modulation"), "funding": N_("funding")}
BOX_WORDS = {"basic": N_("basic"), "advanced": N_("advanced"), "patent": N_("patent")}
PIECE_WORDS = {"station": N_("station"), "modulated": N_("modulated"), "token": N_("token")}
#: A Credit space's tag "all" (used with every number of players; "3+" and "4" say themselves).
SPACE_WORDS = {"all": N_("all")}


def panel_lines(panel: PlayerPanel, names: Callable[[str], str] = str) -> list[str]:
    """A player's panel in a few lines; ``names``: a Patent's printed name by its id
    (:meth:`ContentPack.patent_name`)."""
    mark = "> " if panel.is_current else "  "
    cols = ", ".join(
        f"{_(COLUMN_WORDS.get(c.column, c.column))} {c.tiles}"
        + (" " + _("(the Patent {patent} waits)").format(patent=names(c.waiting)) if c.waiting else "")
        for c in panel.columns
    )
    return [
        mark + _("{player}: ${money}, {points} points, {stations} stations left, {ready} Signal tokens in "
                 "Ready, Permanent Links {links}").format(
            player=panel.name, money=panel.money, points=panel.points, stations=panel.stations_left,
            ready=panel.ready, links=panel.links),
        "    " + _("Action tiles: {columns}").format(columns=cols),
        "    " + _("Credit tokens on the board: {credits}; active Tycoons {tycoons}, Factories {factories}, "
                   "Scientists {scientists}; Patents {patents}").format(
            credits=len(panel.credits), tycoons=panel.tycoons, factories=panel.factories,
            scientists=panel.scientists, patents=panel.patents),
    ]


class Terminal(ActionTerminal[Session]):
    """Plays a :class:`Session` with ``input_fn`` / ``output_fn`` (``input`` / ``print``);
    ``saved``: the game store keeps it (what leaving says; the default: it does).
    :class:`~companion.table.action_terminal.ActionTerminal` asks, loops and leaves."""

    rules = RULES
    game = "five-actions"
    back_said = N_("Back to the action menu: nothing was played.")
    saved_default = True

    def moves_now(self) -> Sequence[str]:
        return moves_now(self.session.view())

    def choose(self, title: str, options: Sequence[Option], blank: str | None = None) -> str | None:
        """One of ``options`` from a numbered list (by number or by name); ``None`` for a blank
        answer when ``blank`` says what it means.  An option is a word, or ``(value, name)``: the
        table reads and may type the name (or the value), the game gets the value (a Patent's id
        for its printed name).  :raises Back: nothing to choose from."""
        return self.prompt.choose(title, options, blank)

    def pick(self, title: str, options: Sequence[Option]) -> str:
        return self.prompt.pick(title, options)

    def tycoon_id(self, answer: str) -> str:
        """The Tycoon tile the table typed, by its printed name or its id (as typed when neither)."""
        folded = " ".join(answer.split()).casefold()
        tile = next((t for t in self.session.content.tycoons if folded in (t.name.casefold(), t.id)), None)
        return tile.id if tile is not None else answer

    def yes(self, prompt: str) -> bool:
        return self.prompt.yes(prompt)

    def number(self, prompt: str, low: int = 0, high: int = 20, blank: int | None = None) -> int:
        return self.prompt.number(prompt, low, high, blank)

    def show(self, view: TableView) -> None:
        self.say(_("-- Round {n} --").format(n=view.round))
        for panel in view.players:
            for line in panel_lines(panel, self.session.content.patent_name):
                self.say(line)
        tycoon = self.session.content.tycoon_name
        shown = "; ".join(_("level {level}: {tiles}").format(level=lv, tiles=", ".join(map(tycoon, t)) or "-")
                          for lv, t in view.display)
        self.say("  " + _("Tycoon display: {tiles}").format(tiles=shown))

    def board(self, view: TableView) -> None:
        names = [p.name for p in view.players]
        for loc in view.locations:
            pieces = ", ".join(f"{names[s]} {_(PIECE_WORDS.get(k, k))}" for s, k in loc.pieces) or _("empty")
            where = (" " + _("(row {row}, column {col})").format(row=loc.row + 1, col=loc.col + 1)
                     if loc.row is not None and loc.col is not None else "")  # counted from 1 (README)
            ocean = " " + _("ocean") if loc.ocean else ""
            self.say(f"  {loc.name}{where}{ocean}: {pieces}")
        for row, spaces in view.credit_rows:
            self.say(
                "  " + _("Credit row {row}:").format(row=self.session.content.credit_row_name(row)) + " "
                + " ".join(f"[{_(SPACE_WORDS.get(t, t))}: {names[s] if s is not None else '-'}]"
                           for t, s in spaces)
            )

    def box(self, column: str) -> tuple[str, str | None] | None:
        """The box of ``column`` the player takes and the Patent's side on its first use; only the
        boxes they may take now are offered (``None``, each box's reason said, when there is none)."""
        view = self.session.view()
        quotes = [q for q in view.quotes if q.column == column]
        boxes = [(q.box, _("{box}: ${dollars}").format(box=_(BOX_WORDS.get(q.box, q.box)),
                                                        dollars=q.dollars)) for q in quotes if q.ok]
        if quotes and not boxes:
            self.say(_("No box of this column now: {reasons}.").format(
                reasons="; ".join(f"{_(BOX_WORDS.get(q.box, q.box))}: {q.reason}" for q in quotes)))
            return None
        box = self.pick(_("Which box?"), boxes or [(b, _(BOX_WORDS[b])) for b in ("basic", "advanced",
                                                                                  "patent")])
        side = self.pick(_("Which side of the Patent?"), ["A", "B"]) if box == "patent" else None
        return box, side

    def run(self) -> int:
        """Play until the game is over or the table quits.  :returns: exit code 0."""
        s = self.session
        if s.content.sample:
            self.say(_(SAMPLE_NOTE))
        self.say(_("The Five Actions: {message}").format(message=s.message))
        if self.play_turns():
            for st in s.view().standings:
                self.say(_("{player}: {points} points + {icons} Patent icons = {total} (${money})").format(
                    player=st.name, points=st.points, icons=st.patent_icons, total=st.total, money=st.money))
        return 0

    def step(self) -> None:
        """A Tycoon tile the table drew, or the current player's action (a blank or unknown answer
        is asked again, without the whole round again)."""
        s = self.session
        view = s.view()
        if view.pending_draw is not None:
            self.report(s.draw(self.drawn(view.pending_draw, view)))
            return
        self.show(view)
        self.turn(self.menu(_("{player}, your action:").format(player=view.players[view.current or 0].name),
                            [(word, _(label)) for word, label in MENU]), view)

    def report(self, ok: bool) -> None:
        self.say(self.session.message if ok else _("Refused: {reason}").format(reason=self.session.message))

    def turn(self, choice: str, view: TableView) -> None:
        s = self.session
        if choice == "board":
            self.board(view)
        elif choice == "pass":
            self.report(s.pass_turn())
        elif choice == "undo":
            self.report(s.undo())
        elif choice == "end":
            if self.yes(_("End the game now?")):
                self.report(s.end_game())
        elif choice == "installation":
            self.install(view)
        elif choice in ("transmission", "modulation"):
            self.signal(view, choice == "modulation")
        elif choice == "funding":
            self.fund(view)
        else:
            self.supply(view)

    def drawn(self, level: int, view: TableView) -> str:
        """The Tycoon tile the table drew from the level-``level`` stack: from the numbered list of
        that level's tiles not on display, or typed by its printed name (Funding, step 1)."""
        shown = {t for lv, tiles in view.display for t in tiles}
        tycoons = self.session.content.tycoons
        tiles = [(t.id, t.name) for t in tycoons if t.level == level and t.id not in shown]
        title = _("Which Tycoon tile was drawn from the level-{level} stack?").format(level=level)
        if not tiles:
            return self.tycoon_id(self.ask(title + " ", _("Type the name printed on the tile.")))
        return self.pick(title, tiles)

    def install(self, view: TableView) -> None:
        s = self.session
        me = view.players[view.current or 0]
        game_map = s.content.game_map
        if view.layout == "map" and game_map is not None:
            mine = [game_map.location(k) for k, _ in me.stations] + [game_map.location(k) for k in me.tokens]
            near = [
                (loc.id, loc.name)
                for loc in game_map.locations
                if not loc.ocean
                and loc.id not in dict(me.stations)
                and any(m is not None and distance(loc, m) == 1 for m in mine)
            ]
            location = self.pick(
                _("Build on which Location?"), near or [(loc.id, loc.name) for loc in game_map.locations]
            )
            chosen = self.box("installation")
            if chosen is not None:
                self.report(s.install(str(location), *chosen))
            return
        location = self.ask(
            _("Build on which Location (its name)? "),
            _("Type the name of the Location printed on the board."),
        )
        empty = self.yes(_("Does it hold no piece at all?"))
        tracks = [t.id for t in s.content.board.tracks]
        reward = self.choose(_("Its reward icon?"), tracks, blank=_("none"))
        bonus = self.number(_("Its bonus in dollars (Enter alone: 0)? "), blank=0)
        chosen = self.box("installation")
        if chosen is not None:
            self.report(s.install(str(location), *chosen, empty, reward, bonus))

    def signal(self, view: TableView, modulating: bool) -> None:
        s = self.session
        me = view.players[view.current or 0]
        names = {loc.id: loc.name for loc in view.locations}
        stations = [names.get(k, k) for k, m in me.stations if m == modulating]
        if not stations:
            self.say((_("{player} has no Modulated station.") if modulating
                      else _("{player} has no Unmodulated station.")).format(player=me.name))
            return
        station = self.pick(_("From which station?"), stations)
        station = next((k for k, n in names.items() if n == station), station)
        column = "modulation" if modulating else "transmission"
        chosen = self.box(column)
        if chosen is None:
            return
        box, side = chosen
        act = s.modulate if modulating else s.transmit
        patent_pattern = box == "patent" or any(
            b == box for c in me.columns if c.column == column for b, _, _ in c.activated
        )
        if view.layout == "map" and not patent_pattern:
            lines = [(ln, s.content.line_name(ln)) for ln, path in view.lines if station in path]
            line = self.pick(_("Along which line?"), lines)
            direction = self.pick(_("Which way?"), [("forward", _("forward")), ("back", _("backward"))])
            self.report(act(station, box, line=line, direction=direction, side=side))
            return
        raw = self.ask(
            _("The Locations the signal reaches, comma-separated (1 if the other is lost): "),
            _("Type the names of the 2 Locations (1 if the signal is lost), with a comma between."),
        )
        locations = [x.strip() for x in raw.split(",") if x.strip()]
        if view.layout == "map":
            self.report(act(station, box, locations=locations, side=side))
            return
        empty = [self.yes(_("Is {place} empty?").format(place=loc)) for loc in locations]
        bonus = [self.number(_("The bonus of {place} in dollars (Enter alone: 0)? ").format(place=loc),
                             blank=0)
                 for loc in locations]
        self.report(act(station, box, locations=locations, empty=empty, bonus=bonus, side=side))

    def credit(self, view: TableView) -> tuple[str, str]:
        me = view.players[view.current or 0]
        credit_name = self.session.content.credit_name
        tokens = [(c, credit_name(c)) for c in me.credits]
        credit = self.pick(_("Which Credit token from your board?"), tokens)
        row_name = self.session.content.credit_row_name
        row = self.pick(_("Onto which Credit row?"), [(r, row_name(r)) for r, _spaces in view.credit_rows])
        return credit, row

    def fund(self, view: TableView) -> None:
        chosen = self.box("funding")
        if chosen is None:
            return
        box, side = chosen
        credit, row = self.credit(view)
        offer = tycoon_offer(view, self.session.content, credit, row)
        if not offer.any:  # no tile may be taken: gain dollars (Funding, step 2)
            self.report(self.session.fund(credit, row, box, side=side))
            return
        tycoon = self.session.content.tycoon_name
        tiles = [(t, tycoon(t)) for _level, ts in view.display for t in ts if t in offer.face_up] + [
            (f"face-down level {lv}",
             _("face-down level {level}").format(level=lv)) for lv, _n in view.stacks if lv in offer.stacks
        ]
        pick = self.pick(_("Which Tycoon tile?"), tiles)
        if pick.startswith("face-down level "):
            self.report(self.session.fund(credit, row, box, face_down=int(pick.rsplit(" ", 1)[1]), side=side))
        else:
            self.report(self.session.fund(credit, row, box, tycoon=pick, side=side))

    def supply(self, view: TableView) -> None:
        credit, row = self.credit(view)
        raw = self.ask(
            _("The columns of the Action tiles taken, comma-separated ({columns}): ").format(
                columns=", ".join(COLUMNS)),
            _("Type the column of each Action tile taken ({columns}), with a comma between.").format(
                columns=", ".join(COLUMNS)),
        )
        tiles = [t.strip() for t in raw.split(",") if t.strip()]
        named = [(p, self.session.content.patent_name(p)) for p in view.patents]
        patent = self.choose(_("Which Patent?"), named, blank=_("none"))
        self.report(self.session.supply(credit, row, tiles, patent))
