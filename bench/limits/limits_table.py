#!/usr/bin/env python3
"""Wall time of `--timeout T` (and `--memory-limit M`) on instances that need minutes, for every
engine and long-running command: the issue-6 target is `unknown` within T + 1 s of wall time.
Issue 14's rows: the limits from the first byte -- verify-proof on a CNF whose reading alone
outlasts the limit, on a FIFO with no writer, on a CNF naming variable 2*10^7; solve --proof on a
certificate of a 206 MB CNF; path targets of 10^3..10^5 edges (their canonical form and encoding
before the search). Each row is the median of N runs measured in this run, with the largest
resident set of the last run; the reason and exit code are checked too.
usage: bench/limits/limits_table.py [--carve build/cli/carve] [--timeout 2] [--memory 40] [--repeats 3]"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import threading
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
    huge = chain_refutation(folder, 10000000, 10)  # 150 MB of CNF: reading it takes longer than the limit
    fifo = os.path.join(folder, "silent.fifo")
    os.mkfifo(fifo)
    sparse = (os.path.join(folder, "sparse.cnf"), os.path.join(folder, "sparse.drat"))
    with open(sparse[0], "w") as f:
        f.write("p cnf 20000000 2\n20000000 0\n-20000000 0\n")
    with open(sparse[1], "w") as f:
        f.write("0\n")
    paths = {}
    for edges in (1000, 10000, 100000):
        paths[edges] = os.path.join(folder, f"path{edges}.case")
        with open(paths[edges], "w") as f:
            f.write(f'case "path of {edges} edges" {{\n  spec "{ROOT}/spec/binary_tree.carve";\n  profile simple;\n'
                    f'  target edges "{",".join(f"v{i}-v{i + 1}" for i in range(edges))}";\n  depth 4;\n  turns 3;\n}}\n')
    proof = os.path.join(folder, "proof")
    return [
        ("time", "explicit", "literal P3 k=4 d=4", explicit),
        ("time", "sat", "literal C4 k=5 d=7", f"{solve} --engine sat --target C4 --turns 5 --depth 7 --profile literal"),
        ("time", "smt", "literal C4 k=5 d=7", f"{solve} --engine smt --target C4 --turns 5 --depth 7 --profile literal"),
        ("time", "verify-proof", "chain 10^5 x 2*10^4", f"verify-proof --json {slow[0]} {slow[1]}"),
        ("time", "check", "literal P3 k=4 d=4 case", f"check --json {case}"),
        ("time", "claims", "sg(nimk(3, 4 heaps of 90))", f"claims --json {claim}"),
        ("time", "verify-proof", "chain 10^7: 150 MB to read", f"verify-proof --json {huge[0]} {huge[1]}"),
        ("time", "verify-proof", "a FIFO with no writer", f"verify-proof --json {fifo} {fifo}"),
        ("time", "sat --proof", "triangle triple_edge 6 vars k=4", f"solve --json cases/triangle/triple_edge_6vars_k4.case --engine sat --proof {proof}"),
        ("time", "explicit", "path target, 10^3 edges", f"solve --json {paths[1000]} --engine explicit"),
        ("time", "explicit", "path target, 10^4 edges", f"solve --json {paths[10000]} --engine explicit"),
        ("time", "explicit", "path target, 10^5 edges", f"solve --json {paths[100000]} --engine explicit"),
        ("time", "auto (sat)", "path target, 10^3 edges", f"solve --json {paths[1000]}"),
        ("time", "auto (sat)", "path target, 10^4 edges", f"solve --json {paths[10000]}"),
        ("memory", "explicit", "literal P3 k=4 d=4", explicit),
        ("memory", "sat", "simple P4 k=4 d=6", f"{solve} --engine sat --target P4 --turns 4 --depth 6 --profile simple"),
        ("memory", "smt", "simple P4 k=4 d=6", f"{solve} --engine smt --target P4 --turns 4 --depth 6 --profile simple"),
        ("memory", "verify-proof", "chain 2*10^6", f"verify-proof --json {wide[0]} {wide[1]}"),
        ("memory", "claims", "sg(nimk(3, 4 heaps of 90))", f"claims --json {claim}"),
        ("memory", "verify-proof", "chain 10^7: 150 MB to read", f"verify-proof --json {huge[0]} {huge[1]}"),
        ("memory", "verify-proof", "60 bytes naming var 2*10^7", f"verify-proof --json {sparse[0]} {sparse[1]}"),
        ("memory", "sat --proof", "triangle triple_edge 6 vars k=4", f"solve --json cases/triangle/triple_edge_6vars_k4.case --engine sat --proof {proof}"),
    ]


def run_once(command):
    """(wall seconds, exit code, stdout, stderr, largest resident set in MB) of one run; the
    command starts with `exec`, so the shell's process is carve's and wait4 reports its rusage."""
    t0 = time.monotonic()
    p = subprocess.Popen(command, shell=True, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    texts = {}
    readers = [threading.Thread(target=lambda k, f: texts.__setitem__(k, f.read().decode(errors="replace")), args=(k, f))
               for k, f in (("out", p.stdout), ("err", p.stderr))]
    for r in readers:
        r.start()
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - t0 > KILL_AFTER:
            p.kill()
            os.wait4(p.pid, 0)
            for r in readers:
                r.join()
            raise subprocess.TimeoutExpired(command, KILL_AFTER)
        time.sleep(0.01)
    wall = time.monotonic() - t0
    for r in readers:
        r.join()
    p.returncode = os.waitstatus_to_exitcode(status)  # so Popen does not wait for it again
    return wall, p.returncode, texts["out"], texts["err"], usage.ru_maxrss / 1024


def measure(carve, args, limit, repeats):
    walls, last, peak = [], None, float("nan")
    for _ in range(repeats):
        try:
            wall, code, out, err, peak = run_once(f"exec {carve} {args} {limit}")
        except subprocess.TimeoutExpired:
            return KILL_AFTER, KILL_AFTER, "-", f"no answer: killed by this script after {KILL_AFTER} s", float("nan")
        walls.append(wall)
        last = subprocess.CompletedProcess(args, code, out, err)
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
    return statistics.median(walls), max(walls), last.returncode, reason, peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--timeout", type=float, default=2)
    ap.add_argument("--memory", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    carve = os.path.abspath(a.carve)
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'limit':<21} {'engine/command':<14} {'instance':<32} {'wall median':>11} {'max':>7} {'peak MB':>8}  exit  answer")
        for kind, name, instance, args in rows(folder):
            if kind == "time":
                limit = f"--timeout {a.timeout:g}"
                label = limit
            else:
                label = f"--memory-limit {a.memory}"
                limit = f"{label} --timeout 120"
            med, mx, code, reason, peak = measure(carve, args, limit, a.repeats)
            print(f"{label:<21} {name:<14} {instance:<32} {med:9.2f} s {mx:5.2f} s {peak:8.0f}  {code!s:>4}  {reason[:70]}")


if __name__ == "__main__":
    main()
