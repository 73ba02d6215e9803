"""End: Victory or Defeat, every mission revealed, the score and its breakdown; the way to the debrief
("What Mission Control meant", :mod:`ui.games.transmission.debrief`)."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.game import Outcome
from companion.games.transmission.table_view import TableView
from companion.i18n import _, ngettext, number
from ui.games.transmission.debrief import DebriefScreen
from ui.screens.base import BaseScreen


def score_lines(content: ContentPack, difficulty: str, outcome: Outcome) -> list[str]:
    """The score's breakdown (RULES.md, Score), one line per term, ending with the total."""
    rule = content.score
    preset = content.difficulty(difficulty)
    done = len(outcome.completed)
    lines = [ngettext("{n} mission × {points} = {total}", "{n} missions × {points} = {total}", done)
             .format(n=done, points=rule.per_mission, total=done * rule.per_mission)]
    if outcome.victory:
        unused = outcome.transmissions_total - outcome.transmissions_used
        lines.append(ngettext("{n} unused transmission × {points} = {total}",
                              "{n} unused transmissions × {points} = {total}", unused)
                     .format(n=unused, points=rule.per_unused_transmission,
                             total=unused * rule.per_unused_transmission))
        boosts = outcome.boosts_unused
        lines.append(ngettext("{n} unused boost × {points} = {total}",
                              "{n} unused boosts × {points} = {total}", boosts)
                     .format(n=boosts, points=rule.per_unused_boost, total=boosts * rule.per_unused_boost))
    else:
        lines.append(_("No bonus without a victory"))
    lines.append(_("× {multiplier} for {difficulty} = {score}").format(multiplier=number(preset.multiplier),
                                                                       difficulty=pack_text(preset.title),
                                                                       score=outcome.score))
    return lines


class EndScreen(BaseScreen[TableView]):
    victory = BooleanProperty(False)
    headline = StringProperty("")
    subtitle = StringProperty("")
    score = StringProperty("")
    breakdown = StringProperty("")
    used = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="end", **kwargs)

    def refresh(self, view: TableView) -> None:
        from ui.games.transmission.cards import PLUS, MissionPanel

        outcome = view.outcome
        if outcome is None:
            return
        self.victory = outcome.victory
        total = len(outcome.missions)
        done = len(outcome.completed)
        self.headline = _("Victory!") if outcome.victory else _("Defeat")
        self.subtitle = (_("All {total} missions complete.").format(total=total) if outcome.victory
                         else _("The transmissions ran out: {done} of {total} missions complete.")
                         .format(done=done, total=total))
        self.score = _("Score {score}").format(score=outcome.score)
        self.breakdown = "\n".join(score_lines(self.app.content, view.difficulty, outcome))
        self.used = _("Transmissions used: {used} of {total}").format(used=outcome.transmissions_used,
                                                                      total=outcome.transmissions_total)
        box = self.ids.missions
        box.clear_widgets()
        completed = set(outcome.completed)
        compact = len(view.all_missions) > 3  # four rows fit under the status strip only when lower
        for mission in view.all_missions:
            box.add_widget(MissionPanel(mission=mission, done=mission.id in completed, show_flavour=False,
                                        joiner=PLUS, compact=compact))

    def play_again(self) -> None:
        self.app.play_again()

    def debrief(self) -> None:
        """The debrief of this game (it is over: every mission is revealed)."""
        if self.app.finished_record() is None:
            self.app.show_message(_("The debrief comes once the game is over."), "error")
            return
        screen = self.manager.get_screen("debrief")
        assert isinstance(screen, DebriefScreen)
        screen.open_finished("end")

    def home(self) -> None:
        self.app.abandon()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.play_again()
            return True
        if action == "back":
            self.home()
            return True
        return False

