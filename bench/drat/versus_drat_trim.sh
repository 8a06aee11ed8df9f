#!/usr/bin/env bash
# carve's checker before and after a change beside drat-trim, on one CNF/proof pair, in the same run:
# `carve verify-proof` of each carve binary and `drat-trim CNF PROOF`, each under /usr/bin/time -v
# (peak resident set, wall seconds), in turn, REPEATS rounds (the order rotates each round); prints
# every run, the medians and the ratios to drat-trim, with the load before and after.
# drat-trim is built outside the repository from its public source (never part of carve).
# usage: bench/drat/versus_drat_trim.sh CARVE_BEFORE CARVE_AFTER DRAT_TRIM CNF PROOF [REPEATS]
set -euo pipefail
[ $# -ge 5 ] || { sed -n 2,7p "$0" >&2; exit 2; }
before=$1 after=$2 dt=$3 cnf=$4 proof=$5 repeats=${6:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {  # NAME COMMAND...: one run; prints "NAME mb S verdict"
  local name=$1
  shift
  /usr/bin/time -v -o "$tmp/time" nice "$@" >"$tmp/out" 2>&1 || true
  local mb s verdict
  mb=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$tmp/time")
  s=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); t = 0; for (i = 1; i <= n; i++) t = t * 60 + p[i]; print t}' "$tmp/time")
  verdict=$(grep -m1 -aoE 's NOT VERIFIED|s VERIFIED|accepted|rejected' "$tmp/out" | tr ' ' _ || echo "?")
  echo "$name $mb $s $verdict"
}
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "proof: $proof, $(stat -c %s "$proof") bytes; load before: $(uptime | sed 's/.*load/load/')"
names=(before after drat-trim)
out=""
for ((r = 0; r < repeats; r++)); do
  for ((k = 0; k < 3; k++)); do
    case ${names[(r + k) % 3]} in
      before) line=$(run before "$before" verify-proof --quiet "$cnf" "$proof") ;;
      after) line=$(run after "$after" verify-proof --quiet "$cnf" "$proof") ;;
      drat-trim) line=$(run drat-trim "$dt" "$cnf" "$proof") ;;
    esac
    echo "$line  (load $(cut -d' ' -f1 /proc/loadavg))"
    out+="$line"$'\n'
  done
done
printf '%-10s %10s %10s\n' "checker" "peak MB" "seconds"
for n in "${names[@]}"; do
  mb=$(awk -v n="$n" '$1 == n {print $2}' <<<"$out" | median)
  s=$(awk -v n="$n" '$1 == n {print $3}' <<<"$out" | median)
  printf '%-10s %10s %10s\n' "$n" "$mb" "$s"
  eval "mb_${n//-/_}=$mb s_${n//-/_}=$s"
done
awk -v a="$mb_after" -v b="$mb_before" -v d="$mb_drat_trim" -v sa="$s_after" -v sb="$s_before" -v sd="$s_drat_trim" \
  'BEGIN {printf "memory: after / drat-trim %.2f, before / drat-trim %.2f; time: after / drat-trim %.2f, before / drat-trim %.2f\n", a / d, b / d, sa / sd, sb / sd}'
echo "load after: $(uptime | sed 's/.*load/load/')"
