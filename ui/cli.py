"""The subcommands that need the screen or the table's hardware: ``run``, ``labels``, ``doctor``.

The core (:mod:`companion`) never imports ``ui`` or ``hardware``; this module adds their
subcommands to the ``companion`` command line through the entry-point group
:data:`companion.table.registry.SUBCOMMANDS_GROUP` (declared in ``pyproject.toml``: :data:`RUN`,
:data:`HARDWARE`), the way gpiozero finds its pin factories.

- ``run`` starts the Kivy app (:func:`ui.app.main`), after checking for a display without
  importing Kivy (Kivy aborts the whole process without one) and, as the kiosk, writing Kivy's
  config first (:mod:`ui.kivy_config`);
- ``labels`` prints the sheet of QR labels for the card sleeves (:mod:`hardware.labels`);
- ``doctor`` checks the buttons, lights and card reader (:mod:`hardware.doctor`).

Kivy (``ui.app``), qrcode/Pillow (``hardware.labels``) and gpiozero/pyserial (``hardware.doctor``)
are imported only when their subcommand runs, so ``companion --help`` stays light; those imports
hide no cycle (none of them imports this module).
"""

from __future__ import annotations

import argparse
import glob
import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from companion.cli.output import EXIT_ERROR, EXIT_OK, EXIT_USAGE, Failure, err, out
from companion.errors import ConfigError
from companion.games.transmission.options import content_pack, game_options
from companion.i18n import N_, _, ngettext, number
from companion.table.config import Config, read_config
from companion.table.registry import AddSubcommand, HelpPlace, Subcommands
from ui import kivy_config

__all__ = ["RUN", "HARDWARE", "NO_DISPLAY", "display_problem", "kms_problem", "register_run",
           "register_hardware"]

log = logging.getLogger(__name__)

#: What ``run`` says with no display (marked: shown as ``_(NO_DISPLAY)``).
NO_DISPLAY = N_("No display found: neither DISPLAY nor WAYLAND_DISPLAY is set and SDL_VIDEODRIVER is not "
                "kmsdrm or dummy. Run under X/Wayland, or set SDL_VIDEODRIVER=kmsdrm on a Pi console.")

PAPERS = ("a4", "letter")


# --------------------------------------------------------------------------- run


def display_problem(env: Mapping[str, str]) -> str | None:
    """Why the app cannot open a window under ``env``, or ``None`` when a display is there.

    Checked before Kivy is imported: Kivy aborts the whole process without one.
    """
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver == "kmsdrm":
        return kms_problem()
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    if driver == "dummy":
        return None
    return _(NO_DISPLAY)


def kms_problem(root: str = "/") -> str | None:
    """Why SDL's KMS/DRM driver would find no screen under ``root``, or ``None``.

    Needs a ``/dev/dri/card*`` this user may open (the ``video`` group) and, where sysfs lists
    connectors, one whose ``/sys/class/drm/card*-*/status`` is ``connected`` (a Pi has cards even
    with no screen plugged in).  The kiosk's service exits on this and systemd retries.
    """
    cards = sorted(glob.glob(os.path.join(root, "dev", "dri", "card*")))
    if not cards:
        return _("no display: SDL_VIDEODRIVER=kmsdrm but there is no /dev/dri/card* "
                 "(is the KMS driver on? dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt)")
    if not any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return _("no display: {cards} cannot be opened by this user "
                 "(add it to the video group: sudo usermod -a -G video $USER)").format(cards=", ".join(cards))
    statuses = {}
    for path in sorted(glob.glob(os.path.join(root, "sys", "class", "drm", "card*-*", "status"))):
        try:
            with open(path, encoding="ascii") as file:
                statuses[os.path.basename(os.path.dirname(path))] = file.read().strip()
        except OSError:
            continue
    if statuses and "connected" not in statuses.values():
        listed = ", ".join(f"{name} {status}" for name, status in statuses.items())
        return _("no display: no screen is connected ({connectors}); waiting for one").format(
            connectors=listed)
    return None


def _cmd_run(args: argparse.Namespace) -> int:
    """The Kivy app (``ui/app.py``), after checking for a display without importing Kivy."""
    problem = display_problem(os.environ)
    if problem is not None:
        raise Failure(problem)
    # A --content pack is read (and refused) now; the default one when the app first needs it (a game).
    content = content_pack(args) if getattr(args, "content", None) else None
    # Kivy parses sys.argv when first imported unless told not to, and our options are not its own.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    kiosk = _prepare_kiosk(args)
    try:
        from ui import app  # Kivy: only now that a display is known to exist
    except ModuleNotFoundError as exc:
        if exc.name in ("ui", "ui.app"):
            raise Failure(_("the Kivy app (ui/app.py) is not installed with this copy of the companion; "
                            "`companion play` runs a game in the terminal")) from None
        raise Failure(_("the Kivy app cannot start: module {module} is missing "
                        "(install the project with `pip install -e .`)").format(
            module=repr(exc.name))) from None
    app_main: Callable[..., int | None] | None = getattr(app, "main", None)
    if app_main is None:
        raise Failure(_("ui/app.py has no main() to start the app"))
    # The one call to adapt if ui.app.main's signature changes.
    extra = {"kiosk": True} if kiosk else {}
    status = app_main(content=content, difficulty=args.difficulty, layout=args.layout, seed=args.seed,
                      fullscreen=args.fullscreen or kiosk, **extra)
    return int(status or 0)


