"""Widgets shared by every game's screens: big buttons, toggles, the message bar, the status strip.

Every widget here draws only what it is given (a title, a message); none reads a session, so none
can show a secret.  Their look lives in one ``.kv`` beside each module (:data:`KV_FILES`); colours and
sizes in :mod:`ui.theme`.  A game's own widgets (Transmission's board and cards) are in its folder
under ``ui/games/``.

- :mod:`ui.widgets.text`: cached text textures drawn on a canvas (:func:`~ui.widgets.text.blit`).
- :mod:`ui.widgets.controls`: :class:`~ui.widgets.controls.BigButton`,
  :class:`~ui.widgets.controls.BigToggle`, :class:`~ui.widgets.controls.MessageBar`,
  :class:`~ui.widgets.controls.StatusStrip` (with the Menu button), panels and labels.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["KV_FILES"]

#: The rules of these widgets; the app loads them in ``build()`` (see ``ui.registry.load_kv_files``).
KV_FILES = (Path(__file__).with_name("controls.kv"),)
