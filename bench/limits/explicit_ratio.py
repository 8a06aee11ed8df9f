#!/usr/bin/env python3
"""Explicit search with two carve builds on the same instances, runs interleaved (A, B, A, B, ...):
the median CPU seconds of each and the ratio B / A. Used to check that a change to the reference
semantics (e.g. the wide edge sets of rules/model/edge_set.hpp) does not slow the search down at the
depths it handles; both builds must give the same verdict and turns (else the row says DIFFER).
usage: bench/limits/explicit_ratio.py --before OLD/carve --after build/cli/carve [--repeats 5]"""
import argparse
import json
import os
import resource
import statistics
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# (profile, target, turns, depth): each takes 0.5-2 CPU seconds of explicit search.
INSTANCES = [
    ("simple", "C4", 3, 4),
    ("trail", "P4", 3, 4),
    ("trail", "C4", 3, 4),
    ("cycle", "C4", 3, 4),
    ("literal", "P3", 1, 5),
    ("literal", "P4", 1, 5),
]


def run(carve, profile, target, turns, depth):
    args = [carve, "solve", "spec/binary_tree.carve", "--engine", "explicit", "--profile", profile, "--target", target,
            "--turns", str(turns), "--depth", str(depth), "--json", "--timeout", "120"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    j = json.loads(out.stdout)
    return cpu, (j["verdict"], j["turns"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(f"{'profile':<8} {'target':<6} {'k':>2} {'D':>2} {'verdict':<12} {'before':>8} {'after':>8} {'after/before':>12}")
    ratios = []
    for inst in INSTANCES:
        times = {"before": [], "after": []}
        answers = set()
        for _ in range(a.repeats):
            for name, carve in (("before", a.before), ("after", a.after)):
                cpu, answer = run(os.path.abspath(carve), *inst)
                times[name].append(cpu)
                answers.add(answer)
        b, f = statistics.median(times["before"]), statistics.median(times["after"])
        ratios.append(f / b)
        verdict = "DIFFER" if len(answers) != 1 else f"{answers.pop()[0]}"
        print(f"{inst[0]:<8} {inst[1]:<6} {inst[2]:>2} {inst[3]:>2} {verdict:<12} {b:8.3f} {f:8.3f} {f / b:12.3f}")
    print(f"geometric mean of after/before: {statistics.geometric_mean(ratios):.3f}")


if __name__ == "__main__":
    main()
