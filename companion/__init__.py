"""The Mission Control companion for *Incoming Transmission*: the pure core.

Nothing in this package imports Kivy, gpiozero or pyserial (see DESIGN.md,
Layers), so the whole game runs and is tested without a screen or a Pi.
"""

__version__ = "0.1.0"
