#!/usr/bin/env bash
# The checker's memory on a proof, held whole (read_proof, then check) against streamed
# (check_file, what certificates and `carve verify-proof` use): REPEATS runs of each, alternately,
# one process per run; prints every run and the medians of the peak resident set and the time.
# usage: bench/drat/memory.sh BUILD_DIR CNF PROOF [REPEATS]
set -euo pipefail
build=$1 cnf=$2 proof=$3 repeats=${4:-3}
cmake --build "$build" --target carve_drat_memory -j 2 >/dev/null
echo "proof: $(stat -c %s "$proof") bytes; load before: $(uptime | sed 's/.*load/load/')"
out=$(for i in $(seq "$repeats"); do for mode in whole stream; do "$build/bench/drat/carve_drat_memory" "$mode" "$cnf" "$proof"; done; done)
source "$(dirname "$0")/medians.sh"
summarize "$out" 1 3 5 whole stream
echo "load after: $(uptime | sed 's/.*load/load/')"
