"""The translation catalogs, kept with Babel: extract, update, compile, check, merge (issue 22).

``scripts/i18n`` runs this module (``python -m companion.lab.catalog COMMAND``); the set-up compiles
the catalogs with it, and ``tests/test_catalog.py`` checks the committed ones with :func:`problems`.

- ``extract``: every message of the tree (``scripts/babel.cfg``: ``companion/``, ``hardware/``,
  ``ui/`` ``.py`` and ``.kv``) into ``companion/locale/companion.pot``.
- ``update``: the template into each language's ``.po``: new messages come in untranslated,
  messages no longer in the code are dropped (no obsolete entries are kept).
- ``compile``: each ``.po`` into its ``.mo`` (what :mod:`companion.i18n` reads; not committed).
- ``check``: the template is what the code says and each ``.po`` is complete (:func:`problems`).
- ``merge FILE.po``: the translations of a fragment (a helper's ``.po``) into a language's ``.po``.

Locations are written without line numbers (``#: ui/screens/home.kv``) so that an edit elsewhere
in a file does not change the catalog, and two branches rarely collide in it.
"""

from __future__ import annotations

import argparse
import io
import logging
import re
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from companion.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

__all__ = ["MAPPING", "POT", "ROOT", "compile_catalogs", "extract", "merge", "placeholders", "po_path",
           "problems", "read", "update", "write"]

log = logging.getLogger(__name__)

