"""The Five Actions' table options: the points ``seeds/five-actions-rules.txt`` leaves open, each
named, with the referee's own reading as its default (docs/table-options.md quotes each sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.table.table_options import read_options

__all__ = ["FiveOptions", "read_five_options"]


@dataclass(frozen=True)
class FiveOptions:
    """The table's readings where the Five Actions rules are silent.

    :ivar advanced_needs_occupied: the rules say a Basic Action needs both target Locations empty,
        and say nothing of when the Advanced box may be chosen.  ``False`` (default): an Advanced
        box may always be chosen; ``True``: only when at least one target Location is occupied
        (the Advanced box is the answer to an occupied Location).
    :ivar own_token_site: Installation allows "Building on a Location where you already have a
        Signal token", and does not say whether that token is what puts the Location in reach.
        ``"adjacent"`` (default): the Location must still be orthogonally adjacent to another
        Location where the player has a station or a Signal token; ``"foothold"``: the player's own
        Signal token there is enough.
    :ivar box_cost: Cost is "an Action tile [...] plus the dollars on any empty spaces up to the
        chosen box", and not whether the space the taken tile leaves is one of them.
        ``"before_taking"`` (default): the spaces are counted as the column stands before the top
        tile is taken; ``"after_taking"``: the space that tile leaves is empty too, and is paid.
    :ivar face_down_level: Funding offers a face-up tile "of level up to that number" and then "You
        may instead take the top face-down tile of a stack".  ``"up_to_count"`` (default): a stack of
        a level the player could take face up; ``"any"``: any level's stack (the tile is kept
        whatever it is).
    :ivar game_end: the excerpt does not say when the game ends; the table says.  ``"any_turn"``
        (default): after any turn; ``"round_end"``: only when every player has had as many turns
        (the first player is next).
    """

    advanced_needs_occupied: bool = False
    own_token_site: Literal["adjacent", "foothold"] = "adjacent"
    box_cost: Literal["before_taking", "after_taking"] = "before_taking"
    face_down_level: Literal["up_to_count", "any"] = "up_to_count"
    game_end: Literal["any_turn", "round_end"] = "any_turn"


def read_five_options(data: Any, error: type[Exception]) -> FiveOptions:
    """:class:`FiveOptions` from JSON (``None``: the defaults). :raises error: naming the option."""
    return read_options(FiveOptions, data, error)
