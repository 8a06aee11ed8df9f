#!/usr/bin/env bash
# Builds the graph-target reader fuzzer (fuzz_target.cpp: named graphs, edge lists, graph6,
# hyperedge lists) with clang (libFuzzer + ASan + UBSan) through CMake and runs it.
# usage: fuzz/target/run.sh SECONDS [WORK_DIR]   (default WORK_DIR: build-target-fuzz)
# Seeds: fuzz/target/seeds and every `target` written in cases/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../cmake_fuzz.sh"
fuzz_setup fuzz_target build-target-fuzz "$@"
cp "$here"/seeds/* "$work/corpus/"
grep -rhoE '^\s*target\s+[a-z0-9]*\s*("[^"]*"|[^;]+);' "$fuzz_root/cases" |
  sed -E 's/^\s*target\s+(named|edges|graph6|hyperedges)?\s*//; s/;$//; s/^"(.*)"$/\1/' | sort -u |
  while read -r t; do printf '%s' "$t" > "$work/corpus/seed_case_$(printf '%s' "$t" | md5sum | cut -c1-12)"; done
run_fuzzer fuzz_target "$seconds" "$work" 512
