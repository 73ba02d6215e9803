"""Commands and Command cards (RULES.md, The commands; Components).

A :class:`Command` is what the Cadet does; a *card id* names one of the 11
physical Command cards (``"N1"``, ``"N2"``, ..., ``"COLLECT"``).  Identical
cards (the two Norths) share a command but keep distinct ids, so a hand,
a fixed register and an error card can always be told apart.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from companion.errors import said
from companion.i18n import N_

#: Registers in a transmission: the commands Mission Control selects and the Cadet executes
#: (RULES.md, A transmission, 1. Select).
REGISTERS = 5


class Command(enum.Enum):
    """One of the seven commands.  ``str(cmd)`` gives the referee notation name."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"
    COLLECT = "COLLECT"
    DEPLOY = "DEPLOY"
    REPAIR = "REPAIR"

    def __str__(self) -> str:
        return self.value

    @property
    def title(self) -> str:
        """The card's printed name in English: ``"North"``, ``"Collect"`` ... (marked for translation:
        show it with ``_(command.title)``)."""
        return _TITLES[self]

    @property
    def is_move(self) -> bool:
        return self in MOVES

    @classmethod
    def parse(cls, text: str) -> Command:
        """Parse referee notation (RULES.md, Referee notation), case-insensitive.

        Accepts ``N E S W COLLECT DEPLOY REPAIR``, the short forms ``C D R`` and the
        long direction names ``NORTH EAST SOUTH WEST``.

        :raises ValueError: for anything else, naming the text.
        """
        if not isinstance(text, str):
            raise ValueError(said(N_("a command must be a string, not {shown}"), shown=repr(text)))
        key = text.strip().upper()
        try:
            return _ALIASES[key]
        except KeyError:
            raise ValueError(said(
                N_("unknown command {shown} (expected one of N E S W COLLECT DEPLOY REPAIR, or C D R)"),
                shown=repr(text))) from None


MOVES: frozenset[Command] = frozenset({Command.N, Command.E, Command.S, Command.W})

#: (row, col) step of each move; row 0 is north.
DELTAS: Mapping[Command, tuple[int, int]] = {
    Command.N: (-1, 0),
    Command.E: (0, 1),
    Command.S: (1, 0),
    Command.W: (0, -1),
}

_TITLES = {
    Command.N: N_("North"),
    Command.E: N_("East"),
    Command.S: N_("South"),
    Command.W: N_("West"),
    Command.COLLECT: N_("Collect"),
    Command.DEPLOY: N_("Deploy"),
    Command.REPAIR: N_("Repair"),
}

_ALIASES: dict[str, Command] = {c.value: c for c in Command}
_ALIASES.update({"C": Command.COLLECT, "D": Command.DEPLOY, "R": Command.REPAIR})
_ALIASES.update({"NORTH": Command.N, "EAST": Command.E, "SOUTH": Command.S, "WEST": Command.W})

#: The default Command deck (RULES.md, Components): 11 cards.
DEFAULT_DECK: Mapping[Command, int] = {
    Command.N: 2,
    Command.E: 2,
    Command.S: 2,
    Command.W: 2,
    Command.COLLECT: 1,
    Command.DEPLOY: 1,
    Command.REPAIR: 1,
}


def card_ids(deck: Mapping[Command, int]) -> tuple[str, ...]:
    """Card ids of a deck, in a fixed order: ``N1 N2 E1 E2 ... COLLECT DEPLOY REPAIR``.

    A command with a single card gets its bare name; several get ``name + index``.
    """
    ids: list[str] = []
    for command in Command:
        count = deck.get(command, 0)
        if count == 1:
            ids.append(command.value)
        else:
            ids.extend(f"{command.value}{i}" for i in range(1, count + 1))
    return tuple(ids)


def card_command(card_id: str) -> Command:
    """The command printed on a card id (``"N2"`` -> ``Command.N``).

    :raises ValueError: for an id that names no command.
    """
    head = card_id.rstrip("0123456789")
    return Command.parse(head)


def format_commands(commands: Iterable[Command]) -> str:
    """``"N E COLLECT"``; :meth:`Command.parse` on each word round-trips it."""
    return " ".join(str(c) for c in commands)


def parse_commands(text: str) -> tuple[Command, ...]:
    """Parse space- or comma-separated commands.  :raises ValueError: naming the bad word."""
    words = text.replace(",", " ").split()
    return tuple(Command.parse(w) for w in words)
