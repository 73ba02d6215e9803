"""The Mission Control screen of a person as Mission Control, and the hold button that opens it.

Source: RULES.md, With a person as Mission Control.  The secrets (missions, the intended order, the
error card, a private Signal Boost answer) appear only here, read from
:meth:`~companion.games.transmission.person.PersonSession.seat_view` while the screen is open:

- :class:`HoldButton` (on Thinking, Transmission and Decode): press and hold about a second, with a
  filling bar, so a passing tap cannot open it;
- :class:`SeatScreen`, a popup over the whole window: first the cue "Turn the screen away from the
  Cadet" (nothing secret on it), then, on *Show*, the person's task: enter the Mission cards, pick
  5 commands in order (or scan them), draw the error card, hand the cards over, answer a boost.
  *Hide* (or Escape) closes it and the secrets with it.

Screens never hold the session: the app opens the popup with the session typed as :class:`Seat`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from kivy.app import App
from kivy.clock import Clock, ClockEvent
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import module_names
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.seat_view import Coach, SeatView
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from companion.table.events import Event, Listener
from ui import theme
from ui.games.transmission.board import BoardView  # noqa: F401  (a widget its .kv builds)
from ui.widgets.controls import BigButton

__all__ = ["HOLD_SECONDS", "HoldButton", "Seat", "SeatScreen"]

#: How long the Mission Control button is held before the screen opens.
HOLD_SECONDS = 1.0

#: The seat view's instruction once the pick is locked in (it says to hide the screen already).
LOCKED_IN = "Locked in. Hide this screen: the table draws the Transmission card."

#: The type of the missions panel (beside the board: in German a mission and its modules take 3 lines
#: at the body's 18 sp, and the board had no room left).
PANEL_FONT = "15sp"

#: A Command card id per command, for the error card tapped (twins are one and the same).
_CARD = {Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY", Command.REPAIR: "REPAIR"}


class Seat(Protocol):
    """What the Mission Control screen may ask of a
    :class:`~companion.games.transmission.person.PersonSession`."""

    seat_open: bool
    coach: bool
    content: ContentPack

    def subscribe(self, listener: Listener) -> None: ...
    def view(self) -> TableView: ...
    def open_seat(self) -> bool: ...
    def close_seat(self) -> bool: ...
    def seat_view(self) -> SeatView: ...
    def enter_mission(self, mission: str) -> bool: ...
    def take_back_mission(self) -> bool: ...
    def pick(self, command: Command) -> bool: ...
    def take_back_pick(self) -> bool: ...
    def clear_picks(self) -> bool: ...
    def lock_in(self) -> bool: ...
    def draw_error(self, card: str) -> bool: ...
    def coach_advice(self) -> Coach | None: ...


class HoldButton(BigButton):
    """A button that fires ``on_held`` once held for :data:`HOLD_SECONDS`; ``progress`` (0 to 1) fills
    its bar meanwhile, and letting go early resets it."""

    progress = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        self.register_event_type("on_held")
        super().__init__(**kwargs)
        self._ticker: ClockEvent | None = None

    def on_held(self) -> None:
        """Held long enough: open Mission Control's screen (every HoldButton is Mission Control's).

        Bound here, not in kv: a kv handler keeps its last arguments (this button) in its rule's
        ids, which kept a stopped app alive."""
        app = App.get_running_app()
        if app is not None:
            app.open_mission_control()

    def on_press(self) -> None:
        self.progress = 0.0
        self._stop()
        self._ticker = Clock.schedule_interval(self._tick, 1 / 30)

    def on_release(self) -> None:
        self._stop()
        self.progress = 0.0

    def _tick(self, dt: float) -> None:
        self.progress = min(1.0, self.progress + dt / HOLD_SECONDS)
        if self.progress >= 1.0:
            self._stop()
            self.progress = 0.0
            self.dispatch("on_held")

    def _stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None


class SeatLine(Label):
    """Wrapped text that sizes itself to its lines (rules in ``mc_seat.kv``)."""


class SeatScreen(ModalView):
    """Mission Control's private screen over the whole window (see the module docstring).

    :param seat: the person's session.
    :param on_closed: called once it is hidden again.
    """

    stage = StringProperty("cue")
    instruction = StringProperty("")
    message = StringProperty("")
    coach_text = StringProperty("")
    busy = BooleanProperty(False)

    def __init__(self, seat: Seat, on_closed: Callable[[], None] = lambda: None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.on_closed = on_closed
        self._shown = False
        self._trigger = Clock.create_trigger(lambda _dt: self.refresh(), -1)
        seat.subscribe(self._on_event)
        self.ids.board.devices = sorted(seat.content.devices)

    # ------------------------------------------------------------------ opening and closing

    def show(self) -> None:
        """Show the secrets (the cue's *Show*): the session opens the seat."""
        if self.seat.open_seat():
            self.stage = "secrets"
            self._shown = True
            self.refresh()

    def hide(self) -> None:
        """Hide the secrets and close (*Hide*, Escape)."""
        if self.seat.seat_open:
            self.seat.close_seat()
        self._shown = False
        self.dismiss()

    def on_dismiss(self) -> None:
        if self.seat.seat_open:
            self.seat.close_seat()
        self._shown = False
        self.on_closed()

    def handle_key_event(self, key: int, codepoint: str | None, action: str | None) -> bool:
        """Keys while open: Escape hides it; Enter (the panel's Transmit button) on the cue shows the
        secrets, and while selecting locks the 5 commands in (or says how many are still to pick)."""
        if action == "back":
            self.hide()
        elif action == "continue" and self.stage == "cue":
            self.show()
        elif action == "continue" and self._shown and self.seat.seat_open \
                and self.seat.seat_view().task == "select":
            self.seat.lock_in()
        return True

    def _on_event(self, event: Event) -> None:
        if self._shown:
            self._trigger()

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        """Rebuild the task panel from the seat view (only while the secrets are shown)."""
        if not self._shown or not self.seat.seat_open:
            return
        seat = self.seat.seat_view()
        table = self.seat.view()
        self.ids.board.rows = list(table.rows)
        self.ids.board.cadet = list(table.cadet)
        names = module_names(self.seat.content)  # in the language now in use
        self.ids.board.names = names
        if table.carrying:
            held = names.get(table.carrying, table.carrying)
            self.ids.carrying.text = _("The Cadet carries {device}.").format(device=held)
        else:
            self.ids.carrying.text = _("The Cadet carries nothing.")
        self.instruction = seat.instruction
        self.message = seat.message
        done = seat.completed
        missions = self.ids.missions
        missions.clear_widgets()
        if not seat.missions:
            missions.add_widget(SeatLine(text=_("No mission entered yet."), font_size=PANEL_FONT))
        for m in seat.missions:
            title = f"[b]{m.title}[/b]"
            if m.id in done:
                title = _("{mission} (done)").format(mission=title)
                title = f"[font={theme.SYMBOL_FONT}]{theme.CHECK}[/font] {title}"
            pair = _("{first} next to {second}").format(first=m.names[0], second=m.names[1])
            missions.add_widget(SeatLine(text=f"{title}\n{pair}", font_size=PANEL_FONT))
        if seat.intended:
            order = "  ".join(f"{k}.{_(c.title)}" for k, c in enumerate(seat.intended, start=1))
            missions.add_widget(SeatLine(text=_("[b]Intended:[/b] {order}").format(order=order),
                                         font_size=PANEL_FONT))
        if seat.errors:
            errors = ", ".join(_(c.title) for c in seat.errors)
            missions.add_widget(SeatLine(text=_("[b]Error card:[/b] {cards}").format(cards=errors),
                                         font_size=PANEL_FONT))
        task = self.ids.task
        task.clear_widgets()
        getattr(self, f"_task_{seat.task}")(seat, task)
        if seat.task != "missions":  # its list of cards fills the panel; the others sit at the top
            task.add_widget(Widget())

    def _button(self, text: str, action: Callable[[], object], fill: Any = theme.ACCENT,
                disabled: bool = False, height: float = 52) -> BigButton:
        button = BigButton(text=text, fill=fill, disabled=disabled, height=dp(height), markup=True)
        button.bind(on_release=lambda _b: action())
        return button

    def _task_missions(self, seat: SeatView, task: BoxLayout) -> None:
        entered = len(seat.missions)
        task.add_widget(SeatLine(text=_("Mission card {number} of {total}: scan it, or tap it.")
                                 .format(number=entered + 1, total=seat.missions_needed)))
        grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for m in seat.mission_choices:
            grid.add_widget(self._button(m.title, partial(self.seat.enter_mission, m.id), theme.PANEL_LIGHT,
                                         height=48))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(8), scroll_type=["bars", "content"],
                            bar_inactive_color=theme.MUTED)  # the bar shows there is more below
        scroll.add_widget(grid)
        task.add_widget(scroll)
        task.add_widget(self._button(_("Take back the last one"), self.seat.take_back_mission,
                                     theme.SECONDARY, disabled=entered == 0, height=48))

    def _task_select(self, seat: SeatView, task: BoxLayout) -> None:
        slots = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(56))
        for k in range(5):
            title = _(seat.picks[k].title) if k < len(seat.picks) else "?"
            slot = self._button(f"[size=13sp]{k + 1}[/size]\n{title}", lambda: None,
                                theme.CARD if k < len(seat.picks) else theme.SLOT, height=56)
            slot.font_size = sp(15)  # a fifth of the row: "Reparieren" whole, not broken after "Reparier"
            slots.add_widget(slot)
            if k < len(seat.picks):
                slots.children[0].color = theme.CARD_TEXT
        task.add_widget(slots)
        pad = GridLayout(cols=4, spacing=dp(6), size_hint_y=None, height=dp(2 * 52 + 6))
        full = len(seat.picks) >= 5
        for command, left in seat.left:
            pad.add_widget(self._button(f"{_(command.title)} [size=13sp]({left})[/size]",
                                        partial(self.seat.pick, command), disabled=left <= 0 or full))
        pad.add_widget(self._button(_("Back"), self.seat.take_back_pick, theme.SECONDARY,
                                    disabled=not seat.picks))
        task.add_widget(pad)
        row = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(52))
        row.add_widget(self._button(_("Clear"), self.seat.clear_picks, theme.SECONDARY,
                                    disabled=not seat.picks))
        if seat.coach:
            row.add_widget(self._button(_("Coach"), self.ask_coach, theme.SECONDARY, disabled=self.busy))
        row.add_widget(self._button(_("Lock in"), self.seat.lock_in, theme.GO, disabled=not full))
        task.add_widget(row)
        if self.coach_text:
            task.add_widget(SeatLine(text=self.coach_text))

    def _task_error(self, seat: SeatView, task: BoxLayout) -> None:
        task.add_widget(SeatLine(text=_("Which card did you draw? Scan it, or tap it:")))
        pad = GridLayout(cols=4, spacing=dp(6), size_hint_y=None, height=dp(2 * 52 + 6))
        for command in seat.error_choices:
            card = _CARD.get(command, f"{command.value}1")
            pad.add_widget(self._button(_(command.title), partial(self.seat.draw_error, card)))
        task.add_widget(pad)

    def _task_hand_over(self, seat: SeatView, task: BoxLayout) -> None:
        for k, line in enumerate(seat.hand_over, start=1):
            task.add_widget(SeatLine(text=f"{k}. {line}", font_size=theme.FONT_LARGE))

    def _task_answer(self, seat: SeatView, task: BoxLayout) -> None:
        task.add_widget(SeatLine(text=seat.answer, font_size=theme.FONT_LARGE))

    def _task_watch(self, seat: SeatView, task: BoxLayout) -> None:
        # The seat view's words (companion.games.transmission.seat_view), in the same catalog: a
        # watch that says "Hide" already needs no second line.
        if seat.instruction != _(LOCKED_IN):
            task.add_widget(SeatLine(text=_("Hide this screen before you turn it back to the Cadet.")))

    # ------------------------------------------------------------------ the coach

    def ask_coach(self) -> None:
        """The AI's pick and the fewest transmissions still possible, searched off the main thread."""
        if self.busy:
            return
        self.busy = True
        self.coach_text = _("The coach is thinking…")
        self.refresh()

        def work() -> None:
            try:
                advice = self.seat.coach_advice()
                text = _coach_text(advice)
            except Exception as exc:  # the coach is advice: its failure must not stop the game
                text = _("The coach could not answer: {reason}").format(reason=exc)
            Clock.schedule_once(lambda _dt: self._coached(text))

        threading.Thread(target=work, name="coach", daemon=True).start()

    def _coached(self, text: str) -> None:
        self.busy = False
        self.coach_text = text
        self.refresh()


def _coach_text(advice: Coach | None) -> str:
    if advice is None:
        return _("The coach has nothing to say now.")
    pick = " ".join(_(c.title) for c in advice.pick)
    if advice.transmissions_to_win is None:
        return _("[b]Coach:[/b] {pick}. The game cannot be won any more; this keeps the most missions "
                 "in reach.").format(pick=pick)
    return _("[b]Coach:[/b] {pick}. Fewest transmissions still possible: {n} (this one included).").format(
        pick=pick, n=advice.transmissions_to_win)
