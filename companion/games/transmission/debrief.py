"""The debrief: "What Mission Control meant", transmission by transmission, once a game is over.

Source: RULES.md, A transmission (one round) and With a person as Mission Control; issue 10, item 2.
Built from the game record alone, by replay
(:func:`~companion.games.transmission.engine.record.replay`): for each transmission the
Transmission card, the hand as dealt (the error card marked), the intended order beside the order
executed, the Signal Boosts spent and their answers, and the board before and after.

**Which actions count.**  The debrief follows the actions still in effect at the end
(:attr:`~companion.games.transmission.engine.game.Game.history`): an undone Execute or Signal Boost
is not listed (the table took it back), a board correction is noted on its transmission.

**What the companion was heading for** (only when the companion was Mission Control).  The
planner's choice is not recorded, so the debrief states facts about the intended order it can
check, never a guess at the reasons:

- *completes*: the missions the intended order would complete if executed exactly as intended,
  from the board as Mission Control saw it (the rules' own execution);
- *brings closer*: for each other remaining mission, the fewest transmissions that mission needs
  on its own (the exact solver,
  :meth:`~companion.games.transmission.mission_control.solver.Solver.need`, within the Transmission
  cards left) from the board before, and from the board the intended order leaves; named when the
  second is smaller;
- *all missions*: the fewest transmissions to complete every remaining mission, before and after
  the intended order (the figure the planner minimises).

With a person as Mission Control (``"mission_control": "person"`` in the record or in the saved table
state, :func:`mission_control_of`) these are left out: only the person knows what they meant.
Without that field the game was played against the companion (every game before issue 10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from companion.errors import CompanionError, IllegalAction, Said, english, said
from companion.games.transmission.content.model import BoostKind, ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.engine.actions import (
    CorrectBoard,
    DrawError,
    Execute,
    Reveal,
    Scramble,
    Select,
    UseBoost,
)
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.game import Game, GameState, Phase, deck_size, rules_for
from companion.games.transmission.engine.record import replay
from companion.games.transmission.mission_control.encoding import counts_of, pairs_of
from companion.games.transmission.mission_control.solver import Solver
from companion.i18n import N_, _, ngettext

__all__ = ["COMPANION", "PERSON", "BoardPicture", "BoostSpent", "Debrief", "DebriefRefused", "Heading",
           "TransmissionDebrief", "build_debrief", "card_name", "card_text", "debrief_json", "debrief_lines",
           "differences", "hand_text", "heading_lines", "mission_control_of"]

#: The values of a record's ``mission_control`` field (a record without it: the companion).
COMPANION, PERSON = "companion", "person"


class DebriefRefused(CompanionError, ValueError):
    """The debrief is refused: the game is not over (its secrets are not revealed yet)."""


@dataclass(frozen=True)
class BoardPicture:
    """A board as the board widget draws it.

    :param rows: 5 strings in referee notation (RULES.md, Referee notation).
    :param cadet: the Cadet's cell ``(row, col)``, zero-based from the north-west corner.
    :param carrying: the carried device's letter, or ``None``.
    """

    rows: tuple[str, ...]
    cadet: tuple[int, int]
    carrying: str | None

    @classmethod
    def of(cls, position: Position) -> BoardPicture:
        return cls(tuple(position.rows()), position.cadet_cell, position.carrying)


@dataclass(frozen=True)
class BoostSpent:
    """A Signal Boost the Cadet spent and Mission Control's answer (RULES.md, 4. Decode).

    :param asked: what the Cadet named, in words ("register 3", "North", "North, East, ..."), or ``""``
        (Debug names nothing).
    """

    boost: str
    name: str
    asked: str
    answer: str


@dataclass(frozen=True)
class Heading:
    """One remaining mission as the intended order met it (see the module docstring).

    :param completes: the intended order, executed as intended, completes it.
    :param before, after: the fewest transmissions it needs on its own from the board before and after
        the intended order; ``None`` when more than the Transmission cards left (or ``completes``).
    """

    mission: str
    title: str
    completes: bool
    before: int | None
    after: int | None

    @property
    def closer(self) -> bool:
        """True when the intended order brings the mission closer (or completes it)."""
        if self.completes:
            return True
        if self.after is None:
            return False
        return self.before is None or self.after < self.before


@dataclass(frozen=True)
class TransmissionDebrief:
    """One transmission, after the game.

    :param number: 1-based.
    :param card, level, clear_register, errors_drawn: the Transmission card and what it did.
    :param fixed: per register 1-5 the card fixed by the clear signal at the reveal, else ``None``.
    :param hand: the cards handed to the Cadet, in the order dealt (fixed cards not included).
    :param errors: the error cards among them.
    :param intended: Mission Control's intended order, card ids for registers 1-5.
    :param executed: the order the Cadet executed (``None`` if the game ended before it).
    :param completed: ``(mission id, step)`` completed by the execution.
    :param corrected: the board was corrected during this transmission (before: the board Mission
        Control selected for; after: the board after the execution).
    :param heading: what the intended order meant for each remaining mission (companion as Mission
        Control), ``None`` with a person.
    :param all_before, all_after: fewest transmissions to complete every remaining mission before and
        after the intended order (``None``: more than the cards left, or not computed).
    """

    number: int
    card: str
    level: int
    clear_register: int | None
    errors_drawn: int
    fixed: tuple[str | None, ...]
    hand: tuple[str, ...]
    errors: tuple[str, ...]
    intended: tuple[str, ...]
    executed: tuple[str, ...] | None
    boosts: tuple[BoostSpent, ...]
    before: BoardPicture
    after: BoardPicture
    completed: tuple[tuple[str, int], ...]
    corrected: bool
    heading: tuple[Heading, ...] | None
    all_before: int | None
    all_after: int | None


@dataclass(frozen=True)
class Debrief:
    """A finished game, transmission by transmission.

    :param mission_control: :data:`COMPANION` or :data:`PERSON`.
    :param missions: every secret mission, in the order dealt; ``completed`` those completed.
    """

    difficulty: str
    seed: int
    mission_control: str
    missions: tuple[str, ...]
    completed: tuple[str, ...]
    victory: bool
    score: int
    transmissions: tuple[TransmissionDebrief, ...]


def card_name(card: str) -> str:
    """A Command card's name for the table ("North", "Collect"), in the table's language."""
    return _(card_command(card).title)


def mission_control_of(record: Mapping[str, Any], table: Mapping[str, Any] | None = None) -> str:
    """Who was Mission Control: :data:`PERSON` when the record or the saved table state
    (:mod:`companion.games.transmission.table_state`, ``"mission_control"``) says so, else
    :data:`COMPANION` (every game before issue 10)."""
    seats = [record.get("mission_control")]
    if isinstance(table, Mapping):
        seats.append(table.get("mission_control"))
    return PERSON if PERSON in seats else COMPANION


def _asked(content: ContentPack, action: UseBoost) -> str:
    kind = content.boost(action.boost).kind
    if kind is BoostKind.CLEAR_SIGNAL and action.register is not None:
        return said(N_("register {register}"), register=action.register)
    if kind is BoostKind.CROSS_CHECK and action.card is not None:
        return said(card_command(action.card).title)
    if kind is BoostKind.ABORT and action.order is not None:
        titles = [card_command(c).title for c in action.order]
        return Said(", ".join(_(t) for t in titles), ", ".join(titles))
    return ""


class _Reach:
    """The exact solver's fewest transmissions, per remaining mission and for all of them."""

    def __init__(self, content: ContentPack) -> None:
        self.content = content
        self.rules = rules_for(content)
        self.solver = Solver(frozenset(d.upper() for d in content.devices), counts_of(content.command_deck))

    def need(self, position: Position, missions: Sequence[str], limit: int) -> int | None:
        pairs = pairs_of({m: self.content.mission(m).pair for m in missions})
        value = self.solver.need(position.board, position.cadet, position.carrying or "", pairs, limit)
        return value if value <= limit else None

    def heading(self, before: GameState, intended: tuple[str, ...], limit: int
                ) -> tuple[tuple[Heading, ...], int | None, int | None]:
        remaining = before.remaining_missions
        pairs = {m: self.content.mission(m).pair for m in remaining}
        commands = tuple(card_command(c) for c in intended)
        try:
            execution = self.rules.execute(before.position, commands, pairs)
        except IllegalAction:  # the pick was viable when made; a record cannot say otherwise
            return (), None, None
        done = {c.mission for c in execution.completions}
        end = execution.end
        out = []
        for m in remaining:
            title = self.content.mission(m).title
            if m in done:
                out.append(Heading(m, title, True, self.need(before.position, [m], limit), 0))
            else:
                out.append(Heading(m, title, False, self.need(before.position, [m], limit),
                                   self.need(end, [m], max(0, limit - 1))))
        rest = [m for m in remaining if m not in done]
        after = self.need(end, rest, max(0, limit - 1)) if rest else 0
        return tuple(out), self.need(before.position, remaining, limit), after


