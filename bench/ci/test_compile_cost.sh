#!/usr/bin/env bash
# CPU seconds to compile and link some test programs, without ccache, under two settings in turn
# (alternating, so both see the same load): what the CI-time changes of tests/CMakeLists.txt were
# measured with. It reconfigures BUILD and deletes those programs' objects; run it on a build you
# can rebuild.
#   bench/ci/test_compile_cost.sh BUILD "CMAKE_ARG_A" "CMAKE_ARG_B" [REPEATS] [TARGETS...]
# e.g. bench/ci/test_compile_cost.sh build -DCARVE_UNITY_TESTS=OFF -DCARVE_UNITY_TESTS=ON 2
set -euo pipefail
build=$1 a=$2 b=$3 repeats=${4:-2}
shift $(( $# < 4 ? $# : 4 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(encoder_tests shape_tests games_test carve_drat_tests)
for ((i = 0; i < repeats; i++)); do
  for arg in "$a" "$b"; do
    cmake -S . -B "$build" "$arg" >/dev/null
    cmake --build "$build" -j 2 --target "${targets[@]}" >/dev/null 2>&1  # everything else up to date
    for t in "${targets[@]}"; do
      find "$build/tests" -path "*/CMakeFiles/$t.dir/*" -name '*.o' -delete
    done
    CCACHE_DISABLE=1 /usr/bin/time -f "$arg: %U s user + %S s sys (%e s wall)" \
      cmake --build "$build" -j 1 --target "${targets[@]}" 2>&1 >/dev/null | tail -1
  done
done
