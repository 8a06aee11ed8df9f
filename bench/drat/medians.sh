# Sourced by the bench/drat scripts: prints every run and, per label, the medians of two columns.
# usage: summarize "RUNS" LABEL_COLUMN PEAK_COLUMN SECONDS_COLUMN LABEL...
# RUNS holds one run a line, its label in LABEL_COLUMN and its figures in the other two columns.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
summarize() {
  local out=$1 lc=$2 pc=$3 sc=$4
  shift 4
  echo "$out"
  for label in "$@"; do
    local runs
    runs=$(echo "$out" | awk -v l="$label" -v c="$lc" '$c == l')
    echo "$label: median peak $(echo "$runs" | awk -v c="$pc" '{ print $c }' | median) MB, median $(echo "$runs" | awk -v c="$sc" '{ print $c }' | median) s ($(echo "$runs" | wc -l) runs)"
  done
}