class _Round:
    """A transmission being read from the record."""

    def __init__(self, number: int, card: str, before_select: GameState, intended: tuple[str, ...],
                 revealed: GameState) -> None:
        self.number, self.card = number, card
        self.before_select = before_select
        self.intended = intended
        self.fixed = revealed.registers
        self.hand: tuple[str, ...] = ()
        self.errors: tuple[str, ...] = ()
        self.boosts: list[BoostSpent] = []
        self.executed: tuple[str, ...] | None = None
        self.after: Position | None = None
        self.completed: tuple[tuple[str, int], ...] = ()
        self.corrected = False


def build_debrief(record: Mapping[str, Any], content: ContentPack, *, table: Mapping[str, Any] | None = None,
                  heading: bool | None = None) -> Debrief:
    """The debrief of a finished game from its record (RULES.md, A transmission).

    :param record: a game record (:mod:`companion.games.transmission.engine.record`).
    :param table: the game's last saved table state, if any: with ``record``, it says who was Mission
        Control (:func:`mission_control_of`).
    :param heading: compute what each intended order was heading for (the exact solver, a few
        hundredths of a second per transmission); default: when the companion was Mission Control.
        Never for a person's game.
    :raises RecordError: the record does not replay.
    :raises DebriefRefused: the game is not over: its missions and intended orders are still secret.
    """
    game: Game = replay(dict(record), content)
    state = game.state
    if state.phase is not Phase.OVER:
        raise DebriefRefused(said(N_("the debrief is shown only once the game is over: until then Mission "
                                     "Control's missions and intended orders are secret")))
    who = mission_control_of(record, table)
    reach = _Reach(content) if (heading if heading is not None else who == COMPANION) and who == COMPANION \
        else None
    total = deck_size(content, state)
    effective = game.history
    rounds: list[_Round] = []
    pending_select: tuple[GameState, tuple[str, ...]] | None = None
    for k, (index, before) in enumerate(effective):
        after = effective[k + 1][1] if k + 1 < len(effective) else state
        action = game.actions[index]
        current = rounds[-1] if rounds else None
        if isinstance(action, Select):
            pending_select = (before, after.intended)
        elif isinstance(action, Reveal) and pending_select is not None:
            rounds.append(_Round(len(after.drawn), action.card, pending_select[0], pending_select[1], after))
            pending_select = None
        elif current is None:
            continue
        elif isinstance(action, DrawError):
            current.errors += (action.card,)
        elif isinstance(action, Scramble):
            current.hand = tuple(action.hand)
        elif isinstance(action, UseBoost):
            answer = after.answers[-1].text if after.answers else ""
            current.boosts.append(BoostSpent(action.boost, content.boost(action.boost).name,
                                             _asked(content, action), answer))
        elif isinstance(action, Execute):
            current.executed = tuple(action.order)
            execution = after.last_execution
            current.after = execution.end if execution is not None else after.position
            current.completed = tuple((c.mission, c.step) for c in execution.completions) if execution else ()
        elif isinstance(action, CorrectBoard) and current.executed is None:
            current.corrected = True
    out = []
    for r in rounds:
        t = content.transmission(r.card)
        heads: tuple[Heading, ...] | None = None
        all_before = all_after = None
        if reach is not None:
            left = total - len(r.before_select.drawn)
            heads, all_before, all_after = reach.heading(r.before_select, r.intended, left)
        end = r.after if r.after is not None else r.before_select.position
        out.append(TransmissionDebrief(
            r.number, r.card, t.level, t.clear_register, t.errors, tuple(r.fixed), r.hand, r.errors,
            r.intended, r.executed, tuple(r.boosts), BoardPicture.of(r.before_select.position),
            BoardPicture.of(end), r.completed, r.corrected, heads, all_before, all_after))
    outcome = game.outcome()
    assert outcome is not None
    return Debrief(state.difficulty, game.seed, who, state.missions, state.completed_ids, outcome.victory,
                   outcome.score, tuple(out))


