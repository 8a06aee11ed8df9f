#!/usr/bin/env bash
# carve play's hints: time per K at depths 3-5 over states of the corpus's witnesses (bench/play/hint_table.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
python3 "$root/bench/play/hint_table.py" --carve "$root/$build/cli/carve"
