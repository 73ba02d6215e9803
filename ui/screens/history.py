"""History: every game played, newest first, and Export (CSV and JSON) for a spreadsheet; a game
played to its end opens its debrief when tapped (:mod:`ui.games.transmission.debrief`).

One big row per game (a Kivy ``RecycleView``, so a long history scrolls
smoothly on the Pi): the date in local time, difficulty and seed, the result,
the duration, missions completed, transmissions used (and undos, if any), and
the score (RULES.md, Score).  With no games it says so.  Export writes both
files into a folder the table picks: a USB stick under ``/media`` when one is
plugged in, or the companion's data folder; the path written is shown.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.i18n import _, ngettext
from companion.table.store import GameSummary
from ui import records, theme
from ui.popups import Choice, ChoicePopup
from ui.screens.base import BaseScreen

log = logging.getLogger(__name__)

#: Rows shown at most (the export has them all).
MAX_ROWS = 500


class HistoryRow(ButtonBehavior, BoxLayout):
    """One game in the list (the RecycleView's view class); texts from :func:`ui.records.history_row`.
    A game played to its end opens its debrief when tapped (``can_debrief``)."""

    game_id = NumericProperty(0)
    can_debrief = BooleanProperty(False)

    date = StringProperty("")
    detail = StringProperty("")
    result = StringProperty("")
    result_kind = StringProperty("")
    duration = StringProperty("")
    missions = StringProperty("")
    transmissions = StringProperty("")
    score = StringProperty("")
    score_label = StringProperty("")

    def on_release(self) -> None:
        screen = self.parent
        while screen is not None and not isinstance(screen, HistoryScreen):
            screen = screen.parent
        if screen is not None and self.can_debrief:
            screen.debrief(int(self.game_id))
        elif screen is not None and self.result_kind in ("left", "abandoned"):  # a tap says why not (X1)
            screen.app.show_message(_("This game was left before its end, so it has no debrief: that comes "
                                      "after a game's End screen."), "info")


def result_colour(kind: str) -> tuple[float, float, float, float]:
    return {"won": (0.45, 0.88, 0.55, 1), "lost": (1, 0.55, 0.50, 1), "left": (1, 0.55, 0.50, 1)}.get(
        kind, theme.MUTED)


class HistoryScreen(BaseScreen[None]):
    #: Shown instead of the list when there is nothing to list (no games, or no store).
    empty_text = StringProperty("")
    has_games = BooleanProperty(False)
    can_export = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="history", **kwargs)

    def on_pre_enter(self, *_args: object) -> None:
        self.load()

    def load(self) -> None:
        """Read the games from the store and fill the list (a store error is shown, not raised)."""
        app = self.app
        store = app.history
        games: list[GameSummary] = []
        if store is None:
            self.empty_text = _("History is off: {why}").format(
                why=app.store_problem or _("no game store is open."))
        else:
            try:
                games = list(store.games(limit=MAX_ROWS))
            except Exception as exc:  # the table must stay up; the log has the traceback
                log.exception("reading the history failed")
                self.empty_text = _("The history cannot be read: {error}").format(error=exc)
            else:
                self.empty_text = _("No games yet — finished games appear here.")
        self.show_games(games)
        self.can_export = store is not None and bool(games)

    def show_games(self, games: list[GameSummary]) -> None:
        """Fill the list from :class:`~companion.table.store.GameSummary` objects, newest first."""
        # the pack's English titles, in the table's language (Incoming Transmission's content/words.py)
        titles = {d.name: _(d.title) if d.title else d.title for d in self.app.content.difficulties}
        ordered = sorted(games, key=lambda g: records.local(g.started), reverse=True)
        debriefs = self.manager is not None and self.manager.has_screen("debrief")
        self.ids.games.data = [{**records.history_row(g, titles), "game_id": g.id,
                                "can_debrief": debriefs and g.result in ("won", "lost")
                                and g.game == records.TRANSMISSION} for g in ordered]
        self.ids.games.scroll_y = 1
        self.has_games = bool(ordered)

    # ------------------------------------------------------------------ export

    def export(self) -> None:
        """Ask where to (each USB stick, the data folder), then write the CSV and JSON there."""
        app = self.app
        if app.history is None:
            app.show_message(_("History is off, so there is nothing to export."), "error")
            return
        choices: list[Choice] = [
            (label, functools.partial(self.export_to, folder), theme.ACCENT)
            for label, folder in records.export_folders(app.data_dir)
        ]
        choices.append((_("Cancel"), None, theme.SECONDARY))
        ChoicePopup(_("Export the history"), _("A CSV file (for a spreadsheet) and a JSON file."), choices,
                    vertical=True, width_dp=520, default=len(choices) - 1).open()

    def export_to(self, folder: Path) -> bool:
        """Write both files into ``folder``; the message bar names them or says what went wrong."""
        app = self.app
        try:
            if app.history is None:
                raise ValueError(_("History is off: {why}").format(why=_("no game store is open.")))
            csv_path, json_path, count = records.export_history(app.history, folder)
        except Exception as exc:  # a full stick, a read-only folder, a store error: say so, keep going
            log.warning("export to %s failed: %s", folder, str(exc))
            app.show_message(_("Could not export to {folder}: {error}").format(folder=folder, error=exc),
                             "error")
            return False
        app.show_message(ngettext("Exported {n} game: {csv} and {json}, in {folder}",
                                  "Exported {n} games: {csv} and {json}, in {folder}", count).format(
                             n=count, csv=csv_path.name, json=json_path.suffix, folder=folder), "answer")
        return True

    def debrief(self, game_id: int) -> None:
        """What Mission Control meant in game ``game_id`` (one played to its end); Back returns here."""
        manager = self.manager
        if manager is not None and manager.has_screen("debrief"):
            manager.get_screen("debrief").open_game(game_id, "history")

    def back(self) -> None:
        self.app.show("home")

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.back()
            return True
        return False
