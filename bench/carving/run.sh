#!/usr/bin/env bash
# The 000 tables of issue 2 (k=3, medians of 3): every target under every profile at depth 3 by
# explicit search; at depth 4 explicit search for simple/trail/cycle and the SAT engine for the
# walk profiles (literal, lenient), whose single turns are beyond listing (docs/explicit-search.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
table() { python3 bench/carving/carving_table.py --carve "$build/cli/carve" --repeats 3 --timeout 120 "$@"; }
table --depths 3
table --depths 4 --profiles simple,trail,cycle
table --depths 4 --profiles literal,lenient --engine sat
# Issue 3: explicit, SAT (with and without symmetry breaking) and SMT on the same instances, at
# depth 4 (the full sweep D = 4, 5, 6, k = 1..6 is engines_table.py without options; hours).
python3 bench/carving/engines_table.py --carve "$build/cli/carve" --depths 4 --profiles literal,simple --turns 1-5
# sat (CaDiCaL) against smt (Z3) on the same encoding, interleaved in one run; smt-native: Z3 with
# its native atmost for at-most-one (slower: engines/solvers/z3_backend.cpp).
python3 bench/carving/backends_table.py --carve "$build/cli/carve" --engines sat,smt,smt-native --depths 3 \
  --profiles simple,trail,literal,lenient --targets P3,K3,C4 --repeats 3
