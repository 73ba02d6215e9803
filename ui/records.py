"""The app's side of the game store: words for a saved game, history rows, where exports go.

Nothing here imports Kivy: the screens (History, Stats, the resume offer in
:mod:`ui.app`) call these helpers, and the tests check them without a window.
The store itself (SQLite, autosave, stats) is :mod:`companion.table.store`.

- :func:`when` / :func:`short_when`: a UTC time as the table reads it, in local time
  ("Sat 28 Nov, 19:42").
- :func:`duration_text`: seconds as "12 min".
- :func:`history_row`: one :class:`~companion.table.store.GameSummary` as the History screen's texts.
- :func:`resume_question`: the resume offer's sentence for an unfinished game.
- :func:`export_folders` / :func:`export_history`: the data dir and any USB stick under
  ``/media``, ``/run/media`` or ``/mnt``, and the CSV and JSON files written there.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from companion.games.catalog import game_named
from companion.i18n import N_, _, ngettext
from companion.table.registry import ProgressNames
from companion.table.store import GameSummary, SavedGame
from ui.host import GameHistory

log = logging.getLogger(__name__)

#: Where a kiosk's USB sticks appear: udisks (a desktop) ``/media/<user>/<label>``, usbmount
#: ``/media/usb0``; the console kiosk's udev rule (deploy/99-companion-usb.rules, systemd-mount)
#: ``/run/media/system/<label>``; a stick mounted by hand ``/mnt/<name>``.  The kiosk's unit may
#: write to each (``ReadWritePaths=`` in deploy/companion.service; a test keeps the two in step).
MEDIA_ROOTS = (Path("/media"), Path("/run/media"), Path("/mnt"))

#: The games' names in the store whose rows this module words (``GameSummary.game``).
TRANSMISSION = "transmission"
SIX_ACTIONS = "six-actions"

#: The History screen's word for each result (GameSummary.result).
RESULT_WORDS = {"won": N_("Won"), "lost": N_("Lost"), "left": N_("Left"), "abandoned": N_("Abandoned"),
                "unfinished": N_("Unfinished")}

#: Weekdays (Monday first, as :meth:`datetime.weekday`) and months, short, in the table's language
#: (not the process locale's: the language can change while the app runs).
WEEKDAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"),
          N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def local(moment: datetime) -> datetime:
    """A UTC-aware (or naive UTC) time in the local time zone."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


def when(moment: datetime) -> str:
    """``"Sat 28 Nov, 19:42"``, in local time (the History screen's date)."""
    t = local(moment)
    return _("{weekday} {day} {month}, {time}").format(weekday=_(WEEKDAYS[t.weekday()]), day=t.day,
                                                       month=_(MONTHS[t.month - 1]), time=f"{t:%H:%M}")


def short_when(moment: datetime, now: datetime | None = None) -> str:
    """``"Sat 19:42"`` within the last week, else ``"Sat 28 Nov, 19:42"`` (the resume offer)."""
    t = local(moment)
    reference = local(now) if now is not None else datetime.now().astimezone()
    if abs((reference - t).total_seconds()) < 6 * 24 * 3600:
        return _("{weekday} {time}").format(weekday=_(WEEKDAYS[t.weekday()]), time=f"{t:%H:%M}")
    return when(moment)


