"""Printable card labels: one QR code and the card's name per label, A4 or Letter, as a PDF.

A label goes into a card's sleeve, on the back of the card, so the card reader
can scan the card it belongs to.  Sizes (all at :data:`DPI` = 300 dots per
inch, print at 100 %, never "fit to page"):

- a card is 63.5 x 88 mm (the standard card size; the sleeves are 66 x 91 mm);
- a label is :data:`LABEL_MM` = 32 x 42 mm, so it fits on the card's back with room
  to spare, with a thin grey border to cut along;
- the QR code is at least :data:`QR_MIN_MM` = 20 mm wide without its quiet zone
  (4 modules of white on each side, inside the label), error correction M
  (15 % of the code may be unreadable), a whole number of pixels per module and
  modules of at least :data:`MODULE_MIN_MM` = 0.5 mm (codes up to about 250
  characters fit; the default pack's are at most 20);
- under it the card's name (up to two lines, DejaVu Sans when installed,
  otherwise Pillow's own font), then its code in small type, so a label can be
  matched to its card by eye and typed in if a scanner fails.

Pages have 10 mm margins and 2 mm between labels: 30 labels on an A4 page
(5 x 6), 25 on a Letter page (5 x 5), and a footer with the page number and the
label size, to check the print's scale with a ruler.

This module imports nothing of ours: it takes ``(code, name, kind)`` tuples
(``companion.games.transmission.cards.all_cards`` gives them).  Codes should be upper case and use
only QR alphanumeric characters (``0-9 A-Z $%*+-./:`` and space), which keeps the
QR codes small.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import qrcode
import qrcode.constants
from PIL import Image, ImageDraw, ImageFont

from companion.i18n import N_, _

from .exc import LabelError

__all__ = ["DPI", "PAPERS", "LABEL_MM", "QR_MIN_MM", "LabelError", "Sheet", "layout", "render_pages",
           "printed_name", "render_label", "write_pdf", "write_pngs"]

log = logging.getLogger(__name__)

DPI = 300
#: Paper sizes in millimetres (width, height).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: A label's size in millimetres (width, height).
LABEL_MM = (32.0, 42.0)
#: Narrowest QR code, without its quiet zone, in millimetres.
QR_MIN_MM = 20.0
MARGIN_MM = 10.0
GUTTER_MM = 2.0
QUIET_MODULES = 4
#: Smallest QR module (one black or white square), in millimetres: cheap scanners need about 0.5 mm.
MODULE_MIN_MM = 0.5
_FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",)
_BOLD_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",)
_MONO_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",)
#: The words printed beside a label's code (marked; translated when a label is drawn).
_KIND_TITLES = {"command": N_("Command card"), "transmission": N_("Transmission card"),
                "mission": N_("Mission"),
                "boost": N_("Signal Boost"), "module": N_("Module")}


def px(mm: float) -> int:
    """Millimetres to pixels at :data:`DPI`, rounded."""
    return round(mm / 25.4 * DPI)


@dataclass(frozen=True)
class Sheet:
    """How labels sit on a page.

    :param paper: ``"a4"`` or ``"letter"``.
    :param columns: labels across; :param rows: labels down; :param per_page: ``columns * rows``.
    :param label_mm: a label's (width, height) in millimetres.
    :param pages: pages needed for the labels given (set by :func:`layout`).
    """

    paper: str
    columns: int
    rows: int
    label_mm: tuple[float, float]
    pages: int = 0

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def page_px(self) -> tuple[int, int]:
        width, height = PAPERS[self.paper]
        return px(width), px(height)


def layout(paper: str, count: int = 0) -> Sheet:
    """The grid of labels on ``paper`` for ``count`` labels.

    :raises LabelError: for a paper other than ``"a4"`` or ``"letter"``.
    """
    key = paper.lower()
    if key not in PAPERS:
        raise LabelError(_("unknown paper {paper} (known: {known})").format(paper=repr(paper),
                                                                           known=", ".join(PAPERS)))
    width, height = PAPERS[key]
    label_w, label_h = LABEL_MM
    columns = int((width - 2 * MARGIN_MM + GUTTER_MM) // (label_w + GUTTER_MM))
    rows = int((height - 2 * MARGIN_MM + GUTTER_MM) // (label_h + GUTTER_MM))
    pages = math.ceil(count / (columns * rows)) if count else 0
    return Sheet(key, columns, rows, LABEL_MM, pages)


def _font(files: Sequence[str], size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for file in files:
        if os.path.exists(file):
            return ImageFont.truetype(file, size)
    try:
        return ImageFont.load_default(size=size)  # Pillow >= 10.1: a scalable built-in font
    except TypeError:  # older Pillow: one small bitmap font
        return ImageFont.load_default()


def _qr(code: str, box_px: int) -> Image.Image:
    """The QR code of ``code`` with its quiet zone, at least :data:`QR_MIN_MM` wide, at most ``box_px``."""
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=1, border=QUIET_MODULES)
    qr.add_data(code)
    qr.make(fit=True)
    modules = qr.modules_count
    per_module = max(math.ceil(px(QR_MIN_MM) / modules), math.ceil(px(MODULE_MIN_MM)))
    if (modules + 2 * QUIET_MODULES) * per_module > box_px:
        raise LabelError(_("the code {code} is too long for a {qr_mm} mm QR code on a {label_mm} mm label "
                           "(QR version {version})").format(code=repr(code), qr_mm=f"{QR_MIN_MM:g}",
                                                            label_mm=f"{LABEL_MM[0]:g}", version=qr.version))
    image: Image.Image = qr.make_image(fill_color="black", back_color="white").get_image().convert("L")
    side = (modules + 2 * QUIET_MODULES) * per_module
    return image.resize((side, side), Image.Resampling.NEAREST)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
          width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fit_name(draw: ImageDraw.ImageDraw, name: str, width: int) -> tuple[list[str], ImageFont.FreeTypeFont
                                                                      | ImageFont.ImageFont]:
    """The name in at most two lines of the largest size from 8 to 6 pt that fits ``width``."""
    for points in (8, 7.5, 7, 6.5, 6):
        font = _font(_BOLD_FILES, round(points / 72 * DPI))
        lines = _wrap(draw, name, font, width)
        if len(lines) <= 2 and all(draw.textlength(line, font=font) <= width for line in lines):
            return lines, font
    lines = _wrap(draw, name, font, width)[:2]
    while lines and draw.textlength(lines[-1] + "...", font=font) > width and len(lines[-1]) > 1:
        lines[-1] = lines[-1][:-1]
    lines[-1] += "..."
    return lines, font


def printed_name(name: str) -> list[str]:
    """The lines of ``name`` as a label prints them under its QR code (at most two, 8 to 6 pt); a name
    too long for two lines at 6 pt ends its last line with ``...``."""
    draw = ImageDraw.Draw(Image.new("L", (1, 1), 255))
    return _fit_name(draw, name, px(LABEL_MM[0]) - 2 * px(1.5))[0]


def render_label(code: str, name: str, kind: str = "") -> Image.Image:
    """One label, :data:`LABEL_MM` at :data:`DPI`, grayscale (mode ``"L"``).

    :param code: the text of the QR code (and printed small at the bottom).
    :param name: the card's name, printed under the QR code.
    :param kind: ``"command"``, ``"transmission"``, ... printed beside the code (any other text as is).
    :raises LabelError: when ``code`` needs a QR code too big for the label.
    """
    width, height = px(LABEL_MM[0]), px(LABEL_MM[1])
    label = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(label)
    draw.rectangle((0, 0, width - 1, height - 1), outline=0, width=max(1, px(0.15)))
    qr = _qr(code, width - 2 * px(0.5))
    label.paste(qr, ((width - qr.width) // 2, px(0.5)))
    inner = width - 2 * px(1.5)
    lines, font = _fit_name(draw, name, inner)
    y = px(0.5) + qr.height - px(0.8)
    line_h = round(font.size * 1.15) if isinstance(font, ImageFont.FreeTypeFont) else 12
    for line in lines:
        draw.text((width // 2, y), line, fill=0, font=font, anchor="ma")
        y += line_h
    small = _font(_MONO_FILES, round(5.5 / 72 * DPI))
    kind_title = _(_KIND_TITLES[kind]) if kind in _KIND_TITLES else kind
    footer = f"{code}  {kind_title}".strip()
    if draw.textlength(footer, font=small) > inner:
        footer = code
    draw.text((width // 2, height - px(1.2)), footer, fill=0, font=small, anchor="md")
    return label


def render_pages(labels: Sequence[tuple[str, str, str]], paper: str = "a4") -> list[Image.Image]:
    """The pages, bilevel (mode ``"1"``) at :data:`DPI`, labels left to right, top to bottom.

    :param labels: ``(code, name, kind)`` per label.
    :raises LabelError: an unknown paper, or a code too long for a label.
    """
    sheet = layout(paper, len(labels))
    page_w, page_h = sheet.page_px
    label_w, label_h = px(LABEL_MM[0]), px(LABEL_MM[1])
    gutter = px(GUTTER_MM)
    grid_w = sheet.columns * label_w + (sheet.columns - 1) * gutter
    grid_h = sheet.rows * label_h + (sheet.rows - 1) * gutter
    left, top = (page_w - grid_w) // 2, (page_h - grid_h) // 2
    footer_font = _font(_FONT_FILES, round(7 / 72 * DPI))
    pages: list[Image.Image] = []
    for number in range(sheet.pages):
        page = Image.new("L", (page_w, page_h), 255)
        chunk = labels[number * sheet.per_page:(number + 1) * sheet.per_page]
        for i, (code, name, kind) in enumerate(chunk):
            row, col = divmod(i, sheet.columns)
            page.paste(render_label(code, name, kind), (left + col * (label_w + gutter),
                                                         top + row * (label_h + gutter)))
        footer = _("Incoming Transmission card labels - page {page} of {pages} - each label {width} x "
                   "{height} mm: print at 100 %, not 'fit to page'").format(
                       page=number + 1, pages=sheet.pages, width=f"{LABEL_MM[0]:g}",
                       height=f"{LABEL_MM[1]:g}")
        ImageDraw.Draw(page).text((page_w // 2, page_h - px(MARGIN_MM / 2)), footer, fill=0,
                                  font=footer_font, anchor="mm")
        pages.append(page.point(lambda v: 255 if v >= 128 else 0).convert("1", dither=Image.Dither.NONE))
    return pages


def _atomic_save(path: Path, save: object) -> None:
    """Write through a temporary file beside ``path`` and rename it, so a failed write leaves nothing."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        save(tmp)  # type: ignore[operator]
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_pdf(labels: Sequence[tuple[str, str, str]], path: str | os.PathLike[str],
              paper: str = "a4") -> Sheet:
    """Write the labels as a multi-page PDF at :data:`DPI`.

    :returns: the :class:`Sheet` (pages, labels per page, label size).
    :raises LabelError: no labels, an unknown paper, a code too long for a label.
    :raises OSError: the file cannot be written (nothing is left behind).
    """
    if not labels:
        raise LabelError(_("no labels to print"))
    pages = render_pages(labels, paper)
    target = Path(path)
    _atomic_save(target, lambda tmp: pages[0].save(tmp, "PDF", save_all=True, append_images=pages[1:],
                                                   resolution=float(DPI), title=_("Card labels")))
    log.info("wrote %d labels on %d pages to %s", len(labels), len(pages), target)
    return layout(paper, len(labels))


def write_pngs(labels: Sequence[tuple[str, str, str]], stem: str | os.PathLike[str],
               paper: str = "a4") -> list[Path]:
    """Write each page as ``<stem>-<n>.png`` (n from 1) at :data:`DPI`; returns the paths.

    :raises LabelError: as :func:`write_pdf`; :raises OSError: a file cannot be written.
    """
    if not labels:
        raise LabelError(_("no labels to print"))
    base = Path(stem)
    paths = []
    for number, page in enumerate(render_pages(labels, paper), start=1):
        target = base.with_name(f"{base.name}-{number}.png")
        _atomic_save(target, lambda tmp, page=page: page.save(tmp, "PNG", dpi=(DPI, DPI)))
        paths.append(target)
    return paths
