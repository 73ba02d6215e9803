"""``companion play --game five-actions``: the table's referee and accountant in a terminal.

Menu-driven (issue 13, item 5): the table sees each player's panel, picks one of the five actions
(or pass, undo, the board, end) from a numbered list, and answers only what the referee asks; with
the map it lists the Locations, stations and lines to choose from, on the printed board it asks for
the Locations, whether each is empty, the reward icon and the bonus dollars.  Every question goes
through :class:`companion.table.prompt.Prompt` (issue 24, item 14): ``help`` shows the rules in
short (:data:`summary.RULES`) and the moves possible now, a blank Enter says what is expected,
``back`` returns to the action menu with nothing played, ``quit`` (or the end of input) leaves the
game saved.  Every refusal is printed with the rule it names and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.five_actions.content.model import COLUMNS
from companion.games.five_actions.engine.board import distance
from companion.games.five_actions.session import Session
from companion.games.five_actions.summary import RULES, moves_now
from companion.games.five_actions.views import PlayerPanel, TableView
from companion.table.action_terminal import ActionTerminal
from companion.table.prompt import Option, Quit

__all__ = ["MENU", "SAMPLE_NOTE", "Quit", "Terminal", "panel_lines"]

#: Said first when the game is played with the sample pack (its ``sample = true``).
SAMPLE_NOTE = (
    "This is the sample pack: its board, numbers and tiles are ours, not your printed game's; "
    "see docs/five-actions.md to enter your printed board."
)

#: The answers to "your action:", numbered 1 to 10 (the word, or its start, works too).
MENU = (
    ("installation", "Installation"),
    ("transmission", "Transmission"),
    ("modulation", "Modulation"),
    ("funding", "Funding"),
    ("supply", "Supply"),
    ("pass", "Pass"),
    ("undo", "Undo"),
    ("board", "The board"),
    ("end", "End the game"),
    ("quit", "Leave"),
)


def panel_lines(panel: PlayerPanel, names: Callable[[str], str] = str) -> list[str]:
    """A player's panel in a few lines; ``names``: a Patent's printed name by its id
    (:meth:`ContentPack.patent_name`)."""
    mark = "> " if panel.is_current else "  "
    cols = ", ".join(
        f"{c.column} {c.tiles}" + (f" (the Patent {names(c.waiting)} waits)" if c.waiting else "")
        for c in panel.columns
    )
    return [
        f"{mark}{panel.name}: ${panel.money}, {panel.points} points, {panel.stations_left} stations left, "
        f"{panel.ready} Signal tokens in Ready, Permanent Links {panel.links}",
        f"    Action tiles: {cols}",
        f"    Credit tokens on the board: {len(panel.credits)}; active Tycoons {panel.tycoons}, Factories "
        f"{panel.factories}, Scientists {panel.scientists}; Patents {panel.patents}",
    ]


class Terminal(ActionTerminal[Session]):
    """Plays a :class:`Session` with ``input_fn`` / ``output_fn`` (``input`` / ``print``);
    ``saved``: the game store keeps it (what leaving says; the default: it does).
    :class:`~companion.table.action_terminal.ActionTerminal` asks, loops and leaves."""

    rules = RULES
    left = ("The game is saved; `companion play --game five-actions` resumes it.",
            "You left the game (it was not saved).")
    back_said = "Back to the action menu: nothing was played."
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
        self.say(f"-- Round {view.round} --")
        for panel in view.players:
            for line in panel_lines(panel, self.session.content.patent_name):
                self.say(line)
        tycoon = self.session.content.tycoon_name
        shown = "; ".join(f"level {lv}: {', '.join(map(tycoon, t)) or '-'}" for lv, t in view.display)
        self.say(f"  Tycoon display: {shown}")

    def board(self, view: TableView) -> None:
        names = [p.name for p in view.players]
        for loc in view.locations:
            pieces = ", ".join(f"{names[s]} {k}" for s, k in loc.pieces) or "empty"
            where = f" ({loc.row},{loc.col})" if loc.row is not None else ""
            self.say(f"  {loc.name}{where}{' ocean' if loc.ocean else ''}: {pieces}")
        for row, spaces in view.credit_rows:
            self.say(
                f"  Credit row {row}: "
                + " ".join(f"[{t}:{names[s] if s is not None else '-'}]" for t, s in spaces)
            )

    def box(self, column: str) -> tuple[str, str | None]:
        view = self.session.view()
        quotes = [q for q in view.quotes if q.column == column]
        boxes = [(q.box, f"{q.box}: ${q.dollars}" + ("" if q.ok else f" ({q.reason})")) for q in quotes]
        box = self.pick("Which box?", boxes or [(b, b) for b in ("basic", "advanced", "patent")])
        side = self.pick("Which side of the Patent?", ["A", "B"]) if box == "patent" else None
        return box, side

    def run(self) -> int:
        """Play until the game is over or the table quits.  :returns: exit code 0."""
        s = self.session
        if s.content.sample:
            self.say(SAMPLE_NOTE)
        self.say(f"The Five Actions: {s.message}")
        if self.play_turns():
            for st in s.view().standings:
                self.say(
                    f"{st.name}: {st.points} points + {st.patent_icons} Patent icons = {st.total} "
                    f"(${st.money})"
                )
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
        self.turn(self.pick(f"{view.players[view.current or 0].name}, your action:", MENU), view)

    def report(self, ok: bool) -> None:
        self.say(("" if ok else "Refused: ") + self.session.message)

    def turn(self, choice: str, view: TableView) -> None:
        s = self.session
        if choice == "quit":
            raise Quit
        if choice == "board":
            self.board(view)
        elif choice == "pass":
            self.report(s.pass_turn())
        elif choice == "undo":
            self.report(s.undo())
        elif choice == "end":
            if self.yes("End the game now?"):
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
        title = f"Which Tycoon tile was drawn from the level-{level} stack?"
        if not tiles:
            return self.tycoon_id(self.ask(title + " ", "Type the name printed on the tile."))
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
                "Build on which Location?", near or [(loc.id, loc.name) for loc in game_map.locations]
            )
            box, side = self.box("installation")
            self.report(s.install(str(location), box, side))
            return
        location = self.ask(
            "Build on which Location (its name)? ", "Type the name of the Location printed on the board."
        )
        empty = self.yes("Does it hold no piece at all?")
        tracks = [t.id for t in s.content.board.tracks]
        reward = self.choose("Its reward icon?", tracks, blank="none")
        bonus = self.number("Its bonus in dollars (Enter alone: 0)? ", blank=0)
        box, side = self.box("installation")
        self.report(s.install(str(location), box, side, empty, reward, bonus))

    def signal(self, view: TableView, modulating: bool) -> None:
        s = self.session
        me = view.players[view.current or 0]
        names = {loc.id: loc.name for loc in view.locations}
        stations = [names.get(k, k) for k, m in me.stations if m == modulating]
        if not stations:
            self.say(f"{me.name} has no {'Modulated' if modulating else 'Unmodulated'} station.")
            return
        station = self.pick("From which station?", stations)
        station = next((k for k, n in names.items() if n == station), station)
        column = "modulation" if modulating else "transmission"
        box, side = self.box(column)
        act = s.modulate if modulating else s.transmit
        patent_pattern = box == "patent" or any(
            b == box for c in me.columns if c.column == column for b, _, _ in c.activated
        )
        if view.layout == "map" and not patent_pattern:
            lines = [ln for ln, path in view.lines if station in path]
            line = self.pick("Along which line?", lines)
            direction = self.pick("Which way?", [("forward", "forward"), ("back", "backward")])
            self.report(act(station, box, line=line, direction=direction, side=side))
            return
        raw = self.ask(
            "The Locations the signal reaches, comma-separated (1 if the other is lost): ",
            "Type the names of the 2 Locations (1 if the signal is lost), with a comma between.",
        )
        locations = [x.strip() for x in raw.split(",") if x.strip()]
        if view.layout == "map":
            self.report(act(station, box, locations=locations, side=side))
            return
        empty = [self.yes(f"Is {loc} empty?") for loc in locations]
        bonus = [self.number(f"The bonus of {loc} in dollars (Enter alone: 0)? ", blank=0)
                 for loc in locations]
        self.report(act(station, box, locations=locations, empty=empty, bonus=bonus, side=side))

    def credit(self, view: TableView) -> tuple[str, str]:
        me = view.players[view.current or 0]
        credit_name = self.session.content.credit_name
        tokens = [(c, credit_name(c)) for c in me.credits]
        credit = self.pick("Which Credit token from your board?", tokens)
        row = self.pick("Onto which Credit row?", [r for r, _ in view.credit_rows])
        return credit, row

    def fund(self, view: TableView) -> None:
        box, side = self.box("funding")
        credit, row = self.credit(view)
        tycoon = self.session.content.tycoon_name
        tiles = [(t, tycoon(t)) for _, ts in view.display for t in ts] + [
            (f"face-down level {lv}", f"face-down level {lv}") for lv, n in view.stacks if n
        ]
        pick = self.choose("Which Tycoon tile?", tiles, blank="none")
        if pick is not None and pick.startswith("face-down level "):
            self.report(self.session.fund(credit, row, box, face_down=int(pick.rsplit(" ", 1)[1]), side=side))
        else:
            self.report(self.session.fund(credit, row, box, tycoon=pick, side=side))

    def supply(self, view: TableView) -> None:
        credit, row = self.credit(view)
        raw = self.ask(
            f"The columns of the Action tiles taken, comma-separated ({', '.join(COLUMNS)}): ",
            f"Type the column of each Action tile taken ({', '.join(COLUMNS)}), with a comma between.",
        )
        tiles = [t.strip() for t in raw.split(",") if t.strip()]
        named = [(p, self.session.content.patent_name(p)) for p in view.patents]
        patent = self.choose("Which Patent?", named, blank="none")
        self.report(self.session.supply(credit, row, tiles, patent))
