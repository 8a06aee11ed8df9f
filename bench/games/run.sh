#!/usr/bin/env bash
# Prints the carve_games timing table. Usage: bench/games/run.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cmake --build "$build" --target games_bench_table -j 2 >/dev/null
"$build/bench/games/games_bench_table"
