#!/usr/bin/env bash
# carve explain's time against carve solve's on the corpus' no-win cases (bench/explain/explain_table.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
python3 "$root/bench/explain/explain_table.py" --carve "$root/$build/cli/carve"
