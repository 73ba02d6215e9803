"""What the phone page shows, and what it may ask: the seat's view as JSON, and its intents checked.

Source: RULES.md, With a person as Mission Control; DESIGN.md ("the phone page reads the same views
the Kivy screens read, filtered by seat, so a secret has one guard").  No Kivy here: :func:`phone_state`
reads only :meth:`~companion.games.transmission.person.PersonSession.seat_view` while the game runs
(the seat's own guard) and :func:`~companion.games.transmission.debrief.build_debrief` once it is over
(the debrief's own guard: it refuses an unfinished game); :func:`apply_intent` turns a phone's message
into one of the seat's intents, or a sentence saying what was wrong (nothing changed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.debrief import build_debrief, card_name, card_text, differences, hand_text
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.seat_view import Coach, SeatView
from companion.i18n import _

__all__ = ["INTENTS", "MAX_ID", "PhoneSeat", "apply_intent", "coach_text", "phone_state"]

#: The message types a phone may send, and the fields each carries (all strings).
INTENTS: dict[str, tuple[str, ...]] = {
    "pick": ("command",), "back": (), "clear": (), "lock_in": (), "coach": (),
    "mission": ("id",), "take_back_mission": (), "error_card": ("card",),
}
#: Longest id a mission or card may have in a message.
MAX_ID = 40
#: A Command card id per command, for the error card tapped (twins are one and the same).
_CARD = {Command.COLLECT: "COLLECT", Command.DEPLOY: "DEPLOY", Command.REPAIR: "REPAIR"}


class PhoneSeat(Protocol):
    """What the phone page may ask of a :class:`~companion.games.transmission.phone.PhoneSession`."""

    seat_open: bool
    coach: bool
    content: ContentPack

    @property
    def over(self) -> bool: ...
    def seat_view(self) -> SeatView: ...
    def record(self) -> dict[str, Any]: ...
    def table_state(self) -> dict[str, Any]: ...
    def enter_mission(self, mission: str) -> bool: ...
    def take_back_mission(self) -> bool: ...
    def pick(self, command: Command) -> bool: ...
    def take_back_pick(self) -> bool: ...
    def clear_picks(self) -> bool: ...
    def lock_in(self) -> bool: ...
    def draw_error(self, card: str) -> bool: ...


def coach_text(advice: Coach | None) -> str:
    """The coach's advice in words: the five commands and the fewest transmissions it expects."""
    if advice is None:
        return _("The coach has nothing to say now.")
    pick = " ".join(_(c.title) for c in advice.pick)
    if advice.transmissions_to_win is None:
        return _("Coach: {pick}. The game cannot be won any more; this keeps the most missions in reach.") \
            .format(pick=pick)
    return _("Coach: {pick}. Fewest transmissions still possible: {n} (this one included).") \
        .format(pick=pick, n=advice.transmissions_to_win)


def _where(content: ContentPack, pair: tuple[str, str]) -> str:
    """Where a mission is done, in the table's language: "Bridge next to Cargo Bay"."""
    a, b = (pack_text(content.module(letter).name) for letter in pair)
    return _("{a} next to {b}").format(a=a, b=b)


def _debrief(seat: PhoneSeat) -> tuple[list[list[str]], list[dict[str, Any]]]:
    """The debrief, one list of lines per transmission, and every mission (only once the game is over:
    :func:`build_debrief` refuses an unfinished game)."""
    content = seat.content
    try:
        debrief = build_debrief(seat.record(), content, table=seat.table_state())
    except CompanionError:
        return [], []
    rounds = []
    for t in debrief.transmissions:
        lines = [_("Transmission {n}: {card}").format(n=t.number, card=card_text(content, t)),
                 _("Hand: {hand}").format(hand=hand_text(t)),
                 _("Intended: {order}").format(order=" ".join(card_name(x) for x in t.intended))]
        if t.executed is not None:
            lines.append(_("Executed: {order}").format(order=" ".join(card_name(x) for x in t.executed)))
            wrong = differences(t)
            if wrong:
                lines.append(_("Different in register {registers}.")
                             .format(registers=", ".join(str(k) for k in wrong)))
        rounds.append(lines)
    missions = [{"id": m, "title": pack_text(content.mission(m).title),
                 "where": _where(content, content.mission(m).pair), "done": m in debrief.completed}
                for m in debrief.missions]
    return rounds, missions


