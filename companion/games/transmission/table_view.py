"""What a screen of the table receives: the step it is on and the table's view, never the Session.

Source: DESIGN.md, Views ("the UI receives a view that holds only what the table may see") and
Session (the table flow as an explicit state machine).  :class:`TableView` is the
:class:`~companion.games.transmission.engine.views.CadetView` (secrets already stripped) plus what
only the table flow knows: the step, the Cadet's arrangement while decoding, the execution step
shown, the last message.  Nothing here is secret: placements are the table's own.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.games.transmission.engine.views import CadetView
from companion.games.transmission.names import Step

__all__ = ["Step", "TableView", "table_view"]


@dataclass(frozen=True)
class TableView(CadetView):
    """The table's view and where the table is in the flow.

    :ivar step: the screen the table is on.
    :ivar seed: the game's seed (shown so a game can be replayed) once the game is over; ``None``
        while it runs: with the content pack, the seed deals the secret missions.
    :ivar arrangement: per register 1-5 the card the Cadet put there (fixed ones included), else ``None``.
    :ivar left_out: the cards in the leave-out slot.
    :ivar unplaced: hand cards in neither a register nor the leave-out slot, in hand order.
    :ivar order: the arranged order when all 5 registers are filled, else ``None``.
    :ivar shown_steps: how many commands of the last execution are shown (0 to 5).
    :ivar message: the table flow's last sentence (a refusal, Mission Control's answer), or ``""``.
    :ivar awaiting_draw: the table is to draw the top Transmission card (physical deck).
    :ivar drawable: the Transmission cards that may be drawn now, one per face (level, clear register,
        errors), in pack order; ``()`` unless drawing.
    :ivar mission_control: who sits in the Mission Control seat: ``"companion"`` or ``"person"``
        (RULES.md, With a person as Mission Control).
    :ivar seat_open: the person's Mission Control screen is open (the Cadet's screens wait behind it).
    :ivar waiting_for: what the table waits for the person to do on their screen, in words for
        everyone ("Mission Control is choosing 5 commands."), or ``""``; never a secret.
    """

    step: Step
    seed: int | None
    arrangement: tuple[str | None, ...]
    left_out: tuple[str, ...]
    unplaced: tuple[str, ...]
    order: tuple[str, ...] | None
    shown_steps: int
    message: str
    awaiting_draw: bool
    drawable: tuple[str, ...]
    mission_control: str = "companion"
    seat_open: bool = False
    waiting_for: str = ""


def table_view(cadet: CadetView, *, step: Step, seed: int | None, arrangement: tuple[str | None, ...],
               left_out: tuple[str, ...], unplaced: tuple[str, ...], order: tuple[str, ...] | None,
               shown_steps: int, message: str, awaiting_draw: bool, drawable: tuple[str, ...]) -> TableView:
    """``cadet`` with the table flow's fields added (the Session builds it: ``Session.view``)."""
    seen = {f.name: getattr(cadet, f.name) for f in fields(CadetView)}
    return TableView(**seen, step=step, seed=seed, arrangement=arrangement, left_out=left_out,
                     unplaced=unplaced, order=order, shown_steps=shown_steps, message=message,
                     awaiting_draw=awaiting_draw, drawable=drawable)
