#!/usr/bin/env bash
# Prints the DRAT bench table (CaDiCaL solve time with tracing vs carve's check time, median of
# 3 repeats, then median and max ratio) for the standard families and the corpus's certified
# no-win cases, with before/after columns for the corpus: the checker before the flat deletion
# index (commit $before, its unordered_multimap) and the current one, each compiled from its
# sources by the same command into carve_drat_time (time_check.cpp), run alternately on every
# certificate in the same run. usage: bench/drat/run.sh BUILD_DIR [bench args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
shift || true
case "$build" in /*) ;; *) build="$root/$build" ;; esac
before=fe76c36  # main just before the flat deletion index (checker/drat/clause_index.hpp)
cmake --build "$build" --target carve_drat_bench -j 2 >/dev/null

# The two timers: the same file and flags, the checker's and the limits' sources of each version.
timers="$build/bench/drat/before-after"
rm -rf "$timers" && mkdir -p "$timers/before"
git -C "$root" archive "$before" checker/drat limits | tar -x -C "$timers/before"
compiler=$(command -v ccache || true)
pids=()
for v in before after; do
  src="$timers/before"
  [ "$v" = after ] && src="$root"
  $compiler c++ -std=c++20 -O3 -DNDEBUG -I "$src" "$root/bench/drat/time_check.cpp" \
    "$src"/checker/drat/{cnf_reader,proof_reader,read_file,checker,relaxation,lrat_writer}.cpp \
    "$src"/limits/{budget,interrupt,resident_memory,progress}.cpp -lfmt -o "$timers/carve_drat_time_$v" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

# The corpus's certified no-win cases (`certify drat;`) join the standard families.
cd "$root"
mapfile -t certified < <(grep -rl "^ *certify drat;" cases | sort)
echo "load before: $(uptime)"
"$build/bench/drat/carve_drat_bench" --repeats 3 "$@" --before "$timers/carve_drat_time_before" \
  --after "$timers/carve_drat_time_after" --cases "${certified[@]}"
echo "load after: $(uptime)"
