"""Stats: per game and difficulty, games, win rate, best score and streaks, and a chart of the scores;
for a game played against each other (The Six and Five Actions: :attr:`GameInfo.standings
<companion.table.registry.GameInfo.standings>`) per number of players, games finished and left, wins
by player name and the best winning total, and a chart of the winning totals
(:class:`companion.table.store_rows.PlayerStats`).

When more than one game has been played, a tab per game (its title) stands beside the heading; the
left column has one big toggle per difficulty of the chosen game (Incoming Transmission's: of the
content pack), each showing that difficulty's figures (:class:`companion.table.store.DifficultyStats`,
:func:`companion.table.store_rows.game_figures`: a game's "2 players" is its own);
the chosen one's scores, game by game (oldest on the left), are drawn on the
right as bars by :class:`ScoreChart` with Kivy canvas instructions (axes,
ticks, labels; the best score in gold).  Scores follow RULES.md, Score.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.games.catalog import registered
from companion.i18n import N_, _, ngettext
from companion.table.record import difficulty_text
from companion.table.store import DifficultyStats
from companion.table.store_rows import PlayerStats, all_figures, said_names
from ui import theme
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigToggle
from ui.widgets.text import blit, text_texture

log = logging.getLogger(__name__)

#: Bars drawn at most: the most recent games (the title says how many were left out).
MAX_BARS = 40
BAR = (0.30, 0.58, 0.95, 1)
BEST_BAR = theme.SELECTED
AXIS = (0.55, 0.60, 0.68, 1)
GRID = (0.25, 0.29, 0.37, 1)


#: Round tops for the score axis, times a power of ten (its half is round too).
NICE_STEPS = (1, 1.2, 1.6, 2, 3, 4, 5, 6, 8, 10)


def nice_top(value: float) -> int:
    """The axis' top: the smallest round number (:data:`NICE_STEPS` times a power of ten) at least
    ``value``, and at least 10; ``100`` when there is nothing above zero."""
    if value <= 0:
        return 100
    power = 10 ** math.floor(math.log10(value))
    top = next(step * power for step in NICE_STEPS if step * power >= value)
    return max(10, int(math.ceil(top)))


def x_ticks(count: int, first: int = 1, most: int = 10) -> list[int]:
    """Which bars (0-based) get a game number under them: at most ``most``, always the last."""
    if count <= 0:
        return []
    step = max(1, math.ceil(count / most))
    ticks = list(range(0, count, step))
    if ticks[-1] != count - 1:
        if len(ticks) > 1 and count - 1 - ticks[-1] < step:
            ticks[-1] = count - 1  # the newest game's number, not two crowded labels
        else:
            ticks.append(count - 1)
    return ticks


#: Winners named on a toggle (its line fits the column; ``companion stats`` names every one).
MOST_WINNERS = 3


def standings_summary(stats: PlayerStats | None) -> str:
    """A toggle's two lines for a game played against each other: ``"3 finished · 1 left"`` /
    ``"Wins: Ana (2), Ben (1)"`` (a tie is a win for each tied player; at most :data:`MOST_WINNERS`
    names, most wins first, then how many more)."""
    if stats is None or not (stats.finished or stats.left):
        return _("No games yet")
    first = _("{n} finished").format(n=stats.finished)
    if stats.left:
        first += " · " + _("{n} left").format(n=stats.left)
    # the count in brackets: "Spieler 1 (1)", never "Spieler 1 1" (a default name ends in a number)
    wins = ", ".join(f"{name} ({count})" for name, count in stats.wins[:MOST_WINNERS])
    if len(stats.wins) > MOST_WINNERS:
        wins += " " + _("+{n} more").format(n=len(stats.wins) - MOST_WINNERS)
    if wins:
        return first + "\n" + _("Wins: {wins}").format(wins=wins)
    return first + "\n" + (_("No winner recorded yet") if stats.finished else _("None finished yet"))


def best_line(stats: PlayerStats | None) -> str:
    """``"best total 145 (Ana)"`` / ``"best total 90 (2 tied)"`` (the chart's title has room for one
    name; the wins by name are on the left), or ``""`` with no winning total recorded."""
    if stats is None or stats.best_total is None:
        return ""
    who = said_names(stats.best_by) if len(stats.best_by) == 1 else _("{n} tied").format(n=len(stats.best_by))
    return _("best total {total} ({who})").format(total=stats.best_total, who=who)


def summary(stats: DifficultyStats | None) -> str:
    """The toggle's two lines: ``"12 games · 58% won · best 450"`` / ``"streak 2 · best streak 4"``
    (games left before their first transmission are not counted: :attr:`DifficultyStats.abandoned`)."""
    if stats and not stats.games and stats.abandoned:
        return (_("No games counted") + "\n"
                + _("{n} abandoned before a transmission").format(n=stats.abandoned))
    if not stats or not stats.games:
        return _("No games yet")
    rate = stats.win_rate * 100 if stats.win_rate <= 1 else stats.win_rate
    games = ngettext("{n} game", "{n} games", stats.games).format(n=stats.games)
    return (games + " · " + _("{rate}% won · best {score}").format(rate=f"{rate:.0f}", score=stats.best_score)
            + "\n" + _("Win streak {streak} · best streak {best}").format(streak=stats.streak,
                                                                       best=stats.best_streak))


class ScoreChart(Widget):
    """Scores as bars, oldest game on the left, drawn with canvas instructions.

    :attr scores: whole scores, chronological.  :attr first_game: the number of the first bar's game
    (when older games were left out).  :attr empty_text: shown when there are no scores.
    """

    scores = ListProperty([])
    first_game = StringProperty("1")
    empty_text = StringProperty("")
    x_title = StringProperty("")
    y_title = StringProperty("")
    legend = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        self._group = InstructionGroup()
        self._trigger = Clock.create_trigger(self._draw, -1)
        super().__init__(**kwargs)
        self.canvas.add(self._group)
        for name in ("scores", "first_game", "empty_text", "x_title", "y_title", "legend", "pos", "size"):
            self.fbind(name, self._trigger)

    @property
    def instruction_count(self) -> int:
        """How many canvas instructions the chart drew (tests check it drew something)."""
        return len(self._group.children)

    def _draw(self, *_: object) -> None:
        group = self._group
        group.clear()
        scores = [int(s) for s in self.scores]
        if not scores:
            blit(group, text_texture(self.empty_text, sp(20), width=self.width - dp(20)),
                  self.center_x, self.center_y, theme.MUTED)
            return
        x_title = self._x_title_texture()
        left, bottom = self.x + dp(58), self.y + x_title.height + dp(26)
        right, top = self.right - dp(10), self.top - dp(30)
        width, height = max(1.0, right - left), max(1.0, top - bottom)
        axis_top = nice_top(max(scores))
        # Horizontal grid lines with their values (0, a half, the top).
        for fraction in (0, 0.25, 0.5, 0.75, 1):
            y = bottom + height * fraction
            group.add(Color(*(AXIS if fraction == 0 else GRID)))
            group.add(Line(points=[left, y, right, y], width=1.2 if fraction == 0 else 1))
            if fraction in (0, 0.5, 1):
                value = axis_top * fraction
                label = f"{value:g}" if value != int(value) else str(int(value))
                texture = text_texture(label, sp(15))
                blit(group, texture, left - dp(8) - texture.width / 2, y, theme.MUTED)
        group.add(Color(*AXIS))
        group.add(Line(points=[left, bottom, left, top], width=1.2))
        blit(group, text_texture(self.y_title, sp(15), bold=True), left, top + dp(15), theme.MUTED)
        # The legend for the gold bar.
        legend = text_texture(self.legend, sp(15))
        lx = right - legend.width - dp(4)
        group.add(Color(*BEST_BAR))
        group.add(Rectangle(pos=(lx - dp(20), top + dp(9)), size=(dp(14), dp(14))))
        blit(group, legend, lx + legend.width / 2, top + dp(16), theme.MUTED)
        # The bars.
        count = len(scores)
        slot = width / count
        bar = max(2.0, min(slot * 0.72, dp(48)))
        best = max(scores)
        first = int(self.first_game or 1)
        for i, score in enumerate(scores):
            cx = left + slot * (i + 0.5)
            h = height * score / axis_top
            group.add(Color(*(BEST_BAR if score == best and best > 0 else BAR)))
            group.add(Rectangle(pos=(cx - bar / 2, bottom), size=(bar, max(h, 1.5))))
            if slot >= dp(34):
                value = text_texture(str(score), sp(14), bold=True)
                blit(group, value, cx, bottom + h + dp(4) + value.height / 2, theme.TEXT)
        for i in x_ticks(count):
            cx = left + slot * (i + 0.5)
            blit(group, text_texture(str(first + i), sp(15)), cx, bottom - dp(12), theme.MUTED)
        blit(group, x_title, (left + right) / 2, self.y + dp(1) + x_title.height / 2, theme.MUTED)

    def _x_title_texture(self) -> Any:
        """The x axis's title within the chart's width: smaller type (15 sp down to 12 sp), then two
        lines ("Beendete Spiele, älteste zuerst · 3 verlassen, kein Sieger · 2 ohne erfassten Sieger"
        ran past the panel)."""
        room = max(1.0, self.width - dp(8))
        for size in range(15, 11, -1):
            texture = text_texture(self.x_title, sp(size), bold=True)
            if texture.width <= room:
                return texture
        return text_texture(self.x_title, sp(12), bold=True, width=room)


class GameTab(ToggleButton):
    """A game's tab on Stats (its title), shown when more than one game has been played."""

    value = StringProperty("")


