#!/usr/bin/env bash
# Builds the witness-reader fuzzer (fuzz_witness.cpp: load_case + replay + render) with clang
# (libFuzzer + ASan + UBSan) through CMake and runs it.
# usage: fuzz/witness/run.sh SECONDS [WORK_DIR]   (default WORK_DIR: build-witness-fuzz)
# Seeds: fuzz/witness/seeds (witnesses written by `carve solve --witness`) and every case of
# cases/, their spec paths rewritten to spec/NAME.carve (the fuzzer runs beside copies of spec/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../cmake_fuzz.sh"
fuzz_setup fuzz_witness build-witness-fuzz "$@"
{ find "$fuzz_root/cases" -name '*.case'; ls "$here"/seeds/*; } | while read -r f; do
  sed -E 's#spec "[^"]*/(spec/[a-z_]+\.carve)"#spec "\1"#' "$f" > "$work/corpus/seed_$(basename "$(dirname "$f")")_$(basename "$f")"
done
run_fuzzer fuzz_witness "$seconds" "$work" 4096
