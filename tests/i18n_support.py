"""Helpers of the translation tests (issue 22): a pseudo-locale, what a player sees, what does not fit.

- :func:`pseudo_locale`: a catalog made at test time from ``companion/locale/companion.pot`` in which
  every message reads ``⟦Ŝçőŕé⟧`` (placeholders, kv markup and ``%`` formats kept), compiled into a
  temporary folder for :func:`companion.i18n.set_language`.  A string a player sees that is not
  inside ``⟦…⟧`` did not come from the catalog.
- :func:`visible_labels`: every Label (Buttons are Labels) a player can see in the window, popups
  included: its text is not empty, it and every parent are drawn (opacity above 0, a size), and it
  is inside the window.
- :func:`unmarked`: the visible texts that hold words from outside the catalog.  By rule, not by
  list, these are allowed outside ``⟦…⟧``: digits, punctuation, symbols and card glyphs (anything
  that is not a letter), single letters (a register "R", a unit), and the words a test declares as
  data (a name a player typed, a file name, a card title the content pack has not translated yet).
- :func:`misfits`: every visible label whose text is larger than its box (clipped or spilling), or
  whose text is shortened with an ellipsis, or has a word broken across two lines
  (:func:`broken_words`), or that overlaps another visible label.

Nothing here imports Kivy at import time; every function takes the harness's window (or any widget).
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion.i18n import DOMAIN
from companion.lab.catalog import POT, read

#: The code of the pseudo-locale (no real language has it).
PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"

_ACCENTS = str.maketrans(
    "abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ",
    "àƀçđéĝĥíĵķĺńőŕšţúŵýžÀßÇĐÉĜĤÍĴĶĹŃŐŔŠŢÚŴÝŽ")
#: What a pseudo translation keeps as it is: ``{name}``/``{{``, kv markup ``[b]``/``[/color]``,
#: ``%(name)s``/``%d``, and line breaks.
_KEEP = re.compile(r"\{\{|\}\}|\{[^{}]*\}|\[/?[a-z_]+(?:=[^\]]*)?\]|%(?:\([^)]*\))?[-#0 +]*\d*[sdifr%]|\n")
_MARKUP = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")
_INNER = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[^\W\d_]{2,}")


def pseudo(text: str) -> str:
    """``"Score: {n}"`` -> ``"⟦Šçőŕé: {n}⟧"``: accented, marked, every placeholder and tag kept."""
    parts, at = [], 0
    for found in _KEEP.finditer(text):
        parts.append(text[at:found.start()].translate(_ACCENTS))
        parts.append(found.group())
        at = found.end()
    parts.append(text[at:].translate(_ACCENTS))
    return OPEN + "".join(parts) + CLOSE


def pseudo_locale(folder: Path, template: Path = POT) -> Path:
    """Compile the pseudo-locale of ``template`` into ``folder`` and return ``folder`` (the
    ``localedir`` for ``set_language(PSEUDO, localedir=folder)``)."""
    source = read(template)
    catalog = Catalog(locale="de", domain=DOMAIN, charset="utf-8")  # German's plural rule: 2 forms
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple[str, ...] = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context)
    target = folder / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    target.write_bytes(buffer.getvalue())
    return folder


def _walk(root: Any) -> Iterator[Any]:
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))


def shown(widget: Any) -> bool:
    """Whether ``widget`` is drawn: it and every parent have an opacity above 0 and a size."""
    node = widget
    while node is not None:
        if getattr(node, "opacity", 1) <= 0:
            return False
        size = getattr(node, "size", None)
        if size is not None and (size[0] <= 0 or size[1] <= 0):
            return False
        parent = getattr(node, "parent", None)
        node = None if parent is node else parent
    return True


Rect = tuple[float, float, float, float]


def _clip(widget: Any, window: Any) -> Rect:
    """The part of the window ``widget`` can be seen in: the window cut by every StencilView above
    it (a ScrollView shows its content only inside itself)."""
    from kivy.uix.stencilview import StencilView

    left, bottom, right, top = 0.0, 0.0, float(window.width), float(window.height)
    node = getattr(widget, "parent", None)
    while node is not None and node is not window:
        if isinstance(node, StencilView):
            x, y = node.to_window(*node.pos)
            left, bottom = max(left, x), max(bottom, y)
            right, top = min(right, x + node.width), min(top, y + node.height)
        parent = getattr(node, "parent", None)
        node = None if parent is node else parent
    return left, bottom, right, top


def _cut(a: Rect, b: Rect) -> Rect:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _area(rect: Rect, slack: float = 0.0) -> bool:
    return rect[2] - rect[0] > slack and rect[3] - rect[1] > slack


def visible_labels(window: Any) -> list[Any]:
    """Every Label (or Button) under ``window`` a player can see: some text, drawn, on the glass
    (inside every ScrollView it is in)."""
    from kivy.uix.label import Label

    found = []
    for widget in _walk(window):
        if not isinstance(widget, Label) or not widget.text.strip() or not shown(widget):
            continue
        x, y = widget.to_window(*widget.pos)
        if not _area(_cut((x, y, x + widget.width, y + widget.height), _clip(widget, window))):
            continue
        found.append(widget)
    return found


def plain(text: str) -> str:
    """``text`` without kv markup (``[b]``, ``[color=...]``) or its escapes."""
    return _MARKUP.sub("", text).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def outside_catalog(text: str, data: Collection[str] = ()) -> list[str]:
    """The words of ``text`` that are not inside ``⟦…⟧`` (nested marks allowed), nor digits,
    symbols or single letters, nor one of ``data`` (case-sensitive words the test declares)."""
    rest = plain(text)
    for word in sorted(data, key=len, reverse=True):
        rest = rest.replace(word, " ")
    while True:
        inner = _INNER.sub(" ", rest)
        if inner == rest:
            break
        rest = inner
    return [w for w in _WORD.findall(rest) if not all(unicodedata.category(c) == "So" for c in w)]


def unmarked_lines(text: str, data: Collection[str] = ()) -> list[str]:
    """The lines of ``text`` (a whole help, say) that hold words from outside the catalog, each with
    those words: ``"  --seconds SECONDS  answer within ...: ['answer', 'within']"``.  A message may
    run over several lines (argparse wraps it): the marks are matched in the whole text first.
    ``data`` (what a person types: ``--seed``, ``SEED``) is allowed as whole words only."""
    masked = text
    while True:  # blank each marked message, keeping its line breaks, so lines stay where they were
        inner = _INNER.sub(lambda found: re.sub(r"[^\n]", " ", found.group()), masked)
        if inner == masked:
            break
        masked = inner
    for word in sorted(data, key=len, reverse=True):  # whole words only: "N" is no part of "JSON"
        masked = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", masked)
    found = []
    for line, rest in zip(text.splitlines(), masked.splitlines(), strict=True):
        words = outside_catalog(rest)
        if words:
            found.append(f"{line.strip()!r}: {words}")
    return found


def describe(widget: Any) -> str:
    x, y = widget.to_window(*widget.pos)
    return (f"{type(widget).__name__} {widget.text[:70]!r} at ({x:.0f}, {y:.0f}) "
            f"size ({widget.width:.0f}x{widget.height:.0f})")


def unmarked(window: Any, data: Collection[str] = ()) -> list[str]:
    """One line per visible label whose text has words from outside the catalog (see the module)."""
    lines = []
    for label in visible_labels(window):
        words = outside_catalog(label.text, data)
        if words:
            lines.append(f"{describe(label)}: not from the catalog: {words}")
    return lines


def _rect(label: Any) -> Rect:
    """The rectangle the label's text is drawn in, window coordinates (Kivy centres the texture)."""
    cx, cy = label.to_window(label.center_x, label.center_y)
    tw, th = label.texture_size
    return cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2


