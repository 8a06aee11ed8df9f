#!/usr/bin/env bash
# carve check -j 1 against -j 2 over cases/: medians over 3 alternated repeats (bench/check/check_jobs.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
python3 "$root/bench/check/check_jobs.py" --carve "$root/$build/cli/carve" --cases "$root/cases"