# --------------------------------------------------------------------------- in words


def _order_text(cards: Sequence[str | None]) -> str:
    return "  ".join(f"{k} {card_name(c) if c else '-'}" for k, c in enumerate(cards, start=1))


def _mission_text(content: ContentPack, mission: str) -> str:
    m = content.mission(mission)
    a, b = (pack_text(content.module(letter).name) for letter in m.pair)
    return _("{title} ({a} next to {b})").format(title=pack_text(m.title), a=a, b=b)


def _count(n: int | None) -> str:
    if n is None:
        return _("out of reach")
    return ngettext("{n} transmission", "{n} transmissions", n).format(n=n)


def card_text(content: ContentPack, t: TransmissionDebrief) -> str:
    """The Transmission card in words: "level 3: clear signal on register 2, 1 error"."""
    parts = []
    if t.clear_register is not None:
        parts.append(_("clear signal on register {register}").format(register=t.clear_register))
    if t.errors_drawn:
        parts.append(ngettext("{n} error", "{n} errors", t.errors_drawn).format(n=t.errors_drawn))
    return _("level {level}: {parts}").format(level=t.level, parts=", ".join(parts) if parts
                                              else _("nothing clear, no error"))


def hand_text(t: TransmissionDebrief) -> str:
    """The hand as dealt, the error card marked: "North, East (error), Collect"; fixed cards after."""
    errors = list(t.errors)
    names = []
    for c in t.hand:
        if c in errors:
            errors.remove(c)
            names.append(_("{command} (error)").format(command=card_name(c)))
        else:
            names.append(card_name(c))
    fixed = [_("{command} fixed in register {register}").format(command=card_name(c), register=k)
             for k, c in enumerate(t.fixed, start=1) if c]
    return ", ".join(names + fixed) or _("no cards")


