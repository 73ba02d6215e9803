"""A game of actions at the table (The Six Actions, The Five Actions): the part of its session that
is the same for both.

Source: DESIGN.md, Session (typed intents in, typed events out) and Store (every action committed
as it happens).  An :class:`ActionSession` holds the game (a
:class:`~companion.table.checked_game.PackGame`), the last sentence said to the table, whether the
table draws its own cards, and the publisher of its events: every played action is announced as an
:class:`~companion.table.events.ActionPlayed` (the store saves it), the draws the rules wait for are
played from the seeded piles unless the table draws its own, a refusal is said in the rule's words,
and every intent that played ends with :class:`Changed` (the store commits there, so a power cut
loses at most the tap in progress).  The record and the table state the store keeps, the resume of a
saved game and the undo are the same for every such game, and are here too.  Each game's session
subclasses it with its intents and what it says after each action (:meth:`ActionSession.played`).

The events every such session publishes are here too (:class:`Refused`, :class:`Changed`,
:class:`GameOver`); a game adds its own (The Six Actions' forced loans, Merit cards, round ends).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from companion.errors import IllegalAction, RecordError, Said, said
from companion.i18n import N_, _, number
from companion.table.events import ActionPlayed, Event, Listener, Publisher
from companion.table.record import RecordedGame, RecordFormat
from companion.table.registry import Progress
from companion.table.store_rows import final_state
from companion.table.table_options import options_json, with_saved_options

__all__ = ["ActionSession", "Changed", "GameOver", "Refused", "new_seed", "progress_of", "sentence_of"]


@dataclass(frozen=True)
class Refused(Event):
    """An intent was refused and nothing changed; ``message`` names the rule, for the table."""

    message: str


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over: the final figures are in the view."""


@dataclass(frozen=True)
class Changed(Event):
    """The table changed (redraw); ``message`` says what happened in a sentence.  Ends every intent
    that played actions (the store commits there)."""

    message: str


class SessionGame(RecordedGame, Protocol):
    """What an :class:`ActionSession` uses of its game (a
    :class:`~companion.table.checked_game.PackGame`): what its record is made of
    (:class:`~companion.table.record.RecordedGame`), its undo and its draws."""

    #: The game's undo action, with the record ``index`` it reverts.
    undo_kind: type[Any]

    @property
    def history(self) -> list[Any]: ...

    def next_draw(self) -> Any:
        """The draw the rules wait for, with the seeded pile's top card, or ``None``."""

    def is_over(self) -> bool:
        """Whether the game is over."""

    def outcome(self) -> Any:
        """The end's figures (``standings``, one per player), or ``None`` before the end."""

    def undo_target(self) -> int | None:
        """The record index an undo reverts now, or ``None``."""

    def undo_reason(self) -> str | None:
        """Why nothing can be undone now, or ``None``."""

    def undos(self) -> int:
        """How many undo actions the record holds."""


G = TypeVar("G", bound=SessionGame)


def new_seed(seed: int | None, max_seed: int) -> int:
    """``seed``, or a random one from 0 to ``max_seed`` when it is ``None``.

    :raises ValueError: a seed outside 0 to ``max_seed``, in a sentence.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(max_seed + 1)
    if not 0 <= seed <= max_seed:
        raise ValueError(said(N_("a seed is a whole number from 0 to {most}, not {seed}"),
                              most=Said(number(max_seed), f"{max_seed:,}"), seed=seed))
    return seed


def sentence_of(exc: IllegalAction) -> str:
    """A refusal's reason as a sentence for the table: capitalised, with a full stop."""
    return exc.reason[0].upper() + exc.reason[1:] + "."


def progress_of(session: ActionSession[Any], goals: int, goals_total: int, score: int) -> Progress:
    """The history row of a game of actions as it stands: the round reached
    (:meth:`ActionSession.round_reached`), the game's own ``goals`` reached of ``goals_total`` and
    ``score`` (what each is, its keeper's names say), the undos in its record, and ``won`` once the
    game is over (the excerpts name no loser: a finished game is a completed one)."""
    return Progress(
        transmissions_used=session.round_reached(),
        missions_completed=goals,
        missions_total=goals_total,
        score=score,
        undos=session.game.undos(),
        result="won" if session.over else None,
    )


