"""One table, one game: the offer ``companion play`` makes when the saved unfinished game is another game's.

Every game's ``play`` (:func:`companion.games.transmission.cli.play_stored`, the Six Actions' and the
Five Actions' ``play``) asks the same: the store keeps one unfinished game, and a new game gives up
the other (:meth:`companion.table.store.Store.begin` marks it abandoned).  Resuming it is that game's
own ``play --game NAME``; this game's ``play`` cannot resume it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.i18n import _
from companion.table.answers import is_yes
from companion.table.store import SavedGame

__all__ = ["give_up_other"]


def give_up_other(saved: SavedGame, title: str, input_fn: Callable[[str], str],
                  output_fn: Callable[[str], None], titles: Mapping[str, str] | None = None) -> bool:
    """Say which game is unfinished and how to resume it, and ask whether to start ``title`` anyway.

    :param saved: the unfinished game, of another game than the one starting (:attr:`SavedGame.game`).
    :param title: the game about to start, as the table reads it (``"Incoming Transmission"``);
        the saved game is named by its title too, its name only in the command that resumes it.
    :param titles: each game's title by its name (the parser's ``game_titles``, set by
        :class:`companion.cli.games.Dispatch`); without it, or for a game it lacks, the name.
    :returns: ``True`` only when the table answers y (the other game is then given up by the new
        game's :meth:`~companion.table.store.Store.begin`); anything else, the end of input included,
        is ``False`` and says that the other game stays saved.
    """
    other = _((titles or {}).get(saved.game, saved.game))
    output_fn(_("An unfinished game of {other} is saved (`companion play --game {name}` resumes it); a new "
                "game of {game} gives it up.").format(other=other, name=saved.game, game=_(title)))
    try:
        answer = input_fn(_("Start a new game anyway? [y/N] "))
    except EOFError:
        answer = ""
    if is_yes(answer):  # "y"/"yes" always; the table's language's own yes (German "j"/"ja") too
        return True
    output_fn(_("Leaving: that game stays saved."))
    return False
