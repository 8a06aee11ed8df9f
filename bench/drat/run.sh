#!/usr/bin/env bash
# Prints the DRAT bench table (CaDiCaL solve time with tracing vs carve's check time, median of
# 3 repeats, then median and max ratio) for the standard families and the corpus's certified
# no-win cases, with before/after columns for the corpus: the checker before the flat deletion
# index (commit $before, its unordered_multimap) and the current one, each compiled from its
# sources by the same command into carve_drat_time (time_check.cpp), run alternately on every
# certificate in the same run. usage: [CARVE_DRAT_BEFORE=REV] bench/drat/run.sh BUILD_DIR [bench args...]
# (REV: the checker to compare against; the lazy detach of checker.cpp was measured against c24fe46)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
shift || true
case "$build" in /*) ;; *) build="$root/$build" ;; esac
before=${CARVE_DRAT_BEFORE:-fe76c36}  # default: main just before the flat deletion index (checkers/drat/clause_index.hpp)
cmake --build "$build" --target carve_drat_bench -j 2 >/dev/null

source "$root/bench/drat/timers.sh"

# The corpus's certified no-win cases (`certify drat;`) join the standard families.
cd "$root"
mapfile -t certified < <(grep -rl "^ *certify drat;" cases | sort)
echo "load before: $(uptime)"
"$build/bench/drat/carve_drat_bench" --repeats 3 "$@" --before "$timers/carve_drat_time_before" \
  --after "$timers/carve_drat_time_after" --cases "${certified[@]}"
echo "load after: $(uptime)"
