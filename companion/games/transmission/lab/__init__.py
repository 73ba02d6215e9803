"""Incoming Transmission's lab: simulated games (``companion simulate``), the balance table
(``python -m companion.games.transmission.lab.balance``, docs/balance.md) and the planner benches
(``companion bench planner``).  The generic lab plumbing (progress bars) is :mod:`companion.lab`."""
