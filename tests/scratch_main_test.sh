#!/bin/sh
# A passing test program leaves nothing in the temporary folder it was given (scratch_main.cpp):
# PROGRAM runs the tests FILTER selects -- tests that make scratch folders and files, and start
# carve -- with TMPDIR a fresh folder, which must be empty afterwards.
# Usage: scratch_main_test.sh PROGRAM FILTER
set -u
dir=$(mktemp -d) || exit 1
TMPDIR="$dir" "$1" --gtest_filter="$2" > "$dir.log" 2>&1
status=$?
left=$(ls -A "$dir")
if [ "$status" -ne 0 ]; then
  echo "the tests failed (exit $status):"; cat "$dir.log"
elif [ -n "$left" ]; then
  echo "left behind in $dir:"; ls -lA "$dir"; status=1
elif ! grep -q "PASSED.* 2 tests" "$dir.log"; then
  echo "the filter did not select the two tests:"; cat "$dir.log"; status=1
fi
rm -rf "$dir" "$dir.log"
exit "$status"
