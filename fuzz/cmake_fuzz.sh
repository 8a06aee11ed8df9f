# Shared by the CMake-built fuzz targets' run.sh (sourced, not run): builds one libFuzzer target
# with clang in its own build folder (-DCARVE_FUZZ=ON, 2 jobs) and runs it on a corpus.
# usage (from a run.sh): source fuzz/cmake_fuzz.sh; fuzz_setup TARGET DEFAULT_WORK "$@"; (seeds into
# $work/corpus); run_fuzzer TARGET "$seconds" "$work" MAX_LEN
fuzz_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fuzz_build=${CARVE_FUZZ_BUILD:-$fuzz_root/build-fuzz}

build_fuzzer() {
  cmake -S "$fuzz_root" -B "$fuzz_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARVE_FUZZ=ON \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ >/dev/null
  cmake --build "$fuzz_build" -j2 --target "$1" >/dev/null
}

# fuzz_setup TARGET DEFAULT_WORK SECONDS [WORK_DIR]: sets $seconds and $work, makes
# $work/corpus, builds TARGET.
fuzz_setup() {
  seconds=${3:?usage: run.sh SECONDS [WORK_DIR]}
  work=${4:-$fuzz_root/$2}
  mkdir -p "$work/corpus"
  build_fuzzer "$1"
}

# Runs the fuzzer for SECONDS on WORK/corpus (crashes land in WORK as crash-*), prints the
# summary lines (executions, errors) and keeps the full log in WORK/fuzz.log; fails unless the
# run finished without a crash, leak, timeout or out-of-memory report.
run_fuzzer() {
  local target=$1 seconds=$2 work=$3 max_len=$4
  cd "$work"
  # The target may change folder (fuzz_witness does): corpus and artifacts are absolute paths.
  CARVE_ROOT="$fuzz_root" "$fuzz_build/fuzz/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/" "$work/corpus" 2>&1 | tee fuzz.log |
    grep -E "^(#[0-9]+ +(INITED|DONE)|Done|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" || true
  grep -q "^Done" fuzz.log && ! ls crash-* leak-* timeout-* oom-* >/dev/null 2>&1
}
