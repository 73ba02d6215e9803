"""Exceptions of the core, one base mixed with builtins (gpiozero's ``exc.py`` style)."""

from __future__ import annotations

import json
import reprlib

from companion.i18n import N_, _

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 6
_SHORT.maxlevel = 2
#: The most characters of a path and of a key that a :class:`ConfigError`'s message quotes.
SHOWN_PATH = 100
SHOWN_KEY = 60


def cut(text: str, limit: int = 80, *, middle: bool = False) -> str:
    """``text`` for a message, at most ``limit`` characters (``limit`` >= 5): a longer one loses its end,
    or with ``middle`` its middle (a path keeps its start and its file name), and ``...`` says so.
    A key or a path of thousands of characters would push the rest of the message off a screen."""
    if len(text) <= limit:
        return text
    if not middle:
        return text[:limit - 3] + "..."
    tail = (limit - 3) // 2
    return text[:limit - 3 - tail] + "..." + text[len(text) - tail:]


def written(value: object, limit: int = 80) -> str:
    """``value`` for a message, as a person writes it in a TOML or JSON file: a string quoted, a list
    as ``["A", 1]``, ``true``/``false``, ``null``, cut to ``limit`` characters (Python's ``repr`` would
    print ``['A']``, ``True``, ``None``, which no table's file holds)."""
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=repr)
        except (TypeError, ValueError, RecursionError):  # nested past any real file: name it short
            text = _SHORT.repr(value)
    return cut(text, limit)


class Said(str):
    """A sentence for a person in the table's language that keeps its English words (:attr:`english`)
    for machine output (the referee's ``--json``, logs): DESIGN.md, "the words are chosen where they
    are shown".  It *is* the translated text, so it is shown, compared and formatted as any string.
    Build one with :func:`said`."""

    english: str

    def __new__(cls, text: str, english: str) -> Said:
        self = super().__new__(cls, text)
        self.english = english
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # pickles with its English
        return (str(self), self.english)


def said(template: str, /, **args: object) -> Said:
    """``_(template).format(**args)``, keeping ``template.format(...)`` of the English arguments as
    :attr:`Said.english`.  Mark the template for extraction: ``said(N_("the {name} ({letter})"), ...)``;
    named placeholders only, so a translation may reorder them."""
    return Said(_(template).format(**args), template.format(**{k: english(v) for k, v in args.items()}))


def english(text: object) -> str:
    """The English words of ``text`` (a :class:`Said`), else ``str(text)``: for machine output."""
    return text.english if isinstance(text, Said) else str(text)


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class IllegalAction(CompanionError, ValueError):
    """An action or command that the rules refuse; the state is left unchanged.

    :param reason: a sentence for the table, e.g. ``"the Cadet would leave the grid"``, in the table's
        language (a :class:`Said` keeps its English: :func:`english`).
    :param step: 1-based register/step of the offending command, when there is one.
    :param command: the offending command's name (``"COLLECT"``), when there is one.
    """

    def __init__(self, reason: str, *, step: int | None = None, command: str | None = None) -> None:
        self.reason = reason
        self.step = step
        self.command = command
        if step is not None and command is not None:
            message: str = said(N_("step {step} ({command}): {reason}"), step=step, command=command,
                                reason=reason)
        else:
            message = reason
        super().__init__(message)


class ContentError(CompanionError, ValueError):
    """A content pack that fails validation.

    :param file: the pack's path (or ``"<default>"``).
    :param field: a dotted path to the bad field, e.g. ``"missions[3].pair"``.
    :param value: the offending value, :func:`written` in the message.
    :param problem: what is wrong with it.
    """

    def __init__(self, file: str, field: str, value: object, problem: str) -> None:
        self.file = file
        self.field = field
        self.value = value
        self.problem = problem
        super().__init__(f"{file}: {field} = {written(value)}: {problem}")


class ScenarioError(CompanionError, ValueError):
    """A malformed referee scenario; names the field that is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class RecordError(CompanionError, ValueError):
    """A game record that cannot be read or does not replay."""


class ConfigError(CompanionError, ValueError):
    """A config file that cannot be used.

    The message quotes the file, the key and the value cut short (:func:`cut`: a path to
    :data:`SHOWN_PATH` characters, keeping its file name; a key to :data:`SHOWN_KEY`; a value to
    80, :func:`written`); the attributes keep them whole.

    :param file: the file's path.
    :param field: the dotted key (``"game.undo"``), or ``""`` for the whole file.
    :param value: the offending value (``None`` for the whole file).
    :param problem: what is wrong.
    """

    def __init__(self, file: str, field: str, value: object, problem: str) -> None:
        self.file = file
        self.field = field
        self.value = value
        self.problem = problem
        where = cut(file, SHOWN_PATH, middle=True)
        key = cut(field, SHOWN_KEY)
        super().__init__(f"{where}: {key} = {written(value)}: {problem}" if field else f"{where}: {problem}")
