"""Card codes (companion/games/transmission/cards.py): every printed code reads back; misreads and
foreign codes are refused."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

from companion.games.transmission.cards import (
    KIND_LETTERS,
    KINDS,
    Card,
    CardCodeError,
    all_cards,
    card_code,
    card_codes_markdown,
    check_character,
    read_code,
)
from companion.games.transmission.content.loader import default_content, parse_content
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.engine.commands import card_ids

ROOT = Path(__file__).resolve().parent.parent
#: The QR alphanumeric characters: what a misread could turn a character into.
QR_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return default_content()


def _default_toml() -> str:
    pack_dir = importlib.resources.files("companion.games.transmission.content")
    return pack_dir.joinpath("default.toml").read_text("utf-8")


def test_every_physical_card_has_one_code(pack: ContentPack) -> None:
    cards = all_cards(pack)
    counts = {kind: sum(1 for c in cards if c.kind == kind) for kind in KINDS}
    assert counts == {"command": 11, "transmission": 20, "mission": len(pack.missions), "boost": 4,
                      "module": 13}
    assert len(pack.missions) >= 30
    assert len({c.code for c in cards}) == len(cards)
    assert [c.id for c in cards if c.kind == "command"] == list(card_ids(pack.command_deck))
    assert [c.id for c in cards if c.kind == "mission"] == [m.id for m in pack.missions]
    assert all_cards(pack) == cards  # stable order


def test_names_are_human_readable(pack: ContentPack) -> None:
    by_id = {(c.kind, c.id): c for c in all_cards(pack)}
    assert by_id["command", "N1"].name == "North (1 of 2)"
    assert by_id["command", "W2"].name == "West (2 of 2)"
    assert by_id["command", "COLLECT"].name == "Collect"
    assert by_id["transmission", "L3-R2"].name == "Transmission level 3, clear register 2"
    assert by_id["transmission", "L2-b"].name == "Transmission level 2 (2 of 5)"
    assert by_id["mission", "M07"].name == pack.mission("M07").title
    assert by_id["boost", "debug"].name == "Debug"
    assert by_id["module", "A"].name == "Android (A)"


def test_every_code_reads_back_in_any_case_and_with_whitespace(pack: ContentPack) -> None:
    for card in all_cards(pack):
        assert card.code == card_code(card.kind, card.id)
        assert card.code.startswith(f"IT1-{KIND_LETTERS[card.kind]}-")
        assert set(card.code) <= set(QR_ALPHANUMERIC) - {" "}
        assert read_code(card.code, pack) is card
        assert read_code(f"  {card.code.lower()}\r\n", pack) is card


def test_every_single_substitution_is_refused(pack: ContentPack) -> None:
    tried = 0
    for card in all_cards(pack):
        for i, original in enumerate(card.code):
            for ch in QR_ALPHANUMERIC:
                if ch == original:
                    continue
                text = card.code[:i] + ch + card.code[i + 1:]
                with pytest.raises(CardCodeError):
                    read_code(text, pack)
                tried += 1
    assert tried > 40_000


def test_every_adjacent_transposition_is_refused(pack: ContentPack) -> None:
    tried = 0
    for card in all_cards(pack):
        code = card.code
        for i in range(len(code) - 1):
            if code[i] == code[i + 1]:
                continue
            text = code[:i] + code[i + 1] + code[i] + code[i + 2:]
            with pytest.raises(CardCodeError):
                read_code(text, pack)
            tried += 1
    assert tried > 500


def test_check_catches_every_substitution_and_transposition_of_long_text() -> None:
    """The weights cycle after 40 characters; the guarantee must hold past that too."""
    body = "IT1-M-" + "A7-." * 13 + "%2F-"
    assert len(body) > 50
    check = check_character(body)
    for i in range(len(body)):
        for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.%":
            if ch != body[i]:
                assert check_character(body[:i] + ch + body[i + 1:]) != check
        if i + 1 < len(body) and body[i] != body[i + 1]:
            swapped = body[:i] + body[i + 1] + body[i] + body[i + 2:]
            assert check_character(swapped) != check


@pytest.mark.parametrize("text", [
    "https://example.com/it1-c-n1", "4006381333931", "", "   ", "IT1", "IT1-C-N1", "IT1-C--8",
    "IT2-C-N1-8", "XIT1-C-N1-8", "IT1-C-N1-8-", "IT1-C-N 1-8", "IT1-C-N1--", "WIFI:S:home;T:WPA;P:x;;",
    "IT1-C-N1-8\x00", "IT1-C-N\u00e91-8",
])
def test_foreign_texts_are_not_cards_of_this_game(pack: ContentPack, text: str) -> None:
    with pytest.raises(CardCodeError, match="not a card of this game"):
        read_code(text, pack)


def test_messages_name_what_was_read_and_why(pack: ContentPack) -> None:
    url = "https://example.com/" + "x" * 200
    with pytest.raises(CardCodeError) as caught:
        read_code(url, pack)
    assert "https://example.com/" in str(caught.value) and len(str(caught.value)) < 120
    good = card_code("command", "N1")
    wrong = good[:-1] + ("0" if good[-1] != "0" else "1")
    refused = r"check character wrong in 'IT1-C-N1-.' \(misread\? scan again\)"
    with pytest.raises(CardCodeError, match=refused):
        read_code(wrong, pack)
    with pytest.raises(CardCodeError, match=r"unknown mission 'M99' in this pack"):
        read_code(card_code("mission", "M99"), pack)
    with pytest.raises(CardCodeError, match=r"unknown Command card 'N3' in this pack"):
        read_code(card_code("command", "N3"), pack)
    with pytest.raises(CardCodeError, match=r"unknown module 'Z' in this pack"):
        read_code(card_code("module", "Z"), pack)
    unknown_kind = "IT1-Q-N1-"
    with pytest.raises(CardCodeError, match="not a card of this game"):
        read_code(unknown_kind + check_character(unknown_kind), pack)
    bad_escape = "IT1-M-%ZZ-"
    with pytest.raises(CardCodeError, match="not a card of this game"):
        read_code(bad_escape + check_character(bad_escape), pack)
    with pytest.raises(CardCodeError, match="not a card of this game"):
        read_code(None, pack)  # type: ignore[arg-type]


def test_card_code_refuses_unknown_kinds_and_empty_ids() -> None:
    with pytest.raises(CardCodeError, match="no such kind of card: 'tile'"):
        card_code("tile", "A")
    with pytest.raises(CardCodeError, match="non-empty id"):
        card_code("mission", "")


def test_ids_outside_the_qr_alphabet_are_escaped_and_read_back() -> None:
    toml = _default_toml().replace('id = "M01"', 'id = "Bay 7/\u00e9"')
    toml = toml.replace('id = "debug"', 'id = "de%bug"')
    pack = parse_content(toml.encode(), "<test>")
    mission = next(c for c in all_cards(pack) if c.kind == "mission" and c.id == "Bay 7/\u00e9")
    assert mission.code.startswith("IT1-M-BAY%207%2F%C3%A9-")
    boost = next(c for c in all_cards(pack) if c.kind == "boost" and c.id == "de%bug")
    assert boost.code.startswith("IT1-B-DE%25BUG-")
    assert read_code(mission.code, pack) == mission
    assert read_code(boost.code, pack) == boost


def test_ids_that_differ_only_in_case_are_refused_with_both_named() -> None:
    toml = _default_toml().replace('id = "L2-b"', 'id = "L2-A"')
    pack = parse_content(toml.encode(), "<test>")
    with pytest.raises(CardCodeError, match=r"'L2-a' and 'L2-A' differ only in case"):
        all_cards(pack)


def test_card_is_a_frozen_value() -> None:
    card = Card("boost", "debug", "Debug", card_code("boost", "debug"))
    with pytest.raises(AttributeError):
        card.name = "x"  # type: ignore[misc]


def test_card_codes_md_matches_the_default_pack(pack: ContentPack) -> None:
    documented = (ROOT / "hardware" / "CARD-CODES.md").read_text(encoding="utf-8")
    assert documented == card_codes_markdown(pack), (
        "hardware/CARD-CODES.md drifted: regenerate it with "
        "`companion labels --list > hardware/CARD-CODES.md`")
    for card in all_cards(pack):
        assert f"`{card.code}`" in documented
