#!/usr/bin/env bash
# Prints the carve_games timing table. Usage: bench/games/run.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cmake --build "$build" --target games_bench_table -j 2 >/dev/null
"$build/bench/games/games_bench_table"

# Every claim of documents 002-004 at the bounds' large values (and Z3 at 8, 12, 16 bits).
cmake --build "$build" --target carve -j 2 >/dev/null
for spec in kernels sprague_grundy hackenbush; do
  start=$(date +%s.%N)
  "$build/cli/carve" claims --large "$root/spec/$spec.carve" | tail -n 1 | sed "s|^|spec/$spec.carve --large: |"
  echo "  wall time $(echo "$(date +%s.%N) - $start" | bc) s"
done