def _ink(label: Any) -> tuple[float, float]:
    """The size of the label's text as laid out in its box, without the empty room of ``text_size``
    (a label sized to its box by ``text_size`` has a texture as big as the box)."""
    core = getattr(label, "_label", None)
    lines = getattr(core, "_cached_lines", None) if core is not None else None
    if lines:
        width = max((line.w for line in lines), default=0)
        height = sum(line.h for line in lines)
        pad_x, pad_y = label.padding_x, label.padding_y
        return width + 2 * pad_x, height + 2 * pad_y
    return tuple(label.texture_size)  # type: ignore[return-value]


def _natural_height(label: Any) -> float:
    """How high the label's text is laid out at its ``text_size`` width with no height limit and no
    ``max_lines`` (a label limited by either shows only the lines that fit and drops the rest)."""
    core = label._label.__class__(**{name: getattr(label, name) for name in label._font_properties})
    core.options["text_size"] = (label.text_size[0], None)
    core.options["max_lines"] = 0
    core.refresh()
    return float(core.texture.size[1]) if core.texture is not None else 0.0


def _natural_width(label: Any) -> float:
    """How wide the label's longest line would be with room enough (a shortened label's full text)."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=plain(label.text), font_size=label.font_size, font_name=label.font_name,
                     bold=label.bold, italic=label.italic)
    core.refresh()
    return float(core.content_width)


def misfits(window: Any, slack: float = 1.0) -> list[str]:
    """One line per visible label that does not fit: no room at all, its text larger than its box
    (cut by the box, by a ``text_size`` or spilling over), shortened with an ellipsis, a word broken
    across two lines, or overlapping another visible label's text (neither inside the other)."""
    labels = visible_labels(window)
    lines = [f"{describe(label)}: has no room" for label in _squeezed(window)]
    for label in labels:
        ink_w, ink_h = _ink(label)
        if ink_w > label.width + slack or ink_h > label.height + slack:
            lines.append(f"{describe(label)}: text {ink_w:.0f}x{ink_h:.0f} is larger than its box")
            continue
        box = label.text_size
        if box[1] is not None or label.max_lines:
            # Kivy drops the lines a text_size height (or max_lines) cannot hold: the texture fits.
            needed, room = _natural_height(label), min(label.height, label.texture_size[1])
            if needed > room + slack:
                lines.append(f"{describe(label)}: text needs {needed:.0f} px high, shows {room:.0f}")
                continue
        if label.shorten and _cut_short(label):
            lines.append(f"{describe(label)}: shortened to {_laid_text(label)!r}")
            continue
        if label.shorten and box[0] is not None and "\n" not in label.text \
                and _natural_width(label) > box[0] - 2 * label.padding_x + slack:
            lines.append(f"{describe(label)}: shortened (needs {_natural_width(label):.0f} px, has "
                         f"{box[0]:.0f})")
    lines += broken_words(window)
    inks = [(label, _cut(_ink_rect(label), _clip(label, window)), _layer(label, window)) for label in labels]
    for i, (first, a, layer) in enumerate(inks):
        for second, b, other in inks[i + 1:]:
            # A popup covers what is behind it (dimmed): only labels of one layer can collide.
            if layer is other and not _related(first, second) and _area(_cut(a, b), slack):
                lines.append(f"{describe(first)} overlaps {describe(second)}")
    return lines


