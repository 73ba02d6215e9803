"""``companion labels``: a printable sheet of QR labels, one per physical card (issue 4, labels).

Each label carries the card's code (:mod:`companion.games.transmission.cards`) as a QR code, its
name and the code in small type, sized to go into the card's sleeve
(:mod:`hardware.labels` gives the sizes).  ``--list`` prints the table of every
card's code instead (the text of ``hardware/CARD-CODES.md`` for the default pack).

The drawing lives in ``hardware/labels.py`` (qrcode + Pillow), imported only
when a sheet is made, so ``companion --help`` stays light.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.games.transmission.cards import KINDS, CardCodeError, all_cards, card_codes_markdown

__all__ = ["register"]

PAPERS = ("a4", "letter")


def register(add: Callable[[str, str, Sequence[argparse.ArgumentParser]], argparse.ArgumentParser],
             pack: argparse.ArgumentParser) -> None:
    """Add ``labels`` to the ``companion`` command line (:data:`companion.cli.main.EXTENSIONS`)."""
    labels = add("labels", "print a sheet of QR labels for the card sleeves, so the reader can scan "
                 "the cards", [pack])
    labels.add_argument("--paper", choices=PAPERS, default="a4", type=str.lower,
                        help="paper size (default: a4)")
    labels.add_argument("--out", metavar="FILE", default="labels.pdf",
                        help="the PDF to write (default: labels.pdf); a name ending .png writes one PNG "
                             "per page instead, FILE-1.png, FILE-2.png, ...; any other ending is refused")
    labels.add_argument("--kinds", nargs="+", choices=KINDS, metavar="KIND", default=None,
                        help=f"only these kinds of cards ({', '.join(KINDS)}; default: all)")
    labels.add_argument("--list", action="store_true",
                        help="print the table of every card's code (Markdown) instead of writing labels")
    labels.set_defaults(handler=_cmd_labels)


def _writable(out: Path) -> str | None:
    """Why ``out`` cannot be written, or ``None``."""
    parent = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        return "it is a folder"
    if not parent.is_dir():
        return f"the folder {str(parent)!r} does not exist"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"the folder {str(parent)!r} is not writable"
    if out.exists() and not os.access(out, os.W_OK):
        return "the file is not writable"
    return None


def _cmd_labels(args: argparse.Namespace) -> int:
    from companion.cli.main import EXIT_OK, EXIT_USAGE, _content, _Failure, _out

    content = _content(args)
    try:
        cards = all_cards(content)
    except CardCodeError as exc:
        raise _Failure(f"content pack: {exc}") from None
    if args.list:
        _out(card_codes_markdown(content).rstrip("\n"))
        return EXIT_OK
    if args.kinds:
        cards = tuple(card for card in cards if card.kind in args.kinds)
    out = Path(args.out).expanduser()
    if out.suffix.lower() not in (".pdf", ".png"):
        # The suffix picks the format: any other name would hold a PDF that its name misdescribes.
        raise _Failure(f"--out must end in .pdf (a PDF) or .png (one PNG a page), not {str(out)!r}",
                       EXIT_USAGE)
    problem = _writable(out)
    if problem is not None:
        raise _Failure(f"cannot write {str(out)!r}: {problem}")

    from hardware import labels

    rows = [(card.code, card.name, card.kind) for card in cards]
    try:
        if out.suffix.lower() == ".png":
            written = labels.write_pngs(rows, out.with_suffix(""), args.paper)
        else:
            labels.write_pdf(rows, out, args.paper)
            written = [out]
    except labels.LabelError as exc:
        raise _Failure(str(exc)) from None
    except OSError as exc:
        raise _Failure(f"cannot write {str(out)!r}: {exc.strerror or exc}") from None
    sheet = labels.layout(args.paper, len(rows))
    width, height = sheet.label_mm
    pages = f"{sheet.pages} page{'s' if sheet.pages != 1 else ''}"
    _out(f"{len(rows)} labels on {pages} ({args.paper.upper() if args.paper == 'a4' else 'Letter'}, "
         f"{sheet.per_page} a page), each {width:g} x {height:g} mm: {', '.join(map(str, written))}")
    _out("Print at 100 % (not 'fit to page'); the footer names the label size to check with a ruler.")
    return EXIT_OK
