"""What every game's scenario (``companion referee``) shares: the first refused action, a whole
number read from the scenario's JSON, the game a scenario starts (its table options, its start
action and the seeded draws after it) and the actions it lists.

Source: DESIGN.md, The core step 3 (a scenario's actions are applied all or not at all).  Each game
reads its own position and actions (docs/six-actions.md, docs/five-actions.md); a field that is
wrong is a :class:`~companion.errors.ScenarioError` naming it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from companion.errors import IllegalAction, RecordError, ScenarioError, english, said
from companion.i18n import N_
from companion.table.record import ActionCodec, RecordedGame, shown
from companion.table.table_options import read_options

__all__ = [
    "REQUIRED_FIELD", "Refusal", "ScenarioGame", "read_scenario_json", "scenario_actions", "started_game",
    "whole_number",
]

A = TypeVar("A")

#: What a required scenario field that is not there is, in every game's words (marked: translated
#: where the error is made, ``said(REQUIRED_FIELD)``).
REQUIRED_FIELD = N_("required field is missing")


class ScenarioGame(RecordedGame, Protocol):
    """What a scenario starts (a :class:`~companion.table.checked_game.PackGame`): a game as its
    record makes it, and the draw its rules wait for."""

    def next_draw(self) -> Any: ...


G = TypeVar("G", bound=ScenarioGame)


@dataclass(frozen=True)
class Refusal:
    """The first refused action: its 0-based index in ``actions``, its kind and the rule's reason:
    ``reason`` in English, the machine's words (the referee's ``--json``), ``words`` in the table's
    language, for a person (DESIGN.md, "the words are chosen where they are shown")."""

    index: int
    kind: str
    reason: str
    words: str = ""

    @classmethod
    def of(cls, index: int, kind: str, exc: IllegalAction) -> Refusal:
        """The refusal of action ``index`` (``kind``) by ``exc``: its English and its words."""
        return cls(index, kind, english(exc.reason), str(exc.reason))


def read_scenario_json(path: str | os.PathLike[str]) -> Any:
    """A scenario file's JSON, read the same way, and its faults said in the same words, for every
    game's ``companion referee`` (a byte-order mark from a Windows editor is tolerated).

    :returns: the decoded JSON value (any shape: the game's own parser checks it).
    :raises ScenarioError: field ``"<file>"`` when the file cannot be read or is not UTF-8 text,
        ``"<json>"`` when it is not JSON (with its line and column) or JSON Python cannot hold (a
        number of thousands of digits, nesting too deep).
    """
    shown_path = os.fspath(path)
    try:
        with open(path, encoding="utf-8-sig") as handle:
            text = handle.read()
    except OSError as exc:
        raise ScenarioError("<file>", said(N_("cannot read '{path}': {reason}"), path=shown_path,
                                           reason=exc.strerror or str(exc))) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError("<file>", said(N_("'{path}' is not UTF-8 text: {reason}"), path=shown_path,
                                           reason=exc.reason)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError("<json>", said(N_("not valid JSON: {problem} at line {line}, column {column}"),
                                           problem=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError) as exc:
        raise ScenarioError("<json>", said(N_("not a usable scenario: {problem}"),
                                           problem=str(exc)[:120] or "nested too deeply")) from None


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``.

    :raises ScenarioError: naming ``field`` and the value (shortened) when it is not one.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(
            field,
            said(
                N_("must be a whole number from {low} to {high}, not {value}"),
                low=low,
                high=high,
                value=shown(value),
            ),
        )
    return value


def started_game(kind: type[G], content: Any, layout: str, seed: int, options: Any, start: Any) -> G:
    """The game a scenario starts: ``kind`` on ``content``, ``layout`` and ``seed`` with the table
    ``options`` (their JSON; ``None``: the defaults), its ``start`` action played, then the draws
    the rules wait for, from the seeded piles.

    :raises ScenarioError: ``options`` naming the option that is wrong; ``players`` when the rules
        refuse the start (in the rule's words).
    """
    try:
        chosen = read_options(kind.options_kind, options, RecordError)
    except RecordError as exc:
        raise ScenarioError("options", str(exc)) from None
    game = kind(content, layout, seed, chosen)
    try:
        game.play(start)
    except IllegalAction as exc:
        raise ScenarioError("players", exc.reason) from None
    while (draw := game.next_draw()) is not None:
        game.play(draw)
    return game


def scenario_actions(raw: Any, codec: ActionCodec[A], refused: type[Any] | None = None) -> list[A]:
    """A scenario's ``actions``: a JSON list of actions in record form, each read by ``codec``.

    :param refused: a kind of action a scenario may not list (the start: its players start it).
    :raises ScenarioError: not a list (``actions``), or an action that cannot be read or is
        ``refused`` (``actions[3]``), the first one.
    """
    if not isinstance(raw, list):
        raise ScenarioError("actions", said(N_("must be a list of actions, not {value}"), value=shown(raw)))
    actions = []
    for i, item in enumerate(raw):
        try:
            action = codec.from_json(item)
        except RecordError as exc:
            raise ScenarioError(f"actions[{i}]", str(exc)) from None
        if refused is not None and isinstance(action, refused):
            raise ScenarioError(
                f"actions[{i}]", said(N_("the scenario's players start the game; no start action"))
            )
        actions.append(action)
    return actions
