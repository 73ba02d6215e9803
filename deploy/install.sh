#!/usr/bin/env bash
# Install the Mission Control companion as a kiosk on Raspberry Pi OS Bookworm
# (Lite: a system service on tty1 through KMS/DRM; Desktop: a user service
# started by labwc).  Idempotent: every step checks first and says "ok" when
# there is nothing to do, so a second run changes nothing.  See deploy/README.md.
#
#   sudo deploy/install.sh                 install from the checkout this script is in
#   sudo deploy/install.sh --dry-run       print every action, do nothing (no root needed)
#   sudo deploy/install.sh --uninstall     remove it; the data in /var/lib/companion and
#                                          /etc/companion/config.toml stay (--purge removes them)
#
# Options: --lite | --desktop (default: detected), --user NAME (the desktop
# user; default: $SUDO_USER or lightdm's autologin user), --source PATH (a
# checkout or a wheel/sdist) | --version X.Y (from pip's index), --dry-run,
# --uninstall [--purge], --help.
#
# Environment for tests and staging: COMPANION_ROOT=DIR prefixes every path
# written (the system commands it runs, apt-get, useradd, systemctl, still act
# on this machine, so a test puts stubs of them first on PATH);
# COMPANION_USER (default companion); PYTHON (default python3).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
R="${COMPANION_ROOT:-}"
R="${R%/}"
APP_USER="${COMPANION_USER:-companion}"
PYTHON="${PYTHON:-python3}"
PREFIX=/opt/companion
VENV=$PREFIX/venv
ETC=/etc/companion
DATA=/var/lib/companion
UNIT=/etc/systemd/system/companion.service
USER_UNIT=/etc/systemd/user/companion-desktop.service
RULES=/etc/udev/rules.d/99-companion-reader.rules
USB_RULES=/etc/udev/rules.d/99-companion-usb.rules
CMDLINE=/boot/firmware/cmdline.txt
STAMP=$VENV/.companion-installed
HARDWARE_GROUPS=(video render input gpio dialout)
# What Kivy's manylinux wheel loads from the system (it bundles SDL2 itself):
# GL/EGL/GLES and GBM/DRM for KMS, Mesa's drivers, mtdev for touch input; X11
# client libraries for the desktop (Xwayland); python3-venv for the venv; gcc,
# libc's and the system Python's headers (python3-dev: the venv is made from
# $PYTHON) to compile the optional C search core (setup.py; without them pip
# still installs, with the slower pure-Python search).
APT_PACKAGES=(
  python3 python3-venv
  libgl1 libegl1 libgles2 libgbm1 libdrm2 libgl1-mesa-dri libmtdev1
  libx11-6 libxext6 libxrender1 libxrandr2 libxcursor1 libxi6 libxss1 libxfixes3
  gcc libc6-dev python3-dev
)

DRY_RUN=0 UNINSTALL=0 PURGE=0 MODE="" DESKTOP_USER="" SOURCE="" VERSION=""
CHANGES=0

log() { printf '==> %s\n' "$*"; }
ok() { printf '    ok: %s (nothing to do)\n' "$*"; }
die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }

# run CMD...: do it (and say so), or with --dry-run only say what would be done.
run() {
  CHANGES=$((CHANGES + 1))
  if ((DRY_RUN)); then
    printf '    would run:'
  else
    printf '    run:'
  fi
  printf ' %q' "$@"
  printf '\n'
  if ((!DRY_RUN)); then "$@"; fi
}

usage() { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

parse_args() {
  while (($#)); do
    case $1 in
      --dry-run) DRY_RUN=1 ;;
      --uninstall) UNINSTALL=1 ;;
      --purge) PURGE=1 ;;
      --lite) MODE=lite ;;
      --desktop) MODE=desktop ;;
      --user) DESKTOP_USER=${2:?--user needs a name}; shift ;;
      --source) SOURCE=${2:?--source needs a path}; shift ;;
      --version) VERSION=${2:?--version needs a version}; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown option: $1 (see --help)" ;;
    esac
    shift
  done
  if ((PURGE && !UNINSTALL)); then die "--purge goes with --uninstall"; fi
  if [[ -n $SOURCE && -n $VERSION ]]; then die "--source and --version exclude each other"; fi
  if [[ -z $SOURCE && -z $VERSION ]]; then SOURCE="$(cd "$HERE/.." && pwd)"; fi
}

