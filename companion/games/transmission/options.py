"""Incoming Transmission's options and content pack as every family of subcommands takes them:
``--content FILE`` (:func:`content_pack`), ``--difficulty``, ``--layout`` and ``--seed``
(:func:`game_options`; RULES.md, Setup).

Shared by the game's own subcommands (:mod:`companion.games.transmission.cli`, which re-exports
them) and the families that need the game's pack or options (``run``, ``labels``, ``bench``).  It
imports none of the terminal game, the scenarios or the store, so ``companion run`` builds its
parser without them (issue 10, item 4).
"""

from __future__ import annotations

import argparse
import logging
from typing import TYPE_CHECKING

from companion.cli.output import Failure
from companion.errors import ContentError
from companion.games.transmission.names import DIFFICULTY_NAMES, LAYOUTS
from companion.i18n import _, number

if TYPE_CHECKING:  # the pack's model and loader: when a pack is read, not to build a parser
    from companion.games.transmission.content.model import ContentPack

__all__ = ["MAX_SEED", "content_pack", "game_options", "seed"]

#: The game's command line's logger (``-vv`` names the pack under it, as before these moved here).
log = logging.getLogger("companion.games.transmission.cli")

#: Seeds are whole numbers the Setup screen can show and take back: 0 to 999,999,999.
MAX_SEED = 999_999_999


def content_pack(args: argparse.Namespace) -> ContentPack:
    """The pack of ``--content FILE`` or the default one.  :raises Failure: naming the problem."""
    from companion.games.transmission.content.loader import default_content, load_content

    path = getattr(args, "content", None)
    try:
        pack = load_content(path) if path else default_content()
    except ContentError as exc:
        text = _("content pack: {problem} (`companion content check {path}` lists every problem)")
        raise Failure(text.format(problem=exc, path=path)) from None
    log.debug("content pack %s (digest %s) from %s", pack.id, pack.digest, path or "the default")
    return pack


def seed(text: str) -> int:
    """An argparse type: a game's seed, 0 to :data:`MAX_SEED`.  :raises argparse.ArgumentTypeError:"""
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(
            _("a seed is a whole number from 0 to {most}, not {text}").format(most=number(MAX_SEED),
                                                                               text=repr(text[:20])))
    return int(text)


def game_options(parser: argparse.ArgumentParser, layout: bool = True) -> None:
    """``--difficulty`` and, with ``layout``, ``--layout`` and ``--seed`` (RULES.md, Setup)."""
    parser.add_argument("--difficulty", choices=DIFFICULTY_NAMES, default="standard",
                        help=_("Transmission deck and score multiplier (default: standard)"))
    if layout:
        parser.add_argument("--layout", choices=LAYOUTS, default="standard",
                            help=_("Standard (shuffled) or Beginner (fixed) Layout (default: standard)"))
        parser.add_argument("--seed", type=seed, default=None,
                            help=_("seed of the game's chance draws, to replay a game (default: random)"))
