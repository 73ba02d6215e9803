"""Translated text in kv rules that follows a change of language while the app runs.

A kv file imports :data:`tr` and writes its words through it::

    #:import tr ui.i18n.tr
    <HomeScreen>:
        Button:
            text: tr._("New game")
            # a plural: tr.ngettext("{n} game", "{n} games", root.count).format(n=root.count)
            # words a function makes: tr.call(colours.word, root.colour)

Kivy binds a kv expression to every observable attribute it reads; :class:`Translator` is an
:class:`kivy.event.Observable` whose ``_`` and ``ngettext`` "attributes" record those bindings, and
re-fires all of them when :func:`companion.i18n.set_language` changes the language, so every kv
text is evaluated again in the new language with no restart.  (The pattern of Kivy's own i18n
example; the words come from :mod:`companion.i18n`'s gettext catalogs.)  Each binding has its own
uid, which Kivy hands back (``unbind_uid``) when the rule's widget is collected: a closed popup's
bindings go with it.

Python code of a screen calls :func:`companion.i18n._` directly where it builds text, and is
redrawn after a change (:meth:`ui.app.CompanionApp.retranslate`: a game's table redraws its screen
from the game's view, another screen words itself again by its ``retranslate()``, else its
``on_pre_enter``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from kivy.event import Observable

from companion import i18n

__all__ = ["Translator", "tr"]


class Translator(Observable):
    """The kv side of :mod:`companion.i18n`: ``tr._(text)``, ``tr.ngettext(s, p, n)``,
    ``tr.pgettext(context, message)``, ``tr.call(words, *args)``."""

    #: The attribute names a kv expression may bind to here.
    BOUND = ("_", "ngettext", "pgettext", "call")

    def __init__(self) -> None:
        super().__init__()
        #: Each kv binding by the uid :meth:`fbind` gave it: ``(callback, args, kwargs)``.
        self.observers: dict[int, tuple[Any, tuple[Any, ...], dict[str, Any]]] = {}
        self._uids = itertools.count(1)
        i18n.on_language_change(self.switched)

    def _(self, text: str) -> str:
        return i18n._(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return i18n.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return i18n.pgettext(context, message)

    def call(self, words: Callable[..., str], *args: Any) -> str:
        """``words(*args)``: text a function makes in the table's language (a player's colour, the
        table options' summary), made again after a switch like ``tr._``."""
        return words(*args)

    def fbind(self, name: str, func: Any, *args: Any, **kwargs: Any) -> int:
        """Keep a kv rule's binding; the uid returned is how Kivy lets go of it (:meth:`unbind_uid`)
        when the rule's widget is collected (``kivy.uix.widget``'s destructor unbinds its rules), so
        a closed popup's bindings go with it."""
        if name in self.BOUND:
            uid = next(self._uids)
            self.observers[uid] = (func, args, kwargs)
            return uid
        return int(super().fbind(name, func, *args, **kwargs))

    def funbind(self, name: str, func: Any, *args: Any, **kwargs: Any) -> None:
        if name in self.BOUND:
            key = (func, args, kwargs)
            for uid, observer in list(self.observers.items()):
                if _same(observer, key):
                    self.observers.pop(uid, None)
                    break
        else:
            super().funbind(name, func, *args, **kwargs)

    def unbind_uid(self, name: str, uid: int) -> None:
        if name in self.BOUND:
            self.observers.pop(uid, None)
        else:
            super().unbind_uid(name, uid)

    def held(self) -> int:
        """How many kv bindings the translator holds (the live widgets' rules that read it)."""
        return len(self.observers)

    def forget(self) -> None:
        """Drop every kv binding: the app stopped, and its widgets must not outlive it (a binding's
        arguments hold its rule's ids and, once one of its events has fired, a widget strongly)."""
        self.observers.clear()

    def switched(self, code: str) -> None:
        """Re-evaluate every kv expression that reads ``tr`` (after :func:`companion.i18n.set_language`)."""
        for uid, (func, largs, _kwargs) in list(self.observers.items()):
            if uid not in self.observers:  # let go while an earlier one was redrawn
                continue
            try:
                func(*largs, None, None)
            except ReferenceError:  # its widget is gone, not yet collected (a closed popup)
                self.observers.pop(uid, None)


def _same(one: object, other: object) -> bool:
    """``one == other``, where a kv binding whose widget is gone (a dead weak proxy) equals nothing."""
    try:
        return bool(one == other)
    except ReferenceError:
        return False


#: The one translator every kv file imports (``#:import tr ui.i18n.tr``).
tr = Translator()
