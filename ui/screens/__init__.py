"""The shell's screens, the same for every game: Home, How to play, History, Stats (a ``.py`` and a
``.kv`` each), and :class:`~ui.screens.base.BaseScreen`.  Each game's screens are in ``ui/games/``;
:mod:`ui.registry` puts them together."""