def differences(t: TransmissionDebrief) -> tuple[int, ...]:
    """The registers (1-5) where the executed command is not the intended one."""
    if t.executed is None:
        return ()
    return tuple(k for k, (a, b) in enumerate(zip(t.intended, t.executed), start=1)
                 if card_command(a) is not card_command(b))


def heading_lines(content: ContentPack, t: TransmissionDebrief, *, short: bool = False) -> list[str]:
    """What the intended order was heading for, one sentence each; ``[]`` with a person (see the module
    docstring for how each is known).  ``short``: the missions by title only (the screen)."""
    if t.heading is None:
        return []
    lines = []
    for h in t.heading:
        name = pack_text(content.mission(h.mission).title) if short else _mission_text(content, h.mission)
        if h.completes:
            lines.append(_("As intended it completes {mission}.").format(mission=name))
        elif h.closer:
            lines.append(_("It brings {mission} closer: from {before} on its own to {after}.").format(
                mission=name, before=_count(h.before), after=_count(h.after)))
        else:
            text = _("It leaves {mission} no closer: {before} on its own before, {after} after.")
            lines.append(text.format(mission=name, before=_count(h.before), after=_count(h.after)))
    if t.heading:
        lines.append(_("Every mission left: from {before} at the fewest to {after}.").format(
            before=_count(t.all_before), after=_count(t.all_after)))
    return lines


def _grid(board: BoardPicture, content: ContentPack) -> list[str]:
    """A board in 5 lines plus a header, rows and columns counted from 1 (north row, west column)."""
    lines = ["    " + " ".join(f"{c:<3}" for c in range(1, 6))]
    for r, row in enumerate(board.rows):
        cells = []
        for c, tile in enumerate(row):
            damage = "!" if tile != "." and tile.islower() else " "
            cadet = "@" if board.cadet == (r, c) else " "
            cells.append(f"{tile}{damage}{cadet}")
        lines.append(f" {r + 1}  " + " ".join(cells))
    held = _("carrying the {module}").format(module=pack_text(content.module(board.carrying).name)) \
        if board.carrying \
        else _("carrying nothing")
    lines.append("    " + _("@ the Cadet, {held}").format(held=held))
    return lines


