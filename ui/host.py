"""What a screen may use of the app: the Host protocol (the secret boundary, in types).

Source: DESIGN.md, Views ("the UI receives a view that holds only what the table may see, never the
Session or the game state").  A screen's ``app`` is typed as :class:`Host`: it reaches the game only
through :attr:`Host.intents` (typed intents) and :meth:`Host.table_view` (the table's view, secrets
stripped), so ``self.app.session`` in a screen is a type error, not a review comment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from companion.table.registry import GameInfo
from companion.table.store import DifficultyStats, GameSummary, SavedGame
from ui.game_table import GameTable, Shelf

if TYPE_CHECKING:  # annotations only: Home imports none of Incoming Transmission's game (issue 10)
    from companion.games.transmission.content.model import ContentPack
    from companion.games.transmission.intents import Intents
    from companion.games.transmission.table_view import TableView
    from ui.table_sound import TableSound

__all__ = ["GameHistory", "Host", "SetupChoice"]


class GameHistory(Protocol):
    """What History and Stats may use of the game store: the finished games' rows, the figures
    and the exports (:class:`companion.table.store.Store` implements it).

    Not the store itself: through it a screen could resume the unfinished game or read its record,
    which holds the secret missions and Mission Control's intended order.
    """

    def games(self, limit: int | None = None) -> list[GameSummary]:
        """Every game, newest first (at most ``limit``)."""

    def stats(self, order: Sequence[str] = ()) -> list[DifficultyStats]:
        """Per difficulty (``order`` first): games, wins, streaks, scores."""

    def export_csv(self, path: Path | str) -> int:
        """Write one row per game to ``path`` (the store's own columns); the number of games written."""

    def export_sheet(self, path: Path | str, registry: Sequence[GameInfo[Any]]) -> int:
        """Write one row per game to ``path`` for a spreadsheet, in the table's language; the number of
        games written."""

    def export_json(self, path: Path | str) -> int:
        """Write every finished game with its record (an unfinished one without) to ``path``."""

    def finished_game(self, game_id: int | None = None) -> SavedGame | None:
        """A game played to its end with its record (every secret revealed), for the debrief; ``None``
        when none has ended.  :raises StoreError: game ``game_id`` is unknown, unfinished or abandoned."""


@dataclass(frozen=True)
class SetupChoice:
    """Setup's choices for the next game: difficulty and layout names, the seed (``None``: random), who
    is Mission Control (``"companion"`` or ``"person"``; ``None``: the config's)."""

    difficulty: str = "standard"
    layout: str = "standard"
    seed: int | None = None
    mission_control: str | None = None


class Host(Protocol):
    """The app as its screens see it (:class:`ui.app.CompanionApp` implements it)."""

    #: The message bar's text and its kind (``error``, ``answer``, ``info``).
    message: str
    message_kind: str
    #: The content pack (names, titles, boosts ...): public, no secrets.
    content: ContentPack
    #: Setup's initial choices (the last game's, or the command line's).
    initial: SetupChoice
    #: Signal Boost ids dealt by the last execution (the status strip hides them until their step).
    dealt: tuple[str, ...]
    #: Why Mission Control could not choose (a sentence), or ``""``.
    choice_error: str
    #: Why Mission Control's phone is off for the game on the table (a sentence), or ``""``.
    phone_off: str
    #: True while How to play is open over a game.
    help_over_game: bool
    #: The game whose How to play is open or opening (a registered game's name).
    help_game: str
    #: The game history, or ``None`` (History is off: :attr:`store_problem` says why).
    @property
    def history(self) -> GameHistory | None:
        """The game store as History and Stats may read it, or ``None``."""

    store_problem: str
    #: Where exports go by default.
    data_dir: Path
    #: The games Home offers and the chosen one.
    shelf: Shelf

    @property
    def intents(self) -> Intents:
        """The current game's intents (each refused, ``False``, when no game is on)."""

    def table_view(self) -> TableView | None:
        """The table's view of the current game, or ``None`` when no game is on."""

    def finished_record(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The record and table state of the game on the End screen, once it is over (every secret
        revealed: the debrief replays it), else ``None``."""

    def show(self, name: str) -> None:
        """Go to a screen outside a game ("home", "setup", "help" ...)."""

    def show_message(self, text: str, kind: str = "info") -> None:
        """Put ``text`` in the message bar."""

    def clear_message(self) -> None:
        """Empty the message bar."""

    def redraw(self) -> None:
        """Ask for a redraw of the current screen (batched)."""

    def hold_actions(self, seconds: float | None = None) -> None:
        """Ignore taps and Enter/Space for a moment (a double tap's echo)."""

    def actions_held(self) -> bool:
        """True within the guard time after a screen change."""

    def new_game(self, game: str | None = None) -> None:
        """Home's New game: the Setup of ``game`` (default: the one chosen last)."""

    def game_table(self, name: str) -> GameTable | None:
        """The table of game ``name`` (made on first use, the game imported with it), or
        ``None``: what that game's screens reach their game through."""

    def start_game(self, difficulty: str, layout: str, seed: int, mission_control: str | None = None) -> bool:
        """Deal a new game and show Board set-up (``mission_control``: ``"companion"`` or ``"person"``)."""

    def open_mission_control(self) -> None:
        """A person as Mission Control held the button: open their own screen over the table's."""

    def retry_choice(self) -> None:
        """Ask Mission Control again (after its pick failed)."""

    def play_again(self) -> None:
        """Setup again with the same difficulty and layout."""

    def abandon(self) -> None:
        """Leave the game (asked already) and go Home."""

    def open_help(self, game: str | None = None, back_to: str = "") -> None:
        """How to play of ``game`` (``None``: the one chosen on Home); its Back returns to the game's
        screen ``back_to`` (``""``: Home)."""

    def close_help(self) -> None:
        """Leave How to play: back to the game, else Home."""

    def close_correction(self) -> None:
        """Leave Fix the board: back to the game's screen."""

    #: Whether the table is muted (the mute buttons show it; ``ui.sound``).
    sound_muted: bool
    #: The end of the quiet hours while the table is in them now (``"07:00"``), else ``""``.
    sound_quiet_until: str
    #: The speaker and the ``[table]`` settings (the Settings screen).
    sound: TableSound

    def toggle_mute(self) -> None:
        """A mute button: mute, or unmute (kept in the config's ``[table] mute``)."""

    def show_table_settings(self) -> None:
        """The Settings screen (language, volume, mute, quiet hours); its Back returns here."""

    def close_table_settings(self) -> None:
        """Leave Settings for the screen it was opened from."""

    def quit(self) -> None:
        """Close the app."""
