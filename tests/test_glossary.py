"""The German catalog keeps to the repository's glossary (issue 22, docs/glossary.md): every message
whose English uses a rule word says it with the glossary's German word; the players are addressed
with "du", never the formal "Sie"; and no English word of a message is left standing in its German
unless it is a name or a code.

The glossary's tables are read as they are written: a row pairs English and German terms separated
by " / ", ", " or ": " (a parenthesis is a note and is dropped). Matching is deliberately loose
where German inflects: the German term's stem (the word without a case or plural ending) is looked
for anywhere in the message, so "Befehlskarten" counts for "Befehl" and "klaren Signal" for
"klares Signal"; a separable verb counts when its particle and its stem are both there ("legt ...
fest" for "festlegen").  Longer English terms are matched first and their words are not matched
again ("Transmission card" is not also "Transmission").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from companion.lab import catalog as cat

GLOSSARY = cat.ROOT / "docs" / "glossary.md"

#: English glossary words that also have an everyday sense the row does not mean ("turn off",
#: "left", "back", "line"); they are not checked word by word (a translator reviews their sense),
#: and the two rows that list abbreviations rather than terms.
EVERYDAY = frozenset({
    "win", "loss", "turn", "pass", "round", "back", "home", "help", "quit", "cancel", "ok", "delete",
    "clear", "export", "left", "lost", "won", "finished", "line", "hard", "weekday", "month abbreviations",
    "track", "display", "stack", "record", "column", "box", "flag", "share", "sector",
})

#: Real exceptions, each with its reason: (English term or "*" for any, a piece of the msgid, or the
#: whole msgid followed by "$") -> why.
ALLOWED: dict[tuple[str, str], str] = {
    ("*", "is not a scenario field ("): "the scenario file's field names, kept as typed",
    ("*", "money, influence, promoters"): "the content pack's field names, kept as typed",
    ("layout", "(RULES.md, Layout)"): "the name of a RULES.md section",
    ("referee", "referee: every command"): "the command `companion referee`",
    ("referee", "referees {games}"): "the verb: the box leads the games (leitet)",
    ("undo", "(or undo, fix, help, quit)"): "the words the player types",
    ("factory", "pin factory"): "gpiozero's pin factory, a library's own word",
    ("station", "Power Station"): "an Industry card's name (Kraftwerk), not a Wireless Station",
    ("player", "Each player says"): "said with jeder",
    ("player", "the most a player can hold"): "said with niemand",
    ("player", "notes a player may hold"): "said with höchstens (no one holds more)",
    ("round end", "Round ends"): "a sentence (Runde endet), not the noun",
    ("supply", "The air supply"): "Transmission's flavour text: the air, not Six's money",
    ("supply", "cannot supply"): "the verb (reichen)",
    ("scientist", "The scientists want"): "Transmission's flavour text (Forscher), not Five's Scientist",
    ("board", "grip on board"): "an idiom (on board the station)",
    ("board", "on board space"): "a space of a Credit row (Feld)",
    ("box cost", "box costs"): "the verb (kostet)",
    ("debug", "-vv for debug detail"): "developers' logging, not the Signal Boost",
    ("referee", "Referee notation (RULES.md)"): "the command `companion referee`",
    ("referee", "exit codes:"): "the command `companion referee`",
    ("*", "board, cadet, carrying, missions, completed"): "the scenario's fields, kept as typed",
    ("first player", "(default 1, the first player)"): "the first seat, not Five's Startspieler",
    ("build", "the native core's build"): "a compiled build, not the Build action",
    ("companion", "The companion$"): "Setup's toggle is titled App (Spielbegleiter does not fit it); "
                                      "its subtitle 'the app' says Spielbegleiter",
}

_SEPARABLE = ("fest", "auf", "ab", "aus", "zurück", "fort", "ein", "an")
_ENDINGS = ("ern", "en", "er", "es", "em", "e", "n", "s")


@dataclass(frozen=True)
class Term:
    """One English term of the glossary and its German (more than one when the word has a row per sense)."""

    english: str
    germans: tuple[str, ...]

    def pattern(self) -> re.Pattern[str]:
        """The English term as a whole word, with an English plural or verb ending."""
        words = [re.escape(word) for word in self.english.split()]
        body = r"[\s-]+".join(words)
        return re.compile(rf"\b{body}(?:s|es|ed|d|ing)?\b", re.IGNORECASE)

    def said_in(self, german: str) -> bool:
        """Whether ``german`` uses one of this term's Germans (any case or plural, any compound)."""
        text = german.lower()
        return any(all(_word_in(word, text) for word in option.lower().split()) for option in self.germans)


