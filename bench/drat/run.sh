#!/usr/bin/env bash
# Prints the DRAT bench table (CaDiCaL solve time with tracing vs carve's check time, median of
# 3 repeats, then median and max ratio). usage: bench/drat/run.sh BUILD_DIR [bench args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
shift || true
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cmake --build "$build" --target carve_drat_bench -j 2 >/dev/null
"$build/bench/drat/carve_drat_bench" --repeats 3 "$@"
