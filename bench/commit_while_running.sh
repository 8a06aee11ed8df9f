#!/bin/sh
# bench/commit_while_running.sh [--every SECONDS] NAME PATH... -- COMMAND...
# Runs COMMAND (from the top of the repository, as the PATHs are named) and, while it runs and once it has ended, commits the repository paths PATH... (and
# nothing else staged) whenever they changed, so a sweep that outlives a session -- an atlas's store,
# a benchmark's runs.jsonl -- leaves its records in the repository as they are made, and the next
# session resumes from them instead of starting over. Each commit says how many lines each changed
# file gained ("NAME: results.jsonl +3, witnesses/ 3 new (committed while running)"). A commit
# that finds the index held by another git command waits and tries again (5 times), then leaves the
# change for the next round. Ends with COMMAND's exit code; SIGINT / SIGTERM are passed on to it.
# Examples (issue 37):
#   bench/commit_while_running.sh atlases/000-n6-d4 atlases/000-n6-d4/results.jsonl atlases/000-n6-d4/witnesses \
#     -- build-cc/cli/carve atlas run atlases/000-n6-d4 --jobs 2
#   bench/commit_while_running.sh bench/certify/eight bench/certify/eight/runs.jsonl \
#     -- python3 bench/certify/hard_eight.py measure --work W --modes file,memory --repeats 3
set -u
every=600
if [ "${1:-}" = "--every" ]; then
  every=${2:-}; shift 2
  case $every in ''|*[!0-9]*) echo "$0: --every takes whole seconds, not '$every'" >&2; exit 2 ;; esac
fi
[ $# -ge 4 ] || { echo "usage: $0 [--every SECONDS] NAME PATH... -- COMMAND..." >&2; exit 2; }
name=$1; shift
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || exit 2
paths=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  [ -e "$repo/$1" ] || { echo "$0: $1: no such file or folder under $repo (PATHs and COMMAND are taken from the top of the repository)" >&2; exit 2; }
  paths="$paths $1"; shift
done
[ "${1:-}" = "--" ] && [ $# -ge 2 ] || { echo "$0: no COMMAND after --" >&2; exit 2; }
shift

# What changed, in words: lines gained by each tracked file, new files by folder.
summary() {
  # shellcheck disable=SC2086
  lines=$(git -C "$repo" diff --numstat -- $paths | awk '{n=split($3,p,"/"); printf "%s%s +%d", sep, p[n], $1; sep=", "}')
  # shellcheck disable=SC2086
  new=$(git -C "$repo" ls-files --others --exclude-standard -- $paths | awk -F/ '{NF--; d=$NF; c[d]++} END {for (d in c) printf "%s/ %d new\n", d, c[d]}' | paste -sd, -)
  printf '%s%s%s' "$lines" "${lines:+${new:+, }}" "$new"
}

commit_paths() {
  # shellcheck disable=SC2086
  [ -n "$(git -C "$repo" status --porcelain --untracked-files=all -- $paths)" ] || return 0
  what=$(summary)
  for try in 1 2 3 4 5; do
    # shellcheck disable=SC2086
    if git -C "$repo" add -- $paths && git -C "$repo" commit -q -m "$name: $what (committed while running)" -- $paths; then
      echo "commit_while_running: $name: $what" >&2
      return 0
    fi
    sleep 5
  done
  echo "commit_while_running: could not commit $name (tried 5 times); the next round tries again" >&2
}

cd "$repo" || exit 2
"$@" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null' INT TERM
waited=0
while kill -0 $pid 2>/dev/null; do
  sleep 5
  waited=$((waited + 5))
  if [ $waited -ge "$every" ]; then commit_paths; waited=0; fi
done
wait $pid
rc=$?
commit_paths
exit $rc
