"""A ``ScreenManager`` that builds each screen the first time it is needed, so the app starts on Home alone.

Parsing every screen's ``.kv`` and building every screen at start was most of the app's start-up
(issue 10, item 4; ``companion bench startup`` measures it).  :class:`LazyScreenManager` is told the
names of the screens and how to make each one (:meth:`~LazyScreenManager.add_lazy`); a screen is made
(its ``.kv`` loaded, the widget built and added) the first time it is shown (``current = name``) or
asked for by name (``get_screen``).  ``has_screen`` and ``screen_names`` count the screens still to be
built, so the rest of the app and the tests see every screen as if it had been there from the start.
``screens`` lists only those built so far: a screen not yet built has no widgets, animations or
bindings to clean up.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.properties import AliasProperty
from kivy.uix.screenmanager import Screen, ScreenManager, ScreenManagerException

from companion.table.reference import Reference
from ui.host import Host
from ui.registry import load_kv, screen_kv, screen_name, screen_references
from ui.screens.base import BaseScreen

__all__ = ["LazyScreenManager", "add_screens"]

log = logging.getLogger(__name__)


class LazyScreenManager(ScreenManager):
    """A ``ScreenManager`` whose screens are made on first use (see the module docstring)."""

    def __init__(self, **kwargs: Any) -> None:
        #: Screens not built yet: name -> a function that makes the screen (named ``name``).
        self._waiting: dict[str, Callable[[], Screen]] = {}
        #: Called when a screen built on being shown is up, and again after its first frame (the app's
        #: double-tap guard, :meth:`ui.app.CompanionApp.hold_actions`): a first build and first frame
        #: may take a while on a Pi while the second tap of a double tap waits in the input queue, and
        #: must not use up the guard of the screen they show.
        self.after_first_show: Callable[[], None] | None = None
        super().__init__(**kwargs)

    def on_current(self, instance: Any, value: str | None) -> None:
        fresh = value is not None and value in self._waiting
        super().on_current(instance, value)
        hook = self.after_first_show
        if fresh and hook is not None:
            hook()
            Clock.schedule_once(lambda _dt: hook(), 0)

    def add_lazy(self, name: str, make: Callable[[], Screen]) -> None:
        """Register screen ``name``: ``make()`` builds it (with its ``.kv`` loaded) when first needed.

        :raises ScreenManagerException: a screen of that name is already registered or built.
        """
        if name in self._waiting or ScreenManager.has_screen(self, name):
            raise ScreenManagerException(f'A screen named "{name}" is already registered.')
        self._waiting[name] = make
        self.property("screen_names").dispatch(self)

    def built(self, name: str) -> bool:
        """True once screen ``name`` has been built (it may never be, if it is never shown)."""
        return bool(ScreenManager.has_screen(self, name))

    def build_screen(self, name: str) -> None:
        """Build screen ``name`` now if it is registered and not built yet (else do nothing).

        :raises ScreenManagerException: the function registered for ``name`` made a screen of
            another name (a registration mistake: the screen would never be found).
        """
        make = self._waiting.pop(name, None)
        if make is None:
            return
        screen = make()
        if screen.name != name:
            raise ScreenManagerException(
                f'The screen registered as "{name}" is named "{screen.name}" ({type(screen).__name__}).')
        log.debug("screen %s built on first use", name)
        self.add_widget(screen)

    def build_all(self) -> None:
        """Build every screen not built yet (in the order they were registered)."""
        for name in list(self._waiting):
            self.build_screen(name)

    def get_screen(self, name: str) -> Screen:
        self.build_screen(name)
        return super().get_screen(name)

    def has_screen(self, name: str) -> bool:
        return name in self._waiting or bool(super().has_screen(name))

    def _get_screen_names(self) -> list[str]:
        return [*(screen.name for screen in self.screens), *self._waiting]

    screen_names = AliasProperty(_get_screen_names, bind=("screens",))


def add_screens(manager: LazyScreenManager, app: Host) -> None:
    """Register every screen of :func:`ui.registry.screen_references` with ``manager`` under its
    :func:`~ui.registry.screen_name`, and build the first (Home), which ``manager`` then shows.  A
    class whose name is taken already (a mistake the tests catch) is built at once instead, so it is
    still found under the name it gives itself.

    A screen's class is imported when it is first built, its rules (:func:`~ui.registry.screen_kv`)
    loaded, and ``app`` is its host; ``app``'s double-tap guard starts again once a screen built on
    being shown is up (:attr:`LazyScreenManager.after_first_show`)."""
    manager.after_first_show = app.hold_actions
    screens = screen_references()
    for screen in screens:
        name = screen_name(screen)
        if manager.has_screen(name):  # two classes that map to one name: build this one now, as before
            log.error("screen %s would be registered as %r, which is taken: built at start",
                      screen.target, name)
            manager.add_widget(_make(screen, app))
            continue
        manager.add_lazy(name, partial(_make, screen, app))
    if screens:
        manager.build_screen(screen_name(screens[0]))


def _make(screen: Reference[type[BaseScreen[Any]]], app: Host) -> BaseScreen[Any]:
    cls = screen.load()
    for path in screen_kv(cls):
        load_kv(path)
    return cls(app=app)
