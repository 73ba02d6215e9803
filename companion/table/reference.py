"""A declared, lazy reference to an object of another module: ``"package.module:attribute"``.

Source: DESIGN.md, A game registers itself, and issue 10, item 4 (start-up).  A registration (a
game's :class:`~companion.table.registry.GameInfo`, a family of subcommands, a game's screens in
``ui``) names what it registers without importing it; the object is imported only when it is needed,
the way an entry point is (``importlib.metadata``; the string has the entry points' ``value`` form),
so ``companion run`` does not import every game's rules and terminal at each start.

A reference is always written as a literal, ``Reference("companion.games.transmission.cli:register")``:
``tests/test_structure.py`` reads it as an import of that module, so layering (the core never names
``ui`` or Kivy) and the import cycles are checked as for any import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pkgutil import resolve_name
from typing import Generic, TypeVar, cast

__all__ = ["Reference"]

T = TypeVar("T")

_FORM = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


@dataclass(frozen=True)
class Reference(Generic[T]):
    """``"module:attribute"`` (dotted on both sides), resolved by :meth:`load`.

    :param target: the module's dotted name, a colon, the attribute's (``"ui.cli:RUN"``).
    :raises ValueError: a ``target`` not of that form.
    """

    target: str

    def __post_init__(self) -> None:
        if not _FORM.fullmatch(self.target):
            raise ValueError(f"a reference is 'package.module:attribute', not {self.target!r}")

    @property
    def module(self) -> str:
        """The dotted name of the module the object is in."""
        return self.target.partition(":")[0]

    def load(self) -> T:
        """The object (its module imported now, if it was not yet).

        :raises ImportError: the module does not import.
        :raises AttributeError: it has no such attribute.
        """
        return cast(T, resolve_name(self.target))

    def __repr__(self) -> str:
        return f"Reference({self.target!r})"