def phone_state(seat: PhoneSeat, *, coach: str = "", coach_busy: bool = False) -> dict[str, Any]:
    """The phone page's state (JSON-able): the seat's view while the game runs, the debrief after.

    :param coach: the coach's last words (:func:`coach_text`), or ``""``.
    :param coach_busy: the coach is searching.
    """
    content = seat.content
    base: dict[str, Any] = {
        "over": seat.over, "task": "watch", "instruction": "", "message": "", "answer": "",
        "missions_title": _("Missions"), "missions": [], "round": [], "picks": [], "pad": [],
        "mission_choices": [], "error_choices": [], "coach_on": seat.coach, "coach_text": coach,
        "coach_busy": coach_busy, "debrief": [],
    }
    if seat.over:
        base["instruction"] = _("The game is over: the debrief.")
        base["coach_text"] = ""  # advice for a transmission long gone
        base["debrief"], base["missions"] = _debrief(seat)
        return base
    if not seat.seat_open:
        base["instruction"] = _("Waiting for the table\u2026")
        return base
    view = seat.seat_view()
    base.update(task=view.task, instruction=view.instruction, message=view.message, answer=view.answer)
    base["missions"] = [{"id": m.id, "title": m.title, "where": _where(content, m.pair),
                         "done": m.id in view.completed} for m in view.missions]
    round_lines = []
    if view.intended:
        round_lines.append(_("Intended: {order}").format(
            order="  ".join(f"{k}.{_(c.title)}" for k, c in enumerate(view.intended, start=1))))
    if view.errors:
        round_lines.append(_("Error card: {cards}").format(cards=", ".join(_(c.title) for c in view.errors)))
    round_lines.extend(view.hand_over)
    base["round"] = round_lines
    base["picks"] = [_(c.title) for c in view.picks]
    base["pad"] = [{"command": c.value, "title": _(c.title), "left": left} for c, left in view.left]
    base["mission_choices"] = [{"id": m.id, "title": m.title} for m in view.mission_choices]
    base["error_choices"] = [{"card": _CARD.get(c, f"{c.value}1"), "title": _(c.title)}
                             for c in view.error_choices]
    if view.task != "select":
        base["coach_text"] = ""
    return base


def apply_intent(seat: PhoneSeat, message: Mapping[str, Any]) -> str | None:
    """Carry out a phone's message on the seat (on the app's thread).

    :returns: ``None`` when it was a known, well-formed intent (the seat itself may still refuse it,
        with its reason in the seat view's message), else what was wrong with the message, in words
        (nothing changed).  ``"coach"`` is the caller's (it searches off the main thread).
    """
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        return _("Unknown request {kind!r}.").format(kind=str(kind)[:MAX_ID])
    fields = INTENTS[kind]
    extra = set(message) - {"type", *fields}
    if extra:
        return _("Unexpected field {field!r}.").format(field=sorted(extra)[0][:MAX_ID])
    for name in fields:
        value = message.get(name)
        if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
            return _("The field {field!r} must be a short text.").format(field=name)
    if seat.over:
        return _("The game is over.")
    if kind == "pick":
        try:
            command = Command(message["command"])
        except ValueError:
            return _("Unknown command {command!r}.").format(command=message["command"])
        seat.pick(command)
    elif kind == "back":
        seat.take_back_pick()
    elif kind == "clear":
        seat.clear_picks()
    elif kind == "lock_in":
        seat.lock_in()
    elif kind == "mission":
        seat.enter_mission(message["id"])
    elif kind == "take_back_mission":
        seat.take_back_mission()
    elif kind == "error_card":
        seat.draw_error(message["card"])
    return None
