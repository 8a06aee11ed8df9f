#!/bin/sh
# bench/drat/forward.sh CARVE SOLVE_CHECKING CNF PROOF ROUNDS: the backward and the forward check
# of one proof (carve verify-proof, without and with --forward), then CaDiCaL's solve with its
# proof written and checked backward against the same solve checked forward while it is written
# (carve_drat_solve_checking file|forward), alternately, one process a run under /usr/bin/time.
# Prints one line a run: what, wall s, user+sys s, peak KB.
set -eu
carve=$1 solve=$2 cnf=$3 proof=$4 rounds=$5
tmp=${TMPDIR:-/tmp}/forward-bench.$$
mkdir -p "$tmp"
run() {
  what=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" > "$tmp/out" 2>&1 || true
  set -- $(cat "$tmp/time")
  verdict=$(grep -o -m1 'accepted\|rejected\|unknown' "$tmp/out" || echo none)
  echo "$what wall_s $1 cpu_s $(echo "$2 + $3" | bc) peak_kb $4 $verdict $(grep -o 'solve_s [0-9.]*' "$tmp/out" || true)"
}
i=0
while [ $i -lt "$rounds" ]; do
  i=$((i + 1))
  run backward "$carve" verify-proof "$cnf" "$proof"
  run forward "$carve" verify-proof "$cnf" "$proof" --forward
  run solve+file+backward "$solve" file "$cnf" "$tmp/proof.drat"
  rm -f "$tmp/proof.drat"
  run solve+forward-while-solving "$solve" forward "$cnf"
done
rm -rf "$tmp"
