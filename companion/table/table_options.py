"""Named table options: where a game's rules are silent, the table's reading, chosen at Setup.

Each game keeps a frozen dataclass of options (named fields, each a ``Literal`` of the allowed
words or a ``bool``, with the default the referee has always used).  The same JSON object
``{"option": value, ...}`` is read here for every game, from a game record, a scenario or the
command line; a missing option takes its default (so an old record without options replays as it
always did) and any other value is refused naming the option and its allowed values.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from companion.errors import said
from companion.i18n import N_

__all__ = ["choices", "options_json", "options_text", "read_options", "with_saved_options"]

Options = TypeVar("Options")


def choices(cls: type[Any], name: str) -> tuple[object, ...]:
    """The allowed values of option ``name`` of the options dataclass ``cls`` (``bool``: False, True)."""
    hint = typing.get_type_hints(cls)[name]
    if hint is bool:
        return (False, True)
    return typing.get_args(hint)


def read_options(cls: type[Options], data: Any, error: type[Exception]) -> Options:
    """``cls`` from a JSON object (``None``: every default).

    :raises error: not an object, an unknown option, or a value that is not one of the option's
        choices (the message names the option and lists its values).
    """
    if data is None:
        return cls()
    if not isinstance(data, dict):
        raise error(said(N_("options must be an object of named table options, not {data!r}"), data=data))
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in names:
            raise error(
                said(
                    N_("there is no table option {key!r}; the options are {names}"),
                    key=key,
                    names=", ".join(names),
                )
            )
        allowed = choices(cls, key)
        if not any(type(value) is type(c) and value == c for c in allowed):
            words = ", ".join(repr(c) for c in allowed)
            raise error(
                said(
                    N_("table option {key} is one of {allowed}, not {value!r}"),
                    key=key,
                    allowed=words,
                    value=value,
                )
            )
        values[key] = value
    return cls(**values)


def options_json(options: object) -> dict[str, Any]:
    """The JSON object of an options dataclass (every option, defaults included)."""
    return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]


def options_text(text: str) -> Any:
    """The JSON object of a command line's ``--options '{"name": value}'`` (checked later, by game).

    :raises argparse.ArgumentTypeError: not JSON (argparse says it after the flag's name).
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise argparse.ArgumentTypeError(
            said(N_("the table options are not JSON ({exc}): {text!r}"), exc=exc, text=text)
        ) from None


def with_saved_options(record: Mapping[str, Any], table: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of a saved game's ``record`` holding its table options: the record's own, else those the
    store kept with the table state ``table`` (the store has no column for them)."""
    full = dict(record)
    if "options" not in full and table and "options" in table:
        full["options"] = table["options"]
    return full
