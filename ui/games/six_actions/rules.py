"""The Six Actions' How to play: four short pages for the family at the table (what the companion
keeps and what the players do, a turn, the six actions, the end), read by the Help screen
(:attr:`ui.games.GameScreens.rules`).

Source: ``seeds/six-actions-rules.txt`` (Action tokens, Build, Share, Muster, Strategy actions,
Politics, Loans, Emergency loan, Promissory notes) and ``docs/six-actions.md`` (Our decisions: turns,
the round's end, the settlement and its winner, as main's docs/six-actions.md decides it), in our own
words.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_
from ui.games import HelpPage, translated_pages

__all__ = ["PAGES", "pages"]

#: ``(tab title, text)`` of each page, marked; :func:`pages` translates them.
PAGES: tuple[tuple[str, str], ...] = (
    (N_("The game"), N_("""\
[b]The companion is your banker and referee.[/b] You play with the board, the cards and the \
pieces; the companion keeps the books: whose turn it is, the action tokens left, what each action \
costs and whom you pay, the loans and Promissory Notes, and the settlement at the end. Every \
payment is a line of the ledger.

[b]Setup.[/b] 2 to 5 players, each with a colour, and the first Tycoon. With the pack's map the \
companion counts the golden roads; with the printed board you name the city and count the road.

[b]At the table.[/b] Each player's panel shows their Cr, Influence, Asset Value, Promoters, \
shares, notes and tokens. Tap an action and answer its short steps: nothing happens before \
"Do it". Undo takes back the last action.""")),
    (N_("A turn"), N_("""\
[b]Your turn.[/b] Take one action and mark it with an action token, or pass. Everyone has 2 \
action tokens, the Tycoon 3. Each token goes on a different action; only a +1 Action token can \
repeat one, one per turn. Then tap End turn.

[b]The round.[/b] The Tycoon starts, then the others in seat order. A pass is final for the \
round. The round ends when every player has passed or placed all their tokens.

[b]The round's end.[/b] Enter Revenue and Dividends, then start the next round (name its \
Tycoon) or end the game.

[b]Free, at any moment:[/b] an Emergency Loan (up to 25 Cr and a Promissory Note; the companion \
takes it for you when you cannot pay), a Merit card, and an adjustment for anything the \
companion does not count itself.""")),
    (N_("The actions"), N_("""\
[b]Build:[/b] put an Industry card's plant in an empty city. For each sector icon pay that \
sector's leader (nothing if you lead it). Gain the card's steps and Influence and the city and \
region bonus.
[b]Share:[/b] pay an opponent the value of their cheapest share and keep it; gain 2 for each \
opponent share you hold.
[b]Muster:[/b] move 1 to 6 Promoters from your hand to your Strategy Pool, then draw a Merit card.
[b]Strategy:[/b] discard Promoters from your Strategy Pool for a space's bonus. Administration is \
always open; every other space only once per game.
[b]Politics:[/b] gain the Politics bonus of every Policy you own, and a Favor token.
[b]Loan:[/b] take your loan level in Cr and a Promissory Note, and move one Finance step up.""")),
    (N_("The end"), N_("""\
[b]The last round.[/b] After a round's Revenue and Dividends the table decides to end the game: \
tap End the game.

[b]Settlement.[/b] Each player repays as many Promissory Notes as they can afford, 50 Cr each. \
Each unpaid note costs 50 Asset Value and 7 Influence. Nobody may hold more than 10 notes.

[b]The winner.[/b] The most Asset Value wins; on a tie the most Influence, then the most Cr. The \
companion names the winner beside each player's figures.""")),
)


def pages(app: Any) -> tuple[HelpPage, ...]:
    """The pages in the language in use (``app`` is not needed: the rules are the same at any table)."""
    return translated_pages(PAGES)
