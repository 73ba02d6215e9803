"""The keyboard shortcuts: which key means which table action (the panel's buttons send the same keys)."""

from __future__ import annotations

from companion.i18n import N_

__all__ = ["ACTIONS_KEYS_HELP", "KEYMAP", "KEYS_HELP"]

#: Incoming Transmission's keyboard shortcuts, as Home lists them while it is the chosen game
#: (:attr:`ui.games.GameScreens.keys`).
KEYS_HELP = N_("Keys:  Enter/Space continue or execute (Transmit button)  ·  1–5 put the card in a "
               "register  ·  0 leave out  ·  Backspace take back  ·  ←/→ choose a card or step  ·  "
               "B boosts (Boost button)  ·  Esc back (Back button)")

#: The Six Actions' and the Five Actions' keyboard shortcuts (their screens take only these two: no
#: registers, no cards, no Signal Boost), as Home lists them while one of them is the chosen game.
ACTIONS_KEYS_HELP = N_("Keys:  Enter/Space start or confirm (Transmit button)  ·  "
                       "Esc undo or one step back (Back button)")

#: Kivy keycode -> (action, argument).  Screens implement ``handle_key(action, arg)``.
KEYMAP: dict[int, tuple[str, int | None]] = {
    13: ("continue", None), 271: ("continue", None), 32: ("continue", None),
    8: ("take_back", None), 127: ("take_back", None),
    27: ("back", None),
    276: ("prev", None), 275: ("next", None),
    98: ("boosts", None),
    48: ("place", 0), 256: ("place", 0),
    **{48 + n: ("place", n) for n in range(1, 6)},
    **{256 + n: ("place", n) for n in range(1, 6)},
}
