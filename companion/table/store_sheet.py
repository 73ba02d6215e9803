"""The history as a spreadsheet reads it: ``companion export --csv FILE`` and History's Export (issue 22).

One row per game, oldest first, in the table's language: the header row and the words a person
reads (the game's title, difficulty, Layout, result, who was Mission Control) come from the catalog.
What a spreadsheet computes with reads the same in every language:

- times in UTC, ISO 8601 date and time with a space for the ``T`` (``2026-12-01 10:18:50``, as RFC
  3339 allows): Excel and LibreOffice read that as a date and time in any language, the ``T`` form
  stays text; the header says UTC;
- the duration as ``h:mm:ss``, read as a span of time;
- every figure a whole number: no decimal sign, so none is read wrong where the comma is the
  decimal sign;
- UTF-8 with a byte order mark: Excel on Windows reads a file without one in the old ANSI code page
  (``Jürgen`` comes out as ``JÃ¼rgen``); LibreOffice, Google Sheets and Python's ``utf-8-sig`` read
  the mark as the encoding and drop it;
- the language's list separator (:func:`list_separator`): ``;`` in German, where the comma is the
  decimal sign and Excel opens a double-clicked CSV split at Windows' list separator, ``;``; ``,`` in
  English.

The store's own columns (the :class:`~companion.table.store_rows.GameSummary` field names, machine
values, ``,``, no byte order mark: stable for scripts) are
:meth:`companion.table.store.Store.export_csv` (``companion export --csv FILE --machine``).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.i18n import N_, _, pgettext
from companion.table.record import difficulty_text
from companion.table.registry import GameInfo, ProgressNames
from companion.table.store_export import write_atomically
from companion.table.store_rows import GameSummary

__all__ = ["RESULT_WORDS", "SEPARATORS", "ENCODING", "list_separator", "sheet", "write_sheet"]

#: The words a person reads for each result (:attr:`GameSummary.shown_result`); History's too.
RESULT_WORDS = {"won": N_("Won"), "lost": N_("Lost"), "left": N_("Left"), "abandoned": N_("Abandoned"),
                "unfinished": N_("Unfinished")}
#: The list separators a translation may choose (:func:`list_separator`).
SEPARATORS = (",", ";", "\t")
#: UTF-8 written with a byte order mark (read back with the same codec, which drops it).
ENCODING = "utf-8-sig"


def list_separator() -> str:
    """The table's language's list separator for a CSV file: ``","`` (English), ``";"`` (German); one
    of :data:`SEPARATORS` (a translation that is none of them reads as ``","``)."""
    # TRANSLATORS: the column separator of the history's CSV file in your language: "," where the
    # decimal sign is a point, ";" where it is a comma (as Excel's list separator in your country).
    chosen = pgettext("CSV list separator", ",")
    return chosen if chosen in SEPARATORS else ","


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def _info(game: str, registry: Sequence[GameInfo[Any]]) -> GameInfo[Any] | None:
    return next((g for g in registry if g.name == game), None)


def _names(info: GameInfo[Any] | None) -> ProgressNames:
    """The game's figures' names (an unknown game's read as Incoming Transmission's were named)."""
    try:
        return info.keeper.names if info is not None else ProgressNames()
    except (ImportError, ValueError, AttributeError):
        return ProgressNames()


def _joined(words: Sequence[str]) -> str:
    """One header for several games' words: ``"Transmissions / Rounds"`` (each once, in order)."""
    return " / ".join(dict.fromkeys(words))


def _difficulty(game: GameSummary) -> str:
    return _text(difficulty_text(game.difficulty))


def _text(cell: str) -> str:
    """A cell of text typed at the table (a player's name) or stored by a game: one that begins as a
    formula would (``=``, ``+``, ``-``, ``@``) gets a leading ``'``, so a spreadsheet shows it and
    never runs it (OWASP, CSV injection)."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


def _moment(moment: datetime | None) -> str:
    if moment is None:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M:%S}"


def _duration(seconds: float | None) -> str:
    if seconds is None or seconds < 0:
        return ""
    minutes, secs = divmod(int(round(seconds)), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{secs:02d}"


def _seat(seat: str) -> str:
    if seat == "person":
        return pgettext("Mission Control", "a person")
    return pgettext("Mission Control", "the companion") if seat == "companion" else _text(seat)


def sheet(games: Sequence[GameSummary],
          registry: Sequence[GameInfo[Any]]) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of the history's spreadsheet, in the table's language.

    :param games: the games, in the order of the rows (the export: oldest first).
    :param registry: the registered games: titles, Layout words, the names of each game's figures
        (:class:`~companion.table.registry.ProgressNames`; a header joins those of every game in the
        rows: ``"Transmissions / Rounds"``).  A game not installed shows its stored name and words.
    :returns: ``(header, rows)``, every cell a string (an empty one for no value).  The winner
        columns are there when a game played against each other is (:attr:`GameInfo.standings`);
        Mission Control's cell is empty for such a game.
    """
    played = list(dict.fromkeys(g.game for g in games)) or ["transmission"]
    infos = {name: _info(name, registry) for name in played}
    against = {name for name, info in infos.items() if info is not None and info.standings}
    names = [_names(infos[name]) for name in played]
    difficulty = _joined([_("Players") if name in against else _("Difficulty") for name in played])
    figures = [_joined([_capital(_(getattr(n, figure))) for n in names])
               for figure in ("score", "rounds", "goals", "goals_total")]
    header = [pgettext("number", "No."), _("Game"), _("Started (UTC)"), _("Ended (UTC)"), difficulty,
              _("Layout"), _("Result"), *figures, _("Duration (h:mm:ss)"), _("Undos"), _("Seed"),
              _("Mission Control")]
    if against:
        header += [_("Winners"), _("Winning total")]
    names_joiner = ", " if list_separator() != "," else "; "
    rows = []
    for g in games:
        info = infos[g.game]
        title = _(info.title) if info is not None else _text(g.game)
        layouts = dict(info.layouts) if info is not None else {}
        layout = _(layouts[g.layout]) if g.layout in layouts else _text(g.layout)
        played_against = g.game in against
        result = _("Finished") if played_against and g.shown_result == "won" else (
            _(RESULT_WORDS[g.shown_result]) if g.shown_result in RESULT_WORDS else _text(g.shown_result))
        row = [str(g.id), title, _moment(g.started), _moment(g.ended), _difficulty(g), layout, result,
               str(g.score), str(g.transmissions_used), str(g.missions_completed), str(g.missions_total),
               _duration(g.duration_s), str(g.undos), "" if g.public_seed is None else str(g.public_seed),
               "" if played_against else _seat(g.mission_control)]
        if against:
            total = "" if g.winning_total is None else str(g.winning_total)
            row += [_text(names_joiner.join(g.winners)), total]
        rows.append(row)
    return header, rows


def write_sheet(path: Path, games: Sequence[GameSummary], registry: Sequence[GameInfo[Any]]) -> None:
    """Write :func:`sheet` to ``path`` in the table's language: :data:`ENCODING`, :func:`list_separator`,
    ``\\r\\n`` after each row (RFC 4180), through a temporary file, so a failed write leaves nothing.

    :raises StoreError: the file cannot be written (naming it and why).
    """
    header, rows = sheet(games, registry)
    separator = list_separator()

    def write(stream: Any) -> None:
        writer = csv.writer(stream, delimiter=separator, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(rows)

    write_atomically(path, write, newline="", encoding=ENCODING)
