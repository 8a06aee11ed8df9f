#!/usr/bin/env bash
# The 001 table of issue 3: explicit search, the SAT engine and the SMT engine on
# spec/triangle.carve with 2..6 variables of one type and k = 1..4 (medians of 3, all engines in
# the same run), under the simple profile (exact, so no-wins are answers), then the literal
# (walks) and trail readings on 2..3 variables. An engine answers `unknown` past 60 s and is then
# skipped for larger k (ratio '-'). Results: bench/hypergraph/hypergraph_table.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
table() { python3 bench/hypergraph/hypergraph_table.py --carve "$build/cli/carve" --repeats 3 --timeout 60 "$@"; }
table --profiles simple --vars 2,3,4,5,6 --turns 1,2,3,4 --targets "{a,b},{a,b},{a,b};{a,b},{b,c}"
table --profiles literal,trail --vars 2,3 --turns 1,2,3 --targets "{a,b},{a,b},{a,b};{a,b},{b,c}"
