"""The translation catalogs are complete and current (issue 22): what the code marks today is the
committed template, every message has its German, no stale or obsolete entries, placeholders the same
in both languages, plurals with both forms; and the tools behind ``scripts/i18n`` do what they say."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from companion import i18n
from companion.lab import catalog as cat
from i18n_support import CLOSE, OPEN, PSEUDO, outside_catalog, pseudo, pseudo_locale


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    return cat.extract()


def _ids(catalog: Catalog) -> set[object]:
    return {(m.id, m.context) for m in catalog if m.id}


def test_the_committed_template_is_what_the_code_marks(extracted: Catalog) -> None:
    committed = cat.read(cat.POT)
    missing = _ids(extracted) - _ids(committed)
    stale = _ids(committed) - _ids(extracted)
    assert not missing and not stale, (
        f"run scripts/i18n update: not in {cat.POT.name}: {sorted(map(str, missing))}; "
        f"no longer in the code: {sorted(map(str, stale))}")


@pytest.mark.parametrize("language", sorted(set(i18n.LANGUAGES) - {i18n.SOURCE_LANGUAGE}))
def test_every_message_is_translated(extracted: Catalog, language: str) -> None:
    path = cat.po_path(language)
    assert path.is_file(), f"{path} is missing: run scripts/i18n update"
    problems = cat.problems(extracted, cat.read(path, language))
    assert not problems, "\n".join(problems)


def test_kv_files_are_extracted_with_their_file(extracted: Catalog) -> None:
    """Babel's Python extractor reads a kv file's ``tr._("...")`` (scripts/babel.cfg maps ``ui/**.kv``)."""
    message = extracted.get("New game")
    assert message is not None
    assert any(path.endswith("ui/screens/home.kv") for path, _line in message.locations)
    plural = extracted.get("{n} game")
    assert plural is not None and plural.id == ("{n} game", "{n} games")


def test_problems_finds_each_kind_of_fault() -> None:
    template = Catalog(locale=None)
    template.add("Score: {n}")
    template.add(("{n} game", "{n} games"))
    template.add("New game")
    template.add("Undo")
    template.add("Clear", context="register")
    german = Catalog(locale="de")
    german.add("Score: {n}", "Punkte: {punkte}")                   # a placeholder renamed
    german.add(("{n} game", "{n} games"), ("{n} Spiel", ""))      # a plural form missing
    german.add("New game", "Neues Spiel", flags=["fuzzy"])        # fuzzy
    german.add("Old words", "Alte Worte")                         # stale
    german.add("Clear", "Leeren", context="register")             # fine
    found = "\n".join(cat.problems(template, german))
    assert "placeholders" in found and "'Score: {n}'" in found
    assert "untranslated: '{n} game'" in found
    assert "fuzzy" in found and "'New game'" in found
    assert "missing" in found and "'Undo'" in found
    assert "stale" in found and "'Old words'" in found
    assert "Clear" not in found


def test_merge_fills_what_is_empty_and_says_what_it_left() -> None:
    german = Catalog(locale="de")
    german.add("New game", "")
    german.add("Undo", "Rückgängig")
    fragment = Catalog(locale="de")
    fragment.add("New game", "Neues Spiel")
    fragment.add("Undo", "Zurücknehmen")
    fragment.add("Not in the code", "Nicht im Code")
    fragment.add("Untranslated", "")
    said = "\n".join(cat.merge(fragment, german))
    assert german.get("New game").string == "Neues Spiel"
    assert german.get("Undo").string == "Rückgängig" and "kept the catalog's 'Rückgängig'" in said
    assert "not in the catalog" in said and "not translated in the fragment" in said
    cat.merge(fragment, german, overwrite=True)
    assert german.get("Undo").string == "Zurücknehmen"


def test_the_compiled_german_catalog_is_read_by_gettext(tmp_path: Path) -> None:
    """Compile the committed .po as the set-up does and read it as the app does."""
    folder = tmp_path / "locale"
    source = cat.po_path("de")
    (folder / "de" / "LC_MESSAGES").mkdir(parents=True)
    cat.po_path("de", folder).write_bytes(source.read_bytes())
    written = cat.compile_catalogs(folder)
    assert written == [folder / "de" / "LC_MESSAGES" / "companion.mo"]
    german = gettext.translation(i18n.DOMAIN, str(folder), languages=["de"])
    assert german.gettext("New game") == "Neues Spiel"
    assert german.ngettext("{n} game", "{n} games", 1) == "{n} Spiel"
    assert german.ngettext("{n} game", "{n} games", 3) == "{n} Spiele"


def test_the_pseudo_locale_marks_every_message_and_keeps_placeholders(tmp_path: Path) -> None:
    assert pseudo("Score: {n}") == f"{OPEN}Šçőŕé: {{n}}{CLOSE}"
    assert pseudo("[b]The goal.[/b] {missions}") == f"{OPEN}[b]Ţĥé ĝőàĺ.[/b] {{missions}}{CLOSE}"
    try:
        i18n.set_language(PSEUDO, localedir=pseudo_locale(tmp_path))
        shown = i18n._("History is off: {why}").format(why=i18n._("no game store is open."))
        assert shown.startswith(OPEN) and not outside_catalog(shown)
        assert i18n.ngettext("{n} game", "{n} games", 2) == pseudo("{n} games")
        assert i18n.ngettext("{n} game", "{n} games", 1) == pseudo("{n} game")
    finally:
        i18n.set_language("en")


def test_outside_catalog_allows_numbers_symbols_and_declared_data() -> None:
    assert outside_catalog(f"{OPEN}Šçőŕé{CLOSE} 450 · 58% ✓ →") == []
    assert outside_catalog(f"{OPEN}Ŵíńš: {{wins}}{CLOSE}".replace("{wins}", "Ana 2"), data={"Ana"}) == []
    assert outside_catalog(f"{OPEN}Šçőŕé{CLOSE} Score") == ["Score"]
    assert outside_catalog(f"{OPEN}Ĥíšţőŕý: {OPEN}őff{CLOSE}{CLOSE} R1") == []
