#!/usr/bin/env bash
# Opens the index pages that `carve solve --render` writes (a 3-turn 000 win and a 001 win) in
# headless Chromium and checks them: the page's script ran without an error ("Uncaught" in the
# browser log), its #selftest stepped through every frame with the buttons and the arrow keys
# (data-selftest="ok" in the dumped DOM, "carve-index: self-test ok" on the console), and a
# screenshot comes out. Opt-in (ctest -L browser): needs tools/debian-packages-browser.txt.
# usage: tools/check_index_in_chromium.sh CARVE_BINARY [OUT_DIR]   exit 0 ok, 1 failed, 77 no Chromium
set -euo pipefail
carve=$(realpath "${1:?usage: check_index_in_chromium.sh CARVE_BINARY [OUT_DIR]}")
root=$(cd "$(dirname "$0")/.." && pwd)
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
  echo "SKIP: Chromium is not installed (tools/install-deps.sh tools/debian-packages-browser.txt)"
  exit 77
fi
out=${2:-$(mktemp -d)}
mkdir -p "$out"
cd "$root"
"$carve" solve spec/binary_tree.carve --target P4 --turns 3 --depth 3 --profile simple --render "$out/p4" >/dev/null
"$carve" solve cases/triangle/edge_one_type.case --render "$out/edge" >/dev/null

failed=0
check() {  # check NAME FRAMES
  local name=$1 frames=$2 page="$out/$1/index.html" profile
  profile=$(mktemp -d)
  local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
               --disable-component-update --disable-sync --user-data-dir="$profile" --enable-logging=stderr --v=0
               --virtual-time-budget=5000)
  timeout 120 "$chrome" "${flags[@]}" --dump-dom "file://$page#selftest" >"$out/$name.dom.html" 2>"$out/$name.log" || true
  timeout 120 "$chrome" "${flags[@]}" --window-size=1280,900 --screenshot="$out/$name.png" "file://$page" \
    >/dev/null 2>>"$out/$name.log" || true
  rm -rf "$profile"
  local problems=()
  grep -q "Uncaught" "$out/$name.log" && problems+=("a JavaScript error: $(grep -m1 Uncaught "$out/$name.log")")
  grep -q 'data-selftest="ok"' "$out/$name.dom.html" || problems+=("the self-test did not pass (data-selftest)")
  grep -q "carve-index: self-test ok" "$out/$name.log" || problems+=("no 'self-test ok' on the console")
  grep -q "carve-index: ready, $frames frames" "$out/$name.log" || problems+=("no 'ready, $frames frames' on the console")
  [ "$(grep -o '<figure class="frame' "$out/$name.dom.html" | wc -l)" -eq "$frames" ] || problems+=("not $frames frames in the DOM")
  [ -s "$out/$name.png" ] && [ "$(head -c 4 "$out/$name.png" | tail -c 3)" = "PNG" ] || problems+=("no screenshot")
  if [ ${#problems[@]} -eq 0 ]; then
    echo "ok      $name: $frames frames, self-test ok, no JavaScript error, screenshot $out/$name.png"
  else
    failed=1
    for p in "${problems[@]}"; do echo "FAILED  $name: $p (log: $out/$name.log)"; done
  fi
}
check p4 4
check edge 2
exit $failed
