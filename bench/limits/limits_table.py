#!/usr/bin/env python3
"""Wall time of `--timeout T` (and `--memory-limit M`) on instances that need minutes, for every
engine and long-running command: the issue-6 target is `unknown` within T + 1 s of wall time.
Each row is the median of N runs measured in this run; the reason and exit code are checked too.
usage: bench/limits/limits_table.py [--carve build/cli/carve] [--timeout 2] [--memory 40] [--repeats 3]"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

KILL_AFTER = 60  # a run still going after this has ignored its limit: the row says so
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def chain_refutation(folder, n, m):
    """A DRAT refutation checked in n * m propagations (tests/cli/limits_test.cpp explains it)."""
    cnf, proof = os.path.join(folder, f"chain{n}.cnf"), os.path.join(folder, f"chain{n}.drat")
    with open(cnf, "w") as f:
        f.write(f"p cnf {n + 1 + m} {(n - 1) + m + 3}\n")
        f.writelines(f"{-i} {i + 1} 0\n" for i in range(1, n))
        f.writelines(f"{-(n + 1 + j)} 1 0\n" for j in range(1, m + 1))
        f.write(" ".join(str(n + 1 + j) for j in range(1, m + 1)) + " 0\n")
        f.write(f"{-n} {n + 1} 0\n{-n} {-(n + 1)} 0\n")
    with open(proof, "w") as f:
        f.writelines(f"{-(n + 1 + j)} {n} 0\n" for j in range(1, m + 1))
        f.write(f"{-n} 0\n0\n")
    return cnf, proof


def rows(folder):
    """(limit kind, engine or command, instance, arguments): each instance needs minutes or more."""
    solve = "solve spec/binary_tree.carve --json"
    explicit = f"{solve} --engine explicit --target P3 --turns 4 --depth 4 --profile literal"
    slow = chain_refutation(folder, 100000, 20000)
    wide = chain_refutation(folder, 2000000, 10)
    claim = os.path.join(folder, "slow_claim.carve")
    with open(claim, "w") as f:
        f.write('spec t;\nclaim "one call" expect holds { sg(nimk(3, [90, 90, 90, 90])) == 0 }\n')
    case = os.path.join(folder, "slow.case")
    with open(case, "w") as f:
        f.write(f'case "slow" {{\n  spec "{ROOT}/spec/binary_tree.carve";\n  profile literal;\n  engine explicit;\n'
                "  target P3;\n  depth 4;\n  turns 4;\n  expect no-win;\n}\n")
    return [
        ("time", "explicit", "literal P3 k=4 d=4", explicit),
        ("time", "sat", "literal C4 k=5 d=7", f"{solve} --engine sat --target C4 --turns 5 --depth 7 --profile literal"),
        ("time", "smt", "literal C4 k=5 d=7", f"{solve} --engine smt --target C4 --turns 5 --depth 7 --profile literal"),
        ("time", "verify-proof", "chain 10^5 x 2*10^4", f"verify-proof --json {slow[0]} {slow[1]}"),
        ("time", "check", "literal P3 k=4 d=4 case", f"check --json {case}"),
        ("time", "claims", "sg(nimk(3, 4 heaps of 90))", f"claims --json {claim}"),
        ("memory", "explicit", "literal P3 k=4 d=4", explicit),
        ("memory", "sat", "simple P4 k=4 d=6", f"{solve} --engine sat --target P4 --turns 4 --depth 6 --profile simple"),
        ("memory", "smt", "simple P4 k=4 d=6", f"{solve} --engine smt --target P4 --turns 4 --depth 6 --profile simple"),
        ("memory", "verify-proof", "chain 2*10^6", f"verify-proof --json {wide[0]} {wide[1]}"),
        ("memory", "claims", "sg(nimk(3, 4 heaps of 90))", f"claims --json {claim}"),
    ]


def measure(carve, args, limit, repeats):
    walls, last = [], None
    for _ in range(repeats):
        t0 = time.monotonic()
        try:
            p = subprocess.run(f"exec {carve} {args} {limit}", shell=True, cwd=ROOT, capture_output=True, text=True,
                               timeout=KILL_AFTER)
        except subprocess.TimeoutExpired:
            return KILL_AFTER, KILL_AFTER, "-", f"no answer: killed by this script after {KILL_AFTER} s"
        walls.append(time.monotonic() - t0)
        last = p
    reason = "?"
    try:
        j = json.loads(last.stdout)
        if j.get("command") == "claims":  # one row per claim
            j = j["claims"][0]
            reason = f"{j.get('verdict')}: {j.get('note')}"
        elif j.get("command") == "check":
            reason = j["cases"][0]["actual"]
        else:
            reason = f"{j.get('verdict')}: {j.get('reason')}"
    except (ValueError, KeyError, IndexError):
        reason = (last.stdout + last.stderr).strip().splitlines()[-1][:60] if (last.stdout + last.stderr).strip() else "?"
    return statistics.median(walls), max(walls), last.returncode, reason


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--timeout", type=float, default=2)
    ap.add_argument("--memory", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    carve = os.path.abspath(a.carve)
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'limit':<21} {'engine/command':<14} {'instance':<28} {'wall median':>11} {'max':>7}  exit  answer")
        for kind, name, instance, args in rows(folder):
            if kind == "time":
                limit = f"--timeout {a.timeout:g}"
                label = limit
            else:
                label = f"--memory-limit {a.memory}"
                limit = f"{label} --timeout 120"
            med, mx, code, reason = measure(carve, args, limit, a.repeats)
            print(f"{label:<21} {name:<14} {instance:<28} {med:9.2f} s {mx:5.2f} s  {code!s:>4}  {reason}")


if __name__ == "__main__":
    main()
