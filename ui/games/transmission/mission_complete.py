"""Mission complete: each newly completed mission revealed, the Signal Boost dealt, missions done.

One mission shows with its flavour text and its boost's how-to in full.  Two or more
completed at once (one transmission can do that) show without flavour, their boosts one
line each, and three or more in two columns, so everything fits 800x480.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.transmission.engine.views import MissionView
from companion.games.transmission.table_view import TableView
from companion.i18n import _, ngettext
from ui.screens.base import BaseScreen


class MissionCompleteScreen(BaseScreen[TableView]):
    heading = StringProperty("")
    boost_text = StringProperty("")
    done_text = StringProperty("")
    #: One mission only: room for its flavour text and the boost's how-to at full size.
    roomy = BooleanProperty(True)
    columns = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="mission_complete", **kwargs)

    def refresh(self, view: TableView) -> None:
        from ui.games.transmission.cards import MissionPanel

        execution = view.last_execution
        new_ids = [c.mission for c in execution.completions] if execution else []
        by_id = {m.id: m for m in view.completed}
        missions: list[MissionView] = [by_id[m] for m in new_ids if m in by_id]
        self.heading = (_("Mission complete!") if len(missions) == 1
                        else ngettext("{n} mission complete!", "{n} missions complete!", len(missions))
                        .format(n=len(missions)))
        self.roomy = len(missions) <= 1
        self.columns = 2 if len(missions) >= 3 else 1
        box = self.ids.missions
        box.clear_widgets()
        for mission in missions:
            box.add_widget(MissionPanel(mission=mission, done=True, show_flavour=self.roomy))
        dealt = [b for b in view.boosts if b.id in self.app.dealt]
        if len(dealt) == 1 and self.roomy:
            (b,) = dealt
            self.boost_text = _("[b]Signal Boost earned: {boost}[/b] — {text}").format(boost=b.name,
                                                                                       text=b.text)
        elif len(dealt) > 2:
            self.boost_text = _("[b]Signal Boosts earned: {boosts}[/b]").format(
                boosts=", ".join(b.name for b in dealt))
        elif dealt:
            title = ngettext("[b]Signal Boost earned:[/b]", "[b]Signal Boosts earned:[/b]", len(dealt))
            self.boost_text = "\n".join([title, *(f"[b]{b.name}[/b] — {b.text}" for b in dealt)])
        else:
            self.boost_text = _("Every Signal Boost has been dealt already: none earned this time.")
        self.done_text = _("Missions done: {done} of {total}").format(done=len(view.completed),
                                                                     total=view.missions_total)

    def proceed(self) -> None:
        self.app.intents.confirm()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "continue":
            self.proceed()
            return True
        return False

