"""Reading a content pack's TOML fields, for the games' loaders (DESIGN.md, The core step 1).

Every game checks its own pack, but the way one field is read - a table, a whole number in a range,
a name or an id, true or false, one of a few words, an array of tables with unique ids - and the
way a wrong one is said (file, the field's full path such as ``map.cities[2].region``, the value,
the problem) are the same for all of them.  A :class:`FieldReader` records each problem and reads
the bad field as ``None``, so a check lists every problem of a pack at once.  A
:class:`PackLoader` gives a game's loader its public functions (load, parse, check, the default)
from its one ``parse(data, file)``.  What the frozen packs themselves share is here too: a piece found
by its id (:func:`by_id`) and whether a pack has a map (:class:`MapContent`).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Collection, Iterable
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import ContentError
from companion.i18n import N_, _
from companion.table.pack_file import MISSING, REQUIRED, read_pack

__all__ = ["ID", "MAX_NAME", "MISSING", "FieldReader", "MapContent", "PackLoader", "by_id"]

#: Ids: lower-case letters, digits and ``-``, up to 24 characters.
ID = re.compile(r"[a-z0-9][a-z0-9-]{0,23}")
#: The longest name that fits a button of the 800x480 screens.
MAX_NAME = 24

T = TypeVar("T")
P = TypeVar("P")


class Identified(Protocol):
    """A piece of a pack with an ``id`` (a card, a tile, a city)."""

    @property
    def id(self) -> str: ...


Piece = TypeVar("Piece", bound=Identified)


def by_id(pieces: Iterable[Piece], ident: str) -> Piece | None:
    """The first of ``pieces`` whose ``id`` is ``ident``, or ``None``."""
    return next((piece for piece in pieces if piece.id == ident), None)


class MapContent:
    """A frozen pack that may have a map (``game_map``; ``None``: the printed board only)."""

    game_map: object

    @property
    def has_map(self) -> bool:
        """Whether the pack has a map (else only the printed board can be played)."""
        return self.game_map is not None


class FieldReader:
    """Reads one pack's fields, recording each problem as a :class:`ContentError` in :attr:`errors`.

    Each reader takes the parsed TOML table ``data``, the field's ``key`` in it and its full
    ``path`` for messages; a field that is wrong reads as ``None`` (or ``[]``, ``False``).

    :param file: the pack's file name, as messages name it.
    :param max_number: the largest whole number :meth:`integer` takes by default (a typo guard).
    """

    #: The word after "at least 1" in :meth:`items`' message ("table"; a game may keep "tables"):
    #: marked, translated where the message is made.
    one_table = N_("table")

    def __init__(self, file: str, max_number: int) -> None:
        self.file = file
        self.max_number = max_number
        self.errors: list[ContentError] = []

    def fail(self, field: str, value: object, problem: str) -> None:
        """Record a problem: ``field`` (its full path) holds ``value``, which ``problem`` says.

        A field that is not there (``value`` is :data:`~companion.table.pack_file.MISSING`) is said
        in every game's words, :data:`~companion.table.pack_file.REQUIRED`, whatever it should hold.
        """
        said = _(REQUIRED) if value is MISSING else problem
        self.errors.append(ContentError(self.file, field, value, said))

    def table(self, data: Any, key: str, path: str, required: bool = True) -> dict[str, Any] | None:
        """The table ``data[key]``; ``None`` when it is missing (a problem only when ``required``)."""
        value = data.get(key) if isinstance(data, dict) else None
        if value is None and not required:
            return None
        if not isinstance(value, dict):
            self.fail(path, value if value is not None else MISSING, _("must be a table"))
            return None
        return value

    def integer(
        self,
        data: dict[str, Any],
        key: str,
        path: str,
        low: int = 0,
        high: int | None = None,
        default: int | None = None,
    ) -> int | None:
        """A whole number from ``low`` to ``high`` (``max_number`` unless given); ``default`` when
        missing, or a problem when there is no default."""
        top = self.max_number if high is None else high
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, value if key in data else MISSING, _("must be a whole number"))
            return None
        if not low <= value <= top:
            self.fail(path, value, _("must be from {low} to {high}").format(low=low, high=top))
            return None
        return value

    def players(self, table: dict[str, Any], path: str, most: int) -> tuple[int, int] | None:
        """A game's ``min_players`` and ``max_players`` in ``table`` (at ``path``), each from 2 to
        ``most``, the most at least the fewest; ``None`` when either is wrong."""
        low = self.integer(table, "min_players", f"{path}.min_players", 2, most)
        high = self.integer(table, "max_players", f"{path}.max_players", 2, most)
        if low is None or high is None:
            return None
        if high < low:
            self.fail(f"{path}.max_players", high, _("must be at least min_players ({low})").format(low=low))
            return None
        return low, high

    def text(
        self, data: dict[str, Any], key: str, path: str, ident: bool = False, longest: int = MAX_NAME
    ) -> str | None:
        """A non-empty string of at most ``longest`` characters; with ``ident``, an :data:`ID`."""
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(path, value if key in data else MISSING, _("must be a non-empty string"))
            return None
        if len(value) > longest:
            self.fail(path, value, _("is longer than {n} characters").format(n=longest))
            return None
        if ident and not ID.fullmatch(value):
            self.fail(path, value, _("must be lower-case letters, digits and '-' (at most 24)"))
            return None
        return value

    def flag(self, data: dict[str, Any], key: str, path: str) -> bool:
        """``true`` or ``false``, ``False`` when missing (and when wrong, with the problem)."""
        value = data.get(key, False)
        if not isinstance(value, bool):
            self.fail(path, value, _("must be true or false"))
            return False
        return value

    def choice(
        self, data: dict[str, Any], key: str, path: str, among: Collection[str], optional: bool = False
    ) -> str | None:
        """One of the words ``among`` (listed sorted in the message); ``None`` when missing and
        ``optional``.  A value that is no word (an array, a table) is the same problem."""
        value = data.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str) or value not in among:
            self.fail(path, value if key in data else MISSING,
                      _("must be one of {words}").format(words=", ".join(sorted(among))))
            return None
        return value

    def items(
        self, data: Any, key: str, path: str, read: Callable[[dict[str, Any], str], T | None], least: int = 1
    ) -> list[T]:
        """The array of at least ``least`` tables ``data[key]``, each read by ``read(table, path[i])``
        (``None``: that one is wrong, its problems recorded); an ``id`` used twice is a problem."""
        value = data.get(key) if isinstance(data, dict) else None
        if not isinstance(value, list) or len(value) < least:
            noun = _(self.one_table) if least == 1 else _("tables")
            self.fail(
                path,
                value if value is not None else MISSING,
                _("must be an array of at least {n} {tables}").format(n=least, tables=noun),
            )
            return []
        out: list[T] = []
        seen: set[str] = set()
        for i, item in enumerate(value):
            where = f"{path}[{i}]"
            if not isinstance(item, dict):
                self.fail(where, item, _("must be a table"))
                continue
            got = read(item, where)
            if got is None:
                continue
            ident = getattr(got, "id", None)
            if ident is not None and ident in seen:
                self.fail(f"{where}.id", ident, _("is used twice"))
                continue
            if ident is not None:
                seen.add(str(ident))
            out.append(got)
        return out


#: A game's parser: a pack's bytes and file name -> the pack (``None`` when it has a problem) and
#: every problem found.
Parse = Callable[[bytes, str], tuple[P | None, list[ContentError]]]


class PackLoader(Generic[P]):
    """A game's pack functions, from its ``parse(data, file)`` -> ``(pack or None, every problem)``.

    :param package: the game's content package (its loader's ``__package__``), where the default lies.
    :param default_file: the default pack's file name in ``package``.
    """

    def __init__(
        self,
        package: str,
        default_file: str,
        parse: Callable[[bytes, str], tuple[P | None, list[ContentError]]],
    ) -> None:
        self.package = package
        self.default_file = default_file
        self.parse = parse

    def parse_content(self, data: bytes, file: str = "<bytes>") -> P:
        """Validate a pack held in memory (the TOML file's bytes; ``file`` names it in messages).

        :raises ContentError: the first problem, naming file, field and value.
        """
        pack, errors = self.parse(data, file)
        if pack is None:
            raise errors[0]
        return pack

    def load_content(self, path: str | os.PathLike[str] | None = None) -> P:
        """Load and validate a pack file; ``None`` loads the SAMPLE default beside the game's loader.

        :raises ContentError: the first problem found, naming file, field and value.
        """
        data, file = read_pack(self.package, self.default_file, path)
        return self.parse_content(data, file)

    def check_content(self, path: str | os.PathLike[str] | None = None) -> list[ContentError]:
        """Every problem of a pack file, ``[]`` when it is valid (``None``: the default pack)."""
        try:
            data, file = read_pack(self.package, self.default_file, path)
        except ContentError as exc:
            return [exc]
        return self.parse(data, file)[1]

    @functools.cached_property
    def _default(self) -> P:
        return self.load_content(None)

    def default_content(self) -> P:
        """The SAMPLE default pack, loaded once.

        :raises ContentError: the shipped default does not load (the tests load it).
        """
        return self._default
