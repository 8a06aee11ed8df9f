#!/usr/bin/env bash
# Explicit-search table for document 000 (issue acceptance: D=3 and D=4, k=3, every profile).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
python3 bench/carving/carving_table.py --carve "$build/cli/carve" "${@:2}"
