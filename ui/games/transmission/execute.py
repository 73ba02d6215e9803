"""Execute: the board after each command, step by step, so the players mirror it with the real pawn."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty

from companion.games.transmission.content.words import module_names
from companion.games.transmission.engine.board import Position
from companion.games.transmission.engine.commands import Command
from companion.games.transmission.table_view import TableView
from companion.i18n import _
from ui import theme
from ui.games.transmission.board import BoardView  # noqa: F401  (a widget its .kv builds)
from ui.games.transmission.cards import COMMAND_ICONS
from ui.screens.base import BaseScreen
from ui.widgets.controls import StripCell


def describe_step(command: Command, before: Position, after: Position, names: dict[str, str]) -> str:
    """What to do on the table for one command (RULES.md, The commands).

    :param names: the modules' names by letter, in the table's language (:func:`module_names`)."""
    def name(letter: str | None) -> str:
        return names.get((letter or "").upper(), letter or "")

    if command.is_move:
        return {"N": _("Move the Cadet pawn one cell north (up)."),
                "E": _("Move the Cadet pawn one cell east (right)."),
                "S": _("Move the Cadet pawn one cell south (down)."),
                "W": _("Move the Cadet pawn one cell west (left).")}[command.value]
    here = before.board[before.cadet]
    if command is Command.COLLECT:
        return _("Pick up the {module}; put the spare hallway tile in its place.").format(module=name(here))
    if command is Command.DEPLOY:
        return _("Put the {device} down here; the hallway tile becomes the spare.").format(
            device=name(before.carrying))
    return _("Turn the {module} over to its green, intact side.").format(module=name(here))


class ExecuteScreen(BaseScreen[TableView]):
    heading = StringProperty("")
    detail = StringProperty("")
    carrying = StringProperty("")
    banner = StringProperty("")
    at_end = BooleanProperty(False)
    at_start = BooleanProperty(True)
    names = DictProperty({})
    devices = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="execute", **kwargs)

    def refresh(self, view: TableView) -> None:
        execution = view.last_execution
        if execution is None:
            return
        self.names = module_names(self.app.content)
        self.devices = sorted(self.app.content.devices)
        total = len(execution.commands)
        k = min(view.shown_steps, total)
        position = execution.positions[k - 1] if k else execution.start
        if k >= total and not self.at_end and self.manager is not None and self.manager.current == self.name:
            # "Next step" has just become "Done" under the finger: a double tap must not leave.
            self.app.hold_actions()
        self.at_start, self.at_end = k == 0, k >= total
        if k == 0:
            self.heading = _("Ready: {n} commands to run").format(n=total)
            self.detail = _("Tap Next step and move the real pawn as each command is shown.")
        else:
            command = execution.commands[k - 1]
            before = execution.positions[k - 2] if k > 1 else execution.start
            self.heading = _("Step {step} of {total}: {command}").format(step=k, total=total,
                                                                          command=_(command.title))
            self.detail = describe_step(command, before, position, self.names)
        titles = {m.id: m.title for m in view.completed}
        done_here = [titles.get(c.mission, _("a mission")) for c in execution.completions if c.step == k]
        self.banner = (_("Mission complete! {missions}").format(missions=", ".join(done_here)) if done_here
                       else "")
        board = self.ids.board
        board.rows = position.rows()
        board.cadet = list(divmod(position.cadet, 5))
        held = self.names.get(position.carrying, position.carrying) if position.carrying else ""
        self.carrying = _("Carrying: {device}").format(device=held) if held else _("Carrying nothing")
        strip = self.ids.strip
        if len(strip.children) != total:
            strip.clear_widgets()
            for _cell in range(total):
                strip.add_widget(StripCell(markup=True, font_size="13sp"))  # "Aufnehmen" on one line
        for i, (cell, command) in enumerate(zip(reversed(strip.children), execution.commands), start=1):
            icon = COMMAND_ICONS[command]
            cell.text = f"[font={theme.SYMBOL_FONT}][size=24sp]{icon}[/size][/font]\n{_(command.title)}"
            current = i == k
            done_step = i < k
            cell.fill = theme.SELECTED if current else (theme.PANEL_LIGHT if done_step else theme.SLOT)
            cell.color = theme.CARD_TEXT if current else (theme.MUTED if done_step else theme.TEXT)
            completes = any(c.step == i for c in execution.completions) and i <= k
            cell.outline = theme.FIXED if completes else (0, 0, 0, 0)

    def previous(self) -> None:
        self.app.intents.previous_step()

    def next(self) -> None:
        if self.at_end:
            self.app.intents.confirm()
        else:
            self.app.intents.next_step()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action == "prev":
            self.previous()
        elif action in ("next", "continue"):
            self.next()
        else:
            return False
        return True

