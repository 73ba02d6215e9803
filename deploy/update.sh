#!/usr/bin/env bash
# Update the installed companion: back up the database, install the new
# version into /opt/companion/venv (install.sh: every other step is checked
# and left alone when already in place), then restart the app.
#
#   cd NEW-CHECKOUT && sudo deploy/update.sh                 a newer checkout (git pull first)
#   sudo /opt/companion/deploy/update.sh --version 1.2.0     a version from pip's index
#   sudo deploy/update.sh --dry-run                          show what would happen
#
# Other options go to install.sh (--source PATH, --lite/--desktop, --user NAME).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
for arg in "$@"; do
  [[ $arg != --dry-run ]] || DRY_RUN=1
  [[ $arg != --uninstall ]] || { printf 'update.sh: use install.sh --uninstall\n' >&2; exit 2; }
done

printf '==> backup of the database first\n'
if ((DRY_RUN)); then
  printf '    would run: %s\n' "$HERE/backup.sh"
else
  status=0
  "$HERE/backup.sh" || status=$?
  if ((status == 3)); then
    printf '    no database yet: nothing to back up\n'
  elif ((status != 0)); then
    printf 'update.sh: the backup failed (exit %s): not updating\n' "$status" >&2
    exit 1
  fi
fi

"$HERE/install.sh" "$@"

printf '==> restart\n'
if [[ "$(systemctl is-enabled companion.service 2>/dev/null || true)" == enabled ]]; then
  if ((DRY_RUN)); then
    printf '    would run: systemctl restart companion.service\n'
  else
    systemctl restart companion.service
    printf '    restarted companion.service; logs: journalctl -u companion -f\n'
  fi
else
  printf '    desktop: as the desktop user run  systemctl --user restart companion-desktop.service\n'
fi
