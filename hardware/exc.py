"""The hardware's exceptions: one base, each mixed with the builtin it also is (gpiozero's ``exc.py``).

Catch :class:`HardwareError` for anything the panel, the card reader, the pairings or the label
sheet refuse on purpose; each subclass is also the builtin a caller may already catch
(``ValueError`` for a bad setting or input, ``RuntimeError`` for hardware that is not there).
"""

from __future__ import annotations

__all__ = ["HardwareError", "HardwareConfigError", "PanelError", "PanelConfigError", "PanelUnavailable",
           "ReaderError", "ReaderConfigError", "PairingError", "LabelError"]


class HardwareError(Exception):
    """Base of every error the hardware package raises on purpose."""


class HardwareConfigError(HardwareError, ValueError):
    """A setting of the table's config file that the hardware cannot use.

    :param file: the config file (``"<defaults>"`` when none).
    :param key: the dotted key, e.g. ``"gpio.buttons.back"`` or ``"reader.baudrate"``.
    :param value: the offending value.
    :param problem: what is wrong, as a sentence fragment.
    """

    def __init__(self, file: str, key: str, value: object, problem: str) -> None:
        self.file, self.key, self.value, self.problem = file, key, value, problem
        super().__init__(f"{file}: {key} = {value!r}: {problem}")


class PanelError(HardwareError):
    """Base of the GPIO panel's errors (``hardware/panel.py``)."""


class PanelConfigError(PanelError, HardwareConfigError):
    """A ``[gpio]`` setting that cannot be used; ``key`` is dotted from ``gpio``."""


class PanelUnavailable(PanelError, RuntimeError):
    """No pin factory works here (no GPIO, a missing pin library, pins in use); the message says why."""


class ReaderError(HardwareError):
    """Base of the card reader's errors (``hardware/reader.py``)."""


class ReaderConfigError(ReaderError, HardwareConfigError):
    """A bad ``[reader]`` setting; the message names the file, ``reader.<key>`` and the value.

    :param key: the key inside ``[reader]`` (kept as given in :attr:`key`).
    """

    def __init__(self, file: str, key: str, value: object, problem: str) -> None:
        super().__init__(file, f"reader.{key}", value, problem)
        self.key = key


class PairingError(HardwareError, ValueError):
    """A tag or code that cannot be paired, or a pairing that cannot be saved; nothing changed."""


class LabelError(HardwareError, ValueError):
    """A label that cannot be made (a code too long for a QR code on the label), or an unknown paper."""
