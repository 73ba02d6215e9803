"""The games on the box: what a game registers so the shell, the CLI and the store can find it.

Source: DESIGN.md, Inside ``companion/`` ("A game registers itself").  The table
framework knows games only through :class:`GameInfo`; the list of installed
games is :func:`companion.games.registered`.  Nothing here imports a game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["AddSubcommand", "GameInfo", "RegisterCli"]

#: ``add(name, help, parents)`` returns a new subparser of the ``companion`` command line.
AddSubcommand = Callable[[str, str, list[argparse.ArgumentParser]], argparse.ArgumentParser]
#: ``register(add, pack)``: adds a family of subcommands; ``pack`` is the ``--content FILE`` parent.
RegisterCli = Callable[[AddSubcommand, argparse.ArgumentParser], None]


@dataclass(frozen=True)
class GameInfo:
    """One game the companion referees.

    :param name: the game's id, stored with each game record (``"transmission"``); lower-case,
        no spaces.
    :param title: the game's name for the table (``"Incoming Transmission"``).
    :param load_content: ``load_content(path)`` -> the game's validated content pack; ``None`` loads
        the pack shipped with the game.  :raises ContentError: naming file, field and value.
    :param cli: the game's subcommand families, each a :data:`RegisterCli`.
    """

    name: str
    title: str
    load_content: Callable[[str | None], Any]
    cli: tuple[RegisterCli, ...] = field(default=())