def broken_words(window: Any) -> list[str]:
    """One line per visible label whose wrapping broke a word across two lines (Kivy breaks a word
    longer than the box, "Verdienstkart" / "en"): the laid-out lines hold more words than the text."""
    lines = []
    for label in visible_labels(window):
        laid = getattr(getattr(label, "_label", None), "_cached_lines", None)
        if not laid:
            continue
        words = sum(len("".join(word.text for word in line.words).split()) for line in laid)
        if words > len(plain(label.text).split()):
            lines.append(f"{describe(label)}: a word is broken across lines")
    return lines


def _laid_text(label: Any) -> str:
    """The text as Kivy laid it out in the label (its lines' words, joined)."""
    core = getattr(label, "_label", None)
    lines = getattr(core, "_cached_lines", None) or ()
    return " ".join("".join(word.text for word in line.words) for line in lines)


def _cut_short(label: Any) -> bool:
    """Kivy drew the text with an ellipsis it does not have ("Rep...eren"): shortened, whatever the
    measured widths say (Kivy keeps a 2 px margin a 1 px slack does not see)."""
    laid = _laid_text(label)
    return bool(laid) and "..." in laid and "..." not in plain(label.text)


def _squeezed(window: Any) -> list[Any]:
    """Labels meant to be seen (text, opacity, parents drawn) that their layout gave no width or
    height: a neighbour took their room."""
    from kivy.uix.label import Label

    found = []
    for widget in _walk(window):
        if isinstance(widget, Label) and widget.text.strip() and widget.opacity > 0 \
                and (widget.width <= 0 or widget.height <= 0) and shown(widget.parent):
            found.append(widget)
    return found


def _ink_rect(label: Any) -> Rect:
    """Where the label's text is drawn, trimmed to its ink by its alignment (window coordinates)."""
    x0, y0, x1, y1 = _rect(label)
    ink_w, ink_h = _ink(label)
    tw, th = label.texture_size
    halign = {"left": 0.0, "auto": 0.0, "right": 1.0}.get(label.halign, 0.5)
    valign = {"top": 1.0, "bottom": 0.0}.get(label.valign, 0.5)
    left = x0 + (tw - ink_w) * halign
    bottom = y0 + (th - ink_h) * valign
    return left, bottom, left + ink_w, bottom + ink_h


def _layer(widget: Any, window: Any) -> Any:
    """The child of the window ``widget`` is drawn in: the app's root, or a popup over it."""
    node = widget
    while getattr(node, "parent", None) is not None and node.parent is not window and node.parent is not node:
        node = node.parent
    return node


def _related(a: Any, b: Any) -> bool:
    """One widget inside the other (a Button's own label drawn over it is no overlap)."""
    return _inside(a, b) or _inside(b, a)


def _inside(widget: Any, ancestor: Any) -> bool:
    node = getattr(widget, "parent", None)
    while node is not None:
        if node is ancestor:
            return True
        parent = getattr(node, "parent", None)
        node = None if parent is node else parent
    return False


def report(lines: Iterable[str]) -> str:
    """The lines of :func:`unmarked` or :func:`misfits`, one to a line, for an assertion message."""
    return "\n  " + "\n  ".join(lines)


def catalog_words(language: str) -> set[str]:
    """Every word (two letters or more) of the translations in ``language``'s catalog
    (``companion/locale/<language>/LC_MESSAGES/companion.po``), placeholders left out."""
    catalog = read(POT.parent / language / "LC_MESSAGES" / f"{DOMAIN}.po", language)
    words: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            words.update(_WORD.findall(_KEEP.sub(" ", plain(text or ""))))
    return words


def foreign_words(text: str, vocabulary: Collection[str]) -> list[str]:
    """The words of ``text`` (two letters or more) that are not in ``vocabulary`` (say,
    :func:`catalog_words`): on a German page, words that did not come from the German catalog."""
    return [w for w in _WORD.findall(plain(text)) if w not in vocabulary]
