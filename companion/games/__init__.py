"""Every game the companion referees, one sub-package each (DESIGN.md, Inside ``companion/``).

The list of installed games is :func:`companion.games.catalog.registered`.  This package's own
module imports nothing: every module of every game imports it first, so it must not import the
games back.
"""
