"""Words the games of actions put into their sentences, in the table's language with their English
kept (:class:`~companion.errors.Said`): counted nouns, the piles' and the phases' names.

Source: DESIGN.md, "the words are chosen where they are shown": a rule's refusal keeps its English
for the referee's ``--json`` (:func:`~companion.errors.english`) and is read in the table's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from companion.errors import Said, english, said
from companion.i18n import N_, _, pgettext
from companion.i18n import ngettext as translated_forms

__all__ = ["ACTIONS", "SECTOR_TITLES", "Lines", "action_word", "colour_named", "colour_word",
           "column_title", "column_word", "level_word",
           "phase_word", "pile_word", "Counted", "counted", "sector_word", "joined", "trimmed"]


class Counted:
    """Counts in sentences that keep their English (:class:`~companion.errors.Said`): call
    ``counted.ngettext(singular, plural, n, **args)`` (the name Babel's default keywords extract as
    a plural message)."""

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, /, **args: object) -> Said:
        """``ngettext(singular, plural, n)`` formatted with ``n`` and ``args``, keeping the English
        form: a count in a refusal or a ledger line."""
        form = singular if n == 1 else plural
        return Said(translated_forms(singular, plural, n).format(n=n, **args),
                    form.format(n=n, **{k: english(v) for k, v in args.items()}))


#: The one :class:`Counted`.
counted = Counted()


def pile_word(pile: str) -> Said:
    """A pile's name (``"industry"``, ``"policy"``, ``"merit"``) in the table's language, its English
    kept; another name as it is."""
    words = {"industry": pgettext("pile", "industry"), "policy": pgettext("pile", "policy"),
             "merit": pgettext("pile", "merit")}
    return Said(words.get(pile, pile), pile)


def phase_word(phase: str) -> Said:
    """A phase's name (``"round_end"`` -> ``"round end"``) in the table's language, its English kept:
    the action games' and Incoming Transmission's (``"layout"``, ``"decode"``: RULES.md, A
    transmission)."""
    words = {"setup": pgettext("phase", "setup"), "turn": pgettext("phase", "turn"),
             "round_end": pgettext("phase", "round end"), "settlement": pgettext("phase", "settlement"),
             "over": pgettext("phase", "over"), "play": pgettext("phase", "play"),
             "layout": pgettext("phase", "layout"), "missions": pgettext("phase", "missions"),
             "select": pgettext("phase", "select"), "reveal": pgettext("phase", "reveal"),
             "error": pgettext("phase", "error"), "scramble": pgettext("phase", "scramble"),
             "decode": pgettext("phase", "decode"), "deal": pgettext("phase", "deal")}
    plain = phase.replace("_", " ")
    return Said(words.get(phase, plain), plain)


#: The Six Actions' actions, as a token's space names them (translated where shown: :func:`action_word`).
ACTIONS = (N_("Build"), N_("Share"), N_("Muster"), N_("Strategy"), N_("Politics"), N_("Loan"), N_("Pass"))


#: The Six Actions' sectors, as an icon names them (translated where shown: :func:`sector_word`).
SECTOR_TITLES = (N_("Minerals"), N_("Fuel"), N_("Agro"), N_("Power"), N_("Transport"))


def sector_word(sector: str) -> Said:
    """A sector's name from its id (``"minerals"`` -> ``"Minerals"``) in the table's language."""
    return said(sector.capitalize())


def _colour_words() -> dict[str, str]:
    # TRANSLATORS: a player's colour, on the button that changes it (capitalised, as a name)
    return {"red": pgettext("colour", "Red"), "blue": pgettext("colour", "Blue"),
            "green": pgettext("colour", "Green"), "yellow": pgettext("colour", "Yellow"),
            "purple": pgettext("colour", "Purple")}


def colour_word(colour: str) -> str:
    """A seat's colour from its id (``"red"`` -> ``"Red"``, German "Rot") in the table's language; a
    colour this table does not know, as it is named."""
    return _colour_words().get(colour, colour.title())


def colour_named(typed: str) -> str | None:
    """The colour id a person typed, as its id or as its word in the table's language (any case:
    ``"rot"`` -> ``"red"`` in German); ``None`` when it names none."""
    key = typed.strip().casefold()
    return next((c for c, w in _colour_words().items() if key in (c, w.casefold())), None)


def action_word(kind: str) -> Said:
    """An action's name from its kind (``"build"`` -> ``"Build"``) in the table's language."""
    return said(kind.capitalize())


def column_word(column: str) -> Said:
    """A column of The Five Actions (``"installation"`` ... ``"supply"``) in the table's language,
    its English kept; another name as it is."""
    words = {"installation": pgettext("column", "installation"),
             "transmission": pgettext("column", "transmission"),
             "modulation": pgettext("column", "modulation"), "funding": pgettext("column", "funding"),
             "supply": pgettext("column", "supply")}
    return Said(words.get(column, column), column)


def level_word(level: str) -> Said:
    """A box's level (``"basic"``, ``"advanced"``, ``"patent"``) in the table's language."""
    words = {"basic": pgettext("box", "basic"), "advanced": pgettext("box", "advanced"),
             "patent": pgettext("box", "patent")}
    return Said(words.get(level, level), level)


class Lines(Sequence[str]):
    """A block of text (its lines joined by ``"\\n"``, marked ``N_`` where it is written) read as its
    lines in the table's language each time it is read: a module's constant that a prompt shows
    (``help``'s rules in short) without being translated at import."""

    def __init__(self, text: str) -> None:
        self.text = text

    def lines(self) -> list[str]:
        """The lines in the table's language now."""
        return _(self.text).split("\n")

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.lines()[index]

    def __len__(self) -> int:
        return len(self.lines())


def column_title(column: str) -> str:
    """A column of The Five Actions as its action's title (``"funding"`` -> ``"Funding"``) in the
    table's language."""
    titles = {"installation": _("Installation"), "transmission": _("Transmission"),
              "modulation": _("Modulation"), "funding": _("Funding"), "supply": _("Supply")}
    return titles.get(column, column.capitalize())


def joined(parts: Sequence[str], separator: str = "; ", end: str = ".") -> Said:
    """``parts`` (sentences that may keep their English) joined by ``separator`` and closed by
    ``end``, in the table's language with the English joined the same way: a game's announcement
    built of several clauses."""
    return Said(separator.join(parts) + end, separator.join(english(p) for p in parts) + end)


def trimmed(text: str, prefix: str, suffix: str) -> Said:
    """``text`` (and its English) without ``prefix`` at its start and ``suffix`` at its end."""
    return Said(text.removeprefix(prefix).removesuffix(suffix),
                english(text).removeprefix(prefix).removesuffix(suffix))
