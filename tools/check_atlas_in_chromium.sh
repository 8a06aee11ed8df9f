#!/usr/bin/env bash
# Opens an atlas report in headless Chromium: a small atlas (connected graphs up to 3 vertices,
# two readings at depth 3) is planned, run and reported; the grid page must show one cell per
# question (8), each linking to its witness, with the readings' disagreement outlined where the
# store says so; then the first cell's link is followed and the player it opens must pass its own
# self-test (data-selftest="ok", as tools/check_index_in_chromium.sh checks). Opt-in
# (ctest -L browser): needs tools/debian-packages-browser.txt.
# usage: tools/check_atlas_in_chromium.sh CARVE_BINARY [OUT_DIR]   exit 0 ok, 1 failed, 77 no Chromium
set -euo pipefail
carve=$(realpath "${1:?usage: check_atlas_in_chromium.sh CARVE_BINARY [OUT_DIR]}")
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tools/chromium.sh
source "$root/tools/chromium.sh"
out=${2:-$(mktemp -d)}
rm -rf "$out/atlas"
"$carve" atlas plan "$root/spec/binary_tree.carve" --dir "$out/atlas" --max-vertices 3 --depths 3 --profiles literal,simple >/dev/null
"$carve" atlas run "$out/atlas" --quiet >/dev/null
"$carve" atlas report "$out/atlas" >/dev/null

failed=0
log="$out/atlas.log"
: >"$log"
browse "$log" --dump-dom "file://$out/atlas/report/index.html" >"$out/atlas.dom.html"
cells=$(grep -o '<td class="v' "$out/atlas.dom.html" | wc -l)
links=$(grep -o '<a href="plays/[0-9a-f]*/index.html"' "$out/atlas.dom.html" | wc -l)
differs=$(grep -o '<td class="v differs"' "$out/atlas.dom.html" | wc -l)
expected_differs=$(python3 - "$out/atlas/results.jsonl" <<'PY'
# Each answer as the range of shortest lengths it allows (a win's turns above, its engine's lower
# bound below); a target's readings at a depth disagree when two of the ranges share no length.
import json, sys, collections
latest = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    latest[r["key"]] = r
by = collections.defaultdict(list)
for r in latest.values():
    if r["status"] in ("certified", "win", "no-win", "unknown"):
        high = r["turns"] if r["status"] in ("certified", "win") else float("inf")
        by[(r["target"]["text"], r["depth"])].append((r.get("lower_bound") or 0, high))
apart = lambda a, b: a[1] < b[0] or b[1] < a[0]
print(sum(len(v) for v in by.values() if any(apart(a, b) for a in v for b in v)))
PY
)
[ "$cells" -eq 8 ] && [ "$links" -eq 8 ] || { failed=1; echo "FAILED  grid: $cells cells and $links witness links, 8 of each expected"; }
[ "$differs" -eq "$expected_differs" ] || { failed=1; echo "FAILED  grid: $differs cells outlined, the store says $expected_differs"; }
[ $failed -eq 0 ] && echo "ok      grid: 8 cells, each opening its witness; $differs outlined where the readings disagree"
first=$(grep -o '<a href="plays/[0-9a-f]*/index.html"' "$out/atlas.dom.html" | head -1 | sed 's/<a href="//; s/"$//')
play_log="$out/play.log"
: >"$play_log"
browse "$play_log" --dump-dom "file://$out/atlas/report/$first#selftest" >"$out/play.dom.html"
if grep -q 'data-selftest="ok"' "$out/play.dom.html" && ! grep -q Uncaught "$play_log"; then
  echo "ok      the first cell opens $first and its player passes its self-test"
else
  failed=1
  echo "FAILED  the first cell's player $first did not pass its self-test (log: $play_log)"
fi
exit $failed
