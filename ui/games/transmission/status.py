"""The status strip's texts during a game of Incoming Transmission: transmission, missions, boosts, seed."""

from __future__ import annotations

from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import pack_text
from companion.games.transmission.table_view import Step, TableView
from companion.i18n import _, ngettext
from ui.widgets.controls import StatusStrip

__all__ = ["fill_status"]


def fill_status(status: StatusStrip, view: TableView, content: ContentPack, dealt: tuple[str, ...]) -> None:
    """Put ``view`` on the strip (public facts only).

    :param dealt: the Signal Boost ids the last execution dealt: while the players mirror its commands,
        a mission (and its boost) counts only from the step that completes it.
    """
    # While Mission Control chooses, the strip names the transmission being chosen, as Thinking does
    # ("Transmission 2 of 7 is coming."), not the one just played.
    number = view.transmission + 1 if view.step is Step.THINKING else view.transmission
    if number:
        status.transmission = _("Transmission {number} of {total}").format(
            number=min(number, view.transmissions_total), total=view.transmissions_total)
    else:
        status.transmission = ngettext("{n} transmission", "{n} transmissions",
                                       view.transmissions_total).format(n=view.transmissions_total)
    done, boosts = len(view.completed), view.boosts
    execution = view.last_execution
    if view.step is Step.EXECUTE and execution is not None:
        hidden = [c for c in execution.completions if c.step > view.shown_steps]
        done -= len(hidden)
        if hidden:
            boosts = tuple(b for b in boosts if b.id not in dealt)
    status.missions = _("Missions done {done} of {total}").format(done=done, total=view.missions_total)
    names = ", ".join(b.name for b in boosts)
    status.boosts = _("Boosts: {names}").format(names=names) if names else _("Boosts: none")
    title = pack_text(content.difficulty(view.difficulty).title)
    status.game = title if view.seed is None else _("{difficulty} · seed {seed}").format(difficulty=title,
                                                                                      seed=view.seed)
