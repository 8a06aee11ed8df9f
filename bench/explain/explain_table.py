#!/usr/bin/env python3
"""carve explain against carve solve on every no-win case of the corpus (`expect no-win;`).

For each case, `carve solve CASE` and `carve explain CASE` (its core by deletion, each member's
counterfactuals, the core game's DRAT proof made and checked) run --repeats times each, in
alternation, in this run; a case's time is the median wall time of its runs (process start
included), and its ratio explain / solve. A case explain did not finish within --timeout (a
member undecided, the core game unknown) is listed and left out of the median ratio. The table gives per case the core found, the trials
explain ran, both medians and the ratio, and the median ratio over the cases.
usage: bench/explain/explain_table.py [--carve build-cc/cli/carve] [--repeats 3] [--timeout 600]"""
import argparse
import json
import os
import statistics
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def no_win_cases():
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, "cases")):
        for f in files:
            if f.endswith(".case"):
                p = os.path.join(d, f)
                with open(p, encoding="utf-8") as fh:
                    if "expect no-win;" in fh.read():
                        out.append(os.path.relpath(p, ROOT))
    return sorted(out)


def run(args):
    t0 = time.monotonic()
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    return time.monotonic() - t0, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build-cc", "cli", "carve"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    rows, ratios = [], []
    for case in no_win_cases():
        solve_t, explain_t, core, trials, proof, note = [], [], "", 0, "", ""
        for _ in range(a.repeats):
            t, p = run([a.carve, "solve", case, "--json", "--timeout", str(a.timeout)])
            if p.returncode != 0:
                note = f"solve exit {p.returncode}"
            solve_t.append(t)
            t, p = run([a.carve, "explain", case, "--json", "--timeout", str(a.timeout)])
            explain_t.append(t)
            if p.returncode != 0:
                note = f"explain exit {p.returncode}: " + (p.stderr.strip().splitlines() or [""])[-1][:80]
                continue
            j = json.loads(p.stdout)
            core = ", ".join(m["definition"]["number"] for m in j["core"]) or "(empty)"
            trials = j["trials"]
            proof = j["proof"]["status"] if j.get("proof") else "none"
            if j["status"] != "core" or not j["minimal"] or (j.get("core_game") or {}).get("verdict") != "no-win":
                note = f"cut by --timeout {a.timeout}: not minimal or undecided"
        s, e = statistics.median(solve_t), statistics.median(explain_t)
        ratio = e / s if s > 0 else float("nan")
        if not note:
            ratios.append(ratio)
        rows.append((case, core, trials, proof, s, e, ratio, note))
        print(f"{case}: solve {s:.2f} s, explain {e:.2f} s, x{ratio:.1f} {note}", flush=True)
    print()
    print("| case | core | trials | proof | solve s | explain s | explain / solve |")
    print("|---|---|---|---|---|---|---|")
    for case, core, trials, proof, s, e, ratio, note in rows:
        print(f"| {case} | {core} | {trials} | {proof} | {s:.2f} | {e:.2f} | {ratio:.1f}{' ' + note if note else ''} |")
    if ratios:
        print(f"\nmedian ratio explain / solve over {len(ratios)} cases: {statistics.median(ratios):.1f}")


if __name__ == "__main__":
    main()
