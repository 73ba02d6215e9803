"""End: Victory or Defeat, every mission revealed, the score and its breakdown; the way to the debrief
("What Mission Control meant", :mod:`ui.games.transmission.debrief`)."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.game import Outcome
from companion.games.transmission.table_view import TableView
from ui.games.transmission.debrief import DebriefScreen
from ui.screens.base import BaseScreen


def score_lines(content: ContentPack, difficulty: str, outcome: Outcome) -> list[str]:
    """The score's breakdown (RULES.md, Score), one line per term, ending with the total."""
    rule = content.score
    preset = content.difficulty(difficulty)
    done = len(outcome.completed)
    lines = [f"{done} mission{'s' if done != 1 else ''} × {rule.per_mission} = {done * rule.per_mission}"]
    if outcome.victory:
        unused = outcome.transmissions_total - outcome.transmissions_used
        lines.append(f"{unused} unused transmission{'s' if unused != 1 else ''} × "
                     f"{rule.per_unused_transmission} = {unused * rule.per_unused_transmission}")
        lines.append(f"{outcome.boosts_unused} unused boost{'s' if outcome.boosts_unused != 1 else ''} × "
                     f"{rule.per_unused_boost} = {outcome.boosts_unused * rule.per_unused_boost}")
    else:
        lines.append("No bonus without a victory")
    lines.append(f"× {preset.multiplier:g} for {preset.title} = {outcome.score}")
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
        from ui.games.transmission.cards import MissionPanel

        outcome = view.outcome
        if outcome is None:
            return
        self.victory = outcome.victory
        total = len(outcome.missions)
        done = len(outcome.completed)
        self.headline = "Victory!" if outcome.victory else "Defeat"
        self.subtitle = (f"All {total} missions complete." if outcome.victory
                         else f"The transmissions ran out: {done} of {total} missions complete.")
        self.score = f"Score {outcome.score}"
        self.breakdown = "\n".join(score_lines(self.app.content, view.difficulty, outcome))
        self.used = f"Transmissions used: {outcome.transmissions_used} of {outcome.transmissions_total}"
        box = self.ids.missions
        box.clear_widgets()
        completed = set(outcome.completed)
        compact = len(view.all_missions) > 3  # four rows fit under the status strip only when lower
        for mission in view.all_missions:
            box.add_widget(MissionPanel(mission=mission, done=mission.id in completed, show_flavour=False,
                                        joiner=" + ", compact=compact))

    def play_again(self) -> None:
        self.app.play_again()

    def debrief(self) -> None:
        """The debrief of this game (it is over: every mission is revealed)."""
        if self.app.finished_record() is None:
            self.app.show_message("The debrief comes once the game is over.", "error")
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