require_root() {
  if [[ $EUID -ne 0 && $DRY_RUN -eq 0 && -z $R ]]; then
    die "run me as root: sudo $0 $*  (or try --dry-run to see what I would do)"
  fi
}

# ------------------------------------------------------------------ detection

detect_mode() {
  if [[ -n $MODE ]]; then return; fi
  local target=""
  target="$(systemctl get-default 2>/dev/null || true)"
  if [[ $target == graphical.target ]] && { command -v labwc >/dev/null 2>&1 || apt_installed labwc; }; then
    MODE=desktop
  else
    MODE=lite
  fi
  log "mode: $MODE (detected; --lite or --desktop to choose)"
}

detect_desktop_user() {
  if [[ $MODE != desktop || -n $DESKTOP_USER ]]; then return; fi
  DESKTOP_USER="${SUDO_USER:-}"
  if [[ -z $DESKTOP_USER || $DESKTOP_USER == root ]]; then
    DESKTOP_USER="$(sed -n 's/^autologin-user=//p' "$R/etc/lightdm/lightdm.conf" 2>/dev/null | tail -n1)"
  fi
  [[ -n $DESKTOP_USER && $DESKTOP_USER != root ]] \
    || die "which desktop user runs the companion? Say --user NAME"
  getent passwd "$DESKTOP_USER" >/dev/null || die "no such user: $DESKTOP_USER"
}

apt_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

# ------------------------------------------------------------------ helpers

# same_file SRC DEST MODE: DEST exists with SRC's content and MODE (octal).
same_file() {
  [[ -f $2 ]] && cmp -s "$1" "$2" && [[ "$(stat -c %a "$2")" == "${3#0}" ]]
}

# put_file SRC DEST MODE: install SRC as DEST (under the root) unless already there.
# Returns 0 when it changed something, 1 when DEST was up to date.
put_file() {
  local src=$1 dest=$R$2 mode=$3
  if same_file "$src" "$dest" "$mode"; then
    ok "$2 is up to date"
    return 1
  fi
  run install -D -m "$mode" "$src" "$dest"
}

# ensure_dir PATH MODE OWNER GROUP
ensure_dir() {
  local dir=$R$1 mode=$2 owner=$3 group=$4
  if [[ -d $dir && "$(stat -c '%a %U %G' "$dir")" == "${mode#0} $owner $group" ]]; then
    ok "$1 exists ($mode $owner:$group)"
    return
  fi
  [[ -d $dir ]] || run mkdir -p "$dir"
  run chown "$owner:$group" "$dir"
  run chmod "$mode" "$dir"
}

# ensure_file PATH MODE OWNER GROUP: an existing file's mode and owners (a dry run's missing file: nothing).
ensure_file() {
  local file=$R$1 mode=$2 owner=$3 group=$4
  [[ -e $file ]] || return 0
  if [[ "$(stat -c '%a %U %G' "$file")" == "${mode#0} $owner $group" ]]; then
    ok "$1 ($mode $owner:$group)"
    return
  fi
  run chown "$owner:$group" "$file"
  run chmod "$mode" "$file"
}

in_group() { # USER GROUP
  local members
  members="$(getent group "$2" | cut -d: -f4)"
  [[ ",$members," == *",$1,"* ]]
}

# ------------------------------------------------------------------ install steps

