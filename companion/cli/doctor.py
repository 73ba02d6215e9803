"""``companion doctor``: is the table's hardware there?  (issue 4, GPIO panel and card reader)

Reports the config file used, whether GPIO is on, the pin factory and whether
it loads, each configured pin, the serial ports found, the configured card
reader port and whether it exists, and the last scans the app logged; with
``--listen SECONDS`` it opens the card reader and prints what it reads.  Exit
status 0 when everything configured is there, 1 when something is missing
(GPIO asked for but no pin factory works, a configured reader port that does
not exist or that another program holds, a bad ``[gpio]``, ``[reader]`` or
``[display]`` table, a bad setting in the config file, a data dir that is a
file or cannot be written, an unreadable config file).

The work is in ``hardware/doctor.py``, imported only when the command runs, so
``companion --help`` never loads gpiozero or pyserial.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.errors import ConfigError
from companion.table.config import Config, read_config

__all__ = ["register"]


def register(add: Callable[[str, str, Sequence[argparse.ArgumentParser]], argparse.ArgumentParser],
             pack: argparse.ArgumentParser) -> None:
    """Add ``doctor`` to the ``companion`` command line (:data:`companion.cli.main.EXTENSIONS`)."""
    doctor = add("doctor", "check the buttons, lights and card reader: pin factory, pins, serial ports, "
                 "last scans (exit 1 when something configured is missing)", [])
    doctor.add_argument("--config", metavar="FILE", default=None,
                        help="the config file (default: $COMPANION_CONFIG, /etc/companion/config.toml, "
                             "then the user config dir)")
    doctor.add_argument("--scans", metavar="N", type=int, default=10,
                        help="how many of the last scans to show (default: 10)")
    doctor.add_argument("--listen", metavar="SECONDS", type=float, default=0.0,
                        help="also open the card reader for SECONDS and print what it reads (stop the "
                             "app first: the port is opened exclusively)")
    doctor.set_defaults(handler=_cmd_doctor)


def _display_problem(config: Config) -> str | None:
    """Why the ``[display]`` table would stop the kiosk, or ``None``.

    Validated by ``ui/kivy_config.py`` (it imports no Kivy), imported here only when the command runs,
    as ``companion run`` does.
    """
    import importlib

    file = str(config.path) if config.path is not None else "<defaults>"
    try:
        kivy_config = importlib.import_module("ui.kivy_config")
    except ImportError as exc:
        return f"cannot be checked: ui/kivy_config.py does not load ({exc})"
    try:
        kivy_config.display_settings(config.section("display"), file)
    except ConfigError as exc:
        return str(exc)
    return None


def _cmd_doctor(args: argparse.Namespace) -> int:
    from companion.cli.main import EXIT_ERROR, EXIT_OK, _err, _Failure, _out

    if args.scans < 0:
        raise _Failure(f"--scans must be 0 or more, not {args.scans}", 2)
    if not 0 <= args.listen <= 3600:
        raise _Failure(f"--listen must be from 0 to 3600 seconds, not {args.listen:g}", 2)
    config, problems = read_config(Path(args.config) if args.config else None)
    for problem in problems:
        if problem.field == "":  # no file, not TOML, unreadable: nothing of it to check
            raise _Failure(f"config: {problem}")

    from hardware import doctor

    report = doctor.diagnose(config.path, config.section("gpio"), config.section("reader"), config.data_dir,
                             scans=args.scans, config_problems=[str(p) for p in problems],
                             display_problem=_display_problem(config), database=config.database_path)
    _out(report.text())
    if args.listen > 0:
        file = str(config.path) if config.path is not None else "<defaults>"
        _out(f"Listening to the card reader for {args.listen:g} s: scan some cards ...")
        try:
            count = doctor.listen(config.section("reader"), file, args.listen, _out)
        except ValueError as exc:
            _err(f"card reader: {exc}")
            return EXIT_ERROR
        _out(f"{count} scan(s) read.")
    return EXIT_OK if report.ok else EXIT_ERROR