def _prepare_kiosk(args: argparse.Namespace) -> bool:
    """As the kiosk (``--kiosk``, or a ``[display]`` table in the config) write Kivy's config into
    ``$KIVY_HOME/config.ini`` before Kivy is imported (:mod:`ui.kivy_config`).  A bad config never
    stops the kiosk: the problem is logged and the display defaults are used.  A ``KIVY_HOME`` that
    cannot be written is replaced by a temporary folder, with a warning, kiosk or not
    (:func:`ui.kivy_config.usable_kivy_home`).  True when a kiosk."""
    config, problems = read_config()  # every valid table kept; the app shows the problems on Home
    if problems and args.kiosk:
        log.error("%s; the kiosk goes on with the settings that are valid", problems[0])
    kiosk = bool(args.kiosk or "display" in config.sections)
    # Kivy makes and writes its folder when imported: a read-only one falls back to a temporary one.
    try:
        kivy_config.usable_kivy_home(os.environ, Path(config.data_dir) / "kivy" if kiosk else Path("~/.kivy"))
    except OSError as exc:
        raise Failure(str(exc)) from None
    if not kiosk:
        return False
    try:
        try:
            kivy_config.prepare_kiosk(config)
        except ConfigError as exc:
            log.error("%s; the default display settings are used", str(exc))
            kivy_config.prepare_kiosk(Config(data_dir=config.data_dir))
    except OSError as exc:
        raise Failure(_("cannot write Kivy's config: {problem}").format(problem=exc)) from None
    return True


