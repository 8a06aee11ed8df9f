# Sourced by the browser checks (tools/check_*_in_chromium.sh): finds headless Chromium (exit 77,
# the tests' SKIP code, when it is missing) and defines browse LOG ARGS...: one headless run with a
# fresh profile, its browser log appended to LOG.
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
  echo "SKIP: Chromium is not installed (tools/install-deps.sh tools/debian-packages-browser.txt)"
  exit 77
fi
browse() {
  local log=$1 profile
  shift
  profile=$(mktemp -d)
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --virtual-time-budget=5000 --window-size=1280,900 "$@" 2>>"$log" || true
  rm -rf "$profile"
}
