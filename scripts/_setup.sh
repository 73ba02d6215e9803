# shellcheck shell=bash
# Set-up shared by scripts/run and scripts/test; sourced, not run.
#
# From a fresh clone on Debian 12 / Raspberry Pi OS Bookworm: installs the
# apt packages that are missing (only those, as root or through sudo),
# creates .venv/ and installs the project with its dev tools into it,
# again only when pyproject.toml changed since the last install.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
STAMP="$VENV/.pyproject.sha256"
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

apt_installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$'
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
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# setup_venv: .venv with the project installed editable, with its dev extra.
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
  want="$(sha256sum "$REPO_ROOT/pyproject.toml" | cut -d' ' -f1)"
  if [[ ! -f "$STAMP" || "$(cat "$STAMP")" != "$want" ]]; then
    log "installing the project into .venv (pyproject.toml is new or changed)"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q -e "${REPO_ROOT}[dev]"
    printf '%s\n' "$want" >"$STAMP"
  fi
}
