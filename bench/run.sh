#!/usr/bin/env bash
# Runs every benchmark script bench/*/run.sh against the build folder given as $1 (default build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
for s in "$root"/bench/*/run.sh; do
  [ -x "$s" ] || continue
  echo "== ${s#$root/}"
  "$s" "$build"
done
