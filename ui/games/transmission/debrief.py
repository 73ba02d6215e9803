"""Debrief: "What Mission Control meant", one transmission at a time, after a game is over.

Reached from End ("What Mission Control meant": the app's own record of the game just over,
:meth:`ui.host.Host.finished_record`, so it needs no game history) and from a finished game in History
(:meth:`ui.host.GameHistory.finished_game`: only a game played to its end, whose missions are revealed).
The record is replayed by :func:`companion.games.transmission.debrief.build_debrief` on a worker thread
(the exact solver names what the companion was heading for: 0.02-0.3 s of CPU on the dev box); the
screen says "Replaying the game..." until it is ready.  Each page: the Transmission card, the boards
before and after (the board widget), the hand as dealt with the error card marked, the intended order
beside the order executed (a difference outlined), the Signal Boosts spent and their answers, the
missions completed and, with the companion as Mission Control, what the intended order was heading for.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty

from companion.errors import CompanionError
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import module_names, pack_text
from companion.games.transmission.debrief import (
    COMPANION,
    Debrief,
    build_debrief,
    card_name,
    card_text,
    differences,
    hand_text,
    heading_lines,
)
from companion.games.transmission.stored import NAME
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from companion.table.store import StoreError
from ui.games.transmission.board import BoardView
from ui.screens.base import BaseScreen
from ui.widgets.controls import FitLabel, StripCell

__all__ = ["DebriefScreen", "page_texts"]

#: The widgets the .kv rules use (registered with Kivy's Factory when their modules load).
WIDGETS = (BoardView, StripCell, FitLabel)

log = logging.getLogger(__name__)


def _carrying(names: dict[str, str], letter: str | None) -> str:
    if not letter:
        return _("Carrying nothing")
    return _("Carrying the {device}").format(device=names.get(letter, letter))


def _heading(debrief: Debrief) -> str:
    """The heading's words: who was Mission Control."""
    if debrief.mission_control == COMPANION:
        return _("What Mission Control meant (the companion)")
    return _("What Mission Control meant (a person)")


def page_texts(content: ContentPack, debrief: Debrief, page: int) -> dict[str, Any]:
    """The texts of page ``page`` (0-based: transmission ``page + 1``), as the screen's properties.

    :raises IndexError: no such page."""
    t = debrief.transmissions[page]
    names = module_names(content)
    mission_titles = {m.id: pack_text(m.title) for m in content.missions}
    boosts = [_("{boost} on {asked}: “{answer}”").format(boost=pack_text(b.name), asked=b.asked,
                                                        answer=b.answer)
              if b.asked else _("{boost}: “{answer}”").format(boost=pack_text(b.name), answer=b.answer)
              for b in t.boosts]
    done = [_("Completed at step {step}: {mission}").format(step=step, mission=mission_titles.get(m, m))
            for m, step in t.completed]
    notes = ([_("Signal Boosts: {boosts}").format(boosts="; ".join(boosts))] if boosts
             else [_("No Signal Boost spent.")]) + done
    if t.corrected:
        notes.append(_("The board was corrected during this transmission."))
    changed = differences(t)
    executed = t.executed or ()
    return {
        "where": _("Transmission {number} of {total}").format(number=t.number,
                                                               total=len(debrief.transmissions)),
        # its id means nothing at the table
        "card": _("Transmission card, {card}").format(card=card_text(content, t)),
        "hand": _("Hand as dealt: {hand}.").format(hand=hand_text(t)),
        "intended": [card_name(c) for c in t.intended],
        "executed": [card_name(c) for c in executed] + [""] * (5 - len(executed)),
        "changed": [k in changed for k in range(1, 6)],
        "notes": "\n".join(notes),
        "before_carry": _carrying(names, t.before.carrying),
        "after_carry": _carrying(names, t.after.carrying),
        "order_note": (_("Executed as intended.") if t.executed is not None and not changed
                       else _("The game ended before it was executed.") if t.executed is None
                       else _("Outlined: executed otherwise than intended.")),
        "meaning": ("\n".join(heading_lines(content, t, short=True)) if t.heading is not None
                    else _("A person was Mission Control: ask them what they meant.")),
    }


