"""The table's language: every text a person reads goes through here (Python's :mod:`gettext`).

One domain (:data:`DOMAIN`), catalogs under ``companion/locale/<lang>/LC_MESSAGES/companion.po``,
extracted, updated and compiled (``.mo``) with Babel by ``scripts/i18n`` (the set-up scripts
compile them; ``docs/adding-a-language.md`` says how to add one).  English is the source language:
a message is its own English text.

Use::

    from companion.i18n import _, N_, ngettext

    TITLE = N_("Mission complete")        # marked at module level, translated where it is shown
    label = _(TITLE)
    _("a seed is a whole number from 0 to {most}").format(most=number(MAX_SEED))  # 4.294.967.295
    _("Execute refuses: {reason}").format(reason=...)
    ngettext("{n} transmission left", "{n} transmissions left", n).format(n=n)

Placeholders are named (``{n}``, ``{name}``) so a translation may reorder them.  The language can
change while the app runs (:func:`set_language`); code that shows text calls :func:`_` again when
it redraws, and long-lived displays subscribe with :func:`on_language_change`.

This module imports nothing of the project (it stands on the lowest floor with ``errors``), so every
layer, ``hardware/`` included, may use it.
"""

from __future__ import annotations

import gettext
import logging
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "SOURCE_LANGUAGE", "UnknownLanguage", "N_", "_",
           "language", "language_from_env", "ngettext", "npgettext", "number", "on_language_change",
           "percent", "pgettext", "set_language"]

log = logging.getLogger(__name__)

DOMAIN = "companion"
#: Where the catalogs are: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/companion.mo``.
LOCALE_DIR = Path(__file__).with_name("locale")
#: The language the messages are written in.
SOURCE_LANGUAGE = "en"
#: The languages a table may choose: code -> the language's own name (shown in Setup as is).
LANGUAGES: Mapping[str, str] = {"en": "English", "de": "Deutsch"}
#: The environment variable that names the table's language first (then ``LANGUAGE``,
#: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them).
LANGUAGE_ENV = "COMPANION_LANG"
_ENV_ORDER = (LANGUAGE_ENV, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """A language code that is none of :data:`LANGUAGES` (nor a catalog found in the locale dir)."""


_lock = threading.Lock()
_language = SOURCE_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []
_warned: set[str] = set()


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark ``message`` for extraction without translating it (module-level constants): translate
    it where it is shown, with ``_(CONSTANT)``."""
    return message


def _(message: str) -> str:
    """``message`` in the table's language (itself when the catalog has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the language's plural rule (German and English:
    ``n == 1`` is singular).  The count is not substituted: format it in, e.g. ``{n}``."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the table's language, told apart from the same English words in another
    ``context`` (e.g. ``pgettext("register", "Clear")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _translations.npgettext(context, singular, plural, n)


def number(value: float) -> str:
    """``value`` written as the table's language writes numbers (Babel's locale data): English
    ``10,000,000`` and ``0.1``, German ``10.000.000`` and ``0,1``.  For the large ranges and the
    decimals of the command line's help and refusals; a language Babel does not know (the tests'
    pseudo-locale) is written as English."""
    from babel.core import UnknownLocaleError  # Babel is imported when a number is written, not at start
    from babel.numbers import format_decimal

    try:
        return str(format_decimal(value, locale=_language))
    except (UnknownLocaleError, ValueError):
        return str(format_decimal(value, locale=SOURCE_LANGUAGE))


def percent(fraction: float) -> str:
    """``fraction`` (0.581) as a percentage to one decimal at most, as the table's language writes
    one (Babel's locale data, see :func:`number`): English ``58.1%``, German ``58,1 %``."""
    from babel.core import UnknownLocaleError
    from babel.numbers import format_percent

    rounded = round(fraction, 3)  # one decimal of the percentage, as many as it needs (58%, 58.1%)
    try:
        return str(format_percent(rounded, locale=_language, decimal_quantization=False))
    except (UnknownLocaleError, ValueError):
        return str(format_percent(rounded, locale=SOURCE_LANGUAGE, decimal_quantization=False))


def language() -> str:
    """The code of the language in use (``"en"``, ``"de"``, ...)."""
    return _language


def normalise(code: str) -> str:
    """``"de_DE.UTF-8"``, ``"de-AT"``, ``"DE"`` -> ``"de"``; ``"C"``/``"POSIX"`` -> ``"en"``."""
    base = code.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return SOURCE_LANGUAGE if base in ("c", "posix", "") else base


def language_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The first language the environment names that the table has (:data:`LANGUAGES`), or ``None``.

    Reads ``COMPANION_LANG``, then ``LANGUAGE`` (a colon-separated list, as gettext reads it),
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; the first variable that is set decides, and within it
    the first language the table has.
    """
    env = os.environ if env is None else env
    for name in _ENV_ORDER:
        value = env.get(name, "")
        if not value:
            continue
        for code in value.split(":"):
            if normalise(code) in LANGUAGES:
                return normalise(code)
        if name != "LANGUAGE":  # gettext lets an unusable LANGUAGE fall through to LC_*/LANG
            return None
    return None


def set_language(code: str, localedir: Path | None = None) -> str:
    """Use ``code`` from now on, in every layer, and tell each :func:`on_language_change` listener.

    :param code: a key of :data:`LANGUAGES` (normalised: ``"de_DE.UTF-8"`` is ``"de"``), or a
        language with a compiled catalog in ``localedir`` (tests use a pseudo-locale this way).
    :param localedir: where the catalogs are; default :data:`LOCALE_DIR`.
    :returns: the code now in use.
    :raises UnknownLanguage: ``code`` is no language the table has; the language is unchanged.

    A known language whose compiled catalog is missing (``scripts/i18n compile`` not run) is used
    with English text, and logged once as a warning: the table keeps working.
    """
    global _language, _translations
    wanted = normalise(code)
    folder = LOCALE_DIR if localedir is None else localedir
    if wanted == SOURCE_LANGUAGE:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        try:
            translations = gettext.translation(DOMAIN, localedir=str(folder), languages=[wanted])
        except OSError:
            if wanted not in LANGUAGES:
                raise UnknownLanguage(f"no such language: {code!r} (the table has "
                                      f"{', '.join(sorted(LANGUAGES))})") from None
            if wanted not in _warned:
                _warned.add(wanted)
                log.warning("no compiled catalog for %r in %s: the text stays English "
                            "(run scripts/i18n compile)", wanted, folder)
            translations = gettext.NullTranslations()
    with _lock:
        _language, _translations = wanted, translations
        listeners = list(_listeners)
    for listener in listeners:
        try:
            listener(wanted)
        except Exception:  # a broken display must not stop the others from redrawing
            log.exception("a language-change listener failed")
    return wanted


def on_language_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after each :func:`set_language`; returns a function that unsubscribes."""
    with _lock:
        _listeners.append(listener)

    def unsubscribe() -> None:
        with _lock:
            if listener in _listeners:
                _listeners.remove(listener)

    return unsubscribe
