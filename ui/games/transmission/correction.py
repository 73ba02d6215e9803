"""Fix the board: when the table and the app disagree, make the app's board match the table.

Opened from the status strip's Menu ("Fix the board") during a game.  The
board is a copy of the game's: tap a cell to select it (a yellow frame), then

- **Module…**: pick which module lies there (a module already elsewhere swaps
  places with what was here; the carried device is put down here);
- **Hallway**: the cell is a hallway (a module that was here is then missing);
- **Flip side**: intact <-> damaged;
- **Cadet here**: the pawn stands on this cell;
- **Carrying…**: the device the Cadet holds, or nothing (a device picked from
  the board leaves a hallway behind; the device held before is put down on the
  Cadet's cell if it is a hallway, else it is missing and the message says where
  to put it).

Every module must be somewhere (on the board or carried); what is missing is
said at once ("Fusion Core is missing"), as is anything else the rules object
to (:func:`companion.games.transmission.engine.correction.correction_reason`: a correction while chance
is drawing, a board on which no order of the Cadet's cards could run), and
Save waits until it is fixed.  Save records the correction as an action (``Session.correct_board``, which
refuses with a sentence if the rules object, and nothing changes); Cancel
leaves the game as it was.  Referee notation (RULES.md): ``.`` a hallway,
upper-case an intact module, lower-case a damaged one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line
from kivy.metrics import dp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty

from companion.games.transmission.board_draft import BoardDraft, board_problem, missing_modules
from companion.games.transmission.content.model import ContentPack
from companion.games.transmission.content.words import module_names
from companion.games.transmission.engine.board import HALLWAY, SIZE
from companion.games.transmission.engine.correction import PHASES
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from ui import theme
from ui.games.transmission.board import BoardView
from ui.popups import GuardedPopup
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

#: The selected cell's frame (not the Cadet's yellow: both can be on one cell).
SELECTION = (0.35, 0.85, 1.0, 1)


class EditableBoard(BoardView):
    """The board with a selected cell (a thick frame); a tap selects (``on_cell(row, col)``)."""

    selected = ListProperty([])

    __events__ = ("on_cell",)

    def __init__(self, **kwargs: Any) -> None:
        self._mark = InstructionGroup()
        super().__init__(**kwargs)
        self.canvas.add(self._mark)
        trigger = Clock.create_trigger(self._draw_mark, -1)
        for name in ("selected", "pos", "size", "show_compass"):
            self.fbind(name, trigger)

    def on_cell(self, row: int, col: int) -> None:
        pass

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under ``(x, y)`` (parent coordinates), or ``None`` off the grid."""
        s = self.cell_size
        left = self.center_x - 2.5 * s
        top = self.center_y + 2.5 * s
        col, row = int((x - left) // s), int((top - y) // s)
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return row, col
        return None

    def on_touch_down(self, touch: Any) -> bool:
        if self.disabled or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        cell = self.cell_at(*touch.pos)
        if cell is not None:
            self.dispatch("on_cell", *cell)
        return True

    def _draw_mark(self, *_: object) -> None:
        self._mark.clear()
        if len(self.selected) != 2:
            return
        s = self.cell_size
        x, y = self.cell_origin(int(self.selected[0]), int(self.selected[1]))
        self._mark.add(Color(*SELECTION))
        self._mark.add(Line(rectangle=(x - 1, y - 1, s + 2, s + 2), width=dp(3)))
        self._mark.add(Color(0, 0, 0, 0.7))
        self._mark.add(Line(rectangle=(x + dp(3), y + dp(3), s - dp(6), s - dp(6)), width=1))


#: A button of a :class:`TilePicker`: its label, the module letter it picks (``None``: nothing), its colour.
TileChoice = tuple[str, str | None, Sequence[float]]


class TilePicker(GuardedPopup):
    """A grid of big buttons to pick a module (``"F  Fusion Core"``), or "Nothing".

    :param choices: ``(label, value, colour)``; ``on_pick(value)`` runs after the popup closes.
    """

    title = StringProperty("")

    def __init__(self, title: str, choices: Sequence[TileChoice], on_pick: Callable[[str | None], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self._on_pick = on_pick
        grid = self.ids.grid
        for label, value, colour in choices:
            button = BigButton(text=label, fill=colour, height=dp(56))
            button.bind(on_release=lambda _b, v=value: self.pick(v))
            grid.add_widget(button)

    def pick(self, value: str | None) -> None:
        self.dismiss()
        self._on_pick(value)

    def handle_key_event(self, key: int, codepoint: str | None, action: str | None) -> bool:
        """Escape closes the picker; other keys do nothing behind it."""
        if action == "back":
            self.dismiss()
        return True


class CorrectionScreen(BaseScreen[TableView]):
    """The board correction editor (see the module docstring)."""

    rows = ListProperty(["....."] * SIZE)
    cadet = ListProperty([2, 2])
    carrying = StringProperty("")
    selected = ListProperty([])
    names = DictProperty({})
    devices = ListProperty([])
    #: What keeps Save from working (a missing module), or "".
    problem = StringProperty("")
    selection_text = StringProperty("")
    carrying_text = StringProperty("")
    changed = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="correction", **kwargs)
        self._original: tuple[tuple[str, ...], tuple[int, int], str] = ((), (2, 2), "")

    @property
    def content(self) -> ContentPack:
        return self.app.content

    def start(self, rows: Sequence[str], cadet: Sequence[int], carrying: str | None) -> None:
        """Begin editing a copy of this board (the game's board is untouched until Save)."""
        self.devices = sorted(self.content.devices)
        self.names = self.module_names()
        self.rows = list(rows)
        self.cadet = list(cadet)
        self.carrying = carrying or ""
        self._original = (tuple(rows), (int(cadet[0]), int(cadet[1])), carrying or "")
        self.selected = list(cadet)
        self._update()

    def module_names(self) -> dict[str, str]:
        """The modules' names by letter, in the table's language (:func:`module_names`)."""
        return module_names(self.content)

    # ------------------------------------------------------------------ edits

    def select(self, row: int, col: int) -> None:
        self.selected = [row, col]
        self._update()

    def _cell(self) -> tuple[int, int] | None:
        return (int(self.selected[0]), int(self.selected[1])) if len(self.selected) == 2 else None

    def _tile(self, cell: tuple[int, int]) -> str:
        return str(self.rows[cell[0]][cell[1]])

    def _draft(self) -> BoardDraft:
        """The board being edited, for one of :class:`BoardDraft`'s moves (the terminal's ``fix`` makes
        the same ones)."""
        return BoardDraft(self.content, list(self.rows), (int(self.cadet[0]), int(self.cadet[1])),
                          self.carrying)

    def _keep(self, draft: BoardDraft) -> None:
        self.rows = list(draft.rows)
        self.cadet = list(draft.cadet)
        self.carrying = draft.carrying
        self._update()

    def put_module(self, letter: str | None) -> None:
        """Put ``letter`` on the selected cell (:meth:`BoardDraft.put_module`: elsewhere on the board,
        the two cells swap; carried, it is put down here; missing, it appears here, intact)."""
        cell = self._cell()
        if cell is None or letter is None:  # the module picker offers no "Nothing"
            return
        draft = self._draft()
        draft.put_module(cell, letter)
        self._keep(draft)

    def make_hallway(self) -> None:
        cell = self._cell()
        if cell is None:
            return
        draft = self._draft()
        draft.make_hallway(cell)
        self._keep(draft)

    def flip(self) -> None:
        """Turn the selected module to its other side (intact <-> damaged)."""
        cell = self._cell()
        if cell is None:
            return
        draft = self._draft()
        why = draft.flip(cell)
        if why:
            self.app.show_message(why, "error")
            return
        self._keep(draft)

    def cadet_here(self) -> None:
        cell = self._cell()
        if cell is not None:
            self.cadet = list(cell)
            self._update()

    def set_carrying(self, letter: str | None) -> None:
        """The Cadet carries ``letter`` (a device), or nothing (:meth:`BoardDraft.set_carrying`: taken
        from the board, it leaves a hallway; the device held before is put down where the Cadet stands
        if that is a hallway, else it is missing and the message says where to put it)."""
        draft = self._draft()
        said = draft.set_carrying(letter)
        self._keep(draft)
        if said:
            self.app.show_message(said, "info" if not draft.problem else "error")

    # ------------------------------------------------------------------ pickers

    def choose_module(self) -> TilePicker | None:
        if self._cell() is None:
            return None
        names = self.module_names()
        missing = set(missing_modules(self.content, self.rows, self.carrying or None))
        choices = [(_("{letter}  {module}  (missing)").format(letter=m.letter, module=name)
                    if name in missing else f"{m.letter}  {name}", m.letter,
                    theme.DANGER if name in missing else (theme.ACCENT if m.letter in self.devices
                                                          else theme.SECONDARY))
                   for m in self.content.modules for name in [names[m.letter]]]
        picker = TilePicker(_("Which module lies on this cell?"), choices, self.put_module)
        picker.open()
        return picker

    def choose_carrying(self) -> TilePicker:
        names = self.module_names()
        choices: list[TileChoice] = [(_("Nothing"), None, theme.SECONDARY)]
        choices += [(f"{letter}  {names[letter]}", letter, theme.ACCENT)
                    for letter in self.devices]
        picker = TilePicker(_("What does the Cadet carry?"), choices, self.set_carrying)
        picker.open()
        return picker

    # ------------------------------------------------------------------ save, cancel

    def save(self) -> bool:
        """Record the correction (``Session.correct_board``); back to the game when accepted."""
        self._update()
        if self.problem:
            self.app.show_message(self.problem, "error")
            return False
        if not self.changed:
            self.app.close_correction()
            return True
        rows, cadet, carrying = self.board()
        if not self.app.intents.correct_board(rows, cadet, carrying):
            view = self.app.table_view()
            if view is not None and view.message and not self.app.message:
                self.app.show_message(view.message, "error")
            return False
        view = self.app.table_view()
        said = view.message if view is not None else ""
        self.app.close_correction()
        self.app.show_message(said or _("Board corrected."), "info")
        return True

    def cancel(self) -> None:
        self.app.close_correction()

    def board(self) -> tuple[list[str], tuple[int, int], str | None]:
        """The edited board: rows, the Cadet's cell, the carried device (``None``: nothing)."""
        return list(self.rows), (int(self.cadet[0]), int(self.cadet[1])), (self.carrying or None)

    def retranslate(self) -> None:
        """The language changed while the board is being fixed: its lines again, in the new language
        (the edits so far are kept; the message bar keeps what it said)."""
        self.names = self.module_names()
        self._describe()

    def _update(self) -> None:
        self.app.clear_message()  # the last refusal was about the board before this edit
        self._describe()

    def _describe(self) -> None:
        """Say what the edited board is: what keeps Save from working, the selected cell, what the
        Cadet carries (in the table's language)."""
        names = self.module_names()
        rows, cadet, carrying = self.board()
        self.changed = (tuple(rows), cadet, carrying or "") != self._original
        self.problem = self._problem(rows, cadet, carrying)
        cell = self._cell()
        if cell is None:
            self.selection_text = _("Tap a cell on the board.")
        else:
            tile = self._tile(cell)
            module = names.get(tile.upper(), tile)
            what = (_("a hallway") if tile == HALLWAY else
                    _("{module}, intact").format(module=module) if tile.isupper() else
                    _("{module}, damaged").format(module=module))
            where = _("Row {row}, column {column}: {what}").format(row=cell[0] + 1, column=cell[1] + 1,
                                                                   what=what)
            if list(cell) == list(self.cadet):
                where = _("{cell} · the Cadet is here").format(cell=where)
            self.selection_text = where
        self.carrying_text = (_("Carrying: {device}").format(device=names.get(self.carrying, self.carrying))
                              if self.carrying else _("Carrying: nothing"))

    def _problem(self, rows: list[str], cadet: tuple[int, int], carrying: str | None) -> str:
        """What the rules object to (``companion.games.transmission.engine.correction.correction_reason``),
        as a sentence.

        A missing module is said first in the table's words ("Fusion Core is missing"); an unchanged
        board is no problem (only a phase in which no correction is possible is said).
        """
        missing = board_problem(self.content, rows, carrying)
        if missing:
            return missing
        view = self.app.table_view()
        if view is None:
            return ""
        if not self.changed:
            if view.phase in PHASES:
                return ""
            rows_before, cadet_before, carrying_before = self._original
            why = self.app.intents.correction_problem(rows_before, cadet_before, carrying_before or None)
        else:
            why = self.app.intents.correction_problem(rows, cadet, carrying)
        return f"{why[:1].upper()}{why[1:]}." if why else ""

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "back":
            self.cancel()
            return True
        if action == "continue":
            self.save()
            return True
        return False
