#!/usr/bin/env bash
# Every certificate of the corpus checked by a checker no one has to trust: for each case that says
# `certify drat;`, carve writes its CNF and DRAT proof (`solve --proof`), its own checker turns the
# accepted proof into LRAT (`verify-proof --lrat`), and ACL2's formally verified LRAT checker (the
# community books' projects/sat/lrat/stobj-based, Debian's acl2-books) must print `s VERIFIED`.
# Its CNF reader takes no comment lines, so the CNF is given to it without them (the same clauses).
# Opt-in (ctest -L verified): needs tools/debian-packages-verified.txt.
# usage: tools/check_lrat_with_acl2.sh CARVE_BINARY [OUT_DIR]   exit 0 ok, 1 failed, 77 no ACL2
set -euo pipefail
carve=$(realpath "${1:?usage: check_lrat_with_acl2.sh CARVE_BINARY [OUT_DIR]}")
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v acl2 >/dev/null || [ ! -e /usr/share/acl2-8.5dfsg/books/projects/sat/lrat/stobj-based/run.cert ]; then
  echo "SKIP: ACL2's LRAT checker is not installed (tools/install-deps.sh tools/debian-packages-verified.txt)"
  exit 77
fi
out=$(realpath -m "${2:-$(mktemp -d)}")
mkdir -p "$out"
cd "$root"
# The LRAT of BASE.cnf and BASE.drat, written by carve's checker, through ACL2's; LABEL names it.
check_lrat() {
  local base=$1 label=$2 verdict
  "$carve" verify-proof "$base.cnf" "$base.drat" --lrat "$base.lrat" >/dev/null
  grep -v '^c' "$base.cnf" >"$base.plain.cnf"
  printf '(include-book "projects/sat/lrat/stobj-based/run" :dir :system)\n(lrat::lrat-check "%s" "%s")\n' \
    "$base.plain.cnf" "$base.lrat" >"$base.lsp"
  verdict=$(acl2 <"$base.lsp" 2>&1 | grep -E "^s (VERIFIED|FAILED)|HARD ACL2 ERROR" | head -1 || true)
  if [ "$verdict" = "s VERIFIED" ]; then
    echo "ok   $label ($(stat -c %s "$base.lrat") bytes of LRAT)"
  else
    echo "FAIL $label: ACL2's checker says: ${verdict:-nothing}"
    return 1
  fi
}
failed=0 checked=0
for case in $(grep -l "certify drat;" -r cases --include=*.case | sort); do
  name=$(echo "${case%.case}" | tr / _)
  base="$out/$name"
  "$carve" solve "$case" --proof "$base" >/dev/null
  if [ ! -f "$base.drat" ]; then echo "FAIL $case: no proof written"; failed=1; continue; fi
  checked=$((checked + 1))
  check_lrat "$base" "$case" || failed=1
done
[ "$checked" -gt 0 ] || { echo "FAIL: no case says certify drat"; exit 1; }
# An infinite-tree certificate by parts (the shape engine's: K3 within 2 turns at any depth, trail
# paths, 5 parts whose cubes cover every assignment): every part through the same checkers.
"$carve" solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail \
  --proof "$out/k3_any" --proof-parts >/dev/null
parts=0
for cnf in "$out"/k3_any.part-*.cnf; do
  [ -e "$cnf" ] || break
  if ! check_lrat "${cnf%.cnf}" "$cnf (infinite tree)"; then failed=1; fi
  parts=$((parts + 1))
done
[ "$parts" -gt 0 ] || { echo "FAIL: the infinite-tree certificate has no parts"; failed=1; }
echo "$checked certificates of the corpus and $parts parts of an infinite-tree certificate checked by ACL2's verified LRAT checker"
exit $failed
