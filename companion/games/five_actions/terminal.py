"""``companion play --game five-actions``: the table's referee and accountant in a terminal.

Menu-driven (issue 13, item 5): the table sees each player's panel, picks one of the five actions
(or pass, undo, end), and answers only what the referee asks; with the map it lists the Locations,
stations and lines to choose from, on the printed board it asks for the Locations, whether each is
empty, the reward icon and the bonus dollars.  Every refusal is printed with the rule it names and
nothing changes.  ``q`` (or the end of input) leaves the game saved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.five_actions.content.model import COLUMNS
from companion.games.five_actions.engine.board import distance
from companion.games.five_actions.session import Session
from companion.games.five_actions.views import PlayerPanel, TableView

__all__ = ["CHOICES", "MENU", "SAMPLE_NOTE", "Quit", "Terminal", "panel_lines"]

#: Said first when the game is played with the sample pack (its ``sample = true``).
SAMPLE_NOTE = (
    "This is the sample pack: its board, numbers and tiles are ours, not your printed game's; "
    "see docs/five-actions.md to enter your printed board."
)

#: The answers to "your action:" (q leaves through :meth:`ask`).
CHOICES = frozenset({"1", "2", "3", "4", "5", "p", "u", "b", "e"})
MENU = (
    "1 Installation  2 Transmission  3 Modulation  4 Funding  5 Supply  "
    "p pass  u undo  b board  e end the game  q quit (saved)"
)


class Quit(Exception):
    """The table left the terminal (``q`` or the end of input); the game stays saved."""


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


class Terminal:
    """Plays a :class:`Session` with ``input_fn`` / ``output_fn`` (``input`` / ``print``);
    ``saved``: the game store keeps it (what leaving says)."""

    def __init__(
        self,
        session: Session,
        input_fn: Callable[[str], str] = input,
        output_fn: Callable[[str], None] = print,
        saved: bool = True,
    ) -> None:
        self.session = session
        self.saved = saved
        self.input_fn = input_fn
        self.say = output_fn

    def ask(self, prompt: str) -> str:
        try:
            answer = self.input_fn(prompt).strip()
        except EOFError:
            raise Quit from None
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

    def choose(
        self, prompt: str, options: Sequence[str | tuple[str, str]], blank: bool = False
    ) -> str | None:
        """One of ``options`` by number or by name; blank allowed if ``blank``.

        An option is a word, or ``(value, name)``: the table reads and may type the name (or the
        value), the game gets the value (a Patent's id for its printed name)."""
        pairs = [o if isinstance(o, tuple) else (o, o) for o in options]
        if pairs:
            self.say("    " + "  ".join(f"{i + 1}) {name}" for i, (_, name) in enumerate(pairs)))
        while True:
            answer = self.ask(prompt)
            if not answer and blank:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(pairs):
                return pairs[int(answer) - 1][0]
            folded = " ".join(answer.split()).casefold()
            match = next((v for v, name in pairs if folded in (name.casefold(), v.casefold())), None)
            if match is not None or (answer and not pairs):
                return match or answer
            self.say(
                f"Please choose one of the {len(options)} (a number or a name)."
                if options
                else "Please answer."
            )

    def tycoon_id(self, answer: str) -> str:
        """The Tycoon tile the table typed, by its printed name or its id (as typed when neither)."""
        folded = " ".join(answer.split()).casefold()
        tile = next((t for t in self.session.content.tycoons if folded in (t.name.casefold(), t.id)), None)
        return tile.id if tile is not None else answer

    def yes(self, prompt: str) -> bool:
        while True:
            answer = self.ask(prompt + " [y/n] ").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say("Please answer y or n.")

    def number(self, prompt: str, low: int = 0, high: int = 20) -> int:
        while True:
            answer = self.ask(prompt) or "0"
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            self.say(f"Please type a number from {low} to {high}.")

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
        for q in quotes:
            self.say(f"    {q.box}: ${q.dollars}" + ("" if q.ok else f" ({q.reason})"))
        box = self.choose("Which box? ", ["basic", "advanced", "patent"])
        side = self.choose("Which side of the Patent? ", ["A", "B"]) if box == "patent" else None
        return str(box), side

    def run(self) -> int:
        """Play until the game is over or the table quits.  :returns: exit code 0."""
        s = self.session
        if s.content.sample:
            self.say(SAMPLE_NOTE)
        self.say(f"The Five Actions: {s.message}")
        try:
            while not s.over:
                view = s.view()
                if view.pending_draw is not None:
                    tile = self.ask(f"Which Tycoon tile was drawn from the level-{view.pending_draw} stack? ")
                    self.report(s.draw(self.tycoon_id(tile)))
                    continue
                self.show(view)
                self.say(MENU)
                prompt = f"{view.players[view.current or 0].name}, your action: "
                choice = self.ask(prompt).lower()
                while choice not in CHOICES:  # asked again, without the whole round again
                    if choice:
                        self.say("Please choose 1-5, p, u, b, e or q.")
                    choice = self.ask(prompt).lower()
                self.turn(choice, view)
            for st in s.view().standings:
                self.say(
                    f"{st.name}: {st.points} points + {st.patent_icons} Patent icons = {st.total} "
                    f"(${st.money})"
                )
        except Quit:
            self.say(
                "The game is saved; `companion play --game five-actions` resumes it."
                if self.saved
                else "You left the game (it was not saved)."
            )
        return 0

    def report(self, ok: bool) -> None:
        self.say(("" if ok else "Refused: ") + self.session.message)

    def turn(self, choice: str, view: TableView) -> None:
        s = self.session
        if choice == "b":
            self.board(view)
        elif choice == "p":
            self.report(s.pass_turn())
        elif choice == "u":
            self.report(s.undo())
        elif choice == "e":
            if self.yes("End the game now?"):
                self.report(s.end_game())
        elif choice == "1":
            self.install(view)
        elif choice in ("2", "3"):
            self.signal(view, choice == "3")
        elif choice == "4":
            self.fund(view)
        elif choice == "5":
            self.supply(view)
        else:
            self.say("Please choose 1-5, p, u, b, e or q.")

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
            location = self.choose(
                "Build on which Location? ", near or [(loc.id, loc.name) for loc in game_map.locations]
            )
            box, side = self.box("installation")
            self.report(s.install(str(location), box, side))
            return
        location = self.choose("Build on which Location (its name)? ", [])
        empty = self.yes("Does it hold no piece at all?")
        tracks = [t.id for t in s.content.board.tracks]
        reward = self.choose("Its reward icon (blank: none)? ", tracks, blank=True)
        bonus = self.number("Its bonus in dollars (blank: 0)? ")
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
        station = str(self.choose("From which station? ", stations))
        station = next((k for k, n in names.items() if n == station), station)
        column = "modulation" if modulating else "transmission"
        box, side = self.box(column)
        act = s.modulate if modulating else s.transmit
        patent_pattern = box == "patent" or any(
            b == box for c in me.columns if c.column == column for b, _, _ in c.activated
        )
        if view.layout == "map" and not patent_pattern:
            lines = [ln for ln, path in view.lines if station in path]
            line = self.choose("Along which line? ", lines)
            direction = self.choose("Which way? ", ["forward", "back"])
            self.report(act(station, box, line=line, direction=direction, side=side))
            return
        raw = self.ask("The Locations the signal reaches, comma-separated (1 if the other is lost): ")
        locations = [x.strip() for x in raw.split(",") if x.strip()]
        if view.layout == "map":
            self.report(act(station, box, locations=locations, side=side))
            return
        empty = [self.yes(f"Is {loc} empty?") for loc in locations]
        bonus = [self.number(f"The bonus of {loc} in dollars (blank: 0)? ") for loc in locations]
        self.report(act(station, box, locations=locations, empty=empty, bonus=bonus, side=side))

    def credit(self, view: TableView) -> tuple[str, str]:
        me = view.players[view.current or 0]
        credit_name = self.session.content.credit_name
        tokens = [(c, credit_name(c)) for c in me.credits]
        credit = self.choose("Which Credit token from your board? ", tokens)
        row = self.choose("Onto which Credit row? ", [r for r, _ in view.credit_rows])
        return str(credit), str(row)

    def fund(self, view: TableView) -> None:
        box, side = self.box("funding")
        credit, row = self.credit(view)
        tycoon = self.session.content.tycoon_name
        tiles = [(t, tycoon(t)) for _, ts in view.display for t in ts] + [
            (f"face-down level {lv}", f"face-down level {lv}") for lv, n in view.stacks if n
        ]
        pick = self.choose("Which Tycoon tile (blank: none)? ", tiles, blank=True)
        if pick is not None and pick.startswith("face-down level "):
            self.report(self.session.fund(credit, row, box, face_down=int(pick.rsplit(" ", 1)[1]), side=side))
        else:
            self.report(self.session.fund(credit, row, box, tycoon=pick, side=side))

    def supply(self, view: TableView) -> None:
        credit, row = self.credit(view)
        raw = self.ask(f"The columns of the Action tiles taken, comma-separated ({', '.join(COLUMNS)}): ")
        tiles = [t.strip() for t in raw.split(",") if t.strip()]
        named = [(p, self.session.content.patent_name(p)) for p in view.patents]
        patent = self.choose("Which Patent (blank: none)? ", named, blank=True)
        self.report(self.session.supply(credit, row, tiles, patent))
