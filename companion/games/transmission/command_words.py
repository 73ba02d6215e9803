"""The Command names a person types at the terminal: the table's language's and the English ones.

Source: RULES.md, The commands (the seven Command cards).  The terminal prints each card by its name in
the table's language (``_(command.title)``: German "Nord", "Aufnehmen"), so it must take that name
back: :func:`read_command` reads one typed word as a :class:`Command`.

What is accepted, case-insensitive, in any language:

- the card's name in the table's language and in English ("Reparieren", "Repair"), and the other words
  the catalog gives for it (:func:`other_words`: German "Norden" for Nord);
- an umlaut typed as ``ae``/``oe``/``ue`` or without its dots ("Sued", "Sud" for Süd);
- any beginning of one of those names that can mean only one command: the English short forms
  ``N E S W C D R`` keep working, German ``O`` is Ost and only Ost, ``Auf``/``Ab`` are Aufnehmen and
  Absetzen.  A beginning that fits names of two commands (German ``A``: Aufnehmen or Absetzen; or a
  letter that is one command's in English and another's in the table's language) is refused with a
  message naming every reading, never silently taken for one of them.

The referee's notation (:meth:`Command.parse`) stays English: it is the machine's.
"""

from __future__ import annotations

import unicodedata

from companion.games.transmission.engine.commands import Command
from companion.i18n import _, pgettext

__all__ = ["CommandWordError", "accepted_words", "example", "other_words", "read_command", "read_commands",
           "short_form"]


def other_words(command: Command) -> list[str]:
    """``command``'s names a player may type besides its card's name, in the table's language (the
    catalog's translation, space-separated: German "Nord Norden" for North).  English: the card's name."""
    # Translators: the words a player may type for this Command card, space-separated, the card's name
    # first (e.g. "Nord Norden"); any beginning of one that fits no other command works too.
    return {
        Command.N: pgettext("typed words for a command", "North"),
        Command.E: pgettext("typed words for a command", "East"),
        Command.S: pgettext("typed words for a command", "South"),
        Command.W: pgettext("typed words for a command", "West"),
        Command.COLLECT: pgettext("typed words for a command", "Collect"),
        Command.DEPLOY: pgettext("typed words for a command", "Deploy"),
        Command.REPAIR: pgettext("typed words for a command", "Repair"),
    }[command].split()


#: The English short forms (referee notation and the help's), which work in every language.
SHORT_FORMS = {Command.N: "N", Command.E: "E", Command.S: "S", Command.W: "W",
               Command.COLLECT: "C", Command.DEPLOY: "D", Command.REPAIR: "R"}


def short_form(command: Command) -> str:
    """The short form the help names for ``command`` in the table's language (German "O" for East,
    "Auf" and "Ab" for Collect and Deploy, whose names both start with A).  Every beginning of a name
    that fits one command only is accepted; these are the ones the help names."""
    # Translators: the shortest way to type this Command card that no other card's name (in your
    # language or in English) begins with; German: N O S W Auf Ab R.
    return {
        Command.N: pgettext("short form of a command", "N"),
        Command.E: pgettext("short form of a command", "E"),
        Command.S: pgettext("short form of a command", "S"),
        Command.W: pgettext("short form of a command", "W"),
        Command.COLLECT: pgettext("short form of a command", "C"),
        Command.DEPLOY: pgettext("short form of a command", "D"),
        Command.REPAIR: pgettext("short form of a command", "R"),
    }[command]


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


class CommandWordError(ValueError):
    """A typed word that names no command, or more than one (``ambiguous``); the message says which and
    what works."""

    def __init__(self, message: str, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.ambiguous = ambiguous


def _forms(name: str) -> set[str]:
    """The ways ``name`` may be typed: casefolded, with its umlauts as ae/oe/ue, and without accents."""
    low = unicodedata.normalize("NFC", name).casefold()
    plain = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return {low, low.translate(_UMLAUTS), plain}


def _names(command: Command) -> list[str]:
    """``command``'s names, the table's language's first: the card's name, the catalog's other words,
    then the English card name and notation (``"COLLECT"``)."""
    local = [_(command.title), *other_words(command)]
    return [*local, command.title, command.value]


def _readings(word: str) -> dict[Command, bool]:
    """Each command ``word`` could mean, and whether only its English names begin with it."""
    typed = unicodedata.normalize("NFC", word.strip()).casefold()
    found: dict[Command, bool] = {}
    if not typed:
        return found
    for command in Command:
        if any(form.startswith(typed) for name in _names(command) for form in _forms(name)):
            own = [name for name in _names(command)[:-2] if name.casefold() != command.title.casefold()]
            found[command] = not any(form.startswith(typed) for name in own for form in _forms(name))
    return found


def _local(command: Command) -> str:
    return _(command.title)


def _english_differs() -> bool:
    return any(_local(c).casefold() != c.title.casefold() for c in Command)


def accepted_words() -> str:
    """What :func:`read_command` takes, said in the table's language: its names, its short forms and,
    when the table's language is not English, that the English names work too."""
    names = " ".join(_local(c) for c in Command)
    short = " ".join(short_form(c) for c in Command)
    if not _english_differs():
        return _("{names}, or short {short}").format(names=names, short=short)
    return _("{names}, or short {short}; the English names work too ({english})").format(
        names=names, short=short, english=" ".join(SHORT_FORMS[c] for c in Command))


def example(*commands: Command) -> str:
    """An order as the help shows it, in the table's language: ``"Nord Ost Aufnehmen Süd West"``."""
    return " ".join(_local(c) for c in commands)


def _or(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def read_command(word: str) -> Command:
    """The command ``word`` names (see the module docstring for what is accepted).

    :raises CommandWordError: when it names none (the message lists what is accepted) or could name
        several (the message names each reading, nothing is guessed).
    """
    readings = _readings(word)
    shown = repr(word.strip()[:20])
    if len(readings) == 1:
        return next(iter(readings))
    if not readings:
        raise CommandWordError(_("{word} is not a command: type {accepted}.").format(
            word=shown, accepted=accepted_words()))
    said = []
    for command, english in readings.items():
        local = _local(command)
        said.append(_("{name} (English: {english})").format(name=local, english=command.title)
                    if english and local.casefold() != command.title.casefold() else local)
    raise CommandWordError(_("{word} could be {readings}: type more of the name ({short}).").format(
        word=shown, readings=_or(said), short=", ".join(short_form(c) for c in readings)), ambiguous=True)


def read_commands(words: list[str]) -> list[Command]:
    """:func:`read_command` on each word.  :raises CommandWordError: for the first word it refuses."""
    return [read_command(w) for w in words]