#: Forms a stem does not reach: strong verbs and umlauts ("nimmt auf", "aufgenommen", "nördlich").
_MORE_FORMS = {"aufnehmen": ("nimm", "nomm", "nahm"), "nord": ("nörd",), "süd": ("südl",),
               "nachbesprechung": ("nachbesprech",), "bauen": ("bau",), "zurücknehmen": ("nimm", "nomm")}


def _stem(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _word_in(word: str, text: str) -> bool:
    if _stem(word) in text or any(form in text for form in _MORE_FORMS.get(word, ())):
        return True
    for particle in _SEPARABLE:
        rest = word[len(particle):]
        if word.startswith(particle) and len(rest) >= 4 and re.search(rf"\b{particle}", text):
            stems = (_stem(rest), *_MORE_FORMS.get(word, ()))
            return any(stem in text for stem in stems)
    return False


def _cells(text: str) -> list[str]:
    text = re.sub(r"\([^)]*\)", "", text)
    text = text.replace('"', "")
    parts = [part.strip() for part in re.split(r"\s*(?:/|,|:|;)\s*", text) if part.strip()]
    return [re.sub(r"^(?:the|der|die|das) ", "", part) for part in parts]


def read_glossary(path: Path = GLOSSARY) -> list[Term]:
    """The terms of the glossary's tables, longest English first.

    A row whose English and German split into different numbers of terms is read as one pair of
    its first terms (its note explains the rest); an English term in two rows keeps both Germans.
    """
    terms: dict[str, Term] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not line.startswith("|") or cells[0] in {"English", "---"}:
            continue
        english, german = _cells(cells[0]), _cells(cells[1])
        pairs = zip(english, german) if len(english) == len(german) else [(english[0], german[0])]
        for word, translation in pairs:
            known = terms.get(word.lower(), Term(word, ()))
            if translation not in known.germans:
                terms[word.lower()] = Term(known.english, (*known.germans, translation))
    return sorted(terms.values(), key=lambda term: -len(term.english))


def _messages(catalog: Catalog) -> Iterator[tuple[Message, str, str]]:
    """Each message with each (English, German) form pair: singular, and plural when it has one."""
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            strings = [str(form) for form in message.string]
            yield message, str(message.id[0]), strings[0]
            yield message, str(message.id[1]), strings[-1]
        else:
            yield message, str(message.id), str(message.string)


def _code_free(text: str) -> str:
    """``text`` without placeholders, markup, `code`, quoted words, file names and paths, command-line
    options, ALL-CAPS words (typed commands such as COLLECT) and the program's own name."""
    text = re.sub(r"\S*\w/\w\S*|\b[\w-]+\.[a-z_]+\b|(?<!\w)--?[\w-]+", " ", text)
    text = re.sub(r"\bcompanion(?= \{|:)", " ", text)
    text = re.sub(r"\{[^{}]*\}|%\(\w+\)[sdr]|\[/?[a-z]+[^\]]*\]|`[^`]*`|(?<!\w)'[\w .-]+'(?!\w)|\"[^\"]*\"",
                  " ", text)
    return re.sub(r"\b[A-Z]{2,}\b", " ", text)


def _fits(piece: str, english: str) -> bool:
    """An allow-list piece is a part of the msgid, or the whole msgid when it ends with ``$``."""
    return english == piece[:-1] if piece.endswith("$") else piece in english


def glossary_problems(catalog: Catalog, terms: list[Term]) -> list[str]:
    """One line per message whose English uses a checked term its German does not say."""
    found: list[str] = []
    for _message, english, german in _messages(catalog):
        rest = _code_free(english)
        for term in terms:
            key = term.english.lower()
            pattern = term.pattern()
            if not pattern.search(rest):
                continue
            rest = pattern.sub(" ", rest)
            if key in EVERYDAY or any(t in {key, "*"} and _fits(piece, english) for t, piece in ALLOWED):
                continue
            if not term.said_in(german):
                said = " or ".join(term.germans)
                found.append(f"{term.english!r} -> {said!r} not in {german!r} (msgid {english!r})")
    return found


_FORMAL = re.compile(r"(?<=[a-zäöüß,;] )(?:Sie|Ihnen|Ihre?[nmrs]?)\b|^\W*[A-ZÄÖÜ]\w+en Sie\b", re.MULTILINE)


def formal_address(catalog: Catalog) -> list[str]:
    """Messages that say "Sie"/"Ihr" to the player (formal address) instead of "du"."""
    return [f"{german!r}" for _m, _e, german in _messages(catalog) if _FORMAL.search(german)]


#: Words that are the same in English and German (or German has taken them over), and technical
#: names: an identical word is fine.
SAME_WORD = frozenset({
    "incoming", "transmission", "mission", "standard", "training", "export", "lobby", "tycoon", "tycoons",
    "installation", "modulation", "transport", "bank", "register", "patent", "station", "name", "start",
    "ok", "led", "usb", "rfid", "json", "csv", "cr", "pi", "raspberry", "kivy", "babel", "hand", "min",
    "max", "info", "status", "details", "test", "team", "code", "codes", "mode", "level", "signal", "so",
    "in", "an", "was", "will", "man", "also", "bin", "tag", "tags", "die", "fix", "log", "coach", "id",
    "gpio", "spi", "uid", "ui", "url", "wlan", "hz", "ms", "sqlite", "python", "linux", "utc", "stdin",
    "stdout", "stderr", "tab", "enter", "esc", "stop", "pin", "pins", "reset", "update", "server",
    "browser", "display", "plan", "bonus", "person", "app", "terminal", "text", "argument", "problem",
    "port", "ports", "array", "scanner", "scan", "scans", "plus", "option", "optionen", "touch",
    "touchscreen", "minute", "bytes", "byte", "bits", "md", "pdf", "png", "hex", "null", "mm", "true",
    "false", "version", "phase", "crew", "biotech", "investor", "planet", "warm", "bring", "marker",
    "traceback", "markdown", "kiosk", "backoff", "barcode", "rdm", "pyserial", "gpiozero", "dialout",
    "framing", "docs", "dev", "gpiochip", "home", "system", "hardware", "jan", "feb", "apr", "aug", "sep",
    "nov", "happy", "birthday", "still", "rest", "col", "reg", "labels", "enabled", "database", "box",
    "patents", "module", "west", "region", "revision", "exit", "ids", "stick", "native", "maximum", "build",
    "label", "position", "notation", "index", "video",
})

#: Messages that keep English words on purpose, each with its reason: a piece of the msgid -> why.
#: Mostly the words a person types (commands, scenario and content pack fields), which stay English.
TYPED: dict[str, str] = {
    "  undo    take back": "the terminal's commands (undo, fix, correct)",
    "(or help) > ": "the command help",
    "(save, cancel or help)": "the correction's commands",
    "Fix the board: make the companion's board": "the correction's commands (carry, flip, save)",
    "How to decode:": "the commands board, boost, help, quit",
    "Name a Signal Boost by its number": "the command boost",
    "Nothing typed: {expected} (help": "the command help",
    "(or undo, fix, help, quit)": "the commands",
    "'carry X'": "the command carry",
    "[game] undo": "a setting's name",
    "Type your 5 commands": "the command board",
    "(metro = true)": "a content pack field",
    "back: back to the menu": "the command back",
    "referee: every command executed": "the command referee",
    "help: this text": "the command help",
    "quit: {leaving}": "the command quit",
    "from map.regions": "a content pack field",
    "is not a scenario field": "the scenario's fields",
    "money, influence, promoters": "the content pack's fields",
    "money, points, tiles": "the content pack's fields",
    "(RULES.md, Layout)": "a section of RULES.md",
    "(basic = {basic})": "a content pack field",
    "with a pack that has a map": "the value map",
    "(forward or back)": "the words typed",
    "pin factory": "gpiozero's word",
    "pattern is the effect": "a content pack field",
    "reach is the effect": "a content pack field",
    "the box must be basic, advanced or patent": "the values typed",
    "sum row+col": "a content pack field",
    "row and col run": "a content pack field",
    "table is not a table": "the setting's section [table]",
    "needs a card from your hand (its number)": "the command boost",
    "needs a register number": "the command boost",
    "needs nothing more": "the command boost",
    "-vv for debug detail": "developers' logging, not the Signal Boost",
    "run doctor again": "the command doctor",
    "choose the Basic box ({action})": "the table option advanced_needs_occupied",
    "--difficulty does not apply with --offline": "the option values standard and hard",
    "difficulty of the sampled games": "the option values standard and hard",
    "(default: shortest)": "the option value shortest",
    "SDL_VIDEODRIVER": "SDL's driver names (kmsdrm, dummy, vc4-kms-v3d)",
    "sudo usermod": "a shell command and the group video",
    "Referee notation (RULES.md)": "the command referee",
    "exit codes:": "the command referee",
    "board, cadet, carrying, missions, completed": "the scenario's fields",
    "uniform and careful Cadets": "the simulated Cadets' names and the difficulties, as typed",
    "how the simulated Cadet decodes": "the simulated Cadets' names, as typed",
    "the JSON object on stdout:": "the JSON fields",
    "has no main() to start": "a Python function's name",
    "(map layout)": "the layout's value map",
    "(map only with a pack": "the layout's value map",
    "pattern is a Transmission": "a content pack field",
    "reach is an Installation": "a content pack field",
    "whose row+col is even": "a content pack field",
    "row and col go from": "a content pack field",
}


def _words(text: str) -> set[str]:
    text = _code_free(text)
    text = re.sub(r"\$\w+|\b\w+[._]\w+\b", " ", text)
    return {word.lower() for word in re.findall(r"[A-Za-z]{2,}", text)}


def english_left(catalog: Catalog) -> list[str]:
    """Messages whose German still has a word of its English (names and codes aside)."""
    found: list[str] = []
    for _message, english, german in _messages(catalog):
        if any(piece in english for piece in TYPED):
            continue
        left = sorted((_words(english) & _words(german)) - SAME_WORD)
        if left:
            found.append(f"{left} in {german!r}")
    return found


@pytest.fixture(scope="module")
def german() -> Catalog:
    return cat.read(cat.po_path("de"), "de")


def test_the_glossary_is_read_as_pairs() -> None:
    terms = {term.english.lower(): term.germans for term in read_glossary()}
    assert terms["mission control"] == ("Missionskontrolle",)
    assert terms["cadets"] == ("Kadetten",) and terms["transmission card"] == ("Übertragungskarte",)
    assert terms["expert"] == ("Experte",) and terms["signal boost"] == ("Signalverstärker",)
    assert terms["board"] == ("Spielplan", "Tableau")
    assert len(terms) > 100


def test_the_check_finds_a_rule_word_said_otherwise() -> None:
    terms = [Term("Transmission card", ("Übertragungskarte",)), Term("Transmission", ("Übertragung",)),
             Term("clear signal", ("klares Signal",)), Term("lock in", ("festlegen",)),
             Term("Cadet", ("Kadett",)), Term("Collect", ("Aufnehmen",))]
    catalog = Catalog(locale="de")
    catalog.add("Draw a Transmission card.", "Zieh eine Übertragungskarte.")
    catalog.add("{n} clear signals", "{n} klare Signale")
    catalog.add("Lock in the pick", "Leg die Wahl fest")
    catalog.add("The Cadets move", "Die Kadetten ziehen")
    catalog.add("Collected {device}", "{device} aufgenommen")
    assert glossary_problems(catalog, terms) == []
    catalog.add("Next Transmission", "Nächste Sendung")
    catalog.add("The Cadet's pawn", "Die Figur der Spielerin")
    found = glossary_problems(catalog, terms)
    assert len(found) == 2 and "Sendung" in found[0] and "Spielerin" in found[1]


def test_every_rule_word_keeps_its_german(german: Catalog) -> None:
    found = glossary_problems(german, read_glossary())
    assert not found, f"{len(found)} messages leave docs/glossary.md:\n" + "\n".join(found)


def test_the_formal_address_is_found() -> None:
    catalog = Catalog(locale="de")
    catalog.add("Press OK", "Drücken Sie OK")
    catalog.add("Your score", "Ihre Punkte sind gut, wenn Ihnen das gefällt")
    catalog.add("They count", "Sie zählen doppelt")
    catalog.add("Press OK", "Drück OK", context="fine")
    assert len(formal_address(catalog)) == 2


def test_the_players_are_addressed_with_du(german: Catalog) -> None:
    found = formal_address(german)
    assert not found, "formal address (Sie/Ihr) instead of du:\n" + "\n".join(found)


def test_no_english_word_is_left_in_the_german(german: Catalog) -> None:
    found = english_left(german)
    assert not found, f"{len(found)} messages keep English words:\n" + "\n".join(found)


#: Messages whose German is their English on purpose though a word of theirs is not in SAME_WORD.
SAME_MESSAGES = {
    "quit: {leaving}": "the command quit, as typed",
}


def test_a_message_is_its_own_german_only_when_it_is_a_name_or_code(german: Catalog) -> None:
    """An untranslated message passes only when each of its words is the same in German (a name, a
    code, a word German shares: SAME_WORD) or it is allow-listed with its reason."""
    same = [str(m.id) for m in german if m.id and not isinstance(m.id, tuple) and m.id == m.string]
    odd = sorted(i for i in same if i not in SAME_MESSAGES and _words(i) - SAME_WORD)
    assert not odd, "untranslated (the English kept):\n" + "\n".join(odd)