class ActionSession(Generic[G]):
    """One game at the table (see the module docstring).

    A game's session names its record (:attr:`records`) and the table state's key of the draws'
    setting (:attr:`physical_key`), and gives :meth:`played` and :meth:`ranking` (and
may give :meth:`before`, :meth:`tell`, :meth:`table_extra` and :meth:`restore`).

    :param game: the game, its record and state.
    :param physical: the table draws its own cards (its own decks or stacks) and says each one.
    """

    #: The game's record: its JSON form and checked replay.
    records: RecordFormat[Any]
    #: The table state's key of :attr:`physical` (``"physical_decks"``).
    physical_key: str

    def __init__(self, game: G, physical: bool = False) -> None:
        self.game = game
        #: The game's content pack.
        self.content: Any = game.content
        #: Whether the table draws its own cards (else the box draws from its seeded piles).
        self.physical = physical
        #: The last sentence said to the table.
        self.message = ""
        self._events = Publisher()

    # ------------------------------------------------------------------ the game's own

    def before(self, action: Any) -> Any:
        """What :meth:`played` compares with, taken before ``action`` is played (``None`` here)."""
        return None

    def played(self, action: Any, before: Any) -> str:
        """After ``action`` was played and announced: play the draws the rules wait for
        (:meth:`draw_all`) and return the sentence for the table.

        :param before: what :meth:`before` took.
        """
        raise NotImplementedError

    def tell(self, action: Any, before: Any) -> None:
        """Publish the game's own events after ``action`` (once :attr:`message` says it; none here)."""

    def ranking(self, standing: Any) -> tuple[int, ...]:
        """A finished game's ``standing``'s figures, best first, as its end screen ranks them."""
        raise NotImplementedError

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Take back what the game adds to the table state (:meth:`table_extra`) from ``saved``
        (a value that does not fit is left at its default)."""

    def table_extra(self) -> dict[str, Any]:
        """What the game adds to the table state (``{}`` here)."""
        return {}

    # ------------------------------------------------------------------ the store

    @classmethod
    def from_record(
        cls,
        content: Any,
        record: Mapping[str, Any],
        table: Mapping[str, Any] | None = None,
        physical: bool | None = None,
    ) -> Self:
        """The identical session of a saved game (the table options from the record, or else from
        the table state ``table``; :attr:`physical` from ``physical``, or else from ``table``).

        :raises RecordError: it does not replay (or bad options), or has no start action.
        """
        saved = table or {}
        game = cls.records.replay(with_saved_options(record, table), content)
        if not game.state.players:
            raise RecordError(said(N_("the record has no start action")))
        draws = physical if physical is not None else bool(saved.get(cls.physical_key, False))
        session = cls(game, draws)
        message = saved.get("message", "")
        session.message = message if isinstance(message, str) else ""
        session.restore(saved)
        return session

    @classmethod
    def resume(
        cls,
        content: Any,
        chooser: Any,
        record: Mapping[str, Any],
        table: Mapping[str, Any] | None,
        undo: str | None,
        physical_deck: bool | None,
    ) -> Self:
        """A :data:`~companion.table.registry.Resume`: :meth:`from_record` (``chooser`` and ``undo``
        are not used: every seat is a person and undo is always the table's).

        :raises RecordError: the record does not replay.
        """
        return cls.from_record(content, record, table, physical_deck)

    def record(self) -> dict[str, Any]:
        """The game record (:meth:`~companion.table.record.RecordFormat.record_of`)."""
        return self.records.record_of(self.game)

    def table_state(self) -> dict[str, Any]:
        """What the table adds to the record: the last sentence, the draws' setting and the game's
        own (:meth:`table_extra`); the table options when not the defaults (the store keeps no
        record column for them); once the game is over, its winners for the history (``final``:
        :func:`~companion.table.store_rows.final_state`, ranked by :meth:`ranking`)."""
        state: dict[str, Any] = {"message": self.message, self.physical_key: self.physical}
        state.update(self.table_extra())
        if self.game.options != self.game.options_kind():
            state["options"] = options_json(self.game.options)
        outcome = self.game.outcome()
        if outcome is not None and outcome.standings:
            state["final"] = final_state([(s.name, self.ranking(s)) for s in outcome.standings])
        return state

    # ------------------------------------------------------------------ reading

    def subscribe(self, listener: Listener) -> None:
        """Hear every event: each action played, each intent's end, each refusal."""
        self._events.subscribe(listener)

    @property
    def intents(self) -> Self:
        """The intents (this session: a screen should hold it as an ``Intents``)."""
        return self

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.game.is_over()

    def round_reached(self) -> int:
        """The round the game has reached once a player's move is in effect (an undone one is not),
        else 0: a game given up before anyone played is abandoned, outside the history's figures,
        not a loss (:func:`companion.table.store_rows.counts`), as Incoming Transmission's before its
        first transmission."""
        return int(self.game.state.round) if self.game.history else 0

    def draws_itself(self) -> bool:
        """Whether the box draws from its seeded piles (else the table says each card it drew)."""
        return not self.physical

    # ------------------------------------------------------------------ playing

    def publish(self, event: Event) -> None:
        """Tell every listener ``event``."""
        self._events.publish(event)

    def announce(self, action: Any) -> None:
        """Publish ``action`` as played (:class:`~companion.table.events.ActionPlayed`)."""
        self._events.publish(ActionPlayed(self.records.codec.to_json(action)))

    def draw_all(self) -> None:
        """Play and announce the draws the rules wait for, while the box draws them."""
        while self.draws_itself() and (draw := self.game.next_draw()) is not None:
            self.game.play(draw)
            self.announce(draw)

    def refuse(self, message: str) -> bool:
        """Say ``message`` as a refusal (the event and :attr:`message`); returns ``False``."""
        self.message = message
        self._events.publish(Refused(message))
        return False

    def play(self, action: Any, done: str = "") -> bool:
        """Play ``action`` and the draws after it (:meth:`played`), publish the events; ``done``: the
        sentence to say instead of the game's.  :returns: ``False`` when refused (nothing changed)."""
        was_over = self.over
        before = self.before(action)
        try:
            self.game.play(action)
        except IllegalAction as exc:
            return self.refuse(sentence_of(exc))
        self.announce(action)
        said = self.played(action, before)
        self.message = done or said
        self.tell(action, before)
        if self.over and not was_over:
            self.publish(GameOver())
        self.publish(Changed(self.message))
        return True

    def undo(self) -> bool:
        """Revert the last action still in effect (and the draws after it)."""
        target = self.game.undo_target()
        if target is None:
            return self.refuse(_("Nothing can be undone: {why}.").format(why=self.game.undo_reason()))
        return self.play(self.game.undo_kind(target))