def register_run(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``run``."""
    run = add("run", _("start the touchscreen app (Kivy; needs a display)"), [pack])
    game_options(run)
    run.add_argument("--fullscreen", action="store_true", help=_("fill the screen (the Pi's touchscreen)"))
    run.add_argument("--kiosk", action="store_true",
                     help=_("the table's kiosk: Kivy's config from [display] (also when the config has one)"))
    run.set_defaults(handler=_cmd_run)


# --------------------------------------------------------------------------- labels


def _writable(out_file: Path) -> str | None:
    """Why ``out_file`` cannot be written, or ``None``."""
    parent = out_file.parent if str(out_file.parent) else Path(".")
    if out_file.is_dir():
        return _("it is a folder")
    if not parent.is_dir():
        return _("the folder {folder} does not exist").format(folder=repr(str(parent)))
    if not os.access(parent, os.W_OK | os.X_OK):
        return _("the folder {folder} is not writable").format(folder=repr(str(parent)))
    if out_file.exists() and not os.access(out_file, os.W_OK):
        return _("the file is not writable")
    return None


def _cmd_labels(args: argparse.Namespace) -> int:
    """A printable sheet of QR labels, one per physical card (issue 4, labels), each card named in the
    table's language (:func:`~companion.games.transmission.cards.shown_names`); ``--list`` the codes."""
    from companion.games.transmission.cards import CardCodeError, all_cards, card_codes_markdown, shown_names

    content = content_pack(args)
    try:
        cards = all_cards(content)
    except CardCodeError as exc:
        raise Failure(_("content pack: {problem}").format(problem=exc)) from None
    if args.list:
        out(card_codes_markdown(content).rstrip("\n"))
        return EXIT_OK
    if args.kinds:
        cards = tuple(card for card in cards if card.kind in args.kinds)
    target = Path(args.out).expanduser()
    if target.suffix.lower() not in (".pdf", ".png"):
        # The suffix picks the format: any other name would hold a PDF that its name misdescribes.
        raise Failure(_("--out must end in .pdf (a PDF) or .png (one PNG a page), not {file}").format(
            file=repr(str(target))), EXIT_USAGE)
    problem = _writable(target)
    if problem is not None:
        raise Failure(_("cannot write {file}: {problem}").format(file=repr(str(target)), problem=problem))

    from hardware import labels  # qrcode and Pillow: only when a sheet is made

    names = shown_names(content)
    rows = [(card.code, names.get(card.code, card.name), card.kind) for card in cards]
    try:
        if target.suffix.lower() == ".png":
            written = labels.write_pngs(rows, target.with_suffix(""), args.paper)
        else:
            labels.write_pdf(rows, target, args.paper)
            written = [target]
    except labels.LabelError as exc:
        raise Failure(str(exc)) from None
    except OSError as exc:
        raise Failure(_("cannot write {file}: {problem}").format(
            file=repr(str(target)), problem=exc.strerror or exc)) from None
    sheet = labels.layout(args.paper, len(rows))
    width, height = sheet.label_mm
    count = ngettext("{n} label", "{n} labels", len(rows)).format(n=len(rows))
    pages = ngettext("on {n} page", "on {n} pages", sheet.pages).format(n=sheet.pages)
    out(_("{labels} {pages} ({paper}, {per_page} a page), each {width} x {height} mm: {files}").format(
        labels=count, pages=pages, paper=args.paper.upper() if args.paper == "a4" else "Letter",
        per_page=sheet.per_page, width=number(width), height=number(height),
        files=", ".join(map(str, written))))
    out(_("Print at 100 % (not 'fit to page'); the footer names the label size to check with a ruler."))
    return EXIT_OK


# --------------------------------------------------------------------------- doctor


def _display_config_problem(config: Config) -> str | None:
    """Why the ``[display]`` table would stop the kiosk, or ``None`` (:mod:`ui.kivy_config`)."""
    file = str(config.path) if config.path is not None else "<defaults>"
    try:
        kivy_config.display_settings(config.section("display"), file)
    except ConfigError as exc:
        return str(exc)
    return None


def _cmd_doctor(args: argparse.Namespace) -> int:
    """Is the table's hardware there?  (issue 4, GPIO panel and card reader)  Exit 1 when something
    configured is missing (see ``hardware/doctor.py``)."""
    if args.scans < 0:
        raise Failure(_("--scans must be 0 or more, not {scans}").format(scans=args.scans), EXIT_USAGE)
    if not 0 <= args.listen <= 3600:
        raise Failure(_("--listen must be from 0 to 3600 seconds, not {seconds}").format(
            seconds=f"{args.listen:g}"), EXIT_USAGE)  # as typed
    config, problems = read_config(Path(args.config) if args.config else None)
    for problem in problems:
        if problem.field == "":  # no file, not TOML, unreadable: nothing of it to check
            raise Failure(_("config: {problem}").format(problem=problem))

    from hardware import doctor  # gpiozero's pin factories and pyserial: only when the check runs

    report = doctor.diagnose(config.path, config.section("gpio"), config.section("reader"), config.data_dir,
                             scans=args.scans, config_problems=[str(p) for p in problems],
                             display_problem=_display_config_problem(config), database=config.database_path)
    out(report.text())
    if args.listen > 0:
        file = str(config.path) if config.path is not None else "<defaults>"
        out(_("Listening to the card reader for {seconds} s: scan some cards ...").format(
            seconds=number(args.listen)))
        try:
            count = doctor.listen(config.section("reader"), file, args.listen, out)
        except ValueError as exc:
            err(_("card reader: {problem}").format(problem=exc))
            return EXIT_ERROR
        out(ngettext("{n} scan read.", "{n} scans read.", count).format(n=count))
    return EXIT_OK if report.ok else EXIT_ERROR


def register_hardware(add: AddSubcommand, pack: argparse.ArgumentParser) -> None:
    """Add ``labels`` and ``doctor``."""
    from companion.games.transmission.cards import KINDS  # the cards: not for `companion run`
    labels = add("labels", _("print a sheet of QR labels for the card sleeves, so the reader can scan "
                 "the cards"), [pack])
    labels.add_argument("--paper", choices=PAPERS, default="a4", type=str.lower,
                        help=_("paper size (default: a4)"))
    labels.add_argument("--out", metavar="FILE", default="labels.pdf",
                        help=_("the PDF to write (default: labels.pdf); a name ending .png writes one PNG "
                             "per page instead, FILE-1.png, FILE-2.png, ...; any other ending is refused"))
    labels.add_argument("--kinds", nargs="+", choices=KINDS, metavar="KIND", default=None,
                        help=_("only these kinds of cards ({kinds}; default: all)").format(
                            kinds=", ".join(KINDS)))
    labels.add_argument("--list", action="store_true",
                        help=_("print the table of every card's code (Markdown) instead of writing labels"))
    labels.set_defaults(handler=_cmd_labels)

    doctor = add("doctor", _("check the buttons, lights and card reader: pin factory, pins, serial ports, "
                 "last scans (exit 1 when something configured is missing)"), [])
    doctor.add_argument("--config", metavar="FILE", default=None,
                        help=_("the config file (default: $COMPANION_CONFIG, /etc/companion/config.toml, "
                             "then the user config dir)"))
    doctor.add_argument("--scans", metavar="N", type=int, default=10,
                        help=_("how many of the last scans to show (default: 10)"))
    doctor.add_argument("--listen", metavar="SECONDS", type=float, default=0.0,
                        help=_("also open the card reader for SECONDS and print what it reads (stop the "
                             "app first: the port is opened exclusively)"))
    doctor.set_defaults(handler=_cmd_doctor)


#: ``run``, first in the help (entry point ``run`` of ``companion.subcommands``).
RUN = Subcommands(register_run, HelpPlace.APP, ("run",))
#: ``labels`` and ``doctor``, after the games' subcommands (entry point ``hardware``); named, so that
#: ``companion run`` builds neither (issue 10, item 4).
HARDWARE = Subcommands(register_hardware, HelpPlace.HARDWARE, ("labels", "doctor"))