class DebriefScreen(BaseScreen[TableView]):
    """See the module docstring.  :meth:`open_game` shows a game; Back returns to the screen it came from."""

    names = DictProperty({})
    devices = ListProperty([])
    heading = StringProperty("")
    where = StringProperty("")
    card = StringProperty("")
    hand = StringProperty("")
    intended = ListProperty([""] * 5)
    executed = ListProperty([""] * 5)
    changed = ListProperty([False] * 5)
    notes = StringProperty("")
    meaning = StringProperty("")
    order_note = StringProperty("")
    before_carry = StringProperty("")
    after_carry = StringProperty("")
    problem = StringProperty("")
    loading = BooleanProperty(False)
    page = NumericProperty(0)
    pages = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="debrief", **kwargs)
        self.debrief: Debrief | None = None
        self.back_to = "end"
        self._asked = 0

    # ------------------------------------------------------------------ opening a game

    def open_finished(self, back_to: str = "end") -> None:
        """Show the debrief of the game just over (End), from the app's own record: it needs no game
        history.  Refused, with the reason on the screen, while no game is over."""
        self._begin(back_to)
        finished = self.app.finished_record()
        if finished is None:
            self.problem = _("The debrief comes once the game is over: until then its missions are secret.")
            self.app.show("debrief")
            return
        self._replay(*finished)

    def _begin(self, back_to: str) -> None:
        self.back_to = back_to
        self.debrief, self.pages, self.page = None, 0, 0
        self.problem = self.heading = self.where = ""
        self.names = module_names(self.app.content)
        self.devices = sorted(self.app.content.devices)
        self._asked += 1

    def open_game(self, game_id: int | None, back_to: str) -> None:
        """Show the debrief of game ``game_id`` of the game history (``None``: the last game played to
        its end) and go to this screen; Back returns to ``back_to``."""
        self._begin(back_to)
        history = self.app.history
        try:
            if history is None:
                raise StoreError(_("The debrief replays the game from the game history, which is off: "
                                   "{reason}.").format(reason=self.app.store_problem
                                                       or _("no game store is open")))
            saved = history.finished_game(game_id)
            if saved is None:
                raise StoreError(_("No game has been played to its end yet: the debrief comes after a "
                                   "game's End screen."))
            if saved.game != NAME:
                raise StoreError(_("Game {id} is a game of {game}, which has no debrief.")
                                 .format(id=saved.id, game=saved.game))
        except StoreError as exc:
            self.problem = str(exc)
            self.app.show("debrief")
            return
        self._replay(dict(saved.record), dict(saved.table) if saved.table is not None else None)

    def _replay(self, record: dict[str, Any], table: dict[str, Any] | None) -> None:
        """Build the debrief on a worker thread (the exact solver takes a moment) and show it."""
        self.loading = True
        self.app.show("debrief")
        asked, content = self._asked, self.app.content

        def work() -> None:
            try:
                debrief: Debrief | None = build_debrief(record, content, table=table)
                error = ""
            except CompanionError as exc:
                debrief, error = None, _("This game cannot be replayed: {reason}.").format(reason=exc)
            except Exception as exc:  # keep the table going; the log has the traceback
                log.exception("building the debrief failed")
                error = _("Something went wrong replaying this game: {reason}").format(reason=exc)
                debrief = None
            Clock.schedule_once(lambda _dt: self._ready(asked, debrief, error))

        threading.Thread(target=work, name="debrief", daemon=True).start()

    def _ready(self, asked: int, debrief: Debrief | None, error: str) -> None:
        if asked != self._asked:
            return  # another game was asked for since
        self.loading = False
        self.problem = error
        self.debrief = debrief
        if debrief is not None:
            self.heading = _heading(debrief)
            self.pages = len(debrief.transmissions)
            if not self.pages:
                self.problem = _("No transmission was played in this game.")
            self.show_page(0)

    def retranslate(self) -> None:
        """The language changed while the debrief is shown: its page again, in the new language."""
        self.names = {m.letter: m.name for m in self.app.content.modules}
        self.show_page(self.page)

    # ------------------------------------------------------------------ stepping

    def show_page(self, page: int) -> None:
        debrief = self.debrief
        if debrief is None or not debrief.transmissions:
            return
        self.page = max(0, min(page, len(debrief.transmissions) - 1))
        self.heading = _heading(debrief)  # again: the language may have changed since
        t = debrief.transmissions[self.page]
        for key, value in page_texts(self.app.content, debrief, self.page).items():
            setattr(self, key, value)
        self.ids.before.rows, self.ids.before.cadet = list(t.before.rows), list(t.before.cadet)
        self.ids.after.rows, self.ids.after.cadet = list(t.after.rows), list(t.after.cadet)

    def next(self) -> None:
        self.show_page(self.page + 1)

    def previous(self) -> None:
        self.show_page(self.page - 1)

    def back(self) -> None:
        self._asked += 1  # a replay still running is not shown any more
        self.app.show(self.back_to)
        if self.back_to == "end":
            self.app.redraw()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "prev":
            self.previous()
        elif action in ("next", "continue"):
            self.next()
        elif action == "back":
            self.back()
        else:
            return False
        return True
