"""companion.i18n: the language from the environment, a live switch, its listeners (issue 22)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("env", "expected"), [
    ({}, None),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"COMPANION_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LANGUAGE": "fr", "LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, None),
])
def test_the_environment_names_the_language_as_gettext_reads_it(env: dict[str, str],
                                                               expected: str | None) -> None:
    assert i18n.language_from_env(env) == expected


def test_an_unknown_language_is_refused_and_nothing_changes() -> None:
    heard: list[str] = []
    unsubscribe = i18n.on_language_change(heard.append)
    try:
        with pytest.raises(i18n.UnknownLanguage, match="'xx'"):
            i18n.set_language("xx")
        assert i18n.language() == "en" and heard == []
        assert i18n.set_language("EN") == "en" and heard == ["en"]
    finally:
        unsubscribe()
    i18n.set_language("en")
    assert heard == ["en"]


def test_english_is_the_source_and_plural_forms_count() -> None:
    assert i18n._("New game") == "New game"
    assert i18n.ngettext("{n} game", "{n} games", 1) == "{n} game"
    assert i18n.ngettext("{n} game", "{n} games", 2) == "{n} games"
    assert i18n.N_("Menu") == "Menu"


def test_numbers_and_percentages_are_written_as_the_language_writes_them() -> None:
    """Large ranges and decimals of the command line (``simulate --games``: 1 to 10,000,000)."""
    try:
        english = (i18n.number(10_000_000), i18n.number(0.1), i18n.percent(0.5814))
        assert english == ("10,000,000", "0.1", "58.1%")
        i18n.set_language("de")
        assert (i18n.number(10_000_000), i18n.number(0.1), i18n.percent(0.5814)) == ("10.000.000", "0,1",
                                                                                     "58,1\xa0%")
    finally:
        i18n.set_language("en")
