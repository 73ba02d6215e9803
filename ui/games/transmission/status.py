"""The status strip's texts during a game of Incoming Transmission: transmission, missions, boosts, seed."""

from __future__ import annotations

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.table_view import Step, TableView
from ui.widgets.controls import StatusStrip

__all__ = ["fill_status"]


def fill_status(status: StatusStrip, view: TableView, content: ContentPack, dealt: tuple[str, ...]) -> None:
    """Put ``view`` on the strip (public facts only).

    :param dealt: the Signal Boost ids the last execution dealt: while the players mirror its commands,
        a mission (and its boost) counts only from the step that completes it.
    """
    if view.transmission:
        status.transmission = f"Transmission {view.transmission} of {view.transmissions_total}"
    else:
        status.transmission = f"{view.transmissions_total} transmissions"
    done, boosts = len(view.completed), view.boosts
    execution = view.last_execution
    if view.step is Step.EXECUTE and execution is not None:
        hidden = [c for c in execution.completions if c.step > view.shown_steps]
        done -= len(hidden)
        if hidden:
            boosts = tuple(b for b in boosts if b.id not in dealt)
    status.missions = f"Missions done {done} of {view.missions_total}"
    names = ", ".join(b.name for b in boosts)
    status.boosts = f"Boosts: {names}" if names else "Boosts: none"
    title = content.difficulty(view.difficulty).title
    status.game = title if view.seed is None else f"{title} · seed {view.seed}"
