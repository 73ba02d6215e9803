"""Every game's content loader says the same fault of a pack in the same words (issue 24, item 15):
an empty file is "empty", a required field that is not there is "missing" (never Python's ``None``),
text that is not TOML or not UTF-8 is one error naming the line or the bytes
(:mod:`companion.table.pack_file`)."""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable

import pytest

from companion.errors import ContentError
from companion.games.five_actions.content.loader import parse_content as five_parse
from companion.games.six_actions.content.loader import parse_content as six_parse
from companion.games.transmission.content.loader import parse_content as transmission_parse
from companion.table.pack_file import EMPTY, MISSING, REQUIRED, read_toml

Parse = Callable[[bytes, str], object]

#: Each game's loader, its default pack's package, and one required field of that pack: the line
#: that holds it (removed to make a pack without it) and the field's full path.
LOADERS: dict[str, tuple[Parse, str, str, str]] = {
    "transmission": (transmission_parse, "companion.games.transmission.content",
                     'title = "Hard"\n', "difficulty.hard.title"),
    "six-actions": (six_parse, "companion.games.six_actions.content", "money = 20 ", "setup.money"),
    "five-actions": (five_parse, "companion.games.five_actions.content", "money = 10 ", "setup.money"),
}


def _error(parse: Parse, data: bytes) -> ContentError:
    with pytest.raises(ContentError) as caught:
        parse(data, "mine.toml")
    return caught.value


def _default(package: str) -> str:
    return (importlib.resources.files(package) / "default.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", LOADERS)
@pytest.mark.parametrize("data", [b"", b"  \n\n", b"# only a comment\n", b"\xef\xbb\xbf"],
                         ids=["nothing", "blanks", "a comment", "a byte-order mark"])
def test_an_empty_file_is_called_empty_by_every_game(game: str, data: bytes) -> None:
    error = _error(LOADERS[game][0], data)
    assert (error.file, error.field, error.problem) == ("mine.toml", "<file>", EMPTY)
    assert str(error) == f"mine.toml: <file> = 'mine.toml': {EMPTY}"


@pytest.mark.parametrize("game", LOADERS)
def test_a_missing_required_field_is_called_missing_by_every_game(game: str) -> None:
    parse, package, line, field = LOADERS[game]
    text = _default(package)
    assert line in text, line
    error = _error(parse, text.replace(line, "", 1).encode())
    assert (error.field, error.value, error.problem) == (field, MISSING, REQUIRED)
    assert str(error) == f'mine.toml: {field} = "<missing>": required key is missing'
    assert "None" not in str(error) and "null" not in str(error)


def test_the_three_games_say_a_missing_field_alike() -> None:
    """The same sentence from each game, but for the field's name."""
    said = set()
    for parse, package, line, field in LOADERS.values():
        error = _error(parse, _default(package).replace(line, "", 1).encode())
        said.add(str(error).replace(field, "FIELD"))
    assert said == {'mine.toml: FIELD = "<missing>": required key is missing'}


@pytest.mark.parametrize("game", LOADERS)
def test_not_toml_and_not_utf8_are_one_error_in_the_same_words(game: str) -> None:
    parse = LOADERS[game][0]
    toml = _error(parse, b'[pack]\nid = "x\n')
    assert (toml.field, toml.value) == ("<toml>", 'id = "x')
    assert toml.problem.startswith("TOML syntax error: ") and "line 2" in toml.problem
    text = _error(parse, b'id = "caf\xe9"\n')
    assert (text.field, text.value) == ("<file>", b"\xe9") and text.problem.startswith("is not UTF-8 text: ")


def test_read_toml_drops_a_byte_order_mark_from_the_bytes_it_returns() -> None:
    document, data, faults = read_toml(b'\xef\xbb\xbfa = 1\n', "x.toml")
    assert (document, data, faults) == ({"a": 1}, b"a = 1\n", [])


def test_too_deep_a_document_is_one_error_not_a_crash() -> None:
    document, _, faults = read_toml(b"a = " + b"[" * 5000 + b"]" * 5000, "x.toml")
    assert document is None and [f.field for f in faults] == ["<toml>"]
