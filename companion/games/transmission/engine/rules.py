"""The referee: what each command needs, what it does, and when missions complete.

Source: RULES.md, The commands; Missions; A transmission, Execute.

:class:`Rules` is built once from the set of device letters (and, for nicer
reasons, module names).  Every method is pure: positions are immutable, a
refused program raises :class:`~companion.errors.IllegalAction` and the caller
keeps the position it had.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.errors import IllegalAction, Said, said
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.engine.kernel import CHECKS_MISSIONS, Refusal, pair_complete, play, refusal
from companion.i18n import N_

__all__ = ["Completion", "Execution", "Rules", "pair_complete"]

_DIRECTION_NAMES = {Command.N: N_("north"), Command.E: N_("east"), Command.S: N_("south"),
                    Command.W: N_("west")}


@dataclass(frozen=True, slots=True)
class Completion:
    """A mission completed during an execution: its id and the 1-based step (command) number."""

    mission: str
    step: int


@dataclass(frozen=True, slots=True)
class Execution:
    """The result of running a legal program.

    :param start: the position before the first command.
    :param positions: the position after each command, one per command.
    :param completions: missions completed, in order, with the step that completed each.
    """

    start: Position
    commands: tuple[Command, ...]
    positions: tuple[Position, ...]
    completions: tuple[Completion, ...]

    @property
    def end(self) -> Position:
        return self.positions[-1] if self.positions else self.start


class Rules:
    """The commands' legality and effect for one content pack's modules.

    :param devices: upper-case letters of the modules that can be carried.
    :param names: optional letter -> module name, used only in refusal reasons.
    """

    __slots__ = ("devices", "names")

    def __init__(self, devices: Iterable[str], names: Mapping[str, str] | None = None) -> None:
        self.devices = frozenset(d.upper() for d in devices)
        self.names = dict(names or {})

    def _name(self, letter: str) -> Said:
        up = letter.upper()
        name = self.names.get(up)
        return said(N_("the {name} ({letter})"), name=said(name), letter=up) if name else \
            said(N_("module {letter}"), letter=up)

    def reason(self, position: Position, command: Command) -> str | None:
        """Why ``command`` is impossible in ``position``, or ``None`` when it is legal.

        RULES.md, The commands (the kernel's :func:`~companion.games.transmission.engine.kernel.refusal`,
        worded with the module's name).
        """
        why = refusal(position.board, position.cadet, position.carrying or "", command, self.devices)
        if why is None:
            return None
        here = position.board[position.cadet]
        if why is Refusal.OFF_GRID:
            return said(N_("the Cadet would walk off the grid to the {direction}"),
                        direction=said(_DIRECTION_NAMES[command]))
        if why is Refusal.NOTHING_TO_REPAIR:
            return said(N_("there is no module here to repair, only a hallway"))
        if why is Refusal.ALREADY_INTACT:
            return said(N_("{module} here is already intact"), module=self._name(here))
        if why is Refusal.HANDS_FULL:
            return said(N_("the Cadet already carries {module}"), module=self._name(position.carrying or ''))
        if why is Refusal.NOTHING_TO_COLLECT:
            return said(N_("there is nothing here to collect, only a hallway"))
        if why is Refusal.STATION:
            return said(N_("{module} is a station and cannot be moved"), module=self._name(here))
        if why is Refusal.DAMAGED:
            return said(N_("{module} is damaged; repair it before collecting it"), module=self._name(here))
        if why is Refusal.NOTHING_CARRIED:
            return said(N_("the Cadet carries nothing to deploy"))
        return said(N_("a device can only be deployed onto a hallway, and {module} is here"),
                    module=self._name(here))

    def is_legal(self, position: Position, command: Command) -> bool:
        return self.reason(position, command) is None

    @staticmethod
    def apply(position: Position, command: Command) -> Position:
        """The position after ``command``, *unchecked* (for the planner and replay): the kernel's
        :func:`~companion.games.transmission.engine.kernel.play`."""
        board, cadet, carrying = play(position.board, position.cadet, position.carrying or "", command)
        return Position(board, cadet, carrying or None)

    def play(self, position: Position, command: Command, step: int | None = None) -> Position:
        """Checked :meth:`apply`.  :raises IllegalAction: with the reason (and ``step`` if given)."""
        why = self.reason(position, command)
        if why is not None:
            raise IllegalAction(why, step=step, command=str(command))
        return self.apply(position, command)

    def first_illegal(self, position: Position, commands: Sequence[Command]) -> tuple[int, str] | None:
        """``(step, reason)`` of the first impossible command (1-based), or ``None`` if all are legal."""
        for k, command in enumerate(commands, start=1):
            why = self.reason(position, command)
            if why is not None:
                return k, why
            position = self.apply(position, command)
        return None

    def viable(self, position: Position, commands: Sequence[Command]) -> bool:
        """RULES.md, Select: every command is legal in turn from ``position``."""
        return self.first_illegal(position, commands) is None

    def execute(
        self,
        position: Position,
        commands: Sequence[Command],
        missions: Mapping[str, tuple[str, str]] | None = None,
    ) -> Execution:
        """Run a whole program (RULES.md, Execute; Missions).

        :param missions: mission id -> pair of module letters, *only the ones not yet completed*;
            each completes the instant both are intact and adjacent after any command (a move too:
            a pair already side by side before the program completes at step 1 unless the first
            command takes one of its modules away), and stays completed afterwards.
        :raises IllegalAction: naming the 1-based step, the command and the reason; nothing is executed.
        """
        commands = tuple(commands)
        bad = self.first_illegal(position, commands)
        if bad is not None:
            step, why = bad
            raise IllegalAction(why, step=step, command=str(commands[step - 1]))
        pending = dict(missions or {})
        completions: list[Completion] = []
        positions: list[Position] = []
        current = position
        for k, command in enumerate(commands, start=1):
            current = self.apply(current, command)
            positions.append(current)
            if pending and command in CHECKS_MISSIONS:  # every command (RULES.md, Missions)
                for mission_id, (a, b) in list(pending.items()):
                    if pair_complete(current.board, a, b):
                        completions.append(Completion(mission_id, k))
                        del pending[mission_id]
        return Execution(position, commands, tuple(positions), tuple(completions))
