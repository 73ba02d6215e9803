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
from companion.i18n import N_, _, ngettext
from companion.table.words import Lines, column_title, level_word

__all__ = ["RULES", "moves_now"]

#: The rules in short (help's first lines).
RULES = Lines(
    N_(
        "The Five Actions, in short:\n"
        "  Clockwise from the first player, each player takes exactly one action a turn. An action costs an\n"
        "  Action tile from its column plus the dollars on the empty spaces up to the box chosen (Basic,\n"
        "  Advanced, or a waiting Patent).\n"
        "  Installation: your next station next to one of your pieces (Basic: Unmodulated, Advanced:\n"
        "  Modulated), then Signal tokens to your Ready area. Transmission / Modulation: 2 Signal tokens\n"
        "  along one line from an Unmodulated / Modulated station (Basic only onto empty Locations).\n"
        "  Funding: a Credit token to the Credit area, a Tycoon tile, then money. Supply: a Credit token\n"
        "  only; Action tiles back to their columns, and a Patent if your Scientists outnumber your Patents."
    )
)


def moves_now(view: TableView) -> list[str]:
    """What the table may do at ``view``, one line each: each column's boxes the current player
    can pay for now (with their dollars), Supply while a Credit token is on their board, pass,
    undo and the end."""
    if view.pending_draw is not None:
        return [
            _("A Tycoon tile was drawn from the level-{level} stack: say which.").format(
                level=view.pending_draw
            )
        ]
    if view.phase != Phase.PLAY or view.current is None:
        return [_("The game is over.")]
    me = view.players[view.current]
    lines = [_("{name}'s turn, one of:").format(name=me.name)]
    for column in COLUMNS:
        boxes = [f"{level_word(q.box)} " + _("${money}").format(money=q.dollars)
                 for q in view.quotes if q.column == column and q.ok]
        if boxes and (column != "funding" or me.credits):
            lines.append(f"{column_title(column)}: {', '.join(boxes)}")
    if me.credits:
        lines.append(
            ngettext(
                "Supply ({n} Credit token on {name}'s board)",
                "Supply ({n} Credit tokens on {name}'s board)",
                len(me.credits),
            ).format(n=len(me.credits), name=me.name)
        )
    lines.append(_("Pass"))
    if view.can_undo:
        lines.append(_("Undo the last action"))
    lines.append(_("End the game (the final scoring)"))
    return lines
