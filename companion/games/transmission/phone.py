"""A person as Mission Control whose private screen is their own phone (issue 23).

Source: RULES.md, With a person as Mission Control.  A :class:`PhoneSession` is a
:class:`~companion.games.transmission.person.PersonSession` whose Mission Control screen is a phone
page (``ui/phone/``) instead of a popup on the touchscreen.  While a phone holds the seat
(:meth:`PhoneSession.hold_seat`) the seat stays open for the whole game: the phone reads
:meth:`~companion.games.transmission.person.PersonSession.seat_view` (the one guard of the secrets)
and sends the same intents the touchscreen's Mission Control screen sends.  What differs:

- the table's words say "on their phone" (:meth:`PhoneSession.waiting_for`), and the table's view
  reports the seat open only while Mission Control has a private step to do (missions, selection,
  error card), so the Cadet's screens and the card reader behave as in a game without the seat open;
- a Command card scanned while decoding, and a Transmission card, belong to the table even while the
  phone holds the seat (:meth:`PhoneSession.scan`);
- when the phone link is lost for good (:meth:`PhoneSession.release_seat`) the seat closes and the
  touchscreen's own Mission Control screen works as before: nothing of the game is lost.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.transmission.intents import ScannedCard
from companion.games.transmission.person import PersonSession
from companion.games.transmission.session import Session, Step
from companion.games.transmission.table_view import TableView
from companion.i18n import N_, _

__all__ = ["PhoneSession"]

#: The table's words while the phone holds the seat (translated where shown).
ON_PHONE_MISSIONS = N_("Mission Control: draw {count} Mission cards and enter them on your phone.")
ON_PHONE_SELECT = N_("Mission Control is choosing 5 commands on their phone.")
ON_PHONE_ERROR = N_("Mission Control: draw the error card from your 6 unselected Command cards and enter "
                    "it on your phone.")
ON_PHONE_HAND = N_("Mission Control: hand the cards over as your phone says.")
ON_PHONE_ANSWER = N_("Mission Control answers the Signal Boost aloud (it is on their phone).")


class PhoneSession(PersonSession):
    """A :class:`PersonSession` played with Mission Control's phone (see the module docstring)."""

    #: Who is Mission Control, as Setup and the saved game say it (the record keeps ``"person"``).
    seat_kind = "phone"

    def hold_seat(self) -> bool:
        """A phone took the Mission Control seat: the seat opens (refused once the game is over)."""
        if self.seat_open:
            return True
        return self.open_seat()

    def release_seat(self) -> bool:
        """The phone link is gone (the server stopped or failed): the touchscreen's screen takes over."""
        if not self.seat_open:
            return True
        return self.close_seat()

    @property
    def private_step(self) -> bool:
        """True while Mission Control has something to do on their screen that the table waits for."""
        return self.step is Step.THINKING or self.awaiting_missions or self.awaiting_error

    def waiting_for(self) -> str:
        """What the table waits for Mission Control to do, for everyone to read: "on their phone"."""
        if not self.seat_open:
            return super().waiting_for()
        if self.awaiting_missions:
            count = self.content.difficulty(self.game.state.difficulty).missions
            return _(ON_PHONE_MISSIONS).format(count=count)
        if self.step is Step.THINKING:
            return _(ON_PHONE_SELECT)
        if self.awaiting_error:
            return _(ON_PHONE_ERROR)
        if self.step is Step.TRANSMISSION:
            return _(ON_PHONE_HAND)
        if self.seat_view().answer:
            return _(ON_PHONE_ANSWER)
        return ""

    def view(self) -> TableView:
        """The table's view: the seat reads as open only during a private step (see the module
        docstring), so the Cadet's screens are not held behind a phone that is only watching."""
        base = super().view()
        return replace(base, seat_open=self.seat_open and self.private_step)

    def scan(self, card: ScannedCard) -> bool:
        """A scanned card: Transmission cards and Command cards while decoding go to the table, the
        others to the seat as :meth:`PersonSession.scan` routes them."""
        if self.seat_open and (card.kind == "transmission"
                               or (card.kind == "command" and self.step is Step.DECODE)):
            return Session.scan(self, card)
        return super().scan(card)

    def record_seat(self) -> str:
        """``"phone"``: Setup's seat for this game (play again offers the phone again)."""
        return self.seat_kind