#: The score chart's axis under the bars.
GAMES_AXIS = N_("Games, oldest to newest")

#: Rows the difficulty column is divided in (Incoming Transmission's four difficulties).
MIN_ROWS = 4

#: Incoming Transmission: the game whose difficulties are the content pack's (listed even unplayed).
TRANSMISSION = "transmission"


class StatsScreen(BaseScreen[None]):
    #: The game whose difficulties are shown (:attr:`~companion.table.registry.GameInfo.name`).
    game = StringProperty(TRANSMISSION)
    #: The difficulty whose chart is shown.
    difficulty = StringProperty("standard")
    chart_title = StringProperty("")
    problem = StringProperty("")
    has_store = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="stats", **kwargs)
        self._stats: dict[tuple[str, str], DifficultyStats] = {}
        self._standings: dict[tuple[str, str], PlayerStats] = {}
        self._games: list[str] = [TRANSMISSION]

    def on_pre_enter(self, *_args: object) -> None:
        self.load()

    def _order(self) -> dict[str, tuple[str, ...]]:
        """Each game's difficulties: Incoming Transmission's from the content pack, the others' declared."""
        order = {g.name: tuple(g.difficulties) for g in registered()}
        order[TRANSMISSION] = tuple(d.name for d in self.app.content.difficulties)
        return order

    def load(self) -> None:
        """Read the figures from the store; a store error is shown, not raised."""
        app = self.app
        store = app.history
        stats: Sequence[DifficultyStats] = []
        standings: Sequence[PlayerStats] = []
        self.has_store = store is not None
        if store is None:
            self.problem = _("History is off: {why}").format(
                why=app.store_problem or _("no game store is open."))
        else:
            try:
                against = [g.name for g in registered() if g.standings]
                stats, standings = all_figures(store.games(), self._order(), against)
                self.problem = ""
            except Exception as exc:  # the table must stay up; the log has the traceback
                log.exception("reading the stats failed")
                self.problem = _("The stats cannot be read: {error}").format(error=exc)
        self.show_stats(stats, standings)

    def show_stats(self, stats: Sequence[DifficultyStats], standings: Sequence[PlayerStats] = ()) -> None:
        """A tab per game played (with more than one), the chosen game's difficulties (for a game played
        against each other, its numbers of players) as toggles with their figures, and the chart of the
        chosen one.  Incoming Transmission is always there (its difficulties read "No games yet" before
        its first game)."""
        self._stats = {(s.game, s.difficulty): s for s in stats}
        self._standings = {(p.game, p.difficulty): p for p in standings}
        played = list(dict.fromkeys([s.game for s in stats] + [p.game for p in standings]))
        self._games = [TRANSMISSION] + [g for g in played if g != TRANSMISSION]
        if self.game not in self._games or not any(self._count(self.game, d) for d in self._names()):
            # The game most played catches the eye; else Incoming Transmission.
            counts = {g: sum(self._count(g, d) for gd, d in [*self._stats, *self._standings] if gd == g)
                      for g in self._games}
            self.game = max(self._games, key=lambda g: counts[g]) if any(counts.values()) else TRANSMISSION
        tabs = self.ids.games
        tabs.clear_widgets()
        titles = {g.name: _(g.title) for g in registered()}
        if len(self._games) > 1:
            for name in self._games:
                tab = GameTab(text=titles.get(name, name), value=name, group="stats-game",
                              state="down" if name == self.game else "normal", allow_no_selection=False)
                tab.bind(on_release=lambda t: self.choose_game(t.value))
                tabs.add_widget(tab)
        self._show_difficulties()

    def _names(self) -> list[str]:
        """The chosen game's difficulties: its declared ones, then any other it was played at."""
        declared = list(self._order().get(self.game, ()))
        others = dict.fromkeys(d for g, d in [*self._stats, *self._standings] if g == self.game)
        return declared + [d for d in others if d not in declared]

    def _title(self, difficulty: str) -> str:
        if self.game == TRANSMISSION:
            titles = {d.name: _(d.title) if d.title else d.title for d in self.app.content.difficulties}
            return titles.get(difficulty) or difficulty_text(difficulty)
        return difficulty_text(difficulty)

    def _count(self, game: str, difficulty: str) -> int:
        s = self._stats.get((game, difficulty))
        p = self._standings.get((game, difficulty))
        return (int(s.games) if s is not None else 0) + (p.finished + p.left if p is not None else 0)

    def _subtitle(self, difficulty: str) -> str:
        if (self.game, difficulty) in self._standings or self._against(self.game):
            return standings_summary(self._standings.get((self.game, difficulty)))
        return summary(self._stats.get((self.game, difficulty)))

    @staticmethod
    def _against(game: str) -> bool:
        """Whether ``game`` is played against each other (its registration says so)."""
        return any(g.standings for g in registered() if g.name == game)

    def _show_difficulties(self) -> None:
        names = self._names()
        if self.difficulty not in names or not self._count(self.game, self.difficulty):
            played = [n for n in names if self._count(self.game, n)]
            # The most played difficulty first catches the eye; else the app's current choice.
            fallback = self.app.initial.difficulty if self.game == TRANSMISSION else names[0] if names else ""
            self.difficulty = (max(played, key=lambda n: self._count(self.game, n)) if played else fallback)
        box = self.ids.difficulties
        box.clear_widgets()
        for name in names:
            toggle = BigToggle(group="stats-difficulty", title=self._title(name),
                               subtitle=self._subtitle(name), value=name,
                               state="down" if name == self.difficulty else "normal",
                               font_size="16sp")
            toggle.bind(on_release=self._on_toggle)
            box.add_widget(toggle)
        for _row in range(len(names), MIN_ROWS):  # a game of fewer difficulties: toggles of the same size
            box.add_widget(Widget())
        self._show_chart()

    def choose_game(self, game: str) -> None:
        """Show ``game``'s difficulties (its tab down, the others up) and its most played one's chart."""
        self.game = game
        for tab in self.ids.games.children:
            tab.state = "down" if tab.value == game else "normal"
        self._show_difficulties()

    def _on_toggle(self, toggle: BigToggle) -> None:
        self.choose(toggle.value)

    def toggles(self) -> list[BigToggle]:
        """The difficulties' toggles, top to bottom."""
        return [w for w in reversed(self.ids.difficulties.children) if isinstance(w, BigToggle)]

    def choose(self, difficulty: str) -> None:
        """Show ``difficulty``'s chart (its toggle down, the others up)."""
        self.difficulty = difficulty
        for toggle in self.toggles():
            toggle.state = "down" if toggle.value == difficulty else "normal"
        self._show_chart()

    def _show_chart(self) -> None:
        if self._against(self.game):
            self._show_totals()
            return
        chart = self.ids.chart
        chart.y_title, chart.legend = _("Score"), _("best score")
        title = self._title(self.difficulty)  # the game: its tab, down beside the heading
        stats = self._stats.get((self.game, self.difficulty))
        scores = list(stats.scores) if stats is not None else []
        shown = scores[-MAX_BARS:]
        chart.first_game = str(len(scores) - len(shown) + 1)
        chart.empty_text = self.problem or _("No {difficulty} games yet.").format(difficulty=title)
        chart.scores = shown
        if len(shown) < len(scores):
            self.chart_title = _("{difficulty}: score of the last {shown} of {total} games").format(
                difficulty=title, shown=len(shown), total=len(scores))
        else:
            self.chart_title = _("{difficulty}: score per game").format(difficulty=title)
        # A game left before its first transmission was never played: not a bar, but said.
        abandoned = stats.abandoned if stats is not None else 0
        note = " · " + _("{n} abandoned, not counted").format(n=abandoned) if abandoned else ""
        chart.x_title = _(GAMES_AXIS) + note

    def _show_totals(self) -> None:
        """The winning total of each finished game of the chosen number of players (oldest first)."""
        chart = self.ids.chart
        title = self._title(self.difficulty)
        stats = self._standings.get((self.game, self.difficulty))
        totals = list(stats.totals) if stats is not None else []
        shown = totals[-MAX_BARS:]
        chart.y_title, chart.legend = _("Winning total"), _("best total")
        chart.first_game = str(len(totals) - len(shown) + 1)
        if self.problem:
            chart.empty_text = self.problem
        elif stats is not None and stats.finished:
            chart.empty_text = _("These games ended before the companion recorded their winners.")
        else:
            chart.empty_text = _("No finished {players} games yet.").format(players=title)
        chart.scores = shown
        best = best_line(stats)  # the axis says "Winning total"
        last = (" · " + _("last {shown} of {total}").format(shown=len(shown), total=len(totals))
                if len(shown) < len(totals) else "")
        self.chart_title = f"{title}{last}" + (f" · {best}" if best else ": " + _("winning totals"))
        notes = []
        if stats is not None and stats.left:
            notes.append(_("{n} left, no winner").format(n=stats.left))
        if stats is not None and stats.unrecorded:
            notes.append(_("{n} without a recorded winner").format(n=stats.unrecorded))
        chart.x_title = _("Finished games, oldest to newest") + "".join(f" · {n}" for n in notes)

    def back(self) -> None:
        self.app.show("home")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        if action in ("prev", "next"):
            names = self._names()
            if self.difficulty in names:
                i = names.index(self.difficulty) + (1 if action == "next" else -1)
                self.choose(names[i % len(names)])
            return True
        return False
