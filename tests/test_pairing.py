"""RFID pairings (hardware/pairing.py): remembered across restarts, saved atomically, never crash."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hardware.pairing import HEADER, PairingError, Pairings, normalise_tag

TAG = "0415AB3C9F"
OTHER = "1A2B3C4D5E"


def test_pairs_are_remembered_across_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "data" / "rfid-pairings.toml"
    pairings = Pairings(path)
    assert pairings.problem is None and len(pairings) == 0 and not path.exists()
    pairings.pair(TAG.lower(), "IT1-C-N1-8")
    pairings.pair(f" {OTHER}\n", "IT1-C-N2-G")
    assert pairings.lookup(TAG) == "IT1-C-N1-8"
    again = Pairings(path)
    assert again.all() == {TAG: "IT1-C-N1-8", OTHER: "IT1-C-N2-G"}
    assert again.lookup(OTHER.lower()) == "IT1-C-N2-G"
    assert again.lookup("FFFFFFFFFF") is None
    assert again.lookup("not a tag") is None
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HEADER)
    assert tomllib.loads(text) == {"tags": {TAG: "IT1-C-N1-8", OTHER: "IT1-C-N2-G"}}
    assert [p.name for p in path.parent.iterdir()] == ["rfid-pairings.toml"]  # no temp file left


def test_repair_unpair_and_tags_for(tmp_path: Path) -> None:
    pairings = Pairings(tmp_path / "p.toml")
    pairings.pair(TAG, "IT1-C-N1-8")
    pairings.pair(TAG, "IT1-C-E1-R")  # the tag moved to another card
    pairings.pair(OTHER, "IT1-C-E1-R")
    assert pairings.lookup(TAG) == "IT1-C-E1-R"
    assert pairings.tags_for("IT1-C-E1-R") == [TAG, OTHER]
    assert pairings.unpair(TAG) is True
    assert pairings.unpair(TAG) is False
    assert pairings.unpair("junk") is False
    assert Pairings(tmp_path / "p.toml").all() == {OTHER: "IT1-C-E1-R"}


@pytest.mark.parametrize("tag", ["", "0415AB3C9", "0415AB3C9F0", "0415AB3C9G", 415, None])
def test_bad_tags_are_refused(tmp_path: Path, tag: object) -> None:
    pairings = Pairings(tmp_path / "p.toml")
    with pytest.raises(PairingError, match="not an RFID tag id"):
        pairings.pair(tag, "IT1-C-N1-8")  # type: ignore[arg-type]
    with pytest.raises(PairingError):
        normalise_tag(tag)  # type: ignore[arg-type]
    assert pairings.all() == {} and not (tmp_path / "p.toml").exists()


@pytest.mark.parametrize("code", ["", "   ", "two words", "x" * 201, None])
def test_bad_codes_are_refused(tmp_path: Path, code: object) -> None:
    pairings = Pairings(tmp_path / "p.toml")
    with pytest.raises(PairingError, match="not a card code"):
        pairings.pair(TAG, code)  # type: ignore[arg-type]
    assert pairings.all() == {}


def test_a_corrupt_file_is_kept_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "rfid-pairings.toml"
    path.write_text("[tags\n0415AB3C9F = ", encoding="utf-8")
    pairings = Pairings(path)
    assert pairings.all() == {}
    assert pairings.problem is not None and "is not valid TOML" in pairings.problem
    aside = list(tmp_path.glob("rfid-pairings.toml.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "[tags\n0415AB3C9F = "
    assert aside[0].name in pairings.problem
    assert not path.exists()
    pairings.pair(TAG, "IT1-C-N1-8")
    assert Pairings(path).all() == {TAG: "IT1-C-N1-8"}


def test_two_corrupt_files_in_the_same_second_keep_both_copies(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # The clock says the same second both times: the second copy must not overwrite the first.
    monkeypatch.setattr("hardware.pairing.time.strftime", lambda fmt, *a: "20250101-120000")
    path = tmp_path / "p.toml"
    path.write_text("[tags\nfirst", encoding="utf-8")
    first = Pairings(path)
    path.write_text("[tags\nsecond", encoding="utf-8")
    second = Pairings(path)
    kept = sorted(p.read_text(encoding="utf-8") for p in tmp_path.glob("p.toml.corrupt-*"))
    assert kept == ["[tags\nfirst", "[tags\nsecond"]
    assert first.problem and second.problem and first.problem != second.problem
    for pairings in (first, second):
        name = pairings.problem.split("kept as ")[1]
        assert (tmp_path / name).exists()


def test_a_file_of_the_wrong_shape_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('tags = "everything"\n', encoding="utf-8")
    pairings = Pairings(path)
    assert pairings.all() == {} and pairings.problem and "[tags] table" in pairings.problem
    assert len(list(tmp_path.glob("p.toml.corrupt-*"))) == 1


def test_bad_entries_are_dropped_good_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    original = f'[tags]\n{TAG} = "IT1-C-N1-8"\nNOTATAG = "IT1-C-N2-G"\n{OTHER} = 7\n'
    path.write_text(original, encoding="utf-8")
    pairings = Pairings(path)
    assert pairings.all() == {TAG: "IT1-C-N1-8"}
    assert pairings.problem and "'NOTATAG'" in pairings.problem and f"'{OTHER}'" in pairings.problem
    aside = list(tmp_path.glob("p.toml.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == original
    assert path.read_text(encoding="utf-8") == original  # unchanged until the next save


def test_a_failed_save_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    pairings = Pairings(blocker / "p.toml")  # its folder can never be made
    with pytest.raises(PairingError, match="cannot save the RFID pairings"):
        pairings.pair(TAG, "IT1-C-N1-8")
    assert pairings.all() == {} and pairings.lookup(TAG) is None


def test_a_file_that_is_not_text_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_bytes(b"\xff\xfe[tags]")
    pairings = Pairings(path)
    assert pairings.all() == {}
    assert pairings.problem is not None and "is not valid TOML" in pairings.problem
    assert [p.read_bytes() for p in tmp_path.glob("p.toml.corrupt-*")] == [b"\xff\xfe[tags]"]


def test_an_unreadable_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.mkdir()  # reading a folder fails with an OSError, as a bad disk would
    pairings = Pairings(path)
    assert pairings.all() == {}
    assert pairings.problem is not None and "cannot be read" in pairings.problem and path.is_dir()