def duration_text(seconds: float | None) -> str:
    """``725`` -> ``"12 min"``; under a minute ``"under 1 min"``; ``None`` -> ``"–"``."""
    if seconds is None or seconds < 0:
        return "–"
    minutes = int(round(seconds / 60))
    if seconds < 60:
        return _("under 1 min")
    if minutes < 60:
        return _("{minutes} min").format(minutes=minutes)
    return _("{hours} h {minutes} min").format(hours=minutes // 60, minutes=f"{minutes % 60:02d}")


def plural(n: int, word: str) -> str:
    """``"3 games"``: English only (a developer's line, never on screen: screens use ``ngettext``)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def history_row(game: GameSummary, titles: Mapping[str, str]) -> dict[str, str]:
    """One finished (or abandoned) game as the History screen's row texts.

    :param game: a :class:`companion.table.store.GameSummary`.
    :param titles: difficulty name -> title (``"standard"`` -> ``"Standard"``).
    :returns: ``date``, ``detail`` (difficulty and seed), ``result``, ``result_kind``, ``duration``,
        ``missions``, ``transmissions``, ``score``, ``score_label``.  A game other than Incoming
        Transmission says its own figures (:func:`other_game_row`).
    """
    if game.game != TRANSMISSION:
        return other_game_row(game)
    title = titles.get(game.difficulty, str(game.difficulty).title())
    transmissions = ngettext("{n} transmission used", "{n} transmissions used",
                             game.transmissions_used).format(n=game.transmissions_used)
    if game.undos:
        transmissions += " · " + ngettext("{n} undo", "{n} undos", game.undos).format(n=game.undos)
    return {
        "date": when(game.started),
        "detail": title if game.public_seed is None else _("{difficulty} · seed {seed}").format(
            difficulty=title, seed=game.seed),
        "result": _(RESULT_WORDS.get(game.shown_result, str(game.shown_result).title())),
        "result_kind": str(game.shown_result),
        "duration": duration_text(game.duration_s),
        "missions": ngettext("{done} of {total} mission", "{done} of {total} missions", game.missions_total)
                    .format(done=game.missions_completed, total=game.missions_total)
                    + (" · " + _("MC: a person") if game.mission_control == "person" else ""),
        "transmissions": transmissions,
        "score": str(game.score),
        "score_label": _("Score"),
    }


def other_game_row(game: GameSummary) -> dict[str, str]:
    """The History row of a game other than Incoming Transmission: its title and player count, and
    its figures in its own words (its keeper's :class:`~companion.table.registry.ProgressNames`: for
    The Six Actions rounds played, notes repaid of notes taken and the highest Influence; for The Five
    Actions rounds, Locations held and the best total).  A finished game is ``won``: neither excerpt
    names a winner, so it reads "Finished".  A game no longer on the box shows its stored name."""
    try:
        info = game_named(game.game)
        title, names = info.title, info.keeper.names
    except (KeyError, ImportError, ValueError):
        title, names = game.game, ProgressNames(rounds="rounds", goals="goals", score="score")
    result = _("Finished") if game.shown_result == "won" else _(RESULT_WORDS.get(game.shown_result,
                                                                                 game.shown_result.title()))
    one = game.transmissions_used == 1 and names.rounds.endswith("s")
    rounds = names.rounds[:-1] if one else names.rounds
    goals = (f"{names.goals[:1].upper()}{names.goals[1:]}: "
             + _("{done} of {total}").format(done=game.missions_completed, total=game.missions_total)
             if game.missions_total else "")
    undos = ngettext("{n} undo", "{n} undos", game.undos).format(n=game.undos) if game.undos else ""
    return {
        "date": when(game.started),
        "detail": f"{title} · {game.difficulty}",
        "result": result,
        "result_kind": "" if game.shown_result == "won" else str(game.shown_result),
        "duration": duration_text(game.duration_s),
        "missions": f"{game.transmissions_used} {rounds}",
        "transmissions": " · ".join(part for part in (goals, undos) if part),
        "score": str(game.score),
        "score_label": names.score[:1].upper() + names.score[1:],
    }


#: The table step a game stopped at (``companion.games.transmission.table_state``'s ``step``, a Screen name),
#: in the table's words.
STEP_WORDS = {
    "board_setup": N_("Board set-up"),
    "thinking": N_("Mission Control choosing"),
    "transmission": N_("Transmission card"),
    "decode": N_("Decode"),
    "execute": N_("Execute"),
    "mission_complete": N_("Mission complete"),
    "end": N_("End"),
}


def resume_question(saved: SavedGame, titles: Mapping[str, str], now: datetime | None = None) -> str:
    """``"Resume the game from Sat 19:42 (Standard, Decode)?"``

    :param saved: a :class:`companion.table.store.SavedGame`: its ``summary`` (started, difficulty, seed)
        and ``table`` (the table state saved last, whose ``step`` names the screen it stopped on).
    """
    summary = saved.summary
    title = titles.get(summary.difficulty, str(summary.difficulty).title())
    parts = [title]  # no seed: with the content pack it deals the secret missions of this unfinished game
    table = saved.table if isinstance(saved.table, Mapping) else {}
    step = STEP_WORDS.get(str(table.get("step", "")), "")
    if step:
        parts.append(_(step))
    return _("Resume the game from {when} ({what})?").format(when=short_when(summary.started, now),
                                                             what=", ".join(parts))


# ---------------------------------------------------------------------------- export


def removable_folders(root: Path = MEDIA_ROOTS[0],
                      is_mount: Callable[[str], bool] = os.path.ismount) -> list[Path]:
    """Mounted, writable drives one or two levels under ``root`` (``/media/usb0``, ``/media/pi/STICK``),
    sorted."""
    found: list[Path] = []
    try:
        level1 = sorted(p for p in root.iterdir() if p.is_dir())
    except OSError:
        return found
    for first in level1:
        candidates = [first]
        if not is_mount(str(first)):
            try:
                candidates = sorted(p for p in first.iterdir() if p.is_dir())
            except OSError:
                continue
        for folder in candidates:
            if is_mount(str(folder)) and os.access(folder, os.W_OK):
                found.append(folder)
    return found


def export_folders(data_dir: Path, roots: Sequence[Path] = MEDIA_ROOTS,
                   is_mount: Callable[[str], bool] = os.path.ismount) -> list[tuple[str, Path]]:
    """Where an export may go, as ``(button label, folder)``: each USB stick under ``roots`` (in that
    order), then the data dir."""
    folders = [(_("USB stick {name}").format(name=p.name), p)
               for root in roots for p in removable_folders(root, is_mount)]
    folders.append((_("The companion's data folder"), data_dir / "exports"))
    return folders


def export_history(store: GameHistory, folder: Path, now: datetime | None = None) -> tuple[Path, Path, int]:
    """Write every game as ``companion-history-<date>.csv`` and ``.json`` into ``folder``.

    :returns: the two paths and the number of games written.
    :raises OSError: the folder cannot be made or written (the caller says so on screen).
    :raises companion.table.store.StoreError: the database cannot be read.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / f"companion-history-{stamp}.csv"
    json_path = folder / f"companion-history-{stamp}.json"
    count = store.export_csv(csv_path)
    store.export_json(json_path)
    log.info("exported %d games to %s and %s", count, csv_path, json_path)
    return csv_path, json_path, count
