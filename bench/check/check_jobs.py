#!/usr/bin/env python3
"""carve check -j 1 against -j N over the case corpus: wall time (median over repeats, runs alternated
so both see the same machine load) and whether both runs give the same verdict for every case.

Usage: check_jobs.py [--carve PATH] [--cases DIR] [--jobs N] [--repeats R]
"""
import argparse, json, os, statistics, subprocess, sys, time

def run(carve, cases, jobs):
    start = time.monotonic()
    out = subprocess.run([carve, "check", cases, "-j", str(jobs), "--json"],
                         capture_output=True, text=True)
    wall = time.monotonic() - start
    if out.returncode not in (0, 1):
        sys.exit(f"carve check -j {jobs} ended with exit {out.returncode}:\n{out.stderr[-2000:]}")
    report = json.loads(out.stdout)
    verdicts = [(c["case"], c["outcome"], c["actual"]) for c in report["cases"]]
    return wall, verdicts

def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--carve", default=os.path.join(root, "build/cli/carve"))
    ap.add_argument("--cases", default=os.path.join(root, "cases"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    walls = {1: [], a.jobs: []}
    reference = None
    for r in range(a.repeats):
        for jobs in (1, a.jobs):
            wall, verdicts = run(a.carve, a.cases, jobs)
            walls[jobs].append(wall)
            if reference is None:
                reference = verdicts
            elif verdicts != reference:
                sys.exit(f"verdicts differ between runs (repeat {r + 1}, -j {jobs})")
            print(f"repeat {r + 1}: -j {jobs}: {wall:.1f} s", file=sys.stderr)
    m1, mj = statistics.median(walls[1]), statistics.median(walls[a.jobs])
    print(f"cases {len(reference)}, verdicts identical in all {2 * a.repeats} runs")
    print(f"-j 1 median {m1:.1f} s, -j {a.jobs} median {mj:.1f} s, ratio {mj / m1:.2f} "
          f"(load average at the end {os.getloadavg()[0]:.2f})")

if __name__ == "__main__":
    main()