step_apt() {
  log "apt packages"
  local missing=() pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    apt_installed "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    ok "all ${#APT_PACKAGES[@]} packages installed"
    return
  fi
  run env DEBIAN_FRONTEND=noninteractive apt-get update -q
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

step_user() {
  log "user $APP_USER"
  if getent passwd "$APP_USER" >/dev/null; then
    ok "user $APP_USER exists"
  else
    run useradd --system --user-group --home-dir "$DATA" --no-create-home \
      --shell /usr/sbin/nologin --comment "Mission Control companion" "$APP_USER"
  fi
  add_to_groups "$APP_USER"
}

# add_to_groups USER [EXTRA...]: the hardware groups that exist on this system.
add_to_groups() {
  local user=$1 group
  shift
  for group in "${HARDWARE_GROUPS[@]}" "$@"; do
    if ! getent group "$group" >/dev/null; then
      ok "no group $group on this system: skipped"
    elif in_group "$user" "$group"; then
      ok "$user is in $group"
    else
      run usermod -a -G "$group" "$user"
    fi
  done
}

step_dirs() {
  log "directories"
  ensure_dir "$ETC" 0755 root root
  ensure_dir "$DATA" 2770 "$APP_USER" "$APP_USER"
  ensure_dir "$DATA/kivy" 2770 "$APP_USER" "$APP_USER"
  ensure_dir "$DATA/backups" 2770 "$APP_USER" "$APP_USER"
  log "config $ETC/config.toml"
  if [[ -e $R$ETC/config.toml ]]; then
    ok "$ETC/config.toml exists (the table's own; never overwritten)"
  else
    run install -m 0664 -o root -g "$APP_USER" "$HERE/config.toml" "$R$ETC/config.toml"
  fi
  # The Settings screen keeps the table's language and sound in this file's [table]: the service
  # may write this one file (its group's; ReadWritePaths in companion.service), not its folder.
  ensure_file "$ETC/config.toml" 0664 root "$APP_USER"
}

# The digest of what would be installed: the source tree's files, or the version asked for.
wanted_stamp() {
  local tops=(pyproject.toml companion hardware ui)
  [[ ! -f $SOURCE/setup.py ]] || tops+=(setup.py)  # the C search core's build (absent in older checkouts)
  if [[ -n $VERSION ]]; then
    printf 'version %s\n' "$VERSION"
  elif [[ -d $SOURCE ]]; then
    (cd "$SOURCE" && find "${tops[@]}" -type f \
      ! -path '*/__pycache__/*' ! -name '*.pyc' ! -name '*.so' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum \
      | sha256sum | sed 's/ .*//; s/^/source /')
  else
    printf 'file %s\n' "$(sha256sum "$SOURCE" | cut -d' ' -f1)"
  fi
}

step_venv() {
  log "virtual environment $VENV"
  local want spec
  if [[ -z $VERSION && ! -e $SOURCE ]]; then die "no such source: $SOURCE"; fi
  want="$(wanted_stamp)"
  if [[ -x $R$VENV/bin/python ]]; then
    ok "$VENV exists"
  else
    run "$PYTHON" -m venv "$R$VENV"
  fi
  if [[ -f $R$STAMP && "$(cat "$R$STAMP")" == "$want" ]]; then
    ok "the companion is installed and up to date ($want)"
    return
  fi
  spec=$SOURCE
  [[ -z $VERSION ]] || spec="mission-control-companion==$VERSION"
  run "$R$VENV/bin/python" -m pip install --disable-pip-version-check -q --upgrade "$spec"
  if ((DRY_RUN)); then
    printf '    would write: %s\n' "$STAMP"
  else
    printf '%s\n' "$want" >"$R$STAMP"
  fi
}

step_files() {
  log "scripts and docs in $PREFIX/deploy"
  local file mode
  for file in install.sh update.sh backup.sh README.md config.toml companion.service \
    companion-desktop.service labwc-autostart 99-companion-reader.rules 99-companion-usb.rules; do
    [[ $file == *.sh ]] && mode=0755 || mode=0644
    put_file "$HERE/$file" "$PREFIX/deploy/$file" "$mode" || true
  done
}

step_udev() {
  log "udev rule for the card reader"
  if put_file "$HERE/99-companion-reader.rules" "$RULES" 0644; then
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty --action=add
  fi
}

step_lite() {
  log "system service (console kiosk on tty1)"
  if put_file "$HERE/companion.service" "$UNIT" 0644; then
    run systemctl daemon-reload
  fi
  log "udev rule: USB sticks mounted for History's export (no desktop mounts them here)"
  if put_file "$HERE/99-companion-usb.rules" "$USB_RULES" 0644; then
    run udevadm control --reload-rules
  fi
  if [[ "$(systemctl is-enabled companion.service 2>/dev/null || true)" == enabled ]]; then
    ok "companion.service is enabled"
  else
    run systemctl enable companion.service
  fi
  if [[ "$(systemctl is-enabled getty@tty1.service 2>/dev/null || true)" == enabled ]]; then
    run systemctl disable getty@tty1.service
  else
    ok "getty@tty1 is not enabled (tty1 is the companion's)"
  fi
  log "console blanking off ($CMDLINE)"
  if [[ ! -f $R$CMDLINE ]]; then
    ok "no $CMDLINE here"
  elif grep -qw 'consoleblank=0' "$R$CMDLINE"; then
    ok "consoleblank=0 is set"
  else
    run sed -i '1 s/$/ consoleblank=0/' "$R$CMDLINE"
  fi
}

step_desktop() {
  log "user service for $DESKTOP_USER's desktop (labwc)"
  put_file "$HERE/companion-desktop.service" "$USER_UNIT" 0644 || true
  add_to_groups "$DESKTOP_USER" "$APP_USER"
  local home autostart
  home="$(getent passwd "$DESKTOP_USER" | cut -d: -f6)"
  autostart="$R$home/.config/labwc/autostart"
  log "labwc autostart ${autostart#"$R"}"
  if [[ -f $autostart ]] && grep -qF '>>> Mission Control companion' "$autostart"; then
    ok "the autostart lines are there"
  else
    [[ -d $(dirname "$autostart") ]] || run install -d "$(dirname "$autostart")"
    run chown "$DESKTOP_USER:" "$(dirname "$autostart")"
    if ((DRY_RUN)); then
      printf '    would append deploy/labwc-autostart to %s\n' "$autostart"
    else
      cat "$HERE/labwc-autostart" >>"$autostart"
      chown "$DESKTOP_USER:" "$autostart"
    fi
  fi
}

# ------------------------------------------------------------------ uninstall

uninstall() {
  log "uninstall"
  if [[ -f $R$UNIT ]]; then
    run systemctl disable --now companion.service
    run rm -f "$R$UNIT"
    run systemctl daemon-reload
    run systemctl enable getty@tty1.service
  else
    ok "no $UNIT"
  fi
  local file
  for file in "$USER_UNIT" "$RULES" "$USB_RULES"; do
    if [[ -e $R$file ]]; then run rm -f "$R$file"; else ok "no $file"; fi
  done
  if [[ -f $R$CMDLINE ]] && grep -qw 'consoleblank=0' "$R$CMDLINE"; then
    run sed -i '1 s/ consoleblank=0//' "$R$CMDLINE"
  fi
  local autostart
  for autostart in "$R"/home/*/.config/labwc/autostart; do
    if [[ -f $autostart ]] && grep -qF '>>> Mission Control companion' "$autostart"; then
      run sed -i '/^# >>> Mission Control companion/,/^# <<< Mission Control companion/d' "$autostart"
    fi
  done
  if [[ -d $R$PREFIX ]]; then run rm -rf "$R$PREFIX"; else ok "no $PREFIX"; fi
  if ((PURGE)); then
    if [[ -d $R$DATA ]]; then run rm -rf "$R$DATA"; else ok "no $DATA"; fi
    if [[ -d $R$ETC ]]; then run rm -rf "$R$ETC"; else ok "no $ETC"; fi
    if getent passwd "$APP_USER" >/dev/null; then run userdel "$APP_USER"; else ok "no user $APP_USER"; fi
  else
    log "kept: $DATA (the games) and $ETC/config.toml; --uninstall --purge removes them"
  fi
}

# ------------------------------------------------------------------ main

main() {
  parse_args "$@"
  require_root "$@"
  if ((DRY_RUN)); then log "dry run: nothing is changed${R:+ (root $R)}"; fi
  if ((UNINSTALL)); then
    uninstall
  else
    detect_mode
    detect_desktop_user
    step_apt
    step_user
    step_dirs
    step_venv
    step_files
    step_udev
    if [[ $MODE == lite ]]; then step_lite; else step_desktop; fi
  fi
  if ((CHANGES == 0)); then
    log "nothing to do: everything is in place"
  elif ((DRY_RUN)); then
    log "dry run: $CHANGES actions would be taken"
  elif ((UNINSTALL)); then
    log "removed"
  elif [[ $MODE == lite ]]; then
    log "installed: reboot (or: sudo systemctl start companion); logs: journalctl -u companion -f"
  else
    log "installed: log out and in again (or reboot); logs: journalctl --user -u companion-desktop -f"
  fi
}

main "$@"
