"""The Raspberry Pi kiosk install (``deploy/``): units, scripts, the installer's dry run and idempotency.

* Every unit passes ``systemd-analyze verify`` with no warning.  Verify fails on an ``ExecStart``
  binary that does not exist, so the system unit is verified *as installed* in a temporary root
  (``--root``) holding this machine's unit files and a stub ``/opt/companion/venv/bin/companion``;
  ``--user`` cannot take ``--root``, so the user unit is verified from a copy whose ``ExecStart``
  path points at the stub (the only line changed; a test checks the original path).
* shellcheck passes on every script of ``deploy/`` and ``scripts/``.
* ``install.sh`` runs for real into a temporary root with stubs of apt-get, dpkg-query, getent,
  useradd, usermod, userdel, systemctl, udevadm and python3 first on PATH (they keep their state in
  files and log every call); a second run must do nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
INSTALL = DEPLOY / "install.sh"
EXEC = "/opt/companion/venv/bin/companion"
IN_CI = os.environ.get("CI") == "true"


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if IN_CI:
            pytest.fail(f"{tool} is missing in CI (scripts/test installs it)")
        pytest.skip(f"{tool} is not installed")
    return path


def unit_root(tmp: Path) -> Path:
    """A root with this machine's system units (for the targets ours names) and the stub binary."""
    root = tmp / "root"
    (root / "usr" / "lib" / "systemd").mkdir(parents=True)
    (root / "lib").symlink_to("usr/lib")
    host = Path("/usr/lib/systemd/system")
    if host.is_dir():
        shutil.copytree(host, root / "usr" / "lib" / "systemd" / "system", symlinks=True)
    stub = root / EXEC.lstrip("/")
    stub.parent.mkdir(parents=True)
    stub.write_text("#!/bin/sh\nexit 0\n")
    stub.chmod(0o755)
    return root


def verify(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([need("systemd-analyze"), *args], capture_output=True, text=True, timeout=120,
                          env=env)


# ------------------------------------------------------------------------------------ units


def test_the_console_unit_verifies_cleanly_as_installed(tmp_path: Path) -> None:
    root = unit_root(tmp_path)
    target = root / "etc" / "systemd" / "system" / "companion.service"
    target.parent.mkdir(parents=True)
    shutil.copy(DEPLOY / "companion.service", target)
    done = verify("verify", f"--root={root}", "/etc/systemd/system/companion.service")
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_verify_would_catch_a_broken_unit(tmp_path: Path) -> None:
    root = unit_root(tmp_path)
    target = root / "etc" / "systemd" / "system" / "companion.service"
    target.parent.mkdir(parents=True)
    target.write_text((DEPLOY / "companion.service").read_text().replace("RestartSec=5", "RestartSecs=5")
                      .replace(EXEC, "/opt/companion/venv/bin/nothing"))
    done = verify("verify", f"--root={root}", "/etc/systemd/system/companion.service")
    assert "RestartSecs" in done.stderr and "not executable" in done.stderr


def test_the_desktop_user_unit_verifies_cleanly(tmp_path: Path) -> None:
    text = (DEPLOY / "companion-desktop.service").read_text()
    assert f"ExecStart={EXEC} " in text
    stub = unit_root(tmp_path) / EXEC.lstrip("/")
    unit = tmp_path / "companion-desktop.service"
    unit.write_text(text.replace(f"ExecStart={EXEC} ", f"ExecStart={stub} "))
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    done = verify("--user", "verify", str(unit), env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)})
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_the_units_keep_the_kiosk_promises() -> None:
    lite = (DEPLOY / "companion.service").read_text()
    for line in ("Conflicts=getty@tty1.service", "TTYPath=/dev/tty1", "StandardInput=tty",
                 "Environment=SDL_VIDEODRIVER=kmsdrm", "Environment=GPIOZERO_PIN_FACTORY=lgpio",
                 "Environment=KIVY_LOG_MODE=PYTHON", "Environment=KIVY_NO_FILELOG=1",
                 "Environment=KIVY_HOME=/var/lib/companion/kivy", "WorkingDirectory=/var/lib/companion",
                 "StateDirectory=companion", "Restart=always", "RestartSec=5", "StartLimitIntervalSec=0",
                 "IPAddressDeny=any", "IPAddressAllow=localhost link-local multicast",
                 "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6", "User=companion",
                 "StandardError=journal"):
        assert line in lite.splitlines(), line
    desktop = (DEPLOY / "companion-desktop.service").read_text()
    for line in ("Restart=on-failure", "Environment=KIVY_LOG_MODE=PYTHON", "WorkingDirectory=%S/companion",
                 "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6"):
        assert line in desktop.splitlines(), line
    assert "SDL_VIDEODRIVER" not in desktop  # the desktop's own display (Xwayland)
    autostart = (DEPLOY / "labwc-autostart").read_text()
    assert "systemctl --user start companion-desktop.service" in autostart