def debrief_lines(content: ContentPack, debrief: Debrief) -> list[str]:
    """The debrief as text for a terminal (``companion debrief``): a header, then each transmission."""
    title = pack_text(content.difficulty(debrief.difficulty).title)
    done = set(debrief.completed)
    meant = _("What Mission Control meant: {difficulty}, seed {seed}, the companion as Mission Control.") \
        if debrief.mission_control == COMPANION else \
        _("What Mission Control meant: {difficulty}, seed {seed}, a person as Mission Control.")
    result = _("Victory, score {score}. The missions:") if debrief.victory else \
        _("Defeat, score {score}. The missions:")
    lines = [meant.format(difficulty=title, seed=debrief.seed), result.format(score=debrief.score)]
    lines += [f"  [{'x' if m in done else ' '}] {_mission_text(content, m)}" for m in debrief.missions]
    total = len(debrief.transmissions)
    for t in debrief.transmissions:
        lines += ["", _("Transmission {n} of {total}: the {card}.").format(n=t.number, total=total,
                                                                         card=_card_words(t)),
                  "  " + _("Hand as dealt: {hand}.").format(hand=hand_text(t)),
                  "  " + _("Intended:  {order}").format(order=_order_text(t.intended))]
        if t.executed is None:
            lines.append("  " + _("Executed:  nothing (the game ended first)"))
        else:
            changed = differences(t)
            registers = ", ".join(str(k) for k in changed)
            note = _("as intended") if not changed else ngettext(
                "differs in register {registers}", "differs in registers {registers}", len(changed)).format(
                registers=registers)
            lines.append("  " + _("Executed:  {order}  ({note})").format(order=_order_text(t.executed),
                                                                         note=note))
        for b in t.boosts:
            spent = _("Signal Boost {boost} on {asked}: \"{answer}\"") if b.asked else \
                _("Signal Boost {boost}: \"{answer}\"")
            lines.append("  " + spent.format(boost=pack_text(b.name), asked=b.asked, answer=b.answer))
        if not t.boosts:
            lines.append("  " + _("No Signal Boost spent."))
        for mission, step in t.completed:
            lines.append("  " + _("Completed at step {step}: {mission}.").format(
                step=step, mission=_mission_text(content, mission)))
        if t.corrected:
            lines.append("  " + _("The board was corrected during this transmission."))
        lines += [f"  {line}" for line in heading_lines(content, t)]
        before, after = _grid(t.before, content), _grid(t.after, content)
        width = max(len(line) for line in before[:-1])  # the grid; the carrying line may run on
        before_title, after_title = _("Board before"), _("Board after")
        lines.append(f"  {before_title:{width}}  {after_title}")
        lines += [f"  {a:{width}}  {b}" for a, b in zip(before, after)]
    if not debrief.transmissions:
        lines += ["", _("No transmission was played.")]
    return lines


def debrief_json(debrief: Debrief) -> dict[str, Any]:
    """The debrief as a JSON-able object (card, board and mission ids as in the record; boards in
    referee notation, cells zero-based as ``[row, col]``: RULES.md, Referee notation); its words (a
    Signal Boost's answer, what the Cadet named) in English whatever the table's language."""
    out: dict[str, Any] = _in_english(asdict(debrief))
    return out


def _in_english(value: Any) -> Any:
    """``value`` with every :class:`~companion.errors.Said` in it replaced by its English words."""
    if isinstance(value, str):
        return english(value)
    if isinstance(value, dict):
        return {k: _in_english(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_in_english(v) for v in value)
    return value


def _card_words(t: TransmissionDebrief) -> str:
    """The Transmission card as the debrief's heading names it: "level 3 card: ...", never its id."""
    parts = []
    if t.clear_register is not None:
        parts.append(_("clear signal on register {register}").format(register=t.clear_register))
    if t.errors_drawn:
        parts.append(ngettext("{n} error", "{n} errors", t.errors_drawn).format(n=t.errors_drawn))
    return _("level {level} card: {parts}").format(level=t.level, parts=", ".join(parts) if parts
                                                   else _("nothing clear, no error"))
