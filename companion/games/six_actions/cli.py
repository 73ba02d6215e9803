"""The Six Actions' subcommands: ``play --game six-actions`` and ``referee --game six-actions``.

Placeholder family while the referee and the terminal game land (see docs/six-actions.md).
"""

from __future__ import annotations

import argparse

from companion.table.registry import AddSubcommand

__all__ = ["register"]


def register(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add the game's subcommands (none yet: the --game dispatch comes with them)."""
