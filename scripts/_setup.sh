# shellcheck shell=bash
# Set-up shared by scripts/run and scripts/test; sourced, not run.
#
# From a fresh clone on Debian 12 / Raspberry Pi OS Bookworm: installs the
# apt packages that are missing (only those, as root or through sudo; while
# another program holds apt's lock, as on a Pi's first boot, it says so and
# waits up to APT_LOCK_TIMEOUT seconds, default 900),
# creates .venv/ and installs the project with its dev tools into it,
# again only when what the install is made of changed since the last one
# (install_digest: pyproject.toml, setup.py, the C search core's source, a
# C compiler there or not).

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
STAMP="$VENV/.install.sha256"
# The optional C search core that setup.py compiles in place (an editable install).
SEARCH_SOURCE=companion/games/transmission/mission_control/_search.c
PYTHON="${PYTHON:-python3}"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "root is needed to run: $* (run as root, or install sudo)"
  fi
}

# apt's and dpkg's locks (POSIX locks on these files), and how long to wait for another program
# that holds one, as unattended-upgrades or the first boot's own apt run does on a fresh Pi.
read -r -a APT_LOCK_FILES <<<"${APT_LOCKS:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock}"
APT_LOCK_TIMEOUT="${APT_LOCK_TIMEOUT:-900}"  # seconds
APT_LOCK_POLL="${APT_LOCK_POLL:-5}"  # seconds between looks

# apt_lock_holder: "PID (name)" of a process holding one of APT_LOCK_FILES (from /proc/locks), or
# nothing.  Needs no root, no fuser: /proc/locks lists every lock as "... PID MAJ:MIN:INODE ...".
apt_lock_holder() {
  local file id pid
  [[ -r /proc/locks ]] || return 0
  for file in "${APT_LOCK_FILES[@]}"; do
    [[ -e "$file" ]] || continue
    id="$(printf '%02x:%02x:%s' "$(stat -c '%Hd' "$file")" "$(stat -c '%Ld' "$file")" "$(stat -c '%i' "$file")")"
    pid="$(awk -v id="$id" '{ for (i = 1; i < NF; i++) if ($(i + 1) == id) { print $i; exit } }' /proc/locks)"
    if [[ -n "$pid" ]]; then
      printf '%s (%s)\n' "$pid" "$(cat "/proc/$pid/comm" 2>/dev/null || echo '?')"
      return 0
    fi
  done
}

# apt_get ARGS...: apt-get ARGS as root, once no other program holds apt's lock: it waits (saying
# so) up to APT_LOCK_TIMEOUT seconds instead of failing at once with exit 100.  apt-get itself
# waits for dpkg's lock with DPkg::Lock::Timeout (apt-get(8)); that option does not cover `update`'s
# lock on /var/lib/apt/lists (apt 2.6), hence the look here first, and again after an exit 100.
apt_get() {
  local start=$SECONDS holder said=-1 status
  while true; do
    holder="$(apt_lock_holder)"
    if [[ -z "$holder" ]]; then
      status=0
      as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_TIMEOUT" "$@" || status=$?
      holder="$(apt_lock_holder)"
      if ((status != 100)) || [[ -z "$holder" ]]; then
        return "$status"
      fi
    fi
    if ((SECONDS - start >= APT_LOCK_TIMEOUT)); then
      die "apt is still in use by another program after $APT_LOCK_TIMEOUT s ($holder); try again when it has finished (or raise APT_LOCK_TIMEOUT)"
    fi
    if ((said < 0 || SECONDS - said >= 60)); then
      log "another program is using apt ($holder), as on a Pi's first boot: waiting for it to finish (up to $APT_LOCK_TIMEOUT s)"
      said=$SECONDS
    fi
    sleep "$APT_LOCK_POLL"
  done
}

