#!/usr/bin/env bash
# Prints the DRAT bench table (CaDiCaL solve time with tracing vs carve's check time, median of
# 3 repeats, then median and max ratio) for the standard families and the corpus's certified
# no-win cases. usage: bench/drat/run.sh BUILD_DIR [bench args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
shift || true
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cmake --build "$build" --target carve_drat_bench -j 2 >/dev/null
# The corpus's certified no-win cases (`certify drat;`) join the standard families.
cd "$root"
mapfile -t certified < <(grep -rl "^ *certify drat;" cases | sort)
"$build/bench/drat/carve_drat_bench" --repeats 3 "$@" --cases "${certified[@]}"
