#!/usr/bin/env bash
# Opens the index pages carve writes -- a 3-turn 000 win, a 001 win, and the long play of
# cases/plays/long_walk_c4.case (C4 at depth 5 after a 70-step collapse walk) -- in headless
# Chromium and checks them: the page's script ran without an error ("Uncaught" in the browser
# log); its #selftest stepped through every frame with the buttons, the keys and the frame
# buttons, found every vertex at the same screen position in every frame and every step of the
# collapse path naming a drawn edge (data-selftest="ok" in the dumped DOM, "carve-index:
# self-test ok" on the console); index.html#frame=N opens frame N (data-current="N"). It takes
# screenshots of the long play's first and last frames (long_first.png, long_last.png in OUT_DIR)
# for a person to look at. Opt-in (ctest -L browser): needs tools/debian-packages-browser.txt.
# usage: tools/check_index_in_chromium.sh CARVE_BINARY [OUT_DIR]   exit 0 ok, 1 failed, 77 no Chromium
set -euo pipefail
carve=$(realpath "${1:?usage: check_index_in_chromium.sh CARVE_BINARY [OUT_DIR]}")
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tools/chromium.sh
source "$root/tools/chromium.sh"
out=${2:-$(mktemp -d)}
mkdir -p "$out"
cd "$root"
"$carve" solve spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile simple --render "$out/p4" >/dev/null 2>&1
"$carve" solve cases/triangle/edge_one_type.case --render "$out/edge" >/dev/null 2>&1
"$carve" render cases/plays/long_walk_c4.case --dir "$out/long" >/dev/null

failed=0
check() {  # check NAME FRAMES
  local name=$1 frames=$2 page="$out/$1/index.html" last=$(($2 - 1))
  local log="$out/$name.log"
  : >"$log"
  browse "$log" --dump-dom "file://$page#selftest" >"$out/$name.dom.html"
  browse "$log" --dump-dom "file://$page#frame=$last" >"$out/$name.frame.html"
  local problems=()
  grep -q "Uncaught" "$log" && problems+=("a JavaScript error: $(grep -m1 Uncaught "$log")")
  grep -q 'data-selftest="ok"' "$out/$name.dom.html" || problems+=("the self-test did not pass: $(grep -o 'self-test failed[^"]*' "$log" | head -1)")
  grep -q "carve-index: self-test ok" "$log" || problems+=("no 'self-test ok' on the console")
  grep -q "carve-index: ready, $frames frames" "$log" || problems+=("no 'ready, $frames frames' on the console")
  [ "$(grep -o '<figure class="frame' "$out/$name.dom.html" | wc -l)" -eq "$frames" ] || problems+=("not $frames frames in the DOM")
  grep -q "data-current=\"$last\"" "$out/$name.frame.html" || problems+=("#frame=$last did not open frame $last")
  if [ ${#problems[@]} -eq 0 ]; then
    echo "ok      $name: $frames frames, self-test ok (positions fixed across frames), #frame=$last opens frame $last"
  else
    failed=1
    for p in "${problems[@]}"; do echo "FAILED  $name: $p (log: $log)"; done
  fi
}
check p4 4
check edge 2
check long 5
for shot in "first 0" "last 4"; do
  set -- $shot
  browse "$out/long.log" --screenshot="$out/long_$1.png" "file://$out/long/index.html#frame=$2" >/dev/null
  if [ -s "$out/long_$1.png" ] && [ "$(head -c 4 "$out/long_$1.png" | tail -c 3)" = "PNG" ]; then
    echo "ok      screenshot of frame $2: $out/long_$1.png"
  else
    failed=1
    echo "FAILED  no screenshot of frame $2"
  fi
done
exit $failed
