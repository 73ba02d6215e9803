#!/usr/bin/env bash
# A consistent backup of the companion's SQLite database, while the app runs:
# SQLite's online backup (Python's sqlite3.Connection.backup), checked with
# PRAGMA integrity_check, written to a timestamped file; only the newest N kept.
#
#   sudo /opt/companion/deploy/backup.sh              -> /var/lib/companion/backups/
#   backup.sh --db FILE --dir DIR --keep N            (defaults: the database of
#        /etc/companion/config.toml [store], <its folder>/backups, 10)
#
# Restore: sudo systemctl stop companion; cp BACKUP /var/lib/companion/companion.sqlite3;
# sudo systemctl start companion (see deploy/README.md).
set -euo pipefail

VENV="${COMPANION_VENV:-/opt/companion/venv}"
PY="$VENV/bin/python"
[[ -x $PY ]] || PY="${PYTHON:-python3}"
APP_USER="${COMPANION_USER:-companion}"
DB="" DIR="" KEEP=10

die() { printf 'backup.sh: error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case $1 in
    --db) DB=${2:?--db needs a file}; shift ;;
    --dir) DIR=${2:?--dir needs a folder}; shift ;;
    --keep) KEEP=${2:?--keep needs a number}; shift ;;
    -h | --help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option: $1 (see --help)" ;;
  esac
  shift
done
[[ $KEEP =~ ^[1-9][0-9]*$ ]] || die "--keep must be a whole number of at least 1, not '$KEEP'"

if [[ -z $DB ]]; then
  # The database the app uses: [store] of its config (companion.table.config), else the default.
  DB="$("$PY" -c 'from companion.table.config import load_config; print(load_config().database_path)' 2>/dev/null \
    || echo /var/lib/companion/companion.sqlite3)"
fi
if [[ ! -f $DB ]]; then
  printf 'backup.sh: no database at %s (nothing played yet?)\n' "$DB" >&2
  exit 3
fi
DIR="${DIR:-$(dirname "$DB")/backups}"
mkdir -p "$DIR"
target="$DIR/$(basename "${DB%.*}")-$(date +%Y%m%d-%H%M%S).sqlite3"

"$PY" - "$DB" "$target" <<'PYTHON'
import sqlite3
import sys

source, target = sys.argv[1], sys.argv[2]
src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
dst = sqlite3.connect(target)
with dst:
    src.backup(dst)  # a consistent snapshot, even while the app writes
check = dst.execute("PRAGMA integrity_check").fetchone()[0]
dst.close()
src.close()
if check != "ok":
    sys.exit(f"backup.sh: the copy failed its integrity check: {check}")
PYTHON

if [[ $EUID -eq 0 ]] && getent passwd "$APP_USER" >/dev/null; then
  chown "$APP_USER:$APP_USER" "$target"
fi
chmod 0640 "$target"
printf 'backup: %s (%s bytes)\n' "$target" "$(stat -c %s "$target")"

# Keep the newest KEEP backups of this database (names sort by time).
mapfile -t old < <(find "$DIR" -maxdepth 1 -name "$(basename "${DB%.*}")-*.sqlite3" -printf '%f\n' \
  | LC_ALL=C sort -r | tail -n +"$((KEEP + 1))")
for name in "${old[@]}"; do
  rm -f -- "${DIR:?}/$name"
  printf 'removed old backup: %s\n' "$DIR/$name"
done
