#!/usr/bin/env bash
# `carve verify-proof`'s memory and time, two carve binaries on the same CNF and proof (an earlier
# build against this one, say): REPEATS runs of each, alternately, one process per run; prints
# every run (the peak resident set the command reports in its JSON, and its seconds) and the
# medians. Both must accept: a run that does not is printed and the script fails.
# usage: bench/drat/verify_memory.sh CARVE_A CARVE_B CNF PROOF [REPEATS]
set -euo pipefail
a=$1 b=$2 cnf=$3 proof=$4 repeats=${5:-3}
echo "proof: $(stat -c %s "$proof") bytes; load before: $(uptime | sed 's/.*load/load/')"
run() {  # label binary -> "label peak_mb seconds"
  local json
  json=$("$2" verify-proof "$cnf" "$proof" --json --quiet) || { echo "$1: not accepted: $json" >&2; exit 1; }
  python3 -c 'import json,sys; j=json.load(sys.stdin); print(sys.argv[1], j["peak_memory_mb"], round(j["seconds"], 1), j["verdict"])' "$1" <<<"$json"
}
out=$(for i in $(seq "$repeats"); do run A "$a"; run B "$b"; done)
source "$(dirname "$0")/medians.sh"
summarize "$out" 1 2 3 A B
echo "load after: $(uptime | sed 's/.*load/load/')"
