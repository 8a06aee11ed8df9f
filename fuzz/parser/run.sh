#!/usr/bin/env bash
# Builds the DSL parser fuzzer with clang++ (libFuzzer + ASan + UBSan) and runs it.
# usage: fuzz/parser/run.sh SECONDS [WORK_DIR]   (default WORK_DIR: build-parser-fuzz)
# The seed corpus is copied at run time from spec/, cases/ and fuzz/parser/seeds (deep nesting:
# parentheses, 'not', unary '-', indices, atoms -- inputs that overflowed the parser's stack before
# its nesting bound; a sum of 1,991 terms, whose tree overflowed the elaborator's stack before the
# bound on an expression's height, which the target checks); dsl.dict gives the mutator the DSL's
# tokens. Crashes land in WORK_DIR as crash-*; the corpus grows in WORK_DIR/corpus.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:?usage: run.sh SECONDS [WORK_DIR]}
work=${2:-$root/build-parser-fuzz}
mkdir -p "$work/corpus" "$work/obj"
flags=(-std=c++20 -O1 -g -Wall -Wextra -Werror
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
       -I"$root")
# The X3 grammar is one heavy translation unit: compile the three sources in parallel (2 jobs).
pids=()
for src in grammar error_handler excerpt parse; do
  clang++ "${flags[@]}" -c "$root/parser/$src.cpp" -o "$work/obj/$src.o" & pids+=($!)
  if (( ${#pids[@]} >= 2 )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p"; done
clang++ "${flags[@]}" "$root/fuzz/parser/fuzz_parser.cpp" "$work"/obj/*.o -lfmt -o "$work/fuzz_parser"
# Seeds: every spec and case file of the repository (file names made unique).
find "$root/spec" "$root/cases" "$root/fuzz/parser/seeds" -type f \( -name '*.carve' -o -name '*.case' -o -name '*.witness' \) |
  while read -r f; do cp -n "$f" "$work/corpus/seed_$(echo "${f#$root/}" | tr '/' '_')"; done
cd "$work"
./fuzz_parser -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -dict="$root/fuzz/parser/dsl.dict" \
  -print_final_stats=1 corpus 2>&1 | tee fuzz.log |
  grep -E "^(#[0-9]+ +(INITED|DONE)|Done|stat::|==[0-9]+==ERROR|SUMMARY)" || true