def test_the_kiosk_allows_ip_only_with_local_networks() -> None:
    """Mission Control's phone page (issue 23) needs the LAN: the kiosk allows loopback, link-local,
    multicast and the private ranges, never a public address (docs/phone.md)."""
    import ipaddress

    lines = (DEPLOY / "companion.service").read_text().splitlines()
    allowed = [word for line in lines if line.startswith("IPAddressAllow=")
               for word in line.split("=", 1)[1].split()]
    assert allowed and "any" not in allowed
    for word in allowed:
        if word in ("localhost", "link-local", "multicast"):
            continue
        net = ipaddress.ip_network(word)
        assert net.is_private and not net.is_global, word
        assert net.prefixlen >= (7 if net.version == 6 else 8), word


def test_the_udev_rule_names_the_reader_and_keeps_modemmanager_off() -> None:
    rules = [line for line in (DEPLOY / "99-companion-reader.rules").read_text().splitlines()
             if line and not line.startswith("#")]
    assert rules
    for rule in rules:
        assert 'SUBSYSTEM=="tty"' in rule and 'SYMLINK+="companion-reader"' in rule
        assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule


# ------------------------------------------------------------------------------------ shellcheck


def scripts() -> list[Path]:
    # The shell scripts (no suffix, or .sh): scripts/ also holds Babel's mapping and Python tools.
    found = [p for p in sorted((ROOT / "scripts").iterdir()) if p.is_file() and p.suffix in ("", ".sh")]
    found += sorted(DEPLOY.glob("*.sh"))
    return found + [ROOT / ".ci" / "run"]


