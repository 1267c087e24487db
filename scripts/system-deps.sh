#!/usr/bin/env bash
# Installs the Debian packages Heroes Builder needs, when they are missing.
#   runtime: pango for WeasyPrint (PDF) and a font
#   test:    the runtime set, plus Chromium and its driver for the browser tests and
#            poppler-utils (pdftoppm) for the screenshots of make images
set -euo pipefail
want=(libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core)
if [ "${1:-runtime}" = "test" ]; then
  want+=(chromium chromium-driver poppler-utils)
fi
missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "system-deps: missing Debian packages: ${missing[*]} (run as root to install them)" >&2
    exit 1
  fi
else
  SUDO=
fi
echo "system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
