"""What the Mission Control screen shows a person in the Mission Control seat: the secrets.

Source: RULES.md, With a person as Mission Control.  A :class:`SeatView` holds the secret missions,
the intended order (picked so far, or locked in), the error card and a private Signal Boost answer.
Only :meth:`companion.games.transmission.person.PersonSession.seat_view` builds it, only while the
person has their screen open; it never reaches a screen the Cadet faces.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.commands import Command, card_command
from companion.games.transmission.engine.game import Game, unselected_cards
from companion.games.transmission.engine.state import GameState, Phase
from companion.games.transmission.engine.views import MissionView, mission_view
from companion.i18n import _

__all__ = ["Coach", "SeatView", "TASKS", "hand_over", "seat_view"]

#: What the person is to do on their screen now (:attr:`SeatView.task`).
TASKS = ("missions", "select", "error", "hand_over", "answer", "watch")

#: The commands in the order the selection pad shows them.
PAD = (Command.N, Command.E, Command.S, Command.W, Command.COLLECT, Command.DEPLOY, Command.REPAIR)


@dataclass(frozen=True)
class Coach:
    """The AI Mission Control's advice: its pick and the fewest transmissions that still win (this one
    included; ``None`` when the game cannot be won, or the chooser does not say)."""

    pick: tuple[Command, ...]
    transmissions_to_win: int | None


@dataclass(frozen=True)
class SeatView:
    """The Mission Control screen's content.

    :ivar task: one of :data:`TASKS`.
    :ivar instruction: what to do now, one or two sentences.
    :ivar missions: the secret missions (those entered so far while entering them).
    :ivar completed: the ids of the missions completed.
    :ivar mission_choices: the pack's missions that may be entered now, by title A to Z (``()`` unless
        entering).
    :ivar missions_needed: how many Mission cards the game deals.
    :ivar picks: the selection being made, in intended order.
    :ivar left: per command of :data:`PAD`, how many of its cards may still be picked.
    :ivar intended: this round's intended order once locked in (``()`` before).
    :ivar errors: this round's error cards, as commands.
    :ivar error_choices: the Command cards the error may be drawn from (one per command), when due.
    :ivar hand_over: the lines saying which cards go to the Cadet and how.
    :ivar answer: a Signal Boost answer to say aloud, or ``""``.
    :ivar message: the last sentence for the person (a refused pick names the step and why), or ``""``.
    :ivar coach: the coach is on (:meth:`~companion.games.transmission.person.PersonSession.coach_advice`).
    """

    task: str
    instruction: str
    missions: tuple[MissionView, ...]
    completed: frozenset[str]
    mission_choices: tuple[MissionView, ...]
    missions_needed: int
    picks: tuple[Command, ...]
    left: tuple[tuple[Command, int], ...]
    intended: tuple[Command, ...]
    errors: tuple[Command, ...]
    error_choices: tuple[Command, ...]
    hand_over: tuple[str, ...]
    answer: str
    message: str
    coach: bool


def hand_over(content: ContentPack, state: GameState) -> tuple[str, ...]:
    """What the person hands the Cadet after the reveal (RULES.md, 2. Reveal; 3. Scramble), in lines:
    the clear signal's card face up in its register, the error card to add, then shuffle."""
    if not state.intended or state.phase not in (Phase.SCRAMBLE, Phase.DECODE):
        return ()
    lines = []
    for k, cid in enumerate(state.registers, start=1):
        if cid is not None:
            lines.append(_("Put your {command} face up in register {register} (the clear signal).").format(
                command=_(card_command(cid).title), register=k))
    for cid in state.errors_drawn:
        title = card_command(cid).title
        text = _("Add an {command} card from your unselected ones: it is the error.") if title[0] in "AEIOU" \
            else _("Add a {command} card from your unselected ones: it is the error.")
        lines.append(text.format(command=_(title)))
    fixed = sum(1 for cid in state.registers if cid is not None)
    rest = _("your 5 selected cards") if not fixed else \
        _("the other {n} selected cards").format(n=len(state.intended) - fixed)
    if state.errors_drawn:
        rest += _(" with it") if len(state.errors_drawn) == 1 else _(" with them")
    lines.append(_("Shuffle {cards} face down and hand them to the Cadet.").format(cards=rest))
    return tuple(lines)


def _task(game: Game, step: str, awaiting_error: bool, answer: str) -> tuple[str, str]:
    phase = game.state.phase
    if phase is Phase.MISSIONS:
        return "missions", _("Scan or tap the Mission cards you drew, one by one.")
    if step == "thinking" and phase is Phase.SELECT:
        return "select", _("Pick 5 commands in the order you intend them (tap, or scan your Command cards in "
                           "order), then Lock in.")
    if phase is Phase.REVEAL:
        return "watch", _("Locked in. Hide this screen: the table draws the Transmission card.")
    if awaiting_error:
        return "error", _("Draw one card at random from your 6 unselected Command cards; scan it or tap it.")
    if step == "transmission" and phase is Phase.DECODE:
        return "hand_over", _("Hand the cards to the Cadet like this:")
    if answer:
        return "answer", _("The Cadet used a Signal Boost. Answer aloud:")
    return "watch", _("Nothing to do on this screen now: leave it and watch the Cadet decode.")


def seat_view(content: ContentPack, game: Game, step: str, *, picks: tuple[Command, ...],
              mission_picks: tuple[str, ...], answer: str, message: str, coach: bool,
              awaiting_error: bool) -> SeatView:
    """The :class:`SeatView` of ``game`` on table step ``step`` (a :class:`~.table_view.Step` value)."""
    state = game.state
    task, instruction = _task(game, step, awaiting_error, answer)
    entering = state.phase is Phase.MISSIONS
    shown_ids = mission_picks if entering else state.missions
    remaining = (mission_view(content, m.id) for m in content.missions if m.id not in mission_picks)
    choices = tuple(sorted(remaining, key=lambda m: m.title.casefold())) if entering else ()  # A to Z
    used = Counter(picks)
    left = tuple((c, content.command_deck.get(c, 0) - used[c]) for c in PAD)
    error_choices: tuple[Command, ...] = ()
    if awaiting_error:
        error_choices = tuple(dict.fromkeys(card_command(c) for c in unselected_cards(content, state)))
    return SeatView(
        task=task, instruction=instruction,
        missions=tuple(mission_view(content, m) for m in shown_ids),
        completed=frozenset(state.completed_ids),
        mission_choices=choices,
        missions_needed=content.difficulty(state.difficulty).missions,
        picks=picks, left=left,
        intended=tuple(card_command(c) for c in state.intended),
        errors=tuple(card_command(c) for c in state.errors_drawn),
        error_choices=error_choices,
        hand_over=hand_over(content, state) if task == "hand_over" else (),
        answer=answer, message=message, coach=coach,
    )
