#!/usr/bin/env bash
# Builds the DRAT reader/checker fuzzer with clang++ (libFuzzer + ASan + UBSan) and runs it.
# usage: fuzz/drat/run.sh SECONDS [WORK_DIR]   (default WORK_DIR: build-drat-fuzz)
# Crashes land in WORK_DIR as crash-*; the corpus grows in WORK_DIR/corpus.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:?usage: run.sh SECONDS [WORK_DIR]}
work=${2:-$root/build-drat-fuzz}
mkdir -p "$work/corpus"
clang++ -std=c++20 -O1 -g -Wall -Wextra -Werror \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer \
  -I"$root/src" -I"$root" "$root/fuzz/drat/fuzz_drat.cpp" \
  "$root/src/checkers/drat/cnf_reader.cpp" "$root/src/checkers/drat/proof_reader.cpp" \
  "$root/src/checkers/drat/read_file.cpp" "$root/src/checkers/drat/checker.cpp" "$root/src/checkers/drat/relaxation.cpp" \
  "$root/src/foundations/limits/budget.cpp" "$root/src/foundations/limits/interrupt.cpp" "$root/src/foundations/limits/progress.cpp" "$root/src/foundations/limits/resident_memory.cpp" \
  -lfmt -o "$work/fuzz_drat"
cp -n "$root"/fuzz/drat/seeds/* "$work/corpus/" 2>/dev/null || true
cd "$work"
./fuzz_drat -max_total_time="$seconds" -max_len=2048 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus 2>&1 | tee fuzz.log | grep -E "^(#[0-9]+ +(INITED|DONE)|Done|stat::|==[0-9]+==ERROR|SUMMARY)" || true
