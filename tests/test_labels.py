"""Printed labels (hardware/labels.py, companion labels): every QR code on the pages decodes back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, PdfParser

# pyzbar (the dev extra) loads libzbar0 (apt, scripts/test): both are installed by scripts/test, so a
# missing one is an error here, not a skip that would hide labels nobody can scan.
from pyzbar import pyzbar

from companion import i18n
from companion.entry import main
from companion.games.transmission.cards import all_cards, shown_names
from companion.games.transmission.content.loader import default_content
from hardware import labels
from hardware.labels import printed_name


@pytest.fixture(scope="module")
def rows() -> list[tuple[str, str, str]]:
    return [(card.code, card.name, card.kind) for card in all_cards(default_content())]


def _decode(page: Image.Image) -> list[tuple[int, int, int, str]]:
    """(top, left, width, text) of every QR code on a page, top to bottom, left to right."""
    found = [(s.rect.top, s.rect.left, s.rect.width, s.data.decode("ascii"))
             for s in pyzbar.decode(page.convert("L"), symbols=[pyzbar.ZBarSymbol.QRCODE])]
    return sorted(found)


@pytest.mark.parametrize("paper, per_page", [("a4", 30), ("letter", 25)])
def test_every_printed_code_decodes_back_in_order(rows: list[tuple[str, str, str]], paper: str,
                                                  per_page: int) -> None:
    sheet = labels.layout(paper, len(rows))
    assert sheet.per_page == per_page
    pages = labels.render_pages(rows, paper)
    assert len(pages) == sheet.pages == -(-len(rows) // per_page)
    width_mm, height_mm = labels.PAPERS[paper]
    decoded: list[str] = []
    for page in pages:
        assert page.mode == "1"
        assert page.size == (labels.px(width_mm), labels.px(height_mm))
        found = _decode(page)
        assert found, "no QR code found on a page"
        for _top, _left, width, _text in found:
            assert width >= labels.px(labels.QR_MIN_MM), "a QR code narrower than 20 mm"
        # Rows of labels are far apart; within a row, left to right is the card order.
        rows_on_page: dict[int, list[tuple[int, str]]] = {}
        for top, left, _width, text in found:
            key = next((k for k in rows_on_page if abs(k - top) < labels.px(5)), top)
            rows_on_page.setdefault(key, []).append((left, text))
        for key in sorted(rows_on_page):
            decoded += [text for _left, text in sorted(rows_on_page[key])]
    assert decoded == [code for code, _name, _kind in rows]


def test_one_label_fits_and_scans(rows: list[tuple[str, str, str]]) -> None:
    longest = max(rows, key=lambda row: len(row[0]))
    label = labels.render_label(*longest)
    assert label.size == (labels.px(labels.LABEL_MM[0]), labels.px(labels.LABEL_MM[1]))
    assert [text for *_, text in _decode(label)] == [longest[0]]
    # The border is drawn: the corner pixels are dark, the QR's quiet zone is white.
    assert label.getpixel((0, 0)) < 128 and label.getpixel((label.width - 1, label.height - 1)) < 128


def test_a_code_too_long_for_a_label_is_refused() -> None:
    with pytest.raises(labels.LabelError, match="too long"):
        labels.render_label("IT1-M-" + "X" * 400 + "-0", "Too long")
    with pytest.raises(labels.LabelError, match="unknown paper 'a3'"):
        labels.layout("a3")
    with pytest.raises(labels.LabelError, match="no labels"):
        labels.write_pdf([], "unused.pdf")


def test_a_long_name_is_wrapped_or_shortened_not_cut_off() -> None:
    name = "A very long mission title that will never fit " * 3
    label = labels.render_label("IT1-M-M01-6", name, "mission")
    assert [text for *_, text in _decode(label)] == ["IT1-M-M01-6"]


@pytest.mark.parametrize("paper, points", [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_has_every_page_at_the_paper_size(tmp_path: Path, rows: list[tuple[str, str, str]],
                                                  paper: str, points: tuple[int, int]) -> None:
    out = tmp_path / "labels.pdf"
    sheet = labels.write_pdf(rows[:31], out, paper)
    assert sheet.pages == 2
    assert not list(tmp_path.glob(".*.tmp"))
    pdf = PdfParser.PdfParser(str(out))
    try:
        assert len(pdf.pages) == sheet.pages
        for ref in pdf.pages:
            box = [round(float(v)) for v in pdf.read_indirect(ref).MediaBox]
            assert box == [0, 0, *points]
    finally:
        pdf.close()


def test_png_pages_decode_back(tmp_path: Path, rows: list[tuple[str, str, str]]) -> None:
    some = rows[:35]
    paths = labels.write_pngs(some, tmp_path / "sheet", "a4")
    assert [p.name for p in paths] == ["sheet-1.png", "sheet-2.png"]
    decoded = []
    for path in paths:
        with Image.open(path) as page:
            assert round(page.info["dpi"][0]) == labels.DPI
            decoded += [text for *_, text in _decode(page)]
    assert sorted(decoded) == sorted(code for code, _n, _k in some)


def test_cli_writes_the_sheet_and_says_what(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.pdf"
    assert main(["labels", "--paper", "letter", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    count = len(all_cards(default_content()))
    assert f"{count} labels on 4 pages (Letter, 25 a page), each 32 x 42 mm" in said
    assert out.stat().st_size > 10_000


def test_cli_kinds_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["labels", "--kinds", "boost", "command", "--out", str(tmp_path / "cards.png")]) == 0
    assert "15 labels on 1 page (A4, 30 a page)" in capsys.readouterr().out
    with Image.open(tmp_path / "cards-1.png") as page:
        codes = [text for *_, text in _decode(page)]
    wanted = [c.code for c in all_cards(default_content()) if c.kind in ("boost", "command")]
    assert sorted(codes) == sorted(wanted)


@pytest.mark.parametrize("where, why", [("missing/labels.pdf", "does not exist"),
                                        ("folder.pdf", "it is a folder")])
def test_cli_refuses_an_unwritable_path(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str,
                                        why: str) -> None:
    if why == "it is a folder":
        (tmp_path / where).mkdir()
    before = list(tmp_path.iterdir())
    assert main(["labels", "--out", str(tmp_path / where)]) == 1
    err = capsys.readouterr().err
    assert "companion labels: cannot write" in err and why in err
    assert list(tmp_path.iterdir()) == before and not any(tmp_path.rglob("*.pdf*/*"))


@pytest.mark.parametrize("name", ["labels.txt", "labels", "labels.pdf.bak"])
def test_cli_refuses_a_name_that_is_not_pdf_or_png(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   name: str) -> None:
    # A PDF written under labels.txt opens as garbage in a text editor: a bad option, nothing written.
    assert main(["labels", "--out", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert f"--out must end in .pdf (a PDF) or .png (one PNG a page), not {str(tmp_path / name)!r}" in err
    assert list(tmp_path.iterdir()) == []


def test_cli_takes_an_upper_case_extension(tmp_path: Path) -> None:
    assert main(["labels", "--kinds", "boost", "--out", str(tmp_path / "LABELS.PDF")]) == 0
    assert (tmp_path / "LABELS.PDF").read_bytes().startswith(b"%PDF")


def test_cli_list_prints_the_code_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["labels", "--list"]) == 0
    out = capsys.readouterr().out
    assert "| Command card | `N1` | North (1 of 2) | `IT1-C-N1-8` |" in out


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table in German, as the command line takes it (``COMPANION_LANG``); English afterwards."""
    monkeypatch.setenv("COMPANION_LANG", "de")
    i18n.set_language("de")
    if i18n.language() != "de" or i18n._("North") == "North":
        pytest.skip("no compiled German catalog (scripts/i18n compile)")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_the_labels_name_each_card_in_the_tables_language_whole(german: None, tmp_path: Path) -> None:
    """Issue 22: a German table's labels say its cards in German (the codes stay the same), and no
    name is cut to fit: the longest, a Transmission card's, takes two lines as in English."""
    content = default_content()
    names = shown_names(content)
    assert [names[c.code] for c in all_cards(content)][:2] == [f"{i18n._('North')} (1 von 2)",
                                                                f"{i18n._('North')} (2 von 2)"]
    assert "Übertragung Stufe 3, klares Register 2" in names.values()
    assert names.keys() == {c.code for c in all_cards(content)}
    for name in names.values():
        assert not printed_name(name)[-1].endswith("..."), f"{name!r} is cut on its label"
    assert main(["labels", "--kinds", "boost", "command", "--out", str(tmp_path / "karten.png")]) == 0
    assert (tmp_path / "karten-1.png").exists()


def test_every_english_card_name_is_printed_whole() -> None:
    for card in all_cards(default_content()):
        assert not printed_name(card.name)[-1].endswith("..."), card.name
