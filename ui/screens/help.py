"""How to play: the rules of one game, in plain words, a page at a time.

Each game brings its own pages (:attr:`ui.games.GameScreens.rules`): Home's How to play shows the
chosen game's, a game's Menu the running game's (:meth:`ui.app.CompanionApp.open_help`), and Back
returns where it was opened from (the game, unchanged, or Home).  A game of several pages shows a
tab per page (←/→ move between them); Incoming Transmission's rules are one page.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.i18n import N_, _
from ui import theme
from ui.games import HelpPage
from ui.screens.base import BaseScreen
from ui.widgets.controls import BigButton

__all__ = ["HelpScreen", "NO_RULES"]

#: What the page says for a game that brings no How to play.
NO_RULES = N_("This game has no How to play pages yet: its rulebook is the guide.")


class HelpScreen(BaseScreen[None]):
    #: The page shown: its text (kv markup).
    rules_text = StringProperty("")
    back_text = StringProperty("")
    #: The game whose rules these are (its title, translated).
    game_title = StringProperty("")
    #: The page shown (0-based) and the pages' tab titles (none with one page).
    page = NumericProperty(0)
    titles = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="help", **kwargs)
        self.pages: tuple[HelpPage, ...] = ()

    def on_pre_enter(self, *_args: object) -> None:
        """Fill the pages of the game the app says (a language switch fills them again, keeping the page)."""
        app = self.app
        self.game_title, rules = app.shelf.rules(app.help_game)
        self.pages = tuple(rules.load()(app)) if rules is not None else ((_("How to play"), _(NO_RULES)),)
        self.titles = [title for title, _text in self.pages] if len(self.pages) > 1 else []
        self.back_text = _("Back to the game") if app.help_over_game else _("Back")
        self.fill_tabs()
        self.show_page(self.page)

    def on_leave(self, *_args: object) -> None:
        self.page = 0  # the next opening starts on the first page

    def fill_tabs(self) -> None:
        """One button per page (none with one page): a tap shows that page."""
        row = self.ids.tabs
        row.clear_widgets()
        for at, title in enumerate(self.titles):
            tab = BigButton(text=title, height=theme.SMALL_BUTTON_HEIGHT)
            tab.bind(on_release=functools.partial(self._tapped, at))
            row.add_widget(tab)

    def _tapped(self, at: int, *_args: object) -> None:
        self.show_page(at)

    def show_page(self, page: int) -> None:
        """Show page ``page`` (kept within the pages); its tab is lit and underlined."""
        self.page = max(0, min(page, len(self.pages) - 1))
        self.rules_text = self.pages[self.page][1] if self.pages else ""
        tabs = list(reversed(self.ids.tabs.children))
        for at, tab in enumerate(tabs):
            tab.fill = theme.ACCENT if at == self.page else theme.SECONDARY
            tab.underline = at == self.page  # not by colour alone
        self.ids.scroll.scroll_y = 1

    def back(self) -> None:
        """Back to the game it was opened from (the Menu), else Home."""
        self.app.close_help()

    def handle_key(self, action: str, arg: int | None) -> bool:
        if action in ("continue", "back"):
            self.back()
            return True
        if action in ("prev", "next"):
            self.show_page(self.page + (1 if action == "next" else -1))
            return True
        return False
