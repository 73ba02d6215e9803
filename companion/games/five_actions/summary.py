"""The Five Actions in a few lines, and the moves possible now: what ``help`` says at every prompt
of the terminal game (:mod:`companion.games.five_actions.terminal`,
:class:`companion.table.prompt.Prompt`).

Source: seeds/five-actions-rules.txt (Your turn, Installation, Transmission, Modulation, Funding,
Supply, Patents), in our own words.
"""

from __future__ import annotations

from companion.games.five_actions.content.model import COLUMNS
from companion.games.five_actions.engine.state import Phase
from companion.games.five_actions.views import TableView

__all__ = ["RULES", "moves_now"]

#: The rules in short (help's first lines).
RULES = (
    "The Five Actions, in short:",
    "  Clockwise from the first player, each player takes exactly one action a turn. An action costs an",
    "  Action tile from its column plus the dollars on the empty spaces up to the box chosen (Basic,",
    "  Advanced, or a waiting Patent).",
    "  Installation: your next station next to one of your pieces (Basic: Unmodulated, Advanced:",
    "  Modulated), then Signal tokens to your Ready area. Transmission / Modulation: 2 Signal tokens",
    "  along one line from an Unmodulated / Modulated station (Basic only onto empty Locations).",
    "  Funding: a Credit token to the Credit area, a Tycoon tile, then money. Supply: a Credit token",
    "  only; Action tiles back to their columns, and a Patent if your Scientists outnumber your Patents.",
)

_NAMES = {"installation": "Installation", "transmission": "Transmission", "modulation": "Modulation",
          "funding": "Funding"}


def moves_now(view: TableView) -> list[str]:
    """What the table may do at ``view``, one line each: each column's boxes the current player
    can pay for now (with their dollars), Supply while a Credit token is on their board, pass,
    undo and the end."""
    if view.pending_draw is not None:
        return [f"A Tycoon tile was drawn from the level-{view.pending_draw} stack: say which."]
    if view.phase != Phase.PLAY or view.current is None:
        return ["The game is over."]
    me = view.players[view.current]
    lines = [f"{me.name}'s turn, one of:"]
    for column in COLUMNS:
        boxes = [f"{q.box} ${q.dollars}" for q in view.quotes if q.column == column and q.ok]
        if boxes and (column != "funding" or me.credits):
            lines.append(f"{_NAMES[column]}: {', '.join(boxes)}")
    if me.credits:
        lines.append(f"Supply ({len(me.credits)} Credit tokens on {me.name}'s board)")
    lines.append("Pass")
    if view.can_undo:
        lines.append("Undo the last action")
    lines.append("End the game (the final scoring)")
    return lines
