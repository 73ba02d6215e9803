"""Decode: the Cadet puts the cards in registers 1-5, may spend Signal Boosts, then executes.

Tap a card, then a register (or drag the card onto it); tap a placed card to
take it back.  A Clear Signal asks which register (tap one), a Cross Check
which card (tap one); Debug and Abort ask for a confirmation first (Debug is
refused at once when there is no error, Abort when a register is empty).
Every refusal from the session shows in the message bar and changes nothing.

A Transmission card may add up to two errors (``companion.games.transmission.content.model.MAX_ERRORS``):
the screen then shows one leave-out slot per error, and up to 7 cards in the
hand, narrower when they would not fit beside the mini board.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.utils import escape_markup

from companion.games.transmission.content.model import BoostKind
from companion.games.transmission.content.words import module_names
from companion.games.transmission.decode import LEAVE_OUT
from companion.games.transmission.engine.state import BoostAnswer
from companion.games.transmission.engine.views import CadetView, boost_view
from companion.games.transmission.table_view import TableView
from companion.i18n import N_, _, ngettext
from ui import theme
from ui.games.transmission.board import BoardView  # noqa: F401  (a widget its .kv builds)
from ui.games.transmission.cards import CardButton, RegisterSlot, card_title
from ui.games.transmission.mc_seat import HoldButton  # noqa: F401  (a widget its .kv builds)
from ui.games.transmission.transmission import count_word
from ui.popups import Choice, ChoicePopup
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

BOOST_FILL = (0.42, 0.30, 0.68, 1)
#: Picking a register or card for these boosts happens on the board of registers.
ASKS_REGISTER = BoostKind.CLEAR_SIGNAL
ASKS_CARD = BoostKind.CROSS_CHECK
#: A card's size in the hand (dp) when they all fit; narrower (not shorter) when many.
CARD_WIDTH = 86
CARD_SPACING = 10
#: Room kept on each side of the hand for the selected card's yellow frame (dp).
HAND_MARGIN = 6
HINT = N_("Tap a card, then tap a register. Tap a placed card to take it back.")


def boosts_note(view: CadetView) -> str:
    """The words before the boost buttons: none earned yet, or none left in hand."""
    if view.boosts:
        return _("Boosts")
    if view.completed:
        return _("No Signal Boosts in hand")
    return _("No Signal Boosts yet: complete a mission to earn one")


class DecodeScreen(BaseScreen[TableView]):
    selected = StringProperty("")
    pending = StringProperty("")  # a boost id waiting for a register or a card
    can_execute = BooleanProperty(False)
    #: A person is Mission Control (the hold button opens their screen: a boost to answer aloud).
    person = BooleanProperty(False)
    has_boosts = BooleanProperty(False)
    needs_leave_out = BooleanProperty(False)
    #: How many cards to leave out (one leave-out slot each).
    leave_count = NumericProperty(0)
    boosts_note = StringProperty("")
    carrying = StringProperty("")
    answers_text = StringProperty("")
    hand_hint = StringProperty("")
    names = DictProperty({})
    devices = ListProperty([])
    hint = StringProperty(HINT)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="decode", **kwargs)
        self._placed_order: list[str] = []
        self._view: TableView | None = None
        #: The leave-out slots shown after register 5, one per error in the hand.
        self.leave_slots: list[RegisterSlot] = []

    # ------------------------------------------------------------------ drawing

    def on_leave(self, *_: object) -> None:
        self.selected = ""
        self.pending = ""
        self._placed_order = []

    def refresh(self, view: TableView) -> None:
        self._view = view
        self.person = view.mission_control == "person"
        self.names = module_names(self.app.content)
        self.devices = sorted(self.app.content.devices)
        unplaced = view.unplaced
        if self.selected not in unplaced:
            self.selected = ""
        pending_kind = self._pending_kind()
        for slot in self._slots():
            k = slot.number
            slot.card_id = view.arrangement[k - 1] or ""
            slot.fixed = view.registers[k - 1] is not None
            if pending_kind is ASKS_REGISTER:
                slot.target = not slot.fixed
            elif pending_kind is ASKS_CARD:
                slot.target = bool(slot.card_id) and not slot.fixed
            else:
                slot.target = bool(self.selected) and not slot.fixed
        self.needs_leave_out = view.leave_out > 0
        self.leave_count = view.leave_out
        self._sync_leave_slots(view.leave_out)
        for i, leave in enumerate(self.leave_slots):
            leave.card_id = view.left_out[i] if i < len(view.left_out) else ""
            leave.target = bool(self.selected) and pending_kind is None
            leave.empty_text = N_("error?")
        if view.leave_out:
            n = view.leave_out
            self.hint = ngettext("Tap a card, then a register. Leave {count} card out: it goes in the red "
                                 "slot.",
                                 "Tap a card, then a register. Leave {count} cards out: they go in the red "
                                 "slots.", n).format(count=count_word(n))
        else:
            self.hint = _(HINT)
        self._fill_hand(unplaced, pending_kind)
        self._fill_boosts(view)
        self.can_execute = view.order is not None
        board = self.ids.board
        board.rows = list(view.rows)
        board.cadet = list(view.cadet)
        if view.carrying:
            held = self.names.get(view.carrying, view.carrying)
            self.carrying = _("Carrying: {device}").format(device=held)
        else:
            self.carrying = _("Carrying nothing")
        # The latest answers (at most three; the oldest scroll off), each boost's name in bold.
        lines = [self._answer_line(a) for a in view.answers[-3:]]
        self.answers_text = "\n".join(lines) or _("No answers yet.")

    def _answer_line(self, answer: BoostAnswer) -> str:
        try:
            name = boost_view(self.app.content, answer.boost).name
        except KeyError:
            name = answer.boost
        return f"[b]{escape_markup(name)}:[/b] {escape_markup(answer.text)}"

    def _slots(self) -> list[RegisterSlot]:
        return [self.ids[f"register{k}"] for k in range(1, 6)]

    def _sync_leave_slots(self, count: int) -> None:
        """One leave-out slot per error in the hand, after register 5 (none without an error)."""
        box = self.ids.registers
        while len(self.leave_slots) > count:
            box.remove_widget(self.leave_slots.pop())
        while len(self.leave_slots) < count:
            slot = RegisterSlot(number=LEAVE_OUT)
            slot.bind(on_release=self._on_leave_slot)
            self.leave_slots.append(slot)
            box.add_widget(slot)

    def _on_leave_slot(self, slot: RegisterSlot) -> None:
        self.tap_register(LEAVE_OUT, slot)

    def layout_hand(self) -> None:
        """Size the hand's cards to the room beside the mini board: up to 7 cards, none cut off."""
        box = self.ids.hand
        cards = box.children
        if not cards:
            return
        n = len(cards)
        room = self.ids.hand_area.width - 2 * dp(HAND_MARGIN)
        spacing = dp(CARD_SPACING)
        if n * dp(CARD_WIDTH) + (n - 1) * spacing > room:
            spacing = dp(6)
        width = min(dp(CARD_WIDTH), (room - (n - 1) * spacing) / n)
        box.spacing = spacing
        for card in cards:
            card.width = width

    def _fill_hand(self, unplaced: tuple[str, ...], pending_kind: BoostKind | None) -> None:
        box = self.ids.hand
        box.clear_widgets()
        for cid in unplaced:
            card = CardButton(card_id=cid, selected=cid == self.selected, target=pending_kind is ASKS_CARD)
            card.bind(on_tap=self._on_card_tap, on_drop=self._on_card_drop)
            box.add_widget(card)
        self.layout_hand()
        if unplaced:
            self.hand_hint = ""
        elif self.can_execute or all(s.card_id for s in self._slots()):
            self.hand_hint = _("Every card is placed. Check the order, then Execute.")
        else:
            self.hand_hint = _("No cards left in the hand.")

    def _fill_boosts(self, view: CadetView) -> None:
        box = self.ids.boosts
        box.clear_widgets()
        self.has_boosts = bool(view.boosts)
        self.boosts_note = boosts_note(view)
        for boost in view.boosts:
            chosen = boost.id == self.pending
            idle = self._useless_reason(boost.id, view) != ""
            button = BigButton(text=_("Cancel {boost}").format(boost=boost.name) if chosen else boost.name,
                               fill=theme.SELECTED if chosen else (theme.DISABLED if idle else BOOST_FILL),
                               size_hint_x=None, width=dp(118), height=theme.SMALL_BUTTON_HEIGHT,
                               font_size="17sp")
            if chosen:
                button.color = theme.CARD_TEXT
            elif idle:  # dimmed, but a tap still says why it cannot be used now
                button.color = theme.DISABLED_TEXT
            button.boost_id = boost.id
            button.bind(on_release=lambda b: self.use_boost(b.boost_id))
            box.add_widget(button)

    def _pending_kind(self) -> BoostKind | None:
        if not self.pending:
            return None
        try:
            return self.app.content.boost(self.pending).kind
        except KeyError:
            return None

    # ------------------------------------------------------------------ taps

    def _on_card_tap(self, card: CardButton) -> None:
        self.tap_card(card.card_id)

    def tap_card(self, card_id: str) -> None:
        if self._pending_kind() is ASKS_CARD:
            self._spend(self.pending, card=card_id)
            return
        self.selected = "" if self.selected == card_id else card_id
        if self.selected:
            self.app.show_message(
                _("{card} selected: now tap a register.").format(card=self._title(card_id)), "info")
        else:
            self.app.clear_message()
        self.app.redraw()

    def tap_register(self, number: int, slot: RegisterSlot | None = None) -> None:
        """A tap on register 1-5, or on a leave-out slot (``LEAVE_OUT``; ``slot`` says which)."""
        if self.app.table_view() is None:
            return
        kind = self._pending_kind()
        if slot is None:
            if number == LEAVE_OUT:
                if not self.leave_slots:
                    self.app.show_message(_("There is no error this time: every card must be used."), "error")
                    return
                slot = self.leave_slots[0]
            else:
                slot = self.ids[f"register{number}"]
        if kind is ASKS_REGISTER and number != LEAVE_OUT:
            self._spend(self.pending, register=number)
        elif kind is ASKS_CARD:
            if slot.card_id:
                self._spend(self.pending, card=slot.card_id)
            else:
                name = boost_view(self.app.content, self.pending).name  # "Cross Check": "Gegenprobe"
                self.app.show_message(_("{boost}: tap a card to ask where it goes.").format(boost=name),
                                      "info")
        elif self.selected:
            if number == LEAVE_OUT and slot.card_id:  # this slot's card makes way for the selected one
                self.app.intents.take_back(slot.card_id)
            self._place(self.selected, number)
        elif slot.fixed:
            self.app.show_message(
                _("Register {number} is fixed by a clear signal.").format(number=number), "info")
        elif slot.card_id:
            self.app.intents.take_back(slot.card_id)
        elif number == LEAVE_OUT:
            self.app.show_message(_("Tap a card first, then tap Leave out."), "info")
        else:
            self.app.show_message(
                _("Tap a card first, then tap register {number}.").format(number=number), "info")

    def _on_card_drop(self, card: CardButton, window_x: float, window_y: float) -> None:
        for slot in [*self._slots(), *self.leave_slots]:
            if slot.collide_point(*slot.to_widget(window_x, window_y)):
                if slot.number == LEAVE_OUT and slot.card_id and slot.card_id != card.card_id:
                    self.app.intents.take_back(slot.card_id)
                self._place(card.card_id, int(slot.number))
                return

    def _place(self, card_id: str, number: int) -> None:
        if self.app.intents.place(card_id, number):
            self.selected = ""
            if card_id in self._placed_order:
                self._placed_order.remove(card_id)
            self._placed_order.append(card_id)

    def use_boost(self, boost_id: str, confirmed: bool = False) -> None:
        """A tap on a Signal Boost: ask for its register or card, or (Debug, Abort) confirm and spend it.

        ``confirmed``: chosen from the B menu already, so no second question.
        """
        if self.pending == boost_id:
            self.pending = ""
            self.app.clear_message()
            self.app.redraw()
            return
        boost = boost_view(self.app.content, boost_id)  # its name and text in the table's language
        if boost.kind is ASKS_REGISTER:
            self.pending = boost_id
            self.app.show_message(
                _("{boost}: tap the register Mission Control should fix.").format(boost=boost.name), "info")
        elif boost.kind is ASKS_CARD:
            self.pending = boost_id
            self.selected = ""
            self.app.show_message(
                _("{boost}: tap the card you want to ask about.").format(boost=boost.name), "info")
        else:
            self.pending = ""
            why = self._useless_reason(boost_id, self._view)
            if why:  # refused at once, with the reason, before any confirmation; the boost is kept
                self.app.show_message(why, "error")
                self.app.redraw()
                return
            if confirmed:
                self._spend(boost_id)
                return
            ChoicePopup(_("Use {boost}?").format(boost=boost.name), boost.text,
                        [(_("Use {boost}").format(boost=boost.name), lambda: self._spend(boost_id),
                          BOOST_FILL),
                         (_("Keep it"), None, theme.SECONDARY)]).open()
        self.app.redraw()

    def _useless_reason(self, boost_id: str, view: CadetView | None) -> str:
        """Why a Debug or Abort cannot be used right now ("" when it can): no error, empty registers."""
        try:
            boost = boost_view(self.app.content, boost_id)
        except KeyError:
            return ""
        now = self.app.table_view()
        if boost.kind is BoostKind.DEBUG and view is not None and view.leave_out == 0:
            return _("{boost}: there is no error card this time, so nothing to remove.").format(
                boost=boost.name)
        if boost.kind is BoostKind.ABORT and now is not None and now.order is None:
            return _("{boost}: fill all five registers first.").format(boost=boost.name)
        return ""

    def _spend(self, boost_id: str, register: int | None = None, card: str | None = None) -> None:
        self.pending = ""
        self.app.intents.use_boost(boost_id, register=register, card=card)
        self.app.redraw()

    def execute(self) -> None:
        self.app.intents.execute()

    def clear_all(self) -> None:
        self.selected = ""
        self._placed_order = []
        self.app.intents.clear_arrangement()

    def _title(self, card_id: str) -> str:
        return card_title(card_id)

    # ------------------------------------------------------------------ keys

    def handle_key(self, action: str, arg: int | None) -> bool:
        now = self.app.table_view()
        if now is None:
            return False
        unplaced = list(now.unplaced)
        if action == "continue":
            self.execute()
        elif action == "place" and arg is not None:  # KEYMAP: a register number or LEAVE_OUT
            if self._pending_kind() is ASKS_REGISTER and arg:
                self.tap_register(arg)
            elif self.selected or unplaced:
                self._place(self.selected or unplaced[0], arg)
            else:
                self.app.show_message(_("Every card is placed: Backspace takes the last one back."), "info")
        elif action == "take_back":
            placed = [c for c in self._placed_order if c in now.arrangement or c in now.left_out]
            fixed = {c.id for c in (self._view.registers if self._view else ()) if c is not None}
            others = [c for c in now.arrangement if c and c not in fixed] + list(now.left_out)
            card = placed[-1] if placed else (others[-1] if others else "")
            if card:
                self.app.intents.take_back(card)
        elif action in ("prev", "next"):
            if unplaced:
                i = unplaced.index(self.selected) if self.selected in unplaced else -1
                step = 1 if action == "next" else -1
                self.selected = unplaced[(i + step) % len(unplaced)] if i >= 0 else unplaced[0]
                self.app.redraw()
        elif action == "boosts":
            self.choose_boost()
        elif action == "back":
            if self.pending or self.selected:
                self.pending = self.selected = ""
                self.app.clear_message()
                self.app.redraw()
                return True
            return False
        else:
            return False
        return True

    def choose_boost(self) -> None:
        """B: the held Signal Boosts in a popup (keys 1-4 pick one)."""
        view = self._view
        if view is None or not view.boosts:
            if view is not None and view.completed:
                self.app.show_message(
                    _("No Signal Boosts in hand: each completed mission earns one."), "info")
            else:
                self.app.show_message(
                    _("No Signal Boosts held yet: each completed mission earns one."), "info")
            return
        choices: list[Choice] = [
            (f"{b.name}: {b.text}", functools.partial(self.use_boost, b.id, confirmed=True), BOOST_FILL)
            for b in view.boosts]
        choices.append((_("Cancel"), None, theme.SECONDARY))
        ChoicePopup(_("Use a Signal Boost"), "", choices, numbered=True, vertical=True,
                    default=len(choices) - 1).open()

