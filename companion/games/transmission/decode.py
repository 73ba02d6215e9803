"""The Cadet's arrangement while decoding: cards in the registers and the leave-out slot.

Source: RULES.md, 4. Decode.  Placing, moving and taking back cards is not an action of the record:
it is the table's own arrangement, freely changed until Execute (see
:mod:`companion.games.transmission.engine.undo`).  A card fixed by a clear signal stays in its register.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.transmission.engine.commands import card_command
from companion.games.transmission.engine.state import REGISTERS, GameState
from companion.i18n import N_, _

__all__ = ["LEAVE_OUT", "NOTHING_TO_DO", "Arrangement", "scan_placement"]

#: What :meth:`~companion.games.transmission.session.Session.scan` says about a card that has no part
#: in the table flow now (``{name}``: the card's name), marked for translation: show it with ``_()``.
NOTHING_TO_DO = {
    "mission": N_("That is a mission card: missions stay secret; nothing to do with it now."),
    "boost": N_("That is the Signal Boost card {name}: use it with the Boost button or on the screen."),
    "module": N_("That is a module tile ({name}): it goes on the board; nothing to scan now."),
}

#: The leave-out slot's number where a register number is expected (``Session.place``).
LEAVE_OUT = 0


class Arrangement:
    """Per register 1-5 the card placed there (or ``None``), and the left-out cards.

    :param registers: 5 card ids or ``None``; default: all empty.
    :param left_out: the cards in the leave-out slot.
    """

    def __init__(self, registers: Sequence[str | None] | None = None, left_out: Sequence[str] = ()) -> None:
        self.registers: list[str | None] = list(registers) if registers is not None else [None] * REGISTERS
        self.left_out: list[str] = list(left_out)

    def unplaced(self, hand: Sequence[str]) -> tuple[str, ...]:
        """Hand cards in neither a register nor the leave-out slot, in hand order."""
        placed = {c for c in self.registers if c} | set(self.left_out)
        return tuple(c for c in hand if c not in placed)

    def order(self) -> tuple[str, ...] | None:
        """The arranged order when all 5 registers are filled, else ``None``."""
        if any(c is None for c in self.registers):
            return None
        return tuple(c for c in self.registers if c is not None)

    def empty(self) -> list[int]:
        """The registers (1-5) with no card."""
        return [k for k, c in enumerate(self.registers, start=1) if c is None]

    def lift(self, card: str, fixed: Sequence[str | None]) -> None:
        """Take ``card`` out of every unfixed register and the leave-out slot."""
        for k in range(REGISTERS):
            if self.registers[k] == card and fixed[k] is None:
                self.registers[k] = None
        if card in self.left_out:
            self.left_out.remove(card)

    def put(self, card: str, register: int, fixed: Sequence[str | None]) -> None:
        """``card`` into ``register`` (1-5, unfixed); a card already there goes back to the hand."""
        self.lift(card, fixed)
        self.registers[register - 1] = card

    def leave_out(self, card: str, room: int, fixed: Sequence[str | None]) -> None:
        """``card`` into the leave-out slot, which holds ``room`` cards (the oldest makes way)."""
        self.lift(card, fixed)
        if len(self.left_out) >= room:
            self.left_out.pop(0)
        self.left_out.append(card)

    def sync(self, state: GameState) -> None:
        """Keep the registers and the leave-out slot in step with the hand: fixed cards in their
        registers, cards no longer in the hand taken out, no more left out than the errors."""
        for k, cid in enumerate(state.registers):
            if cid is not None:
                for j in range(REGISTERS):
                    if self.registers[j] == cid and state.registers[j] is None:
                        self.registers[j] = None
                self.registers[k] = cid
        for k, cid in enumerate(self.registers):
            if cid is not None and cid not in state.hand and cid != state.registers[k]:
                self.registers[k] = None
        self.left_out = [c for c in self.left_out if c in state.hand and c not in self.registers]
        self.left_out = self.left_out[: state.leave_out]


def scan_placement(card: str, title: str, state: GameState,
                   arrangement: Arrangement) -> tuple[str, int] | str:
    """Where a scanned Command card goes while decoding: the hand card of that command not placed yet
    (``card`` itself when it is one) and the first empty register, or a sentence saying why it goes
    nowhere (RULES.md, 4. Decode: cards are scanned into the registers in order).

    Two cards of one command cannot be told apart at the table, so a scanned North places whichever
    North of the hand is not placed yet.
    """
    command = card_command(card)
    unplaced = [c for c in arrangement.unplaced(state.hand) if card_command(c) is command]
    if not unplaced:
        if any(card_command(c) is command for c in state.hand):
            where = [str(k) for k, c in enumerate(arrangement.registers, start=1)
                     if c is not None and card_command(c) is command and state.registers[k - 1] is None]
            spot = _("register {registers}").format(registers=", ".join(where)) if where \
                else _("the leave-out slot")
            return _("{title} is already placed ({spot}); Back takes the last card back.").format(
                title=title, spot=spot)
        fixed = [str(k) for k, c in enumerate(state.registers, start=1)
                 if c is not None and card_command(c) is command]
        if fixed:
            text = _("{title} is fixed in register {registers} by a clear signal; scan the other cards.")
            return text.format(title=title, registers=", ".join(fixed))
        return _("{title} is not in the Cadet's hand this round.").format(title=title)
    free = arrangement.empty()
    if not free:
        return _("All {count} registers are full: Back takes the last card back, or Execute.").format(
            count=REGISTERS)
    return (card if card in unplaced else unplaced[0]), free[0]
