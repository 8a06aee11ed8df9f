#!/usr/bin/env python3
"""Issue 13's limits table: --timeout 10 and --memory-limit 500 on two questions no engine answers
within seconds -- the 54-vertex 001 variant (bench/limits/triangle_offdiagonal.carve, --vars 3:
1458 inherent edges) and 000 at depth 12 with 8 turns (target C4) -- for every engine (explicit,
sat, smt) and for `carve export`. Each run's wall time and peak resident set (getrusage of the
child, via os.wait4) are recorded with its exit code and answer; a row gives the medians over
--repeats runs (3 by default) and is checked on the worst of them. The targets: every run ends
within 11 s (timeout 10 s) and under 600 MB (memory limit 500 MB), with exit code 0.

Limits per row: `both` = --timeout 10 --memory-limit 500 (both targets apply); `timeout` =
--timeout 10 alone (the machine's default memory ceiling; only the 11 s target applies);
`memory` = --memory-limit 500 with a 120 s guard (only the 600 MB target applies).
usage: bench/limits/encoding_limits_table.py [--carve build/cli/carve] [--repeats 3] [--limits both,timeout,memory]"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KILL_AFTER = 180  # a run still going after this has ignored its limit: the row says so
QUESTIONS = [
    ("001 off-diagonal, 54 vertices, k=4", "bench/limits/triangle_offdiagonal.carve --vars 3 --target {a,b,c} --turns 4"),
    ("000 depth 12, C4, k=8", "spec/binary_tree.carve --depth 12 --target C4 --turns 8"),
]
COMMANDS = [("explicit", "solve --engine explicit"), ("sat", "solve --engine sat"), ("smt", "solve --engine smt"),
            ("export", "export --dimacs {tmp}/f.cnf")]
LIMITS = {"both": "--timeout 10 --memory-limit 500", "timeout": "--timeout 10", "memory": "--memory-limit 500 --timeout 120"}


def run_once(carve, args):
    """(wall seconds, peak RSS MB, exit code, stdout, stderr) of one run."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen([carve] + shlex.split(args), cwd=ROOT, stdout=out, stderr=err)
        deadline = t0 + KILL_AFTER
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        wall = time.monotonic() - t0
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        return wall, usage.ru_maxrss / 1024, code, out.read(), err.read()


def answer(stdout, stderr):
    try:
        j = json.loads(stdout)
        if j.get("command") == "export" and j.get("verdict") is None:
            return f"formula written ({j.get('clauses')} clauses)"
        return f"{j.get('verdict')}: {j.get('reason')}"
    except ValueError:
        text = (stdout + stderr).strip().splitlines()
        return text[-1][:100] if text else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--limits", default="both")
    a = ap.parse_args()
    carve = os.path.abspath(a.carve)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'question':<36} {'command':<8} {'limits':<8} {'wall s':>7} {'peak MB':>8} exit target  answer")
        for qname, question in QUESTIONS:
            for cname, command in COMMANDS:
                for lname in a.limits.split(","):
                    args = f"{command.format(tmp=tmp)} {question} {LIMITS[lname]} --json"
                    runs = [run_once(carve, args) for _ in range(a.repeats)]
                    wall = statistics.median(r[0] for r in runs)
                    peak = statistics.median(r[1] for r in runs)
                    code = runs[-1][2]
                    ok = all(r[2] == 0 for r in runs)
                    if lname in ("both", "timeout"):
                        ok = ok and max(r[0] for r in runs) <= 11
                    if lname in ("both", "memory"):
                        ok = ok and max(r[1] for r in runs) <= 600
                    bad += not ok
                    print(f"{qname:<36} {cname:<8} {lname:<8} {wall:7.2f} {peak:8.0f} {code:>4} {'met' if ok else 'MISSED':<7} "
                          f"{answer(runs[-1][3], runs[-1][4])}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