#: The checkout (or installed tree) the catalogs are extracted from.
ROOT = Path(__file__).resolve().parents[2]
#: Babel's mapping: which files, read how.
MAPPING = ROOT / "scripts" / "babel.cfg"
#: The template: every message of the code, in English.
POT = LOCALE_DIR / f"{DOMAIN}.pot"
#: Comments before a message that reach the translator: ``# TRANSLATORS: ...``.
COMMENT_TAGS = ("TRANSLATORS:",)
PROJECT = "mission-control-companion"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """``<locale_dir>/<language>/LC_MESSAGES/companion.po``."""
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    """The catalog in the ``.po``/``.pot`` file ``path``."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def write(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` to ``path`` (sorted, file-only locations, no obsolete entries)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, ignore_obsolete=True, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def extract(root: Path = ROOT, mapping: Path = MAPPING) -> Catalog:
    """Every message the code under ``root`` marks (``_``, ``N_``, ``ngettext``, ``pgettext``,
    ``npgettext``; in kv files ``tr._``/``tr.ngettext``/``tr.pgettext``), as a template."""
    with mapping.open() as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(mapping))  # type: ignore[no-untyped-call]
    catalog = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8",
                      creation_date=datetime(2026, 1, 1, tzinfo=UTC))
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def update(template: Catalog, language: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    """``language``'s catalog brought up to ``template`` (created when missing) and written."""
    path = po_path(language, locale_dir)
    if path.is_file():
        catalog = read(path, language)
    else:
        catalog = Catalog(locale=language, project=PROJECT, domain=DOMAIN, charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    write(catalog, path)
    return catalog


def compile_catalogs(locale_dir: Path = LOCALE_DIR, languages: Iterable[str] | None = None) -> list[Path]:
    """Each language's ``.po`` under ``locale_dir`` into its ``.mo`` (fuzzy entries left out).

    :returns: the ``.mo`` files written."""
    written = []
    for language in sorted(languages if languages is not None else _translated(locale_dir)):
        catalog = read(po_path(language, locale_dir), language)
        target = po_path(language, locale_dir).with_suffix(".mo")
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        target.write_bytes(buffer.getvalue())
        written.append(target)
    return written


def placeholders(text: str) -> list[str]:
    """The ``{name}`` and ``%(name)s``/``%d`` placeholders of ``text``, sorted (``{{`` is no
    placeholder)."""
    return sorted(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def _forms(value: str | Sequence[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _name(message: Message) -> str:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}|{msgid}" if message.context else msgid


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """What keeps ``catalog`` (a language's) from being a complete translation of ``template``.

    Each problem is one sentence naming the message: a message of the template that is missing,
    untranslated or fuzzy; an entry the template no longer has (stale or obsolete); a translation
    whose placeholders differ from its English (every form of a plural against the English plural);
    a plural with fewer forms than the language has.
    """
    found = []
    wanted = {message.id: message for message in template if message.id}
    for message in wanted.values():
        entry = catalog.get(message.id if isinstance(message.id, str) else message.id[0], message.context)
        name = _name(message)
        if entry is None:
            found.append(f"missing (run scripts/i18n update): {name!r}")
            continue
        forms = _forms(entry.string)
        if entry.fuzzy:
            found.append(f"fuzzy (check it, then drop the fuzzy flag): {name!r}")
        if not forms or not all(forms):
            found.append(f"untranslated: {name!r}")
            continue
        english = _forms(message.id)
        if isinstance(message.id, tuple) != isinstance(entry.id, tuple):
            found.append(f"singular/plural differs from the code: {name!r}")
            continue
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            found.append(f"{len(forms)} plural forms, the language has {catalog.num_plurals}: {name!r}")
        for form in forms:
            if placeholders(form) not in (placeholders(english[0]), placeholders(english[-1])):
                found.append(f"placeholders {placeholders(form)} differ from the English "
                             f"{placeholders(english[-1])}: {name!r} -> {form!r}")
    for entry in catalog:
        if entry.id and entry.id not in wanted:
            found.append(f"stale (no longer in the code; run scripts/i18n update): {_name(entry)!r}")
    for entry in catalog.obsolete.values():
        found.append(f"obsolete entry kept: {_name(entry)!r}")
    return found


def merge(fragment: Catalog, catalog: Catalog, overwrite: bool = False) -> list[str]:
    """The translations of ``fragment`` into ``catalog`` (the same language), in place.

    A translated, non-fuzzy entry of the fragment fills the catalog's message of the same id and
    context; one the catalog translates differently is kept as it is (and reported) unless
    ``overwrite``.  Entries the catalog does not have (run ``scripts/i18n update`` first, once the
    code that marks them is in the tree) and untranslated ones are reported, not added.

    :returns: one line per entry not merged, saying why.
    """
    said = []
    for entry in fragment:
        if not entry.id:
            continue
        forms = _forms(entry.string)
        if entry.fuzzy or not forms or not all(forms):
            said.append(f"not translated in the fragment: {_name(entry)!r}")
            continue
        target = catalog.get(entry.id if isinstance(entry.id, str) else entry.id[0], entry.context)
        if target is None:
            said.append(f"not in the catalog (is the code merged? run scripts/i18n update): {_name(entry)!r}")
            continue
        if _forms(target.string) and all(_forms(target.string)) and target.string != entry.string \
                and not target.fuzzy and not overwrite:
            said.append(f"kept the catalog's {target.string!r} over {entry.string!r}: {_name(entry)!r}")
            continue
        target.string = entry.string
        target.flags.discard("fuzzy")
    return said


def _translated(locale_dir: Path) -> list[str]:
    return sorted(path.parent.parent.name for path in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _languages(locale_dir: Path) -> list[str]:
    return sorted(set(_translated(locale_dir)) | (set(LANGUAGES) - {SOURCE_LANGUAGE}))


def main(argv: Sequence[str] | None = None) -> int:
    """``scripts/i18n COMMAND``; returns the exit status (1: problems found, 2: bad arguments)."""
    parser = argparse.ArgumentParser(prog="scripts/i18n", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="the code's messages into companion/locale/companion.pot")
    sub.add_parser("update", help="extract, then bring every language's .po up to the template")
    sub.add_parser("compile", help="every .po into its .mo")
    sub.add_parser("check", help="the template is current and every .po complete (exit 1 if not)")
    merging = sub.add_parser("merge", help="a fragment's translations into a language's .po")
    merging.add_argument("fragment", type=Path, nargs="+", help="a .po file of the same language")
    merging.add_argument("--language", default="de", help="the catalog merged into (default: de)")
    merging.add_argument("--overwrite", action="store_true",
                         help="the fragment's translation wins where both translate a message")
    args = parser.parse_args(argv)
    logging.basicConfig(format="%(message)s", level=logging.INFO)
    if args.command in ("extract", "update"):
        template = extract()
        write(template, POT)
        log.info("%s: %d messages", POT.relative_to(ROOT), len(template))
        if args.command == "update":
            for language in _languages(LOCALE_DIR):
                catalog = update(template, language)
                left = sum(1 for message in catalog if message.id and not all(_forms(message.string)))
                log.info("%s: %d untranslated", po_path(language).relative_to(ROOT), left)
        return 0
    if args.command == "compile":
        for path in compile_catalogs():
            log.info("compiled %s", path.relative_to(ROOT))
        return 0
    if args.command == "merge":
        path = po_path(args.language)
        catalog = read(path, args.language)
        for fragment in args.fragment:
            for line in merge(read(fragment, args.language), catalog, overwrite=args.overwrite):
                log.info("%s: %s", fragment, line)
        write(catalog, path)
        log.info("merged into %s; now run scripts/i18n check", path.relative_to(ROOT))
        return 0
    found = []
    template = extract()
    committed = read(POT)
    if {(m.id, m.context) for m in template if m.id} != {(m.id, m.context) for m in committed if m.id}:
        found.append(f"{POT.relative_to(ROOT)} is not what the code marks: run scripts/i18n update")
    for language in _languages(LOCALE_DIR):
        path = po_path(language)
        if not path.is_file():
            found.append(f"{path.relative_to(ROOT)} is missing: run scripts/i18n update")
            continue
        found += [f"{language}: {line}" for line in problems(template, read(path, language))]
    for line in found:
        log.error("%s", line)
    log.info("%d problems", len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
