#!/usr/bin/env bash
# Times carve's DRAT checker before and after a change on given CNF/proof pairs (for instance
# the infinite tree's certified formulas, bench/infinite/shape_bound.md): both timers built by
# timers.sh, each pair checked by both alternately, REPEATS times; prints the median total
# seconds (reading both files and checking) of each and their ratio.
# usage: bench/drat/pairs.sh BUILD_DIR BEFORE_REV REPEATS CNF PROOF [CNF PROOF ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 5 ] && [ $(( ($# - 3) % 2 )) -eq 0 ] || { sed -n 2,6p "$0" >&2; exit 2; }
build=$1 before=$2 repeats=$3
shift 3
case "$build" in /*) ;; *) build="$root/$build" ;; esac
source "$root/bench/drat/timers.sh"
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "load before: $(uptime)"
printf '%-40s %10s %10s %8s\n' "pair" "before s" "after s" "speedup"
while [ $# -gt 0 ]; do
  cnf=$1 proof=$2
  shift 2
  b=() a=()
  for ((r = 0; r < repeats; r++)); do
    order=(before after)
    [ $((r % 2)) -eq 1 ] && order=(after before)
    for v in "${order[@]}"; do
      line=$("$timers/carve_drat_time_$v" "$cnf" "$proof" 1)
      case "$line" in *accepted) ;; *) echo "$v rejected $proof: $line" >&2; exit 1 ;; esac
      t=$(awk '{print $8}' <<<"$line")
      if [ "$v" = before ]; then b+=("$t"); else a+=("$t"); fi
    done
  done
  mb=$(printf '%s\n' "${b[@]}" | median)
  ma=$(printf '%s\n' "${a[@]}" | median)
  printf '%-40s %10.2f %10.2f %7.2fx\n' "$(basename "$proof")" "$mb" "$ma" "$(awk -v x="$mb" -v y="$ma" 'BEGIN {print x / y}')"
done
echo "load after: $(uptime)"
