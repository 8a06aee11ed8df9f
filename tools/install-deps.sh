#!/usr/bin/env bash
# Installs the Debian packages carve builds and tests with, and only those that are missing,
# so that running it twice is cheap. Uses sudo only when not root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# An optional argument names another list (e.g. tools/debian-packages-browser.txt, opt-in).
list=${1:-$here/debian-packages.txt}
mapfile -t wanted < <(grep -vE '^\s*(#|$)' "$list")
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "carve: installing missing Debian packages: ${missing[*]}" >&2
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
