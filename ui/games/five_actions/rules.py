"""The Five Actions' How to play: four short pages for the family at the table (what the companion
checks and what the players do, a turn, the five actions, the end), read by the Help screen
(:attr:`ui.games.GameScreens.rules`).

Source: ``seeds/five-actions-rules.txt`` (Your turn, Installation, Transmission, Modulation,
Funding, Supply, Patents) and ``docs/five-actions.md`` (Our decisions: pass, the end, the
standings), in our own words.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_
from ui.games import HelpPage, translated_pages

__all__ = ["PAGES", "pages"]

#: ``(tab title, text)`` of each page, marked; :func:`pages` translates them.
PAGES: tuple[tuple[str, str], ...] = (
    (N_("The game"), N_("""\
[b]The companion is your referee and accountant.[/b] You build your wireless network with the \
board and the pieces; the companion checks where a station may go and where Signal tokens go along \
a line, whether an action is Basic or Advanced, what it costs, which Tycoon tile you may take and \
when you earn a Patent. It keeps everyone's money and points.

[b]Setup.[/b] 2 to 4 players, clockwise from the first player, each with a colour and a starting \
Location for their first station. With the printed board you name the Locations and say what the \
companion cannot see.

[b]At the table.[/b] Tap an action and answer its short steps: the last one says what will happen, \
or which rule forbids it, and nothing happens before "Do it". Undo takes back the last action.""")),
    (N_("A turn"), N_("""\
[b]Your turn.[/b] Starting with the first player and going clockwise, each player takes exactly \
one action: Installation, Transmission, Modulation, Funding or Supply. The first player never \
changes. A player who cannot or will not act passes.

[b]The cost.[/b] An action costs an Action tile from its column plus the dollars on the empty \
spaces up to the box you choose: Basic, Advanced, or a Patent waiting above the column. Under \
each action the companion shows what its cheapest box costs you now.

[b]Credit tokens.[/b] Funding and Supply each put one of your Credit tokens in the Credit area; \
Supply costs no Action tile.""")),
    (N_("The actions"), N_("""\
[b]Installation:[/b] your next Wireless Station on a Location next to one of your pieces (Basic: \
Unmodulated, Advanced: Modulated). Gain its bonus and move Signal tokens from the Progress track \
to your Ready area.
[b]Transmission:[/b] 2 Signal tokens from your Ready area along one line from an Unmodulated \
station. Basic only onto empty Locations. At a red arrow the signal is lost.
[b]Modulation:[/b] the same from a Modulated station, plus one step on the Permanent Links track \
and its bonus.
[b]Funding:[/b] a Credit token to the Credit area, a Tycoon tile, then $2 plus $1 per active \
Tycoon.
[b]Supply:[/b] a Credit token only: Action tiles back to their columns, and a Patent when your \
Scientists outnumber your Patents.""")),
    (N_("The end"), N_("""\
[b]The end.[/b] The table decides when the game ends: Menu, End the game.

[b]Scores.[/b] Each player scores their bonus points plus the icons of their activated Patents; \
a Patent still waiting above a column gives none. The companion shows the standings, best \
first.""")),
)


def pages(app: Any) -> tuple[HelpPage, ...]:
    """The pages in the language in use (``app`` is not needed: the rules are the same at any table)."""
    return translated_pages(PAGES)
