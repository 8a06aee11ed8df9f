#!/usr/bin/env python3
"""Pins the `expect` line of reachability cases from the engines, cross-checked.

For each case file: runs `carve solve CASE --json` with and without the transposition table
(two independent routes through the state space: with and without nauty canonical forms),
requires both to agree on verdict and shortest number of turns, and then rewrites the case's
`expect ...;` line (every win has already been replayed through the reference semantics by
`solve`). A disagreement or an `unknown` leaves the file untouched and is reported.

usage: tools/pin_expectations.py [--carve build/cli/carve] [--timeout S] CASE...
"""
import argparse, json, re, subprocess, sys

def solve(carve, case, extra, timeout):
    out = subprocess.run([carve, "solve", case, "--json", "--timeout", str(timeout)] + extra,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{case}: exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("cases", nargs="+")
    a = ap.parse_args()
    bad = 0
    for case in a.cases:
        try:
            r1 = solve(a.carve, case, [], a.timeout)
            r2 = solve(a.carve, case, ["--no-table"], a.timeout)
        except RuntimeError as e:
            print(e); bad += 1; continue
        key1, key2 = (r1["verdict"], r1["turns"]), (r2["verdict"], r2["turns"])
        if "unknown" in (r1["verdict"], r2["verdict"]) or key1 != key2:
            print(f"{case}: NOT PINNED: with table {key1}, without {key2}")
            bad += 1
            continue
        expect = f"expect win in {r1['turns']};" if r1["verdict"] == "win" else "expect no-win;"
        text = open(case, encoding="utf-8").read()
        new = re.sub(r"expect [^;]*;", expect, text, count=1)
        open(case, "w", encoding="utf-8").write(new)
        print(f"{case}: {expect} ({r1['seconds']:.2f} s / {r2['seconds']:.2f} s without table)")
    sys.exit(1 if bad else 0)

main()
