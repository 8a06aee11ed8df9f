#!/usr/bin/env bash
# carve diff: every profile pair of 000 at D = 3, 4 over K1..K1,3 within 5 turns (bench/diff/diff_table.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
python3 "$root/bench/diff/diff_table.py" --carve "$root/$build/cli/carve"
