#!/bin/sh
# bench/certify/ledger_run.sh NAME CARVE SOLVE-ARGUMENTS...
# A certificate by parts that outlasts one session: runs `CARVE solve SOLVE-ARGUMENTS --part-ledger
# bench/certify/ledger/NAME` (SOLVE-ARGUMENTS with --proof FILE --proof-parts) and, while it runs,
# commits each ledger record to the repository as carve writes it (only that folder: nothing else
# staged is committed), so that the next run -- in this session or another, on this machine or
# another -- takes those parts from the ledger instead of making them again. The command line is
# kept in the ledger folder (command.txt). Ends with carve's exit code.
# Example (issue 37, goal 1; docs/infinite-tree.md "Certificate by parts"):
#   bench/certify/ledger_run.sh c5-lenient-4 build-cc/cli/carve spec/binary_tree.carve --profile lenient \
#     --target C5 --turns 4 --depth any --proof /work/runs/c5l/c5 --proof-parts --timeout 9000 --memory-limit 12000
set -u
[ $# -ge 3 ] || { echo "usage: $0 NAME CARVE SOLVE-ARGUMENTS..." >&2; exit 2; }
name=$1; carve=$2; shift 2
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || exit 2
ledger=bench/certify/ledger/$name
mkdir -p "$repo/$ledger"
printf '%s solve %s --part-ledger %s\n' "$(basename "$carve")" "$*" "$ledger" > "$repo/$ledger/command.txt"

commit_ledger() {
  changes=$(git -C "$repo" status --porcelain --untracked-files=all -- "$ledger")
  [ -n "$changes" ] || return 0
  parts=$(printf '%s\n' "$changes" | sed -n 's/.*\(part-[0-9]*\)\.json$/\1/p' | tr '\n' ' ' | sed 's/ $//')
  for try in 1 2 3 4 5; do  # another git command holding the index: wait and try again
    if git -C "$repo" add -- "$ledger" && git -C "$repo" commit -q -m "ledger $name: ${parts:-command} recorded" -- "$ledger"; then
      echo "ledger_run: committed $ledger: ${parts:-command.txt}" >&2
      return 0
    fi
    sleep 5
  done
  echo "ledger_run: could not commit $ledger (tried 5 times)" >&2
}

"$carve" solve "$@" --part-ledger "$repo/$ledger" &
pid=$!
trap 'kill $pid 2>/dev/null' INT TERM
while kill -0 $pid 2>/dev/null; do
  commit_ledger
  sleep 30
done
wait $pid
rc=$?
commit_ledger
exit $rc