apt_installed() {
  # One short line to compare (grep -q on dpkg -s's long output could end the pipe early: a
  # SIGPIPE that pipefail counts as "not installed", as it did for libc6-dev).
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

# setup_system PKG...: install the missing ones of PKG... (plus python3-venv
# when this Python cannot make a venv) with one apt-get update first.
setup_system() {
  local wanted=("$@") missing=() pkg
  command -v "$PYTHON" >/dev/null 2>&1 || wanted+=(python3)
  if command -v "$PYTHON" >/dev/null 2>&1 && ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
    wanted+=(python3-venv)
  fi
  if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    log "no dpkg/apt-get: not Debian; make sure these are installed: ${wanted[*]}"
    return 0
  fi
  for pkg in "${wanted[@]}"; do
    apt_installed "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    return 0
  fi
  log "installing with apt: ${missing[*]}"
  apt_get update -q
  apt_get install -y -q --no-install-recommends "${missing[@]}"
}

# install_digest: one sha256 of what an install of the checkout depends on: pyproject.toml,
# setup.py, the C search core's source (a changed .c is compiled again: the loader refuses a build
# older than its source), and whether the core can be compiled at all (a C compiler and this
# Python's headers), so a venv installed without gcc gets the core once gcc is there.
# can_compile: true when a C compiler (${CC:-cc}) and this Python's headers are there.
can_compile() {
  local include
  include="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null || true)"
  command -v "${CC:-cc}" >/dev/null 2>&1 && [[ -n "$include" && -f "$include/Python.h" ]]
}

# core_is_fresh: true when the venv imports the C search core built from the source beside it
# (mission_control/native.py's rules, whatever COMPANION_PURE_SEARCH says).
core_is_fresh() {
  env -u COMPANION_PURE_SEARCH "$VENV/bin/python" -c 'import sys
from companion.games.transmission.mission_control.native import core_module
sys.exit(core_module() is None)' 2>/dev/null
}

install_digest() {
  local file can_compile=no
  if can_compile; then
    can_compile=yes
  fi
  {
    for file in pyproject.toml setup.py "$SEARCH_SOURCE"; do
      if [[ -f "$REPO_ROOT/$file" ]]; then
        printf '%s %s\n' "$file" "$(sha256sum "$REPO_ROOT/$file" | cut -d' ' -f1)"
      fi
    done
    printf 'compiler %s\n' "$can_compile"
  } | sha256sum | cut -d' ' -f1
}

# setup_venv: .venv with the project installed editable, with its dev extra (and the C search
# core compiled in place when a compiler is there).
setup_venv() {
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "Python 3.11 or newer is needed; $PYTHON is $("$PYTHON" -V 2>&1)"
  if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    # Missing, or half made (e.g. created before python3-venv was installed).
    log "creating $VENV"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  local want
  want="$(install_digest)"
  if [[ ! -f "$STAMP" || "$(cat "$STAMP")" != "$want" ]]; then
    log "installing the project into .venv (pyproject.toml, setup.py or $SEARCH_SOURCE is new or changed, or a C compiler came or went)"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q -e "${REPO_ROOT}[dev]"
    if [[ -f "$REPO_ROOT/$SEARCH_SOURCE" ]] && ! core_is_fresh; then
      if can_compile; then
        # pip -q hides the compiler: build again in the open so its errors show, and keep no stamp
        # (the next run tries again; an older build beside the source is refused, not used).
        log "the C search core did not build from $SEARCH_SOURCE; the compiler says:"
        (cd "$REPO_ROOT" && "$VENV/bin/python" setup.py -q build_ext --inplace) || true
        if ! core_is_fresh; then
          log "the pure-Python search is used, slower (same answers); fix $SEARCH_SOURCE and run this again"
          return 0
        fi
      else
        log "the C search core was not built (${CC:+CC=$CC is not a compiler, or }no C compiler, or no Python.h: apt install gcc libc6-dev python3-dev): the pure-Python search is used, slower"
      fi
    fi
    printf '%s\n' "$want" >"$STAMP"
  fi
}

# setup_catalogs: compile each translation catalog (companion/locale/*/LC_MESSAGES/companion.po)
# into the .mo the app reads, when the .mo is missing or older than its .po.  The .mo files are not
# committed (generated, binary): a fresh clone, CI and an editable install get them here; a wheel's
# build compiles them too (setup.py).  Without them the table runs in English and says so.
setup_catalogs() {
  local po stale=no
  for po in "$REPO_ROOT"/companion/locale/*/LC_MESSAGES/companion.po; do
    [[ -f "$po" ]] || continue
    if [[ ! -f "${po%.po}.mo" || "$po" -nt "${po%.po}.mo" ]]; then
      stale=yes
    fi
  done
  if [[ "$stale" == yes ]]; then
    log "compiling the translation catalogs (scripts/i18n compile)"
    (cd "$REPO_ROOT" && "$VENV/bin/python" -m companion.lab.catalog compile) \
      || die "the translation catalogs did not compile: see above (scripts/i18n check says what is wrong)"
  fi
}
