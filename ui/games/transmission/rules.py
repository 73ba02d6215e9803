"""Incoming Transmission's How to play: its rules in plain words (RULES.md: Components, The
commands, Missions, A transmission, Score), one page (:attr:`ui.games.GameScreens.rules`)."""

from __future__ import annotations

from typing import Any

from companion.games.transmission.content.model import ContentPack
from companion.i18n import N_, _, ngettext
from ui.games import HelpPage
from ui.screens.base import number_word

__all__ = ["RULES_TEXT", "pages", "rules_text"]

#: The one page's tab title (no tab shows for a single page).
TITLE = N_("The rules")

#: The rules; ``{missions}`` and ``{all_of_them}`` come from :func:`rules_text`.
RULES_TEXT = N_("""\
[b]The goal.[/b] You are the Cadet on a damaged space station. Mission Control (this screen) \
has {missions}: each asks for two modules side by side, both on their green (intact) \
side. Complete {all_of_them} before the Transmission cards run out.

[b]The board.[/b] 5 by 5 cells: modules (green [font=DejaVuSans]✓[/font] = intact, \
red ! = damaged) and hallways. \
Stations never move; devices can be picked up and put down again.

[b]Each transmission:[/b]
1. Mission Control secretly picks 5 Command cards in an order that works.
2. A Transmission card is revealed. A [i]clear signal[/i] hands you one card face up in its \
register. [i]Interference[/i] adds one or two error cards: leave that many cards out.
3. The other cards are shuffled and handed to you.
4. Decode: put the cards in registers 1 to 5 in the order you think Mission Control meant. \
Look at the board: which moves make sense?
5. Execute: the commands run one by one. Move the real pawn along with the screen. \
An impossible order (walking off the board, collecting a station...) is refused: \
nothing happens and you can rearrange.

[b]The commands.[/b] North, East, South, West move the Cadet one cell. Collect picks up the \
intact device you stand on (the spare hallway fills its cell). Deploy puts the device you carry \
onto the hallway you stand on. Repair turns the damaged module you stand on to its intact side.

[b]Signal Boosts[/b] are earned for each completed mission and spent while decoding:
· Clear Signal: name a register, Mission Control fixes its command there.
· Cross Check: name a card, Mission Control says which register it belongs in.
· Debug: throw out the error card.
· Abort: propose a full order; Mission Control says Yes if it does what was intended.

[b]Score.[/b] 100 per mission; on a win, 50 per unused Transmission card and 25 per unused \
Signal Boost; times 0.5, 1, 1.5 or 2 for Training, Standard, Hard or Expert.\
""")


def rules_text(content: ContentPack, difficulty: str | None) -> str:
    """The rules, with the number of secret missions from the content pack.

    ``difficulty``: the game's (or Setup's) preset; the count is said as a number when that
    preset is known, or when every preset deals the same number, else "the secret missions".
    """
    counts = {d.missions for d in content.difficulties}
    count: int | None = None
    if difficulty is not None:
        try:
            count = content.difficulty(difficulty).missions
        except KeyError:
            count = None
    if count is None and len(counts) == 1:
        count = counts.pop()
    if count is None:
        missions, all_of_them = _("the secret missions"), _("them all")
    else:
        word = number_word(count)
        missions = ngettext("{word} secret mission", "{word} secret missions", count).format(word=word)
        all_of_them = ngettext("it", "all {word}", count).format(word=word)
    return _(RULES_TEXT).format(missions=missions, all_of_them=all_of_them)


def pages(app: Any) -> tuple[HelpPage, ...]:
    """The rules as How to play shows them: the number of secret missions of the game on the table
    (``app.table_view()``), else of every preset when they agree.

    :param app: the running app (:class:`ui.host.Host`): its content pack and table view.
    """
    view = app.table_view()
    difficulty = view.difficulty if view is not None else None
    return ((_(TITLE), rules_text(app.content, difficulty)),)
