"""RFID pairings: which card each RFID tag is stuck on, remembered in a small TOML file.

An RFID tag carries only its own id (10 hex digits from the RDM6300 reader), so
each tag is *paired* once: scan an unknown tag, choose its card on the screen,
and the pairing ``tag -> card code`` (``companion.games.transmission.cards``) is saved.  "Remembered
in the config" means this file, beside the database in the table's data folder:
``<data_dir>/rfid-pairings.toml`` by default (``[store] data_dir``), or the path
in ``[reader] pairings``.  The caller chooses the path; this module imports
nothing of ours.

The file (read with :mod:`tomllib`, written with ``tomli-w``)::

    # RFID tags paired with card codes; written by the companion (hardware/pairing.py).
    [tags]
    0415AB3C9F = "IT1-C-N1-8"

Every save goes to a temporary file beside it that replaces the old one
(``os.replace``), so a power cut leaves the old file or the new one, never half
of one.  A file that cannot be read as pairings (not TOML, wrong shape) is
renamed to ``<name>.corrupt-<time>`` and reported in :attr:`Pairings.problem`;
the table starts over with no pairings instead of crashing.  Entries that are
not a tag and a code are dropped and reported the same way, after a copy of the
file is kept aside.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import time
import tomllib
from pathlib import Path

import tomli_w

from companion.i18n import _

from .exc import PairingError

__all__ = ["FILE_NAME", "Pairings", "PairingError", "normalise_tag"]

log = logging.getLogger(__name__)

#: The file's name in the data folder.
FILE_NAME = "rfid-pairings.toml"
HEADER = "# RFID tags paired with card codes; written by the companion (hardware/pairing.py).\n"
_TAG = re.compile(r"[0-9A-F]{10}\Z")
_CODE = re.compile(r"[\x21-\x7e]{1,200}\Z")


def normalise_tag(tag: str) -> str:
    """``tag`` as stored: 10 hex digits, upper case, surrounding whitespace removed.

    :raises PairingError: for anything else.
    """
    text = tag.strip().upper() if isinstance(tag, str) else ""
    if not _TAG.match(text):
        raise PairingError(_("not an RFID tag id (10 hex digits): {tag}").format(tag=repr(tag)))
    return text


class Pairings:
    """The pairings file at ``path`` (module docstring), loaded at once.

    :param path: the TOML file; it and its folder are created on the first :meth:`pair`.
    :ivar problem: ``None``, or a sentence for the screen when the file was damaged (and kept aside).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.problem: str | None = None
        self._tags: dict[str, str] = self._load()

    # ------------------------------------------------------------------ reading

    def lookup(self, tag: str) -> str | None:
        """The card code paired with ``tag``, or ``None`` (unknown tag, or not a tag id at all)."""
        try:
            return self._tags.get(normalise_tag(tag))
        except PairingError:
            return None

    def tags_for(self, code: str) -> list[str]:
        """The tags paired with ``code``, sorted (a card may carry more than one)."""
        return sorted(tag for tag, paired in self._tags.items() if paired == code)

    def all(self) -> dict[str, str]:
        """Every pairing, ``{tag: code}`` (a copy)."""
        return dict(self._tags)

    def __len__(self) -> int:
        return len(self._tags)

    # ------------------------------------------------------------------ changing

    def pair(self, tag: str, code: str) -> None:
        """Pair ``tag`` with the card ``code`` (replacing an earlier pairing of that tag) and save.

        :raises PairingError: a bad tag or code, or the file cannot be written (nothing changed).
        """
        key = normalise_tag(tag)
        if not isinstance(code, str) or not _CODE.match(code.strip()):
            raise PairingError(_("not a card code: {code}").format(code=repr(code)))
        self._change({**self._tags, key: code.strip()})

    def unpair(self, tag: str) -> bool:
        """Forget ``tag``'s pairing and save.  :returns: whether there was one.

        :raises PairingError: the file cannot be written (nothing changed).
        """
        try:
            key = normalise_tag(tag)
        except PairingError:
            return False
        if key not in self._tags:
            return False
        self._change({t: c for t, c in self._tags.items() if t != key})
        return True

    def _change(self, tags: dict[str, str]) -> None:
        try:
            self._save(tags)
        except OSError as exc:
            reason = exc.strerror or exc
            raise PairingError(_("cannot save the RFID pairings to {file}: {reason}").format(
                file=self.path, reason=reason)) from None
        self._tags = tags

    def _save(self, tags: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = HEADER + tomli_w.dumps({"tags": dict(sorted(tags.items()))})
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    # ------------------------------------------------------------------ loading

    def _aside_name(self) -> Path:
        """Reserve a fresh name for a copy kept aside: ``<name>.corrupt-<stamp>`` then ``-2``, ``-3``...

        The name is claimed by creating the file exclusively, so two copies kept within the same second
        (or by two processes) never overwrite each other.

        :raises OSError: if the folder cannot be written.
        """
        stamp = f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
        for n in range(1, 1000):
            aside = self.path.with_name(stamp if n == 1 else f"{stamp}-{n}")
            try:
                with open(aside, "x"):
                    return aside
            except FileExistsError:
                continue
        raise FileExistsError(f"{stamp} and 998 more names are taken")

    def _aside(self, why: str, move: bool) -> None:
        """Keep the file aside (``move``: moved, else copied) and say so in :attr:`problem`.

        :param why: what is wrong with the file, a sentence in the table's language naming it."""
        aside: Path | None = None
        try:
            aside = self._aside_name()
            if move:
                os.replace(self.path, aside)
            else:
                shutil.copy2(self.path, aside)
            kept = _("kept as {name}").format(name=aside.name)
        except OSError as exc:
            if aside is not None:
                aside.unlink(missing_ok=True)  # the empty placeholder: no copy was kept there
            kept = _("could not keep a copy aside ({reason})").format(reason=exc.strerror or exc)
        self.problem = f"{why}; {kept}"
        log.warning("%s", self.problem)

    def _load(self) -> dict[str, str]:
        try:
            data = tomllib.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self.problem = _("RFID pairings file {file} cannot be read ({reason}); no tag is "
                             "paired").format(file=self.path, reason=exc.strerror or exc)
            log.warning("%s", self.problem)
            return {}
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            self._aside(_("RFID pairings file {file} is not valid TOML ({problem}), so every tag must be "
                          "paired again").format(file=self.path, problem=exc), move=True)
            return {}
        table = data.get("tags", {})
        if not isinstance(table, dict) or set(data) - {"tags"}:
            self._aside(_("RFID pairings file {file} does not hold a [tags] table, so every tag must be "
                          "paired again").format(file=self.path), move=True)
            return {}
        tags: dict[str, str] = {}
        bad: list[str] = []
        for tag, code in table.items():
            try:
                key = normalise_tag(tag)
            except PairingError:
                bad.append(repr(tag))
                continue
            if isinstance(code, str) and _CODE.match(code.strip()):
                tags[key] = code.strip()
            else:
                bad.append(repr(tag))
        if bad:
            self._aside(_("RFID pairings file {file} has entries that are not a tag and a card code "
                          "({tags}); they were dropped").format(file=self.path, tags=", ".join(bad[:5])),
                        move=False)
        return tags