def test_shellcheck_passes_on_every_script() -> None:
    paths = scripts()
    assert INSTALL in paths and ROOT / "scripts" / "test" in paths
    done = subprocess.run([need("shellcheck"), "-x", *map(str, paths)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


# ------------------------------------------------------------------------------------ install.sh

FAKES = {
    # Each stub logs "name args" to $STATE/calls.log, then acts on files in $STATE.
    "apt-get": 'if [ "$1" = install ]; then shift; for a; do case $a in -*) ;; *) echo "$a" >> "$STATE/dpkg";'
               " esac; done; fi",
    "dpkg-query": 'pkg=$3; grep -qx "$pkg" "$STATE/dpkg" 2>/dev/null && printf "install ok installed"'
                  " || exit 1",
    "getent": 'line=$(grep "^$2:" "$STATE/$1" 2>/dev/null | head -n1); [ -n "$line" ] || exit 2;'
              ' echo "$line"',
    "useradd": 'user=$(eval echo "\\${$#}"); echo "$user:x:999:999::/var/lib/companion:/usr/sbin/nologin"'
               ' >> "$STATE/passwd"; echo "$user:x:999:" >> "$STATE/group"',
    "usermod": 'group=$3 user=$4; awk -F: -v g="$group" -v u="$user" \'BEGIN{OFS=":"} $1==g'
               '{$4 = ($4=="" ? u : $4","u)} {print}\' "$STATE/group" > "$STATE/group.new"'
               ' && mv "$STATE/group.new" "$STATE/group"',
    "userdel": 'grep -v "^$1:" "$STATE/passwd" > "$STATE/p.new"; mv "$STATE/p.new" "$STATE/passwd"',
    "systemctl": 'case $1 in get-default) echo multi-user.target;;'
                 ' is-enabled) grep -qx "$2" "$STATE/enabled" && echo enabled || { echo disabled; exit 1; };;'
                 ' enable) echo "$2" >> "$STATE/enabled";;'
                 ' disable) u=$2; [ "$u" = --now ] && u=$3; grep -vx "$u" "$STATE/enabled" > "$STATE/e.new";'
                 ' mv "$STATE/e.new" "$STATE/enabled";; esac',
    "udevadm": ":",
    "python3": 'if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin";'
               ' printf \'#!/bin/sh\\necho "venv-python $*" >> "$STATE/calls.log";'
               ' mkdir -p "$(dirname "$0")";'
               ' printf "#!/bin/sh\\\\n" > "$(dirname "$0")/companion";'
               ' chmod +x "$(dirname "$0")/companion"\\n\''
               ' > "$3/bin/python"; chmod +x "$3/bin/python"; fi',
}
MUTATING = ("apt-get", "useradd", "usermod", "userdel", "udevadm", "venv-python", "python3",
            "systemctl enable", "systemctl disable", "systemctl daemon-reload")


class Installer:
    """install.sh against a temporary root, with the system commands stubbed."""

    def __init__(self, tmp: Path) -> None:
        self.root = tmp / "root"
        self.state = tmp / "state"
        self.bin = tmp / "bin"
        for folder in (self.root, self.state, self.bin):
            folder.mkdir()
        for name, body in FAKES.items():
            path = self.bin / name
            path.write_text(f'#!/bin/sh\necho "{name} $*" >> "$STATE/calls.log"\n{body}\n')
            path.chmod(0o755)
        (self.state / "group").write_text("".join(f"{g}:x:{n}:\n" for n, g in
                                                  enumerate(("video", "render", "input", "dialout"), 40)))
        (self.state / "passwd").write_text("")
        (self.state / "enabled").write_text("getty@tty1.service\n")
        (self.state / "calls.log").write_text("")
        cmdline = self.root / "boot" / "firmware" / "cmdline.txt"
        cmdline.parent.mkdir(parents=True)
        cmdline.write_text("console=serial0,115200 console=tty1 root=PARTUUID=abc rootwait\n")

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PATH": f"{self.bin}:{os.environ['PATH']}", "STATE": str(self.state),
               "COMPANION_ROOT": str(self.root), "COMPANION_USER": "root", "PYTHON": "python3"}
        env.pop("SUDO_USER", None)
        return subprocess.run(["bash", str(INSTALL), *args], env=env, capture_output=True, text=True,
                              timeout=120)

    def calls(self) -> list[str]:
        return (self.state / "calls.log").read_text().splitlines()

    def mutations(self, since: int = 0) -> list[str]:
        return [c for c in self.calls()[since:] if c.startswith(MUTATING)]


@pytest.fixture
def installer(tmp_path: Path) -> Installer:
    if os.geteuid() != 0:
        pytest.skip("the install test sets owners with chown (CI runs as root)")
    return Installer(tmp_path)


def test_dry_run_prints_every_action_and_changes_nothing(tmp_path: Path) -> None:
    inst = Installer(tmp_path)
    done = inst.run("--dry-run", "--lite")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for action in ("would run: env DEBIAN_FRONTEND=noninteractive apt-get install",
                   "would run: useradd --system",
                   "would run: usermod -a -G video root", "no group gpio on this system: skipped",
                   f"would run: install -m 0664 -o root -g root {DEPLOY}/config.toml "
                   f"{inst.root}/etc/companion/config.toml",
                   "python3 -m venv", "pip install", "would run: systemctl enable companion.service",
                   "would run: systemctl disable getty@tty1.service", "udevadm control --reload-rules",
                   "consoleblank=0", "dry run: nothing is changed"):
        assert action in out, action
    assert out.rstrip().splitlines()[-1].startswith("==> dry run:") and "actions would be taken" in out
    assert inst.mutations() == [], "a dry run ran a command that changes the system"
    assert sorted(p.name for p in inst.root.iterdir()) == ["boot"]
    assert "consoleblank" not in (inst.root / "boot/firmware/cmdline.txt").read_text()


def test_install_then_again_changes_nothing_the_second_time(installer: Installer) -> None:
    first = installer.run("--lite")
    assert first.returncode == 0, first.stdout + first.stderr
    root = installer.root
    done = installer.mutations()
    assert any(c.startswith("useradd --system") for c in done)
    assert {c for c in done if c.startswith("usermod")} == {f"usermod -a -G {g} root" for g in
                                                            ("video", "render", "input", "dialout")}
    assert "systemctl enable companion.service" in done and "systemctl disable getty@tty1.service" in done
    assert any(c.startswith("venv-python -m pip install") and c.endswith(str(ROOT)) for c in done)
    assert (root / "etc/companion/config.toml").read_text() == (DEPLOY / "config.toml").read_text()
    assert (root / "etc/systemd/system/companion.service").read_bytes() == \
        (DEPLOY / "companion.service").read_bytes()
    assert (root / "etc/udev/rules.d/99-companion-reader.rules").exists()
    assert (root / "etc/udev/rules.d/99-companion-usb.rules").read_bytes() == \
        (DEPLOY / "99-companion-usb.rules").read_bytes()
    assert oct((root / "var/lib/companion").stat().st_mode & 0o7777) == "0o2770"
    # The Settings screen writes the config in place: the service's group may write the file.
    assert oct((root / "etc/companion/config.toml").stat().st_mode & 0o7777) == "0o664"
    assert (root / "boot/firmware/cmdline.txt").read_text().rstrip().endswith("rootwait consoleblank=0")
    assert "installed: reboot" in first.stdout

    # The table edits its config; a second run keeps the edit and does nothing at all.
    config = root / "etc/companion/config.toml"
    config.write_text(config.read_text().replace("rotation = 0", "rotation = 180"))
    before = len(installer.calls())
    second = installer.run("--lite")
    assert second.returncode == 0, second.stderr
    assert installer.mutations(before) == []
    assert "    run:" not in second.stdout and "would" not in second.stdout
    assert second.stdout.rstrip().endswith("nothing to do: everything is in place")
    assert second.stdout.count("(nothing to do)") >= 20
    assert "rotation = 180" in config.read_text()

    # The unit as installed verifies, with the venv's binary the install made.
    shutil.copytree("/usr/lib/systemd/system", root / "usr/lib/systemd/system", symlinks=True)
    (root / "lib").symlink_to("usr/lib")
    check = verify("verify", f"--root={root}", "/etc/systemd/system/companion.service")
    assert check.returncode == 0 and not check.stderr.strip(), check.stderr


def test_a_new_source_is_installed_again(installer: Installer, tmp_path: Path) -> None:
    assert installer.run("--lite").returncode == 0
    source = tmp_path / "src"
    for part in ("companion", "hardware", "ui"):
        (source / part).mkdir(parents=True)
        (source / part / "__init__.py").write_text("")
    (source / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    before = len(installer.calls())
    done = installer.run("--lite", "--source", str(source))
    assert done.returncode == 0, done.stderr
    assert installer.mutations(before) == [
        f"venv-python -m pip install --disable-pip-version-check -q --upgrade {source}"]


def test_uninstall_keeps_the_data_unless_purged(installer: Installer) -> None:
    assert installer.run("--lite").returncode == 0
    root = installer.root
    (root / "var/lib/companion/companion.sqlite3").write_text("games")
    done = installer.run("--uninstall")
    assert done.returncode == 0, done.stderr
    assert not (root / "etc/systemd/system/companion.service").exists()
    assert not (root / "opt/companion").exists()
    assert not (root / "etc/udev/rules.d/99-companion-reader.rules").exists()
    assert (root / "var/lib/companion/companion.sqlite3").read_text() == "games"
    assert (root / "etc/companion/config.toml").exists()
    assert "consoleblank" not in (root / "boot/firmware/cmdline.txt").read_text()
    assert "getty@tty1.service" in (installer.state / "enabled").read_text().split()
    purged = installer.run("--uninstall", "--purge")
    assert purged.returncode == 0, purged.stderr
    assert not (root / "var/lib/companion").exists() and not (root / "etc/companion").exists()
    assert "userdel root" in installer.calls()


def test_desktop_install_adds_the_autostart_once(installer: Installer) -> None:
    # The desktop user must be real for chown: "daemon" (every Debian has it), with a home in the root.
    home = installer.root / "home" / "daemon"
    home.mkdir(parents=True)
    (installer.state / "passwd").write_text("daemon:x:1:1::/home/daemon:/bin/bash\n")
    first = installer.run("--desktop", "--user", "daemon")
    assert first.returncode == 0, first.stdout + first.stderr
    autostart = home / ".config/labwc/autostart"
    assert autostart.read_text().count(">>> Mission Control companion") == 1
    assert (installer.root / "etc/systemd/user/companion-desktop.service").exists()
    assert autostart.parent.stat().st_uid == 1
    assert "usermod -a -G root daemon" in installer.calls()  # the companion group (here: root)
    before = len(installer.calls())
    second = installer.run("--desktop", "--user", "daemon")
    assert second.returncode == 0 and installer.mutations(before) == []
    assert autostart.read_text().count(">>> Mission Control companion") == 1


def test_refuses_to_run_without_root_unless_dry_run(tmp_path: Path) -> None:
    command = ["bash", str(INSTALL), "--lite"]
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_ROOT"}
    if os.geteuid() == 0:
        command = [need("runuser"), "-u", "nobody", "--", *command]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd="/")
    assert done.returncode == 1 and "run me as root" in done.stderr and "--dry-run" in done.stderr
    bad = subprocess.run(["bash", str(INSTALL), "--dry-run", "--frobnicate"], capture_output=True, text=True)
    assert bad.returncode == 1 and "unknown option: --frobnicate" in bad.stderr


def test_backup_is_consistent_timestamped_and_keeps_n(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "companion.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, seed INTEGER)")
        conn.executemany("INSERT INTO games (seed) VALUES (?)", [(n,) for n in range(100)])
    backups = tmp_path / "backups"
    for n in range(3):
        (backups / f"companion-2000010{n}-000000.sqlite3").parent.mkdir(exist_ok=True)
        (backups / f"companion-2000010{n}-000000.sqlite3").write_text("old")
    env = {**os.environ, "COMPANION_VENV": str(tmp_path / "none"), "COMPANION_USER": "nobody-here"}
    done = subprocess.run(["bash", str(DEPLOY / "backup.sh"), "--db", str(db), "--keep", "2"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    kept = sorted(p.name for p in backups.iterdir())
    assert len(kept) == 2 and kept[0] == "companion-20000102-000000.sqlite3"
    new = backups / kept[1]
    with sqlite3.connect(new) as copy:
        assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 100
    missing = subprocess.run(["bash", str(DEPLOY / "backup.sh"), "--db", str(tmp_path / "no.sqlite3")],
                             env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 3 and "no database" in missing.stderr


def test_backup_finds_the_database_of_the_config_through_the_core(tmp_path: Path) -> None:
    """Without --db, backup.sh asks companion.table.config.load_config (a Python one-liner whose
    failure it hides behind the default path): the [store] database of the config must be the one
    backed up."""
    import sqlite3
    import sys

    db = tmp_path / "store" / "games.sqlite3"
    db.parent.mkdir()
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\ndatabase = "{db}"\n', encoding="utf-8")
    venv = Path(sys.executable).parent.parent  # this interpreter, with the project installed
    env = {**os.environ, "COMPANION_VENV": str(venv), "COMPANION_USER": "nobody-here",
           "COMPANION_CONFIG": str(config)}
    done = subprocess.run(["bash", str(DEPLOY / "backup.sh"), "--keep", "1"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [backup] = (db.parent / "backups").iterdir()
    assert backup.name.startswith("games-") and backup.suffix == ".sqlite3"


# ------------------------------------------------------------------------------------ apt's lock

HOLD_LOCK = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o640)
fcntl.lockf(fd, fcntl.LOCK_EX)  # a POSIX lock, as apt and dpkg take theirs
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


def setup_apt(tmp_path: Path, hold: float, timeout: int) -> tuple[subprocess.CompletedProcess[str], float]:
    """scripts/_setup.sh's setup_system with a fake apt-get and dpkg first on PATH, while another
    process holds one of apt's locks (a file in ``tmp_path``, named by ``APT_LOCKS``) for ``hold`` s."""
    import sys
    import time

    need("bash")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "apt-calls"
    (bin_dir / "apt-get").write_text(f'#!/bin/sh\necho "$@" >>"{calls}"\n')
    (bin_dir / "dpkg").write_text("#!/bin/sh\nexit 1\n")  # nothing is installed
    for tool in ("apt-get", "dpkg"):
        (bin_dir / tool).chmod(0o755)
    lock = tmp_path / "lists-lock"
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(lock), str(hold)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        script = (f'source "{ROOT}/scripts/_setup.sh"\nas_root() {{ "$@"; }}\n'
                  f"APT_LOCK_POLL=0.2\nsetup_system libfoo1\n")
        env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", APT_LOCKS=str(lock),
                   APT_LOCK_TIMEOUT=str(timeout))
        start = time.monotonic()
        done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60)
        return done, time.monotonic() - start
    finally:
        holder.kill()
        holder.wait()


def test_apt_waits_for_its_lock_and_says_so(tmp_path: Path) -> None:
    """Issue 14, fault 15: on a Pi's first boot another program holds apt's lock, and apt-get gave up
    at once (exit 100).  Now the set-up says it waits, waits, and then installs; apt-get itself is
    told to wait for dpkg's lock too (``DPkg::Lock::Timeout``, apt-get(8))."""
    done, took = setup_apt(tmp_path, hold=1.5, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "another program is using apt" in done.stderr and "waiting" in done.stderr
    assert took >= 1.2
    calls = (tmp_path / "apt-calls").read_text().splitlines()
    assert len(calls) == 2 and "update" in calls[0] and "install" in calls[1] and "libfoo1" in calls[1]
    assert all("DPkg::Lock::Timeout=" in call for call in calls)


def test_apt_gives_up_after_its_timeout_with_a_clear_message(tmp_path: Path) -> None:
    done, _ = setup_apt(tmp_path, hold=30, timeout=1)
    assert done.returncode != 0
    assert "apt is still in use by another program after 1 s" in done.stderr
    assert not (tmp_path / "apt-calls").exists(), "apt-get is not run while its lock is held"


# ------------------------------------------------------------------------------------ the sandbox

#: The protections the console unit adds (issue 14, fault 16); each needs a comment saying why it is safe.
PROTECTIONS = (
    "CapabilityBoundingSet", "AmbientCapabilities", "SystemCallArchitectures", "SystemCallFilter",
    "SystemCallErrorNumber", "RestrictNamespaces", "LockPersonality", "RestrictRealtime", "RestrictSUIDSGID",
    "ProtectClock", "ProtectKernelTunables", "ProtectKernelModules", "ProtectKernelLogs",
    "ProtectControlGroups", "ProtectHostname", "ProtectProc", "PrivateMounts", "RemoveIPC", "DevicePolicy",
    "DeviceAllow", "ReadWritePaths")


def exposure(unit: Path, *options: str, env: dict[str, str] | None = None) -> float:
    """``systemd-analyze security --offline=yes UNIT``'s overall exposure (0 safe .. 10 exposed)."""
    import re

    done = verify("security", "--offline=yes", *options, str(unit), env=env)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout + done.stderr
    return float(found.group(1))


def settings(unit: Path) -> list[tuple[str, str, list[str]]]:
    """``(key, value, comment lines above its block)`` for each setting of ``unit``."""
    found: list[tuple[str, str, list[str]]] = []
    comments: list[str] = []
    for line in unit.read_text().splitlines():
        if line.startswith("#"):
            comments.append(line)
        elif "=" in line:
            key, value = line.split("=", 1)
            found.append((key, value, list(comments)))
        else:
            comments = []
    return found


def test_the_console_unit_rates_4_or_lower_and_says_why_each_protection_is_safe() -> None:
    """Issue 14, fault 16: main's unit rated 7.6 EXPOSED."""
    unit = DEPLOY / "companion.service"
    assert exposure(unit) <= 4.0
    seen = {key for key, _, _ in settings(unit)}
    assert set(PROTECTIONS) <= seen, set(PROTECTIONS) - seen
    for key, value, comments in settings(unit):
        if key in PROTECTIONS:
            assert comments, f"{key}={value} needs a comment saying why it is safe"
    # ProtectClock= implies DeviceAllow=char-rtc r, which closes every other device unless listed.
    allowed = {value.split()[0] for key, value, _ in settings(unit) if key == "DeviceAllow"}
    assert {"char-drm", "char-input", "char-gpiochip", "char-ttyUSB", "char-ttyACM", "char-tty"} <= allowed
    readme = (DEPLOY / "README.md").read_text()
    assert "/etc/systemd/system/companion.service.d/" in readme and "systemctl daemon-reload" in readme


def test_the_desktop_unit_takes_what_a_user_unit_can(tmp_path: Path) -> None:
    """A user unit gets no mount namespace or capability set (not without PrivateUsers=, which would
    hide the hardware groups), but every seccomp-based protection; rated as a user unit."""
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime))
    assert exposure(DEPLOY / "companion-desktop.service", "--user", env=env) <= 6.5
    seen = {key for key, _, _ in settings(DEPLOY / "companion-desktop.service")}
    for key in ("SystemCallArchitectures", "SystemCallFilter", "RestrictNamespaces", "LockPersonality",
                "RestrictRealtime", "RestrictSUIDSGID"):
        assert key in seen, key


# ------------------------------------------------------------------------------------ USB sticks


def test_the_kiosk_can_write_to_the_usb_sticks_the_export_offers() -> None:
    """Issue 14, fault 17: ProtectSystem=strict kept every stick read-only (and nothing mounted one on
    a console kiosk).  Each place the export looks for sticks is writable for the unit, mounts made
    after the start reach it, and a udev rule mounts FAT/exFAT sticks for the companion user."""
    from ui import records

    unit = settings(DEPLOY / "companion.service")
    writable = {path for key, value, _ in unit if key == "ReadWritePaths" for path in value.split()}
    for root in records.MEDIA_ROOTS:
        assert f"-{root}" in writable, root
    assert ("PrivateMounts", "yes") in {(key, value) for key, value, _ in unit}
    assert ("MountFlags", "private") not in {(key, value) for key, value, _ in unit}
    rules = [line for line in (DEPLOY / "99-companion-usb.rules").read_text().splitlines()
             if line and not line.startswith("#")]
    assert rules and all('SUBSYSTEM=="block"' in rule for rule in rules)
    mounting = [rule for rule in rules if "systemd-mount" in rule]
    assert mounting and all("--no-block" in rule and "--owner=companion" in rule and "--automount=no" in rule
                            for rule in mounting)
    assert any("/run/media" in str(root) for root in records.MEDIA_ROOTS)
    readme = (DEPLOY / "README.md").read_text()
    assert "99-companion-usb.rules" in readme and "USB stick" in readme


def test_the_readmes_drop_in_verifies_and_loosens_the_unit(tmp_path: Path) -> None:
    """The override deploy/README.md shows (``systemctl edit``) is a valid drop-in."""
    readme = (DEPLOY / "README.md").read_text()
    block = readme.split("sudo systemctl edit companion.service", 1)[1].split("```ini\n", 1)[1]
    drop_in = block.split("```", 1)[0]
    root = unit_root(tmp_path)
    system = root / "etc" / "systemd" / "system"
    (system / "companion.service.d").mkdir(parents=True)
    shutil.copy(DEPLOY / "companion.service", system / "companion.service")
    (system / "companion.service.d" / "override.conf").write_text(drop_in)
    done = verify("verify", f"--root={root}", "/etc/systemd/system/companion.service")
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
    assert exposure(system / "companion.service", f"--root={root}") > exposure(DEPLOY / "companion.service")
